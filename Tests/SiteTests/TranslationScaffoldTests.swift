import Encoding
import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// `new-translation` and `sync-translation` as functions over texts: what the
/// new file says, what a sync rewrites (and the bytes it must leave alone), and the refusals.
@Suite struct TranslationScaffoldTests {
    static let siteYML = """
        baseURL: "/"
        defaultLanguage: es
        languages:
          - code: es
            name: Español
            title: "Sitio"
          - code: pt
            name: Português
            title: "Site"
          - code: bg
            name: Български
            title: "Сайт"
        """

    static let source = """
        ---
        title: "Hola: \\"mundo\\" \\\\ 100 %"
        description: "Una página de prueba, con # y: dos puntos."
        updated: 2026-11-01
        ---

        Introducción con `código`.

        ## Primera sección

        Texto uno.

        ```swift
        // ## no es un encabezado
        func f() {}
        ```

        ## Segunda sección

        Texto dos.

        ```lifecycle ios-app
        # Una llamada entrante
        given active
        interruption -> inactive : applicationWillResignActive
        ```

        """

    /// A context as the command line would read it, from `files` (path under `Content/` → text).
    func context(_ files: [String: String], slug: String = "hola", siteYML: String? = siteYML) throws -> TranslationContext {
        let folders = Set(files.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
        let config = try TranslationScaffold.siteConfig(yaml: siteYML, path: "Content/site.yml", languageFolders: folders.sorted())
        var slugs: Set<String> = []
        var articles: [ArticleFile] = []
        for language in config.languages {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix(language.code + "/") {
                let name = String(path.dropFirst(language.code.count + 1))
                guard let found = TranslationScaffold.slug(ofFileName: name) else { continue }
                slugs.insert(found)
                if found == slug { articles.append(ArticleFile(lang: language.code, slug: slug, path: "Content/" + path, text: text)) }
            }
        }
        return TranslationContext(config: config, contentDir: "Content", slugs: slugs, articles: articles)
    }

    func parse(_ text: String, path: String = "Content/pt/hola.md") throws -> FrontMatter {
        try FrontMatter.parse(SourceText.decode(Array(text.utf8), displayPath: path))
    }

    func fingerprints(_ text: String) throws -> [String] {
        let matter = try parse(text, path: "Content/es/hola.md")
        return ArticleSections(body: matter.body, firstLine: matter.bodyLineOffset + 1).sections.map(\.fingerprint)
    }

    /// The message of a usage error, or the formatted diagnostics of a content error.
    func failure(_ body: () throws(TranslationError) -> Void) -> (usage: String?, content: [String]) {
        do {
            try body()
            return (nil, [])
        } catch {
            switch error {
            case .usage(let message): return (message, [])
            case .content(let diagnostics): return (nil, diagnostics.map(DiagnosticFormatter.text))
            }
        }
    }

    /// The lines of `b` that differ from those of `a` (same number of lines expected).
    func changedLines(_ a: String, _ b: String) -> [String] {
        let old = a.split(separator: "\n", omittingEmptySubsequences: false)
        let new = b.split(separator: "\n", omittingEmptySubsequences: false)
        guard old.count == new.count else { return ["line count \(old.count) → \(new.count)"] }
        return zip(old, new).filter { $0 != $1 }.map { String($1) }
    }

    // MARK: - new-translation

    @Test func aNewTranslationCopiesTheSourceAndMarksEverySectionUntranslated() throws {
        let created = try TranslationScaffold.newTranslation(slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": Self.source]))
        #expect(created.path == "Content/pt/hola.md")
        #expect(created.source.path == "Content/es/hola.md")

        let matter = try parse(created.text)
        let original = try parse(Self.source, path: "Content/es/hola.md")
        #expect(matter.title == "Hola: \"mundo\" \\ 100 %")
        #expect(matter.description == original.description)
        #expect(matter.translation?.from == "es")
        #expect(matter.translation?.fingerprints == (try fingerprints(Self.source)))
        #expect(matter.translation?.fingerprints.count == 3)
        #expect(matter.translation?.meta == original.metaFingerprint)
        #expect(matter.untranslated == [0, 1, 2])
        #expect(matter.updated == nil)
        #expect(matter.body == original.body)
        #expect(matter.problems.isEmpty)

        let fp = try fingerprints(Self.source).map { "\"\($0)\"" }.joined(separator: ", ")
        #expect(created.text == """
            ---
            title: "Hola: \\"mundo\\" \\\\ 100 %"
            description: "Una página de prueba, con # y: dos puntos."
            translation:
              from: es
              meta: "\(original.metaFingerprint)"
              sections: [\(fp)]
            untranslated: [0, 1, 2]
            ---
            \(original.body)
            """)
        #expect(created.sections.map(\.title) == ["", "Primera sección", "Segunda sección"])
        #expect(created.sections.map(\.line) == [10, 13, 22])
    }

    /// The translation takes the source's place in its language's reading order.
    @Test func theTranslationKeepsTheSourcesWeight() throws {
        let weighted = Self.source.replacing("---\n", with: "---\nweight: -40\n", maxReplacements: 1)
        let created = try TranslationScaffold.newTranslation(slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": weighted]))
        #expect(try parse(created.text).weight == -40)
        let plain = try TranslationScaffold.newTranslation(slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": Self.source]))
        #expect(!plain.text.contains("weight:"))
    }

    @Test func aTutorialsTranslationIsATutorial() throws {
        let tutorial = Self.source.replacing("---\n", with: "---\nlayout: tutorial\n", maxReplacements: 1)
        let created = try TranslationScaffold.newTranslation(slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": tutorial]))
        #expect(created.text.contains("\nlayout: tutorial\n"))
        let plain = try TranslationScaffold.newTranslation(slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": Self.source]))
        #expect(!plain.text.contains("layout:"))
    }

    @Test func aSourceWithoutFrontMatterGivesOnlyTheTranslationBlock() throws {
        let created = try TranslationScaffold.newTranslation(
            slug: "hola", lang: "bg", from: nil, in: context(["es/hola.md": "# Hola\r\n\r\n## Uno\r\n\r\nTexto.\r\n"]))
        let matter = try parse(created.text)
        #expect(matter.title == nil)
        #expect(matter.untranslated == [0, 1])
        #expect(created.text.hasSuffix("---\n# Hola\n\n## Uno\n\nTexto.\n"))
    }

    @Test(arguments: [
        "Dos\nlíneas\n", "tab\there", "comillas \" y \\ barra", "\u{7}campana\u{7F}\u{85}", "ยฉ 😀 «»", "  espacios  ", "- empieza: como lista",
        "\u{FEFF}bom\u{2028}\u{2029}\u{A0}", "'simples'", "null", "123", "",
    ])
    func quotedStringsReadBackExactly(_ text: String) throws {
        let matter = try parse("---\ntitle: x\ndescription: \(YAMLText.doubleQuoted(text))\n---\n")
        #expect(matter.description == text)
    }

    @Test func theSourceIsTheArticleThatIsNotATranslationOrElseTheDefaultLanguage() throws {
        let translated = "---\ntitle: T\ntranslation:\n  from: es\n---\n## Uno\n"
        // es is a translation of... nothing here: only bg is an original, so bg is the source.
        var created = try TranslationScaffold.newTranslation(
            slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": translated, "bg/hola.md": "---\ntitle: Б\n---\n## Едно\n"]))
        #expect(created.source.lang == "bg")
        // Two originals: the default language wins.
        created = try TranslationScaffold.newTranslation(
            slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": Self.source, "bg/hola.md": "---\ntitle: Б\n---\n## Едно\n"]))
        #expect(created.source.lang == "es")
        // --from chooses.
        created = try TranslationScaffold.newTranslation(
            slug: "hola", lang: "pt", from: "bg", in: context(["es/hola.md": Self.source, "bg/hola.md": "---\ntitle: Б\n---\n## Едно\n"]))
        #expect(created.source.lang == "bg")
        #expect(try parse(created.text).translation?.from == "bg")
    }

    @Test func newTranslationRefusals() throws {
        let files = ["es/hola.md": Self.source, "es/adios.md": "---\ntitle: A\n---\n", "pt/hola.md": "---\ntitle: Olá\n---\n"]
        func attempt(_ slug: String, _ lang: String, from: String? = nil, _ c: TranslationContext? = nil) throws -> (usage: String?, content: [String]) {
            let c = try c ?? context(files, slug: slug)
            return failure { () throws(TranslationError) in _ = try TranslationScaffold.newTranslation(slug: slug, lang: lang, from: from, in: c) }
        }
        #expect(try attempt("hola", "pt").content == [
            "Content/pt/hola.md: error: the 'pt' translation of 'hola' already exists\n    note: new-translation never overwrites a file\n"
                + "    suggestion: after updating it, mark it current with 'lifecycle-docs sync-translation hola pt --from es'"
        ])
        #expect(try attempt("hola", "fr").usage == "unknown language 'fr'; the site's languages are: es, pt, bg; a new language needs an entry in Content/site.yml")
        #expect(try attempt("hola", "ES").usage == "unknown language 'ES'; the site's languages are: es, pt, bg (did you mean 'es'?); a new language needs an entry in Content/site.yml")
        #expect(try attempt("hola", "pt-BR").usage == "unknown language 'pt-BR'; the site's languages are: es, pt, bg (did you mean 'pt'?); a new language needs an entry in Content/site.yml")
        #expect(try attempt("hla", "bg").usage == "no article 'hla' in Content/; did you mean 'hola'?")
        #expect(try attempt("zzzzzz", "bg").usage == "no article 'zzzzzz' in Content/")
        #expect(try attempt("hola", "es").usage == "'es' is the source language of 'hola' (Content/es/hola.md); name the language to translate it into, or choose another source with --from LANG")
        #expect(try attempt("hola", "bg", from: "it").usage == "unknown language 'it'; the site's languages are: es, pt, bg; a new language needs an entry in Content/site.yml")
        #expect(try attempt("adios", "bg", from: "pt").usage == "no article 'adios' in 'pt' (Content/pt/adios.md); 'adios' exists in: es")

        // Several originals, none in the default language: --from is required.
        let two = try context(["pt/hola.md": "---\ntitle: P\n---\n", "bg/hola.md": "---\ntitle: Б\n---\n"])
        #expect(try attempt("hola", "es", two).usage
            == "'hola' has several articles that are not translations (pt, bg) and none is in the default language 'es'; --from is required to choose the source: --from pt or --from bg")
        // Only translations left: --from is required too.
        let orphans = try context(["pt/hola.md": "---\ntitle: P\ntranslation:\n  from: es\n---\n"])
        #expect(try attempt("hola", "bg", orphans).usage
            == "every 'hola' article is a translation (pt), so there is no source to take by default; --from is required: --from pt")
        // A broken candidate is reported with its location.
        let broken = try context(["es/hola.md": "---\ntitle: [\n---\n"])
        #expect(try attempt("hola", "pt", broken).content == ["Content/es/hola.md:3:1: error: while parsing a flow node: did not find expected node content"])
    }

    // MARK: - sync-translation

    /// A Portuguese translation made by `new-translation`, with section 1 translated by hand.
    func startedTranslation() throws -> String {
        let created = try TranslationScaffold.newTranslation(slug: "hola", lang: "pt", from: nil, in: context(["es/hola.md": Self.source]))
        return created.text
            .replacing("## Primera sección\n\nTexto uno.", with: "## Primeira seção\n\nTexto um.")
            .replacing("title: \"Hola", with: "title: \"Olá")
    }

    func sync(
        _ translation: String, source: String = Self.source, from: String? = nil, sections: [Int]? = nil, force: Bool = false,
        extra: [String: String] = [:]
    ) throws -> SyncedTranslation {
        try TranslationScaffold.syncTranslation(
            slug: "hola", lang: "pt", from: from, sections: sections, force: force,
            in: context(["es/hola.md": source, "pt/hola.md": translation].merging(extra) { a, _ in a }))
    }

    @Test func syncingOneSectionUpdatesOnlyItsFingerprintAndItsUntranslatedEntry() throws {
        let translation = try startedTranslation()
        let edited = Self.source.replacing("Texto dos.", with: "Texto dos, corregido.")
        let before = try parse(translation)
        let now = try fingerprints(edited)
        #expect(before.translation?.fingerprints[2] != now[2])

        let synced = try sync(translation, source: edited, sections: [2])
        #expect(synced.changed)
        #expect(synced.updatedSections == [2])
        #expect(synced.untranslatedBefore == [0, 1, 2])
        #expect(synced.untranslated == [0, 1])
        let after = try parse(synced.text)
        #expect(after.translation?.fingerprints == [before.translation!.fingerprints[0], before.translation!.fingerprints[1], now[2]])
        #expect(after.untranslated == [0, 1])
        #expect(changedLines(translation, synced.text) == [
            "  sections: [" + after.translation!.fingerprints.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
            "untranslated: [0, 1]",
        ])

        // One more section: its index leaves `untranslated`, the other fingerprints stay.
        let again = try sync(synced.text, source: edited, sections: [1])
        #expect(again.changed)
        #expect(changedLines(synced.text, again.text) == ["untranslated: [0]"])
        #expect(again.updatedSections == [])
    }

    @Test func syncingEverythingRecordsAllFingerprintsAndKeepsCopiesUntranslated() throws {
        let translation = try startedTranslation()
        let edited = Self.source.replacing("Texto uno.", with: "Texto uno, ampliado.").replacing("Texto dos.", with: "Otro texto.")
        let synced = try sync(translation, source: edited)
        #expect(synced.updatedSections == [1, 2])
        let after = try parse(synced.text)
        #expect(after.translation?.fingerprints == (try fingerprints(edited)))
        // The introduction is still the source's text word for word: not done, whatever the command line says.
        #expect(after.untranslated == [0])
        #expect(synced.keptUntranslated == [0])
        #expect(synced.warnings.map(DiagnosticFormatter.text) == [
            "Content/pt/hola.md:10:1: warning: section 0 (the introduction) still reads exactly as in Content/es/hola.md: left in 'untranslated'\n"
                + "    note: translate it and run sync-translation again, or mark only the sections you translated with --section N\n"
                + "    suggestion: if it needs no translation, run 'lifecycle-docs sync-translation hola pt --force'"
        ])
        // Only the fingerprint line and the `untranslated` line changed.
        var expected = translation.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let fingerprintLine = "  sections: [" + after.translation!.fingerprints.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        expected = expected.map { $0.hasPrefix("  sections:") ? fingerprintLine : $0.hasPrefix("untranslated:") ? "untranslated: [0]" : $0 }
        #expect(synced.text == expected.joined(separator: "\n"))

        // A second run has nothing to do (and says again what is left).
        let again = try sync(synced.text, source: edited)
        #expect(!again.changed)
        #expect(again.text == synced.text)
        #expect(again.warnings.count == 1)

        // --force: the copy needs no translation; 'verbatim' records it, so the build does not call it a forgotten copy.
        let forced = try sync(translation, source: edited, force: true)
        #expect(forced.warnings.isEmpty)
        #expect(try parse(forced.text).untranslated == [])
        #expect(try parse(forced.text).verbatim == [0])
        #expect(forced.verbatimAdded == [0])
        expected = expected.map { $0.hasPrefix("untranslated:") ? "verbatim: [0]" : $0 }
        #expect(forced.text == expected.joined(separator: "\n"))
    }

    /// The source's title and description are tracked by `translation.meta`: a sync without
    /// --section records them, --section alone leaves them, `meta: true` records only them.
    @Test func syncRecordsTheSourcesTitleAndDescriptionWhenAsked() throws {
        let translation = try startedTranslation()
        let retitled = Self.source.replacing("title: \"Hola:", with: "title: \"Hola de nuevo:")
        let oldMeta = try #require(try parse(translation).translation?.meta)
        let newMeta = try parse(retitled, path: "Content/es/hola.md").metaFingerprint
        #expect(oldMeta == (try parse(Self.source, path: "Content/es/hola.md").metaFingerprint))
        #expect(oldMeta != newMeta)

        // --section: the title is not part of it.
        let section = try sync(translation, source: retitled, sections: [1])
        #expect(!section.metaUpdated)
        #expect(try parse(section.text).translation?.meta == oldMeta)
        #expect(changedLines(translation, section.text) == ["untranslated: [0, 2]"])

        // --meta alone: only the meta line changes.
        let meta = try TranslationScaffold.syncTranslation(
            slug: "hola", lang: "pt", from: nil, sections: [], meta: true,
            in: context(["es/hola.md": retitled, "pt/hola.md": translation]))
        #expect(meta.metaUpdated)
        #expect(meta.updatedSections == [])
        #expect(changedLines(translation, meta.text) == ["  meta: \"\(newMeta)\""])

        // Without --section: every section and the title.
        let all = try sync(translation, source: retitled, force: true)
        #expect(all.metaUpdated)
        #expect(try parse(all.text).translation?.meta == newMeta)

        // A file from before `meta`: --section leaves it untracked, a full sync starts tracking it.
        let old = translation.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  meta:") }.joined(separator: "\n")
        #expect(try parse(old).translation?.meta == nil)
        #expect(try parse(try sync(old, source: retitled, sections: [1]).text).translation?.meta == nil)
        let started = try sync(old, source: retitled, force: true)
        #expect(started.metaUpdated)
        #expect(try parse(started.text).translation?.meta == newMeta)
    }

    @Test func aSectionIsMarkedDoneInTheTranslationsOwnNumberingWhenItHasAnExtraHeading() throws {
        // The translator added a heading of their own: the source's section 2 is the translation's section 3.
        let translation = try startedTranslation()
            .replacing("## Segunda sección", with: "## Nota do tradutor\n\nUma nota.\n\n## Segunda sección")
            .replacing("untranslated: [0, 1, 2]", with: "untranslated: [0, 1, 3]")
        let synced = try sync(translation, sections: [2])
        #expect(synced.untranslated == [0, 1])
        #expect(synced.warnings.map(DiagnosticFormatter.text) == [
            "Content/pt/hola.md:22:1: warning: Content/pt/hola.md has 4 sections, its source Content/es/hola.md has 3\n"
                + "    note: Content/pt/hola.md:22: 'Nota do tradutor' matches no section of the source\n"
                + "    note: a translation keeps the source's '##' headings, one for one, so that each section is tracked"
        ])
    }

    @Test func everyOtherByteIsKeptEvenWithCRLFABOMCommentsAndOtherKeys() throws {
        let fps = try fingerprints(Self.source)
        let old = ["0000000000000000", fps[1], "1111111111111111"].map { "'\($0)'" }.joined(separator: ",")
        let translation = "\u{FEFF}---\r\n# comentário\r\ntitle:   'Olá'   # título\r\ntranslation: {from: es,\r\n  sections: [\(old)]}\r\n\r\nuntranslated:\r\n- 0\r\n- 2\r\nupdated: 2026-11-29\r\nextra: sim\r\n---\r\n\r\nIntro.\r\n\r\n## Um\r\n\r\n## Dois\r\n"
        let synced = try sync(translation, sections: [0])
        #expect(synced.text == "\u{FEFF}---\r\n# comentário\r\ntitle:   'Olá'   # título\r\ntranslation:\r\n  from: es\r\n  sections: [\"\(fps[0])\", \"\(fps[1])\", \"1111111111111111\"]\r\n\r\nuntranslated: [2]\r\nupdated: 2026-11-29\r\nextra: sim\r\n---\r\n\r\nIntro.\r\n\r\n## Um\r\n\r\n## Dois\r\n")
        #expect(synced.updatedSections == [0])
    }

    @Test func startingToTrackAFileAppendsTheBlockBeforeTheClosingLine() throws {
        let translation = "---\ntitle: \"Olá\"\nupdated: 2026-11-29\n---\n\nIntro.\n\n## Um\n\n## Dois\n"
        let synced = try sync(translation, from: "es")
        #expect(synced.previousFrom == nil)
        let fp = try fingerprints(Self.source).map { "\"\($0)\"" }.joined(separator: ", ")
        let meta = try parse(Self.source, path: "Content/es/hola.md").metaFingerprint
        #expect(synced.text == "---\ntitle: \"Olá\"\nupdated: 2026-11-29\ntranslation:\n  from: es\n  meta: \"\(meta)\"\n  sections: [\(fp)]\n---\n\nIntro.\n\n## Um\n\n## Dois\n")
        #expect(synced.warnings.isEmpty)

        // Without front matter, one is added.
        let bare = try sync("# Olá\n\nIntro.\n\n## Um\n\n## Dois\n", from: "es")
        #expect(bare.text == "---\ntranslation:\n  from: es\n  meta: \"\(meta)\"\n  sections: [\(fp)]\n---\n# Olá\n\nIntro.\n\n## Um\n\n## Dois\n")
    }

    @Test func aBrokenTranslationBlockIsRewritten() throws {
        let translation = "---\ntitle: Olá\ntranslation:\n  from: es\n  sections: [\"abc\"]\n---\nIntro.\n\n## Um\n\n## Dois\n"
        // FrontMatter points at sync-translation for this very error.
        #expect(throws: DiagnosticError.self) { try parse(translation) }
        let synced = try sync(translation)
        #expect(try parse(synced.text).translation?.fingerprints == (try fingerprints(Self.source)))
        #expect(synced.text.hasPrefix("---\ntitle: Olá\ntranslation:\n  from: es\n  meta: \"\(try parse(Self.source).metaFingerprint)\"\n  sections: [\""))
        #expect(synced.text.hasSuffix("]\n---\nIntro.\n\n## Um\n\n## Dois\n"))
    }

    @Test func aTranslationWithOtherSectionsThanItsSourceGetsAWarning() throws {
        let synced = try sync("---\ntitle: Olá\n---\nIntro.\n\n## Um\n", from: "es")
        #expect(synced.warnings.map(DiagnosticFormatter.text) == [
            "Content/pt/hola.md:4:1: warning: Content/pt/hola.md has 2 sections, its source Content/es/hola.md has 3\n"
                + "    note: Content/es/hola.md:18: 'Segunda sección' has no translated section\n"
                + "    note: a translation keeps the source's '##' headings, one for one, so that each section is tracked"
        ])
    }

    @Test func syncRefusals() throws {
        let tracked = try startedTranslation()
        func attempt(_ translation: String?, source: String? = Self.source, from: String? = nil, sections: [Int]? = nil, lang: String = "pt") -> (usage: String?, content: [String]) {
            var files: [String: String] = ["bg/hola.md": "---\ntitle: Б\n---\n"]
            if let source { files["es/hola.md"] = source }
            if let translation { files["pt/hola.md"] = translation }
            return failure { () throws(TranslationError) in
                let c: TranslationContext
                do { c = try context(files) } catch { throw .usage("\(error)") }
                _ = try TranslationScaffold.syncTranslation(slug: "hola", lang: lang, from: from, sections: sections, in: c)
            }
        }
        #expect(attempt("---\ntitle: Olá\n---\n").content == [
            "Content/pt/hola.md:1:1: error: not a translation: the front matter has no 'translation:' block naming the language it was translated from\n"
                + "    suggestion: to start tracking it, name its source: 'lifecycle-docs sync-translation hola pt --from es'"
        ])
        #expect(attempt(tracked, source: nil).content == [
            "Content/pt/hola.md:5:9: error: the source of this translation, Content/es/hola.md, does not exist\n"
                + "    note: 'translation.from' names the language the article was translated from"
        ])
        #expect(attempt(tracked, source: nil, from: "es").usage == "no article 'hola' in 'es' (Content/es/hola.md); 'hola' exists in: pt, bg")
        #expect(attempt(tracked, sections: [3]).usage == "section 3 is out of range: Content/es/hola.md has 3 sections (0 to 2)")
        #expect(attempt(nil).content == [
            "Content/pt/hola.md: error: file not found\n    note: 'hola' exists in: es, bg\n"
                + "    suggestion: start the translation with 'lifecycle-docs new-translation hola pt'"
        ])
        #expect(attempt("---\ntitle: Olá\n---\n", from: "es", sections: [1]).usage
            == "Content/pt/hola.md records no fingerprint for sections 0, 2 of Content/es/hola.md: add --section 0 --section 2, or run without --section to mark every section current")
        #expect(attempt(tracked, from: "bg", sections: [0]).usage
            == "Content/pt/hola.md is translated from 'es'; --from bg changes its source, which needs every section: run it without --section")
        #expect(attempt(tracked, from: "pt").usage == "a translation cannot come from its own language: --from pt is the language of the translation")
        #expect(attempt(tracked, lang: "xx").usage?.hasPrefix("unknown language 'xx'") == true)
    }

    // MARK: - With the build

    @Test func aNewTranslationBuildsAtOnce() throws {
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/hola.md": Self.source])
        let created = try TranslationScaffold.newTranslation(slug: "hola", lang: "bg", from: nil, in: context(["es/hola.md": Self.source]))
        try write(["Content/bg/hola.md": created.text], under: root)
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics.map(DiagnosticFormatter.text))")
        #expect(result.articlesPerLanguage.map(\.count) == [1, 0, 1])
        let page = try read(root.appending(path: "public/bg/hola/index.html"))
        #expect(page.contains("Texto uno."))
    }
}
