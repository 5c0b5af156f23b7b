import Foundation
import Mustache
import Testing
import TestSupport
import Translations

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender

/// The sidebar, previous/next, breadcrumb, "Edit this page", the last-updated date, the
/// Open Graph tags, robots.txt and the favicon.
@Suite struct NavigationTests {
    static let siteYAML = """
        baseURL: "https://docs.example.org/guide/"
        defaultLanguage: es
        languages:
          - {code: es, name: Español, title: Guía}
          - {code: pt, name: Português, title: Guia}

        """

    /// Weighted articles first (lower first), then the others by title; the slug order is another.
    static let content: [String: String] = [
        "site.yml": siteYAML,
        "es/a.md": "---\ntitle: Zeta\nweight: 2\n---\nTexto.\n",
        "es/b.md": "---\ntitle: Delta\n---\nTexto.\n",
        "es/c.md": "---\ntitle: Omega\nweight: 1\nupdated: 2026-11-29\n---\nTexto.\n\n```swift\nlet x = 1\n```\n",
        "es/d.md": "# Alfa\n\nSin front matter: el título es el encabezado.\n",
        "pt/a.md": "---\ntitle: Zeta\n---\nTexto.\n",
    ]

    func build(_ content: [String: String]) throws -> URL {
        let root = try makeProject(content: content)
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics)")
        return root.appending(path: "public")
    }

    /// The hrefs of the sidebar, in order, and the one marked as the current page.
    func sidebar(_ html: String) -> (hrefs: [String], current: [String]) {
        guard let start = html.range(of: "<details class=\"sidebar-nav\">"), let end = html.range(of: "</details>", range: start.upperBound..<html.endIndex)
        else { return ([], []) }
        let part = html[start.upperBound..<end.lowerBound]
        let hrefs = part.matches(of: /<a href="([^"]*)"/).map { String($0.output.1) }
        let current = part.matches(of: /<a href="([^"]*)" aria-current="page">/).map { String($0.output.1) }
        return (hrefs, current)
    }

    func rel(_ html: String, _ kind: String) -> String? {
        html.firstMatch(of: try! Regex<(Substring, Substring)>("<a class=\"pager-[a-z]+\" href=\"([^\"]*)\" rel=\"\(kind)\"")).map { String($0.output.1) }
    }

    @Test func sidebarOrdersByWeightThenTitleAndMarksTheCurrentPage() throws {
        let site = try build(Self.content)
        let page = try read(site.appending(path: "es/b/index.html"))
        let (hrefs, current) = sidebar(page)
        #expect(hrefs == ["../c/index.html", "../a/index.html", "../d/index.html", "index.html"])
        #expect(current == ["index.html"])
        #expect(page.contains(">Alfa</a>"), "a title from the leading heading is shown")
        // The language home follows the same order.
        let home = try read(site.appending(path: "es/index.html"))
        let listed = home.matches(of: /<a href="([a-z])\/index.html">/).map { String($0.output.1) }
        #expect(listed == ["c", "a", "d", "b"])
        // Only the page's language.
        #expect(sidebar(try read(site.appending(path: "pt/a/index.html"))).hrefs == ["index.html"])
    }

    @Test func previousAndNextFollowTheOrderAndStopAtTheEnds() throws {
        let site = try build(Self.content)
        let first = try read(site.appending(path: "es/c/index.html"))
        #expect(rel(first, "prev") == nil)
        #expect(rel(first, "next") == "../a/index.html")
        #expect(first.contains("<span class=\"pager-label\">Siguiente</span> <span class=\"pager-title\">Zeta</span>"))
        let middle = try read(site.appending(path: "es/a/index.html"))
        #expect(rel(middle, "prev") == "../c/index.html")
        #expect(rel(middle, "next") == "../d/index.html")
        let last = try read(site.appending(path: "es/b/index.html"))
        #expect(rel(last, "prev") == "../d/index.html")
        #expect(rel(last, "next") == nil)
        // A language with one article has no pager at all.
        #expect(!(try read(site.appending(path: "pt/a/index.html"))).contains("class=\"pager\""))
    }

    @Test func breadcrumbLeadsToTheLanguageHome() throws {
        let page = try read(try build(Self.content).appending(path: "es/a/index.html"))
        #expect(page.contains("<nav class=\"breadcrumb\" aria-label=\"Ruta de navegación\">"))
        #expect(page.contains("<a itemprop=\"item\" href=\"../index.html\"><span itemprop=\"name\">Inicio</span></a>"))
        #expect(page.contains("<span itemprop=\"name\" aria-current=\"page\">Zeta</span>"))
    }

    @Test func editLinkOnlyWithEditURL() throws {
        let without = try read(try build(Self.content).appending(path: "es/a/index.html"))
        #expect(!without.contains("class=\"edit-page\""))
        var content = Self.content
        content["site.yml"] = Self.siteYAML + "editURL: \"https://github.com/org/repo/edit/main/Content\"\n"
        let with = try read(try build(content).appending(path: "es/a/index.html"))
        #expect(with.contains("<p class=\"edit-page\"><a href=\"https://github.com/org/repo/edit/main/Content/es/a.md\">Editar esta página</a></p>"))
    }

    @Test(arguments: ["ftp://example.org/", "/Content/", "https://", "https://x.org/edit?file=", "[a]"])
    func badEditURLIsAnErrorWhereItIsWritten(value: String) throws {
        let root = try makeProject(content: ["site.yml": Self.siteYAML + "editURL: \"\(value)\"\n", "es/a.md": "# A\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        let problem = try #require(result.diagnostics.first)
        #expect(problem.message.hasPrefix("'editURL' must be an absolute http:// or https:// URL of the content folder"))
        #expect(problem.location?.line == 6)
        #expect(problem.location?.column == 10)
    }

    @Test func chooserIsHeadedByTheSiteNameOrElseTheDefaultTitle() throws {
        let without = try read(try build(Self.content).appending(path: "index.html"))
        let title = try #require(without.firstMatch(of: /<h1>([^<]+)<\/h1>/)?.output.1)
        #expect(title == "Guía", "without `name`, the default language's title")
        var content = Self.content
        content["site.yml"] = Self.siteYAML + "name: \"Docs & Co\"\n"
        let with = try read(try build(content).appending(path: "index.html"))
        #expect(with.contains("<h1>Docs &amp; Co</h1>"))
        #expect(with.contains("<title>Docs &amp; Co</title>"))
        #expect(!with.contains("<h1>\(title)</h1>"))
    }

    /// The header shows the title as the site's name and a tagline (hidden on phones) only when
    /// the title starts with site.yml's `name`.
    @Test func headerSplitsTheTitleAfterTheSiteName() throws {
        let plain = try read(try build(Self.content).appending(path: "es/a/index.html"))
        #expect(plain.contains("<a class=\"site-title\" href=\"../index.html\">Guía</a>"))
        var content = Self.content
        content["site.yml"] = Self.siteYAML.replacing("title: Guía}", with: "title: \"Guía: todo\"}") + "name: Guía\n"
        let split = try read(try build(content).appending(path: "es/a/index.html"))
        #expect(split.contains("<a class=\"site-title\" href=\"../index.html\"><span class=\"site-name\">Guía</span><span class=\"site-tagline\">: todo</span></a>"))
        // Portuguese's title ("Guia") does not start with the name: shown whole.
        let portuguese = try read(try build(content).appending(path: "pt/index.html"))
        #expect(portuguese.contains("<a class=\"site-title\" href=\"index.html\">Guia</a>"))
    }

    @Test func emptySiteNameIsAnErrorWhereItIsWritten() throws {
        let root = try makeProject(content: ["site.yml": Self.siteYAML + "name: \"\"\n", "es/a.md": "# A\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        let problem = try #require(result.diagnostics.first)
        #expect(problem.message == "'name' must be a non-empty string")
        #expect(problem.location?.line == 6)
        #expect(problem.location?.column == 7)
    }

    @Test func updatedDateOnlyWhenGiven() throws {
        let site = try build(Self.content)
        let dated = try read(site.appending(path: "es/c/index.html"))
        #expect(dated.contains("<p class=\"updated\">Actualizado el <time datetime=\"2026-11-29\">29 de noviembre de 2026</time></p>"))
        #expect(!(try read(site.appending(path: "es/a/index.html"))).contains("<time"))
    }

    @Test func openGraphAndTwitterTags() throws {
        let site = try build(Self.content)
        let article = try read(site.appending(path: "es/a/index.html"))
        for tag in [
            "<meta property=\"og:type\" content=\"article\">",
            "<meta property=\"og:site_name\" content=\"Guía\">",
            "<meta property=\"og:title\" content=\"Zeta · Guía\">",
            "<meta property=\"og:url\" content=\"https://docs.example.org/guide/es/a/\">",
            "<meta property=\"og:locale\" content=\"es_ES\">",
            "<meta property=\"og:locale:alternate\" content=\"pt_BR\">",
            "<meta name=\"twitter:card\" content=\"summary\">",
            "<meta name=\"twitter:title\" content=\"Zeta · Guía\">",
        ] {
            #expect(article.contains(tag), "missing \(tag)")
        }
        #expect(article.contains("<meta property=\"og:description\" content=\"Texto.\">"))
        let home = try read(site.appending(path: "pt/index.html"))
        #expect(home.contains("<meta property=\"og:type\" content=\"website\">"))
        #expect(home.contains("<meta property=\"og:locale\" content=\"pt_BR\">"))
        #expect(home.contains("<meta property=\"og:url\" content=\"https://docs.example.org/guide/pt/\">"))
    }

    @Test func noOpenGraphURLWithoutAnAbsoluteBaseURL() throws {
        var content = Self.content
        content["site.yml"] = Self.siteYAML.replacing("https://docs.example.org/guide/", with: "/guide/")
        let page = try read(try build(content).appending(path: "es/a/index.html"))
        #expect(!page.contains("og:url"))
        #expect(page.contains("<meta property=\"og:title\""))
    }

    @Test func robotsNamesTheSitemapByItsAbsoluteURL() throws {
        let robots = try read(try build(Self.content).appending(path: "robots.txt"))
        #expect(robots == "User-agent: *\nAllow: /\n\nSitemap: https://docs.example.org/guide/sitemap.xml\n")
    }

    @Test func robotsWithoutAnAbsoluteBaseURLNamesNoSitemap() throws {
        var content = Self.content
        content["site.yml"] = Self.siteYAML.replacing("https://docs.example.org/guide/", with: "/guide/")
        let robots = try read(try build(content).appending(path: "robots.txt"))
        #expect(robots.hasPrefix("User-agent: *\nAllow: /\n"))
        #expect(!robots.contains("Sitemap:"))
        #expect(robots.contains("# No Sitemap line"))
    }

    @Test func faviconIsWrittenAndLinkedFromEveryPage() throws {
        let site = try build(Self.content)
        let svg = try read(site.appending(path: "favicon.svg"))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for (path, href) in [
            ("index.html", "favicon.svg"), ("es/index.html", "../favicon.svg"), ("es/a/index.html", "../../favicon.svg"),
            ("es/playground/index.html", "../../favicon.svg"), ("es/status/index.html", "../../favicon.svg"), ("404.html", "/guide/favicon.svg"),
        ] {
            #expect(try read(site.appending(path: path)).contains("<link rel=\"icon\" href=\"\(href)\" type=\"image/svg+xml\">"), "\(path)")
        }
    }

    @Test func copyAndThemeStringsAreInThePageLanguage() throws {
        let site = try build(Self.content)
        let pt = try read(site.appending(path: "pt/a/index.html"))
        #expect(pt.contains("data-copy-label=\"Copiar\" data-copied-label=\"Código copiado\""))
        #expect(pt.contains("<span class=\"theme-toggle-text\">Tema escuro</span>"))
        // The stored theme is applied before the stylesheet, so a dark choice never flashes light.
        let script = try #require(pt.range(of: "localStorage.getItem(\"lifecycle-docs-theme\")"))
        let stylesheet = try #require(pt.range(of: "<link rel=\"stylesheet\""))
        #expect(script.lowerBound < stylesheet.lowerBound)
    }

    /// Past 40 articles, a page lists 40 around it (fewer before it near the end) and links to the home, which lists all.
    @Test func aLongSidebarShowsTheNeighboursAndLinksToTheHome() throws {
        var content = ["site.yml": Self.siteYAML, "pt/a.md": "# A\n"]
        for n in 1...60 {
            let number = String(1000 + n).dropFirst()
            content["es/p\(number).md"] = "---\ntitle: Página \(number)\n---\nTexto.\n"
        }
        let site = try build(content)
        func listed(_ slug: String) throws -> [String] {
            sidebar(try read(site.appending(path: "es/\(slug)/index.html"))).hrefs.filter { !$0.hasPrefix("../index") }
        }
        #expect(try listed("p001").count == 40)
        #expect(try listed("p001").first == "index.html")
        #expect(try listed("p001").last == "../p040/index.html")
        #expect(try listed("p030").first == "../p010/index.html")
        #expect(try listed("p030").last == "../p049/index.html")
        #expect(try listed("p055").first == "../p021/index.html")
        #expect(try listed("p060").last == "index.html")
        let page = try read(site.appending(path: "es/p030/index.html"))
        #expect(page.contains("<p class=\"sidebar-more\"><a href=\"../index.html\">Todos los artículos (60)</a></p>"))
        // Previous/next still walk the whole order.
        #expect(rel(page, "next") == "../p031/index.html")
        #expect(!(try read(site.appending(path: "pt/a/index.html"))).contains("sidebar-more"))
    }

    @Test func orderIsWeightThenTitleInTheLanguageThenSlug() {
        let entries: [SiteNavigation.Entry] = [
            .init(slug: "e", title: "árbol", weight: nil), .init(slug: "d", title: "Zorro", weight: nil),
            .init(slug: "c", title: "b", weight: 5), .init(slug: "b", title: "a", weight: 5), .init(slug: "a", title: "x", weight: -1),
            .init(slug: "f", title: "Zorro", weight: nil),
        ]
        let navigation = SiteNavigation(entries.map { ("es", $0) })
        #expect(navigation.entries("es").map(\.slug) == ["a", "b", "c", "e", "d", "f"])
    }

    /// The homes and tutorials pages sort their articles' entries by position: the order is the
    /// one sorting the `Article`s themselves gave, over random titles (accents, case, equal titles),
    /// weights and slugs in several languages. `READING_ORDER_SEED` shifts the seed.
    /// The sidebar's and pager's links come from values the navigation made once per build; each
    /// must be its title and the link `SiteLinks.articleLink` makes from the page, marked current as the page's
    /// own slug is: over random slugs, é composed and decomposed (equal as Strings, not as
    /// folders), and a slug that is not one folder name. `SIDEBAR_LINK_SEED` shifts the seed.
    @Test func sidebarAndPagerLinksAreArticleLinks() throws {
        var random = SeededRandom(seed: 2512 &+ SeededRandom.seedOffset("SIDEBAR_LINK_SEED"))
        let slugs = ["a", "b-1", "caf\u{E9}", "cafe\u{301}", "x/y", "\u{F1}u", "\u{436}\u{443}\u{43A}", "z"]
        let config = SiteConfig.withoutFile(languageFolders: ["es"])
        let template = try MustacheTemplate(source: "{{#sidebar}}{{title}}={{href}}{{#current}}*{{/current}};{{/sidebar}}{{#previous}}<{{href}}{{/previous}}{{#next}}>{{href}}{{/next}}", name: "links")
        var differentBytes = 0
        for round in 0..<300 {
            let chosen = (0..<(1 + random.below(8))).map { _ in random.pick(slugs) }
            let navigation = SiteNavigation(ordered: ["es": chosen.enumerated().map { .init(slug: $1, title: "T\($0)", weight: $0) }])
            let page = random.pick(chosen)
            let contexts = PageContexts(
                config: config, strings: UIStrings(), furniture: PageFurniture(config: config, assets: [:]), articles: [:],
                translations: TranslationMatrix(languages: [], rows: []), navigation: navigation)
            let article = Article(lang: "es", slug: page, displayPath: "es/\(round).md", title: "", description: "", bodyUTF8: [], toc: [], chains: [])
            let rendered = try MustacheLibrary(templates: [:]).render(template, contexts.article(article, body: ""))
            func link(_ slug: String) -> String { SiteLinks.articleLink(lang: "es", from: page, to: slug) }
            var expected = chosen.enumerated().map { "T\($0)=" + link($1) + ($1 == page ? "*" : "") + ";" }.joined()
            if let position = chosen.firstIndex(of: page) {
                if position > 0 { expected += "<" + link(chosen[position - 1]) }
                if position + 1 < chosen.count { expected += ">" + link(chosen[position + 1]) }
            }
            #expect(rendered == expected, "round \(round): \(chosen) from \(page)")
            if chosen.contains(where: { $0 == page && !$0.utf8.elementsEqual(page.utf8) }) { differentBytes += 1 }
        }
        #expect(differentBytes > 10, "the rounds must hold slugs equal as Strings but not as bytes")
    }

    @Test func readingOrderByPositionIsTheArticleSort() {
        var random = SeededRandom(seed: 1825 &+ SeededRandom.seedOffset("READING_ORDER_SEED"))
        let titles = ["Alfa", "alfa", "Álamo", "Zeta", "zeta", "Ñu", "Nube", "Éter", "Eter", "Жук", "中文", "10 pasos", "2 pasos", ""]
        var reordered = 0
        for round in 0..<300 {
            let lang = random.pick(["es", "pt", "bg", "it", "ja", "en"])
            let articles: [Article] = (0..<random.below(25)).map { index in
                var article = Article(
                    lang: lang, slug: "s\(random.below(8))-\(index % 3)", displayPath: "\(lang)/\(index).md",
                    title: random.pick(titles) + (random.below(3) == 0 ? " " + random.pick(titles) : ""), description: "",
                    bodyUTF8: [], toc: [], chains: [])
                article.weight = random.below(3) == 0 ? random.below(4) : nil
                return article
            }
            let locale = Locale(identifier: lang)
            // What home() and tutorials() did before (1b5c63d).
            let old = articles.sorted { a, b in
                SiteNavigation.precedes(
                    .init(slug: a.slug, title: a.title, weight: a.weight), .init(slug: b.slug, title: b.title, weight: b.weight), locale: locale)
            }
            let new = PageContexts.inReadingOrder(articles, lang: lang)
            #expect(new.map(\.displayPath) == old.map(\.displayPath), "round \(round)")
            if old.map(\.displayPath) != articles.map(\.displayPath) { reordered += 1 }
        }
        // Most rounds move articles, so the order is exercised, not only kept.
        #expect(reordered > 200)
    }
}
