import Testing
import Highlight

@Suite struct SwiftTokenTests {
    @Test func exactTokensOfAFunction() {
        let code = #"@objc func go() { let s = "n=\(n * 2)\t" } // done"#
        #expect(Highlighter.tokens(code, language: .swift) == [
            tok(.attribute, "@objc"), tok(.plain, " "), tok(.keyword, "func"), tok(.plain, " "),
            tok(.function, "go"), tok(.punctuation, "("), tok(.punctuation, ")"), tok(.plain, " "),
            tok(.punctuation, "{"), tok(.plain, " "), tok(.keyword, "let"), tok(.plain, " "),
            tok(.plain, "s"), tok(.plain, " "), tok(.operator, "="), tok(.plain, " "),
            tok(.string, #""n="#), tok(.interpolation, #"\("#), tok(.plain, "n"), tok(.plain, " "),
            tok(.operator, "*"), tok(.plain, " "), tok(.number, "2"), tok(.interpolation, ")"),
            tok(.escape, #"\t"#), tok(.string, #"""#), tok(.plain, " "), tok(.punctuation, "}"),
            tok(.plain, " "), tok(.comment, "// done"),
        ])
    }

    @Test func exactTokensOfADirectiveBlock() {
        let code = "#if os(iOS)\nvar v: UIView?\n#endif"
        #expect(Highlighter.tokens(code, language: .swift) == [
            tok(.directive, "#if"), tok(.plain, " "), tok(.function, "os"), tok(.punctuation, "("),
            tok(.plain, "iOS"), tok(.punctuation, ")"), tok(.plain, "\n"), tok(.keyword, "var"),
            tok(.plain, " "), tok(.plain, "v"), tok(.punctuation, ":"), tok(.plain, " "),
            tok(.type, "UIView"), tok(.operator, "?"), tok(.plain, "\n"), tok(.directive, "#endif"),
        ])
    }

    @Test func snippetsCoverEveryKind() {
        let code = #"@objc func go() { let s = "n=\(n * 2)\t" } // done"# + "\n#if os(iOS)\nvar v: UIView?\n#endif"
        let kinds = Set(Highlighter.tokens(code, language: .swift).map(\.kind))
        #expect(kinds == Set(TokenKind.allCases))
    }

    @Test(arguments: [
        // Comments
        ("/* a /* b */ c */ x", [tok(.comment, "/* a /* b */ c */"), tok(.plain, "x")]),
        ("/// Doc.\nlet", [tok(.comment, "/// Doc."), tok(.keyword, "let")]),
        ("a/*c*/+b", [tok(.plain, "a"), tok(.comment, "/*c*/"), tok(.operator, "+"), tok(.plain, "b")]),
        // Strings
        (#""a\"b""#, [tok(.string, #""a"#), tok(.escape, #"\""#), tok(.string, #"b""#)]),
        (#""\u{1F600}""#, [tok(.string, #"""#), tok(.escape, #"\u{1F600}"#), tok(.string, #"""#)]),
        (##"#"a\#(b)\n"#"##, [
            tok(.string, ##"#"a"##), tok(.interpolation, ##"\#("##), tok(.plain, "b"),
            tok(.interpolation, ")"), tok(.string, ##"\n"#"##),
        ]),
        (##"#"say "hi""#"##, [tok(.string, ##"#"say "hi""#"##)]),
        ("\"\"\"\nhi \\(a)\n\"\"\"", [
            tok(.string, "\"\"\"\nhi "), tok(.interpolation, #"\("#), tok(.plain, "a"),
            tok(.interpolation, ")"), tok(.string, "\n\"\"\""),
        ]),
        (#""\("\(x)")""#, [
            tok(.string, #"""#), tok(.interpolation, #"\("#), tok(.string, #"""#),
            tok(.interpolation, #"\("#), tok(.plain, "x"), tok(.interpolation, ")"), tok(.string, #"""#),
            tok(.interpolation, ")"), tok(.string, #"""#),
        ]),
        (#""\(f(x))""#, [
            tok(.string, #"""#), tok(.interpolation, #"\("#), tok(.function, "f"), tok(.punctuation, "("),
            tok(.plain, "x"), tok(.punctuation, ")"), tok(.interpolation, ")"), tok(.string, #"""#),
        ]),
        ("\"open\nlet", [tok(.string, "\"open"), tok(.keyword, "let")]),
        // Numbers
        ("0x1F_FF 0b1010 0o17 1_000 3.14 1e10 1.5e-3 0x1p3", [
            tok(.number, "0x1F_FF"), tok(.number, "0b1010"), tok(.number, "0o17"), tok(.number, "1_000"),
            tok(.number, "3.14"), tok(.number, "1e10"), tok(.number, "1.5e-3"), tok(.number, "0x1p3"),
        ]),
        ("1.description", [tok(.number, "1"), tok(.punctuation, "."), tok(.plain, "description")]),
        // Keywords in context
        ("weak var delegate", [tok(.keyword, "weak"), tok(.keyword, "var"), tok(.plain, "delegate")]),
        ("let weak = open", [tok(.keyword, "let"), tok(.plain, "weak"), tok(.operator, "="), tok(.plain, "open")]),
        ("-> some View", [tok(.operator, "->"), tok(.keyword, "some"), tok(.type, "View")]),
        ("case .default: x.self", [
            tok(.keyword, "case"), tok(.punctuation, "."), tok(.plain, "default"), tok(.punctuation, ":"),
            tok(.plain, "x"), tok(.punctuation, "."), tok(.keyword, "self"),
        ]),
        ("[weak self] in", [
            tok(.punctuation, "["), tok(.keyword, "weak"), tok(.keyword, "self"), tok(.punctuation, "]"),
            tok(.keyword, "in"),
        ]),
        ("func get<T>()", [
            tok(.keyword, "func"), tok(.function, "get"), tok(.operator, "<"), tok(.type, "T"),
            tok(.operator, ">"), tok(.punctuation, "("), tok(.punctuation, ")"),
        ]),
        ("`default` $0 \\.count", [
            tok(.plain, "`default`"), tok(.plain, "$0"), tok(.operator, "\\"), tok(.punctuation, "."),
            tok(.plain, "count"),
        ]),
        // Attributes and directives
        ("@available(iOS 13, *)", [
            tok(.attribute, "@available"), tok(.punctuation, "("), tok(.plain, "iOS"), tok(.number, "13"),
            tok(.punctuation, ","), tok(.operator, "*"), tok(.punctuation, ")"),
        ]),
        ("#selector(onTap) #available", [
            tok(.directive, "#selector"), tok(.punctuation, "("), tok(.plain, "onTap"),
            tok(.punctuation, ")"), tok(.directive, "#available"),
        ]),
        // Operators
        ("a..<b x?.y", [
            tok(.plain, "a"), tok(.operator, "..<"), tok(.plain, "b"), tok(.plain, "x"), tok(.operator, "?"),
            tok(.punctuation, "."), tok(.plain, "y"),
        ]),
    ])
    func tokensOfConstructs(code: String, expected: [Token]) {
        #expect(significantTokens(code, .swift) == expected)
    }
}
