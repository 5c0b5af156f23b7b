import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import Translations

/// What a real translation tends to lose or forget: a changed title or description, an alert
/// (a correction) or an arrow chain left out, a section marked translated but still a copy.
@Suite struct TranslationParityTests {
    static let siteYML = TranslationStatusTests.siteYML

    static let sourceMatter = "---\ntitle: Original\ndescription: Una descripción.\n---\n"

    /// The file starts at line 5.
    static let sourceBody = """
        Introducción.

        ## Primera

        Párrafo uno: Not Running → Inactive → Active.

        > [!WARNING]
        > No en Android.

        ## Código

        ```swift
        let x = 1
        ```
        """

    /// Starts at line 9 (8 lines of front matter).
    static let translatedBody = """
        Introdução.

        ## Primeira

        Parágrafo um: Not Running → Inactive → Active.

        > [!WARNING]
        > Não no Android.

        ## Código-fonte

        ```swift
        let x = 1
        ```
        """

    static func metaFingerprint(_ matter: String) throws -> String {
        try FrontMatter.parse(SourceText.decode(Array((matter + "\n").utf8), displayPath: "x.md")).metaFingerprint
    }

    /// A translation of the source as it read with `matter` and `body`; `meta: false` is a file
    /// written before `translation.meta` existed.
    static func translation(
        body: String = translatedBody, ofMatter matter: String = sourceMatter, ofBody source: String = sourceBody, meta: Bool = true,
        extra: String = ""
    ) throws -> String {
        "---\ntitle: \"Tradução\"\ndescription: \"Uma descrição.\"\ntranslation:\n  from: es\n"
            + (meta ? "  meta: \"\(try metaFingerprint(matter))\"\n" : "")
            + "  sections: \(TranslationStatusTests.fingerprints(source))\n" + extra + "---\n" + body + "\n"
    }

