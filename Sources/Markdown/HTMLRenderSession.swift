import Diagnostics
import Encoding

/// One rendering pass over a document. The tree is walked with an explicit
/// stack of frames (no recursion), writing into a single buffer.
struct HTMLRenderSession: ~Copyable {
    private let renderer: HTMLRenderer
    private let document: MarkdownDocument
    private let nodeHTML: NodeHTML
    /// Whether `nodeHTML` replaces a node, by node index (empty when it replaces none): asking the
    /// dictionary hashed the index of every text node.
    private let isReplaced: [Bool]
    /// Written after the document (`HTMLRenderer.render(_:replacingNodes:followedBy:)`).
    private let trailer: [String]
    private var out: HTMLWriter
    private var slugger: HeadingSlugger
    private var headings: [Heading] = []
    /// A `[…]{lang=…}` is somewhere in the document: only then are headings cut by language
    /// (`MarkdownDocument.languageRuns`), a walk and a string per heading otherwise wasted.
    private let hasLanguageSpans: Bool
    /// Headings cannot nest, so the open one's id can live here until its end.
    private var openHeadingID = ""
    /// The paragraph of the alert being rendered, whose marker is skipped.
    private var alertParagraph: Int?
    /// The `lang` of the open `<div>` around top-level blocks in another language (`HTMLRenderer.blockLanguage`).
    private var openLanguage: String?
    /// Where each top-level block starts in the output (`RenderedMarkdown.blocks`).
    private var blockStarts: [(node: Int, offset: Int)] = []

    /// A node being rendered: which child comes next, and a per-kind flag
    /// (an alert block quote, a tight paragraph, an unsafe link).
    private struct Frame {
        var node: Int
        /// The node's place among its parent's children.
        var position: Int
        var nextChild: Int
        var flag: Bool
    }

    init(renderer: HTMLRenderer, document: MarkdownDocument, nodeHTML: consuming NodeHTML, trailer: [String] = []) {
        self.renderer = renderer
        self.document = document
        self.trailer = trailer
        var isReplaced = [Bool]()
        if !nodeHTML.isEmpty {
            isReplaced = Array(repeating: false, count: document.nodes.count)
            for index in nodeHTML.nodes where isReplaced.indices.contains(index) { isReplaced[index] = true }
        }
        self.isReplaced = isReplaced
        // Tags and escapes make HTML a bit larger than its Markdown; the nodes rendered elsewhere
        // (figures, many times their blocks' size) are written whole: without room for them the
        // output grew, copying itself, on most pages with figures.
        let capacity = document.sourceByteCount + document.sourceByteCount / 2 + 256 + nodeHTML.byteCount + trailer.reduce(0) { $0 + $1.utf8.count }
        self.nodeHTML = nodeHTML
        self.slugger = HeadingSlugger(reserved: renderer.reservedIDs)
        self.out = HTMLWriter(capacity: capacity)
        // Room made once for what the walk adds, not by growing (an allocation a doubling).
        let kinds = Self.kinds(document)
        headings.reserveCapacity(kinds.headings)
        hasLanguageSpans = kinds.languageSpans
        blockStarts.reserveCapacity(document.nodes.isEmpty ? 0 : document.nodes[MarkdownDocument.rootIndex].children.count)
    }

    /// How many headings the document has, and whether it has a language span: the kinds read
    /// in place, in one pass.
    private static func kinds(_ document: MarkdownDocument) -> (headings: Int, languageSpans: Bool) {
        var headings = 0
        var languageSpans = false
        for index in document.nodes.indices {
            switch document.nodes[index].kind {
            case .heading: headings += 1
            case .languageSpan: languageSpans = true
            default: break
            }
        }
        return (headings, languageSpans)
    }

    mutating func run() -> RenderedMarkdown {
        run { RenderedMarkdown(utf8: Array($0), headings: $1, blocks: $2) }
    }

