import Diagnostics

/// Renders a `MarkdownDocument` to HTML5 in Swift (not with cmark's renderer).
///
/// Safe by default: all text is escaped; raw HTML is shown as text, never
/// passed through; links and images with `javascript:`, `vbscript:`, `file:`
/// or `data:` URLs (except PNG/GIF/JPEG/WebP images) lose the URL: a link
/// renders as its content without `<a>`, an image as its alt text.
public struct HTMLRenderer: Sendable {
    /// Where a link or image written in the Markdown really points, for URLs that name a
    /// source (`other.md#part`, `img/diagram.png`); nil keeps the URL as written.
    public typealias LinkTarget = @Sendable (_ url: String, _ isImage: Bool) -> ResolvedURL?

    /// A rewritten URL and, for an image whose file was read, its size in CSS pixels.
    public struct ResolvedURL: Sendable, Hashable {
        public var url: String
        public var width: Int?
        public var height: Int?

        public init(url: String, width: Int? = nil, height: Int? = nil) {
            self.url = url
            self.width = width
            self.height = height
        }
    }

    /// Adds `<a class="heading-anchor" href="#id">#</a>` to each heading.
    public var headingAnchors: Bool
    /// The anchor's `aria-label`, in the page's language.
    public var anchorLabel: String
    public var linkTarget: LinkTarget?
    /// The visible title of a GitHub alert, in the page's language.
    public var alertTitle: @Sendable (AlertKind) -> String
    /// The `aria-label` of a footnote's link back to where it is referenced.
    public var footnoteBackLabel: String
    /// The heading of the footnotes, for screen readers (visually hidden).
    public var footnotesTitle: String
    /// The accessible name of a task item's checkbox when the item has no
    /// text of its own to label it (otherwise its first paragraph is the label).
    public var taskLabel: String
    /// Ids the page gives elements outside the Markdown (the layout's, the
    /// examples'): a heading whose id would be one gets `section-` before it.
    public var reservedIDs: @Sendable (String) -> Bool
    /// The language of the top-level block that starts at a source line, when it is not the
    /// page's (a section left untranslated): such blocks are wrapped in `<div lang>`. Nil: none.
    public var blockLanguage: (@Sendable (_ line: Int) -> String?)?

    public init(
        headingAnchors: Bool = true,
        anchorLabel: String = "Link to this section",
        alertTitle: @escaping @Sendable (AlertKind) -> String = { $0.defaultTitle },
        footnoteBackLabel: String = "Back to content",
        footnotesTitle: String = "Footnotes",
        taskLabel: String = "Task",
        reservedIDs: @escaping @Sendable (String) -> Bool = { _ in false }
    ) {
        self.headingAnchors = headingAnchors
        self.anchorLabel = anchorLabel
        self.alertTitle = alertTitle
        self.footnoteBackLabel = footnoteBackLabel
        self.footnotesTitle = footnotesTitle
        self.taskLabel = taskLabel
        self.reservedIDs = reservedIDs
    }

    /// Renders the document; `nodeHTML` gives the HTML of nodes rendered elsewhere (by node
    /// index: code blocks, e.g. highlighted or run as examples, and text runs, e.g. with marks),
    /// written verbatim in place of the node. It is computed before, from the same document.
    public func render(_ document: MarkdownDocument, replacing nodeHTML: [Int: String] = [:]) -> RenderedMarkdown {
        var parts = NodeHTML()
        for (node, html) in nodeHTML { parts.set(html, for: node) }
        return render(document, replacingNodes: parts)
    }

    /// `render(_:replacing:)` with the nodes' HTML as UTF-8 bytes, each in the storage it was made
    /// in (a figure rendered by a template: not copied, nor checked as UTF-8, on the way to the page).
    /// `trailer` is written verbatim after the document, outside every block (a page's shared
    /// diagrams' arrow markers): appended to the bytes afterwards, it cost a copy of the whole page.
    public func render(_ document: MarkdownDocument, replacingNodes nodeHTML: consuming NodeHTML, followedBy trailer: [String] = []) -> RenderedMarkdown {
        var session = HTMLRenderSession(renderer: self, document: document, nodeHTML: nodeHTML, trailer: trailer)
        return session.run()
    }

    /// `render(_:replacingNodes:followedBy:)` read in place: `body` gets the HTML's bytes (valid
    /// during the call), the headings and the blocks. A caller that regroups the blocks into HTML
    /// of its own (a tutorial's steps) is spared the copy of the whole HTML into an array.
    public func render<Result>(
        _ document: MarkdownDocument, replacingNodes nodeHTML: consuming NodeHTML, followedBy trailer: [String] = [],
        reading body: (UnsafeBufferPointer<UInt8>, [Heading], [RenderedMarkdown.Block]) -> Result
    ) -> Result {
        var session = HTMLRenderSession(renderer: self, document: document, nodeHTML: nodeHTML, trailer: trailer)
        return session.run(body)
    }
}
