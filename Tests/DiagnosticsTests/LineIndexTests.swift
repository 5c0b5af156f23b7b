@testable import Diagnostics
import Foundation
import Testing
import TestSupport

@Suite struct LineIndexTests {
    /// The byte offset of the first `needle` in `text`.
    private func offset(of needle: String, in text: String) throws -> Int {
        let range = try #require(text.range(of: needle), "'\(needle)' is in the text")
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }

    @Test func emptyTextIsOneEmptyLine() {
        let index = LineIndex("")
        #expect(index.lineCount == 1)
        #expect(index[1] == "")
        #expect(index[2] == nil)
        #expect(index[0] == nil)
        #expect(index.location(ofByteOffset: 0) == (1, 1))
        #expect(index.location(ofByteOffset: 5) == (1, 1), "past the end: the end")
    }

    @Test func lastLineWithoutTrailingNewline() {
        let index = LineIndex("one\ntwo")
        #expect(index.lineCount == 2)
        #expect(index[1] == "one")
        #expect(index[2] == "two")
        #expect(index.location(ofByteOffset: 4) == (2, 1))
        #expect(index.location(ofByteOffset: 6) == (2, 3))
        #expect(index.location(ofByteOffset: 7) == (2, 4), "the end of the text: after the last character")
    }

    @Test func trailingNewlineEndsWithAnEmptyLine() {
        let index = LineIndex("one\ntwo\n")
        #expect(index.lineCount == 3)
        #expect(index[2] == "two")
        #expect(index[3] == "")
        #expect(index.location(ofByteOffset: 7) == (2, 4), "a line break belongs to the line it ends")
        #expect(index.location(ofByteOffset: 8) == (3, 1))
        #expect(index.line(ofByteOffset: 100) == 3)
        #expect(index.line(ofByteOffset: -3) == 1)
    }

    @Test func crlfAndLoneCRBreakLines() throws {
        let text = "a\r\nbb\rccc\n\r\nd"
        let index = LineIndex(text)
        #expect(index.lineCount == 5)
        #expect((1...5).map { index[$0].map(String.init) } == ["a", "bb", "ccc", "", "d"])
        #expect(index.start(ofLine: 2) == 3)
        #expect(index.end(ofLine: 1) == 1)
        #expect(index.location(ofByteOffset: try offset(of: "ccc", in: text)) == (3, 1))
        #expect(index.location(ofByteOffset: try offset(of: "d", in: text)) == (5, 1))
        // The LF of a CRLF is still on the line the pair ends, one column after the CR.
        #expect(index.location(ofByteOffset: 2) == (1, 3))
    }

    @Test func multiByteCharactersAreOneColumnEach() throws {
        let text = "# Привет\nжизнь 🙂 цикл ✓ x"
        let index = LineIndex(text)
        #expect(index.location(ofByteOffset: try offset(of: "Привет", in: text)) == (1, 3))
        #expect(index.location(ofByteOffset: try offset(of: "🙂", in: text)) == (2, 7))
        #expect(index.location(ofByteOffset: try offset(of: "цикл", in: text)) == (2, 9))
        #expect(index.location(ofByteOffset: try offset(of: "x", in: text)) == (2, 16))
        // A byte inside a character gets that character's column.
        #expect(index.location(ofByteOffset: try offset(of: "🙂", in: text) + 2) == (2, 7))
        #expect(index[2] == "жизнь 🙂 цикл ✓ x")
    }

    @Test func combiningCharactersJoinTheirBase() throws {
        // "e" + COMBINING ACUTE, a flag of two regional indicators, a family joined by ZWJ.
        let text = "e\u{301}x 🇮🇹y 👨‍👩‍👧z"
        let index = LineIndex(text)
        #expect(index.location(ofByteOffset: 1) == (1, 1), "the accent belongs to the e")
        #expect(index.location(ofByteOffset: try offset(of: "x", in: text)) == (1, 2))
        #expect(index.location(ofByteOffset: try offset(of: "y", in: text)) == (1, 5))
        #expect(index.location(ofByteOffset: try offset(of: "z", in: text)) == (1, 8))
        #expect(index.column(line: 1, byteOffsetInLine: text.utf8.count) == text.count + 1)
    }

    @Test func columnsPastALineContinueOneByteEach() {
        let index = LineIndex("жж\nx")
        #expect(index.column(line: 1, byteOffsetInLine: 4) == 3, "the line break")
        #expect(index.column(line: 1, byteOffsetInLine: 6) == 5)
        #expect(index.column(line: 2, byteOffsetInLine: 3) == 4, "ASCII: one column per byte")
        #expect(index.column(line: 9, byteOffsetInLine: 3) == 4, "no such line: bytes")
    }

    @Test func lastLineAmongMany() throws {
        let text = (1...2000).map { "line \($0) ж" }.joined(separator: "\n")
        let index = LineIndex(text)
        #expect(index.lineCount == 2000)
        #expect(index[2000] == "line 2000 ж")
        #expect(index.location(ofByteOffset: try offset(of: "line 2000", in: text)) == (2000, 1))
        #expect(index.location(ofByteOffset: text.utf8.count) == (2000, 12))
        #expect(index.sourceLocation(ofByteOffset: try offset(of: "1234 ж", in: text), file: "a.md") == SourceLocation(file: "a.md", line: 1234, column: 6))
    }

