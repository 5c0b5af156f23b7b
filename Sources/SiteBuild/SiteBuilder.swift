import Diagnostics
import Encoding
import FileIO
import Foundation
import LifecycleMachines
import LifecycleModel
import Mustache
import Search
import SiteContent
import SiteRender
import Synchronization
import Translations

/// Reads content and templates, renders every page and swaps the new site
/// into the output folder only if there was no error. With the cache of the
/// previous build (`BuildCache`), it re-renders only the translation groups an
/// edit touched plus the site-wide pages, and replaces just the files that changed.
public enum SiteBuilder {
    /// An incremental build keeps the pages it re-renders in memory until all
    /// succeeded; past this many articles a full build into a staging folder is cheaper.
    static let incrementalLimit = 256

    /// Renders every page and, when nothing failed, updates the output folder (`check` is `SiteCheck`).
    public static func build(_ options: BuildOptions) -> BuildResult {
        let start = ContinuousClock.now
        var diagnostics = DiagnosticCollector()
        var result = BuildResult(diagnostics: [], articlesPerLanguage: [], filesWritten: 0, seconds: 0)
        // The real folder a build replaces (symbolic links followed), once it is proven ours to replace.
        let outputURL: URL
        do throws(OutputGuard.Refusal) {
            outputURL = try OutputGuard.check(output: options.outputDir, content: options.contentDir, templates: options.templatesDir)
        } catch {
            result.refusal = error
            return result
        }
        var lock = OutputLock(beside: outputURL) {
            FileHandle.standardError.write(Data("waiting for another lifecycle-docs build beside '\(options.outputDir)' to finish…\n".utf8))
        }
        defer { withExtendedLifetime(lock) {} }
        StagedOutput.removeLeftovers(beside: outputURL)
        let previous = !options.force ? BuildCache.loadHeader(for: outputURL) : nil
        // The last build's groups are decoded on another core from the start, while this one stamps
        // the inputs, reads the templates and scans the content (an edit's build waited for them):
        // they are used only if every site-wide input is as it was, and stop being decoded if not.
        let decoding = previous.map { previous in
            Background { isCancelled in BuildCache.load(previous.header, line: previous.line, for: outputURL, until: isCancelled) }
        }
        let stamps = BuildCache.stamps(options)
        if let previous, previous.header.clean, previous.header.inputs == stamps.inputs {
            decoding?.cancel()
            result.upToDate = (previous.header.examples, previous.header.chains)
            result.filesWritten = previous.header.files
            result.articlesPerLanguage = previous.header.articlesPerLanguage.compactMap { $0.count == 2 ? ($0[0], Int($0[1]) ?? 0) : nil }
            result.decision = .upToDate
            result.seconds = seconds(since: start)
            return result
        }
        // Something will be built: the tables rendering needs are made meanwhile on another core,
        // and what the output holds beside its list is looked for (the proof before the swap).
        Warmup.start()
        let survey = Background { _ in OutputContents.survey(outputURL) }
        var phaseStart = start
        func endPhase(_ name: String) {
            let now = ContinuousClock.now
            result.phases.append((name, seconds(since: phaseStart, until: now)))
            phaseStart = now
        }
        do throws(DiagnosticError) {
            // What the last build made of site-wide inputs that are all as they were is taken back from its output.
            let made = previous.flatMap { previous in
                previous.header.siteKey == stamps.siteKey
                    ? previous.header.generatedAssets.map { SiteInputs.GeneratedAssets(output: outputURL, paths: $0) } : nil
            }
            // The previous build's groups (and its UI strings) are reused only if every site-wide input is the same.
            let loading = previous?.header.siteKey == stamps.siteKey ? decoding : nil
            if loading == nil { decoding?.cancel() }
            let site = try SiteInputs.load(options, diagnostics: &diagnostics, previous: made, strings: { (loading?.value() ?? nil)?.strings })
            let reusable = loading?.value() ?? nil
            result.baseURL = site.config.baseURL
            endPhase("read inputs")
            var plan = BuildPlan(sources: site.sources, previous: reusable, known: stamps.articles)
            var navigation = SiteNavigation.empty
            // The reading order the last build's pages show, when known without sorting every title.
            var previousNavigation: SiteNavigation?
            if let reusable, plan.dirtyArticles <= incrementalLimit {
                // Every article page lists its language's articles: a new title, weight or draft
                // renders every group with an article in that language again.
                let dirty = Self.navigationEntries(site, plan: plan)
                // Ordering every language's articles costs more than rendering one group: when the
                // rendered groups' entries are as cached, the order is the cached build's.
                let touched = plan.touchedSlugs.flatMap { reusable.groups[$0]?.articles ?? [] }
                let cached = reusable.navigation
                if let cached, Set(dirty.map(NavigationKey.init)) == Set(touched.filter { !$0.draft }.map(NavigationKey.init)) {
                    navigation = cached
                    previousNavigation = cached
                } else {
                    navigation = Self.navigation(dirty, plan: plan)
                }
                if Set(dirty.map(NavigationKey.init)) != Set(touched.filter { !$0.draft }.map(NavigationKey.init)) {
                    let before = cached ?? Self.navigation(cached: reusable.groups)
                    previousNavigation = before
                    let languages = Set(site.config.languages.map(\.code)).filter { navigation.entries($0) != before.entries($0) }
                    let slugs = Set(reusable.groups.values.flatMap(\.articles).filter { languages.contains($0.lang) }.map(\.slug))
                    plan.renderAgain(slugs, sources: site.sources)
                }
            }
            // An incremental build copies the output: everything in it must be on the last build's list.
            let listed = OutputContents.isSaved(for: outputURL)
            let incremental = reusable != nil && plan.dirtyArticles <= incrementalLimit && listed
            result.decision = incremental ? .incremental : .full(reason: fullBuildReason(
                options, previous: previous?.header, siteKey: stamps.siteKey, cacheRead: reusable != nil, listed: listed, dirty: plan.dirtyArticles))
            if !incremental && reusable != nil { plan = BuildPlan(sources: site.sources, previous: nil, known: stamps.articles) }
            if !incremental { navigation = Self.navigation(site, plan: plan) }

            // A full build streams pages into a staging folder, an incremental one keeps them in
            // memory (`PageSink`); either way the output is replaced only if everything succeeded.
            let published = Set(site.files.map(\.path))
            let sink: any PageSink = incremental
                ? IncrementalSink(outputURL, displayName: options.outputDir)
                : FullBuildSink(outputURL, displayName: options.outputDir, published: published, siteURL: site.config.baseURL)
            do throws(DiagnosticError) {
                // A full build files each page's postings as it goes; an incremental one keeps the
                // entries of the pages it renders to patch the last build's index.
                // Their sorted runs of postings wait in the staging folder (issue 18: memory must not grow with the pages).
                let scratch: @Sendable () -> String? = { (sink as? FullBuildSink)?.scratchFolder() }
                let builders = incremental
                    ? nil : Dictionary(uniqueKeysWithValues: site.config.languages.map { ($0.code, SearchIndexBuilder(lang: $0.code, spillFolder: scratch)) })
                var indexedBefore: [String: Set<String>] = [:]
                if incremental, let reusable {
                    for article in reusable.groups.values.flatMap(\.articles) where !article.draft {
                        indexedBefore[article.lang, default: []].insert(article.slug)
                    }
                }
                var articles = renderArticles(
                    site, plan: plan, navigation: navigation, search: builders, indexedBefore: indexedBefore, sink: sink, diagnostics: &diagnostics,
                    previous: incremental ? reusable.map { ($0.groups, previousNavigation) } : nil)
                articles.indexedBefore = indexedBefore
                endPhase("render articles")
                result.pages = articles.reports
                result.translations = articles.matrix
                result.reused = articles.reused
                result.pagesKept = articles.pagesKept
                result.articlesPerLanguage = site.articlesPerLanguage(articles.all)
                // A page of an article with errors is not rendered, so its ids are unknown: the links
                // wait for a build without errors, and `check`, which renders such pages for their links.
                guard !diagnostics.hasErrors, let pages = site.pages else {
                    let articleFiles = Set(site.sources.map(\.displayPath))
                    result.linksUnchecked = site.pages != nil
                        && diagnostics.diagnostics.contains { $0.severity == .error && articleFiles.contains($0.location?.file ?? "") }
                    throw DiagnosticError([])
                }
                let changes = incremental ? SiteWideChanges(before: reusable?.groups ?? [:], after: articles.groups, slugs: plan.touchedSlugs) : .all
                result.filesWritten = try writeSitePages(site, pages, articles, changes: changes, sink: sink)
                endPhase("site-wide pages")
                // Nothing else runs while the index is finished: the process's CPU time is its cost, on every core.
                let indexStart = processCPUSeconds()
                let previousIndex = incremental ? reusable : nil
                guard let search = try writeSearchIndex(site, articles, builders: builders, previous: previousIndex, outputURL: outputURL, sink: sink) else {
                    // The last build's index files are not as it wrote them: index every page afresh.
                    sink.discard()
                    lock = nil  // the build below takes it again
                    var again = options
                    again.force = true
                    var full = build(again)
                    full.decision = .full(reason: "the search index of the last build could not be read")
                    return full
                }
                result.filesWritten += search.files
                result.searchIndexTime = articles.indexing
                result.searchIndexTime.indexFiles = processCPUSeconds() - indexStart
                endPhase("search index")
                // Only a group read again or gone can have lost a page: the others are as cached.
                let touched = incremental ? plan.touchedSlugs : nil
                let unpublished = Self.unpublishedPages(reusable, now: articles.all, among: touched)
                var checker = LinkChecker(
                    config: site.config, languagesBySlug: articles.all.mapValues { Set($0.keys) }, draftPages: articles.draftPages)
                checker.templatePlaces = pages.templates.placesWriting
                var linkProblems = sink.brokenLinks(checker, markdownLinks: articles.links, deleted: unpublished, published: published)
                // Broken links fail the build, as in Docusaurus, unless site.yml says `brokenLinks: warn`.
                if site.config.brokenLinks == .warn {
                    for index in linkProblems.indices { linkProblems[index].severity = .warning }
                }
                diagnostics.report(contentsOf: linkProblems)
                endPhase("link check")
                if diagnostics.hasErrors { throw DiagnosticError([]) }
                // Every output carries the marker that lets the next build replace it.
                try sink.write(OutputGuard.markerName, OutputGuard.markerText)
                // Nothing of the user's is ever replaced: all the output holds must be the tool's.
                let listedBefore: OutputContents.Listed
                switch OutputContents.prove(survey.value(), outputURL, named: options.outputDir, next: (sink as? FullBuildSink)?.scratchFolder()) {
                case .success(let listed): listedBefore = listed
                case .failure(let refusal):
                    sink.discard()
                    result.refusal = refusal
                    result.diagnostics = unique(diagnostics.sorted)
                    result.seconds = seconds(since: start)
                    return result
                }
                // The cache goes first: an interrupted update leads to a full build next time.
                BuildCache.remove(for: outputURL)
                let kept: IncrementalOutput.Previous?
                (result.changedFiles, kept) = try sink.commit(
                    deleting: unpublished + Self.unpublishedSearchPages(reusable, now: articles.all, among: touched) + search.deleted,
                    previous: previous?.header.previous)
                // Both are saved after the swap: a failure loses no output, but the next build says why it is a full one.
                if let problem = OutputContents.record(outputURL, before: listedBefore, changed: result.changedFiles) {
                    diagnostics.report(.warning(
                        at: nil, "could not save the list of the files in \(options.outputDir) (\(problem)): the next build is a full one",
                        notes: ["should the next site leave out a page this one wrote, that build refuses to replace the folder: delete it then"]))
                }
                var header = BuildCache.Header(
                    inputs: stamps.inputs, siteKey: stamps.siteKey, articlesPerLanguage: result.articlesPerLanguage.map { [$0.lang, String($0.count)] },
                    files: result.filesWritten, examples: result.examplesRun, chains: result.chainsVerified, clean: diagnostics.diagnostics.isEmpty)
                header.previousInode = kept?.inode
                header.generatedAssets = site.generated
                header.previousChanges = kept?.changes
                var cache = BuildCache(header: header, groups: articles.groups, search: search.states)
                cache.order = navigation.byLanguage.mapValues { $0.map(\.slug) }
                cache.strings = site.strings?.tables ?? [:]
                // Strings taken from the cache are saved as they were read.
                if site.stringsFromCache { cache.stringBytes = reusable?.stringBytes }
                if incremental, let reusable {
                    // Groups and search states this build took from the cache as they were are saved as they were read.
                    cache.groupBytes = reusable.groupBytes.filter { plan.reused[$0.key] != nil }
                    cache.searchBytes = reusable.searchBytes.filter { search.unchanged.contains($0.key) }
                    for lang in search.unchanged where cache.searchBytes[lang] != nil { cache.search[lang] = nil }
                }
                if let problem = cache.save(for: outputURL) {
                    diagnostics.report(.warning(at: nil, "could not save the build cache beside \(options.outputDir) (\(problem)): the next build is a full one"))
                }
                if options.leavesMemoryToExit { ExitKeeper.keep((reusable, site, articles, cache, navigation, plan, sink)) }
                endPhase("write output")
            } catch {
                sink.discard()
                throw error
            }
        } catch {
            diagnostics.report(contentsOf: error.diagnostics)
        }
        result.diagnostics = unique(diagnostics.sorted)
        result.seconds = seconds(since: start)
        return result
    }

