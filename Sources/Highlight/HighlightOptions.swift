/// Settings for HTML rendering.
public struct HighlightOptions: Sendable {
    /// Identifiers to tag: an identifier token whose text is in this set gets
    /// `data-callback="NAME"`, so a page can light up the handler of a lifecycle
    /// callback (`applicationWillResignActive`, `onPause`) in the code sample.
    public var taggedIdentifiers: Set<String> = []

    public init(taggedIdentifiers: Set<String> = []) {
        self.taggedIdentifiers = taggedIdentifiers
    }
}