    /// Renders the document and calls `body` with the HTML's bytes (valid during the call), the headings and the blocks.
    mutating func run<Result>(_ body: (UnsafeBufferPointer<UInt8>, [Heading], [RenderedMarkdown.Block]) -> Result) -> Result {
        var stack: [Frame] = []
        // Deeper nesting grows it; most pages never reach this depth.
        stack.reserveCapacity(16)
        if let root = enter(MarkdownDocument.rootIndex, position: 0) { stack.append(root) }
        while let top = stack.last {
            // The child is read in place: a copy of the children array is a retain and a release.
            if top.nextChild < document.nodes[top.node].children.count {
                let child = document.nodes[top.node].children[top.nextChild]
                stack[stack.count - 1].nextChild += 1
                if top.node == MarkdownDocument.rootIndex {
                    wrapTopLevel(child)
                    blockStarts.append((child, out.count))
                }
                if let frame = enter(child, position: top.nextChild) {
                    stack.append(frame)
                }
            } else {
                if top.node == MarkdownDocument.rootIndex { closeLanguage() }
                exit(top)
                stack.removeLast()
            }
        }
        let length = out.count
        let blocks = blockStarts.enumerated().map { position, start in
            let end = position + 1 < blockStarts.count ? blockStarts[position + 1].offset : length
            return RenderedMarkdown.Block(node: start.node, utf8Range: start.offset..<end)
        }
        for part in trailer { out.raw(part) }
        return out.withBytes { body($0, headings, blocks) }
    }

    /// Consecutive top-level blocks in a language other than the page's share one
    /// `<div lang>`; footnotes (gathered at the end, inside a list) carry it on their item.
    private mutating func wrapTopLevel(_ index: Int) {
        guard let languageOf = renderer.blockLanguage else { return }
        if case .footnoteDefinition = document.nodes[index].kind {
            closeLanguage()
            return
        }
        let language = languageOf(document.nodes[index].start.line)
        guard language != openLanguage else { return }
        closeLanguage()
        if let language {
            out.newlineIfNeeded()
            out.raw("<div lang=\"")
            out.text(language)
            out.raw("\">\n")
            openLanguage = language
        }
    }

    private mutating func closeLanguage() {
        guard openLanguage != nil else { return }
        out.newlineIfNeeded()
        out.raw("</div>\n")
        openLanguage = nil
    }

    // MARK: - Entering and leaving nodes

