import CCMarkGFM
import Diagnostics
import Foundation
import Testing
import TestSupport

@testable import Markdown

/// `CMarkParser` places a node's end as the walk leaves it, after its children; it placed it at
/// once, in pre-order. Columns are counted on from other places on the line then, so the order
/// must not change a single position.
@Suite struct NodeEndOrderTests {
    /// The walk as it was: each node's end placed right after its start.
    static func preOrderNodes(_ text: String) -> [MarkdownNode] {
        var source = text
        source.makeContiguousUTF8()
        return CMarkParser.withTree(of: source, options: CMarkParser.options) { root in
            var builder = TreeBuilder(lines: LineIndex(source))
            var types = CMarkParser.NodeTypeCache()
            var open: [(node: OpaquePointer, index: Int)] = []
            CMarkParser.forEachEvent(root) { event, node in
                if event == CMARK_EVENT_EXIT {
                    while let last = open.popLast(), last.node != node {}
                    return
                }
                let parent = cmark_node_parent(node)
                while let last = open.last, last.node != parent { open.removeLast() }
                let index = CMarkParser.append(node, to: &builder, parent: open.last?.index, types: &types)
                builder.placeEnd(of: index)
                open.append((node, index))
            }
            // `[words]{lang=en}` spans are made from the finished tree, whichever order placed its ends.
            let nodes = builder.finish()
            return LanguageSpans.mayHold(source) ? LanguageSpans.apply(nodes).nodes : nodes
        }
    }

    /// Inputs where columns are hard: non-ASCII, tabs, CRLF and lone CR, lazy lines, code spans
    /// over line breaks, nested containers ending on one line, headings in fences, tables.
    static let tricky = [
        "", "\n", "a", "Привет, мир\n  мир\n", "# Título ñ\n\ntexto *énfasis* `código` fin\n",
        "> quote **bold** and `code`\n> more лениво\nlazy line\n", "- item\n  - deeper *x*\n\n    code\nlazy text\n",
        "1. one\n2. two\n   > nested — „quote“ → end\n", "\tindented\tcode\n\n\ta\tb\n", "a\r\nb\r\n\r\n## h\r\n",
        "a\rb\r\rc", "`code\nover\nlines` after\n", "x `a\n  b` y `c` z\n", "```\n## not a heading\n```\n## heading\n",
        "| a | б |\n|:--|--:|\n| ç | `d` |\n", "e\u{301}e\u{301} *x* 🍎🍏 **y**\n", "👩‍👩‍👧 a [link](u \"t\") ![img](i.png)\n",
        "text[^1]\n\n[^1]: note *x*\n", "- [ ] task\n- [x] done ñ\n", "<div>\nhtml\n</div>\n\n<span>in</span> line\n",
        "  lead  \n\n   \n\ttab *a*\t\n", "Ελληνικά **λέξη** ‐ ‘x’\n", "a  \nb\\\nc\n", "***\n---\n___\n",
        "> - a\n>   - b `c`\n> d\n", "&amp; &copy; \\* \\` *a*\n", "ä\u{308} `ö` ü\n",
    ]

    @Test(arguments: tricky) func trickyInputsKeepEveryPosition(_ text: String) {
        #expect(MarkdownDocument.parse(text, file: "f.md").nodes == Self.preOrderNodes(text))
    }

    @Test func articlesKeepEveryPosition() throws {
        let content = repositoryRoot.appending(path: "Content")
        let files = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let articles = try files.filter { $0.pathExtension == "md" }.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(articles.count > 10, "the repository's articles are missing")
        for text in articles {
            #expect(MarkdownDocument.parse(text, file: "f.md").nodes == Self.preOrderNodes(text))
        }
    }

    @Test func randomDocumentsKeepEveryPosition() {
        let pieces = [
            "word", "слово", "ñandú", "🍎", "e\u{301}", " ", "  ", "\t", "\n", "\n\n", "\r\n", "*", "**", "`", "> ", "- ",
            "1. ", "# ", "## ", "```\n", "[a](b)", "![i](j)", "|", "---", "<b>", "\\", "&amp;", "—", "→", "    ",
        ]
        let seed = ProcessInfo.processInfo.environment["NODE_END_ORDER_SEED"].flatMap { UInt64($0) } ?? 0xE4D_0020
        var random = SeededRandom(seed: seed)
        for _ in 0..<400 {
            let text = (0..<random.below(60)).map { _ in random.pick(pieces) }.joined()
            #expect(MarkdownDocument.parse(text, file: "f.md").nodes == Self.preOrderNodes(text), "\(text.debugDescription)")
        }
    }
}
