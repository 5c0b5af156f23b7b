import Diagnostics

/// What `HTMLRenderer` produces: the HTML and the headings it contains, so the
/// caller can build a table of contents.
public struct RenderedMarkdown: Hashable, Sendable {
    /// The HTML as UTF-8 bytes, as the renderer wrote them.
    public var utf8: [UInt8]
    /// Every heading in document order, with the id used in the HTML.
    public var headings: [Heading]
    /// Every top-level block in document order and the bytes of `utf8` it wrote (a `<div lang>`
    /// around blocks in another language opens in the first one's and closes in the next block's):
    /// a caller can regroup the blocks, as a tutorial's steps do.
    public var blocks: [Block]

    public init(utf8: [UInt8], headings: [Heading], blocks: [Block] = []) {
        self.utf8 = utf8
        self.headings = headings
        self.blocks = blocks
    }

    /// The HTML as a string: its bytes checked as UTF-8 again (the site keeps the bytes).
    public var html: String { String(decoding: utf8, as: UTF8.self) }

    /// A top-level node of the document and its output's UTF-8 byte range in `utf8`.
    public struct Block: Hashable, Sendable {
        public var node: Int
        public var utf8Range: Range<Int>

        public init(node: Int, utf8Range: Range<Int>) {
            self.node = node
            self.utf8Range = utf8Range
        }
    }

    /// The HTML a block wrote, as a slice of `html`; empty if the range were not on scalar boundaries.
    public func html(of block: Block) -> Substring {
        let html = html
        let utf8 = html.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: block.utf8Range.lowerBound)
        let end = utf8.index(start, offsetBy: block.utf8Range.count)
        guard let from = String.Index(start, within: html), let to = String.Index(end, within: html) else { return "" }
        return html[from..<to]
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
    /// `text` by language, when a `[…]{lang=…}` is inside; empty otherwise.
    public var languageRuns: [LanguageRun]

    public init(level: Int, id: String, text: String, location: SourceLocation, languageRuns: [LanguageRun] = []) {
        self.level = level
        self.id = id
        self.text = text
        self.location = location
        self.languageRuns = languageRuns
    }
}
