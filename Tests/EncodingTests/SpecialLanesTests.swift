import Testing
import TestSupport

@testable import Encoding

/// `HTML.specialLanes` finds the five specials with three tests (pairs that differ in one bit);
/// it must mark what one test per special marks up to the first special, and the escaper built
/// on it must write what replacing every special one by one writes. `SPECIAL_LANES_SEED` shifts the seed.
@Suite struct SpecialLanesTests {
    /// One test per special, as `specialLanes` was: the reference.
    static func specialLanesOneByOne(_ word: UInt64) -> UInt64 {
        WordLanes.mask(of: UInt8(ascii: "&"), in: word) | WordLanes.mask(of: UInt8(ascii: "<"), in: word)
            | WordLanes.mask(of: UInt8(ascii: ">"), in: word) | WordLanes.mask(of: UInt8(ascii: "\""), in: word)
            | WordLanes.mask(of: UInt8(ascii: "'"), in: word)
    }

    /// Specials, the bytes one bit away from them, and bytes past 0x7F that become them without their top bit.
    static let nearBytes: [UInt8] = [0x22, 0x26, 0x27, 0x3C, 0x3E, 0x20, 0x23, 0x24, 0x25, 0x3D, 0x3F, 0x2E, 0x36, 0x1C, 0xA2, 0xA6, 0xA7, 0xBC, 0xBE, 0xFE, 0xFD, 0x00, 0x41, 0x7F, 0x80, 0xFF]

    static func randomBytes(_ random: inout SeededRandom, count: Int) -> [UInt8] {
        (0..<count).map { _ in random.below(3) == 0 ? UInt8(truncatingIfNeeded: random.next()) : random.pick(nearBytes) }
    }

    @Test func threeTestsMarkTheFirstSpecialAsFiveDid() {
        var random = SeededRandom(seed: 515 &+ SeededRandom.seedOffset("SPECIAL_LANES_SEED"))
        for _ in 0..<200_000 {
            let bytes = Self.randomBytes(&random, count: 8)
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let fast = HTML.specialLanes(word)
            let reference = Self.specialLanesOneByOne(word)
            #expect((fast == 0) == (reference == 0), "\(bytes)")
            #expect(fast.trailingZeroBitCount == reference.trailingZeroBitCount, "\(bytes)")
        }
    }

    @Test func escapingIsReplacingEachSpecial() {
        var random = SeededRandom(seed: 616 &+ SeededRandom.seedOffset("SPECIAL_LANES_SEED"))
        let replacements: [UInt8: String] = [0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x22: "&quot;", 0x27: "&#39;"]
        for _ in 0..<5_000 {
            // ASCII and valid multi-byte text around the specials and their neighbours.
            let scalars = Self.randomBytes(&random, count: random.below(40)).map { byte -> String in
                byte < 0x80 ? String(UnicodeScalar(byte)) : random.pick(["é", "→", "Я", "名", "👩‍💻"])
            }
            let text = scalars.joined()
            var expected: [UInt8] = []
            for byte in text.utf8 { expected += replacements[byte].map { Array($0.utf8) } ?? [byte] }
            var out = ByteOutput()
            HTML.append(escaping: text, to: &out)
            #expect(out.bytes == expected, "\(text)")
            #expect(Array(HTML.escape(text).utf8) == expected, "\(text)")
        }
    }
}
