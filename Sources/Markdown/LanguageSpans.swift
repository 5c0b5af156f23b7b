import Diagnostics
import Encoding

/// `[words]{lang=en}`: inline text in another language than the page's, such as an official
/// English page title inside a Spanish sentence. Pandoc's bracketed span, with the one attribute
/// a page needs: the words render as `<span lang="en">`, so screen readers read them with an
/// English voice and translation tools know them. (Raw HTML, `<span lang>`, is never passed
/// through.)
///
/// cmark leaves such a span as text: `[`, the words (which may hold emphasis, code or a link),
/// `]{lang=en}`. The pass below finds the brackets among the text nodes of one parent and turns
/// what they hold into a `.languageSpan` node; the document's node array is rebuilt in document
/// order around it. A document without `]{` is never walked.
enum LanguageSpans {
    /// A closing `]{lang=…}` that cannot be read, or that no `[` before it in the same
    /// paragraph, heading, link or emphasis opens.
    struct Problem: Equatable, Sendable {
        var position: SourcePosition
        var message: String
        var suggestion: String?
    }

    /// Whether `text` may hold a span: it has `]{` (each `]` found with memchr).
    static func mayHold(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            var from = 0
            while let found = ByteSearch.firstIndex(of: UInt8(ascii: "]"), in: bytes, range: from..<bytes.count) {
                if found + 1 < bytes.count, bytes[found + 1] == UInt8(ascii: "{") { return true }
                from = found + 1
            }
            return false
        }
    }

    /// The nodes (children filled, in document order) with every span made a node, and what could
    /// not be read; the nodes unchanged when there is no span.
    static func apply(_ nodes: [MarkdownNode]) -> (nodes: [MarkdownNode], problems: [Problem]) {
        var parents: [Int] = []
        var seen: Set<Int> = []
        for index in nodes.indices where nodes[index].kind == .text {
            guard let parent = nodes[index].parent, !seen.contains(parent), mayHold(nodes[index].literal) else { continue }
            seen.insert(parent)
            parents.append(parent)
        }
        var items: [Int: [Item]] = [:]
        var problems: [Problem] = []
        for parent in parents {
            let found = spans(among: nodes[parent].children, of: nodes)
            problems += found.problems
            if !found.cuts.isEmpty { items[parent] = self.items(of: nodes[parent].children, cutAt: found.cuts, nodes) }
        }
        return (items.isEmpty ? nodes : rebuild(nodes, items: items), problems)
    }

    // MARK: - Finding the brackets

    /// A place in a parent's children: the child's position, a byte offset in its literal, and
    /// how many bytes the mark there takes (`[` or `]{lang=en}`).
    private struct Cut: Comparable {
        var child: Int
        var offset: Int
        var length: Int
        /// The span's language at its opening; nil at its closing.
        var lang: String?
        /// Where the span ends (its `}`), at its opening.
        var end: SourcePosition?

        static func < (a: Cut, b: Cut) -> Bool { (a.child, a.offset) < (b.child, b.offset) }
    }

    /// The openings and closings of the spans among `children` (text nodes only: a bracket in a
    /// code span is code), and the closings that cannot be read or have no opening.
    private static func spans(among children: [Int], of nodes: [MarkdownNode]) -> (cuts: [Cut], problems: [Problem]) {
        var cuts: [Cut] = []
        var problems: [Problem] = []
        var open: [(child: Int, offset: Int)] = []
        for (position, child) in children.enumerated() where nodes[child].kind == .text {
            let bytes = Array(nodes[child].literal.utf8)
            let start = nodes[child].start
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                if bytes[index] == UInt8(ascii: "[") {
                    open.append((position, index))
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { continue }
                let opening = open.popLast()
                switch closing(bytes, at: index) {
                case nil:
                    continue
                case .unreadable(let length, let message, let suggestion)?:
                    problems.append(Problem(position: start.movedBy(index + 1), message: message, suggestion: suggestion))
                    index += length - 1
                case .span(let lang, let length)?:
                    if let opening {
                        cuts.append(Cut(child: opening.child, offset: opening.offset, length: 1, lang: lang, end: start.movedBy(index + length - 1)))
                        cuts.append(Cut(child: position, offset: index, length: length))
                    } else {
                        problems.append(Problem(
                            position: start.movedBy(index),
                            message: "'\(String(decoding: bytes[index..<(index + length)], as: UTF8.self))' closes no '[': "
                                + "the words in another language go in brackets in the same paragraph, link or emphasis",
                            suggestion: nil))
                    }
                    index += length - 1
                }
            }
        }
        return (cuts.sorted(), problems)
    }

    private enum Closing {
        case span(lang: String, length: Int)
        case unreadable(length: Int, message: String, suggestion: String?)
    }

    /// What the `]` at `index` closes: a span (`]{lang=en}`, `]{lang="en"}`), something meant as
    /// one that cannot be read (`]{lang=english}`, `]{ lang = en }`), or nil for a plain bracket,
    /// `]{` included when no `lang` follows (a Pandoc class or id is not ours to read).
    private static func closing(_ bytes: [UInt8], at index: Int) -> Closing? {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") else { return nil }
        guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
            let rest = String(decoding: bytes[(index + 2)...], as: UTF8.self)
            guard trimmed(rest).lowercased().hasPrefix("lang") else { return nil }
            return .unreadable(
                length: bytes.count - index, message: "'{\(rest.prefix(20))' is never closed: a span's language ends with '}'", suggestion: nil)
        }
        let inside = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
        let words = inside.split(separator: "=", maxSplits: 1).map { trimmed($0) }
        guard words.first?.lowercased() == "lang" else { return nil }
        let length = close - index + 1
        var value = words.count == 2 ? words[1] : ""
        if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
        guard isLanguageTag(value) else {
            return .unreadable(
                length: length,
                message: "'{\(inside)}' names no language: a span takes a language tag, such as {lang=en} or {lang=pt-BR}",
                suggestion: nil)
        }
        guard inside == "lang=\(value)" || inside == "lang=\"\(value)\"" else {
            return .unreadable(length: length, message: "'{\(inside)}' is written '{lang=\(value)}', without spaces", suggestion: "{lang=\(value)}")
        }
        return .span(lang: value, length: length)
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// A BCP 47 tag of the shape pages use: a language of two or three letters, then subtags of
    /// one to eight letters or digits (`en`, `pt-BR`, `zh-Hant-TW`).
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.utf8.count),
            language.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
            }
        }
    }

    // MARK: - Rebuilding the tree

    /// A parent's new children: a child kept whole, part of a text child, a span's opening or closing.
    private enum Item {
        case node(Int)
        case text(Int, Range<Int>)
        case open(lang: String, start: SourcePosition, end: SourcePosition)
        case close
    }

    private static func items(of children: [Int], cutAt cuts: [Cut], _ nodes: [MarkdownNode]) -> [Item] {
        var items: [Item] = []
        var next = 0
        for (position, child) in children.enumerated() {
            guard next < cuts.count, cuts[next].child == position else {
                items.append(.node(child))
                continue
            }
            var from = 0
            while next < cuts.count, cuts[next].child == position {
                let cut = cuts[next]
                if cut.offset > from { items.append(.text(child, from..<cut.offset)) }
                if let lang = cut.lang, let end = cut.end {
                    items.append(.open(lang: lang, start: nodes[child].start.movedBy(cut.offset), end: end))
                } else {
                    items.append(.close)
                }
                from = cut.offset + cut.length
                next += 1
            }
            let count = nodes[child].literal.utf8.count
            if from < count { items.append(.text(child, from..<count)) }
        }
        return items
    }

    /// The nodes again in document order, each parent of `items` with those children. Walked with
    /// a stack, as every pass over a document is: nesting does not recurse.
    private static func rebuild(_ nodes: [MarkdownNode], items: [Int: [Item]]) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        result.reserveCapacity(nodes.count + items.count * 4)
        var root = nodes[0]
        root.children = []
        result.append(root)
        // An old node whose children are being written, the next of them, and the new nodes they
        // go into (the node itself, then the spans open inside it).
        var stack: [(old: Int, next: Int, parents: [Int])] = [(0, 0, [0])]
        while var frame = stack.popLast() {
            let own = items[frame.old]
            guard frame.next < (own?.count ?? nodes[frame.old].children.count) else { continue }
            let item = own?[frame.next] ?? .node(nodes[frame.old].children[frame.next])
            frame.next += 1
            let parent = frame.parents[frame.parents.count - 1]
            switch item {
            case .node(let old):
                var node = nodes[old]
                node.parent = parent
                node.children = []
                result.append(node)
                stack.append(frame)
                if !nodes[old].children.isEmpty { stack.append((old, 0, [result.count - 1])) }
            case .text(let old, let range):
                let utf8 = Array(nodes[old].literal.utf8)
                let start = nodes[old].start.movedBy(range.lowerBound)
                result.append(MarkdownNode(
                    kind: .text, parent: parent, start: start, end: start.movedBy(range.count - 1),
                    literal: String(decoding: utf8[range], as: UTF8.self)))
                stack.append(frame)
            case .open(let lang, let start, let end):
                result.append(MarkdownNode(kind: .languageSpan(lang: lang), parent: parent, start: start, end: end))
                frame.parents.append(result.count - 1)
                stack.append(frame)
            case .close:
                frame.parents.removeLast()
                stack.append(frame)
            }
        }
        // Nodes were added in document order, so children come out in order.
        for index in result.indices {
            if let parent = result[index].parent { result[parent].children.append(index) }
        }
        return result
    }
}

