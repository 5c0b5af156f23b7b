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

    /// The pairs of the whole table, as before the common start was paired without one (1b5c63d):
    /// a first element on `a`'s side that equals nothing leaves no common start, and the walk
    /// steps over it (leaving it out loses nothing), then walks the table of `a` and `b` whole.
    static func tabledWhole<T: Equatable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
        let pairs = SectionAlignment.commonSubsequence([nil] + a.map(Optional.some), b.map(Optional.some), equal: ==)
        return pairs.map { ($0.0 - 1, $0.1) }
    }

    /// Over random sequences of a few letters, most sharing a start (a translation's blocks and its
    /// source's), the pairs are the whole table's. `LCS_SEED` shifts the seed.
    @Test func commonStartPairedAsTheWholeTablePairsIt() {
        var generator = SeededRandom(seed: 2025 &+ SeededRandom.seedOffset("LCS_SEED"))
        var sharedStarts = 0
        for _ in 0..<3000 {
            let letters = Array("abcd".prefix(1 + generator.below(4)))
            let start = (0..<generator.below(6)).map { _ in generator.pick(letters) }
            let a = start + (0..<generator.below(8)).map { _ in generator.pick(letters) }
            let b = (generator.below(4) == 0 ? [] : start) + (0..<generator.below(8)).map { _ in generator.pick(letters) }
            let fast = SectionAlignment.commonSubsequence(a, b, equal: ==)
            let whole = Self.tabledWhole(a, b)
            #expect(fast.map { [$0.0, $0.1] } == whole.map { [$0.0, $0.1] }, "\(String(a)) / \(String(b))")
            if !a.isEmpty, !b.isEmpty, a[0] == b[0] { sharedStarts += 1 }
        }
        // Most pairs of sequences start alike, so the untabled start is exercised.
        #expect(sharedStarts > 1500)
    }
}