    /// Article pages the cached build wrote that this one does not: their file is gone, or
    /// the article became a draft. `slugs`: the groups to look at (nil: all).
    static func unpublishedPages(_ previous: BuildCache?, now articles: [String: [String: Article]], among slugs: Set<String>? = nil) -> [String] {
        unpublished(previous, now: articles, among: slugs).map { SiteLinks.articleDir($0.lang, $0.slug) + "index.html" }.sorted()
    }

    /// The search files of the pages `unpublishedPages` lists.
    static func unpublishedSearchPages(
        _ previous: BuildCache?, now articles: [String: [String: Article]], among slugs: Set<String>? = nil
    ) -> [String] {
        unpublished(previous, now: articles, among: slugs).map { SearchIndex.fragmentPath(lang: $0.lang, key: $0.slug) }.sorted()
    }

    /// The articles of `unpublishedPages`. An incremental build passes the groups it read again or
    /// lost (`BuildPlan.touchedSlugs`): it publishes every other group as cached, and looking at
    /// all 2,000 groups' articles cost more than rendering the sitemap.
    static func unpublished(
        _ previous: BuildCache?, now articles: [String: [String: Article]], among slugs: Set<String>?
    ) -> [(lang: String, slug: String)] {
        guard let previous else { return [] }
        var gone: [(lang: String, slug: String)] = []
        func look(at group: BuildCache.Group) {
            for article in group.articles where !article.draft && articles[article.slug]?[article.lang] == nil {
                gone.append((article.lang, article.slug))
            }
        }
        if let slugs {
            for slug in slugs {
                if let group = previous.groups[slug] { look(at: group) }
            }
        } else {
            for group in previous.groups.values { look(at: group) }
        }
        return gone
    }