extension SourcePosition {
    /// `bytes` further along its line.
    func movedBy(_ bytes: Int) -> SourcePosition { SourcePosition(line: line, byteColumn: byteColumn + bytes) }
}

/// A stretch of an inline container's plain text, with the language its `[…]{lang=…}` gives.
public struct LanguageRun: Hashable, Sendable {
    public var text: String
    /// The innermost span's `lang`; nil outside every span (the page's language).
    public var lang: String?

    public init(text: String, lang: String?) {
        self.text = text
        self.lang = lang
    }
}

extension MarkdownDocument {
    /// `plainText(of:)` cut where the language changes: what a table of contents needs to keep a
    /// heading's English title `lang="en"`. Empty when no span is inside (most headings).
    public func languageRuns(of index: Int) -> [LanguageRun] {
        var runs: [LanguageRun] = []
        var sawSpan = false
        // Depth-first with a stack, as `plainText(of:)`: inline nesting is the writer's to choose.
        var stack: [(node: Int, next: Int, lang: String?)] = [(index, 0, nil)]
        while var top = stack.popLast() {
            guard top.next < nodes[top.node].children.count else { continue }
            let child = nodes[top.node].children[top.next]
            top.next += 1
            stack.append(top)
            let piece: String
            switch nodes[child].kind {
            case .text, .code: piece = nodes[child].literal
            case .softBreak, .lineBreak: piece = " "
            case .languageSpan(let lang):
                sawSpan = true
                stack.append((child, 0, lang))
                continue
            default:
                stack.append((child, 0, top.lang))
                continue
            }
            if let last = runs.indices.last, runs[last].lang == top.lang {
                runs[last].text += piece
            } else {
                runs.append(LanguageRun(text: piece, lang: top.lang))
            }
        }
        return sawSpan ? runs.filter { !$0.text.isEmpty } : []
    }
}
