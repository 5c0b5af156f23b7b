import Markdown

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
