import Diagnostics
import Foundation
import Search
import SiteContent
import SiteRender
import Translations

extension SiteBuilder {
    /// `check`: reads and verifies every article (its examples run, its chains judged, its
    /// translations compared), renders every page a build would, in memory, and checks every
    /// link, the templates' too; nothing is written. Like a build, it renders no page of a
    /// group with errors; then only the links written in the Markdown are checked, and a page
    /// such a link points into with an `#anchor` is rendered for its ids all the same.
    public static func check(_ options: BuildOptions) -> BuildResult {
        verify(options, renderingPages: true).result
    }

    /// `status`: every article read and verified, its translations compared; no page rendered,
    /// no link checked.
    public static func translationStatus(_ options: BuildOptions) -> BuildResult {
        verify(options, renderingPages: false).result
    }

    /// `check`, and what it kept of the pages it rendered (their ids and links, for tests).
    static func verify(_ options: BuildOptions, renderingPages: Bool) -> (result: BuildResult, pages: RenderedPages?) {
        let start = ContinuousClock.now
        var diagnostics = DiagnosticCollector()
        var result = BuildResult(diagnostics: [], articlesPerLanguage: [], filesWritten: 0, seconds: 0)
        result.decision = .verifyOnly
        var rendered: RenderedPages?
        do throws(DiagnosticError) {
            let site = try SiteInputs.load(options, diagnostics: &diagnostics)
            result.baseURL = site.config.baseURL
            let reader = site.articleReader()
            let renderer = ArticleRenderer(strings: site.strings ?? UIStrings(), assets: site.generated)
            let languages = site.config.languages.map(\.code)
            let bySlug = Dictionary(grouping: site.sources.indices, by: { site.sources[$0].slug })
            let slugs = bySlug.keys.sorted()
            let pages = renderingPages ? site.pages : nil
            let memory = pages.map { _ in RenderedPages(published: Set(site.files.map(\.path)), siteURL: site.config.baseURL) }
            rendered = memory
            // The reading order, from every article's front matter, as a full build has it before any page.
            let navigation = pages == nil ? SiteNavigation.empty : SiteNavigation(navigationEntries(site, of: Array(site.sources.indices)))
            // A check keeps no cache: no article has a stamp.
            let noStamps = [FileStamp?](repeating: nil, count: site.sources.count)
            // Each group is read and its pages rendered, then only what the rest of the check needs is kept.
            let groups = Parallel.map(slugs.count) { position in
                let slug = slugs[position]
                let read = readGroup(slug, bySlug[slug] ?? [], site: site, reader: reader, languages: languages, stamps: noStamps)
                var checked = CheckedGroup(read)
                if let pages, let memory, !read.hasErrors {
                    for lang in read.articles.keys.sorted() {
                        guard let article = read.articles[lang] else { continue }
                        do throws(DiagnosticError) {
                            let page = try articlePage(
                                article, of: read, slug: slug, config: site.config, pages: pages, renderer: renderer, navigation: navigation)
                            try memory.write(SiteLinks.articleDir(lang, slug) + "index.html", page)
                        } catch {
                            checked.diagnostics += error.diagnostics
                        }
                    }
                }
                return checked
            }
            // For a command that exits right after: the pages and groups are freed by the exit.
            if options.leavesMemoryToExit { ExitKeeper.keep((site, groups, memory)) }
            var reports: [Int: PageReport] = [:]
            var draftPages = Set<String>()
            var articles: [String: [String: Article]] = [:]
            for (slug, group) in zip(slugs, groups) {
                diagnostics.report(contentsOf: group.diagnostics)
                reports.merge(group.reports, uniquingKeysWith: { first, _ in first })
                draftPages.formUnion(group.draftPages)
                if !group.listed.isEmpty { articles[slug] = group.listed }
            }
            result.pages = site.sources.indices.compactMap { reports[$0] }
            result.articlesPerLanguage = site.articlesPerLanguage(articles)
            result.translations = TranslationMatrix(languages: languages, rows: groups.compactMap(\.row))
            guard renderingPages else { throw DiagnosticError([]) }
            let groupsBySlug = Dictionary(uniqueKeysWithValues: zip(slugs, groups))
            var checker = LinkChecker(config: site.config, languagesBySlug: articles.mapValues { Set($0.keys) }, draftPages: draftPages)
            checker.unreadablePages = Set(site.sources.filter { articles[$0.slug]?[$0.lang] == nil }.map { SiteLinks.articleDir($0.lang, $0.slug) + "index.html" })
                .subtracting(draftPages)
            if let pages { checker.templatePlaces = pages.templates.placesWriting }
            if let pages, let memory {
                // The homes, status pages and sitemap list the articles that could be read, errors or not.
                var listed = RenderedArticles(matrix: result.translations ?? TranslationMatrix(languages: languages, rows: []))
                listed.all = articles
                do throws(DiagnosticError) {
                    _ = try writeSitePages(site, pages, listed, sink: memory)
                } catch {
                    diagnostics.report(contentsOf: error.diagnostics)
                }
            }
            var linkProblems: [Diagnostic]
            if let memory, !diagnostics.hasErrors {
                // What a build writes without rendering it (the search index's files) is named.
                for path in outputPaths(site, languagesBySlug: articles.mapValues { Set($0.keys) }) { memory.name(path) }
                linkProblems = memory.brokenLinks(checker, markdownLinks: groupsBySlug.values.reduce(into: [:]) { $0.merge($1.links) { first, _ in first } })
            } else {
                // Not every page could be rendered: the links written in the Markdown are checked alone.
                let renderedForAnchors: Int
                (linkProblems, renderedForAnchors) = checkMarkdownLinks(groupsBySlug, site: site, renderer: renderer, checker: checker, rendered: memory)
                result.pagesRendered += renderedForAnchors
            }
            result.pagesRendered += memory?.count ?? 0
            if site.config.brokenLinks == .warn {
                for index in linkProblems.indices { linkProblems[index].severity = .warning }
            }
            diagnostics.report(contentsOf: linkProblems)
        } catch {
            diagnostics.report(contentsOf: error.diagnostics)
        }
        result.diagnostics = unique(diagnostics.sorted)
        result.seconds = seconds(since: start)
        return (result, rendered)
    }

