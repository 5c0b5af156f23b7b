import Diagnostics

/// A parsed Markdown file as a flat array of nodes; `nodes[0]` is the root.
///
/// Nodes refer to each other by index, so however deeply the Markdown nests
/// (10,000 block quotes), no Swift value nests: building, walking, rendering
/// and freeing never recurse. Callers may edit `nodes` (e.g. drop a node from
/// its parent's `children`); everything here follows `children`.
public struct MarkdownDocument: Equatable, Sendable {
    public static let rootIndex = 0

    /// The path given to `parse`: the file of every node's position.
    public var file: String
    /// All nodes in document order; `nodes[0]` is the document.
    public var nodes: [MarkdownNode]
    /// The lines of the text parsed, where a node's byte column becomes the column a reader sees.
    public let lines: LineIndex
    /// The `]{lang=…}` marks that could not be read or close no `[` (`LanguageSpans`).
    var languageSpanProblems: [LanguageSpans.Problem] = []
    /// Where the text held a NUL character (the first of each line): it is shown as U+FFFD.
    public internal(set) var nulPlaces: [SourcePosition] = []

    public init(file: String, nodes: [MarkdownNode], lines: LineIndex) {
        self.file = file
        self.nodes = nodes
        self.lines = lines
    }

    /// An error for each `]{lang=…}` that could not be read or closes no `[`: its words would show
    /// the mark as text, in the page's language.
    public func languageSpanErrors() -> [Diagnostic] {
        languageSpanProblems.map { .error(at: location(of: $0.position), $0.message, suggestion: $0.suggestion) }
    }

    /// Size of the source in UTF-8 bytes, used to size the rendered output.
    public var sourceByteCount: Int { lines.text.utf8.count }

    /// Parses CommonMark plus GitHub's extensions (tables, strikethrough,
    /// autolinks, task lists, footnotes). Never fails: any text is Markdown.
    /// A leading byte-order mark is ignored; CRLF line endings are fine.
    /// Safe to call from many threads at once. The document keeps the index of
    /// the text's lines (`lines`).
    public static func parse(_ text: String, file: String) -> MarkdownDocument {
        CMarkParser.parse(text, file: file)
    }

    public var root: MarkdownNode { nodes[Self.rootIndex] }

    public subscript(index: Int) -> MarkdownNode { nodes[index] }

    public func children(of index: Int) -> [Int] { nodes[index].children }

    /// Pushes node `index`'s children onto a depth-first `stack`, last first (so the first pops
    /// first), read in place: `children.reversed()` retained and released the array.
    public func pushChildren(of index: Int, onto stack: inout [Int]) {
        var child = nodes[index].children.count
        while child > 0 {
            child -= 1
            stack.append(nodes[index].children[child])
        }
    }

    /// Where node `index` starts, in the document's file.
    public func start(of index: Int) -> SourceLocation { location(of: nodes[index].start) }

    /// Where node `index` ends (inclusive), in the document's file.
    public func end(of index: Int) -> SourceLocation { location(of: nodes[index].end) }

    /// A node's position as a location in the document's file, its column counted in Characters.
    public func location(of position: SourcePosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: lines.column(line: position.line, byteOffsetInLine: position.byteColumn - 1))
    }

    /// The inline text a reader sees in the node and its descendants: text
    /// and code-span literals, with line breaks as spaces. Raw HTML is markup,
    /// not text, and code blocks are not inline text: both are left out.
    /// Used for heading ids, the table of contents and image alt text.
    public func plainText(of index: Int) -> String {
        switch nodes[index].kind {
        case .text, .code: return nodes[index].literal
        case .softBreak, .lineBreak: return " "
        default: break
        }
        var out = ""
        // Depth-first, children read in place. The node being walked and where it is are kept
        // apart from the stack of those it is inside: a heading of text and code spans, as most
        // are, needs no stack, so none is allocated.
        var current = (node: index, next: 0)
        var outer: [(node: Int, next: Int)] = []
        while true {
            guard current.next < nodes[current.node].children.count else {
                guard let parent = outer.popLast() else { return out }
                current = parent
                continue
            }
            let child = nodes[current.node].children[current.next]
            current.next += 1
            switch nodes[child].kind {
            case .text, .code: out += nodes[child].literal
            case .softBreak, .lineBreak: out += " "
            default:
                if !nodes[child].children.isEmpty {
                    outer.append(current)
                    current = (child, 0)
                }
            }
        }
    }

    /// Whether an inline node sits inside a link (where no other link may be added).
    public func isInsideLink(_ index: Int) -> Bool {
        var current = nodes[index].parent
        while let parent = current, !nodes[parent].kind.isBlock {
            if case .link = nodes[parent].kind { return true }
            current = nodes[parent].parent
        }
        return false
    }
}
