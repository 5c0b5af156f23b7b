import Diagnostics

/// Turns tokens into the node tree in three flat passes (no recursion on
/// template nesting, so hostile input cannot overflow the stack):
/// 1. pair opening and closing tags with an explicit stack, reporting errors;
/// 2. decide which tags are standalone and trim the text around them;
/// 3. build the tree (stored flat, see `Node`), stripping block indentation
///    from text as it goes.
struct Parser {
    private let bytes: [UInt8]
    private let templateName: String
    private let tokens: [Token]

    /// For every tag that opens or closes a section: the index of its partner.
    private var partner: [Int]
    /// For every token: the index of the innermost enclosing opening tag, or -1.
    /// A closing tag is counted as a sibling of its opening tag.
    private var container: [Int]

    /// Per tag: it is standalone (its own line disappears, or for parent and
    /// block tags the variants described in `decideStandalone`).
    private var standalone: [Bool]
    /// Per parent opening tag: the opening tag starts its line and the closing
    /// tag ends one, so the pair behaves like one standalone partial tag.
    private var standalonePair: [Bool]
    /// Per text token: the byte range that survives standalone trimming.
    private var textStart: [Int]
    private var textEnd: [Int]

    static func parse(source: String, name: String) throws(MustacheError) -> TemplateBody {
        let bytes = Array(source.utf8)
        var tokenizer = Tokenizer(bytes: bytes, lines: LineIndex(source), templateName: name)
        let tokens = try tokenizer.tokenize()
        var parser = Parser(bytes: bytes, templateName: name, tokens: tokens)
        try parser.pairSections()
        parser.decideStandalone()
        return parser.buildTree()
    }

    private init(bytes: [UInt8], templateName: String, tokens: [Token]) {
        self.bytes = bytes
        self.templateName = templateName
        self.tokens = tokens
        let none = [Int](repeating: -1, count: tokens.count)
        partner = none
        container = none
        standalone = [Bool](repeating: false, count: tokens.count)
        standalonePair = standalone
        textStart = tokens.map(\.start)
        textEnd = tokens.map(\.end)
    }

    private func location(_ token: Token) -> SourceLocation {
        SourceLocation(file: templateName, line: token.line, column: token.column)
    }

    // MARK: Pass 1: pairing

    private mutating func pairSections() throws(MustacheError) {
        var open: [Int] = []
        for (i, token) in tokens.enumerated() {
            container[i] = open.last ?? -1
            if token.opensSection {
                open.append(i)
            } else if token.kind == .close {
                guard let opener = open.popLast() else {
                    throw MustacheError(location: location(token), message: "unexpected closing tag '\(token.name)'")
                }
                guard tokens[opener].name == token.name else {
                    throw MustacheError(
                        location: location(token),
                        message: "closing tag '\(token.name)' does not match open section '\(tokens[opener].name)' (opened at \(tokens[opener].line):\(tokens[opener].column))")
                }
                partner[opener] = i
                partner[i] = opener
                container[i] = open.last ?? -1
            }
        }
        if let unclosed = open.last {
            let token = tokens[unclosed]
            throw MustacheError(location: location(token), message: "unclosed section '\(token.name)'")
        }
    }

    // MARK: Pass 2: standalone tags

    /// Only whitespace lies between the start of the tag's line and the tag.
    private func clearsLeft(_ i: Int) -> Bool {
        guard i > 0 else { return true }
        let previous = tokens[i - 1]
        guard previous.kind == .text else { return false }
        var k = previous.end - 1
        while k >= previous.start {
            switch bytes[k] {
            case UInt8(ascii: "\n"): return true
            case UInt8(ascii: " "), UInt8(ascii: "\t"): k -= 1
            default: return false
            }
        }
        return i - 1 == 0  // all-blank text back to the start of the template
    }

    /// Only whitespace lies between the tag and the end of its line.
    private func clearsRight(_ i: Int) -> Bool {
        guard i + 1 < tokens.count else { return true }
        let next = tokens[i + 1]
        guard next.kind == .text else { return false }
        var k = next.start
        while k < next.end {
            switch bytes[k] {
            case UInt8(ascii: "\n"): return true
            case UInt8(ascii: "\r") where k + 1 < next.end && bytes[k + 1] == UInt8(ascii: "\n"): return true
            case UInt8(ascii: " "), UInt8(ascii: "\t"): k += 1
            default: return false
            }
        }
        return i + 1 == tokens.count - 1  // all-blank text up to the end of the template
    }

    private func isInParentBody(_ i: Int) -> Bool {
        container[i] >= 0 && tokens[container[i]].kind == .parent
    }

