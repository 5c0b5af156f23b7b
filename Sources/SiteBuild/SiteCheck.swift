import Diagnostics
import Foundation
import Search
import SiteContent
import SiteRender
import Translations

extension SiteBuilder {
    /// `check` and `status`: reads and verifies every article (its examples run, its chains
    /// judged, its translations compared) without rendering any, then checks the links written
    /// in the Markdown against the pages and files a build would write. Only a page that such a
    /// link points into with an `#anchor` is rendered, for its ids. Nothing is written; the
    /// links the templates add are checked by `build`, which renders every page.
    public static func check(_ options: BuildOptions) -> BuildResult {
        let start = ContinuousClock.now
        var diagnostics = DiagnosticCollector()
        var result = BuildResult(diagnostics: [], articlesPerLanguage: [], filesWritten: 0, seconds: 0)
        result.decision = .verifyOnly
        do throws(DiagnosticError) {
            let site = try SiteInputs.load(options, diagnostics: &diagnostics)
            result.baseURL = site.config.baseURL
            let reader = site.articleReader()
            let renderer = ArticleRenderer(strings: site.strings ?? UIStrings())
            let languages = site.config.languages.map(\.code)
            let bySlug = Dictionary(grouping: site.sources.indices, by: { site.sources[$0].slug })
            let slugs = bySlug.keys.sorted()
            // A check keeps no cache: no article has a stamp.
            let noStamps = [FileStamp?](repeating: nil, count: site.sources.count)
            let groups = Parallel.map(slugs.count) { position in
                readGroup(slugs[position], bySlug[slugs[position]] ?? [], site: site, reader: reader, languages: languages, stamps: noStamps)
            }
            var reports: [Int: PageReport] = [:]
            var draftPages = Set<String>()
            var articles: [String: [String: Article]] = [:]
            for (slug, group) in zip(slugs, groups) {
                diagnostics.report(contentsOf: group.diagnostics)
                reports.merge(group.reports, uniquingKeysWith: { first, _ in first })
                draftPages.formUnion(group.draftPages)
                if !group.articles.isEmpty { articles[slug] = group.listed.mapValues(\.listing) }
            }
            result.pages = site.sources.indices.compactMap { reports[$0] }
            result.articlesPerLanguage = site.articlesPerLanguage(articles)
            result.translations = TranslationMatrix(languages: languages, rows: groups.flatMap(\.matrix.rows))
            var checker = LinkChecker(config: site.config, languagesBySlug: articles.mapValues { Set($0.keys) }, draftPages: draftPages)
            checker.unreadablePages = Set(site.sources.filter { articles[$0.slug]?[$0.lang] == nil }.map { SiteLinks.articleDir($0.lang, $0.slug) + "index.html" })
                .subtracting(draftPages)
            let (problems, rendered) = checkMarkdownLinks(
                Dictionary(uniqueKeysWithValues: zip(slugs, groups)), site: site, renderer: renderer, checker: checker)
            result.pagesRendered = rendered
            var linkProblems = problems
            if site.config.brokenLinks == .warn {
                for index in linkProblems.indices { linkProblems[index].severity = .warning }
            }
            diagnostics.report(contentsOf: linkProblems)
        } catch {
            diagnostics.report(contentsOf: error.diagnostics)
        }
        result.diagnostics = unique(diagnostics.sorted)
        result.seconds = seconds(since: start)
        return result
    }

    /// Every output path a build of `site` writes, for the articles in `groups`.
    static func outputPaths(_ site: SiteInputs, groups: [String: ReadGroup]) -> Set<String> {
        var paths: Set<String> = ["sitemap.xml", SiteFiles.robotsPath, SiteFiles.faviconPath, OutputGuard.markerName]
        paths.formUnion(SitePage.all(languages: site.config.languages.map(\.code)).map(\.path))
        for (slug, group) in groups {
            for lang in group.articles.keys {
                paths.insert(SiteLinks.articleDir(lang, slug) + "index.html")
                paths.insert(SearchIndex.fragmentPath(lang: lang, key: slug))
            }
        }
        // The search index's manifests; its shards depend on the words and are no link's target.
        paths.formUnion(site.config.languages.map { SearchIndex.folder($0.code) + "index.js" })
        paths.formUnion(site.pages?.assets.files.map(\.publishedPath) ?? [])
        paths.formUnion(site.files.map(\.path))
        return paths
    }

    /// The links written in the articles' Markdown, each where it is written. A link into an
    /// article with an `#anchor` renders that article's page once, for its ids; an anchor of
    /// any other page (a home, the playground) is not checked here.
    private static func checkMarkdownLinks(
        _ groups: [String: ReadGroup], site: SiteInputs, renderer: ArticleRenderer, checker: LinkChecker
    ) -> (problems: [Diagnostic], pagesRendered: Int) {
        let paths = outputPaths(site, groups: groups)
        // Which article and group each article page shows.
        var pageArticles: [String: (slug: String, lang: String)] = [:]
        for (slug, group) in groups {
            for lang in group.articles.keys { pageArticles[SiteLinks.articleDir(lang, slug) + "index.html"] = (slug, lang) }
        }
        var problems: [Diagnostic] = []
        var rendered: [String: PageIDs?] = [:]
        func ids(_ path: String) -> PageIDs? {
            if let known = rendered[path] { return known }
            guard let (slug, lang) = pageArticles[path], let group = groups[slug], let article = group.articles[lang],
                let pages = site.pages
            else { return nil }
            var found: PageIDs?
            do throws(DiagnosticError) {
                // A page of a group with errors is rendered all the same: its ids are its headings'
                // and examples', and every broken link is reported in the same run as the errors.
                let page = try articlePage(article, of: group, slug: slug, config: site.config, pages: pages, renderer: renderer)
                found = PageLinks(html: page, siteURL: site.config.baseURL).ids
            } catch {
                // A page that cannot be rendered (a template error) is reported as a build would.
                if !group.hasErrors { problems += error.diagnostics }
            }
            rendered[path] = found
            return found
        }
        for (_, page) in pageArticles.sorted(by: { $0.key < $1.key }) {
            guard let article = groups[page.slug]?.articles[page.lang]?.article else { continue }
            for link in article.links {
                guard let problem = checker.problem(with: link.href, from: SiteLinks.articleDir(page.lang, page.slug), exists: paths.contains, ids: ids)
                else { continue }
                problems.append(LinkChecker.brokenLink(link, problem))
            }
        }
        return (problems, rendered.count)
    }
}