    /// Each language's search index (`SearchIndex`). A full build indexes every published
    /// article; an incremental one (`previous`: the last build's states) updates the index for
    /// the pages it rendered or unpublished, whose old entries it reads back from their page
    /// files. The sink replaces only the files whose bytes changed. Returns how many files the
    /// site has, the shards to delete and the states to cache; nil when the last build's
    /// index cannot be read as it wrote it.
    static func writeSearchIndex(
        _ site: SiteInputs, _ articles: RenderedArticles, builders: [String: SearchIndexBuilder]?, previous: BuildCache?,
        outputURL: URL, sink: any PageSink
    ) throws(DiagnosticError) -> (files: Int, deleted: [String], states: [String: SearchIndexState], unchanged: Set<String>)? {
        let languages = site.config.languages.map(\.code)
        let entries = articles.search
        let published = articles.all.values.reduce(0) { $0 + $1.count }
        let writeFailure = Mutex<DiagnosticError?>(nil)
        // `state` is nil for a language left as it was: its state stays encoded in the cache.
        let results: [(files: [(path: String, data: Data)], deleted: [String], state: SearchIndexState?, shards: Int, same: Bool)?] = Parallel.map(languages.count) { index in
            let lang = languages[index]
            guard let previous else {
                // Each file goes to the sink as it is made: the index is never all in memory (issue 18).
                var failure: DiagnosticError?
                let state = (builders?[lang] ?? SearchIndexBuilder(lang: lang)).finish { path, data in
                    guard failure == nil else { return }
                    do throws(DiagnosticError) {
                        try sink.write(path, data)
                    } catch {
                        failure = error
                    }
                }
                if state == nil && failure == nil {
                    failure = DiagnosticError([.error(
                        at: .whole(outputURL.path),
                        "cannot complete the search index: its temporary file in the staging folder could not be read back")])
                }
                if let failure { writeFailure.withLock { $0 = failure } }
                let made = state ?? SearchIndexState()
                return ([], [], made, made.shards, false)
            }
            let changes = searchChanges(lang, articles, now: entries[lang] ?? [:], outputURL: outputURL)
            guard let changes else { return nil }
            if changes.isEmpty {
                // Only the count of its shards is read: decoding a language's every term is most of reading the cache.
                if let state = previous.search[lang] { return ([], [], nil, state.shards, true) }
                guard let encoded = previous.searchBytes[lang], let shards = SearchIndexState.shards(encoded: encoded) else { return nil }
                return ([], [], nil, shards, true)
            }
            guard let state = previous.searchState(lang) else { return nil }
            return SearchIndex.update(lang: lang, state: state, changes: changes) { path in
                try? Files.read(outputURL.appending(path: path).path)
            }.map { ($0.files, $0.deleted, $0.state, $0.state.shards, false) }
        }
        if let failure = writeFailure.withLock({ $0 }) { throw failure }
        var files = published
        var deleted: [String] = []
        var states: [String: SearchIndexState] = [:]
        var unchanged = Set<String>()
        for (lang, result) in zip(languages, results) {
            guard let result else { return nil }
            for file in result.files { try sink.write(file.path, file.data) }
            deleted += result.deleted
            states[lang] = result.state
            if result.same { unchanged.insert(lang) }
            // Every language has its manifest; the shards are counted from the states' layouts.
            files += 1 + result.shards
        }
        return (files, deleted, states, unchanged)
    }

    /// The pages of `lang` whose entries may have changed: those rendered now, and those the last
    /// build published that this one does not; their old entries come from their page files.
    /// nil when a page file the last build wrote cannot be read.
    static func searchChanges(
        _ lang: String, _ articles: RenderedArticles, now: [String: SearchEntry], outputURL: URL
    ) -> [SearchPageChange]? {
        let language = SearchLanguage(code: lang)
        let stemmer = Stemmer(language)
        var keys = Set(now.keys)
        keys.formUnion(articles.unpublishedSearchKeys(lang))
        var changes: [SearchPageChange] = []
        for key in keys.sorted() {
            var old: SearchEntry?
            if articles.wasIndexed(lang: lang, key: key) {
                guard let bytes = try? Files.read(outputURL.appending(path: SearchIndex.fragmentPath(lang: lang, key: key)).path),
                    let entry = SearchIndex.entry(pageFile: bytes, language: language, stemmer: stemmer)
                else { return nil }
                old = entry
            }
            // A page indexed again with the same entry changes nothing.
            if old != now[key] { changes.append(SearchPageChange(key: key, old: old, new: now[key])) }
        }
        return changes
    }

    /// CPU time of the calling thread: the search index's cost, whatever else runs on the machine.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// CPU time of the whole process, every thread.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func seconds(since start: ContinuousClock.Instant, until end: ContinuousClock.Instant = .now) -> Double {
        let elapsed = end - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Why a build that writes cannot reuse the previous one.
    private static func fullBuildReason(
        _ options: BuildOptions, previous: BuildCache.Header?, siteKey: String, cacheRead: Bool, listed: Bool, dirty: Int
    ) -> String {
        if options.force { return "--force" }
        guard let previous else { return "no cache of a previous build of this output folder" }
        if previous.siteKey != siteKey { return "a site-wide input changed (the tool, the templates, site.yml, the base URL, --drafts, which articles exist or a published file)" }
        if !cacheRead { return "the cache could not be read" }
        if !listed { return "the list of the files the last build wrote is missing" }
        return "\(dirty) articles changed (more than \(incrementalLimit))"
    }

