import Testing

@testable import SiteContent

/// `TextKey` hashes its parts' bytes once, eight at a time: keys of equal bytes must hash and
/// compare equal whatever their length, and keys that differ must not be equal.
@Suite struct TextKeyTests {
    static let texts: [String] = {
        var texts = ["", "a", "lifecycle", "пример кода", "👍🏽", "e\u{301}", "\u{e9}"]
        for length in 1...33 { texts.append(String(repeating: "x", count: length)) }
        for length in 1...17 { texts.append(String(repeating: "ж", count: length) + "1") }
        return texts
    }()

    @Test func equalBytesGiveEqualKeysAndHashes() {
        for text in Self.texts {
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(TextKey(text) == TextKey(copy))
            #expect(TextKey(text).hashValue == TextKey(copy).hashValue)
            #expect(TextKey("info", text) == TextKey("info", copy))
            #expect(TextKey("info", text).hashValue == TextKey("info", copy).hashValue)
        }
    }

    @Test func differentTextsGiveDifferentKeys() {
        let keys = Self.texts.map { TextKey($0) }
        #expect(Set(keys).count == Self.texts.count)
        // Canonically equal but not the same bytes: different keys.
        #expect(TextKey("e\u{301}") != TextKey("\u{e9}"))
        // The parts' boundaries count.
        #expect(TextKey("ab", "c") != TextKey("a", "bc"))
        #expect(TextKey("ab", "c").hashValue != TextKey("a", "bc").hashValue)
        #expect(TextKey("a", "") != TextKey("a"))
    }

    /// A byte changed at any offset of a long text changes the hash.
    @Test func everyByteCountsInTheHash() {
        let base = Array(String(repeating: "abcdefgh", count: 5).utf8)
        let hash = TextKey(String(decoding: base, as: UTF8.self)).hashValue
        for offset in base.indices {
            var changed = base
            changed[offset] = UInt8(ascii: "z")
            #expect(TextKey(String(decoding: changed, as: UTF8.self)).hashValue != hash, "offset \(offset)")
        }
    }
}
