import Testing

@testable import Markdown

/// `plainText(of:)` walks node indices in place; it kept a stack of child arrays. The old walk
/// is kept here as the reference, over every node of the repository's articles and hard inputs.
@Suite struct PlainTextWalkTests {
    /// The walk as it was: a stack of child lists and positions.
    static func referencePlainText(_ document: MarkdownDocument, of index: Int) -> String {
        var out = ""
        var stack: [(children: [Int], next: Int)] = [([index], 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].children.count else {
                stack.removeLast()
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            let node = document.nodes[child]
            switch node.kind {
            case .text, .code: out += node.literal
            case .softBreak, .lineBreak: out += " "
            default: if !node.children.isEmpty { stack.append((node.children, 0)) }
            }
        }
        return out
    }

    @Test func everyNodesTextIsTheReferences() {
        let articles = SourceLineMapTests.articles()
        // Fails loudly when the articles are not found.
        #expect(articles.count > 10)
        var compared = 0
        for text in articles + NodeEndOrderTests.tricky {
            var document = MarkdownDocument.parse(text, file: "f.md")
            // A node taken out of its parent's children (as a title heading is) is not walked.
            if let first = document.nodes[0].children.first, document.nodes[0].children.count > 1 {
                #expect(document.plainText(of: first) == Self.referencePlainText(document, of: first))
                document.nodes[0].children.removeFirst()
            }
            for index in document.nodes.indices {
                #expect(document.plainText(of: index) == Self.referencePlainText(document, of: index))
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }

    @Test func headingsAndImages() {
        let document = MarkdownDocument.parse("# A *b* `c`\nx\n\n![alt **bold**\nline](i.png)\n", file: "f.md")
        let heading = document.children(of: 0)[0]
        #expect(document.plainText(of: heading) == "A b c")
        let image = document.nodes.indices.first { if case .image = document.nodes[$0].kind { true } else { false } }
        #expect(image.map { document.plainText(of: $0) } == "alt bold line")
    }
}
