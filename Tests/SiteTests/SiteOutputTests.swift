import Foundation
import Testing
import TestSupport

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// The URL and page contract of DESIGN.md, checked on the repository's own site.
@Suite struct SiteOutputTests {
    @Test func writesEveryContractFile() throws {
        let site = try repositorySite.get()
        for path in [
            "index.html", "404.html", "sitemap.xml", "es/index.html", "pt/index.html", "bg/index.html", "it/index.html",
            "es/inactive/index.html", "pt/inactive/index.html", "bg/inactive/index.html", "it/inactive/index.html",
            "it/active/index.html", "es/404.html", "pt/404.html", "bg/404.html", "it/404.html",
        ] {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: path).path), "missing \(path)")
        }
        let assets = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "assets").path)
        #expect(assets.contains { $0.hasPrefix("style.") && $0.hasSuffix(".css") && $0.count == "style.0123456789.css".count })
        #expect(assets.contains { $0.hasPrefix("site.") && $0.hasSuffix(".js") })
    }

    @Test func articlePageHeadHasLanguageTitleDescriptionCanonicalAndAlternates() throws {
        let html = try read(try repositorySite.get().appending(path: "es/inactive/index.html"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"es\">"))
        #expect(html.contains("<title>Inactive — el estado de transición entre Active y Background · "))
        #expect(html.contains("<meta name=\"description\" content=\""))
        #expect(html.contains("<link rel=\"canonical\" href=\"https://lifecycle-docs.example.org/es/inactive/\">"))
        for lang in ["es", "pt", "bg", "it"] {
            #expect(html.contains("<link rel=\"alternate\" hreflang=\"\(lang)\" href=\"https://lifecycle-docs.example.org/\(lang)/inactive/\">"))
        }
        #expect(html.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://lifecycle-docs.example.org/es/inactive/\">"))
    }

    @Test func switcherLinksTranslationsAndMarksMissingOnes() throws {
        let html = try read(try repositorySite.get().appending(path: "es/inactive/index.html"))
        #expect(html.contains("<span class=\"current\" aria-current=\"page\" lang=\"es\">Español</span>"))
        #expect(html.contains("<a href=\"../../pt/inactive/index.html\" hreflang=\"pt\"><span lang=\"pt\">Português</span></a>"))
        #expect(html.contains("<a href=\"../../bg/inactive/index.html\" hreflang=\"bg\"><span lang=\"bg\">Български</span></a>"))
        #expect(html.contains("<a href=\"../../it/inactive/index.html\" hreflang=\"it\"><span lang=\"it\">Italiano</span></a>"))
        #expect(!html.contains("class=\"untranslated\""), "every language has Inactive")
        let active = try read(try repositorySite.get().appending(path: "it/active/index.html"))
        #expect(active.contains("<a href=\"../../es/active/index.html\" hreflang=\"es\"><span lang=\"es\">Español</span></a>"))
        #expect(!active.contains("class=\"untranslated\""), "every language has Active")
    }

    /// An article not yet in a language: its switcher sends that language's readers to their home, marked.
    @Test func switcherMarksALanguageWithoutTheArticle() throws {
        let root = try makeProject(content: ["site.yml": BuildTests.siteYML, "es/a.md": "---\ntitle: A\n---\nTexto.\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("<a href=\"../../bg/index.html\" hreflang=\"bg\" class=\"untranslated\"><span lang=\"bg\">Български</span> <small>(Aún sin traducir)</small></a>"))
        let bgHome = try read(root.appending(path: "public/bg/index.html"))
        #expect(bgHome.contains("<a href=\"../es/a/index.html\" hreflang=\"es\" lang=\"es\">Español</a>"))
    }

    /// The site navigation is named as such in the page's language (not by the word for "home").
    @Test(arguments: [
        ("es", "Navegación del sitio"), ("pt", "Navegação do site"), ("it", "Navigazione del sito"), ("bg", "Навигация в сайта"),
    ])
    func siteNavigationIsNamedInThePageLanguage(lang: String, label: String) throws {
        let html = try read(try repositorySite.get().appending(path: "\(lang)/index.html"))
        #expect(html.contains("<nav class=\"site-nav\" aria-label=\"\(label)\">"))
    }

    @Test func tableOfContentsLinksEveryHeadingId() throws {
        let html = try read(try repositorySite.get().appending(path: "bg/inactive/index.html"))
        let article = try #require(html.split(separator: "<article>").last)
        let ids = article.matches(of: /<h[23] id="([^"]+)"/).map { String($0.output.1) }.filter { !$0.hasPrefix("ld-") }
        #expect(ids.count >= 7)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(html.contains("<a href=\"#\(id)\">"), "no TOC entry for \(id)") }
        // Cyrillic ids stay readable.
        #expect(ids.contains { $0.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
    }

    @Test func codeIsHighlightedAtBuildTime() throws {
        let html = try read(try repositorySite.get().appending(path: "es/inactive/index.html"))
        #expect(html.contains("<code class=\"language-swift\">"))
        #expect(html.contains("<code class=\"language-kotlin\">"))
        #expect(html.contains("<span class=\"hl-keyword\">func</span>"))
        #expect(html.contains("<span class=\"hl-comment\">"))
        #expect(html.contains("<span class=\"hl-string\">"))
    }

    @Test func languageHomeListsArticlesAndUntranslatedOnes() throws {
        let site = try repositorySite.get()
        let es = try read(site.appending(path: "es/index.html"))
        #expect(es.contains("<a href=\"inactive/index.html\">Inactive — el estado de transición entre Active y Background</a>"))
        #expect(es.contains("<a href=\"active/index.html\">"))
        #expect(!es.contains("hreflang=\"it\" lang=\"it\""), "no article is missing in Spanish")
        let it = try read(site.appending(path: "it/index.html"))
        #expect(it.contains("<a href=\"active/index.html\">"))
        #expect(it.contains("<a href=\"inactive/index.html\">Inactive — lo stato di transizione tra Active e Background</a>"))
        #expect(!it.contains("href=\"../es/inactive/index.html\""), "Inactive is no longer listed as missing in Italian")
    }

    @Test func chooserAnd404() throws {
        let site = try repositorySite.get()
        let chooser = try read(site.appending(path: "index.html"))
        for (code, name) in [("es", "Español"), ("pt", "Português"), ("bg", "Български"), ("it", "Italiano")] {
            #expect(chooser.contains("<li lang=\"\(code)\"><a href=\"\(code)/index.html\" hreflang=\"\(code)\"><strong>\(name)</strong>"))
        }
        // The root belongs to no one language: site.yml's `name` heads it, each choice describes
        // the site in its own language, and no Spanish sections or footer surround them (the
        // search box, on every page, searches the default language).
        #expect(chooser.contains("<title>LifecycleDocs</title>"))
        #expect(chooser.contains("<h1>LifecycleDocs</h1>"))
        #expect(chooser.contains("<span lang=\"pt\">Escolha seu idioma</span>"))
        #expect(chooser.contains("<strong>Български</strong> <span>Документация за жизнения цикъл"))
        for spanish in ["Artículos", "Tutoriales", "Estado de las traducciones", "el ciclo de vida de las apps móviles"] {
            #expect(!chooser.contains(spanish), "'\(spanish)' on the chooser")
        }
        #expect(chooser.contains("data-theme-toggle"), "the theme toggle stays")
        #expect(chooser.contains("data-ld-search"), "the search box stays")
        let notFound = try read(site.appending(path: "404.html"))
        #expect(notFound.contains("<link rel=\"stylesheet\" href=\"/assets/style."))
        #expect(notFound.contains("<a href=\"/pt/index.html\" hreflang=\"pt\">"))
        #expect(notFound.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(notFound.hasPrefix("<!DOCTYPE html>\n<html lang=\"es\">"))
        // Each language has its own, in its words, its home offered first; links from the base path.
        let bulgarian = try read(site.appending(path: "bg/404.html"))
        #expect(bulgarian.hasPrefix("<!DOCTYPE html>\n<html lang=\"bg\">"))
        #expect(bulgarian.contains("<link rel=\"stylesheet\" href=\"/assets/style."))
        let homes = bulgarian.matches(of: /<li lang="(\w+)"><a href="\/\w+\/index.html"/).map { String($0.output.1) }
        #expect(homes == ["bg", "es", "pt", "it"])
        #expect(!bulgarian.contains("Página no encontrada"))
    }

    @Test func sitemapHasAlternates() throws {
        let xml = try read(try repositorySite.get().appending(path: "sitemap.xml"))
        #expect(xml.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
        #expect(xml.contains("<loc>https://lifecycle-docs.example.org/pt/inactive/</loc>"))
        #expect(xml.contains("<xhtml:link rel=\"alternate\" hreflang=\"bg\" href=\"https://lifecycle-docs.example.org/bg/inactive/\"/>"))
        #expect(xml.contains("<loc>https://lifecycle-docs.example.org/it/active/</loc>"))
        #expect(xml.contains("<loc>https://lifecycle-docs.example.org/it/inactive/</loc>"))
        #expect(xml.contains("<xhtml:link rel=\"alternate\" hreflang=\"it\" href=\"https://lifecycle-docs.example.org/it/inactive/\"/>"))
        // The chooser, then per language its home, playground, tutorials home, model reference and
        // its four machines' pages, and every article.
        let articles = try FileManager.default.subpathsOfDirectory(atPath: repositoryRoot.appending(path: "Content").path).count { $0.hasSuffix(".md") }
        #expect(articles >= 20)
        #expect(xml.matches(of: /<url>/).count == 1 + 4 * (4 + 4) + articles)
        #expect(xml.contains("<loc>https://lifecycle-docs.example.org/pt/model/android-activity/</loc>"))
        #expect(xml.contains("<xhtml:link rel=\"alternate\" hreflang=\"bg\" href=\"https://lifecycle-docs.example.org/bg/model/ios-scene/\"/>"))
        #expect(xml.contains("<loc>https://lifecycle-docs.example.org/it/surviving-interruptions/</loc>"))
        #expect(xml.contains("<loc>https://lifecycle-docs.example.org/bg/tutorials/</loc>"))
    }

    @Test func nothingIsLoadedFromAnotherHost() throws {
        let site = try repositorySite.get()
        for page in ["index.html", "es/index.html", "es/inactive/index.html", "it/active/index.html", "404.html", "pt/404.html"] {
            let html = try read(site.appending(path: page))
            let loaded = html.matches(of: /(?:src|<link rel="(?:stylesheet|icon|preload)" href)="([^"]*)"/).map { String($0.output.1) }
            #expect(!loaded.isEmpty)
            for url in loaded {
                #expect(!url.hasPrefix("http:") && !url.hasPrefix("https:") && !url.hasPrefix("//"), "\(page) loads \(url)")
            }
        }
    }
}