    /// The articles of a build: those it rendered and, in an incremental build, the rest
    /// as the cache remembers them.
    struct RenderedArticles {
        /// slug → lang → article; bodies are gone (pages are written) and cached articles
        /// carry only what other pages show of them.
        var all: [String: [String: Article]] = [:]
        var matrix: TranslationMatrix
        var reports: [PageReport] = []
        var groups: [String: BuildCache.Group] = [:]
        /// Markdown links of the rendered articles, by the output path of their page.
        var links: [String: [MarkdownLink]] = [:]
        /// Examples and verified chains of the groups reused from the cache.
        var reused = (examples: 0, chains: 0)
        /// The pages drafts would have, left out of this build.
        var draftPages: Set<String> = []
        /// Time spent indexing pages for search, summed over every core.
        var indexing = SearchIndexTime()
        /// lang → slug → what each page rendered adds to the search index.
        var search: [String: [String: SearchEntry]] = [:]
        /// lang → slugs the last build indexed (published, not drafts), when it was incremental.
        var indexedBefore: [String: Set<String>] = [:]
        /// Pages of the groups read again that the last build wrote as this one would (`keptPages`).
        var pagesKept = 0

        /// Whether the last build indexed the page, so its page file holds its old entry.
        func wasIndexed(lang: String, key: String) -> Bool { indexedBefore[lang]?.contains(key) ?? false }

        /// The slugs of `lang` the last build indexed that this one does not publish (asked per
        /// language: made for all four each time, it was a twentieth of an edit).
        func unpublishedSearchKeys(_ lang: String) -> [String] {
            (indexedBefore[lang] ?? []).filter { all[$0]?[lang] == nil }.sorted()
        }
    }

    /// Renders the translation groups the plan names, each in one task on every core: its
    /// articles, their comparison, and, when the templates loaded, their pages into `sink`.
    /// A page depends only on its group and the site-wide inputs, so nothing waits for the
    /// rest of the site, and memory holds no more than the groups in flight. Every other
    /// group comes from the cache as it was.
    /// `previous`: in an incremental build, the cached groups and the reading order the last build's
    /// pages show (nil when not known), for the pages that stay as they were (`keptPages`).
    static func renderArticles(
        _ site: SiteInputs, plan: BuildPlan, navigation: SiteNavigation, search builders: [String: SearchIndexBuilder]?,
        indexedBefore: [String: Set<String>] = [:], sink: any PageWriter, diagnostics: inout DiagnosticCollector,
        previous: (groups: [String: BuildCache.Group], navigation: SiteNavigation?)? = nil
    ) -> RenderedArticles {
        let reader = site.articleReader()
        let renderer = ArticleRenderer(strings: site.strings ?? UIStrings(), assets: site.generated)
        let languages = site.config.languages.map(\.code)
        let bySlug = Dictionary(grouping: plan.dirtyIndexes, by: { site.sources[$0].slug })
        let slugs = bySlug.keys.sorted()
        // Fewer groups than cores (an edit): a group's articles are read and rendered on every core too.
        let spread = slugs.count < ProcessInfo.processInfo.activeProcessorCount
        // Groups go in batches of a few per task, and the search index's share of a batch's pages
        // is made once they are rendered (`indexPages`): a language's pages in a row keep its word
        // memo and builder in the cache, where rendering each page evicted them.
        let batch = searchBatchSize(groups: slugs.count, cores: ProcessInfo.processInfo.activeProcessorCount)
        let batches = Parallel.map((slugs.count + batch - 1) / batch) { number in
            var groups = (number * batch..<min(slugs.count, (number + 1) * batch)).map { position in
                renderGroup(
                    slugs[position], bySlug[slugs[position]] ?? [], site: site, reader: reader, renderer: renderer, languages: languages,
                    stamps: plan.stamps, navigation: navigation, spread: spread, sink: sink,
                    previous: previous.flatMap { previous in previous.groups[slugs[position]].map { ($0, previous.navigation) } })
            }
            indexPages(of: &groups, search: builders, indexedBefore: indexedBefore, sink: sink)
            return groups
        }
        let groups = batches.flatMap { $0 }
        var result = RenderedArticles(matrix: TranslationMatrix(languages: [], rows: []))
        var rows: [String: TranslationMatrix.Row] = [:]
        // One entry per group in each (grown one by one, they were copied a dozen times).
        let groupCount = slugs.count + plan.reused.count
        rows.reserveCapacity(groupCount)
        result.groups.reserveCapacity(groupCount)
        result.all.reserveCapacity(groupCount)
        var reports: [Int: PageReport] = [:]
        for (slug, group) in zip(slugs, groups) {
            diagnostics.report(contentsOf: group.diagnostics)
            reports.merge(group.reports, uniquingKeysWith: { first, _ in first })
            result.links.merge(group.links, uniquingKeysWith: { first, _ in first })
            result.groups[slug] = group.cached
            result.draftPages.formUnion(group.draftPages)
            result.indexing += group.indexing
            result.pagesKept += group.pagesKept
            result.reused.examples += group.unreadCounts.examples
            result.reused.chains += group.unreadCounts.chains
            for (lang, entry) in group.search { result.search[lang, default: [:]][slug] = entry }
            guard !group.articles.isEmpty else { continue }
            result.all[slug] = group.articles
            rows[slug] = group.row
        }
        for (slug, group) in plan.reused {
            diagnostics.report(contentsOf: group.diagnostics)
            rows[slug] = group.row
            result.groups[slug] = group
            // Sized for the group at once: grown article by article, the tables of 2,000 articles were resized 1,500 times.
            var listings = [String: Article](minimumCapacity: group.articles.count)
            for cached in group.articles {
                result.reused.examples += cached.examples
                result.reused.chains += cached.chains
                if cached.draft {
                    result.draftPages.insert(SiteLinks.articleDir(cached.lang, cached.slug) + "index.html")
                    continue
                }
                listings[cached.lang] = cached.listed
            }
            // A reused group is no rendered one (`BuildPlan`): its slug has no listings yet.
            if !listings.isEmpty { result.all[slug] = listings }
        }
        result.reports = site.sources.indices.compactMap { reports[$0] }
        result.matrix = TranslationMatrix(languages: languages, rows: rows.keys.sorted().compactMap { rows[$0] })
        return result
    }

    /// How many groups a task renders before indexing their pages: a few, so that memory holds
    /// no more than a few groups' bodies (issue 18), and fewer when there are too few groups to
    /// give every core several tasks.
    static func searchBatchSize(groups: Int, cores: Int) -> Int {
        max(1, min(maxSearchBatch, groups / (4 * max(cores, 1))))
    }

    /// At most this many groups in a batch (four languages: 32 pages).
    static let maxSearchBatch = 8

