import Highlight
import Testing
import TestSupport

@testable import SiteContent
@testable import Translations

/// The comparable form of a code block (what translation parity compares) is computed on
/// UTF-8 bytes; these tests hold it to the `Character` definition it was first written with.
@Suite struct ComparableFormTests {
    /// The form as first written, on `Character`s: obviously what it says, and the reference.
    static func reference(_ sample: CodeSample) -> [[UInt8]] {
        let info = sample.info.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var code = sample.code
        if TranslationAnalyzer.isExample(sample) || TranslationAnalyzer.isExercise(sample) {
            code = sample.code.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
                .joined(separator: "\n")
        } else if let language = CodeLanguage(infoString: sample.info) {
            code = Highlighter.tokens(sample.code, language: language).compactMap { token -> String? in
                let breaks = String(repeating: "\n", count: token.text.count { $0 == "\n" })
                switch token.kind {
                case .comment: return breaks
                case .string, .escape: return (token.text.contains("\"") ? "\"" : "…") + breaks
                default: return token.text
                }
            }.joined()
        }
        let written = sample.code.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        var offsets: [Int] = []
        var original: [String] = []
        for (offset, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let folded = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !folded.isEmpty else { continue }
            lines.append(folded)
            offsets.append(offset)
            original.append(offset < written.count ? String(written[offset]) : folded)
        }
        return bytes(info: info, lines: lines, offsets: offsets, original: original)
    }

    /// Every field, byte for byte (`==` on `Comparable` looks at two of them, and `String`'s
    /// `==` forgives canonically equivalent spellings).
    static func bytes(info: String, lines: [String], offsets: [Int], original: [String]) -> [[UInt8]] {
        [Array(info.utf8)] + lines.map { Array($0.utf8) } + [offsets.flatMap { Array(String($0).utf8) + [0] }] + original.map { Array($0.utf8) }
    }

    static func bytes(_ form: TranslationAnalyzer.Comparable) -> [[UInt8]] {
        bytes(info: form.info, lines: form.lines, offsets: form.offsets, original: form.offsets.indices.map(form.originalLine))
    }

    static func expectSameAsReference(_ sample: CodeSample, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let fast = TranslationAnalyzer.computeComparable(sample)
        let slow = reference(sample)
        #expect(bytes(fast) == slow, "info \(sample.info.debugDescription), code \(sample.code.debugDescription)", sourceLocation: sourceLocation)
    }