    /// Every offset of texts whose line breaks fall at each place of an eight-byte word, with
    /// lines of ASCII, Cyrillic, accents (composed and combining), emoji and DEL, against a
    /// plain walk over the text's Characters.
    @Test func everyOffsetAgreesWithAPlainWalk() {
        let pieces = ["a", "bc", "Привет", "é", "e\u{301}", "👍🏽", "\u{7F}", " ", "ñandú", "中文", "—", "„цитат“", "→", "‼\u{FE0F}", "—\u{301}", "→\u{200D}⇄",
                      "\u{2028}", "\u{2060}x", "\u{205F}"]
        let breaks = ["\n", "\r\n", "\r"]
        var texts: [String] = []
        for shift in 0..<9 {
            var text = String(repeating: "x", count: shift)
            for (n, piece) in pieces.enumerated() {
                text += String(repeating: piece, count: n % 4 + 1) + breaks[(n + shift) % 3] + String(repeating: "y", count: (n * shift) % 11)
            }
            texts.append(text)
            texts.append(String(repeating: "Поток ", count: shift * 3) + "\r\n" + String(repeating: "q", count: shift))
        }
        for text in texts { Self.expectPlainWalk(text) }
    }

    /// Random texts of the same pieces and line breaks, some lines longer than a word, so breaks
    /// fall at every place of the eight-byte words the index scans (`LINE_INDEX_SEED` tries others).
    @Test func randomTextsAgreeWithAPlainWalk() {
        let pieces = ["a", "bcdefgh", "Привет", "é", "e\u{301}", "👍🏽", "\u{7F}", " ", "\n", "\r\n", "\r", "\n\n", "\r\r\n", "—", "\t"]
        let seed = ProcessInfo.processInfo.environment["LINE_INDEX_SEED"].flatMap { UInt64($0) } ?? 0x11DE_0018
        var random = SeededRandom(seed: seed)
        for _ in 0..<400 {
            Self.expectPlainWalk((0..<random.below(30)).map { _ in random.pick(pieces) }.joined())
        }
    }

    /// Every byte's line and column as a plain walk over the text's Characters gives them.
    static func expectPlainWalk(_ text: String) {
        // The reference: line and column of each byte, from the Characters.
        var expected: [(Int, Int)] = []
        var line = 1
        var column = 1
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" {
                // A line break's bytes are on the line it ends, one column each.
                for k in 0..<character.utf8.count { expected.append((line, column + k)) }
                line += 1
                column = 1
            } else {
                for _ in character.utf8 { expected.append((line, column)) }
                column += 1
            }
        }
        let index = LineIndex(text)
        #expect(index.lineCount == line, "\(text.debugDescription)")
        let lineFeeds = Array(text.utf8).withUnsafeBufferPointer(LineIndex.lineFeedCount)
        #expect(lineFeeds == text.utf8.filter { $0 == 0x0A }.count, "\(text.debugDescription)")
        for (offset, place) in expected.enumerated() {
            let found = index.location(ofByteOffset: offset)
            #expect(found == place, "\(text.debugDescription) at \(offset)")
        }
    }

    @Test func copiesShareTheirAnswers() {
        let index = LineIndex("ж\u{301}ж")
        let copy = index
        #expect(index.location(ofByteOffset: 4) == (1, 2))
        #expect(copy.location(ofByteOffset: 4) == (1, 2))
        #expect(copy.location(ofByteOffset: 2) == (1, 1))
    }

    /// The lines of `text` found byte by byte, as the index defines them: "\n", "\r\n" or a lone
    /// "\r" ends a line; a line is ASCII when no byte of its content is 0x80 or above.
    static func referenceLines(_ text: String) -> (starts: [Int], ends: [Int], ascii: [Bool]) {
        let bytes = Array(text.utf8)
        var starts = [0]
        var ends: [Int] = []
        var ascii: [Bool] = []
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A || byte == 0x0D {
                ends.append(offset)
                ascii.append(bytes[starts.last!..<offset].allSatisfy { $0 < 0x80 })
                offset += byte == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
                starts.append(offset)
            } else {
                offset += 1
            }
        }
        ends.append(bytes.count)
        ascii.append(bytes[starts.last!...].allSatisfy { $0 < 0x80 })
        return (starts, ends, ascii)
    }

    /// Texts with and without CR (the memchr path and the word path), seeded.
    @Test func linesAreTheByteByByteLines() {
        let pieces = ["a", "word ", "abcdefghijklmnop", "жизнь", "é", "🍎", "\n", "\n\n", "\r\n", "\r", "\t", "\u{7F}", ""]
        let seed = ProcessInfo.processInfo.environment["LINE_INDEX_SEED"].flatMap { UInt64($0) } ?? 0x11E_0020
        var random = SeededRandom(seed: seed)
        var texts = ["", "\n", "a", "a\n", "\n\n", "\r", "é\nabc\n", String(repeating: "abcdefg\n", count: 9) + "ж"]
        for _ in 0..<2000 {
            let withCR = random.below(3) == 0
            texts.append((0..<random.below(30)).map { _ in random.pick(pieces) }.filter { withCR || !$0.contains("\r") }.joined())
        }
        for text in texts {
            let index = LineIndex(text)
            let reference = Self.referenceLines(text)
            #expect(index.starts == reference.starts, "\(text.debugDescription)")
            #expect(index.ends == reference.ends, "\(text.debugDescription)")
            #expect(index.asciiLines == reference.ascii, "\(text.debugDescription)")
        }
    }
}
