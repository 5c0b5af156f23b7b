import Glibc
import Highlight
import Testing
import TestSupport

/// Whatever the input, the tokens must give it back exactly and nothing may crash.
@Suite struct RoundTripTests {
    static let trickyInputs: [String] = [
        "",
        "\"unterminated",
        "\"unterminated\nnext line",
        "/* unterminated block comment",
        "/* nested /* twice */ still open",
        "/* a /* b */ c */",
        "*/ stray closer",
        "\"\\( \"\\(x)\" )\"",
        "\"${ \"${x}\" }\"",
        "\\",
        "\"\\",
        "\"abc\\",
        "'",
        "'\\",
        "'\\u00",
        "\"\"\"",
        "\"\"\" unclosed\nmulti-line",
        "#\"",
        "##\"raw\"# still open",
        "#\"\\#(",
        "\"\\(",
        "\"\\(\"",
        "$",
        "\"$",
        "\"${",
        "\"${ \"",
        "\"$name",
        "@",
        "@file:",
        "#",
        "#####",
        "`",
        "`unclosed\nx",
        "0x",
        "0b2",
        "1e",
        "1.",
        ".",
        "...",
        "\"\\u{",
        "\"\\u{12345678901}\"",
        "let emoji = \"🎉👩‍👩‍👧\" // 🚀",
        "👩‍👩‍👧 + 🚀",
        "let name = \"Привет, мир\" // комментарий",
        "val имя = \"строка\" /* блок */",
        "let a = 1\r\nlet b = \"x\r\ny\"\r\n",
        "\r",
        "\r\n",
        "\"\r\n\"",
        "e\u{301}\"\u{301}",
        "\t \u{A0}\u{2028}",
        "\u{0}\u{1}",
    ]

    @Test(arguments: CodeLanguage.allCases, trickyInputs)
    func trickyInputRoundTrips(language: CodeLanguage, code: String) {
        expectLossless(code, language)
    }

    /// Fragments chosen to collide: quotes, comment markers, braces, escapes, interpolation openers.
    static let fragments: [String] = [
        "\"", "\"\"\"", "'", "\\", "\\(", "\\#(", "$", "${", "{", "}", "(", ")", "[", "]", "#", "#\"",
        "\"#", "/", "*", "//", "/*", "*/", "@", "`", ":", "::", ".", "..", "?", "!", "=", "<", ">",
        " ", "\t", "\n", "\r\n", "\r", "a", "Z", "_", "e", "x", "0", "1", "0x", "9.5", "u", "L",
        "func", "fun", "let", "val", "class", "data", "weak", "self", "this", "in", "ж", "Ю", "😀", "👩‍👧",
        "\u{301}",
    ]

    @Test(arguments: CodeLanguage.allCases)
    func randomInputsRoundTrip(language: CodeLanguage) {
        var random = SeededRandom(seed: 0x5EED_2026)
        for _ in 0..<2_000 {
            var code = ""
            for _ in 0..<random.below(60) {
                code += random.pick(Self.fragments)
            }
            expectLossless(code, language)
        }
    }

    /// Long runs of delimiters once made the Swift lexer recount the run at every quote
    /// (quadratic: minutes for this size); linear scanning takes well under a second. Judged by
    /// the CPU time of the test's own thread, not the wall clock: a clean-clone CI run, every
    /// other suite running beside these cases on two cores, took them past a one-minute wall
    /// limit (the suite alone: 5 s).
    @Test(.timeLimit(.minutes(20)), arguments: CodeLanguage.allCases, ["\"", "#", "#\"", "\\#", "/*", "`", "$"])
    func longDelimiterRunsStayLinear(language: CodeLanguage, unit: String) {
        let seconds = threadCPUSeconds { expectLossless(String(repeating: unit, count: 300_000), language) }
        #expect(seconds < 30, "\(seconds) s of CPU: not linear")
    }

    @Test(.timeLimit(.minutes(20)), arguments: CodeLanguage.allCases)
    func largeInputRoundTrips(language: CodeLanguage) {
        let unit = "let s = \"a\\(b)${c}\" /* x */ // y\n'q' #\"r\"# 0x1F @main\n"
        let seconds = threadCPUSeconds { expectLossless(String(repeating: unit, count: 5_000), language) }
        #expect(seconds < 30, "\(seconds) s of CPU: not linear")
    }

    /// The CPU time the calling thread spends in `work` (a synchronous test stays on its thread).
    func threadCPUSeconds(_ work: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        work()
        return now() - start
    }
}