    /// Writes a node's opening and returns its frame, or nil when the node is
    /// already fully written (leaves, images, code).
    private mutating func enter(_ index: Int, position: Int) -> Frame? {
        var frame = Frame(node: index, position: position, nextChild: 0, flag: false)
        // The node's fields are read in place: a copy of it retained its children, literal and locations.
        switch document.nodes[index].kind {
        case .document, .other:
            break
        case .blockQuote:
            out.newlineIfNeeded()
            if let alert = document.alertMarker(of: index) {
                frame.flag = true
                // Written in pieces: an interpolated string this long was an allocation an alert.
                out.raw("<div class=\"callout callout-")
                out.raw(alert.kind.rawValue)
                out.raw("\" role=\"note\">\n<p class=\"callout-title\">")
                out.text(renderer.alertTitle(alert.kind))
                out.raw("</p>\n")
                if alert.isWholeParagraph { frame.nextChild = 1 } else { alertParagraph = alert.paragraph }
            } else {
                out.raw("<blockquote>\n")
            }
        case .list(let ordered, let start, _):
            out.newlineIfNeeded()
            if !ordered {
                out.raw("<ul>\n")
            } else if start != 1 {
                out.raw("<ol start=\"\(start)\">\n")
            } else {
                out.raw("<ol>\n")
            }
        case .item(let task):
            out.newlineIfNeeded()
            if task == .none {
                out.raw("<li>")
            } else {
                out.raw("<li class=\"task-list-item\">")
                // The box goes into the first paragraph, in a <label> with its
                // text, when there is one; otherwise it is named on its own.
                if labellingParagraph(ofItem: index) == nil { writeCheckbox(task, ariaLabel: renderer.taskLabel) }
            }
        case .paragraph:
            frame.flag = isTight(index)
            if !frame.flag {
                out.newlineIfNeeded()
                out.raw("<p>")
            }
            if let task = labelledTask(paragraph: index) {
                out.raw("<label>")
                writeCheckbox(task, ariaLabel: nil)
            }
            if index == alertParagraph { frame.nextChild = 2 }
        case .heading(let level):
            let text = document.plainText(of: index)
            openHeadingID = slugger.slug(text)
            headings.append(Heading(
                level: level, id: openHeadingID, text: text, location: document.start(of: index),
                languageRuns: hasLanguageSpans ? document.languageRuns(of: index) : []))
            out.newlineIfNeeded()
            out.raw("<h\(level) id=\"")
            out.text(openHeadingID)
            out.raw("\">")
        case .thematicBreak:
            out.newlineIfNeeded()
            out.raw("<hr>\n")
            return nil
        case .codeBlock(let info, _):
            writeCodeBlock(info: info, code: document.nodes[index].literal, node: index)
            return nil
        case .htmlBlock:
            // Raw HTML is shown, not obeyed.
            out.newlineIfNeeded()
            out.raw("<pre class=\"raw-html\"><code>")
            out.text(document.nodes[index].literal)
            out.raw("</code></pre>\n")
            return nil
        case .table:
            out.newlineIfNeeded()
            out.raw("<table>\n")
        case .tableRow(let isHeader):
            out.newlineIfNeeded()
            if isHeader {
                out.raw("<thead>\n")
            } else if !previousSiblingIsBodyRow(index, position: position) {
                out.raw("<tbody>\n")
            }
            out.raw("<tr>\n")
        case .tableCell:
            out.raw(isHeaderCell(index) ? "<th" : "<td")
            switch alignment(ofCell: index, column: position) {
            case .none: break
            case .left: out.raw(" style=\"text-align: left\"")
            case .center: out.raw(" style=\"text-align: center\"")
            case .right: out.raw(" style=\"text-align: right\"")
            }
            out.raw(">")
        case .footnoteDefinition(let number, _):
            out.newlineIfNeeded()
            if !siblingIsFootnote(index, offset: -1, position: position) {
                out.raw("<section class=\"footnotes\">\n<h2 class=\"visually-hidden\">")
                out.text(renderer.footnotesTitle)
                out.raw("</h2>\n<ol>\n")
            }
            out.raw("<li id=\"fn:\(number)\"")
            if let language = renderer.blockLanguage?(document.nodes[index].start.line) {
                out.raw(" lang=\"")
                out.text(language)
                out.raw("\"")
            }
            out.raw(">\n")
        case .text:
            if let custom = replacement(of: index) {
                out.raw(custom)
            } else {
                out.text(document.nodes[index].literal)
            }
            return nil
        case .htmlInline:
            // Inline raw HTML is shown as text.
            out.text(document.nodes[index].literal)
            return nil
        case .softBreak:
            out.raw("\n")
            return nil
        case .lineBreak:
            out.raw("<br>\n")
            return nil
        case .code:
            out.raw("<code>")
            // A long name (`applicationWillResignActive(_:)`) may break at its words in a narrow
            // column, never before its last `)` (`HTML.breakable`); code with spaces breaks at them.
            // Most spans are short (`onPause`): written as they are. A long one is written in place,
            // with no String made for it.
            let literal = document.nodes[index].literal
            if literal.utf8.count <= HTML.unbrokenNameLimit || literal.withUTF8Bytes({ $0.contains(UInt8(ascii: " ")) }) {
                out.text(literal)
            } else {
                out.breakable(literal)
            }
            out.raw("</code>")
            return nil
        case .emphasis:
            out.raw("<em>")
        case .strong:
            out.raw("<strong>")
        case .strikethrough:
            out.raw("<del>")
        case .languageSpan(let lang):
            out.raw("<span lang=\"")
            out.text(lang)
            out.raw("\">")
        case .link(let url, let title):
            // An unsafe link keeps its text but loses the <a>.
            frame.flag = !URLSafety.isSafe(url, isImage: false)
            if !frame.flag {
                out.raw("<a href=\"")
                out.url(HeadingSlugger.precomposingFragment(renderer.linkTarget?(url, false)?.url ?? url))
                writeTitle(title)
                out.raw("\">")
            }
        case .image(let url, let title):
            let alt = document.plainText(of: index)
            if URLSafety.isSafe(url, isImage: true) {
                let target = renderer.linkTarget?(url, true)
                out.raw("<img src=\"")
                out.url(target?.url ?? url)
                out.raw("\" alt=\"")
                out.text(alt)
                writeTitle(title)
                // The image's own size reserves its place before it loads: no layout shift.
                if let width = target?.width, let height = target?.height {
                    out.raw("\" width=\"\(width)\" height=\"\(height)")
                }
                out.raw("\" loading=\"lazy\">")
            } else {
                out.text(alt)
            }
            return nil
        case .footnoteReference(let number, let occurrence):
            out.raw("<sup class=\"footnote-ref\"><a href=\"#fn:\(number)\" id=\"\(referenceID(number, occurrence))\">")
            out.raw("\(number)</a></sup>")
            return nil
        }
        return frame
    }

