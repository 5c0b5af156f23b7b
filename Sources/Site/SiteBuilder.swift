import Diagnostics
import Foundation
import LifecycleModel
import Mustache

/// Where to read and write, as the user named the folders (names appear in diagnostics).
public struct BuildOptions: Sendable {
    public var contentDir: String
    public var templatesDir: String
    public var outputDir: String

    /// Build even when no input changed since the last successful build.
    public var force: Bool

    public init(contentDir: String = "Content", templatesDir: String = "Templates", outputDir: String = "public", force: Bool = false) {
        self.contentDir = contentDir
        self.templatesDir = templatesDir
        self.outputDir = outputDir
        self.force = force
    }
}

/// What a build did: the diagnostics always, the figures when it succeeded.
public struct BuildResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// Articles written per language, in the site's language order.
    public var articlesPerLanguage: [(lang: String, count: Int)]
    public var filesWritten: Int
    public var seconds: Double
    /// What the verification pass found on each article, also when the build failed.
    public var pages: [PageReport] = []
    /// Articles × languages: source, current, stale, broken or missing.
    public var translations: TranslationMatrix?

    public var examplesRun: Int { upToDate?.examples ?? pages.reduce(0) { $0 + $1.examples } }
    public var chainsVerified: Int { upToDate?.chains ?? pages.reduce(0) { $0 + $1.chains.count { $0.ok } } }
    /// Set when no input changed since the last successful build and nothing was done.
    var upToDate: BuildManifest?

    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }

    /// `Built 4 articles (es 1, pt 1, bg 1, it 1), 10 files in 0.05 s`.
    public var summaryLine: String {
        if upToDate != nil {
            return "Up to date: no input changed since the last build (" + String(format: "%.3f s", seconds) + "); --force rebuilds"
        }
        let total = articlesPerLanguage.reduce(0) { $0 + $1.count }
        let perLanguage = articlesPerLanguage.map { "\($0.lang) \($0.count)" }.joined(separator: ", ")
        let warnings = diagnostics.count { $0.severity == .warning }
        let warningText = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
        return "Built \(total) article\(total == 1 ? "" : "s") (\(perLanguage)), \(filesWritten) files, "
            + "\(examplesRun) example\(examplesRun == 1 ? "" : "s") run, \(chainsVerified) chain\(chainsVerified == 1 ? "" : "s") verified in "
            + String(format: "%.2f s", seconds) + warningText
    }
}

/// The verification of one article, for `check --format json`.
public struct PageReport: Sendable {
    public struct Chain: Sendable {
        public var line: Int
        public var column: Int
        public var text: String
        public var machine: String
        public var ok: Bool
    }

    public var file: String
    public var lang: String
    public var examples: Int
    public var chains: [Chain]
}

