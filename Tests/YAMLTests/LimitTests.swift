import Testing
import YAML

@Suite struct LimitTests {
    @Test func nestingUpTo256LevelsParses() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        var node = try document(text)
        var depth = 1
        while let inner = node.array?.first {
            node = inner
            depth += 1
        }
        #expect(depth == 256)
    }

    @Test func deepNesting() {
        let text = String(repeating: "[", count: 300)
        #expect(parseError(text) == YAMLError(mark: mark(1, 257), message: "nesting deeper than 256 levels"))
    }

    @Test func deepNestingThroughAnAlias() {
        let text = "a: &x " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
            + "\nb: " + String(repeating: "[", count: 100) + "*x" + String(repeating: "]", count: 100)
        #expect(parseError(text) == YAMLError(mark: mark(2, 104), message: "nesting deeper than 256 levels"))
    }

    @Test func aliasBomb() {
        // Each level holds ten copies of the one before: 11, 111, 1111, ... nodes.
        var lines = ["a: &a [" + Array(repeating: "x", count: 10).joined(separator: ", ") + "]"]
        for (name, previous) in [("b", "a"), ("c", "b"), ("d", "c"), ("e", "d")] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        // 12,330 nodes are expanded before line 5; its eighth alias (11,111 each) passes 100,000.
        #expect(parseError(lines.joined(separator: "\n")) == YAMLError(
            mark: mark(5, 8 + 7 * 4), message: "alias expansion too large"))
    }

    @Test func moderateAliasUseIsFine() throws {
        let root = try document("defaults: &d {lang: en, draft: false}\npage1: *d\npage2: *d\n")
        #expect(root["page2"]?["lang"]?.string == "en")
        #expect(root["page1"]?["draft"]?.bool == false)
    }
}