    /// Writes a node's closing once all its children are written.
    private mutating func exit(_ frame: Frame) {
        let index = frame.node
        switch document.nodes[index].kind {
        case .document, .other, .thematicBreak, .codeBlock, .htmlBlock, .text, .htmlInline, .softBreak,
            .lineBreak, .code, .image, .footnoteReference:
            break
        case .blockQuote:
            out.newlineIfNeeded()
            out.raw(frame.flag ? "</div>\n" : "</blockquote>\n")
        case .list(let ordered, _, _):
            out.newlineIfNeeded()
            out.raw(ordered ? "</ol>\n" : "</ul>\n")
        case .item:
            out.raw("</li>\n")
        case .paragraph:
            if let parent = document.nodes[index].parent,
                case .footnoteDefinition = document.nodes[parent].kind,
                document.nodes[parent].children.last == index
            {
                out.raw(" ")
                writeBackReferences(parent)
            }
            if labelledTask(paragraph: index) != nil { out.raw("</label>") }
            if !frame.flag { out.raw("</p>\n") }
        case .heading(let level):
            if renderer.headingAnchors {
                out.raw(" <a class=\"heading-anchor\" href=\"#")
                out.text(openHeadingID)
                out.raw("\" aria-label=\"")
                out.text(renderer.anchorLabel)
                out.raw("\">#</a>")
            }
            out.raw("</h\(level)>\n")
        case .table:
            if let last = document.nodes[index].children.last, case .tableRow(false) = document.nodes[last].kind {
                out.raw("</tbody>\n")
            }
            out.raw("</table>\n")
        case .tableRow(let isHeader):
            out.raw(isHeader ? "</tr>\n</thead>\n" : "</tr>\n")
        case .tableCell:
            out.raw(isHeaderCell(index) ? "</th>\n" : "</td>\n")
        case .footnoteDefinition:
            // Back links go inside a closing paragraph, or on their own.
            if let last = document.nodes[index].children.last, case .paragraph = document.nodes[last].kind {
            } else {
                out.newlineIfNeeded()
                out.raw("<p>")
                writeBackReferences(index)
                out.raw("</p>\n")
            }
            out.newlineIfNeeded()
            out.raw("</li>\n")
            if !siblingIsFootnote(index, offset: 1, position: frame.position) {
                out.raw("</ol>\n</section>\n")
            }
        case .emphasis:
            out.raw("</em>")
        case .strong:
            out.raw("</strong>")
        case .strikethrough:
            out.raw("</del>")
        case .languageSpan:
            out.raw("</span>")
        case .link:
            if !frame.flag { out.raw("</a>") }
        }
    }

    // MARK: - Pieces

    private mutating func writeCodeBlock(info: String, code: String, node: Int) {
        out.newlineIfNeeded()
        if let custom = replacement(of: node) {
            out.raw(custom)
            out.newlineIfNeeded()
            return
        }
        // The language is the info string's first word.
        let language = info.unicodeScalars.prefix { !($0 == " " || $0 == "\t") }
        if !language.isEmpty {
            out.raw("<pre><code class=\"language-")
            out.text(String(language))
            out.raw("\">")
        } else {
            out.raw("<pre><code>")
        }
        out.text(code)
        out.raw("</code></pre>\n")
    }

