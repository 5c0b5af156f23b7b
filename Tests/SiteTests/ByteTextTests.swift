import Foundation
import Testing
import TestSupport

@testable import SiteContent

/// Text tests that read bytes where they can must answer as the `Character` forms they replace.
@Suite struct ByteTextTests {
    static let infos = [
        "", " ", "swift", " swift ", "lifecycle  activity\tapi=34", "kotlin\u{0B}x\u{0C}y", "a\r\nb", "a\rb\nc",
        "\t\t", "lifecycle машина", "exercise\u{00A0}x", "a\u{2003}b", "x \u{301}y", "🍎 apple",
    ]

    @Test(arguments: infos) func fenceInfoWordsAreTheSplitAndJoinedCharacters(_ info: String) {
        let reference = info.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let bytes = Array(info.utf8)
        let words = bytes.withUnsafeBufferPointer { ArticleSections.words($0) }
        #expect(words == reference)
    }

    /// Every ASCII byte as the separator between two words.
    @Test func everyASCIISeparator() {
        for byte in UInt8(0)..<0x80 {
            let info = "a" + String(UnicodeScalar(byte)) + String(UnicodeScalar(byte)) + "b"
            let reference = info.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(Array(info.utf8).withUnsafeBufferPointer { ArticleSections.words($0) } == reference, "byte \(byte)")
        }
    }

    static let texts = [
        "", " ", "123 — 456", "a", "  (x)", "\r\na", "é", "1é", "١٢٣", "— «Привет»", "\u{301}a", "4\u{301}", "👍🏽 5",
        "   .,;:!?", "日本", "x\u{600}1",
    ]

    @Test(arguments: texts) func hasLetterIsContainsIsLetter(_ text: String) {
        #expect(ArticleReader.hasLetter(text) == text.contains(where: \.isLetter))
    }

    @Test func everyASCIIByteBeforeALetterAndAlone() {
        for byte in UInt8(0)..<0x80 {
            let alone = String(UnicodeScalar(byte))
            #expect(ArticleReader.hasLetter(alone) == alone.contains(where: \.isLetter), "byte \(byte)")
            let before = alone + "ж"
            #expect(ArticleReader.hasLetter(before) == before.contains(where: \.isLetter), "byte \(byte)")
        }
    }

