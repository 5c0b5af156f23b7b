import Encoding
import Testing

/// `ByteHash` reads eight bytes at a time, then the rest one by one: every byte at every
/// offset must count, and the length must end a part.
@Suite struct ByteHashTests {
    @Test func equalBytesHashAlikeAndEveryByteCounts() {
        for length in 0...40 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
            let hash = ByteHash.of(String(decoding: base, as: UTF8.self))
            #expect(ByteHash.of(String(decoding: Array(base), as: UTF8.self)) == hash)
            for offset in base.indices {
                var changed = base
                changed[offset] = UInt8(ascii: "z")
                #expect(ByteHash.of(String(decoding: changed, as: UTF8.self)) != hash, "length \(length), offset \(offset)")
            }
        }
    }

    @Test func theLengthEndsAPart() {
        #expect(ByteHash.of("a") != ByteHash.of("a\u{0}"))
        #expect(ByteHash.of("") != ByteHash.of("\u{0}"))
        func parts(_ parts: [String]) -> UInt64 {
            parts.reduce(ByteHash.start) { hash, part in
                var part = part
                return ByteHash.end(part.withUTF8 { ByteHash.mix(hash, $0) }, length: part.utf8.count)
            }
        }
        #expect(parts(["ab", "c"]) != parts(["a", "bc"]))
        #expect(parts(["a", ""]) != parts(["a"]))
        #expect(parts(["пример"]) == ByteHash.of("пример"))
    }

    /// Canonically equal texts of different bytes are different keys to a byte hash.
    @Test func bytesNotCharactersAreHashed() {
        #expect(ByteHash.of("e\u{301}") != ByteHash.of("\u{e9}"))
        let words = (0..<5_000).map { "word\($0)" }
        #expect(Set(words.map(ByteHash.of)).count == words.count)
    }
}
