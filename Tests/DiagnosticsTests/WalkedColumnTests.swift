@testable import Diagnostics
import Foundation
import Testing
import TestSupport

/// The walk that answers a column from the line's start, against the table it leaves to.
@Suite struct WalkedColumnTests {
    /// Seeded texts of ASCII, Cyrillic, accents (composed and combining), emoji, DEL, HTML
    /// special characters and arrows; places asked anywhere on a line, inside a scalar, at and
    /// past a line's end.
    @Test func walkedColumnsAreTheTables() {
        let pieces = ["a", "word", "  ", "Привет", "жизнь", "é", "e\u{301}", "ñandú", "👍🏽", "\u{7F}", "<b>&amp;", "\"q\"", "'",
                      "—", "„цитат“", "→", "->", "中文", "ж\u{301}", "\t", "abcdefghij", "0123456789ABCDEF", "\u{200D}", "‼\u{FE0F}",
                      "жизненный цикл", "Ñandú àéîõü ÿ", "ÀÁÂ", "ЀЁЂЃЄЅ ѠѡѢѣ ѿ", "Ӂ", "Ѐ\u{301}", "ЖЖЖЖ\u{7F}", "€"]
        let breaks = ["\n", "\r\n", "\r"]
        var random = SeededRandom(seed: ProcessInfo.processInfo.environment["WALKED_COLUMN_SEED"].flatMap { UInt64($0) } ?? 0x1C0_1A7E)
        var asked = 0
        var walked = 0
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<random.below(40) {
                text += random.below(12) == 0 ? random.pick(breaks) : random.pick(pieces)
            }
            let lines = LineIndex(text)
            for _ in 0..<60 {
                let line = 1 + random.below(lines.lineCount)
                guard !lines.asciiLines[line - 1] else { continue }
                let length = (lines.end(ofLine: line) ?? 0) - (lines.start(ofLine: line) ?? 0)
                let offset = random.below(length + 3)
                let expected = lines.tableColumn(line: line, byteOffset: offset)
                if let found = lines.walkedColumn(line: line, byteOffset: offset) {
                    #expect(found == expected, "\(text.debugDescription) line \(line) byte \(offset)")
                    walked += 1
                }
                #expect(lines.column(line: line, byteOffsetInLine: offset) == expected)
                asked += 1
            }
        }
        // Both ways were taken: the walk, and the table it leaves to.
        #expect(walked > asked / 10)
        #expect(walked < asked)
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