    /// The search index's share of the pages of a batch of groups (`RenderedGroup.unindexed`),
    /// step by step: every page's text, its search file, then its words and its filing, a
    /// language's pages in a row. Each step's CPU time on this thread is taken once per batch
    /// (`--verbose` shows them): per page and step, the clock's system calls were 10,000 in a
    /// build of 2,000 pages.
    static func indexPages(
        of groups: inout [RenderedGroup], search builders: [String: SearchIndexBuilder]?, indexedBefore: [String: Set<String>],
        sink: any PageWriter
    ) {
        var pages: [(group: Int, page: UnindexedPage)] = []
        for index in groups.indices {
            pages += groups[index].unindexed.map { (index, $0) }
            groups[index].unindexed = []
        }
        guard !pages.isEmpty else { return }
        // A group has one page per language: (language, group) orders them all.
        pages.sort { $0.page.lang != $1.page.lang ? $0.page.lang < $1.page.lang : $0.group < $1.group }
        var time = SearchIndexTime()
        var clock = threadCPUSeconds()
        func lap(_ step: WritableKeyPath<SearchIndexTime, Double>) {
            let now = threadCPUSeconds()
            time[keyPath: step] += now - clock
            clock = now
        }
        let texts = pages.map { SearchPage(key: $0.page.slug, path: $0.page.path, title: $0.page.title, bodyUTF8: $0.page.bodyUTF8) }
        lap(\.pageText)
        var toIndex: [Int] = []
        for (number, (group, page)) in pages.enumerated() {
            do throws(DiagnosticError) {
                let fragment = SearchIndex.fragment(lang: page.lang, page: texts[number])
                // An entry is a function of the page file's text: a page the last build indexed
                // whose file keeps its bytes keeps its entry, and the index has nothing to update.
                let unchanged = try sink.write(fragment.path, fragment.data)
                if page.indexed && !(unchanged && indexedBefore[page.lang]?.contains(page.slug) == true) { toIndex.append(number) }
            } catch {
                groups[group].diagnostics += error.diagnostics
            }
        }
        lap(\.pageFiles)
        // A language and its stemmer made once for its pages in a row.
        var entries: [SearchEntry] = []
        entries.reserveCapacity(toIndex.count)
        var current: (language: SearchLanguage, stemmer: Stemmer?)?
        for number in toIndex {
            let lang = pages[number].page.lang
            if current?.language.code != lang {
                let language = SearchLanguage(code: lang)
                current = (language, Stemmer(language))
            }
            if let (language, stemmer) = current { entries.append(SearchEntry(texts[number], language: language, stemmer: stemmer)) }
        }
        lap(\.words)
        for (number, entry) in zip(toIndex, entries) {
            let (group, page) = pages[number]
            if let builder = builders?[page.lang] { builder.add(entry) } else { groups[group].search[page.lang] = entry }
        }
        lap(\.filing)
        groups[pages[0].group].indexing += time
    }

    /// A page rendered whose share of the search index waits for its batch (`indexPages`).
    struct UnindexedPage: Sendable {
        var lang: String
        var slug: String
        var path: String
        var title: String
        /// The body as rendered, read for its text with the batch's pages.
        var bodyUTF8: [UInt8]
        /// Whether the page joins the index (drafts published with --drafts get a page file only).
        var indexed: Bool
    }

    /// One translation group, rendered and analysed.
    struct RenderedGroup: Sendable {
        /// lang → article; once its pages are written, only its `listing`.
        var articles: [String: Article] = [:]
        var reports: [Int: PageReport] = [:]
        var diagnostics: [Diagnostic] = []
        /// Markdown links by the output path of their page.
        var links: [String: [MarkdownLink]] = [:]
        /// The group's translation statuses.
        var row: TranslationMatrix.Row?
        /// Pages of the group's drafts, left out of the build.
        var draftPages: Set<String> = []
        /// What the cache keeps of the group (nil when an article failed to render).
        var cached: BuildCache.Group?
        /// Time spent indexing the group's pages for search.
        var indexing = SearchIndexTime()
        /// lang → what each page rendered adds to the search index.
        var search: [String: SearchEntry] = [:]
        /// The pages rendered whose share of the search index is not made yet (`indexPages`).
        var unindexed: [UnindexedPage] = []
        /// Pages left as the last build wrote them (`keptPages`).
        var pagesKept = 0
        /// Examples and verified chains of the articles left unread (`unreadTranslations`), as cached.
        var unreadCounts = (examples: 0, chains: 0)
    }

    /// One translation group read and verified, before any rendering: `check` stops here.
    struct ReadGroup: Sendable {
        /// lang → article read, of the articles this build publishes.
        var articles: [String: ReadArticle] = [:]
        var reports: [Int: PageReport] = [:]
        var diagnostics: [Diagnostic] = []
        /// The group's translation statuses.
        var matrix: TranslationMatrix
        /// Pages of the group's drafts, left out of the build.
        var draftPages: Set<String> = []
        /// What the cache keeps of each article (of drafts too).
        var cachedArticles: [BuildCache.CachedArticle] = []
        /// Every article could be read.
        var complete = true
        /// lang → what the group's pages show of the articles left unread (`unreadTranslations`), from the cache.
        var unread: [String: Article] = [:]

        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// lang → article, as the group's pages show them to each other.
        var listed: [String: Article] { articles.mapValues(\.article).merging(unread) { read, _ in read } }
    }

    /// `unread`: articles of the group not to read (`unreadTranslations`), by index, as the cache
    /// has them, and `cachedRow` the cache's row, whose cells they keep. Should an article read
    /// turn out to be translated from one of them, the group is read whole.
    static func readGroup(
        _ slug: String, _ indexes: [Int], site: SiteInputs, reader: ArticleReader, languages: [String], stamps: [FileStamp?],
        spread: Bool = false, unread: [Int: BuildCache.CachedArticle] = [:], cachedRow: TranslationMatrix.Row? = nil
    ) -> ReadGroup {
        var group = ReadGroup(matrix: TranslationMatrix(languages: languages, rows: []))
        let toRead = indexes.filter { unread[$0] == nil }
        let reads = spread
            ? Parallel.map(toRead.count) { reader.read(site.sources[toRead[$0]]) } : toRead.map { reader.read(site.sources[$0]) }
        let unreadLanguages = Set(unread.values.map(\.lang))
        // The languages whose file could not be read (its errors are reported), with the file.
        var unreadable: [String: String] = [:]
        if !unread.isEmpty, reads.contains(where: { $0.article?.article.translation.map { unreadLanguages.contains($0.from) } == true }) {
            return readGroup(slug, indexes, site: site, reader: reader, languages: languages, stamps: stamps, spread: spread)
        }
        for cached in unread.values.sorted(by: { $0.lang < $1.lang }) {
            group.cachedArticles.append(cached)
            group.unread[cached.lang] = cached.listed
        }
        for (index, (read, problems)) in zip(toRead, reads) {
            group.diagnostics += problems
            guard let read else {
                group.complete = false
                unreadable[site.sources[index].lang] = site.sources[index].displayPath
                continue
            }
            let article = read.article
            let report = PageReport(
                file: article.displayPath, lang: article.lang, examples: article.examples,
                chains: article.chains.map { .init(line: $0.location.line, column: $0.location.column, text: $0.text, machine: $0.machine, ok: $0.ok) },
                exercises: read.verification.exercises.map {
                    .init(line: $0.location.line, column: $0.location.column, kind: $0.kind?.rawValue, machine: $0.machine, ok: $0.passed)
                })
            group.reports[index] = report
            // A draft is verified like any article but, unless drafts are wanted, not published: no
            // page, no place on the homes, the sitemap or the status pages.
            let hidden = article.draft && !site.includeDrafts
            if let stamp = stamps[index] {
                group.cachedArticles.append(BuildCache.CachedArticle(
                    lang: article.lang, slug: slug, displayPath: article.displayPath, stamp: stamp, title: article.title,
                    description: article.description, examples: report.examples, chains: report.verifiedChains, draft: hidden,
                    weight: article.weight, layout: article.layout, tutorialSteps: article.tutorialSteps, exercises: article.exercises,
                    platforms: article.platforms))
            }
            if hidden {
                group.draftPages.insert(SiteLinks.articleDir(article.lang, slug) + "index.html")
                continue
            }
            group.articles[article.lang] = read
        }
        // What the articles found, as a translator should see it (an error copied from the source, once).
        let analysis = TranslationAnalyzer.analyze(
            articles: [slug: group.articles.mapValues(\.article)], languages: languages, diagnostics: group.diagnostics,
            unreadable: [slug: unreadable])
        group.diagnostics = analysis.diagnostics
        group.matrix = analysis.matrix
        // An unread article keeps its cell: it and its source are as the cache's build read them.
        if !group.unread.isEmpty, let cachedRow, var row = group.matrix.rows.first {
            for lang in group.unread.keys { row.cells[lang] = cachedRow.cells[lang] }
            group.matrix = TranslationMatrix(languages: languages, rows: [row])
        }
        return group
    }

