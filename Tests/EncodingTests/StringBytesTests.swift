import Encoding
import Testing

@Suite struct StringBytesTests {
    /// Small strings (kept inside the value, no storage), large ones, non-ASCII, and strings cut
    /// from others: `withUTF8Bytes` reads the bytes `withUTF8` reads, without a copy of the string.
    static let texts: [String] = [
        "", "a", "fifteen bytes!!", "sixteen bytes!!!", "Привет", "Привет, мир: жизненият цикъл",
        "✓ 🍎 e\u{301}", String(repeating: "Active → Inactive ", count: 300),
        String("« Not Running → Inactive »".dropFirst(2).dropLast(2)),
    ]

    @Test(arguments: texts) func readsTheBytesWithUTF8Reads(_ text: String) {
        var copy = text
        let expected = copy.withUTF8 { Array($0) }
        #expect(text.withUTF8Bytes { Array($0) } == expected)
        #expect(expected == Array(text.utf8))
        #expect(text.withUTF8Bytes { $0.count } == text.utf8.count)
    }

    @Test func passesOnWhatTheBodyThrows() {
        struct Stop: Error, Equatable {}
        #expect(throws: Stop()) { try "some bytes to read".withUTF8Bytes { _ in throw Stop() } }
    }
}