/// Reads content and templates, renders every page and swaps the new site
/// into the output folder only if there was no error.
public enum SiteBuilder {
    /// Renders and, when `write` is true and nothing failed, replaces the output folder.
    /// `check` runs the same with `write: false`.
    public static func build(_ options: BuildOptions, write: Bool = true) -> BuildResult {
        let start = ContinuousClock.now
        var diagnostics = DiagnosticCollector()
        var result = BuildResult(diagnostics: [], articlesPerLanguage: [], filesWritten: 0, seconds: 0)
        let outputURL = URL(filePath: options.outputDir)
        let inputs = write ? BuildManifest.inputs(options) : ""
        if write, !options.force, let manifest = BuildManifest.load(for: outputURL), manifest.inputs == inputs,
            let identity = BuildManifest.outputIdentity(outputURL),
            identity.inode == manifest.outputInode, identity.modified == manifest.outputModified
        {
            result.upToDate = manifest
            result.filesWritten = manifest.files
            result.articlesPerLanguage = manifest.articlesPerLanguage.compactMap { $0.count == 2 ? ($0[0], Int($0[1]) ?? 0) : nil }
            result.seconds = seconds(since: start)
            return result
        }
        do throws(DiagnosticError) {
            // Pages go straight into a staging folder as they are rendered (memory stays flat);
            // the staging folder replaces the output only if the whole build succeeded.
            let output = write ? LazyOutput(URL(filePath: options.outputDir), displayName: options.outputDir) : nil
            do throws(DiagnosticError) {
                let site = try generate(
                    options, diagnostics: &diagnostics, pages: &result.pages, translations: &result.translations,
                    sink: { path, data throws(DiagnosticError) in try output?.write(path, data) })
                if let output, let site, !diagnostics.hasErrors {
                    try output.commit()
                    result.filesWritten = site.files
                    result.articlesPerLanguage = site.articlesPerLanguage
                    // Only a build without warnings may be skipped next time: warnings must be shown again.
                    if let identity = BuildManifest.outputIdentity(outputURL), diagnostics.diagnostics.isEmpty {
                        BuildManifest(
                            inputs: inputs, outputInode: identity.inode, outputModified: identity.modified,
                            articlesPerLanguage: site.articlesPerLanguage.map { [$0.lang, String($0.count)] },
                            files: site.files, examples: result.examplesRun, chains: result.chainsVerified
                        ).save(for: outputURL)
                    } else {
                        try? FileManager.default.removeItem(at: BuildManifest.location(of: outputURL))
                    }
                } else {
                    output?.discard()
                }
            } catch {
                output?.discard()
                throw error
            }
        } catch {
            diagnostics.report(contentsOf: error.diagnostics)
        }
        result.diagnostics = unique(diagnostics.sorted)
        result.seconds = seconds(since: start)
        return result
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    struct GeneratedSite {
        var files: Int
        var articlesPerLanguage: [(lang: String, count: Int)]
    }

    /// Where rendered files go: the staging folder, or nowhere for `check`.
    typealias Sink = @Sendable (_ path: String, _ data: Data) throws(DiagnosticError) -> Void

    /// Renders the whole site in two passes: every article (in parallel), then,
    /// once all are known and nothing failed, every page (in parallel) into `sink`.
    /// Nil when errors stop it before the pages.
    static func generate(
        _ options: BuildOptions, diagnostics: inout DiagnosticCollector, pages: inout [PageReport],
        translations: inout TranslationMatrix?, sink: Sink
    ) throws(DiagnosticError) -> GeneratedSite? {
        let loader = ContentLoader(contentDir: URL(filePath: options.contentDir), displayName: options.contentDir)
        guard FileManager.default.fileExists(atPath: options.contentDir) else {
            throw DiagnosticError([
                .error(at: SourceLocation(file: options.contentDir, line: 1, column: 1), "content folder not found")
            ])
        }
        let config = try SiteConfig.load(
            contentDir: loader.contentDir, displayPrefix: loader.displayPrefix, languageFolders: loader.languageFolders())
        let templatesPrefix = options.templatesDir.hasSuffix("/") ? options.templatesDir : options.templatesDir + "/"
        let templatesDir = URL(filePath: options.templatesDir)

        // Strings, templates and assets are independent: report the problems of all three.
        var strings: UIStrings?
        var templates: TemplateSet?
        var assets: Assets?
        do {
            strings = try UIStrings.load(
                i18nDir: templatesDir.appending(path: "i18n"), displayPrefix: templatesPrefix + "i18n/",
                languages: config.languages.map(\.code))
        } catch { diagnostics.report(contentsOf: error.diagnostics) }
        do {
            templates = try TemplateSet.load(templatesDir: templatesDir, displayPrefix: templatesPrefix)
        } catch { diagnostics.report(contentsOf: error.diagnostics) }
        do {
            // The browser player reads the exported model; a script (not JSON) so it loads from file:// too.
            assets = try Assets.load(assetsDir: templatesDir.appending(path: "assets"), displayPrefix: templatesPrefix + "assets/")
                .adding("model.js", Data(("window.LIFECYCLE_MODEL = " + ModelExport.json() + ";\n").utf8))
        } catch { diagnostics.report(contentsOf: error.diagnostics) }
        let sources = try loader.articles(config: config, diagnostics: &diagnostics)

        // Articles are checked even when templates or strings failed, so one run reports everything.
        let renderer = ArticleRenderer(strings: strings ?? UIStrings())
        let bodies = try BodyStore()
        let rendered = Parallel.map(sources.count) { index in
            var (article, problems) = renderer.render(sources[index])
            if let body = article?.bodyHTML {
                bodies.put(index, body)
                article?.bodyHTML = ""
            }
            return (article, problems)
        }
        var articles: [String: [String: Article]] = [:]
        var bodyIndex: [String: Int] = [:]
        for (index, (article, problems)) in rendered.enumerated() {
            diagnostics.report(contentsOf: problems)
            guard let article else { continue }
            articles[article.slug, default: [:]][article.lang] = article
            bodyIndex[article.displayPath] = index
            pages.append(PageReport(
                file: article.displayPath, lang: article.lang, examples: article.examples,
                chains: article.chains.map { .init(line: $0.line, column: $0.column, text: $0.text, machine: $0.machine, ok: $0.ok) }))
        }
        let broken = Set(diagnostics.diagnostics.filter { $0.severity == .error }.compactMap(\.location?.file))
        let analysis = TranslationAnalyzer.analyze(articles: articles, languages: config.languages.map(\.code), brokenFiles: broken)
        diagnostics.report(contentsOf: analysis.diagnostics)
        translations = analysis.matrix
        guard !diagnostics.hasErrors, let strings, let templates, let assets else { return nil }

        let contexts = PageContexts(
            config: config, strings: strings, assets: assets.templateKeys, articles: articles, translations: analysis.matrix)
        var sitemap = Sitemap()
        let links = SiteLinks(config: config)
        var files = 0
        func page(_ path: String, _ template: String, _ context: MustacheValue) throws(DiagnosticError) {
            try sink(path, Data(try templates.render(template, context).utf8))
            files += 1
        }

        try page("index.html", "chooser", contexts.chooser())
        sitemap.entries.append(.init(url: links.absolute(""), alternates: contexts.homeAlternates()))
        try page("404.html", "404", contexts.notFound())
        for language in config.languages {
            let dir = SiteLinks.homeDir(language.code)
            try page(dir + "index.html", "home", contexts.home(language.code))
            sitemap.entries.append(.init(url: links.absolute(dir), alternates: contexts.homeAlternates()))
            let status = SiteLinks.statusDir(language.code)
            try page(status + "index.html", "status", contexts.status(language.code))
            let playground = SiteLinks.playgroundDir(language.code)
            try page(playground + "index.html", "playground", contexts.playground(language.code))
            sitemap.entries.append(.init(url: links.absolute(playground), alternates: contexts.playgroundAlternates()))
        }
        let bodyIndexes = bodyIndex
        let ordered = articles.keys.sorted().flatMap { slug in config.languages.compactMap { articles[slug]?[$0.code] } }
        let failures = Parallel.map(ordered.count) { index -> DiagnosticError? in
            var article = ordered[index]
            article.bodyHTML = bodyIndexes[article.displayPath].flatMap(bodies.take) ?? ""
            do throws(DiagnosticError) {
                let dir = SiteLinks.articleDir(article.lang, article.slug)
                try sink(dir + "index.html", Data(try templates.render("article", contexts.article(article)).utf8))
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        files += ordered.count
        for article in ordered {
            sitemap.entries.append(.init(url: links.absolute(SiteLinks.articleDir(article.lang, article.slug)), alternates: contexts.articleAlternates(article.slug)))
        }
        try sink("sitemap.xml", Data(sitemap.xml.utf8))
        for asset in assets.files { try sink(asset.publishedPath, asset.data) }
        files += 1 + assets.files.count

        let counts = config.languages.map { language in
            (lang: language.code, count: articles.values.count { $0[language.code] != nil })
        }
        return GeneratedSite(files: files, articlesPerLanguage: counts)
    }

    /// The same problem found on several pages (a template error) is reported once.
    private static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
