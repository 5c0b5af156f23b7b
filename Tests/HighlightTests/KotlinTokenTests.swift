import Testing
import Highlight

@Suite struct KotlinTokenTests {
    @Test func exactTokensOfAComposable() {
        let code = """
            @Composable
            fun Greeting(name: String) {
                val n = 42L // answer
                Text("Hi $name, ${n + 1}\\n")
            }
            """
        #expect(Highlighter.tokens(code, language: .kotlin) == [
            tok(.attribute, "@Composable"), tok(.plain, "\n"), tok(.keyword, "fun"), tok(.plain, " "),
            tok(.function, "Greeting"), tok(.punctuation, "("), tok(.plain, "name"), tok(.punctuation, ":"),
            tok(.plain, " "), tok(.type, "String"), tok(.punctuation, ")"), tok(.plain, " "),
            tok(.punctuation, "{"), tok(.plain, "\n    "), tok(.keyword, "val"), tok(.plain, " "),
            tok(.plain, "n"), tok(.plain, " "), tok(.operator, "="), tok(.plain, " "), tok(.number, "42L"),
            tok(.plain, " "), tok(.comment, "// answer"), tok(.plain, "\n    "), tok(.type, "Text"),
            tok(.punctuation, "("), tok(.string, "\"Hi "), tok(.interpolation, "$"), tok(.plain, "name"),
            tok(.string, ", "), tok(.interpolation, "${"), tok(.plain, "n"), tok(.plain, " "),
            tok(.operator, "+"), tok(.plain, " "), tok(.number, "1"), tok(.interpolation, "}"),
            tok(.escape, "\\n"), tok(.string, "\""), tok(.punctuation, ")"), tok(.plain, "\n"),
            tok(.punctuation, "}"),
        ])
    }

    @Test func snippetCoversEveryKindButDirectives() {
        let code = "@Composable\nfun Greeting(name: String) {\n    val n = 42L // answer\n    Text(\"Hi $name, ${n + 1}\\n\")\n}"
        let kinds = Set(Highlighter.tokens(code, language: .kotlin).map(\.kind))
        #expect(kinds == Set(TokenKind.allCases).subtracting([.directive]))
    }

    @Test(arguments: [
        // Annotations and labels
        ("@file:JvmName(\"Utils\")", [
            tok(.attribute, "@file:JvmName"), tok(.punctuation, "("), tok(.string, "\"Utils\""),
            tok(.punctuation, ")"),
        ]),
        ("@JvmStatic @Override", [tok(.attribute, "@JvmStatic"), tok(.attribute, "@Override")]),
        ("this@MainActivity return@forEach", [
            tok(.keyword, "this"), tok(.punctuation, "@"), tok(.type, "MainActivity"),
            tok(.keyword, "return"), tok(.punctuation, "@"), tok(.plain, "forEach"),
        ]),
        // Character literals
        ("'a' '\\n' '\\u0041'", [
            tok(.string, "'a'"), tok(.string, "'"), tok(.escape, "\\n"), tok(.string, "'"),
            tok(.string, "'"), tok(.escape, "\\u0041"), tok(.string, "'"),
        ]),
        // Numbers
        ("1_000L 0xFFu 0b1010 1.5f 2.5e-3 .5 3uL 7F", [
            tok(.number, "1_000L"), tok(.number, "0xFFu"), tok(.number, "0b1010"), tok(.number, "1.5f"),
            tok(.number, "2.5e-3"), tok(.number, ".5"), tok(.number, "3uL"), tok(.number, "7F"),
        ]),
        ("1..10", [tok(.number, "1"), tok(.operator, ".."), tok(.number, "10")]),
        // Strings
        ("\"\"\"a $b ${c}\\n\"\"\"", [
            tok(.string, "\"\"\"a "), tok(.interpolation, "$"), tok(.plain, "b"), tok(.string, " "),
            tok(.interpolation, "${"), tok(.plain, "c"), tok(.interpolation, "}"), tok(.string, "\\n\"\"\""),
        ]),
        ("\"\"\"a\"\"\"\" x", [tok(.string, "\"\"\"a\"\"\"\""), tok(.plain, "x")]),
        ("\"${ \"${x}\" }\"", [
            tok(.string, "\""), tok(.interpolation, "${"), tok(.string, "\""), tok(.interpolation, "${"),
            tok(.plain, "x"), tok(.interpolation, "}"), tok(.string, "\""), tok(.interpolation, "}"),
            tok(.string, "\""),
        ]),
        ("\"${ map { it } }\"", [
            tok(.string, "\""), tok(.interpolation, "${"), tok(.plain, "map"), tok(.punctuation, "{"),
            tok(.plain, "it"), tok(.punctuation, "}"), tok(.interpolation, "}"), tok(.string, "\""),
        ]),
        ("\"$this \\$x $ 5\"", [
            tok(.string, "\""), tok(.interpolation, "$"), tok(.keyword, "this"), tok(.string, " "),
            tok(.escape, "\\$"), tok(.string, "x $ 5\""),
        ]),
        ("\"open\nval", [tok(.string, "\"open"), tok(.keyword, "val")]),
        // Modifiers only count before a declaration
        ("data class User", [tok(.keyword, "data"), tok(.keyword, "class"), tok(.type, "User")]),
        ("val data = intent.data", [
            tok(.keyword, "val"), tok(.plain, "data"), tok(.operator, "="), tok(.plain, "intent"),
            tok(.punctuation, "."), tok(.plain, "data"),
        ]),
        ("if (value in range)", [
            tok(.keyword, "if"), tok(.punctuation, "("), tok(.plain, "value"), tok(.keyword, "in"),
            tok(.plain, "range"), tok(.punctuation, ")"),
        ]),
        ("companion object", [tok(.keyword, "companion"), tok(.keyword, "object")]),
        ("private lateinit var player", [
            tok(.keyword, "private"), tok(.keyword, "lateinit"), tok(.keyword, "var"), tok(.plain, "player"),
        ]),
        ("suspend fun load()", [
            tok(.keyword, "suspend"), tok(.keyword, "fun"), tok(.function, "load"), tok(.punctuation, "("),
            tok(.punctuation, ")"),
        ]),
        // Functions, receivers and references
        ("fun String.trimmed()", [
            tok(.keyword, "fun"), tok(.type, "String"), tok(.punctuation, "."), tok(.function, "trimmed"),
            tok(.punctuation, "("), tok(.punctuation, ")"),
        ]),
        ("fun interface Listener", [tok(.keyword, "fun"), tok(.keyword, "interface"), tok(.type, "Listener")]),
        ("fun `loads data`()", [
            tok(.keyword, "fun"), tok(.function, "`loads data`"), tok(.punctuation, "("), tok(.punctuation, ")"),
        ]),
        ("Foo::class ::onPause", [
            tok(.type, "Foo"), tok(.operator, "::"), tok(.keyword, "class"), tok(.operator, "::"),
            tok(.plain, "onPause"),
        ]),
        ("x?.y ?: z!!", [
            tok(.plain, "x"), tok(.operator, "?"), tok(.punctuation, "."), tok(.plain, "y"),
            tok(.operator, "?:"), tok(.plain, "z"), tok(.operator, "!!"),
        ]),
        ("/* a /* b */ c */ null", [tok(.comment, "/* a /* b */ c */"), tok(.keyword, "null")]),
    ])
    func tokensOfConstructs(code: String, expected: [Token]) {
        #expect(significantTokens(code, .kotlin) == expected)
    }
}