    /// The articles of a group read again that an incremental build need not read, by index: unchanged
    /// translations whose source is unchanged too and is no translation itself, whose page stays as the
    /// last build wrote it (`keptPages`). Such a translation's cell depends only on itself and its
    /// source, so the cached one holds; its page shows the group's other articles only by their
    /// languages and titles, which the cache has. Only in a group whose cached build had no warnings
    /// at all: then reading it gave none either, and comparing it with its source added none. An
    /// edited article is thus read with its source (and, if it is a source, its translations), not
    /// with its sibling translations.
    static func unreadTranslations(
        _ indexes: [Int], site: SiteInputs, stamps: [FileStamp?], cached: BuildCache.Group, navigation: SiteNavigation,
        before previousNavigation: SiteNavigation?
    ) -> [Int: BuildCache.CachedArticle] {
        guard let previousNavigation, cached.diagnostics.isEmpty else { return [:] }
        // lang → index of its article, when its file is exactly as the cache recorded it.
        var unchanged: [String: Int] = [:]
        for index in indexes {
            let source = site.sources[index]
            guard let stamp = stamps[index], !stamp.isRacy,
                let then = cached.articles.first(where: { $0.lang == source.lang }),
                then.displayPath == source.displayPath, then.stamp == stamp
            else { continue }
            unchanged[source.lang] = index
        }
        var unread: [Int: BuildCache.CachedArticle] = [:]
        for (lang, index) in unchanged {
            guard let from = cached.row.cells[lang]?.from, from != lang, unchanged[from] != nil,
                let source = cached.row.cells[from], source.from == nil,
                let then = cached.articles.first(where: { $0.lang == lang }), !then.draft,
                navigation.entries(lang) == previousNavigation.entries(lang)
            else { continue }
            unread[index] = then
        }
        return unread
    }

    static func renderGroup(
        _ slug: String, _ indexes: [Int], site: SiteInputs, reader: ArticleReader, renderer: ArticleRenderer, languages: [String],
        stamps: [FileStamp?], navigation: SiteNavigation, spread: Bool = false, sink: any PageWriter,
        previous: (group: BuildCache.Group, navigation: SiteNavigation?)? = nil
    ) -> RenderedGroup {
        let unread = previous.map {
            unreadTranslations(indexes, site: site, stamps: stamps, cached: $0.group, navigation: navigation, before: $0.navigation)
        } ?? [:]
        let tried = readGroup(
            slug, indexes, site: site, reader: reader, languages: languages, stamps: stamps, spread: spread, unread: unread,
            cachedRow: previous?.group.row)
        // An article left unread has no page to render: should its page not be kept after all, the group is read whole.
        // (With errors no page is rendered, and the whole group's are reported as a full build would.)
        func keepsUnreadPages(_ group: ReadGroup) -> Bool {
            guard let previous, site.pages != nil, !group.hasErrors else { return false }
            return Set(group.unread.keys).isSubset(of: keptPages(of: group, before: previous.group, navigation: navigation, before: previous.navigation))
        }
        let read = tried.unread.isEmpty || keepsUnreadPages(tried)
            ? tried : readGroup(slug, indexes, site: site, reader: reader, languages: languages, stamps: stamps, spread: spread)
        // A build reports its pages' counts; the chains with their text are `check`'s.
        var group = RenderedGroup(
            reports: read.reports.mapValues(\.counted), diagnostics: read.diagnostics, row: read.matrix.rows.first, draftPages: read.draftPages)
        for cached in read.cachedArticles where read.unread[cached.lang] != nil {
            group.unreadCounts.examples += cached.examples
            group.unreadCounts.chains += cached.chains
        }
        for article in read.articles.values {
            // Only a link that stays on the site can be reported broken: the others (most of an
            // article's) are not kept until the check (issue 18: memory per page).
            let kept = article.article.links.filter { !LinkChecker.leavesTheSite($0.href[...], siteURL: site.config.baseURL) }
            if !kept.isEmpty { group.links[SiteLinks.articleDir(article.article.lang, slug) + "index.html"] = kept }
        }
        let cachedArticles = read.cachedArticles
        // What the homes, status pages and sitemap show of the group's articles, and what a page
        // of the group is told of its translations: made once, where each page copied every article.
        let listings = read.listed.mapValues(\.listing)
        if let pages = site.pages, !read.hasErrors {
            let kept = previous.map { keptPages(of: read, before: $0.group, navigation: navigation, before: $0.navigation) } ?? []
            group.pagesKept = kept.count
            let articles = read.articles.values.sorted(by: { $0.article.lang < $1.article.lang }).filter { !kept.contains($0.article.lang) }
            // Each page on its own (on every core when `spread`), its results taken in the articles' order.
            @Sendable func renderPage(_ position: Int) -> RenderedGroup {
                let article = articles[position]
                var group = RenderedGroup()
                do throws(DiagnosticError) {
                    let lang = article.article.lang
                    let path = SiteLinks.articleDir(lang, slug) + "index.html"
                    let (page, rendered) = try renderedArticlePage(
                        article, of: read, listed: listings, slug: slug, config: site.config, pages: pages, renderer: renderer,
                        navigation: navigation)
                    try sink.write(path, page)
                    // The page's share of the search index is made with its batch's (`indexPages`).
                    // Drafts published with --drafts get a page file but stay out of the index.
                    group.unindexed.append(UnindexedPage(
                        lang: lang, slug: slug, path: path, title: rendered.title, bodyUTF8: rendered.bodyUTF8,
                        indexed: cachedArticles.contains(where: { $0.lang == lang && !$0.draft })))
                } catch {
                    group.diagnostics += error.diagnostics
                }
                return group
            }
            let pagesDone = spread ? Parallel.map(articles.count, renderPage) : articles.indices.map(renderPage)
            for done in pagesDone {
                group.diagnostics += done.diagnostics
                group.unindexed += done.unindexed
            }
        }
        // The pages are written: what stays is what the homes, status pages and sitemap show.
        group.articles = listings
        if read.complete, let row = group.row {
            group.cached = BuildCache.Group(
                articles: cachedArticles.sorted { $0.displayPath < $1.displayPath }, row: row, diagnostics: group.diagnostics)
        }
        return group
    }

