import Testing

@testable import Encoding

/// `HexDigits.lowercase` writes the digits `String(_:radix: 16)` writes, for every byte's two nibbles.
@Suite struct HexDigitsTests {
    @Test func everyByteIsWrittenAsStringRadix16WritesIt() {
        for value in 0...255 {
            let byte = UInt8(value)
            let written = String(decoding: [HexDigits.lowercase(byte >> 4), HexDigits.lowercase(byte)], as: UTF8.self)
            #expect(written == (value < 16 ? "0" : "") + String(value, radix: 16), "\(value)")
        }
    }
}
