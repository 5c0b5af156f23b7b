import Testing

import TestSupport

import Encoding
@testable import Scenarios

/// A block line's parser tests spaces, arrows and punctuation on scalar values (`units`) and reads
/// lines of single-scalar Characters without grapheme breaking: every answer must be the one the
/// Characters give.
@Suite struct SourceLineUnitTests {
    static let lines: [String] = [
        "onCreate -> Created: onStart, onResume  # a comment",
        "given Not Running",
        "path Активно → Неактивно → Фон  # коментар",
        "событие@сцена -> Состояние: обратныйВызов(_:), другой",
        "onPause → „onStop“ – готово…",
        "é\u{301} -> x",  // a combining mark: read by Characters
        "a\u{301}bc → d",  // a letter and its mark are one identifier Character
        "👩‍💻 → onStop 🇪🇸, #tag",  // ZWJ and regional indicators
        "Ελληνικά → Κατάσταση",  // Greek: read by Characters
        "x\u{00A0}y\u{2009}z\tw",  // no-break, thin space and a tab
        "f(a, b) -> g: h(c:d), e",
        "#start",
        "",
        "٣٤ → ५६ → 7",  // digits of other scripts
        "onPause -> onStop\r\n",  // a CRLF left on the line: one Character
    ]

    @Test(arguments: lines) func unitsAnswerAsCharactersDo(_ text: String) {
        let line = SourceLine(text[...], file: "f.md", line: 1, columnOffset: 0)
        let chars = Array(text)
        #expect(line.chars == chars)
        #expect(line.units.count == chars.count)
        #expect(line.count == chars.count)
        for i in chars.indices {
            // Lines without a Character of several scalars keep only scalar values: each Character comes back from its value.
            #expect(line.character(at: i) == chars[i])
            #expect(line.isSpace(at: i) == SourceLine.isSpace(chars[i]))
            #expect(line.isIdentifier(at: i) == SourceLine.isIdentifier(chars[i]))
            #expect(line.arrowLength(at: i, end: chars.count) == Self.arrowLength(chars, i))
        }
        let comment = chars.indices.first { chars[$0] == "#" && ($0 == 0 || SourceLine.isSpace(chars[$0 - 1])) } ?? chars.count
        #expect(line.commentStart == comment)
        // The text of every range is the line's bytes there (compared as bytes: String equality
        // would let a composed letter stand for a decomposed one).
        for start in chars.indices {
            for end in start...chars.count {
                #expect(Array(line.text(start..<end).utf8) == Array(String(chars[start..<end]).utf8), "\(start)..<\(end)")
                #expect(line.withUTF8(of: start..<end) { Array($0) } == Array(String(chars[start..<end]).utf8), "\(start)..<\(end)")
            }
        }
        let built = SourceLine(chars: chars, file: "f.md", line: 1, columnOffset: 0)
        #expect(built.units == line.units)
        #expect(built.chars == chars)
        // A line made from Characters has no bytes to hand over.
        #expect(built.withUTF8(of: 0..<chars.count) { Array($0) } == nil)
        for start in chars.indices {
            #expect(built.text(start..<chars.count) == String(chars[start...]))
        }
    }

    /// The scalar reading of a line's bytes gives each scalar's value and UTF-8 end, or nil when a
    /// scalar may join its neighbours, as the string's own `unicodeScalars` say, on random text
    /// of ASCII, Latin-1, Cyrillic, arrows, marks, CR, emoji and Greek.
    @Test func singleScalarsReadAsTheStringDecodes() {
        let seed = 0x5CA1_A125 &+ SeededRandom.seedOffset("SINGLE_SCALARS_SEED")
        var random = SeededRandom(seed: seed)
        let pool: [String] = ["a", "Z", " ", "\t", "#", "-", ">", "é", "ñ", "\u{A0}", "ж", "Щ", "→", "–", "„", "\u{301}", "\r", "\n", "👩", "λ", "\u{2009}"]
        var read = 0
        for n in 0..<3000 {
            let text = (0..<random.below(30)).map { _ in random.below(4) == 0 ? random.pick(pool) : random.pick(Array(pool.prefix(13))) }.joined()
            let scalars = Array(text.unicodeScalars)
            var ends: [Int] = [0]
            for scalar in scalars { ends.append(ends[ends.count - 1] + UTF8.width(scalar)) }
            let expected = scalars.allSatisfy { UTF8Scalar.standsAlone($0.value) } ? (scalars.map(\.value), ends) : nil
            let found = SourceLine.singleScalars(of: text[...])
            #expect(found?.units == expected?.0 && found?.offsets == expected?.1, "#\(n) (seed \(seed)): \(Array(text.utf8))")
            if found != nil { read += 1 }
        }
        #expect(read > 300 && read < 2700)
    }