    /// The languages of a group read again whose pages the last build wrote exactly as this one
    /// would: an article page shows its own file, which languages the group has, its own cell of
    /// the translation matrix and its language's reading order, besides site-wide inputs (the same
    /// in an incremental build). An edit of a source leaves its translations' pages alone unless it
    /// changes their status (a first edit makes them stale; a second one changes nothing there).
    static func keptPages(
        of read: ReadGroup, before cached: BuildCache.Group, navigation: SiteNavigation, before previousNavigation: SiteNavigation?
    ) -> Set<String> {
        guard let previousNavigation, let row = read.matrix.rows.first, read.complete else { return [] }
        let published = Set(read.listed.keys)
        guard published == Set(cached.articles.filter { !$0.draft }.map(\.lang)) else { return [] }
        var kept = Set<String>()
        for lang in published {
            guard let now = read.cachedArticles.first(where: { $0.lang == lang }), !now.draft, !now.stamp.isRacy,
                let then = cached.articles.first(where: { $0.lang == lang }), !then.draft,
                now.displayPath == then.displayPath, now.stamp == then.stamp, now.listing == then.listing, now.layout == then.layout,
                row.cells[lang] == cached.row.cells[lang], navigation.entries(lang) == previousNavigation.entries(lang)
            else { continue }
            kept.insert(lang)
        }
        return kept
    }

    /// The page of an article of `group`: its body rendered, and the template around it.
    static func articlePage(
        _ read: ReadArticle, of group: ReadGroup, slug: String, config: SiteConfig, pages: SiteInputs.Pages, renderer: ArticleRenderer,
        navigation: SiteNavigation = .empty
    ) throws(DiagnosticError) -> Data {
        try renderedArticlePage(
            read, of: group, listed: group.listed, slug: slug, config: config, pages: pages, renderer: renderer, navigation: navigation
        ).page
    }

    /// The page of an article and the article rendered (its body, for the search index).
    /// `listed`: the group's articles by language (`ReadGroup.listed`, or their listings: the page
    /// asks only which languages the group has).
    static func renderedArticlePage(
        _ read: ReadArticle, of group: ReadGroup, listed: [String: Article], slug: String, config: SiteConfig, pages: SiteInputs.Pages,
        renderer: ArticleRenderer, navigation: SiteNavigation = .empty
    ) throws(DiagnosticError) -> (page: Data, article: Article) {
        let article = try renderer.render(read, templates: pages.templates)
        let contexts = PageContexts(
            config: config, strings: pages.strings, furniture: pages.furniture, articles: [slug: listed],
            translations: group.matrix, navigation: navigation, values: renderer.values)
        let page = try pages.templates.renderOutput("article", contexts.article(article, body: bodySlot))
        return (splice(page, article.bodyUTF8), article)
    }

    /// The reading order of every language: the articles the plan renders, read for their
    /// title and weight only (in parallel), and the others as the cache remembers them.
    static func navigation(_ site: SiteInputs, plan: BuildPlan) -> SiteNavigation {
        navigation(navigationEntries(site, plan: plan), plan: plan)
    }

    /// The sidebar entries of the articles the plan renders, read for their title and weight only (in parallel).
    static func navigationEntries(_ site: SiteInputs, plan: BuildPlan) -> [(lang: String, entry: SiteNavigation.Entry)] {
        navigationEntries(site, of: plan.dirtyIndexes)
    }

    /// The sidebar entries of the sources at `indexes`, read for their title and weight only (in parallel).
    static func navigationEntries(_ site: SiteInputs, of indexes: [Int]) -> [(lang: String, entry: SiteNavigation.Entry)] {
        let summaries = Parallel.map(indexes.count) { ArticleSummary.read(site.sources[indexes[$0]], handoff: site.frontMatters) }
        return summaries.compactMap { summary in
            guard let summary, !summary.draft || site.includeDrafts else { return nil }
            return (summary.lang, .init(slug: summary.slug, title: summary.title, weight: summary.weight))
        }
    }

    /// `dirty`, the entries of the articles the plan renders, with those of the groups it reuses.
    static func navigation(_ dirty: [(lang: String, entry: SiteNavigation.Entry)], plan: BuildPlan) -> SiteNavigation {
        var entries = dirty
        for group in plan.reused.values {
            for cached in group.articles where !cached.draft {
                entries.append((cached.lang, .init(slug: cached.slug, title: cached.title, weight: cached.weight)))
            }
        }
        return SiteNavigation(entries)
    }

    /// What places an article in its language's sidebar, to compare the entries read now with the cached ones.
    struct NavigationKey: Hashable {
        var lang: String
        var entry: SiteNavigation.Entry

        init(_ pair: (lang: String, entry: SiteNavigation.Entry)) {
            lang = pair.lang
            entry = pair.entry
        }

        init(_ cached: BuildCache.CachedArticle) {
            lang = cached.lang
            entry = SiteNavigation.Entry(slug: cached.slug, title: cached.title, weight: cached.weight)
        }
    }

    /// The reading order the cached build's pages show.
    static func navigation(cached groups: [String: BuildCache.Group]) -> SiteNavigation {
        SiteNavigation(groups.values.flatMap(\.articles).filter { !$0.draft }.map {
            ($0.lang, SiteNavigation.Entry(slug: $0.slug, title: $0.title, weight: $0.weight))
        })
    }

