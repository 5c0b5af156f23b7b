import Testing
import TestSupport

@testable import Scenarios

/// Two readings of a block line on numbers instead of Strings cut from it: the keyword of a line
/// (`LineReader.Keyword`, once a `Set` of Strings) and the separators of `SourceLine.pieces`
/// (once cut from the line). Both are compared with the readings they replace on random lines.
@Suite struct LineReadingTests {
    static let keywordSet: Set<String> = ["given", "path", "callbacks", "never", "app"]

    @Test func keywordsAreTheSetsWords() {
        let seed = 0x4EE0_0D5 &+ SeededRandom.seedOffset("LINE_READING_SEED")
        var random = SeededRandom(seed: seed)
        let pieces = ["given", "path", "callbacks", "never", "app", "ap", "p", "g", "ive", "n", "Given", "PATH", "s", "_", "1", "é", "e\u{301}", "\u{212A}", "callback"]
        var keywords = 0
        for n in 0..<20_000 {
            var word = ""
            for _ in 0..<(1 + random.below(3)) { word += random.pick(pieces) }
            let keyword = LineReader.Keyword(word)
            #expect((keyword != nil) == Self.keywordSet.contains(word), "#\(n) (seed \(seed)): \(word.debugDescription)")
            switch keyword {
            case .given?: #expect(word == "given")
            case .chain(let kind)?: #expect(word == kind.rawValue)
            case .app?: #expect(word == "app")
            case nil: break
            }
            if keyword != nil { keywords += 1 }
        }
        #expect(keywords > 1_000, "\(keywords) keywords")
    }

    /// `pieces` as first written: each arrow's text cut from the line.
    static func referenceSeparators(_ line: SourceLine, from start: Int, to end: Int, commas: Bool, stopAtColon: Bool) -> [String?] {
        var separators: [String?] = [nil]
        var depth = 0
        var i = start
        while i < end {
            let unit = line.units[i]
            if unit == 0x28 {
                depth += 1
            } else if unit == 0x29 {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                let arrow = line.arrowLength(at: i, end: end)
                if arrow > 0 || (commas && unit == 0x2C) {
                    separators.append(arrow > 0 ? line.text(i..<(i + arrow)) : ",")
                    i += max(arrow, 1)
                    continue
                }
                if stopAtColon && unit == 0x3A { break }
            }
            i += 1
        }
        return separators
    }

    @Test func separatorsAreTheLinesText() {
        let seed = 0x5E9A_4A70 &+ SeededRandom.seedOffset("LINE_READING_SEED")
        var random = SeededRandom(seed: seed)
        let pieces = ["->", "→", "-", ">", ",", ":", "(", ")", " ", "a", "é", "→\u{301}", "-\u{301}>", "onPause", "(_:)"]
        var arrows = 0
        for n in 0..<10_000 {
            var text = ""
            for _ in 0..<random.below(12) { text += random.pick(pieces) }
            let line = SourceLine(text[...], file: "f.md", line: 1, columnOffset: 0)
            for (commas, stopAtColon) in [(true, true), (true, false), (false, false)] {
                let found = line.pieces(from: 0, to: line.count, commas: commas, stopAtColon: stopAtColon).pieces
                let expected = Self.referenceSeparators(line, from: 0, to: line.count, commas: commas, stopAtColon: stopAtColon)
                #expect(found.map { $0.before?.text } == expected, "#\(n) (seed \(seed)): \(text.debugDescription)")
                #expect(found.map { $0.after?.text } == Array(expected.dropFirst()) + [nil], "#\(n) (seed \(seed)): \(text.debugDescription)")
                arrows += expected.filter { $0 == "->" || $0 == "→" }.count
            }
            for i in 0..<line.count where line.arrowLength(at: i, end: line.count) > 0 {
                let length = line.arrowLength(at: i, end: line.count)
                #expect(SourceLine.Separator(arrowOfLength: length).text == line.text(i..<(i + length)), "#\(n) (seed \(seed)): \(text.debugDescription)")
            }
        }
        #expect(arrows > 5_000, "\(arrows) arrows")
    }
}
