import Encoding
import Foundation
import Testing
import TestSupport

import Markdown

/// Nodes' HTML handed over in the `ByteOutput` it was written in (`NodeHTML`) is written as
/// given, in place of the node, as HTML given as strings is.
@Suite struct NodeHTMLTests {
    /// A node's HTML written piece by piece past its output's first capacity, as a figure's is.
    static func output(_ html: String) -> ByteOutput {
        var output = ByteOutput(capacity: 16)
        for piece in html.split(separator: "|", omittingEmptySubsequences: false) { output.append(utf8: String(piece)) }
        return output
    }

    @Test func givenBytesAreWrittenAsGiven() {
        let document = MarkdownDocument.parse("a [b](x)\n\n```swift\nlet c = 1\n```\n", file: "test.md")
        let text = document.indices(where: { if case .text = $0 { true } else { false } })
        let code = document.indices(where: { if case .codeBlock = $0 { true } else { false } })
        #expect(text.count == 2 && code.count == 1)
        var nodeHTML = NodeHTML()
        nodeHTML.set(Self.output("<mark>B|</mark>"), for: text[1])
        nodeHTML.set("<dropped/>", for: code[0])
        // Given again, a node's later HTML stands.
        nodeHTML.set(Self.output("<figure>|é 🍎|</figure>"), for: code[0])
        // An index past the document's nodes gives nothing.
        nodeHTML.set("<never/>", for: document.nodes.count + 3)
        let html = HTMLRenderer().render(document, replacingNodes: nodeHTML).html
        #expect(html == "<p>a <a href=\"x\"><mark>B</mark></a></p>\n<figure>é 🍎</figure>\n")
    }

    /// Over random documents: each code block and some text runs get random HTML. Given as
    /// `ByteOutput`s, the page is the one rendered with a marker string per node, each marker
    /// then replaced by its node's HTML.
    @Test func randomDocumentsTakeTheirNodesBytes() throws {
        let pieces = [
            "```\n", "```swift\n", "~~~\n", "word", "слово", "é", "🍎", " ", "\n", "\n\n", "> ", "- ", "1. ", "# ", "`", "[l](u)", "*e*", "<b>",
        ]
        let htmlPieces = ["<div>", "</div>", "é", "🍎", "&amp;", "text", "|", "\n", "<svg id=\"ex-1\"></svg>"]
        let seed = 0x0DE_4711 &+ SeededRandom.seedOffset("NODE_HTML_SEED")
        var random = SeededRandom(seed: seed)
        var replaced = 0
        for _ in 0..<800 {
            let markdown = (0..<random.below(30)).map { _ in random.pick(pieces) }.joined()
            let document = MarkdownDocument.parse(markdown, file: "random.md")
            var markers: [Int: String] = [:]
            var htmls: [Int: String] = [:]
            var nodeHTML = NodeHTML()
            for index in document.nodes.indices {
                switch document.nodes[index].kind {
                case .codeBlock: break
                case .text where random.below(3) == 0: break
                default: continue
                }
                // Ended as the marker is, by a byte other than a newline: the renderer starts a new
                // line after a code block's HTML unless it ends one.
                let html = (0..<random.below(12)).map { _ in random.pick(htmlPieces) }.joined() + "<i/>"
                markers[index] = "\u{1}\(index)\u{2}"
                htmls[index] = html.replacingOccurrences(of: "|", with: "")
                nodeHTML.set(Self.output(html), for: index)
            }
            replaced += markers.count
            var expected = HTMLRenderer().render(document, replacing: markers).html
            for (index, marker) in markers {
                // Each marker stands once in the page, where its node's HTML goes.
                #expect(expected.components(separatedBy: marker).count == 2, "\(markdown.debugDescription)")
                expected = expected.replacingOccurrences(of: marker, with: htmls[index] ?? "")
            }
            let actual = HTMLRenderer().render(document, replacingNodes: nodeHTML).html
            #expect(actual == expected, "seed \(seed): \(markdown.debugDescription)")
        }
        #expect(replaced > 300, "the random documents hold too few nodes to replace")
    }

    /// A trailer is written after everything the document makes (footnotes included), as
    /// appending it to the page's bytes did, and belongs to no block.
    @Test(arguments: ["", "# T\n\ntext[^1]\n\n[^1]: note\n", "- a\n- b\n\n```swift\nx\n```", "> [!NOTE]\n> n"])
    func trailerFollowsTheDocument(_ markdown: String) {
        let document = MarkdownDocument.parse(markdown, file: "test.md")
        let trailer = ["<svg id=\"a\">é</svg>\n", "", "<svg id=\"b\"></svg>"]
        let plain = HTMLRenderer().render(document, replacingNodes: NodeHTML())
        let followed = HTMLRenderer().render(document, replacingNodes: NodeHTML(), followedBy: trailer)
        #expect(followed.utf8 == plain.utf8 + Array(trailer.joined().utf8))
        #expect(followed.blocks == plain.blocks)
        #expect(followed.headings == plain.headings)
    }
}
