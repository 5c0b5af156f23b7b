import Testing

@testable import SiteBuild

/// The link scan asks whether ids and links hold a byte by memchr: the answer must be
/// `utf8.contains`'s, for Strings and Substrings, at every position of the byte.
@Suite struct UTF8ContainsTests {
    static let texts = ["", "a", "%", "\n", "sección-1", "id\nwith-newline", "50%-off", "пример%20", "👍🏽#x", String(repeating: "abcdefgh", count: 9) + "%"]

    @Test(arguments: texts) func answersAsUTF8ContainsDoes(_ text: String) {
        for byte: UInt8 in [10, 0x25, 0x23, 0x61, 0xD0, 0x00] {
            #expect(text.utf8Contains(byte) == text.utf8.contains(byte))
            let inner = text.dropFirst()
            #expect(inner.utf8Contains(byte) == inner.utf8.contains(byte))
        }
    }

    @Test func findsTheByteAtEveryOffset() {
        for length in 1...40 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                bytes[position] = UInt8(ascii: "%")
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(text.utf8Contains(UInt8(ascii: "%")))
                #expect(!text.utf8Contains(10))
            }
        }
    }
}