    /// Standard rule: a non-interpolation tag alone on its line (apart from
    /// whitespace) takes the whole line with it. Parent and block tags bend
    /// it, because text directly inside a parent tag is never rendered:
    /// - a parent pair is standalone when `{{<p}}` starts a line and `{{/p}}`
    ///   ends one, whatever sits between them;
    /// - a block directly inside a parent (an argument) ignores what is to its
    ///   left: its opening tag is standalone when it ends its line, and its
    ///   closing tag drops the blank indentation before it but keeps what
    ///   follows (that belongs to the parent's ignored body).
    private mutating func decideStandalone() {
        for i in tokens.indices {
            switch tokens[i].kind {
            case .text, .variable, .unescaped:
                continue
            case .parent:
                standalonePair[i] = clearsLeft(i) && clearsRight(partner[i])
                if standalonePair[i] || (clearsLeft(i) && clearsRight(i)) {
                    standalone[i] = true
                    trimBefore(i)
                }
            case .block where isInParentBody(i):
                if clearsRight(i) {
                    standalone[i] = true
                    trimAfter(i)
                }
            case .close where tokens[partner[i]].kind == .block && isInParentBody(i):
                if clearsLeft(i) {
                    standalone[i] = true
                    trimBefore(i)
                }
            case .close where tokens[partner[i]].kind == .parent:
                if standalonePair[partner[i]] || (clearsLeft(i) && clearsRight(i)) {
                    standalone[i] = true
                    trimBefore(i)
                    trimAfter(i)
                }
            default:
                if clearsLeft(i) && clearsRight(i) {
                    standalone[i] = true
                    trimBefore(i)
                    trimAfter(i)
                }
            }
        }
    }

    /// Drops the blank start of the tag's line from the preceding text.
    private mutating func trimBefore(_ i: Int) {
        guard i > 0, tokens[i - 1].kind == .text else { return }
        textEnd[i - 1] = min(textEnd[i - 1], lineStart(before: i))
    }

    /// Drops the blank rest of the tag's line, newline included, from the following text.
    private mutating func trimAfter(_ i: Int) {
        guard i + 1 < tokens.count, tokens[i + 1].kind == .text else { return }
        let next = tokens[i + 1]
        var k = next.start
        while k < next.end, bytes[k] != UInt8(ascii: "\n") { k += 1 }
        textStart[i + 1] = max(textStart[i + 1], min(k + 1, next.end))
    }

    /// Offset where the line holding tag `i` begins (within the preceding text).
    private func lineStart(before i: Int) -> Int {
        guard i > 0, tokens[i - 1].kind == .text else { return tokens[i].start }
        let previous = tokens[i - 1]
        var k = previous.end
        while k > previous.start, bytes[k - 1] != UInt8(ascii: "\n") { k -= 1 }
        return k
    }

    /// The raw whitespace between the start of the line and tag `i`.
    private func leadingWhitespace(_ i: Int) -> [UInt8] {
        Array(bytes[lineStart(before: i)..<tokens[i].start])
    }

