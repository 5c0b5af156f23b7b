import Testing
import TestSupport

@testable import SiteContent

/// Whether a paragraph with arrow chains has words to translate is found by walking its
/// `Character`s around the chains; cutting the chains out of a copy, as before, is the reference.
@Suite struct ProseLetterTests {
    static func reference(_ text: String, outside chains: [Range<Int>]) -> Bool {
        var characters = Array(text)
        for chain in chains.reversed() where chain.upperBound <= characters.count { characters.removeSubrange(chain) }
        return characters.contains(where: \.isLetter)
    }

    /// Letters (Latin, accented, composed and not, Cyrillic), and Characters that are not.
    static let pieces: [String] = [
        "a", "Z", "é", "e\u{301}", "Ж", "ж", "語", " ", "  ", "→", "->", "1", "42", ".", ",", "(", ")", "<b>", "&amp;", "\"", "'",
        "\u{301}", "\u{A0}", "👍", "👩\u{200D}💻", "\r\n", "\n", "Activo → Fondo", "Активно → Фон", "#",
    ]

    @Test func walkingAroundTheChainsMatchesCuttingThem() {
        var generator = SeededRandom(seed: 27)
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<generator.below(10) { text += generator.pick(Self.pieces) }
            let count = text.count
            // Ranges in order and apart (what the chain finder gives), sometimes past the end, sometimes overlapping or out of order.
            var chains: [Range<Int>] = []
            var start = 0
            for _ in 0..<generator.below(4) {
                start += generator.below(4)
                let end = start + generator.below(5)
                chains.append(start..<end)
                start = end
            }
            if generator.below(5) == 0, chains.count > 1 { chains.swapAt(0, chains.count - 1) }
            if generator.below(5) == 0, let first = chains.first { chains.append(first.lowerBound..<(first.upperBound + 2)) }
            #expect(
                ArticleReader.hasLetter(text, outside: chains) == Self.reference(text, outside: chains),
                "\(text.debugDescription) (\(count) Characters), \(chains)")
        }
    }
}
