import Testing

import Markdown

@Suite struct ConcurrencyTests {
    /// Extension syntax (strikethrough, autolinks, tables) must come out the
    /// same when many documents are parsed at once: cmark-gfm shares some
    /// parser state process-wide.
    @Test func parallelParsesMatchASerialOne() async {
        let inputs = (0..<64).map { n in
            "# Page \(n)\n\n~~old~~ and www.example.com/\(n) ~x~\n\n| a | b |\n|---|:-:|\n| \(n) | ~~y~~ |\n\n- [x] done \(n)\n"
                + String(repeating: "Text ~~struck~~ https://e.com/\(n) more text.\n", count: 50)
        }
        let expected = inputs.map { html($0) }
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for _ in 0..<8 {
                for (index, input) in inputs.enumerated() {
                    group.addTask { (index, html(input)) }
                }
            }
            var all: [(Int, String)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == inputs.count * 8)
        for (index, output) in results {
            #expect(output == expected[index])
        }
    }
}
