import Testing

@testable import Site

/// Numbers and dates as each language writes them.
@Suite struct LocalFormatTests {
    @Test(arguments: [("es", "75 %"), ("pt", "75%"), ("bg", "75%"), ("it", "75%")])
    func percentages(lang: String, expected: String) {
        #expect(LocalFormat.percent(3, of: 4, lang: lang).replacing("\u{A0}", with: " ") == expected)
    }

    @Test(arguments: [("es", "12.345"), ("pt", "12.345"), ("bg", "12 345"), ("it", "12.345")])
    func thousands(lang: String, expected: String) {
        #expect(LocalFormat.number(12_345, lang: lang).replacing("\u{A0}", with: " ").replacing("\u{202F}", with: " ") == expected)
    }

    @Test(arguments: [
        ("es", "29 de noviembre de 2026"), ("pt", "29 de novembro de 2026"), ("bg", "29 ноември 2026 г."), ("it", "29 novembre 2026"),
    ])
    func dates(lang: String, expected: String) throws {
        let date = try #require(ArticleDate("2026-11-29"))
        #expect(LocalFormat.date(date, lang: lang).replacing("\u{A0}", with: " ").replacing("\u{202F}", with: " ") == expected)
    }
}
