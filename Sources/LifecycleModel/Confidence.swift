/// How sure the official documentation makes us of a transition
/// (labels of docs/lifecycle-spec.md §0).
public enum Confidence: String, Sendable, Hashable, CaseIterable {
    /// An official page states it.
    case doc
    /// Apple's archived App Programming Guide for iOS states it.
    case docArchived = "doc-archived"
    /// Follows from official wording, but no page says it in so many words.
    case inferred
    /// No official statement found; examples that lean on it get a warning.
    case unconfirmed
}
