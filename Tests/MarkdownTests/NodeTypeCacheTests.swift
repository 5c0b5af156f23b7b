import CCMarkGFM
import Testing
import TestSupport

@testable import Markdown

/// `CMarkParser.NodeTypeCache` tells a core node by its type's number, and an extension's node by
/// its name, matched once and then by the names' pointers (a header row and a task item share
/// their numbers with a row and an item): every node must get the type its name says.
@Suite struct NodeTypeCacheTests {
    /// The type as read from the node's name, every time.
    static func typeByName(_ node: OpaquePointer) -> CMarkParser.NodeType? {
        cmark_node_get_type_string(node).flatMap { CMarkParser.NodeType(rawValue: String(cString: $0)) }
    }

    /// `NODE_TYPE_SEED` added to a fixed seed (to try others).
    static let seed: UInt64 = 0x7E9E_0027 &+ SeededRandom.seedOffset("NODE_TYPE_SEED")

    @Test func everyNodesTypeIsItsNames() {
        let articles = SourceLineMapTests.articles()
        #expect(articles.count > 10, "the repository's articles are missing")
        var random = SeededRandom(seed: Self.seed)
        // Tricky inputs joined at random: types come in ever other orders.
        let mixed = (0..<200).map { _ in
            (0..<(1 + random.below(6))).map { _ in random.pick(NodeEndOrderTests.tricky) }.joined(separator: "\n\n")
        }
        var (nodes, unknown, byNumber, byExtension) = (0, 0, 0, 0)
        for text in NodeEndOrderTests.tricky + mixed + articles {
            var source = text
            source.makeContiguousUTF8()
            CMarkParser.withTree(of: source, options: CMarkParser.options) { root in
                var types = CMarkParser.NodeTypeCache()
                CMarkParser.forEachEvent(root) { event, node in
                    guard event == CMARK_EVENT_ENTER else { return }
                    let type = types.type(of: node)
                    #expect(type == Self.typeByName(node), "\(text.debugDescription)")
                    nodes += 1
                    if type == nil { unknown += 1 }
                    if cmark_node_get_syntax_extension(node) != nil {
                        byExtension += 1
                    } else if CMarkParser.NodeTypeCache.coreType(cmark_node_get_type(node)) != nil {
                        byNumber += 1
                    }
                }
            }
        }
        #expect(nodes > 5_000)
        // Footnotes' nodes are named "<unknown>": the cache knows them as nil too.
        #expect(unknown > 10)
        // Both ways are taken: core nodes by number, the tables' and task lists' by name.
        #expect(byNumber > 4_000 && byExtension > 100)
    }
}
