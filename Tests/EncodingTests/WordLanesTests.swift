import Testing

@testable import Encoding

/// `WordLanes.mask` against the bytes one by one: zero exactly when the byte is absent, and
/// its lowest set bit at the first one (in memory order, the word read little-endian).
@Suite struct WordLanesTests {
    /// A byte with its top bit set at every place of lines up to 40 bytes long, and none.
    @Test func asciiIsFoundAtEveryPlace() {
        for length in 0...40 {
            let ascii = [UInt8](repeating: 0x61, count: length)
            #expect(ascii.withUnsafeBufferPointer(WordLanes.isASCII), "\(length) bytes")
            for place in 0..<length {
                var bytes = ascii
                bytes[place] = 0xD0
                #expect(!bytes.withUnsafeBufferPointer(WordLanes.isASCII), "\(length) bytes, 0xD0 at \(place)")
            }
        }
    }

    @Test func marksTheFirstEqualByteAndNoneWhenAbsent() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x00, 0x0A, 0x0D, 0x22, 0x26, 0x3C, 0x3E, 0x7F, 0x80, 0xC3, 0xFF, 0x61, 0x0B, 0x09]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            for byte in [UInt8(0x0A), 0x0D, 0x26, 0x3C, 0x3E, 0x22, 0x7F] {
                let mask = WordLanes.mask(of: byte, in: word)
                if let first = bytes.firstIndex(of: byte) {
                    #expect(mask.trailingZeroBitCount / 8 == first, "\(bytes) \(byte)")
                } else {
                    #expect(mask == 0, "\(bytes) \(byte)")
                }
            }
        }
    }
}
