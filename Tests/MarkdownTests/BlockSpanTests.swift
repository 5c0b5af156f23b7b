import Testing

import Markdown

/// `RenderedMarkdown.blocks`: each top-level block's bytes of the HTML, in order, so a caller
/// (a tutorial's steps) can regroup them.
@Suite struct BlockSpanTests {
    @Test func theBlocksCoverTheHTMLInOrder() {
        let text = "Intro.\n\n## Uno\n\nTexto[^a].\n\n```swift\nlet x = 1\n```\n\n> ## Citado\n\n- a\n- b\n\n## Dos\n\n[^a]: Nota.\n"
        let document = MarkdownDocument.parse(text, file: "a.md")
        let rendered = HTMLRenderer().render(document)
        #expect(rendered.blocks.map(\.node) == document.children(of: MarkdownDocument.rootIndex))
        #expect(rendered.blocks.first?.utf8Range.lowerBound == 0)
        #expect(rendered.blocks.last?.utf8Range.upperBound == rendered.html.utf8.count)
        for (a, b) in zip(rendered.blocks, rendered.blocks.dropFirst()) { #expect(a.utf8Range.upperBound == b.utf8Range.lowerBound) }
        #expect(rendered.blocks.map { rendered.html(of: $0) }.joined() == rendered.html)
        #expect(rendered.html(of: rendered.blocks[1]).hasPrefix("<h2 id=\"uno\">"))
        #expect(rendered.html(of: rendered.blocks[4]).hasPrefix("<blockquote>"))
        #expect(rendered.html(of: rendered.blocks.last!).contains("<section class=\"footnotes\">"))
    }

    /// Read in place, a render gives the bytes, headings and blocks the array-making render gives,
    /// with nodes replaced and a trailer.
    @Test func aRenderReadInPlaceIsTheRender() {
        let texts = [
            "Intro.\n\n## Uno\n\nTexto[^a].\n\n```swift\nlet x = 1\n```\n\n> ## Citado\n\n- a\n- b\n\n## Dos\n\n[^a]: Nota.\n",
            "", "# T\n\n| a | b |\n|---|---|\n| 1 | é & < |\n", "```\ncode\n```\n\ntext *em* `c`\n",
        ]
        for text in texts {
            let document = MarkdownDocument.parse(text, file: "a.md")
            let replaced = document.nodes.indices.filter { document.nodes[$0].literal.contains("code") || document.nodes[$0].literal.contains("x = 1") }
            func parts() -> NodeHTML {
                var parts = NodeHTML()
                for node in replaced { parts.set("<figure>\(node)</figure>", for: node) }
                return parts
            }
            let rendered = HTMLRenderer().render(document, replacingNodes: parts(), followedBy: ["<svg/>"])
            let read = HTMLRenderer().render(document, replacingNodes: parts(), followedBy: ["<svg/>"]) { bytes, headings, blocks in
                RenderedMarkdown(utf8: Array(bytes), headings: headings, blocks: blocks)
            }
            #expect(read == rendered, "\(text.debugDescription)")
        }
    }
}
