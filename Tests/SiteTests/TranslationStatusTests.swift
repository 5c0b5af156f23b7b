import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// Stale, broken, missing and current translations, decided from the content itself.
@Suite struct TranslationStatusTests {
    static let siteYML = """
        baseURL: "https://docs.example.org/"
        defaultLanguage: es
        languages:
          - {code: es, name: Español, title: "Sitio"}
          - {code: pt, name: Português, title: "Site"}
          - {code: bg, name: Български, title: "Сайт"}
        """

    static let sourceBody = """
        Introducción con una cadena: Not Running → Inactive → Active.

        ## Primera

        Párrafo uno.

        ```lifecycle ios-app
        # Una interrupción
        given active
        interruption -> inactive : applicationWillResignActive
        ```

        ## Segunda

        Párrafo dos.

        ```swift
        let x = 1 // uno
        ```
        """

    static func fingerprints(_ body: String) -> String {
        let sections = ArticleSections(body: body[...], firstLine: 1).sections
        return "[" + sections.map { "\"\($0.fingerprint)\"" }.joined(separator: ", ") + "]"
    }

    /// A translation of `sourceBody` made when the source read `translatedFrom`.
    static func translation(of translatedFrom: String = sourceBody, body: String? = nil) -> String {
        let text = body ?? """
            Introdução com uma cadeia: Not Running → Inactive → Active.

            ## Primeira

            Parágrafo um.

            ```lifecycle ios-app
            # Uma interrupção
            given active
            interruption -> inactive : applicationWillResignActive
            ```

            ## Segunda

            Parágrafo dois.

            ```swift
            let x = 1 // um
            ```
            """
        return "---\ntitle: \"Tradução\"\ntranslation:\n  from: es\n  sections: \(fingerprints(translatedFrom))\n---\n" + text + "\n"
    }

    func build(_ files: [String: String]) throws -> (BuildResult, [String]) {
        let root = try makeProject(content: files)
        let result = SiteBuilder.build(buildOptions(root))
        return (result, result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") })
    }

    func status(_ result: BuildResult, _ lang: String) -> TranslationStatus? {
        result.translations?.rows.first { $0.slug == "a" }?.cells[lang]?.status
    }

    @Test func aFaithfulTranslationIsCurrent() throws {
        let (result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n",
            "pt/a.md": Self.translation(),
        ])
        #expect(messages == [])
        #expect(status(result, "es") == .source)
        #expect(status(result, "pt") == .current)
        #expect(status(result, "bg") == .missing)
    }

    @Test func editingASourceParagraphMakesOnlyThatSectionStale() throws {
        let edited = Self.sourceBody.replacing("Párrafo dos.", with: "Párrafo dos, ampliado.")
        let (result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: Original\n---\n" + edited + "\n",
            "pt/a.md": Self.translation(),
            "bg/a.md": Self.translation().replacing("title: \"Tradução\"", with: "title: \"Превод\""),
        ])
        #expect(messages == [])
        #expect(status(result, "pt") == .stale(sections: [2]))
        #expect(status(result, "bg") == .stale(sections: [2]))
        let cell = try #require(result.translations?.rows.first?.cells["pt"])
        #expect(cell.staleTitles == ["Segunda"])
    }

    @Test func aStalePageShowsABannerLinkingToTheSource() throws {
        let edited = Self.sourceBody.replacing("Párrafo uno.", with: "Párrafo uno, corregido.")
        let root = try makeProject(content: [
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + edited + "\n", "pt/a.md": Self.translation(),
        ])
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let page = try read(root.appending(path: "public/pt/a/index.html"))
        #expect(page.contains("<div class=\"callout callout-warning translation-notice\" role=\"note\">"))
        #expect(page.contains("<span class=\"stale-section\">Primeira</span>"))
        #expect(page.contains("<a href=\"../../es/a/index.html\" hreflang=\"es\">Ler o original em <span lang=\"es\">Español</span></a>"))
        let status = try read(root.appending(path: "public/pt/status/index.html"))
        #expect(status.contains("<td class=\"status-stale\"><a href=\"../a/index.html\">Desatualizada</a><small>Primeira</small></td>"))
        #expect(status.contains("<td class=\"status-missing\">Sem tradução</td>"))
        let source = try read(root.appending(path: "public/es/a/index.html"))
        #expect(!source.contains("translation-notice"))
    }

    @Test func breakingAnExampleInATranslationMakesItBroken() throws {
        let broken = Self.translation().replacing("interruption -> inactive", with: "interruption -> background")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": broken,
        ])
        #expect(status(result, "pt") == .broken)
        #expect(messages.contains { $0.hasPrefix("Content/pt/a.md:16:17: error: after 'interruption' the app is inactive, not background") })
        #expect(!result.succeeded)
    }

    @Test func deletingATranslationMakesItMissing() throws {
        let (result, _) = try build(["site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n"])
        #expect(status(result, "pt") == .missing)
        #expect(status(result, "bg") == .missing)
    }

    @Test func changedCodeIsAParityErrorNamingBothFiles() throws {
        let changed = Self.translation().replacing("let x = 1 // um", with: "let y = 2 // um")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": changed,
        ])
        #expect(status(result, "pt") == .broken)
        #expect(messages == [
            "Content/pt/a.md:23:1: error: code sample 2 differs from its source Content/es/a.md:20\n"
                + "    note: only comments and the text of strings may differ from the source; code, names and expectations may not\n"
                + "    note: source:      let x = 1\n"
                + "    note: translation: let y = 2"
        ])
    }

    @Test func translatedCommentsAreNotAParityError() throws {
        let (_, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n",
            "pt/a.md": Self.translation().replacing("// um", with: "/* um, traduzido */"),
        ])
        #expect(messages == [])
    }

    @Test func translatedStringsAreNotAParityError() throws {
        let source = Self.sourceBody.replacing("let x = 1 // uno", with: "print(\"Hola, \\(name)\") // uno")
        let translation = Self.translation(of: source).replacing("let x = 1 // um", with: "print(\"Olá, \\(name)\") // um")
        let (_, messages) = try build(["site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + source + "\n", "pt/a.md": translation])
        #expect(messages == [])
        let renamed = translation.replacing("\\(name)", with: "\\(nome)")
        let (_, errors) = try build(["site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + source + "\n", "pt/a.md": renamed])
        #expect(errors.count == 1, "an interpolated name is code")
    }

    @Test func aMissingExampleIsAParityError() throws {
        let withoutExample = Self.translation().replacing(
            "```lifecycle ios-app\n# Uma interrupção\ngiven active\ninterruption -> inactive : applicationWillResignActive\n```\n", with: "")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": withoutExample,
        ])
        #expect(!result.succeeded)
        #expect(messages.first?.hasPrefix("Content/pt/a.md:") == true)
        #expect(messages.contains { $0.contains("this translation has 1 code blocks, its source Content/es/a.md has 2") })
    }

    @Test func untranslatedSectionsWarnOncePerSection() throws {
        let scaffold = Self.translation(body: Self.sourceBody).replacing("---\nIntrodução", with: "---\nIntrodução")
            .replacing("translation:", with: "untranslated: [1, 2]\ntranslation:")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": scaffold,
        ])
        #expect(result.succeeded)
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("Content/pt/a.md:10:1: warning: section 1 ('Primera') is not translated yet") == true)
    }
}
