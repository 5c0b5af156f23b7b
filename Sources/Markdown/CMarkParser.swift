import CCMarkGFM
import Diagnostics
import Encoding
import Glibc
import Synchronization

/// The only code that talks to cmark-gfm. It parses, walks cmark's tree once
/// with cmark's own (iterative) iterator, copies every string out at once,
/// and frees everything it allocated before returning.
enum CMarkParser {
    /// Footnotes on (rendered by `HTMLRenderer`); SMART off so text stays verbatim. No
    /// CMARK_OPT_VALIDATE_UTF8: the text is a Swift string, so valid UTF-8 already, and its NULs
    /// are replaced below; cmark's check would copy every line unchanged at a cost per byte.
    static let options = CMARK_OPT_FOOTNOTES

    private static let extensionNames = ["table", "strikethrough", "tagfilter", "tasklist"]

    /// GFM's bare URLs and e-mail addresses. Attached only to a parse whose text may hold one
    /// (`mayHoldAutolink`): its special characters (`w`, `:`) stop cmark's inline scan at every
    /// such letter, a quarter of cmark's time on our articles, which link with `[text](url)`.
    private static let autolinkExtension = "autolink"

    /// Whether a parse attaches the autolink extension always, or only when the text may hold an
    /// autolink (tests hold the second to the first).
    enum Autolinks { case always, whereTextMayHoldOne }

    /// cmark-gfm keeps its extensions in a process-wide list, and its
    /// `ensure_registered` is not thread-safe; a Swift static initialiser
    /// runs exactly once even when many threads get here together.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// `cmark_parser_finish` (where inlines are parsed) adds the extensions'
    /// special characters (`~`, `:`, `w`...) to a table shared by all parsers
    /// and removes them again when done, so two parsers finishing at once can
    /// miss each other's strikethrough and autolinks. Only that step is
    /// serialised; block parsing and building the Swift tree run in parallel.
    static let finishLock = Mutex(())

    /// `options`, `autolinks` and `languageSpans` other than the default are for tests (`languageSpans:
    /// false` leaves the text nodes as cmark made them).
    static func parse(
        _ text: String, file: String, options: Int32 = CMarkParser.options, autolinks: Autolinks = .whereTextMayHoldOne,
        languageSpans: Bool = true
    ) -> MarkdownDocument {
        var source = text
        // cmark skips a BOM but still counts its bytes in columns; drop it here
        // so columns match what an editor shows.
        if source.unicodeScalars.first == "\u{FEFF}" {
            source = String(source.unicodeScalars.dropFirst())
        }
        // cmark turns NUL into U+FFFD (3 bytes); do it first so columns agree. Where they were is
        // kept for a warning: a reader sees '�' there.
        var nulPlaces: [SourcePosition] = []
        if containsNUL(source) {
            nulPlaces = firstNULOfEachLine(source)
            source = source.replacing("\u{0}", with: "\u{FFFD}")
        }
        source.makeContiguousUTF8()
        // The index of the text cmark parses, which the document keeps for its columns.
        let index = LineIndex(source)
        // Without autolink first: with it, the tree differs only where a text holds what it links
        // (cmark merges adjacent text nodes either way), so a tree with no such text is the tree.
        let withoutAutolinks = autolinks == .always ? nil : withTree(of: source, options: options, autolink: false) { root in
            mayHoldAutolink(root) ? nil : buildNodes(root, lines: index)
        }
        var nodes = withoutAutolinks ?? withTree(of: source, options: options, autolink: true) { root in buildNodes(root, lines: index) }
        // `[words]{lang=en}` is text to cmark; only a text that has `]{` is looked at again.
        var spanProblems: [LanguageSpans.Problem] = []
        if languageSpans && LanguageSpans.mayHold(source) { (nodes, spanProblems) = LanguageSpans.apply(nodes) }
        var document = MarkdownDocument(file: file, nodes: nodes, lines: index)
        document.languageSpanProblems = spanProblems
        document.nulPlaces = nulPlaces
        return document
    }

    /// Whether a text node of the tree holds what the autolink extension could make a link of.
    static func mayHoldAutolink(_ root: OpaquePointer) -> Bool {
        var found = false
        forEachNode(root) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT, let pointer = cmark_node_get_literal(node) else { return true }
            found = mayHoldAutolink(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            return !found
        }
        return found
    }