    /// The indentation a block's content was written at, removed from each of
    /// its lines so the content can be re-indented wherever it is expanded.
    /// A standalone opening tag takes it from the first non-blank line below
    /// it (the "intrinsic" indentation); otherwise it is the whitespace before
    /// the tag if the tag starts its line.
    private func blockIndentation(_ i: Int) -> [UInt8] {
        if standalone[i] {
            var k = tokens[i].end
            while k < bytes.count, bytes[k] != UInt8(ascii: "\n") { k += 1 }
            k += 1
            while k < bytes.count {
                let start = k
                while k < bytes.count, bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: "\t") { k += 1 }
                if k < bytes.count, !isWhitespace(bytes[k]) { return Array(bytes[start..<k]) }
                while k < bytes.count, bytes[k] != UInt8(ascii: "\n") { k += 1 }
                k += 1
            }
            return []
        }
        return clearsLeft(i) ? leadingWhitespace(i) : []
    }

    // MARK: Pass 3: tree

    private struct Frame {
        var opener: Int  // token index; -1 for the template itself
        var kind: Token.Kind
        /// Index of this container's node, patched when it closes; -1 if none.
        var node = -1
        /// First node of the content (for block arguments, which have no node).
        var contentStart = 0
        /// Inside a parent only block arguments are kept; everything else,
        /// including whole sections there, is parsed and then dropped.
        var discards = false
        /// Index of the last direct child when it is text, so text split by
        /// comments or set-delimiter tags is merged into one node.
        var lastText: Int?
        var arguments: [String: Range<Int>] = [:]  // blocks passed to a parent
        /// Removed from every line start inside: the innermost block's indentation.
        var stripIndentation: [UInt8]
        var blockIndentation: [UInt8] = []

        /// Whether direct content of this frame becomes nodes.
        var keepsContent: Bool { !discards && kind != .parent }
    }

    private func buildTree() -> TemplateBody {
        var nodes: [Node] = []
        var text: [UInt8] = []
        var keys: [MustacheKey] = []
        var locations: [SourceLocation] = []
        var inclusions: [Inclusion] = []
        var parents: [Parent] = []
        var blocks: [Block] = []
        var stack = [Frame(opener: -1, kind: .text, stripIndentation: [])]

        func append(_ node: Node) {
            guard stack[stack.count - 1].keepsContent else { return }
            nodes.append(node)
            stack[stack.count - 1].lastText = nil
        }

        /// The range of `keys` that holds the path of `name`.
        func path(_ name: String) -> Range<Int> {
            let start = keys.count
            keys.append(contentsOf: pathKeys(name))
            return start..<keys.count
        }

        for (i, token) in tokens.enumerated() {
            let top = stack[stack.count - 1]
            switch token.kind {
            case .text:
                guard top.keepsContent, textStart[i] < textEnd[i] else { continue }
                let startsLine = textStart[i] == 0 || bytes[textStart[i] - 1] == UInt8(ascii: "\n")
                let piece = removingIndentation(
                    top.stripIndentation, from: bytes[textStart[i]..<textEnd[i]], startsLine: startsLine)
                if let previous = top.lastText {
                    // Text split by comments or set-delimiter tags is one node; its first piece
                    // is the last text stored, so the next piece extends it.
                    let old = nodes[previous].range
                    if old.upperBound != text.count { text.append(contentsOf: text[old]) }
                    text.append(contentsOf: piece.utf8)
                    nodes[previous].range = (text.count - old.count - piece.utf8.count)..<text.count
                } else {
                    let start = text.count
                    text.append(contentsOf: piece.utf8)
                    nodes.append(Node(kind: .text, range: start..<text.count))
                    stack[stack.count - 1].lastText = nodes.count - 1
                }
            case .variable, .unescaped:
                guard top.keepsContent else { continue }
                locations.append(location(token))
                append(Node(kind: token.kind == .variable ? .escapedVariable : .variable, range: path(token.name), item: locations.count - 1))
            case .comment, .setDelimiter:
                continue
            case .partial:
                guard top.keepsContent else { continue }
                inclusions.append(inclusion(i, strip: top.stripIndentation))
                append(Node(kind: .partial, item: inclusions.count - 1))
            case .section, .inverted, .parent, .block:
                var frame = Frame(opener: i, kind: token.kind, stripIndentation: top.stripIndentation)
                frame.discards = top.discards || (top.kind == .parent && token.kind != .block)
                if token.kind == .block {
                    frame.blockIndentation = blockIndentation(i)
                    frame.stripIndentation = frame.blockIndentation
                }
                let isArgument = token.kind == .block && top.kind == .parent
                if top.keepsContent && !isArgument {
                    append(Node(kind: .variable))  // placeholder, replaced when the tag closes
                    frame.node = nodes.count - 1
                }
                frame.contentStart = nodes.count
                stack.append(frame)
            case .close:
                let frame = stack.removeLast()
                let opener = tokens[frame.opener]
                let outer = stack.count - 1
                if frame.kind == .block, stack[outer].kind == .parent, !frame.discards {
                    stack[outer].arguments[opener.name] = frame.contentStart..<nodes.count
                }
                guard frame.node >= 0 else { continue }
                switch frame.kind {
                case .parent:
                    parents.append(Parent(
                        inclusion: inclusion(frame.opener, strip: stack[outer].stripIndentation), arguments: frame.arguments))
                    nodes[frame.node] = Node(kind: .parent, end: nodes.count, item: parents.count - 1)
                case .block:
                    let indentation = removingIndentation(
                        stack[outer].stripIndentation, from: frame.blockIndentation[...], startsLine: true)
                    blocks.append(Block(
                        name: opener.name, indentation: indentation, startsLine: standalone[frame.opener], location: location(opener)))
                    nodes[frame.node] = Node(kind: .block, end: nodes.count, item: blocks.count - 1)
                default:
                    locations.append(location(opener))
                    nodes[frame.node] = Node(
                        kind: frame.kind == .inverted ? .invertedSection : .section, range: path(opener.name), end: nodes.count,
                        item: locations.count - 1)
                }
            }
        }
        return TemplateBody(
            nodes: nodes, text: text, keys: keys, locations: locations, inclusions: inclusions, parents: parents, blocks: blocks)
    }

    private func inclusion(_ i: Int, strip: [UInt8]) -> Inclusion {
        let indentation = standalone[i]
            ? removingIndentation(strip, from: leadingWhitespace(i)[...], startsLine: true) : nil
        return Inclusion(name: tokens[i].name, indentation: indentation, location: location(tokens[i]))
    }
}

/// Removes `indentation` (or as much of it as matches) from the start of
/// every line in `text`; the first line only if `startsLine`.
func removingIndentation(_ indentation: [UInt8], from text: ArraySlice<UInt8>, startsLine: Bool) -> String {
    guard !indentation.isEmpty else { return String(decoding: text, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var atLineStart = startsLine
    var i = text.startIndex
    while i < text.endIndex {
        if atLineStart {
            var k = 0
            while k < indentation.count, i < text.endIndex, text[i] == indentation[k] {
                i += 1
                k += 1
            }
            atLineStart = false
            continue
        }
        out.append(text[i])
        if text[i] == UInt8(ascii: "\n") { atLineStart = true }
        i += 1
    }
    return String(decoding: out, as: UTF8.self)
}