    func build(_ files: [String: String]) throws -> (BuildResult, [String]) {
        let root = try makeProject(content: files.merging(["site.yml": Self.siteYML]) { a, _ in a })
        let result = SiteBuilder.build(buildOptions(root))
        return (result, result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") })
    }

    func cell(_ result: BuildResult, _ lang: String = "pt") -> TranslationCell? {
        result.translations?.rows.first { $0.slug == "a" }?.cells[lang]
    }

    static var source: String { sourceMatter + sourceBody + "\n" }

    @Test func aFaithfulTranslationIsCurrentWithoutWarnings() throws {
        let (result, messages) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation()])
        #expect(messages == [])
        #expect(cell(result)?.status == .current)
        #expect(cell(result)?.staleMeta == false)
    }

    // MARK: - Title and description

    @Test(arguments: [
        "---\ntitle: Original corregido\ndescription: Una descripción.\n---\n",
        "---\ntitle: Original\ndescription: Otra descripción.\n---\n",
        "---\ntitle: Original\n---\n",
    ])
    func aChangedTitleOrDescriptionMakesTheTranslationStale(_ matter: String) throws {
        let (result, messages) = try build(["es/a.md": matter + Self.sourceBody + "\n", "pt/a.md": try Self.translation()])
        #expect(messages == [])
        #expect(cell(result)?.status == .stale(sections: []))
        #expect(cell(result)?.staleMeta == true)
        #expect(cell(result)?.staleTitles == [])
    }

    @Test func aPageStaleOnlyInItsTitleShowsTheBannerWithoutSections() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML, "es/a.md": "---\ntitle: Original corregido\ndescription: Una descripción.\n---\n" + Self.sourceBody + "\n",
            "pt/a.md": try Self.translation(),
        ])
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let page = try read(root.appending(path: "public/pt/a/index.html"))
        #expect(page.contains("<div class=\"callout callout-warning translation-notice\" role=\"note\">\n<p class=\"callout-title\">"))
        #expect(!page.contains("stale-section"))
    }

    @Test func aTitleChangeAndASectionChangeAreBothReported() throws {
        let matter = "---\ntitle: Original corregido\ndescription: Una descripción.\n---\n"
        let body = Self.sourceBody.replacing("Introducción.", with: "Introducción, ampliada.")
        let (result, _) = try build(["es/a.md": matter + body + "\n", "pt/a.md": try Self.translation()])
        #expect(cell(result)?.status == .stale(sections: [0]))
        #expect(cell(result)?.staleMeta == true)
    }

    @Test func aTranslationThatNeverRecordedItsTitleIsNotTrackedForIt() throws {
        let matter = "---\ntitle: Original corregido\n---\n"
        let (result, messages) = try build(["es/a.md": matter + Self.sourceBody + "\n", "pt/a.md": try Self.translation(meta: false)])
        #expect(messages == [])
        #expect(cell(result)?.status == .current)
    }

    @Test func aMalformedMetaIsAnErrorAtIt() throws {
        let broken = try Self.translation().split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("  meta:") ? "  meta: [1, 2]" : String($0) }.joined(separator: "\n")
        let (result, messages) = try build(["es/a.md": Self.source, "pt/a.md": broken])
        #expect(!result.succeeded)
        #expect(messages == [
            "Content/pt/a.md:6:9: error: 'translation.meta' must be a 16-digit fingerprint; run `lifecycle-docs sync-translation` to write it"
        ])
    }

    @Test func theMatrixKeepsAStaleTitleAcrossTheBuildCache() throws {
        var row = TranslationMatrix.Row(slug: "a", title: "Original", titleLang: "es", cells: [
            "pt": TranslationCell(status: .stale(sections: []), from: "es", staleMeta: true),
            "bg": TranslationCell(status: .stale(sections: [1]), from: "es", staleTitles: ["Primeira"]),
        ])
        row.cells["es"] = TranslationCell(status: .source)
        let groups = ["a": BuildCache.Group(articles: [], row: row, diagnostics: [])]
        let decoded = try #require(GroupLines.decode(Array(GroupLines.encode(groups))[...]))
        #expect(decoded.groups["a"]?.row == row)
    }

    // MARK: - Alerts and chains a translation may not lose

    @Test func aWarningLeftOutOfASectionIsAWarningNamingBothFiles() throws {
        let body = Self.translatedBody.replacing("> [!WARNING]\n> Não no Android.\n", with: "Não no Android.\n")
        let (result, messages) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation(body: body)])
        #expect(result.succeeded)
        #expect(messages == [
            "Content/pt/a.md:11:1: warning: section 'Primeira' has 1 [!WARNING] fewer than its source Content/es/a.md:7: a correction may have been left out\n"
                + "    note: the source's [!WARNING] alerts in this section: Content/es/a.md:11; here: none"
        ])
        #expect(cell(result)?.status == .current)
    }

    @Test func anAlertOfAnotherKindDoesNotStandForTheOneLeftOut() throws {
        let body = Self.translatedBody.replacing("> [!WARNING]", with: "> [!NOTE]")
        let (_, messages) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation(body: body)])
        #expect(messages == [
            "Content/pt/a.md:11:1: warning: section 'Primeira' has 1 [!WARNING] fewer than its source Content/es/a.md:7: a correction may have been left out\n"
                + "    note: the source's [!WARNING] alerts in this section: Content/es/a.md:11; here: none"
        ])
    }

    @Test func anAlertMovedToAnotherSectionIsNoticedInTheSectionThatLostIt() throws {
        let body = Self.translatedBody.replacing("> [!WARNING]\n> Não no Android.\n", with: "")
            .replacing("```swift", with: "> [!WARNING]\n> Não no Android.\n\n```swift")
        let (_, messages) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation(body: body)])
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/pt/a.md:11:1: warning: section 'Primeira' has 1 [!WARNING] fewer than") == true)
    }

    @Test func aChainLeftOutOrTranslatedIsAWarning() throws {
        // State names translated: the model cannot verify the chain, so the page has one chain fewer.
        let body = Self.translatedBody.replacing("Not Running → Inactive → Active", with: "Não em execução → Inativo → Ativo")
        let (result, messages) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation(body: body)])
        #expect(result.succeeded)
        #expect(messages == [
            "Content/pt/a.md:11:1: warning: section 'Primeira' has 1 arrow chain fewer than its source Content/es/a.md:7: a verified transition may have been left out\n"
                + "    note: the source's chains here: 'Not Running → Inactive → Active' (line 9)\n"
                + "    note: a chain keeps the model's names, in every language, so that it is verified"
        ])
    }

    @Test func aLostAlertInASectionTheSourceChangedSaysHowToSync() throws {
        // The source reworded the section after the translation was synced; the translation also lacks the alert.
        let edited = Self.sourceBody.replacing("Párrafo uno:", with: "Párrafo uno, corregido:")
        let body = Self.translatedBody.replacing("> [!WARNING]\n> Não no Android.\n", with: "")
        let (result, messages) = try build(["es/a.md": Self.sourceMatter + edited + "\n", "pt/a.md": try Self.translation(body: body)])
        #expect(result.succeeded)
        #expect(messages == [
            "Content/pt/a.md:11:1: warning: section 'Primeira' has 1 [!WARNING] fewer than its source Content/es/a.md:7: a correction may have been left out\n"
                + "    note: the source's [!WARNING] alerts in this section: Content/es/a.md:11; here: none\n"
                + "    note: the source changed in this section since the translation was synced: update the translation here, "
                + "then run 'lifecycle-docs sync-translation a pt --section 1'"
        ])
        #expect(cell(result)?.status == .stale(sections: [1]))
    }

    // MARK: - A section marked translated that is still a copy

    @Test func aSectionMarkedTranslatedThatReadsAsTheSourceIsAWarning() throws {
        let body = Self.translatedBody.replacing(
            "## Primeira\n\nParágrafo um: Not Running → Inactive → Active.\n\n> [!WARNING]\n> Não no Android.",
            with: "## Primera\n\nPárrafo uno: Not Running → Inactive → Active.\n\n> [!WARNING]\n> No en Android.")
        let (result, messages) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation(body: body)])
        #expect(result.succeeded)
        #expect(messages == [
            "Content/pt/a.md:11:1: warning: section 'Primera' still reads exactly as in its source Content/es/a.md:7: translate it, or list it in 'untranslated'\n"
                + "    note: to leave it for later, add 1 to 'untranslated' in the front matter: the page then says it is still in 'es'\n"
                + "    suggestion: if it needs no translation, add 1 to 'verbatim' in the front matter"
        ])

        // Listed in 'untranslated': the usual warning for a section not translated yet, not this one.
        let (_, listed) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation(body: body, extra: "untranslated: [1]\n")])
        #expect(listed.count == 1)
        #expect(listed.first?.hasPrefix("Content/pt/a.md:12:1: warning: section 1 ('Primera') is not translated yet") == true)

        // Listed in 'verbatim': the same words on purpose.
        let (_, verbatim) = try build(["es/a.md": Self.source, "pt/a.md": try Self.translation(body: body, extra: "verbatim: [1]\n")])
        #expect(verbatim == [])
    }

    @Test func aSectionWithNothingToTranslateMayReadAsTheSource() throws {
        // Only code: a heading that is a code span, a chain of the model's names, a block.
        let section = "\n\n## `onStop()`\n\nNot Running → Inactive → Active\n\n```kotlin\noverride fun onStop() {}\n```"
        let source = Self.sourceMatter + Self.sourceBody + section + "\n"
        let (result, messages) = try build([
            "es/a.md": source, "pt/a.md": try Self.translation(body: Self.translatedBody + section, ofBody: Self.sourceBody + section),
        ])
        #expect(messages == [])
        #expect(cell(result)?.status == .current)

        // One word of prose is something to translate.
        let worded = section.replacing("Not Running → Inactive → Active", with: "Véase Not Running → Inactive → Active")
        let (_, warned) = try build([
            "es/a.md": Self.sourceMatter + Self.sourceBody + worded + "\n",
            "pt/a.md": try Self.translation(body: Self.translatedBody + worded, ofBody: Self.sourceBody + worded),
        ])
        #expect(warned.count == 1)
        #expect(warned.first?.hasPrefix("Content/pt/a.md:24:1: warning: section '`onStop()`' still reads exactly as in its source Content/es/a.md:20:") == true)
    }
}
