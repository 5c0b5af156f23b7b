@testable import Diagnostics
import Foundation
import Testing
import TestSupport

/// The column walk a parser's cursor takes against the table every other caller reads.
@Suite struct ColumnCursorTests {
    /// Seeded texts of ASCII, Cyrillic, accents (composed and combining), emoji, DEL, HTML
    /// special characters and arrows; places asked mostly in order along a line, as the parser
    /// asks them, sometimes back or on another line, inside a scalar, at and past a line's end,
    /// as starts and as ends at random.
    @Test func walkedColumnsAreTheTables() {
        let pieces = ["a", "word", "  ", "Привет", "жизнь", "é", "e\u{301}", "ñandú", "👍🏽", "\u{7F}", "<b>&amp;", "\"q\"", "'",
                      "—", "„цитат“", "→", "->", "中文", "ж\u{301}", "\t", "abcdefghij", "0123456789ABCDEF", "\u{200D}", "‼\u{FE0F}",
                      "жизненный цикл", "Ñandú àéîõü ÿ", "ÀÁÂ", "ЀЁЂЃЄЅ ѠѡѢѣ ѿ", "Ӂ", "Ѐ\u{301}", "ЖЖЖЖ\u{7F}", "€"]
        let breaks = ["\n", "\r\n", "\r"]
        var random = SeededRandom(seed: ProcessInfo.processInfo.environment["COLUMN_CURSOR_SEED"].flatMap { UInt64($0) } ?? 0x1C0_1A7E)
        var asked = 0
        var walkedOn = 0
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<random.below(40) {
                text += random.below(12) == 0 ? random.pick(breaks) : random.pick(pieces)
            }
            let lines = LineIndex(text)
            var cursor = LineIndex.ColumnCursor()
            var line = 1
            var offset = 0
            for _ in 0..<60 {
                switch random.below(10) {
                case 0: line = 1 + random.below(lines.lineCount + 1)
                    offset = random.below(8)
                case 1: offset = max(offset - random.below(10), 0)
                // Far along the line: eight bytes at a time.
                case 2: offset += random.below(40)
                default: offset += random.below(6)
                }
                let expected = lines.column(line: line, byteOffsetInLine: offset)
                let before = cursor
                let found = lines.column(line: line, byteOffsetInLine: offset, walkingOn: &cursor, end: random.below(2) == 0)
                #expect(found == expected, "\(text.debugDescription) line \(line) byte \(offset)")
                if before != cursor { walkedOn += 1 }
                asked += 1
            }
        }
        // Both ways were taken: the walk, and the table it leaves to.
        #expect(walkedOn > asked / 10)
        #expect(walkedOn < asked)
    }

    /// Eight bytes of ASCII and two-byte letters are counted a word at a time; anything else is not.
    @Test(arguments: [
        ("abcdefgh", 8, 8), ("жизн", 8, 4), ("aжизн", 7, 4), ("éabcdef", 8, 7), ("abcdefgé", 7, 7), ("ÿÀ Ñ!x", 8, 5),
        ("€abcde", nil, nil), ("abc\u{7F}defg", nil, nil), ("Ӂabcdef", nil, nil), ("e\u{301}abcde", nil, nil),
    ] as [(String, Int?, Int?)])
    func twoByteLetterWords(_ text: String, bytes: Int?, columns: Int?) {
        let utf8 = Array(text.utf8.prefix(8))
        #expect(utf8.count == 8)
        let word = utf8.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let counted = LineIndex.twoByteLetterColumns(word)
        #expect(counted?.bytes == bytes)
        #expect(counted?.columns == columns)
    }
}