/// Markup the Nu HTML Checker and axe hold an article page to (Tests/browser checks whole sites).
@Suite struct PageMarkupTests {
    @Test func headingsNeverTakeTheIdsOfTheLayoutExamplesOrChains() throws {
        let root = try makeProject(content: [
            "site.yml": BuildTests.siteYML,
            "es/a.md": """
                ---
                title: A
                ---

                Una cadena: Not Running → Inactive → Active.

                ## ld main

                ## Ex 1

                ## Chain 1

                ## Ex 1 diagram title

                ```lifecycle ios-app
                given active
                interruption -> inactive
                ```

                """,
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        let ids = html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) }
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        for id in ["ld-main", "ex-1", "chain-1", "ex-1-diagram-title"] { #expect(ids.contains(id)) }
        for id in ["section-ld-main", "section-ex-1", "section-chain-1", "section-ex-1-diagram-title"] {
            #expect(html.contains("<li><a href=\"#\(id)\">"), "no TOC entry for \(id)")
        }
    }

    @Test(arguments: [
        ("es", "Notas", "Volver al texto", "Tarea"),
        ("bg", "Бележки под линия", "Обратно към текста", "Задача"),
    ])
    func footnotesAndTasksSpeakThePageLanguage(lang: String, footnotes: String, back: String, task: String) throws {
        let root = try makeProject(content: [
            "site.yml": BuildTests.siteYML,
            "\(lang)/a.md": "---\ntitle: A\n---\n\nTexto[^1].\n\n- [x] Hecho\n- [ ] ![](x.png)\n\n[^1]: Nota.\n",
            "\(lang)/x.png": "not really a PNG: published all the same, without a size",
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics)")
        let html = try read(root.appending(path: "public/\(lang)/a/index.html"))
        #expect(html.contains("<section class=\"footnotes\">\n<h2 class=\"visually-hidden\">\(footnotes)</h2>"))
        #expect(html.contains("class=\"footnote-backref\" aria-label=\"\(back)\">↩</a>"))
        #expect(html.contains("<li class=\"task-list-item\"><label><input type=\"checkbox\" disabled checked> Hecho</label></li>"))
        #expect(html.contains("<input type=\"checkbox\" disabled aria-label=\"\(task)\">"))
    }
}

/// Relative links between page folders, as the URL contract writes them.
@Suite struct SiteLinkTests {
    @Test(arguments: [
        ("", "es/", "es/index.html"),
        ("es/", "es/", "index.html"),
        ("es/inactive/", "es/inactive/", "index.html"),
        ("es/inactive/", "es/", "../index.html"),
        ("es/inactive/", "pt/inactive/", "../../pt/inactive/index.html"),
        ("es/status/", "es/active/", "../active/index.html"),
        ("es/ab/", "es/abc/", "../abc/index.html"),
        ("es/abc/", "es/ab/", "../ab/index.html"),
        ("es/inactive/", "", "../../index.html"),
        ("es/café/", "es/cafè/", "../cafè/index.html"),
        ("bg/активно/", "bg/неактивно/", "../неактивно/index.html"),
        ("bg/активно/", "bg/активно/", "index.html"),
        ("es/a/b/", "it/", "../../../it/index.html"),
    ])
    func links(from: String, to: String, expected: String) {
        #expect(SiteLinks.link(from: from, to: to) == expected)
    }

    /// The sidebar's link between two articles of one language is the general link between their folders.
    @Test(arguments: [
        ("es", "inactive", "inactive"), ("es", "ab", "abc"), ("es", "abc", "ab"), ("es", "a", "b"), ("pt-PT", "x-1", "x-2"),
        ("es", "café", "cafè"), ("bg", "активно", "неактивно"), ("es", "a/b", "c"), ("es", "c", "a/b"), ("es", "", "a"), ("es", ".", ".."),
    ])
    func articleLinks(lang: String, from: String, to: String) {
        #expect(SiteLinks.articleLink(lang: lang, from: from, to: to) == SiteLinks.link(from: SiteLinks.articleDir(lang, from), to: SiteLinks.articleDir(lang, to)))
    }

    /// The same over random slugs of a small alphabet (so that many share prefixes or are equal).
    @Test func articleLinksOfRandomSlugs() {
        var random = SeededRandom(seed: 2323 &+ SeededRandom.seedOffset("ARTICLE_LINK_SEED"))
        let alphabet: [String] = ["a", "b", "-", "0", "é", "e\u{301}", "/", "."]
        func slug() -> String { (0..<random.below(5)).map { _ in random.pick(alphabet) }.joined() }
        var fastPaths = 0
        for _ in 0..<5_000 {
            let lang = random.pick(["es", "bg", "pt-PT"])
            let from = slug(), to = random.below(4) == 0 ? "" : slug()
            let chosen = random.below(3) == 0 ? from : to
            let expected = SiteLinks.link(from: SiteLinks.articleDir(lang, from), to: SiteLinks.articleDir(lang, chosen))
            #expect(SiteLinks.articleLink(lang: lang, from: from, to: chosen) == expected, "\(lang) \(from) → \(chosen)")
            if expected == "index.html" || expected.hasPrefix("../") && expected.utf8.count == chosen.utf8.count + 14 { fastPaths += 1 }
        }
        // Most pairs are slugs the fast path takes.
        #expect(fastPaths > 1_000)
    }

    /// rootPrefix counts "/" as bytes; over page folders of valid slugs and language codes it
    /// agrees with the old count of Characters.
    @Test func rootPrefixMatchesCharacterCount() {
        var random = SeededRandom(seed: 2424 &+ SeededRandom.seedOffset("ROOT_PREFIX_SEED"))
        let alphabet: [String] = ["a", "z", "0", "9", "-"]
        func slug() -> String { (0..<(1 + random.below(6))).map { _ in random.pick(alphabet) }.joined() }
        var deepest = 0
        for _ in 0..<2_000 {
            let lang = random.pick(["es", "bg", "pt-PT", "en", "ja"])
            let dir = random.pick([
                SiteLinks.articleDir(lang, slug()), SiteLinks.homeDir(lang), SiteLinks.tutorialsDir(lang),
                SiteLinks.playgroundDir(lang), SiteLinks.statusDir(lang), "", "\(lang)/\(slug())/\(slug())/",
            ])
            let old = String(repeating: "../", count: dir.count { $0 == "/" })
            #expect(SiteLinks.rootPrefix(from: dir) == old, "\(dir)")
            deepest = max(deepest, old.utf8.count / 3)
        }
        // The folders reach three levels down, so the count is exercised beyond one.
        #expect(deepest == 3)
    }
}
