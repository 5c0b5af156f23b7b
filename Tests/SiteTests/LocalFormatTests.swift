import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

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

    /// Below a thousand `number` skips Foundation: it must write what Foundation writes.
    @Test(arguments: ["es", "pt", "bg", "it"])
    func smallNumbersAsFoundationWritesThem(lang: String) {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: lang)
        formatter.numberStyle = .decimal
        for value in [0, 1, 7, 42, 999, 1000, 1234] {
            #expect(LocalFormat.number(value, lang: lang) == formatter.string(from: NSNumber(value: value)), "\(value) in \(lang)")
        }
    }

    @Test(arguments: [
        ("es", "29 de noviembre de 2026"), ("pt", "29 de novembro de 2026"), ("bg", "29 ноември 2026 г."), ("it", "29 novembre 2026"),
    ])
    func dates(lang: String, expected: String) throws {
        let date = try #require(ArticleDate("2026-11-29"))
        #expect(LocalFormat.date(date, lang: lang).replacing("\u{A0}", with: " ").replacing("\u{202F}", with: " ") == expected)
    }

    /// The byte-scan shortcut of `precedes` agrees with Foundation's locale comparison on every pair.
    @Test(arguments: ["es", "pt", "bg", "it"])
    func titleOrderMatchesTheLocaleComparison(lang: String) {
        let locale = Locale(identifier: lang)
        let words = [
            "Inactive", "inactive", "Active", "active · 0001", "Active · 0002", "Active · 0010", "Active · 9", "árbol", "Arbol", "arbol",
            "Ñandú", "nandu", "Nube", "oso", "Zeta", "zeta 2", "Zeta 10", "Ciclo de vida", "ciclo-de-vida", "Ciclo de vida 2",
            "Неактивно състояние", "Активно", "активно 2", "Активно · 0001", "Activity", "Actividad", "Atividade", "Attività",
            "1 estado", "10 estados", "2 estados", "A", "a", "Ab", "aB", "a b", "a-b", "ab", "abc", "ab1", "ab2", "abz", "abZ",
            "Stato Active", "stato inattivo", "Estado: Inactive", "Estado Inactive", "Èstato", "Estato", "Çà", "Ca", "cz",
        ]
        for a in words {
            for b in words {
                let expected = a.compare(b, options: [.caseInsensitive], locale: locale) == .orderedAscending
                #expect(LocalFormat.precedes(a, b, locale: locale) == expected, "\(a) < \(b) in \(lang)")
            }
        }
    }
}
