import Encoding

/// Settings for HTML rendering.
public struct HighlightOptions: Sendable {
    /// Identifiers to tag: an identifier token whose text is in this set gets
    /// `data-callback="NAME"`, so a page can light up the handler of a lifecycle
    /// callback (`applicationWillResignActive`, `onPause`) in the code sample.
    public var taggedIdentifiers: Set<String> {
        didSet { taggedWords = WordSet(taggedIdentifiers) }
    }
    /// `taggedIdentifiers`, as the renderer looks its tokens up.
    private(set) var taggedWords: WordSet

    public init(taggedIdentifiers: Set<String> = []) {
        self.taggedIdentifiers = taggedIdentifiers
        taggedWords = WordSet(taggedIdentifiers)
    }
}
