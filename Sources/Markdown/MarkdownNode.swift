import Diagnostics

/// One node of a parsed document. Nodes live in `MarkdownDocument.nodes` and
/// point at each other by index, so no Swift value nests as deeply as the
/// Markdown does: building, rendering and freeing never recurse.
public struct MarkdownNode: Hashable, Sendable {
    public var kind: MarkdownNodeKind
    /// Index of the parent node; nil only for the document root.
    public var parent: Int?
    /// Indices of the children, in document order.
    public var children: [Int]
    /// Where the node starts and ends (both inclusive), as lines and byte columns;
    /// `MarkdownDocument.start(of:)` and `end(of:)` give them with columns that count
    /// characters (grapheme clusters), not bytes.
    ///
    /// Block nodes are exact. For inline nodes cmark-gfm 0.29 reports
    /// positions too, with known quirks: a code span starts at its content
    /// (after the backticks); on a paragraph's continuation lines the
    /// indentation cmark strips is not counted, so columns there can be too
    /// small; soft and hard line breaks have no position and take their
    /// parent's start.
    /// Positions only: the file is the document's once (`MarkdownDocument.start(of:)` gives a
    /// `SourceLocation`), so a node holds no string of it to retain at every copy.
    public var start: SourcePosition
    public var end: SourcePosition
    /// The text of `text`, `code`, `htmlInline`, `htmlBlock` and `codeBlock`
    /// nodes, verbatim; empty for every other kind.
    public var literal: String

    public init(
        kind: MarkdownNodeKind, parent: Int?, children: [Int] = [],
        start: SourcePosition, end: SourcePosition, literal: String = ""
    ) {
        self.kind = kind
        self.parent = parent
        self.children = children
        self.start = start
        self.end = end
        self.literal = literal
    }

    /// The level (1...6) of a heading; nil for every other kind.
    public var headingLevel: Int? {
        if case .heading(let level) = kind { level } else { nil }
    }
}

/// A 1-based line and 1-based byte column in the text the document parsed. The column a
/// reader sees (Characters, not bytes) is counted only when a diagnostic or a report asks for
/// it (`MarkdownDocument.location(of:)`): a page has thousands of nodes, and a few dozen of
/// their places are ever shown.
public struct SourcePosition: Hashable, Sendable {
    public var line: Int
    public var byteColumn: Int

    public init(line: Int, byteColumn: Int) {
        self.line = line
        self.byteColumn = byteColumn
    }
}

/// What a node is, with the fields that only that kind has.
public enum MarkdownNodeKind: Hashable, Sendable {
    // Blocks
    case document
    case blockQuote
    /// `start` is the first number of an ordered list (0 for bullet lists);
    /// in a tight list, items' paragraphs render without `<p>`.
    case list(ordered: Bool, start: Int, tight: Bool)
    case item(task: TaskState)
    /// `info` is the whole fence info string (empty for indented code).
    case codeBlock(info: String, fenced: Bool)
    case htmlBlock
    case paragraph
    case heading(level: Int)
    case thematicBreak
    case table(alignments: [TableAlignment])
    case tableRow(isHeader: Bool)
    case tableCell
    /// `number` is the footnote's number as shown (1, 2, ...);
    /// `referenceCount` is how many references point at it.
    case footnoteDefinition(number: Int, referenceCount: Int)

    // Inlines
    case text
    case softBreak
    case lineBreak
    case code
    case htmlInline
    case emphasis
    case strong
    case strikethrough
    case link(url: String, title: String)
    case image(url: String, title: String)
    /// `occurrence` is 1 for the first reference to a footnote, 2 for the next...
    case footnoteReference(number: Int, occurrence: Int)
    /// `[words]{lang=en}`: words in another language than the page's (`LanguageSpans`).
    case languageSpan(lang: String)

    /// A node type this module does not know (cmark's custom nodes never come
    /// from parsing); renderers show its children only.
    case other(String)

    public var isBlock: Bool {
        switch self {
        case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading,
            .thematicBreak, .table, .tableRow, .tableCell, .footnoteDefinition:
            return true
        case .text, .softBreak, .lineBreak, .code, .htmlInline, .emphasis, .strong, .strikethrough,
            .link, .image, .footnoteReference, .languageSpan, .other:
            return false
        }
    }
}

/// Whether a list item is a GFM task (`- [ ]` / `- [x]`).
public enum TaskState: Hashable, Sendable {
    case none
    case unchecked
    case checked
}

/// A table column's alignment from the delimiter row (`:--`, `:-:`, `--:`).
public enum TableAlignment: Hashable, Sendable {
    case none
    case left
    case center
    case right
}
