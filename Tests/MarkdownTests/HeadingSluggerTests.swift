import Foundation
import Testing
import TestSupport

import Markdown

@Suite struct HeadingSluggerTests {
    @Test(arguments: [
        ("Cuándo surge Inactive", "cuándo-surge-inactive"),
        ("Жизнен цикъл на приложението", "жизнен-цикъл-на-приложението"),
        ("Какво е „onPause“?", "какво-е-onpause"),
        ("Atenção: ação!", "atenção-ação"),
        ("Perché l'app è lenta?", "perché-l-app-è-lenta"),
        ("  Hello,   World!  ", "hello-world"),
        ("C++ & C#", "c-c"),
        ("Android 14 (API 34)", "android-14-api-34"),
        ("snake_case-and-dash", "snake-case-and-dash"),
        ("Hello 👋 World", "hello-world"),
        ("🎉🎉", "section"),
        ("!!!", "section"),
        ("", "section"),
        ("ÉTAT", "état"),
    ])
    func baseSlugs(_ text: String, _ expected: String) {
        #expect(HeadingSlugger.baseSlug(text) == expected)
    }

    /// An accent typed apart from its letter (NFD) stays with it, and the id is precomposed (NFC),
    /// like the fragments of links (`precomposingFragment`).
    @Test func decomposedAccentsStayWithTheirLetter() {
        #expect(HeadingSlugger.baseSlug("Cua\u{301}ndo").unicodeScalars.map(\.value) == "cu\u{E1}ndo".unicodeScalars.map(\.value))
        #expect(HeadingSlugger.baseSlug("Cu\u{E1}ndo").unicodeScalars.map(\.value) == "cu\u{E1}ndo".unicodeScalars.map(\.value))
        #expect(HeadingSlugger.baseSlug("1\u{FE0F}\u{20E3} step") == "1-step")
    }

    @Test func linkFragmentsArePrecomposed() {
        let nfd = HeadingSlugger.precomposingFragment("../b/#cua\u{301}ndo-e\u{301}")
        #expect(nfd.unicodeScalars.map(\.value) == "../b/#cu\u{E1}ndo-\u{E9}".unicodeScalars.map(\.value))
        // Only the fragment: a path is the file's name as written.
        let path = HeadingSlugger.precomposingFragment("../e\u{301}/#x")
        #expect(path.unicodeScalars.map(\.value) == "../e\u{301}/#x".unicodeScalars.map(\.value))
        #expect(HeadingSlugger.precomposingFragment("#ascii-only") == "#ascii-only")
    }

    @Test func lowercasingAgreesWithTheStandardLibrary() {
        for value in 0x20...0x5FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "Z"
            #expect(HeadingSlugger.baseSlug(text) == HeadingSlugger.baseSlug(text.lowercased()), "U+\(String(value, radix: 16))")
        }
    }

    @Test func duplicatesGetSuffixes() {
        var slugger = HeadingSlugger()
        #expect(["x", "x", "x", "X"].map { slugger.slug($0) } == ["x", "x-1", "x-2", "x-3"])
        var other = HeadingSlugger()
        // A heading that already reads "x-1" is not handed out twice.
        #expect(["x", "x-1", "x"].map { other.slug($0) } == ["x", "x-1", "x-2"])
        var empty = HeadingSlugger()
        #expect(["🎉", "?", ""].map { empty.slug($0) } == ["section", "section-1", "section-2"])
    }

    @Test func reservedIdsGetAPrefix() {
        // Reserved: "top" and every "ex-N", as an article reserves its examples' ids.
        let reserved: @Sendable (String) -> Bool = { $0 == "top" || $0.wholeMatch(of: /ex-\d+/) != nil }
        var slugger = HeadingSlugger(reserved: reserved)
        #expect(["Top", "top", "Ex 1", "Ex", "Ex", "Ex", "Section top"].map { slugger.slug($0) }
            == ["section-top", "section-top-1", "section-ex-1", "ex", "section-ex-1-1", "section-ex-2", "section-top-2"])
    }

    /// The slug as defined, from the standard library's lowercasing and categories alone (what
    /// `baseSlug`'s ASCII path and its Latin-1/Cyrillic shortcuts must agree with).
    static func definedSlug(_ text: String) -> String {
        var slug: [UInt8] = []
        var pendingDash = false
        var inWord = false
        for scalar in text.unicodeScalars {
            for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                switch lower.properties.generalCategory {
                case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .decimalNumber, .letterNumber, .otherNumber:
                    if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    slug.append(contentsOf: String(lower).utf8)
                    inWord = true
                case .nonspacingMark, .spacingMark:
                    if inWord && !lower.properties.isVariationSelector { slug.append(contentsOf: String(lower).utf8) }
                case .format:
                    break
                default:
                    pendingDash = true
                    inWord = false
                }
            }
        }
        return slug.isEmpty ? "section" : String(decoding: slug, as: UTF8.self).precomposedStringWithCanonicalMapping
    }

    @Test func randomHeadingsSlugAsDefined() {
        let pieces = [
            "a", "Z", "q", "7", " ", "  ", "-", "_", "!", "?", ",", "'", "(", ")", "#", "é", "E\u{301}", "\u{301}", "Ç", "ß",
            "ÿ", "×", "Ж", "ж", "Ё", "ё", "Ѐ", "İ", "Σ", "ς", "語", "👋", "\u{200D}", "\u{FE0F}", "1\u{FE0F}\u{20E3}", "\u{A0}",
            "\t", "„", "“", "ﬁ", "Ⅻ", "²", "\u{0903}", "क", "\u{1F71}", "\u{212B}", "e\u{327}\u{301}",
        ] + (0..<0x80).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        var random = SeededRandom(seed: 0x5106 &+ SeededRandom.seedOffset("SLUG_SEED"))
        var nonEmpty = 0
        for _ in 0..<5_000 {
            let text = (0..<random.below(12)).map { _ in random.pick(pieces) }.joined()
            let slug = HeadingSlugger.baseSlug(text)
            #expect(Array(slug.utf8) == Array(Self.definedSlug(text).utf8), "\(text.debugDescription)")
            if slug != "section" { nonEmpty += 1 }
        }
        #expect(nonEmpty > 3_000)
    }
}