    /// The HTML made elsewhere that stands for node `index`, if any.
    private func replacement(of index: Int) -> UnsafeBufferPointer<UInt8>? {
        index < isReplaced.count && isReplaced[index] ? nodeHTML.html(of: index) : nil
    }

    /// A task's box: disabled (the page does not keep state), named by the
    /// <label> around it or, without one, by `ariaLabel`.
    private mutating func writeCheckbox(_ task: TaskState, ariaLabel: String?) {
        out.raw(task == .checked ? "<input type=\"checkbox\" disabled checked" : "<input type=\"checkbox\" disabled")
        if let ariaLabel {
            out.raw(" aria-label=\"")
            out.text(ariaLabel)
            out.raw("\"")
        }
        out.raw("> ")
    }

    private mutating func writeTitle(_ title: String) {
        guard !title.isEmpty else { return }
        out.raw("\" title=\"")
        out.text(title)
    }

    /// One "↩" link per reference to the footnote.
    private mutating func writeBackReferences(_ definition: Int) {
        guard case .footnoteDefinition(let number, let count) = document.nodes[definition].kind else { return }
        for occurrence in 1...max(count, 1) {
            if occurrence > 1 { out.raw(" ") }
            out.raw("<a href=\"#\(referenceID(number, occurrence))\" class=\"footnote-backref\" aria-label=\"")
            out.text(renderer.footnoteBackLabel)
            out.raw(occurrence > 1 ? "\">↩<sup>\(occurrence)</sup></a>" : "\">↩</a>")
        }
    }

    /// Footnote ids contain ":", which heading ids never do, so they cannot clash.
    private func referenceID(_ number: Int, _ occurrence: Int) -> String {
        occurrence > 1 ? "fnref:\(number):\(occurrence)" : "fnref:\(number)"
    }

    // MARK: - Questions about the tree

    /// Paragraphs directly in the items of a tight list get no <p>.
    private func isTight(_ paragraph: Int) -> Bool {
        guard let item = document.nodes[paragraph].parent, case .item = document.nodes[item].kind,
            let list = document.nodes[item].parent, case .list(_, _, let tight) = document.nodes[list].kind
        else { return false }
        return tight
    }

    /// The first paragraph of a task item, when it starts the item and has
    /// text to label the item's checkbox with.
    private func labellingParagraph(ofItem item: Int) -> Int? {
        guard let first = document.nodes[item].children.first, case .paragraph = document.nodes[first].kind,
            document.plainText(of: first).contains(where: { !$0.isWhitespace })
        else { return nil }
        return first
    }

    /// The task state of the item this paragraph labels, if it labels one.
    private func labelledTask(paragraph: Int) -> TaskState? {
        guard let item = document.nodes[paragraph].parent, case .item(let task) = document.nodes[item].kind,
            task != .none, labellingParagraph(ofItem: item) == paragraph
        else { return nil }
        return task
    }

    private func isHeaderCell(_ cell: Int) -> Bool {
        guard let row = document.nodes[cell].parent, case .tableRow(let isHeader) = document.nodes[row].kind
        else { return false }
        return isHeader
    }

    private func alignment(ofCell cell: Int, column: Int) -> TableAlignment {
        guard let row = document.nodes[cell].parent, let table = document.nodes[row].parent,
            case .table(let alignments) = document.nodes[table].kind, column < alignments.count
        else { return .none }
        return alignments[column]
    }

    private func previousSiblingIsBodyRow(_ row: Int, position: Int) -> Bool {
        guard position > 0, let table = document.nodes[row].parent else { return false }
        let previous = document.nodes[table].children[position - 1]
        if case .tableRow(false) = document.nodes[previous].kind { return true }
        return false
    }

    /// Whether a link is among the node's ancestors. Links hold only inlines, so the walk
    /// stops at the first block: 10,000 nested list items cost no more than one.
    private func siblingIsFootnote(_ index: Int, offset: Int, position: Int) -> Bool {
        guard let parent = document.nodes[index].parent else { return false }
        let siblings = document.nodes[parent].children
        let sibling = position + offset
        guard siblings.indices.contains(sibling) else { return false }
        if case .footnoteDefinition = document.nodes[siblings[sibling]].kind { return true }
        return false
    }
}
