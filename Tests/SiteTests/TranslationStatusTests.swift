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
        // Each status page names the article in its own language where it has it, the source's elsewhere.
        #expect(status.contains("<th scope=\"row\" lang=\"pt\">Tradução</th>"))
        let bulgarian = try read(root.appending(path: "public/bg/status/index.html"))
        #expect(bulgarian.contains("<th scope=\"row\" lang=\"es\">Original</th>"))
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

    /// A translation whose file is there but cannot be read is broken, with its error: "missing"
    /// would send its translator to make a file that exists.
    @Test func aTranslationThatCannotBeReadIsBrokenNotMissing() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n",
            "pt/a.md": Self.translation().replacing("title: \"Tradução\"", with: "title: [unclosed"),
        ])
        try write(Data([0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0xFE, 0x0A]), to: root.appending(path: "Content/bg/a.md"))
        let result = SiteBuilder.check(buildOptions(root))
        let cells = try #require(result.translations?.rows.first?.cells)
        #expect(cells["pt"]?.status == .broken && cells["bg"]?.status == .broken)
        #expect(cells["pt"]?.problems.count == 1)
        #expect(cells["pt"]?.problems.first?.hasSuffix("Content/pt/a.md:3:12: while parsing a flow sequence at 2:8: did not find expected ',' or ']'") == true)
        #expect(cells["bg"]?.problems.first?.contains("Content/bg/a.md:") == true)
        #expect(cells["es"]?.status == .source)
    }

    @Test func changedCodeIsAParityErrorAtTheLineWithTheSourceLineAsSuggestion() throws {
        let changed = Self.translation().replacing("let x = 1 // um", with: "let y = 2 // um")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": changed,
        ])
        #expect(status(result, "pt") == .broken)
        // Counted among code samples only: the lifecycle block before it is an example, not a code sample.
        #expect(messages == [
            "Content/pt/a.md:24:1: error: code sample 1 differs from its source Content/es/a.md:21\n"
                + "    note: only comments and the text of strings may differ from the source; code, names and expectations may not\n"
                + "    suggestion: let x = 1 // uno"
        ])
    }

    @Test func aChangedLineDeepInABlockIsReportedAtThatLine() throws {
        let source = Self.sourceBody.replacing("let x = 1 // uno", with: "let a = 1\n// dos\nlet b = 2\nlet c = 3")
        let translation = Self.translation(of: source)
            .replacing("let x = 1 // um", with: "let a = 1\n// dois, em duas\n// linhas\nlet b = 2\nlet c = 4")
        let (_, messages) = try build(["site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + source + "\n", "pt/a.md": translation])
        #expect(messages == [
            "Content/pt/a.md:28:1: error: code sample 1 differs from its source Content/es/a.md:24\n"
                + "    note: only comments and the text of strings may differ from the source; code, names and expectations may not\n"
                + "    suggestion: let c = 3"
        ])
    }

    @Test func anExampleChangedInATranslationIsNumberedAmongExamples() throws {
        let changed = Self.translation().replacing("given active\n", with: "given inactive\n")
        let (_, messages) = try build(["site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": changed])
        #expect(messages.contains(
            "Content/pt/a.md:15:1: error: lifecycle example 1 differs from its source Content/es/a.md:12\n"
                + "    note: only comments and the text of strings may differ from the source; code, names and expectations may not\n"
                + "    suggestion: given active"))
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

    @Test func aMissingExampleIsOneErrorThatNamesIt() throws {
        let withoutExample = Self.translation().replacing(
            "```lifecycle ios-app\n# Uma interrupção\ngiven active\ninterruption -> inactive : applicationWillResignActive\n```\n", with: "")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": withoutExample,
        ])
        #expect(!result.succeeded)
        // One error, in the section that lost it; the swift block after it is still compared with the source's swift block.
        #expect(messages == [
            "Content/pt/a.md:9:1: error: lifecycle example 1 of Content/es/a.md (line 10, '```lifecycle ios-app') is missing here\n"
                + "    note: examples and code samples are the same in every language; only their comments are translated\n"
                + "    suggestion: copy the block from Content/es/a.md:10 and translate its comments"
        ])
    }

    /// The source's author adds or changes an example: the translation is stale there, not broken.
    /// The build passes with a warning that says what to do, and the translation keeps its own examples.
    @Test func anExampleChangedInTheSourceMakesTheTranslationStaleNotBroken() throws {
        let edited = Self.sourceBody
            .replacing("interruption -> inactive : applicationWillResignActive", with: "interruption -> inactive")
            .replacing("Párrafo dos.", with: "Párrafo dos.\n\n```lifecycle ios-app\ngiven background\nreopen -> inactive, active\n```")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + edited + "\n", "pt/a.md": Self.translation(),
        ])
        #expect(result.succeeded)
        let note = "    note: the source changed in this section since the translation was synced: update the translation here, then run "
        #expect(messages == [
            "Content/pt/a.md:16:1: warning: lifecycle example 1 differs from its source Content/es/a.md:13\n"
                + "    note: only comments and the text of strings may differ from the source; code, names and expectations may not\n"
                + note + "'lifecycle-docs sync-translation a pt --section 1'\n"
                + "    suggestion: interruption -> inactive",
            "Content/pt/a.md:19:1: warning: lifecycle example 2 of Content/es/a.md (line 20, '```lifecycle ios-app') is missing here\n"
                + "    note: examples and code samples are the same in every language; only their comments are translated\n"
                + note + "'lifecycle-docs sync-translation a pt --section 2'\n"
                + "    suggestion: copy the block from Content/es/a.md:20 and translate its comments",
        ])
        #expect(status(result, "pt") == .stale(sections: [1, 2]))
    }

    /// The same difference in a translation whose source did not change there is the translation's error.
    @Test func anExampleChangedOnlyInTheTranslationStaysAnError() throws {
        let changed = Self.translation().replacing("interruption -> inactive : applicationWillResignActive", with: "interruption -> inactive")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": changed,
        ])
        #expect(!result.succeeded)
        #expect(messages.map { $0.prefix { $0 != "\n" } } == ["Content/pt/a.md:16:1: error: lifecycle example 1 differs from its source Content/es/a.md:13"])
        #expect(status(result, "pt") == .broken)
    }

    /// A typo in the source's example is the source's error alone: the translations are not told
    /// to copy the broken line (they were, in one warning each).
    @Test func aSourceBlockWithAnErrorIsNotHeldUpToItsTranslations() throws {
        let typo = Self.sourceBody.replacing("interruption -> inactive :", with: "interruption -> inactiv :")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + typo + "\n", "pt/a.md": Self.translation(),
        ])
        #expect(!result.succeeded)
        #expect(messages.map { $0.prefix { $0 != "\n" } } == ["Content/es/a.md:13:17: error: unknown state 'inactiv' for ios-app"])
        // Fixed in the source in another way than the translation has it: compared again.
        let fixed = Self.sourceBody.replacing("interruption -> inactive : applicationWillResignActive", with: "interruption -> inactive")
        let (_, again) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + fixed + "\n", "pt/a.md": Self.translation(),
        ])
        #expect(again.map { $0.prefix { $0 != "\n" } } == ["Content/pt/a.md:16:1: warning: lifecycle example 1 differs from its source Content/es/a.md:13"])
    }

    /// A typo in the translation's example is one error, the model's, not a second one for differing from the source.
    @Test func aTranslationsTypoIsOneError() throws {
        let typo = Self.translation().replacing("interruption -> inactive :", with: "interruption -> inactiv :")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": typo,
        ])
        #expect(!result.succeeded)
        #expect(messages.map { $0.prefix { $0 != "\n" } } == ["Content/pt/a.md:16:17: error: unknown state 'inactiv' for ios-app"])
        #expect(status(result, "pt") == .broken)
    }

    @Test func aBlockMissingBeforeAChangedOneDoesNotShiftTheComparison() throws {
        let withoutExample = Self.translation()
            .replacing("```lifecycle ios-app\n# Uma interrupção\ngiven active\ninterruption -> inactive : applicationWillResignActive\n```\n", with: "")
            .replacing("let x = 1 // um", with: "let x = 2 // um")
        let (_, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": withoutExample,
        ])
        #expect(messages.map { $0.prefix { $0 != "\n" } } == [
            "Content/pt/a.md:9:1: error: lifecycle example 1 of Content/es/a.md (line 10, '```lifecycle ios-app') is missing here",
            "Content/pt/a.md:19:1: error: code sample 1 differs from its source Content/es/a.md:21",
        ])
    }

    @Test func anExtraBlockInATranslationIsOneErrorAtIt() throws {
        let extra = Self.translation().replacing("Parágrafo dois.", with: "Parágrafo dois.\n\n```swift\nlet z = 3\n```")
        let (_, messages) = try build(["site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": extra])
        #expect(messages == [
            "Content/pt/a.md:23:1: error: code sample 1 is not in the source Content/es/a.md\n"
                + "    note: examples and code samples are the same in every language; only their comments are translated\n"
                + "    suggestion: remove it here, or add it to the source first"
        ])
    }

    @Test func untranslatedSectionsWarnOncePerSection() throws {
        let scaffold = Self.translation(body: Self.sourceBody).replacing("---\nIntrodução", with: "---\nIntrodução")
            .replacing("translation:", with: "untranslated: [1, 2]\ntranslation:")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": scaffold,
        ])
        #expect(result.succeeded)
        // The introduction is a copy too, but not listed: that is a warning of its own (issue 15).
        #expect(messages.count == 3)
        #expect(messages.first?.hasPrefix("Content/pt/a.md:8:1: warning: the introduction still reads exactly as in its source Content/es/a.md:4:") == true)
        #expect(messages.dropFirst().first == "Content/pt/a.md:10:1: warning: section 1 ('Primera') is not translated yet\n"
            + "    note: translate it, then mark it done: 'lifecycle-docs sync-translation a pt --section 1'")
    }

    @Test func untranslatedSectionsCarryTheSourcesLanguage() throws {
        // Section 2 is still the source's Spanish: a screen reader must read it with a Spanish voice.
        let translation = Self.translation(body: Self.sourceBody.replacing("Introducción", with: "Introdução")
            .replacing("## Primera", with: "## Primeira").replacing("Párrafo uno.", with: "Parágrafo um."))
            .replacing("translation:", with: "untranslated: [2]\ntranslation:")
        let root = try makeProject(content: [
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": translation,
        ])
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let page = try read(root.appending(path: "public/pt/a/index.html"))
        let wrapped = try #require(page.firstRange(of: "<div lang=\"es\">\n<h2"))
        let section = page[wrapped.lowerBound...]
        let end = try #require(section.firstRange(of: "</div>\n"))
        let inside = String(section[..<end.upperBound])
        #expect(inside.contains("Segunda") && inside.contains("Párrafo dos."))
        #expect(!inside.contains("Primeira") && !inside.contains("Parágrafo um."))
        #expect(page.components(separatedBy: "<div lang=\"es\">").count == 2)
        // The translated sections are not wrapped; the Spanish original has no wrapper at all.
        let source = try read(root.appending(path: "public/es/a/index.html"))
        #expect(!source.contains("<div lang="))
    }

    // MARK: - Sections by identity

    @Test func aSectionInsertedInTheSourceIsTheOnlyStaleOne() throws {
        let edited = Self.sourceBody.replacing("## Segunda", with: "## Nueva\n\nUna sección nueva.\n\n## Segunda")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + edited + "\n", "pt/a.md": Self.translation(),
        ])
        #expect(status(result, "pt") == .stale(sections: [2]))
        let cell = try #require(result.translations?.rows.first?.cells["pt"])
        // Not translated anywhere yet: named by the source's heading.
        #expect(cell.staleTitles == ["Nueva"])
        #expect(messages == [
            "Content/pt/a.md:7:1: warning: Content/pt/a.md has 3 sections, its source Content/es/a.md has 4\n"
                + "    note: Content/es/a.md:16: 'Nueva' has no translated section\n"
                + "    note: a translation keeps the source's '##' headings, one for one, so that each section is tracked"
        ])
    }

    @Test func aHeadingRemovedFromTheSourceMakesOnlyTheMergedSectionStale() throws {
        let edited = Self.sourceBody.replacing("## Primera\n\n", with: "")
        let (result, _) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + edited + "\n", "pt/a.md": Self.translation(),
        ])
        // The introduction took in the first section's text; the second section did not change.
        #expect(status(result, "pt") == .stale(sections: [0]))
    }

    @Test func anExtraHeadingInATranslationDoesNotMoveTheStaleTitle() throws {
        let edited = Self.sourceBody.replacing("Párrafo dos.", with: "Párrafo dos, ampliado.")
        let translation = Self.translation().replacing("## Segunda", with: "## Um aparte\n\nUma nota do tradutor.\n\n## Segunda")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + edited + "\n", "pt/a.md": translation,
        ])
        #expect(status(result, "pt") == .stale(sections: [2]))
        let cell = try #require(result.translations?.rows.first?.cells["pt"])
        #expect(cell.staleTitles == ["Segunda"])
        #expect(messages == [
            "Content/pt/a.md:19:1: warning: Content/pt/a.md has 4 sections, its source Content/es/a.md has 3\n"
                + "    note: Content/pt/a.md:19: 'Um aparte' matches no section of the source\n"
                + "    note: a translation keeps the source's '##' headings, one for one, so that each section is tracked"
        ])
    }

    @Test func untranslatedWarningsFollowTheTranslationsOwnSections() throws {
        let translation = Self.translation().replacing("## Segunda", with: "## Um aparte\n\nUma nota.\n\n## Segunda")
            .replacing("translation:", with: "untranslated: [3]\ntranslation:")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": translation,
        ])
        #expect(status(result, "pt") == .inProgress)
        let cell = try #require(result.translations?.rows.first?.cells["pt"])
        #expect(cell.untranslatedTitles == ["Segunda"])
        #expect(cell.translatedCount == 3 && cell.sectionCount == 4)
        #expect(messages.contains { $0.hasPrefix("Content/pt/a.md:24:1: warning: section 3 ('Segunda') is not translated yet") })
    }

    /// A section number that names no section is an error at the number, in either list.
    @Test func aSectionNumberPastTheLastIsAnErrorAtTheNumber() throws {
        let translation = Self.translation().replacing("translation:", with: "untranslated: [1, 99]\nverbatim: [7]\ntranslation:")
        let (_, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": translation,
        ])
        #expect(messages.filter { $0.contains("lists section") } == [
            "Content/pt/a.md:3:19: error: 'untranslated' lists section 99, but the article has 3 sections (0 to 2)",
            "Content/pt/a.md:4:12: error: 'verbatim' lists section 7, but the article has 3 sections (0 to 2)",
        ])
    }

    // MARK: - Errors of the source, once

    @Test func aFailingExampleCopiedFromTheSourceIsReportedOnceAtTheSource() throws {
        let broken = Self.sourceBody.replacing("interruption -> inactive", with: "interruption -> background")
        let copy = Self.translation(of: broken).replacing("interruption -> inactive", with: "interruption -> background")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + broken + "\n", "pt/a.md": copy,
            "bg/a.md": copy.replacing("title: \"Tradução\"", with: "title: \"Превод\""),
        ])
        #expect(!result.succeeded)
        // One error, at the source, naming the copies; none in pt or bg.
        #expect(messages == [
            "Content/es/a.md:13:17: error: after 'interruption' the app is inactive, not background\n"
                + "    note: the model goes: interruption -> inactive : applicationWillResignActive; home -> background : applicationDidEnterBackground\n"
                + "    note: copied unchanged into Content/bg/a.md:13, Content/pt/a.md:13: fix it here, then there\n"
                + "    suggestion: interruption -> inactive : applicationWillResignActive"
        ])
        #expect(status(result, "es") == .broken)
        #expect(status(result, "pt") == .current)
        #expect(status(result, "bg") == .current)
    }

    @Test func aFailingChainOnlyInATranslationShowsTheSourcesChain() throws {
        let source = Self.sourceBody.replacing("Párrafo uno.", with: "Al salir: onPause → onStop → onDestroy.")
        let translation = Self.translation(of: source).replacing("Parágrafo um.", with: "Ao sair: onStop → onPause → onDestroy.")
        let (result, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + source + "\n", "pt/a.md": translation,
        ])
        #expect(status(result, "pt") == .broken)
        #expect(messages == [
            "Content/pt/a.md:11:10: error: 'onStop → onPause → onDestroy' is not an order of callbacks that android-activity produces\n"
                + "    note: the model calls them in another order\n"
                + "    note: the source has 'onPause → onStop → onDestroy' here (Content/es/a.md:8:11), which the model allows\n"
                + "    suggestion: onPause → onStop → onDestroy"
        ])
    }

    @Test func aFailingChainCopiedFromTheSourceIsReportedOnceAtTheSource() throws {
        let source = Self.sourceBody.replacing("Párrafo uno.", with: "Al salir: onStop → onPause → onDestroy.")
        let translation = Self.translation(of: source).replacing("Parágrafo um.", with: "Ao sair: onStop → onPause → onDestroy.")
        let (_, messages) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + source + "\n", "pt/a.md": translation,
        ])
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/es/a.md:8:11: error: 'onStop → onPause → onDestroy' is not an order of callbacks") == true)
        #expect(messages.first?.contains("note: copied unchanged into Content/pt/a.md:11: fix it here, then there") == true)
    }

    // MARK: - Status of a translation in progress

    @Test func aTranslationInProgressIsNotCurrentAndTheStatusPageSaysSo() throws {
        let scaffold = Self.translation().replacing("translation:", with: "untranslated: [2]\ntranslation:")
        let root = try makeProject(content: [
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": scaffold,
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded)
        #expect(status(result, "pt") == .inProgress)
        let page = try read(root.appending(path: "public/pt/status/index.html"))
        #expect(page.contains("<td class=\"status-in-progress\"><a href=\"../a/index.html\">Em andamento</a><small>seções sem tradução: 1</small></td>"))
        // A translation in progress is not counted as available.
        #expect(page.contains("<p class=\"status-summary\">Artigos disponíveis neste idioma: 0 / 1 (0"))
        #expect(page.contains("· Em andamento: 1</p>"))
    }

    @Test func aStaleTranslationKeepsItsUntranslatedSections() throws {
        let edited = Self.sourceBody.replacing("Párrafo uno.", with: "Párrafo uno, corregido.")
        let scaffold = Self.translation().replacing("translation:", with: "untranslated: [2]\ntranslation:")
        let (result, _) = try build([
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + edited + "\n", "pt/a.md": scaffold,
        ])
        let cell = try #require(result.translations?.rows.first?.cells["pt"])
        #expect(cell.status == .stale(sections: [1]))
        #expect(cell.untranslated == [2])
        #expect(cell.untranslatedTitles == ["Segunda"])
    }

    @Test func aBrokenCellSaysWhy() throws {
        let changed = Self.translation().replacing("let x = 1 // um", with: "let y = 2 // um")
        let root = try makeProject(content: [
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original\n---\n" + Self.sourceBody + "\n", "pt/a.md": changed,
        ])
        let result = SiteBuilder.check(buildOptions(root))
        let cell = try #require(result.translations?.rows.first?.cells["pt"])
        #expect(cell.status == .broken)
        #expect(cell.problems.map { $0.replacing(root.path + "/", with: "") } == [
            "Content/pt/a.md:24:1: code sample 1 differs from its source Content/es/a.md:21"
        ])
    }
}