    /// Every ASCII Character, one at a time.
    /// `asciiUnits` writes the units in one pass; the reading it replaces asked `contains`, then `map`.
    @Test func asciiUnitsAreTheBytesOfAnASCIILine() {
        let seed = 0xA5C1_1A11 &+ SeededRandom.seedOffset("ASCII_UNITS_SEED")
        var random = SeededRandom(seed: seed)
        let bytes: [UInt8] = [0x20, 0x09, 0x0D, 0x41, 0x7A, 0x2D, 0x3E, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x00]
        var ascii = 0
        for n in 0..<20_000 {
            let line = (0..<random.below(40)).map { _ in random.below(4) == 0 ? random.pick(bytes) : UInt8(0x61 + random.below(26)) }
            let expected = line.contains { $0 >= 0x80 || $0 == 0x0D } ? nil : line.map { UInt32($0) }
            let found = line.withUnsafeBufferPointer(SourceLine.asciiUnits)
            #expect(found == expected, "#\(n) (seed \(seed)): \(line)")
            if expected != nil { ascii += 1 }
        }
        #expect(ascii > 1_000 && ascii < 19_000, "\(ascii) ASCII lines")
    }

    /// The run of ASCII without "\r" is found eight bytes at a time and then byte by byte: it ends
    /// where the first such byte from `start` is, wherever it stands in a word.
    @Test func asciiRunsEndAtTheFirstOtherByte() {
        let seed = 0xA5C1_12E4 &+ SeededRandom.seedOffset("ASCII_RUN_SEED")
        var random = SeededRandom(seed: seed)
        let bytes: [UInt8] = [0x0D, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x00, 0x0A]
        for n in 0..<20_000 {
            let line = (0..<random.below(40)).map { _ in random.below(12) == 0 ? random.pick(bytes) : UInt8(0x61 + random.below(26)) }
            let start = random.below(line.count + 1)
            let expected = line[start...].firstIndex { $0 >= 0x80 || $0 == 0x0D } ?? line.count
            #expect(line.withUnsafeBufferPointer { SourceLine.asciiRunEnd($0, from: start) } == expected, "#\(n) (seed \(seed)): \(line) from \(start)")
        }
    }

    /// A substring's bytes are read in its string's storage: the same as its `utf8`, wherever it starts and ends.
    @Test func substringBytesAreItsUTF8() {
        let text = "ab → жé\u{301}x 👩‍💻 #c\r\nd"
        let indexes = Array(text.indices) + [text.endIndex]
        for i in indexes.indices {
            for j in i..<indexes.count {
                let slice = text[indexes[i]..<indexes[j]]
                #expect(slice.withUTF8Bytes { Array($0) } == Array(slice.utf8), "\(i)..<\(j)")
            }
        }
    }

    @Test func asciiIdentifiersAndSpaces() {
        for byte in UInt8(0)..<0x80 where byte != 0x0D {
            let text = String(UnicodeScalar(byte))
            let line = SourceLine(text[...], file: "f.md", line: 1, columnOffset: 0)
            #expect(line.isIdentifier(at: 0) == SourceLine.isIdentifier(Character(text)), "byte \(byte)")
            #expect(line.isSpace(at: 0) == SourceLine.isSpace(Character(text)), "byte \(byte)")
        }
    }