    /// What `check` keeps of a translation group once it is read and its pages are rendered:
    /// not the articles' Markdown, except in a group with errors, whose pages a link's
    /// `#anchor` may need rendered (`checkMarkdownLinks`).
    struct CheckedGroup: Sendable {
        var diagnostics: [Diagnostic]
        var reports: [Int: PageReport]
        var draftPages: Set<String>
        /// The group's translation statuses.
        var row: TranslationMatrix.Row?
        /// lang → what other pages show of the article (`Article.listing`).
        var listed: [String: Article]
        /// The page paths of the articles read, with the links written in their Markdown.
        var links: [String: [MarkdownLink]] = [:]
        /// The group as read, kept only when it has errors.
        var withErrors: ReadGroup?

        init(_ read: ReadGroup) {
            diagnostics = read.diagnostics
            reports = read.reports
            draftPages = read.draftPages
            row = read.matrix.rows.first
            listed = read.listed.mapValues(\.listing)
            for article in read.articles.values.map(\.article) {
                links[SiteLinks.articleDir(article.lang, article.slug) + "index.html"] = article.links
            }
            withErrors = read.hasErrors ? read : nil
        }
    }

    /// Every output path a build of `site` writes, for the articles of `languagesBySlug`.
    static func outputPaths(_ site: SiteInputs, languagesBySlug: [String: Set<String>]) -> Set<String> {
        var paths: Set<String> = ["sitemap.xml", SiteFiles.robotsPath, SiteFiles.faviconPath, OutputGuard.markerName]
        paths.formUnion(SitePage.all(languages: site.config.languages.map(\.code)).map(\.path))
        for (slug, languages) in languagesBySlug {
            for lang in languages {
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
    /// article with an `#anchor` takes the page's ids from `memory`, or renders the page once
    /// (a page of a group with errors, which a build does not render); an anchor of any other
    /// page (a home, the playground) is not checked here. Returns how many pages it rendered.
    private static func checkMarkdownLinks(
        _ groups: [String: CheckedGroup], site: SiteInputs, renderer: ArticleRenderer, checker: LinkChecker, rendered memory: RenderedPages?
    ) -> (problems: [Diagnostic], pagesRendered: Int) {
        let paths = outputPaths(site, languagesBySlug: groups.mapValues { Set($0.listed.keys) })
        // Which article and group each article page shows.
        var pageArticles: [String: (slug: String, lang: String)] = [:]
        for (slug, group) in groups {
            for lang in group.listed.keys { pageArticles[SiteLinks.articleDir(lang, slug) + "index.html"] = (slug, lang) }
        }
        var known: [String: PageIDs?] = [:]
        var renderedHere = 0
        func ids(_ path: String) -> PageIDs? {
            if let found = known[path] { return found }
            var found: PageIDs?
            if let links = memory?.links(path) {
                found = links.ids
            } else if let (slug, lang) = pageArticles[path], let group = groups[slug]?.withErrors, let article = group.articles[lang],
                let pages = site.pages
            {
                // A page of a group with errors is rendered all the same: its ids are its headings'
                // and examples', and every broken link is reported in the same run as the errors.
                renderedHere += 1
                found = try? PageLinks(
                    html: articlePage(article, of: group, slug: slug, config: site.config, pages: pages, renderer: renderer),
                    siteURL: site.config.baseURL
                ).ids
            }
            known[path] = found
            return found
        }
        var problems: [Diagnostic] = []
        for (path, page) in pageArticles.sorted(by: { $0.key < $1.key }) {
            for link in groups[page.slug]?.links[path] ?? [] {
                guard let problem = checker.problem(with: link.href, from: SiteLinks.articleDir(page.lang, page.slug), exists: paths.contains, ids: ids)
                else { continue }
                problems.append(LinkChecker.brokenLink(link, problem))
            }
        }
        return (problems, renderedHere)
    }
}