    /// Renders the site-wide pages `changes` names into `sink` (in parallel); the
    /// article pages are written as their groups render. Returns how many files the site has.
    static func writeSitePages(
        _ site: SiteInputs, _ inputs: SiteInputs.Pages, _ articles: RenderedArticles, changes: SiteWideChanges = .all, sink: any PageWriter
    ) throws(DiagnosticError) -> Int {
        let config = site.config
        let templates = inputs.templates
        let contexts = PageContexts(
            config: config, strings: inputs.strings, furniture: inputs.furniture, articles: articles.all, translations: articles.matrix)
        let links = SiteLinks(config: config)
        let sitePages = SitePage.all(languages: config.languages.map(\.code))
        let pages = sitePages.filter { page in
            switch page {
            case .chooser, .notFound, .playground, .model, .machine: changes.fixed
            case .home: changes.lists
            case .tutorials: changes.tutorials
            case .status: changes.status
            }
        }
        try Parallel.forEach(pages.count) { index throws(DiagnosticError) in
            let context: MustacheValue = switch pages[index] {
            case .chooser: contexts.chooser()
            case .notFound(let lang): contexts.notFound(lang ?? config.defaultLanguage)
            case .home(let lang): contexts.home(lang)
            case .status(let lang): contexts.status(lang)
            case .playground(let lang): contexts.playground(lang)
            case .tutorials(let lang): contexts.tutorials(lang)
            case .model(let lang): contexts.modelReference(lang)
            case .machine(let lang, let machine): contexts.machineReference(machine, lang: lang)
            }
            try sink.write(pages[index].path, try templates.renderOutput(pages[index].template, context).takeData())
        }
        // Counted without ordering (and copying) every article: an edit does not render the sitemap.
        let files = sitePages.count + articles.all.values.reduce(0) { count, versions in
            count + config.languages.count { versions[$0.code] != nil }
        }
        if changes.lists {
            try sink.write("sitemap.xml", sitemap(config, articles.all, contexts: contexts, links: links).takeData())
        }
        if changes.fixed {
            try sink.write(SiteFiles.robotsPath, Data(SiteFiles.robots(config).utf8))
            try sink.write(SiteFiles.faviconPath, Data(SiteFiles.favicon.utf8))
            for asset in inputs.assets.files { try sink.write(asset.publishedPath, asset.data) }
            // Files beside the articles are site-wide inputs (their stamps are in the cache's site key).
            for file in site.files {
                let bytes: [UInt8]
                do {
                    bytes = try Files.read(file.url.path)
                } catch {
                    throw DiagnosticError([.error(at: .whole(file.displayPath), "cannot read: \(error.reason)")])
                }
                try sink.write(file.path, Data(bytes))
            }
        }
        return files + 3 + inputs.assets.files.count + site.files.count
    }

    /// `sitemap.xml`: the chooser, each language's home, playground, tutorials and model reference, then every
    /// article by slug, each with its alternates, made as it is written.
    static func sitemap(_ config: SiteConfig, _ articles: [String: [String: Article]], contexts: PageContexts, links: SiteLinks) -> ByteOutput {
        let languages = config.languages.map(\.code)
        let slugs = articles.keys.sorted()
        let machines = Machines.all
        let sitePages = 1 + (4 + machines.count) * languages.count
        let versions = articles.values.map(\.count)
        // An article's page lists its versions and x-default; a site page every language and x-default.
        let alternateCount = versions.reduce(0) { $0 + $1 * ($1 + 1) } + sitePages * (languages.count + 1)
        // `<lang>/<slug>/`, or a site page's `<lang>/playground/` or `<lang>/model/<machine>/`.
        let longestSitePage = max(10, 7 + (machines.map(\.id.utf8.count).max() ?? 0))
        let longestDir = (languages.map(\.utf8.count).max() ?? 0) + max(slugs.map(\.utf8.count).max() ?? 0, longestSitePage) + 2
        var sitemap = Sitemap(capacity: Sitemap.capacity(
            entries: sitePages + versions.reduce(0, +), alternates: alternateCount, longestURL: links.absolute("").utf8.count + longestDir))
        sitemap.add(url: links.absolute(""), alternates: contexts.homeAlternates())
        for language in languages {
            sitemap.add(url: links.absolute(SiteLinks.homeDir(language)), alternates: contexts.homeAlternates())
            sitemap.add(url: links.absolute(SiteLinks.playgroundDir(language)), alternates: contexts.playgroundAlternates())
            sitemap.add(url: links.absolute(SiteLinks.tutorialsDir(language)), alternates: contexts.tutorialsAlternates())
            sitemap.add(url: links.absolute(SiteLinks.modelDir(language)), alternates: contexts.modelAlternates(machine: nil))
            for machine in machines {
                sitemap.add(url: links.absolute(SiteLinks.machineDir(language, machine.id)), alternates: contexts.modelAlternates(machine: machine.id))
            }
        }
        for slug in slugs {
            guard let versions = articles[slug] else { continue }
            // Every version of an article has the same alternates.
            let alternates = contexts.articleAlternates(slug)
            for language in languages {
                guard let article = versions[language] else { continue }
                sitemap.add(url: links.absolute(SiteLinks.articleDir(article.lang, article.slug)), alternates: alternates)
            }
        }
        return sitemap.output()
    }

    /// The pages of a site besides its articles: the chooser, the 404 page and each language's
    /// home, status, playground, tutorials, model reference (a page and one for each machine) and
    /// 404 page. A build writes them; `check` knows they are there.
    enum SitePage {
        case chooser
        /// The site's 404 page (nil: at the root, in the default language) or a language's, which
        /// a server shows for a missing page under that language's folder (`serve` does).
        case notFound(String?)
        case home(String)
        case status(String)
        case playground(String)
        case tutorials(String)
        /// A language's model reference: the machines, each with a page of its own (`machine`).
        case model(String)
        /// A machine's page of the model reference, in a language.
        case machine(String, Machine)

        static func all(languages: [String]) -> [SitePage] {
            [.chooser, .notFound(nil)]
                + languages.flatMap { lang in
                    [SitePage.home(lang), .status(lang), .playground(lang), .tutorials(lang), .notFound(lang), .model(lang)]
                        + Machines.all.map { SitePage.machine(lang, $0) }
                }
        }

        var path: String {
            switch self {
            case .chooser: "index.html"
            case .notFound(let lang): (lang.map(SiteLinks.homeDir) ?? "") + SiteFiles.notFoundName
            case .home(let lang): SiteLinks.homeDir(lang) + "index.html"
            case .status(let lang): SiteLinks.statusDir(lang) + "index.html"
            case .playground(let lang): SiteLinks.playgroundDir(lang) + "index.html"
            case .tutorials(let lang): SiteLinks.tutorialsDir(lang) + "index.html"
            case .model(let lang): SiteLinks.modelDir(lang) + "index.html"
            case .machine(let lang, let machine): SiteLinks.machineDir(lang, machine.id) + "index.html"
            }
        }

        var template: String {
            switch self {
            case .chooser: "chooser"
            case .notFound: "404"
            case .home: "home"
            case .status: "status"
            case .playground: "playground"
            case .tutorials: "tutorials"
            case .model: "model"
            case .machine: "machine"
            }
        }
    }

    /// Where an article's body goes in its rendered page: a NUL byte never occurs in
    /// text read from Markdown, and HTML escaping leaves it alone.
    static let bodySlot = "\u{0}body\u{0}"

    /// `page` with its body slots replaced by `body`: a body is most of a page's bytes, and
    /// it is copied once into the file's bytes instead of through the template's output.
    /// The pieces go into storage of the final size that the file's `Data` then takes
    /// (`Data.append` cost a copy through its storage's `replaceBytes` a piece).
    static func splice(_ page: borrowing ByteOutput, _ body: [UInt8]) -> Data {
        let pieces = page.withBytes { Slots.pieces(of: $0, between: bodySlot) }
        var out = ByteOutput(capacity: page.count + body.count * (pieces.count - 1))
        for (index, piece) in pieces.enumerated() {
            if index > 0 { out.append(body) }
            page.withBytes { out.append(UnsafeBufferPointer(rebasing: $0[piece])) }
        }
        return out.takeData()
    }

    /// The same problem found on several pages (a template error) is reported once.
    static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
