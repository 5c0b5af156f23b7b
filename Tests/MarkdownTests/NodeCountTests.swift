import CCMarkGFM
import Testing
import TestSupport

@testable import Markdown

/// `CMarkParser.nodeCount` walks cmark's tree by the nodes' links: it must count every node
/// cmark's iterator enters, on trees of every shape.
@Suite struct NodeCountTests {
    @Test func theLinksCountWhatTheIteratorEnters() {
        let articles = SourceLineMapTests.articles()
        #expect(articles.count > 10, "the repository's articles are missing")
        var random = SeededRandom(seed: 0xC0_0035 &+ SeededRandom.seedOffset("NODE_COUNT_SEED"))
        // Tricky inputs joined at random: nesting ends at every depth.
        let mixed = (0..<200).map { _ in
            (0..<(1 + random.below(6))).map { _ in random.pick(NodeEndOrderTests.tricky) }.joined(separator: "\n\n")
        }
        var total = 0
        for text in NodeEndOrderTests.tricky + mixed + articles {
            var source = text
            source.makeContiguousUTF8()
            CMarkParser.withTree(of: source, options: CMarkParser.options) { root in
                var entered = 0
                CMarkParser.forEachEvent(root) { event, _ in
                    if event == CMARK_EVENT_ENTER { entered += 1 }
                }
                #expect(CMarkParser.nodeCount(root) == entered, "\(text.debugDescription)")
                total += entered
            }
        }
        #expect(total > 5_000)
    }
}
