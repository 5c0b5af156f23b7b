import CCMarkGFM

@testable import Markdown

/// Parses and renders with the default options.
func html(_ markdown: String, _ renderer: HTMLRenderer = HTMLRenderer()) -> String {
    renderer.render(MarkdownDocument.parse(markdown, file: "test.md")).html
}

extension MarkdownDocument {
    /// Indices of all nodes whose kind matches, in document order.
    func indices(where predicate: (MarkdownNodeKind) -> Bool) -> [Int] {
        nodes.indices.filter { predicate(nodes[$0].kind) }
    }

    func first(_ predicate: (MarkdownNodeKind) -> Bool) -> MarkdownNode? {
        nodes.first { predicate($0.kind) }
    }
}

/// Each event of a walk over cmark's own tree of `text` (parsed as `CMarkParser` parses), and its node.
func forEachCMarkEvent(_ text: String, _ body: (cmark_event_type, OpaquePointer) -> Void) {
    var source = text
    source.makeContiguousUTF8()
    CMarkParser.withTree(of: source, options: CMarkParser.options) { root in CMarkParser.forEachEvent(root, body) }
}