    /// Pieces whose clusters, comments and literals the byte version must treat as `Character`s do.
    static let pieces: [String] = [
        "a", "b", "state", "->", ":", "(", ")", "{", "}", "1", " ", "  ", "\t", "\n", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}",
        "é", "e\u{301}", "\u{301}", " \u{301}", "\t\u{301}", "\u{A0}", "\u{A0}\u{301}", "\u{2028}", "\u{2029}", "\u{3000}",
        "\u{85}", "\u{1680}", "\u{2003}", "\u{202F}", "\u{205F}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{0600}", "\u{0600} ",
        "\u{0915}\u{094D}\u{0937}", "👍🏽", "👩\u{200D}💻", "\u{1F1EB}\u{1F1F7}", "\u{20E3}", "#\u{20E3}", "\u{0600}#", "#",
        "# comentário", "# коментар", "//", "// коментар", "/*", "*/", "/* é\n */", "\"", "\"\u{301}", "\u{0600}\"", "\"\"\"",
        "\\(", "\\n", "\\\n", "\\\r\n", "${", "$x", "'", "'\\n'", "…", "#\"", "\"#", "print(\"Olá\")", "\r\n\u{301}", "\r\u{301}",
        "Ω", "Ж", "語", "\u{0D4E}", "\u{110BD}",
    ]

    static let infos: [String] = [
        "lifecycle ios-app", "lifecycle\tios-app", "exercise", "exercise  x\u{A0}y", "swift", "kotlin", "kt title=\"Main.kt\"",
        "text", "", "  swift\u{3000}extra ", "Swift", "kts",
    ]

    @Test func generatedBlocksMatchTheCharacterDefinition() {
        var generator = SeededRandom(seed: 18)
        for _ in 0..<4000 {
            let count = generator.below(24)
            var code = ""
            for _ in 0..<count { code += generator.pick(Self.pieces) }
            Self.expectSameAsReference(CodeSample(info: generator.pick(Self.infos), code: code, line: 1))
        }
    }

    /// A lifecycle block's lines cut in place at their comments are those of the block cut first
    /// (`withoutHashComments`) and split again, whenever the cut in place answers.
    @Test func commentCutsInPlaceAreTheLinesOfTheCopy() {
        var generator = SeededRandom(seed: 19)
        var answered = 0
        for _ in 0..<4000 {
            var code = ""
            for _ in 0..<generator.below(24) { code += generator.pick(Self.pieces) }
            let bytes = Array(code.utf8)
            guard let cuts = ComparableText.hashCommentCuts(bytes) else { continue }
            answered += 1
            let copy = ComparableText.withoutHashComments(bytes)
            #expect(cuts.map { Array(bytes[$0]) } == ComparableText.lines(copy).map { Array(copy[$0]) }, "\(code.debugDescription)")
        }
        #expect(answered > 1000)
    }

    @Test(arguments: [
        // CRLF is one `Character`: it does not end a line, in the block or after a cut comment.
        ("lifecycle m", "given a\r\nstart -> b # c\r\nstop"),
        ("lifecycle m", "given a\r# cut\nstart"),
        ("swift", "let a = 1\r\nlet b = 2 // x\r\n"),
        // A space carrying a combining mark is a space; a mark after a tab is not.
        ("lifecycle m", "a \u{301}b\ta\t\u{301}b"),
        // A `#` or `"` joined to a mark is not one.
        ("lifecycle m", "a #\u{20E3} b # c"),
        ("swift", "let s = \"\u{301}x\" + \"\\(y)\u{301}\""),
        // Prepended marks join what follows them, a space included.
        ("lifecycle m", "a\u{0600} b\u{0600}# c"),
        ("swift", "f(\"Olá\", \"\\n\")  /* коментар\n */ g()\u{A0}\u{A0}h"),
        ("kotlin", "val s = \"$name ${x} é\" // comentário\nfun `a b`() = '\\n'"),
    ])
    func trickyBlocksMatchTheCharacterDefinition(info: String, code: String) {
        Self.expectSameAsReference(CodeSample(info: info, code: code, line: 3))
    }

    /// `lines` and `firstIndex(of:in:)` find bytes with memchr: the lines must be the `Character`
    /// split's, and each byte found the first in its range.
    @Test func memchrSearchesAreTheScans() {
        var generator = SeededRandom(seed: 20)
        for _ in 0..<4000 {
            var code = ""
            for _ in 0..<generator.below(24) { code += generator.pick(Self.pieces) }
            let bytes = Array(code.utf8)
            let split = code.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
            #expect(ComparableText.lines(bytes).map { Array(bytes[$0]) } == split, "\(code.debugDescription)")
            let start = generator.below(bytes.count + 1)
            let range = start..<(start + generator.below(bytes.count - start + 1))
            for byte in [ComparableText.hash, ComparableText.newline, ComparableText.quote] {
                #expect(ComparableText.firstIndex(of: byte, in: bytes, range) == bytes[range].firstIndex(of: byte), "\(code.debugDescription) \(range)")
            }
        }
    }

    /// Pieces of blocks that are ASCII outside their comments, as most are, with a few that are not.
    static let mostlyASCIIPieces: [String] = [
        "a", "state", "->", ":", "(", ")", "{", "}", "1", "=", ";", " ", "  ", "\t", "\n", "\n", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}",
        "#", "# note", "# коментар", "# comentário é", "#\u{20E3}", "\r#", "# x\r\n", "#\u{301} y", "// c", "// коментар", "/* é\n */",
        "\"", "\"a b\"", "\"Olá\"", "'\\n'", "\\(", "print(\"x\")", "é", "\u{301}", " \u{301}", "\u{A0}", "\u{0600}", "…",
    ]

    /// The one pass over an ASCII block gives every field the steps give, byte for byte, and the
    /// `Character` reference's; the blocks it declines are left to the steps. `ASCII_PASS_SEED` shifts the seed.
    @Test func onePassOverAnASCIIBlockIsTheSteps() {
        var generator = SeededRandom(seed: 26 &+ SeededRandom.seedOffset("ASCII_PASS_SEED"))
        var answered = 0
        let total = 4000
        for _ in 0..<total {
            var code = ""
            for _ in 0..<generator.below(30) { code += generator.pick(Self.mostlyASCIIPieces) }
            let sample = CodeSample(info: generator.pick(Self.infos), code: code, line: 1)
            let cuts = TranslationAnalyzer.isExample(sample) || TranslationAnalyzer.isExercise(sample)
            var input = Array(code.utf8)
            if !cuts, let lexed = sample.lexed { input = TranslationAnalyzer.withoutCommentsAndStrings(input, lexed) }
            if ComparableText.foldedASCIILines(input, cuttingHashComments: cuts) != nil { answered += 1 }
            let onePass = Self.bytes(TranslationAnalyzer.computeComparable(sample))
            let steps = Self.bytes(TranslationAnalyzer.computeComparable(sample, inOnePass: false))
            #expect(onePass == steps, "info \(sample.info.debugDescription), code \(code.debugDescription)")
            #expect(onePass == Self.reference(sample), "info \(sample.info.debugDescription), code \(code.debugDescription)")
        }
        // Both ways are taken often enough to be compared.
        #expect(answered > total / 10 && answered < total * 9 / 10, "\(answered) of \(total) in one pass")
    }

    /// The word test that copies a run in one piece counts the bytes the byte test keeps, in every
    /// lane, at every edge (a space, DEL, the top bit, a comment's `#`). `KEPT_RUN_SEED` shifts the seed.
    @Test func keptRunCountsTheBytesKeptOneByOne() {
        var generator = SeededRandom(seed: 0x8E7 &+ SeededRandom.seedOffset("KEPT_RUN_SEED"))
        let edges: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x61, 0x7E, 0x7F, 0x80, 0xA0, 0xC3, 0xDE, 0xFF]
        var full = 0
        for _ in 0..<20000 {
            // Mostly kept bytes, so that runs reach every length up to the whole word.
            let bytes = (0..<8).map { _ in generator.below(3) == 0 ? generator.pick(edges) : UInt8(0x21 + generator.below(0x5F)) }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (UInt64($1.offset) * 8) }
            for commentStart in [0, ComparableText.hash] {
                let expected = bytes.prefix { $0 > ComparableText.space && $0 < 0x80 && $0 != commentStart }.count
                #expect(ComparableText.keptRun(word, commentStart: commentStart) == expected, "\(bytes) \(commentStart)")
                if expected == 8 { full += 1 }
            }
        }
        #expect(full > 100)
    }

    @Test(arguments: [
        ("lifecycle m", "given a # коментар\r\nstill comment\nstart -> b"),
        ("lifecycle m", "a\r# cut\nb"),
        ("exercise", "option* x  # é\n\n  y\t z \n"),
        ("text", "a  b\r\n\tc\n\n"),
        // Runs longer than a word, cut by a comment, a non-ASCII scalar or the end in every lane.
        ("lifecycle m", "transitionFromStateToState#comment\nabcdefg#h\nabcdefgh#\nlongerThanAWord"),
        ("text", "abcdefghijklmnopé\nabcdefghé\u{7F}\u{7F}~~~~~~~~~ "),
        ("swift", "let a = \"x\" // é\nlet b = 1"),
    ])
    func onePassAnswersLikeTheSteps(info: String, code: String) {
        let sample = CodeSample(info: info, code: code, line: 1)
        #expect(Self.bytes(TranslationAnalyzer.computeComparable(sample)) == Self.bytes(TranslationAnalyzer.computeComparable(sample, inOnePass: false)))
        Self.expectSameAsReference(sample)
    }

    /// An info string already folded is kept as it is; any other is folded: either way, `folded`'s bytes.
    /// `FOLDED_INFO_SEED` shifts the seed.
    @Test func foldedInfoIsTheFold() {
        var generator = SeededRandom(seed: 0x1F0 &+ SeededRandom.seedOffset("FOLDED_INFO_SEED"))
        let pieces = ["lifecycle", "ios-app", "swift", "x", " ", " ", "  ", "\t", "\r\n", "\u{0B}", "\u{A0}", "é", "\u{301}", " \u{301}", "\u{3000}"]
        var keptAsIs = 0
        for _ in 0..<4000 {
            var info = ""
            for _ in 0..<generator.below(7) { info += generator.pick(pieces) }
            let bytes = Array(info.utf8)
            let folded = ComparableText.foldedInfo(info)
            #expect(Array(folded.utf8) == Array(ComparableText.folded(bytes, 0..<bytes.count).utf8), "\(info.debugDescription)")
            if Array(folded.utf8) == bytes { keptAsIs += 1 }
        }
        #expect(keptAsIs > 400 && keptAsIs < 3600, "\(keptAsIs) of 4000 kept as they are")
    }

    @Test func aLineEndingInCRLFStaysOneLineWithTheNext() {
        let form = TranslationAnalyzer.computeComparable(CodeSample(info: "lifecycle m", code: "given a\r\nstart # x\nstop", line: 1))
        #expect(form.lines == ["given a start", "stop"])
        #expect(form.offsets == [0, 1])
    }

    @Test func asciiWhitespaceIsWhatCharacterCallsWhitespace() {
        for value in UInt8(0)..<0x80 {
            #expect(ComparableText.isASCIIWhitespace(value) == Character(Unicode.Scalar(value)).isWhitespace, "\(value)")
        }
    }

    @Test func decodesEveryScalarLength() {
        for text in ["é", "\u{A0}", "\u{3000}", "語", "👍", "\u{10FFFF}"] {
            let bytes = Array(text.utf8)
            let scalar = ComparableText.scalar(bytes, at: 0, length: ComparableText.sequenceLength(bytes[0]))
            #expect(scalar == text.unicodeScalars.first)
        }
    }
}