    /// Every scalar the byte walk reads (Latin-1's two-byte half, Cyrillic, General Punctuation,
    /// arrows) and its neighbours, alone, after a digit and before a letter, and joined by marks.
    @Test func everyScalarTheByteWalkReads() {
        let ranges: [ClosedRange<UInt32>] = [0x80...0x17F, 0x3F0...0x48F, 0x1FF0...0x2080, 0x2180...0x2200]
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(Character(scalar))
            for text in [alone, "1" + alone, alone + "ж", "— " + alone, alone + "\u{301}", "\u{301}" + alone, "\u{600}" + alone] {
                #expect(ArticleReader.hasLetter(text) == text.contains(where: \.isLetter), "\(text.debugDescription)")
            }
        }
    }

    /// Random prose over the bytes walked and the ones that stop the walk (a Prepend, marks, emoji).
    @Test func randomProseAnswersAsCharacters() {
        let pieces = [
            "a", "Z", "é", "e\u{301}", "×", "÷", "Ж", "ж", "ѿ", "҂", "\u{483}", "—", "„", "“", "→", "⇐", "ⁱ", "Ↄ", "ª", "µ", " ", "\t",
            "\n", "\r\n", "\r", "1", ".", "`", "\u{600}", "\u{200D}", "\u{200B}", "\u{301}", "👍🏽", "日", "١",
        ]
        var random = SeededRandom(seed: ProcessInfo.processInfo.environment["HAS_LETTER_SEED"].flatMap { UInt64($0) } ?? 0x1E77E2)
        for _ in 0..<20000 {
            let text = (0..<random.below(8)).map { _ in random.pick(pieces) }.joined()
            #expect(ArticleReader.hasLetter(text) == text.contains(where: \.isLetter), "\(text.debugDescription)")
        }
    }

    /// The fingerprint's pointer loop hashes as the byte-by-byte definition: every byte value
    /// alone and between letters, runs of white space at the start, middle and end, and
    /// pseudo-random texts over white space, its neighbours and UTF-8.
    /// FNV-1a of the bytes with each run of white space (space, tab, LF, CR) hashed as one
    /// space, and none at the end: the fingerprint's definition, byte by byte.
    static func fingerprintDefinition(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var pendingSpace = false
        for byte in bytes {
            if byte == 32 || byte == 10 || byte == 9 || byte == 13 {
                pendingSpace = true
                continue
            }
            if pendingSpace {
                hash = (hash ^ 32) &* 0x100_0000_01b3
                pendingSpace = false
            }
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    @Test func fingerprintPointerLoopIsTheDefinition() {
        var texts: [[UInt8]] = [[], Array(0...255), Array(" \t a \r\n\n b \t".utf8), Array("Привет,  мир!\n\n".utf8)]
        for byte in UInt8.min...UInt8.max { texts += [[byte], [97, byte, 98], [byte, byte, 97, byte]] }
        let alphabet: [UInt8] = [8, 9, 10, 11, 12, 13, 14, 31, 32, 33, 97, 0x7F, 0xD0, 0xBF, 0xE2, 0x80]
        var random = SeededRandom(seed: 18)
        for length in 1...300 {
            texts.append((0..<length).map { _ in random.pick(alphabet) })
        }
        // Prose-like bytes, where eight at a time are hashed: single and double spaces, a '!' after
        // a space (the lane test may mark it), a rare control byte.
        let prose: [UInt8] = [32, 32, 32, 33, 97, 98, 0x7F, 0xD0, 0xBF, 0xE2, 0x80, 10, 9, 1]
        var proseRandom = SeededRandom(seed: ProcessInfo.processInfo.environment["FINGERPRINT_SEED"].flatMap { UInt64($0) } ?? 0xF1_0020)
        for _ in 0..<2000 {
            let common = prose.prefix(prose.count - 3)
            texts.append((0..<proseRandom.below(80)).map { _ in proseRandom.below(40) == 0 ? proseRandom.pick(prose) : proseRandom.pick(Array(common)) })
        }
        for bytes in texts {
            let definition = Self.fingerprintDefinition(bytes)
            #expect(bytes.withUnsafeBufferPointer(Fingerprint.hash) == definition, "\(bytes)")
            let hex = String(definition, radix: 16)
            #expect(Fingerprint.of(bytes) == String(repeating: "0", count: 16 - hex.count) + hex, "\(bytes)")
        }
    }

    /// `sameFolded` answers as the fingerprints' definitions compare: texts with their white
    /// space runs redrawn (often the same to the hash, not when a run goes or comes), texts
    /// drawn apart, copies, and each text against itself with a white space run added at its end.
    @Test func sameFoldedIsEqualFingerprints() {
        let pieces: [[UInt8]] = [[97], [98], [32], [9], [10], [13], [13, 10], [32, 32], [0xD0, 0xBF], [33], [12], [0]]
        let runs: [[UInt8]] = [[32], [9], [10], [13, 10], [32, 9, 32], []]
        var random = SeededRandom(seed: 0xF27_0003 &+ SeededRandom.seedOffset("FINGERPRINT_SEED"))
        var answers = (same: 0, different: 0)
        for round in 0..<6000 {
            let a = (0..<random.below(10)).flatMap { _ in random.pick(pieces) }
            let b: [UInt8] = switch round % 4 {
            case 0, 1: a.flatMap { [32, 9, 10, 13].contains($0) ? random.pick(runs) : [$0] }
            case 2: (0..<random.below(10)).flatMap { _ in random.pick(pieces) }
            default: a + random.pick(runs)
            }
            let expected = Self.fingerprintDefinition(a) == Self.fingerprintDefinition(b)
            if expected { answers.same += 1 } else { answers.different += 1 }
            #expect(a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { Fingerprint.sameFolded(a, $0) } } == expected, "\(a) \(b)")
            #expect(b.withUnsafeBufferPointer { b in a.withUnsafeBufferPointer { Fingerprint.sameFolded(b, $0) } } == expected, "\(b) \(a)")
        }
        #expect(answers.same > 1500 && answers.different > 1500)
    }

    /// A section's fingerprint is the hash of its own text, read when asked; sections with the
    /// same text once reflowed are the same, a changed word is not.
    @Test func sectionsAreComparedByTheirFoldedText() {
        let body = "Intro line.\n\n## One\n\nSome  words\nhere.\n\n## Two\n\n```swift\nlet x = 1\n```\n"
        let reflowed = "Intro line.\n## One\nSome words here.\n\n\n## Two\n\n```swift\nlet x = 1\n```"
        let changed = "Intro line.\n\n## One\n\nSome other words\nhere.\n\n## Zwei\n\n```swift\nlet x = 1\n```\n"
        let sections = ArticleSections(body: body[...], firstLine: 4).sections
        #expect(sections.map(\.title) == ["", "One", "Two"])
        #expect(sections.map(\.line) == [4, 6, 11])
        #expect(sections.map(\.text) == ["Intro line.\n\n", "## One\n\nSome  words\nhere.\n\n", "## Two\n\n```swift\nlet x = 1\n```\n"])
        #expect(sections.map(\.size) == sections.map(\.text.utf8.count))
        #expect(sections.map(\.fingerprint) == sections.map { Fingerprint.of(String($0.text)) })
        let others = ArticleSections(body: reflowed[...], firstLine: 1).sections
        let edits = ArticleSections(body: changed[...], firstLine: 1).sections
        for index in sections.indices {
            #expect(sections[index].hasSameText(as: others[index]))
            #expect(sections[index].fingerprint == others[index].fingerprint)
            #expect(sections[index].hasSameText(as: edits[index]) == (index == 0))
            #expect((sections[index].fingerprint == edits[index].fingerprint) == (index == 0))
        }
    }

    /// The hex written into the string's storage is `String(radix: 16)` padded to 16 digits.
    @Test func fingerprintHexDigitsAreThePaddedRadixString() {
        var values: [UInt64] = [0, 1, 0xF, 0x10, 0xFFFF_FFFF, 0x0123_4567_89AB_CDEF, .max, 1 << 63, 1 << 60 - 1]
        var random = SeededRandom(seed: 0xF27 &+ SeededRandom.seedOffset("FINGERPRINT_SEED"))
        for _ in 0..<3000 {
            // Values of every length: shifted right by a random number of bits.
            values.append(random.next() >> UInt64(random.below(64)))
        }
        for value in values {
            let hex = String(value, radix: 16)
            #expect(Fingerprint.hexDigits(value) == String(repeating: "0", count: 16 - hex.count) + hex, "\(value)")
        }
    }

    /// Random fence infos of ASCII words and white space (short and long: inline and heap
    /// strings) read as their Characters split and joined.
    @Test func randomFenceInfoWordsAreTheSplitAndJoinedCharacters() {
        let pieces = ["lifecycle", "ios-app", "api=34", "x", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "swift", "exercise"]
        var random = SeededRandom(seed: 0xF27_0001 &+ SeededRandom.seedOffset("FINGERPRINT_SEED"))
        for _ in 0..<2000 {
            let info = (0..<random.below(9)).map { _ in random.pick(pieces) }.joined()
            let reference = info.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(Array(info.utf8).withUnsafeBufferPointer { ArticleSections.words($0) } == reference, "\(info.debugDescription)")
        }
    }

    /// The introduction's white space test on bytes is the Characters' `allSatisfy(\.isWhitespace)`.
    @Test func introductionWhiteSpaceIsTheCharactersOne() {
        let pieces = [" ", "\n", "\r\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{301}", "a", "ж", "#", "\u{0}", "\u{1F}", "\u{7F}"]
        var random = SeededRandom(seed: 0xF27_0002 &+ SeededRandom.seedOffset("FINGERPRINT_SEED"))
        var whiteSpace = 0
        for _ in 0..<3000 {
            // Mostly white space, so that both answers come often.
            let text = (0..<random.below(8)).map { _ in random.below(4) == 0 ? random.pick(pieces) : random.pick(Array(pieces.prefix(11))) }.joined()
            let expected = text.allSatisfy(\.isWhitespace)
            if expected { whiteSpace += 1 }
            #expect(Array(text.utf8).withUnsafeBufferPointer(ArticleSections.isWhiteSpace) == expected, "\(text.debugDescription)")
        }
        #expect(whiteSpace > 300 && whiteSpace < 2700)
    }

    /// A heading title that starts and ends with ASCII ink is one whose first and last Characters
    /// are not white space (the check it saves), on random titles of ASCII, white space, marks,
    /// Prepend and ZWJ scalars and Cyrillic.
    @Test func asciiInkAtBothEndsMeansNoWhiteSpaceCharacterThere() {
        let pieces = [
            "a", "Z", "#", "1", ")", " ", "\t", "\u{0B}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{301}", "\u{600}", "\u{200D}",
            "ж", "é", "e\u{301}", "🇪🇸", "\u{1F}", "\u{7F}",
        ]
        var random = SeededRandom(seed: 0xF27_0003 &+ SeededRandom.seedOffset("FINGERPRINT_SEED"))
        var ink = 0
        for _ in 0..<4000 {
            let title = (0..<random.below(6)).map { _ in random.pick(pieces) }.joined()
            let bytes = Array(title.utf8)
            guard bytes.withUnsafeBufferPointer(ArticleSections.startsAndEndsWithASCIIInk) else { continue }
            ink += 1
            #expect(title.first?.isWhitespace == false && title.last?.isWhitespace == false, "\(title.debugDescription)")
        }
        #expect(ink > 300, "\(ink) titles with ASCII ink at both ends")
    }

    /// `SiteConfig.isLanguageCode` as it was written on Characters, before its byte path.
    static func isLanguageCodeByCharacters(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    @Test func languageCodeBytesAreTheCharactersAnswer() {
        var codes = ["", "es", "pt-BR", "zh-Hant", "es-", "-es", "e", "espa", "es--x", "es-419", "ES", "es-x", "es-abcdefgh", "es-abcdefghi", "e\u{301}s", "\r\n", "és"]
        let pieces = ["e", "s", "p", "t", "B", "R", "4", "1", "9", "-", "-", "é", "\u{301}", "_", " ", "Z", "z", "\r\n"]
        var random = SeededRandom(seed: 0xF27_0003 &+ SeededRandom.seedOffset("FINGERPRINT_SEED"))
        for _ in 0..<4000 {
            // Half of them near a code, so that both answers come often.
            let near = random.pick(["es", "pt", "bg", "zho", "it"]) + random.pick(["", "-BR", "-419", "-Hant", "-x", "-", "-abcdefghi", "-é", "-a1"])
            codes.append(random.below(2) == 0 ? near : (0..<random.below(12)).map { _ in random.pick(pieces) }.joined())
        }
        var accepted = 0
        for code in codes {
            let expected = Self.isLanguageCodeByCharacters(code)
            if expected { accepted += 1 }
            #expect(SiteConfig.isLanguageCode(code) == expected, "\(code.debugDescription)")
        }
        #expect(accepted > 500 && accepted < 3500, "\(accepted) codes accepted")
    }

    /// `SourceLinks.isRelativeReference` as it was written on Characters, before its byte path.
    static func isRelativeReferenceByCharacters(_ url: String) -> Bool {
        let head = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !url.isEmpty && !url.hasPrefix("/") && !url.hasPrefix("#") && !url.hasPrefix("?") && !head.contains(":")
    }

    @Test func relativeReferenceBytesAnswerAsCharacters() {
        var urls = [
            "", "/", "#", "?", ":", "a", "a:b", "https://x.org/a", "mailto:a@b", "img/a.png", "../es/a.md#x", "a/b:c",
            "a?b:c", "a#b:c", "C:\\x", "é:x", "é/x:y", "/\u{301}x", ":\u{301}", "a\r\n:b", "\u{301}/a:b", "пример.md",
        ]
        let alphabet = ["a", "Z", "0", ".", "-", "/", "?", "#", ":", "%", " ", "\r\n", "\t", "é", "\u{301}", "д", "🍎"]
        var random = SeededRandom(seed: ProcessInfo.processInfo.environment["RELATIVE_URL_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0020)
        for _ in 0..<3000 {
            urls.append((0..<random.below(12)).map { _ in random.pick(alphabet) }.joined())
        }
        for url in urls {
            #expect(SourceLinks.isRelativeReference(url) == Self.isRelativeReferenceByCharacters(url), "\(url.debugDescription)")
        }
    }

    /// `SourceLinks.pathAndFragment` as `resolve` wrote it, on Characters, before its byte path.
    static func pathAndFragmentByCharacters(_ url: String) -> (path: String, fragment: String) {
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let fragment = parts.count > 1 ? "#" + parts[1] : ""
        return (String(parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]), fragment)
    }

    @Test func pathAndFragmentBytesAnswerAsCharacters() {
        var urls = ["", "#", "?", "#?", "?#", "a.md", "a.md#x", "a.md?q#x", "a.md#x?q", "a#b#c", "a?b?c", "#\u{301}x", "a?\u{301}#", "\r\n#\r\n"]
        let alphabet = ["a", "Z", "0", ".", "/", "?", "#", "#", "%", " ", "\r\n", "\t", "é", "\u{301}", "д", "🍎", "../", ".md"]
        var random = SeededRandom(seed: ProcessInfo.processInfo.environment["FRAGMENT_SEED"].flatMap { UInt64($0) } ?? 0xF4A6_2030)
        var ascii = 0
        for _ in 0..<3000 {
            urls.append((0..<random.below(12)).map { _ in random.pick(alphabet) }.joined())
        }
        for url in urls {
            if url.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
            let found = SourceLinks.pathAndFragment(url)
            let reference = Self.pathAndFragmentByCharacters(url)
            // Byte for byte: `==` would take canonically equivalent strings as equal.
            #expect(found.path.utf8.elementsEqual(reference.path.utf8), "\(url.debugDescription)")
            #expect(found.fragment.utf8.elementsEqual(reference.fragment.utf8), "\(url.debugDescription)")
        }
        // Both ways were taken: the bytes, and the Characters they leave other URLs to.
        #expect(ascii > 300 && ascii < urls.count - 300, "\(ascii) of \(urls.count) ASCII")
    }

    /// A link's path decoded as Foundation decodes it (`removingPercentEncoding ?? path`, the old
    /// code), asked of Foundation only when the path holds a `%`: seeded paths with and without
    /// escapes, valid, cut short, not hex, and decoding to bytes that are not UTF-8.
    @Test func percentDecodedPathsAreFoundations() {
        var paths = ["", "%", "a%", "%2", "%2F", "%zz", "caf%C3%A9.md", "%C3", "%E2%82", "%FF", "a b.md", "пример.md", "%25", "é%20x"]
        let alphabet = ["a", "Z", "0", "9", ".", "/", "-", "%", "%", "2", "F", "C3", "A9", "%D0%B4", "%20", " ", "é", "д", "🍎", "\u{301}"]
        var random = SeededRandom(seed: ProcessInfo.processInfo.environment["PERCENT_SEED"].flatMap { UInt64($0) } ?? 0x9E_2030)
        var escaped = 0
        for _ in 0..<3000 {
            paths.append((0..<random.below(10)).map { _ in random.pick(alphabet) }.joined())
        }
        for path in paths {
            let reference = path.removingPercentEncoding ?? path
            if !reference.utf8.elementsEqual(path.utf8) { escaped += 1 }
            // Byte for byte: `==` would take canonically equivalent strings as equal.
            #expect(SourceLinks.removingPercentEncoding(path).utf8.elementsEqual(reference.utf8), "\(path.debugDescription)")
        }
        // Both kinds were asked: paths Foundation decodes, and paths it leaves or refuses.
        #expect(escaped > 100 && escaped < paths.count - 100, "\(escaped) of \(paths.count) decoded")
    }
}
