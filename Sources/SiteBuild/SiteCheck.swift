import Diagnostics
import Foundation
import Search
import SiteContent
import SiteRender
import Translations

extension SiteBuilder {
    /// `check`: reads and verifies every article (its examples run, its chains judged, its
    /// translations compared), renders every page a build would, in memory, and checks every
    /// link, the templates' too; nothing is written. Unlike a build, it renders the pages of a
    /// group with errors as well, so their links are checked in the same run as the errors; a
    /// page that still cannot be rendered has the links written in its Markdown checked, and
    /// when the site's own pages cannot be rendered (a template's error) only the Markdown's are.
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
                if let pages, let memory {
                    for lang in read.articles.keys.sorted() {
                        guard let article = read.articles[lang] else { continue }
                        let path = SiteLinks.articleDir(lang, slug) + "index.html"
                        do throws(DiagnosticError) {
                            let page = try articlePage(
                                article, of: read, slug: slug, config: site.config, pages: pages, renderer: renderer, navigation: navigation)
                            try memory.write(path, page)
                        } catch {
                            checked.unrendered.insert(path)
                            // A group with errors has said what is wrong with it: its page is rendered for its links only.
                            if !read.hasErrors { checked.diagnostics += error.diagnostics }
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
            var sitePagesRendered = false
            if let pages, let memory {
                // The homes, status pages and sitemap list the articles that could be read, errors or not.
                var listed = RenderedArticles(matrix: result.translations ?? TranslationMatrix(languages: languages, rows: []))
                listed.all = articles
                do throws(DiagnosticError) {
                    _ = try writeSitePages(site, pages, listed, sink: memory)
                    sitePagesRendered = true
                } catch {
                    diagnostics.report(contentsOf: error.diagnostics)
                }
            }
            var linkProblems: [Diagnostic]
            let paths = outputPaths(site, languagesBySlug: articles.mapValues { Set($0.keys) })
            if let memory, sitePagesRendered {
                // What a build writes without rendering it (the search index's files) is named.
                for path in paths { memory.name(path) }
                linkProblems = memory.brokenLinks(checker, markdownLinks: groupsBySlug.values.reduce(into: [:]) { $0.merge($1.links) { first, _ in first } })
                // An article page that could not be rendered: the links written in its Markdown.
                let unrendered = groups.reduce(into: Set<String>()) { $0.formUnion($1.unrendered) }
                if !unrendered.isEmpty {
                    linkProblems += checkMarkdownLinks(groupsBySlug, of: unrendered, paths: paths, checker: checker, rendered: memory)
                }
            } else {
                // The site's own pages could not be rendered: the links written in the Markdown are checked alone.
                linkProblems = checkMarkdownLinks(groupsBySlug, paths: paths, checker: checker, rendered: memory)
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
    /// not the articles' Markdown.
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
        /// The paths of its article pages that could not be rendered.
        var unrendered = Set<String>()

        init(_ read: ReadGroup) {
            diagnostics = read.diagnostics
            reports = read.reports
            draftPages = read.draftPages
            row = read.matrix.rows.first
            listed = read.listed.mapValues(\.listing)
            for article in read.articles.values.map(\.article) {
                links[SiteLinks.articleDir(article.lang, article.slug) + "index.html"] = article.links
            }
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

    /// The links written in the articles' Markdown, each where it is written: of every article
    /// page, or of the pages in `only`, against `paths` (`outputPaths`). A link into an article with an `#anchor` is checked
    /// against the page's ids in `memory`; an anchor of a page not rendered (a home, when the
    /// site's pages could not be) is not checked here.
    private static func checkMarkdownLinks(
        _ groups: [String: CheckedGroup], of only: Set<String>? = nil, paths: Set<String>, checker: LinkChecker, rendered memory: RenderedPages?
    ) -> [Diagnostic] {
        // Which article each article page shows.
        var pageArticles: [String: (slug: String, lang: String)] = [:]
        for (slug, group) in groups {
            for lang in group.listed.keys { pageArticles[SiteLinks.articleDir(lang, slug) + "index.html"] = (slug, lang) }
        }
        var problems: [Diagnostic] = []
        for (path, page) in pageArticles.sorted(by: { $0.key < $1.key }) where only?.contains(path) ?? true {
            for link in groups[page.slug]?.links[path] ?? [] where !link.reportedWhenRead {
                guard
                    let problem = checker.problem(
                        with: link.href, from: SiteLinks.articleDir(page.lang, page.slug), exists: paths.contains, ids: { memory?.links($0)?.ids })
                else { continue }
                problems.append(LinkChecker.brokenLink(link, problem))
            }
        }
        return problems
    }
}
