import Diagnostics
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
                      "—", "„цитат“", "→", "->", "中文", "ж\u{301}", "\t", "abcdefghij", "0123456789ABCDEF", "\u{200D}", "‼\u{FE0F}"]
        let breaks = ["\n", "\r\n", "\r"]
        var random = SeededRandom(seed: 0x1C0_1A7E)
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
}