    /// Whether `bytes` hold what the autolink extension looks for: `@`, `://` or `www.`. More
    /// than it links (it also asks what comes before and after), never less; `www.` as cmark
    /// matches it, with its case (the tests parse `WWW.` both ways: a cmark that read it without
    /// case would fail them).
    static func mayHoldAutolink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The shortest link it makes is three bytes (`a@b`).
        guard let base = bytes.baseAddress, bytes.count >= 3 else { return false }
        return memchr(base, Int32(UInt8(ascii: "@")), bytes.count) != nil
            || contains((0x3A, 0x2F, 0x2F, 0), length: 3, in: base, count: bytes.count)  // ://
            || contains((0x77, 0x77, 0x77, 0x2E), length: 4, in: base, count: bytes.count)  // www.
    }

    /// Whether the first `length` bytes (3 or 4) of `pattern` stand in the `count` bytes at
    /// `base`, its first byte found by memchr (`w` and `:` are rare in prose; `.`, looked for
    /// first at first, was not).
    @inline(__always)
    private static func contains(_ pattern: (UInt8, UInt8, UInt8, UInt8), length: Int, in base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index <= count - length, let found = memchr(base + index, Int32(pattern.0), count - length + 1 - index) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if base[at + 1] == pattern.1 && base[at + 2] == pattern.2 && (length < 4 || base[at + 3] == pattern.3) { return true }
            index = at + 1
        }
        return false
    }

    /// The first NUL of each line that has one. No NUL is before it on its line, so its byte column
    /// is the same once every NUL is three bytes of U+FFFD.
    static func firstNULOfEachLine(_ text: String) -> [SourcePosition] {
        var places: [SourcePosition] = []
        var line = 1
        var lineStart = 0
        var found = false
        for (offset, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
                found = false
            } else if byte == 0 && !found {
                places.append(SourcePosition(line: line, byteColumn: offset - lineStart + 1))
                found = true
            }
        }
        return places
    }

    /// Whether `text` holds a NUL, asked of memchr: a byte loop cost five instructions a byte of every page.
    static func containsNUL(_ text: String) -> Bool {
        text.withUTF8Bytes { ByteSearch.firstIndex(of: 0, in: $0, range: 0..<$0.count) != nil }
    }

    /// Parses `source` (contiguous UTF-8) and hands cmark's tree to `body`, freed after it;
    /// `autolink`: with GFM's autolink extension too.
    static func withTree<Result>(of source: String, options: Int32, autolink: Bool = true, _ body: (OpaquePointer) -> Result) -> Result {
        var source = source
        _ = extensionsRegistered

        guard let parser = cmark_parser_new(options) else {
            fatalError("cmark_parser_new failed (out of memory)")
        }
        defer { cmark_parser_free(parser) }
        for name in autolink ? extensionNames + [autolinkExtension] : extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        var root: OpaquePointer?
        finishLock.withLock { _ in root = cmark_parser_finish(parser) }
        guard let root else { fatalError("cmark_parser_finish failed (out of memory)") }
        defer { cmark_node_free(root) }
        return body(root)
    }

    /// Walks cmark's tree with its iterator and builds the flat Swift tree.
    private static func buildNodes(_ root: OpaquePointer, lines: LineIndex) -> [MarkdownNode] {
        var builder = TreeBuilder(lines: lines, nodeCount: nodeCount(root))
        var types = NodeTypeCache()
        // The open nodes, innermost last, as (C node, Swift index). Leaves get
        // no EXIT event, so a node's parent is found by popping to it.
        var open: [(node: OpaquePointer, index: Int)] = []
        // Deeper nesting grows it; most pages never reach this depth.
        open.reserveCapacity(16)
        forEachEvent(root) { event, node in
            // A node's end is placed as the walk leaves it (`TreeBuilder.placeEnd`).
            if event == CMARK_EVENT_EXIT {
                while let last = open.popLast() {
                    builder.placeEnd(of: last.index)
                    if last.node == node { break }
                }
                return
            }
            let parent = cmark_node_parent(node)
            while let last = open.last, last.node != parent {
                open.removeLast()
                builder.placeEnd(of: last.index)
            }
            open.append((node, append(node, to: &builder, parent: open.last?.index, types: &types)))
        }
        while let last = open.popLast() { builder.placeEnd(of: last.index) }
        return builder.finish()
    }

    /// Adds cmark's `node` to `builder` (its end still to place) and returns its index.
    static func append(_ node: OpaquePointer, to builder: inout TreeBuilder, parent: Int?, types: inout NodeTypeCache) -> Int {
        let (kind, literal) = describe(node, &types)
        let range = TreeBuilder.RawRange(
            startLine: Int(cmark_node_get_start_line(node)),
            startColumn: Int(cmark_node_get_start_column(node)),
            endLine: Int(cmark_node_get_end_line(node)),
            endColumn: Int(cmark_node_get_end_column(node)))
        if case .text = kind, let pointer = cmark_node_get_literal(node) {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            return builder.appendText(bytes, range: range, parent: parent)
        }
        if case .codeBlock = kind, let pointer = cmark_node_get_literal(node) {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            return builder.appendCodeBlock(kind: kind, bytes, range: range, parent: parent)
        }
        if !kind.isBlock { return builder.appendInline(kind: kind, literal: literal, range: range, parent: parent) }
        return builder.append(kind: kind, literal: literal, range: range, parent: parent)
    }

    /// How many nodes the tree has: a walk costs less than growing the node array several times.
    static func nodeCount(_ root: OpaquePointer) -> Int {
        var count = 0
        forEachNode(root) { _ in
            count += 1
            return true
        }
        return count
    }

    /// Calls `body` with each node of the tree in document order until it returns false. By the
    /// nodes' links, not cmark's iterator: it gave each container two events, for half the
    /// instructions again.
    static func forEachNode(_ root: OpaquePointer, _ body: (OpaquePointer) -> Bool) {
        var next: OpaquePointer? = root
        while let node = next {
            guard body(node) else { return }
            if let child = cmark_node_first_child(node) {
                next = child
                continue
            }
            // The next sibling of the node or of its nearest ancestor below the root that has one.
            next = nil
            var up: OpaquePointer? = node
            while let current = up, current != root {
                if let sibling = cmark_node_next(current) {
                    next = sibling
                    break
                }
                up = cmark_node_parent(current)
            }
        }
    }

    /// Calls `body` with each event of a walk of cmark's iterator over the tree, and its node.
    static func forEachEvent(_ root: OpaquePointer, _ body: (cmark_event_type, OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { fatalError("cmark_iter_new failed (out of memory)") }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            body(event, node)
        }
    }

    /// The node types this module knows, by the names cmark-gfm gives them.
    enum NodeType: String {
        case document, paragraph, heading, list, item, text, softbreak, linebreak, code, emph, strong, link,
            image, table, strikethrough, tasklist
        case blockQuote = "block_quote", codeBlock = "code_block", htmlBlock = "html_block"
        case thematicBreak = "thematic_break", htmlInline = "html_inline"
        case tableHeader = "table_header", tableRow = "table_row", tableCell = "table_cell"
    }

    /// A node of cmark's core is told by its type's number. An extension's node by its type's name
    /// (a table's header row and a task item share their numbers with a row and an item): the
    /// names are static C strings, so each distinct pointer is read and matched once per parse;
    /// later nodes only compare pointers.
    struct NodeTypeCache {
        private var entries: [(name: UnsafePointer<CChar>, type: NodeType?)] = []

        init() {
            // Room for every name a document can hold, made once: growing was five allocations a page.
            entries.reserveCapacity(32)
        }

        /// Nil for a type this module does not know (its name is read again then, rarely).
        mutating func type(of node: OpaquePointer) -> NodeType? {
            // A node no extension made is named after its core type: the number says it, without
            // the name's call and the scan of the names (a header row and a task item are an extension's).
            if cmark_node_get_syntax_extension(node) == nil, let type = Self.coreType(cmark_node_get_type(node)) { return type }
            guard let name = cmark_node_get_type_string(node) else { return nil }
            for entry in entries where entry.name == name { return entry.type }
            let type = NodeType(rawValue: String(cString: name))
            entries.append((name, type))
            return type
        }

        /// The type of cmark's core type number, as cmark names it; nil for the others (custom
        /// nodes, footnotes, the extensions' types), which are told by their names.
        static func coreType(_ type: cmark_node_type) -> NodeType? {
            switch type {
            case CMARK_NODE_TEXT: .text
            case CMARK_NODE_PARAGRAPH: .paragraph
            case CMARK_NODE_SOFTBREAK: .softbreak
            case CMARK_NODE_CODE: .code
            case CMARK_NODE_EMPH: .emph
            case CMARK_NODE_STRONG: .strong
            case CMARK_NODE_LINK: .link
            case CMARK_NODE_ITEM: .item
            case CMARK_NODE_LIST: .list
            case CMARK_NODE_HEADING: .heading
            case CMARK_NODE_CODE_BLOCK: .codeBlock
            case CMARK_NODE_DOCUMENT: .document
            case CMARK_NODE_BLOCK_QUOTE: .blockQuote
            case CMARK_NODE_HTML_BLOCK: .htmlBlock
            case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
            case CMARK_NODE_LINEBREAK: .linebreak
            case CMARK_NODE_HTML_INLINE: .htmlInline
            case CMARK_NODE_IMAGE: .image
            default: nil
            }
        }
    }

    /// The Swift kind and literal of one cmark node.
    private static func describe(_ node: OpaquePointer, _ types: inout NodeTypeCache) -> (MarkdownNodeKind, String) {
        guard let type = types.type(of: node) else {
            let name = string(cmark_node_get_type_string(node))
            // cmark-gfm 0.29 names footnote nodes "<unknown>": fall back to the enum.
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_FOOTNOTE_REFERENCE {
                // After parsing, cmark stores the footnote's number as the literal.
                return (.footnoteReference(number: Int(literal(node)) ?? 0, occurrence: 0), "")
            }
            if type == CMARK_NODE_FOOTNOTE_DEFINITION {
                return (.footnoteDefinition(number: 0, referenceCount: 0), "")
            }
            return (.other(name), literal(node))
        }
        switch type {
        case .document: return (.document, "")
        case .blockQuote: return (.blockQuote, "")
        case .list:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let start = Int(cmark_node_get_list_start(node))
            return (.list(ordered: ordered, start: start, tight: cmark_node_get_list_tight(node) != 0), "")
        case .item: return (.item(task: .none), "")
        case .tasklist:
            let checked = cmark_gfm_extensions_get_tasklist_item_checked(node)
            return (.item(task: checked ? .checked : .unchecked), "")
        case .codeBlock:
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            let info = string(cmark_node_get_fence_info(node))
            return (.codeBlock(info: info, fenced: fenced), "")  // its literal is read by `append`
        case .htmlBlock: return (.htmlBlock, literal(node))
        case .paragraph: return (.paragraph, "")
        case .heading: return (.heading(level: Int(cmark_node_get_heading_level(node))), "")
        case .thematicBreak: return (.thematicBreak, "")
        case .table: return (.table(alignments: tableAlignments(node)), "")
        case .tableHeader: return (.tableRow(isHeader: true), "")
        case .tableRow: return (.tableRow(isHeader: false), "")
        case .tableCell: return (.tableCell, "")
        case .text: return (.text, "")  // its literal is read by `buildNodes`
        case .softbreak: return (.softBreak, "")
        case .linebreak: return (.lineBreak, "")
        case .code: return (.code, literal(node))
        case .htmlInline: return (.htmlInline, literal(node))
        case .emph: return (.emphasis, "")
        case .strong: return (.strong, "")
        case .strikethrough: return (.strikethrough, "")
        case .link:
            return (.link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node))), "")
        case .image:
            return (.image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node))), "")
        }
    }

    private static func tableAlignments(_ node: OpaquePointer) -> [TableAlignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard let raw = cmark_gfm_extensions_get_table_alignments(node) else {
            return Array(repeating: .none, count: count)
        }
        return (0..<count).map { column in
            switch raw[column] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }

    private static func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    /// Copies a C string owned by cmark (nil becomes "").
    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        // Most links have no title: an empty string needs no reading.
        guard let pointer, pointer.pointee != 0 else { return "" }
        return String(cString: pointer)
    }
}
