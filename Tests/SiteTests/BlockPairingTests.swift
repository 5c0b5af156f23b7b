import Testing
import TestSupport

@testable import SiteContent
@testable import Translations

/// Translation and source blocks are lined up by `Comparable ==`, which settles most comparisons by
/// a byte hash, the bytes and an ASCII flag; the pairs must be those of `String ==` on their lines.
@Suite struct BlockPairingTests {
    /// Lines that are equal, equal but spelled in another normal form, or differ by one byte.
    static let lines: [String] = [
        "given a", "given b", "start -> b", "start -> c", "print(\"…\")", "print(\"\\\"\")", "x < y && y > z",
        "let é = 1", "let e\u{301} = 1", "val Ж = 2", "val Ж = 3", "caf\u{E9}", "cafe\u{301}", "语 <b>", "'quoted' & more",
        // ASCII texts canonically equal to others that are not: the Kelvin sign, the Greek question mark.
        "let K = 1", "let \u{212A} = 1", "a;", "a\u{037E}",
    ]
    static let infos = ["lifecycle ios-app", "swift", "kotlin", "exercise", "lifecycle android-activity"]

    static func form(_ generator: inout SeededRandom) -> TranslationAnalyzer.Comparable {
        let info = generator.pick(infos)
        return TranslationAnalyzer.Comparable(info: info, lines: (0..<generator.below(4)).map { _ in generator.pick(lines) })
    }

    @Test func pairsAreThoseOfPlainEquality() {
        var generator = SeededRandom(seed: 41)
        for _ in 0..<1500 {
            let ours = (0..<generator.below(7)).map { _ in Self.form(&generator) }
            let theirs = (0..<generator.below(7)).map { _ in Self.form(&generator) }
            let fast = TranslationAnalyzer.BlockPairing(ours: ours, theirs: theirs).same
            let plain = SectionAlignment.commonSubsequence(ours, theirs) { $0.info == $1.info && $0.lines == $1.lines }
            #expect(fast.map { [$0.0, $0.1] } == plain.map { [$0.0, $0.1] }, "\(ours) / \(theirs)")
        }
    }

    /// The cases the signature must not decide alone: canonically equal spellings of one text.
    @Test func canonicallyEqualSpellingsStillPair() {
        let composed = TranslationAnalyzer.Comparable(info: "swift", lines: ["let caf\u{E9} = 1"])
        let decomposed = TranslationAnalyzer.Comparable(info: "swift", lines: ["let cafe\u{301} = 1"])
        #expect(TranslationAnalyzer.BlockPairing(ours: [composed], theirs: [decomposed]).same.count == 1)
        let other = TranslationAnalyzer.Comparable(info: "swift", lines: ["let cafe = 1"])
        #expect(TranslationAnalyzer.BlockPairing(ours: [composed], theirs: [other]).same.isEmpty)
        let ascii = TranslationAnalyzer.Comparable(info: "swift", lines: ["a < b"])
        #expect(TranslationAnalyzer.BlockPairing(ours: [ascii, other], theirs: [other, ascii]).same.count == 1)
    }
}
