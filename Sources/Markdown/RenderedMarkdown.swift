import Diagnostics

/// What `HTMLRenderer` produces: the HTML and the headings it contains, so the
/// caller can build a table of contents.
public struct RenderedMarkdown: Hashable, Sendable {
    public var html: String
    /// Every heading in document order, with the id used in the HTML.
    public var headings: [Heading]

    public init(html: String, headings: [Heading]) {
        self.html = html
        self.headings = headings
    }
}

/// One rendered heading.
public struct Heading: Hashable, Sendable {
    public var level: Int
    /// The `id` attribute, unique on the page.
    public var id: String
    /// The heading's plain text.
    public var text: String
    public var location: SourceLocation

    public init(level: Int, id: String, text: String, location: SourceLocation) {
        self.level = level
        self.id = id
        self.text = text
        self.location = location
    }
}