    /// Lines of single-scalar Characters are read by scalars; others are not.
    @Test func singleScalarReadingIsTakenOnlyWhereItHolds() {
        #expect(SourceLine.singleScalars(of: "Активно → Фон"[...]) != nil)
        #expect(SourceLine.singleScalars(of: "e\u{301}"[...]) == nil)
        #expect(SourceLine.singleScalars(of: "a\r\nb"[...]) == nil)
        let read = SourceLine.singleScalars(of: "дa→"[...])
        #expect(read?.offsets == [0, 2, 3, 6])
        #expect(read?.units == [0x434, 0x61, 0x2192])
    }

    /// The first word of an info string is read on bytes; Characters give the same answer.
    @Test func firstWordsAreTheCharactersOnes() {
        let words = ["lifecycle", "exercise"]
        var infos = ["", " ", "\t", "lifecycl", "lifecycles", "lifecycle\u{301}", "lifecycle\u{A0}x", "Lifecycle", "x lifecycle", "\u{301}lifecycle"]
        for word in words {
            for before in ["", " ", "  \t", " \u{301}", "\u{A0}"] {
                for after in ["", " ", "\t", " ios-app", "\tandroid-activity api=28", " \u{301}x", "  \u{301}", " é", "é", "-x", "\u{301}"] {
                    infos.append(before + word + after)
                }
            }
        }
        var yes = 0
        for info in infos {
            for word in words {
                let answer = SourceLine.firstWord(of: info, is: word)
                #expect(answer == SourceLine.firstWordByCharacters(of: info, is: word), "\(info.debugDescription) \(word)")
                if answer { yes += 1 }
            }
        }
        #expect(yes > 20)
        #expect(LifecycleBlockParser.isLifecycle(info: "lifecycle ios-app") && !LifecycleBlockParser.isLifecycle(info: "exercise ios-app"))
        #expect(ExerciseBlockParser.isExercise(info: " exercise android-activity") && !ExerciseBlockParser.isExercise(info: "lifecycle"))
    }

    private static func arrowLength(_ chars: [Character], _ i: Int) -> Int {
        if chars[i] == "→" { return 1 }
        if chars[i] == "-", i + 1 < chars.count, chars[i + 1] == ">" { return 2 }
        return 0
    }
}

/// `SourceLine.singleScalars(of:)` decodes a line's UTF-8 bytes; walking its `unicodeScalars`,
/// as it did before, is the reference.
@Suite struct SingleScalarBytesTests {
    static func reference(_ text: Substring) -> (units: [UInt32], offsets: [Int])? {
        var units: [UInt32] = []
        var offsets = [0]
        for scalar in text.unicodeScalars {
            guard UTF8Scalar.standsAlone(scalar.value) else { return nil }
            units.append(scalar.value)
            offsets.append(offsets[offsets.count - 1] + UTF8.width(scalar))
        }
        return (units, offsets)
    }

    /// One to four bytes a scalar, at the edges of the ranges `standsAlone` lets through.
    static let pieces: [String] = [
        "a", " ", "->", "→", "#", "<b>", "&", "\"", "'", "\r", "\n", "\u{7F}", "\u{80}", "\u{A0}", "é", "e\u{301}", "\u{2FF}", "\u{300}",
        "Ж", "ж", "Активно", "\u{482}", "\u{483}", "\u{48A}", "\u{52F}", "\u{530}", "ệ", "\u{1EFF}", "\u{2000}", "\u{200A}", "\u{200B}",
        "\u{2027}", "\u{2028}", "\u{2030}", "\u{205E}", "\u{205F}", "\u{2190}", "\u{21FF}", "\u{2200}", "語", "👍", "\u{10FFFF}",
    ]

    @Test func generatedLinesMatchTheScalarWalk() {
        var generator = SeededRandom(seed: 31)
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<generator.below(12) { text += generator.pick(Self.pieces) }
            // A slice that starts and ends inside the string, as the parser's lines do.
            let scalars = Array(text.unicodeScalars.indices)
            let lower = scalars.isEmpty ? text.startIndex : scalars[generator.below(scalars.count)]
            let line = text[lower...]
            let fast = SourceLine.singleScalars(of: line)
            let slow = Self.reference(line)
            #expect(fast?.units == slow?.units && fast?.offsets == slow?.offsets, "\(String(line).debugDescription)")
        }
    }
}
