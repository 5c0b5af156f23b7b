import Diagnostics
import Foundation
import Search
import SiteContent
import Testing
import TestSupport

@testable import SiteBuild

/// `SiteBuilder.indexPages` (the pages of a batch of groups indexed once they are rendered, a
/// language's pages in a row, timed once per batch) held to the page-by-page indexing it
/// replaced, kept here as the reference: the same page files, builders' files and states,
/// entries and diagnostics, over random batches.
@Suite struct SearchBatchTests {
    /// Keeps what is written; says a path in `unchanged` was already there as written, as an
    /// incremental build's sink does; fails on a path in `failing`.
    final class MemorySink: PageSink, @unchecked Sendable {
        private let lock = NSLock()
        private(set) var files: [String: Data] = [:]
        let unchanged: Set<String>
        let failing: Set<String>

        init(unchanged: Set<String> = [], failing: Set<String> = []) {
            self.unchanged = unchanged
            self.failing = failing
        }

        func write(_ path: String, _ data: Data) throws(DiagnosticError) -> Bool {
            if failing.contains(path) { throw DiagnosticError([Diagnostic(.error, at: nil, "cannot write \(path)")]) }
            lock.withLock { files[path] = data }
            return unchanged.contains(path)
        }

        func brokenLinks(
            _ checker: LinkChecker, markdownLinks: [String: [MarkdownLink]], deleted: [String], published: Set<String>
        ) -> [Diagnostic] { [] }

        func commit(deleting deleted: [String], previous: IncrementalOutput.Previous?) throws(DiagnosticError)
            -> (changed: [String]?, kept: IncrementalOutput.Previous?) { (nil, nil) }

        func discard() {}
    }

    /// The indexing as `renderGroup` made it before batches: each page on its own, in the
    /// groups' order, with a language and a stemmer of its own.
    static func indexPageByPage(
        _ groups: inout [SiteBuilder.RenderedGroup], search builders: [String: SearchIndexBuilder]?, indexedBefore: [String: Set<String>],
        sink: any PageSink
    ) {
        for index in groups.indices {
            for page in groups[index].unindexed {
                do throws(DiagnosticError) {
                    let searchPage = SearchPage(key: page.slug, path: page.path, title: page.title, bodyUTF8: page.bodyUTF8)
                    let fragment = SearchIndex.fragment(lang: page.lang, page: searchPage)
                    let unchanged = try sink.write(fragment.path, fragment.data)
                    if page.indexed && !(unchanged && indexedBefore[page.lang]?.contains(page.slug) == true) {
                        let language = SearchLanguage(code: page.lang)
                        let entry = SearchEntry(searchPage, language: language, stemmer: Stemmer(language))
                        if let builder = builders?[page.lang] { builder.add(entry) } else { groups[index].search[page.lang] = entry }
                    }
                } catch {
                    groups[index].diagnostics += error.diagnostics
                }
            }
            groups[index].unindexed = []
        }
    }

    static let languages = ["bg", "es", "it", "pt", "xx"]
    static let words = [
        "ciclo", "vida", "interrupción", "interrupciones", "aplicación", "pausa", "interrupção", "visibilidade", "ciclo", "estados",
        "interruzioni", "buone", "pratiche", "città", "прекъсване", "жизнения", "цикъл", "йод", "onPause", "scenePhase",
        "applicationWillResignActive", "a", "y", "e", "é", "2026", "x86", "naïve", "Ünïcode", "×", "—", "«cita»", "o'clock",
    ]

    /// A rendered body: paragraphs, headings with ids, a list, a diagram to skip, entities.
    static func body(_ random: inout SeededRandom) -> [UInt8] {
        func text(_ count: Int) -> String { (0..<count).map { _ in random.pick(words) }.joined(separator: random.pick([" ", ", ", ". "])) }
        var html = ""
        for section in 0..<(1 + random.below(4)) {
            if section > 0 || random.below(3) == 0 {
                let level = 2 + random.below(2)
                html += "<h\(level) id=\"s\(section)\">\(text(1 + random.below(3)))</h\(level)>\n"
            }
            html += "<p>\(text(random.below(40)))</p>\n"
            if random.below(3) == 0 { html += "<ul><li>\(text(3))</li><li>\(text(5)) &amp; \(text(2))</li></ul>\n" }
            if random.below(4) == 0 { html += "<svg viewBox=\"0 0 1 1\"><text>\(text(2))</text></svg>\n" }
        }
        return Array(html.utf8)
    }

    /// Random groups of a batch, each with its pages waiting to be indexed (one per language,
    /// in the languages' order, as `renderGroup` leaves them), some drafts; and which pages the
    /// last build indexed and which of their files are unchanged (by path).
    static func batch(_ random: inout SeededRandom, groups count: Int) -> (
        groups: [SiteBuilder.RenderedGroup], indexedBefore: [String: Set<String>], unchanged: Set<String>, paths: [String]
    ) {
        var groups: [SiteBuilder.RenderedGroup] = []
        var indexedBefore: [String: Set<String>] = [:]
        var unchanged = Set<String>()
        var paths: [String] = []
        for number in 0..<count {
            var group = SiteBuilder.RenderedGroup()
            let slug = "page-\(number)-\(random.below(1000))"
            for lang in languages where random.below(4) != 0 {
                let path = "\(lang)/\(slug)/index.html"
                let title = (0..<(1 + random.below(4))).map { _ in random.pick(words) }.joined(separator: " ")
                group.unindexed.append(SiteBuilder.UnindexedPage(
                    lang: lang, slug: slug, path: path, title: title, bodyUTF8: body(&random), indexed: random.below(6) != 0))
                if random.below(2) == 0 { indexedBefore[lang, default: []].insert(slug) }
                let fragment = SearchIndex.fragmentPath(lang: lang, key: slug)
                if random.below(2) == 0 { unchanged.insert(fragment) }
                paths.append(fragment)
            }
            groups.append(group)
        }
        return (groups, indexedBefore, unchanged, paths)
    }

    static func builders() -> [String: SearchIndexBuilder] {
        Dictionary(uniqueKeysWithValues: languages.map { ($0, SearchIndexBuilder(lang: $0)) })
    }

    /// Each builder's files and state once finished, by language.
    static func finished(_ builders: [String: SearchIndexBuilder]) -> [String: ([String: Data], SearchIndexState)] {
        builders.mapValues { builder in
            let (files, state) = builder.finish()
            return (Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first }), state)
        }
    }

    /// Indexes `groups` both ways, each on its own copy with a sink of its own (`builders`: the
    /// batch's and the reference's, nil in an incremental build), expects the same files,
    /// entries and diagnostics, and returns the groups as the batch left them.
    static func indexBothWays(
        _ groups: [SiteBuilder.RenderedGroup], builders: (batch: [String: SearchIndexBuilder], reference: [String: SearchIndexBuilder])?,
        indexedBefore: [String: Set<String>] = [:], unchanged: Set<String> = [], failing: Set<String> = [], context: String
    ) -> [SiteBuilder.RenderedGroup] {
        var batched = groups
        var reference = groups
        let (batchedSink, referenceSink) = (MemorySink(unchanged: unchanged, failing: failing), MemorySink(unchanged: unchanged, failing: failing))
        SiteBuilder.indexPages(of: &batched, search: builders?.batch, indexedBefore: indexedBefore, sink: batchedSink)
        indexPageByPage(&reference, search: builders?.reference, indexedBefore: indexedBefore, sink: referenceSink)
        #expect(batchedSink.files == referenceSink.files, "\(context)")
        #expect(batched.count == reference.count)
        for (batched, reference) in zip(batched, reference) {
            #expect(batched.search == reference.search, "\(context)")
            #expect(batched.diagnostics == reference.diagnostics, "\(context)")
            #expect(batched.unindexed.isEmpty)
        }
        return batched
    }

    /// Twelve rounds of random batches from the seed `fixed` (plus `SEARCH_BATCH_SEED` when set),
    /// each given the generator, its round and a context for failures.
    static func rounds(_ fixed: UInt64, _ body: (inout SeededRandom, Int, String) -> Void) {
        let seed = SeededRandom.seedOffset("SEARCH_BATCH_SEED") &+ fixed
        var random = SeededRandom(seed: seed)
        for round in 0..<12 { body(&random, round, "seed \(seed) round \(round)") }
    }

    @Test func fullBuildBatchesIndexAsPageByPage() {
        var pagesIndexed = 0
        Self.rounds(0x5EA2_C4BA_7C40_0001) { random, round, context in
            // A full build: every file new, a builder per language; one batch in three has a file that cannot be written.
            let (groups, _, _, paths) = Self.batch(&random, groups: 1 + random.below(SiteBuilder.maxSearchBatch))
            let failing: Set<String> = round % 3 == 2 && !paths.isEmpty ? [random.pick(paths)] : []
            let builders = (batch: Self.builders(), reference: Self.builders())
            let batched = Self.indexBothWays(groups, builders: builders, failing: failing, context: context)
            #expect(batched.contains { !$0.diagnostics.isEmpty } == !failing.isEmpty)
            let (batchedIndex, referenceIndex) = (Self.finished(builders.batch), Self.finished(builders.reference))
            for lang in Self.languages {
                #expect(batchedIndex[lang]?.0 == referenceIndex[lang]?.0, "\(context) \(lang)")
                #expect(batchedIndex[lang]?.1 == referenceIndex[lang]?.1, "\(context) \(lang)")
                pagesIndexed += batchedIndex[lang]?.1.pages ?? 0
            }
            // The batch's time is counted once, on one group.
            let times = batched.map(\.indexing).filter { $0 != SearchIndexTime() }
            #expect(times.count <= 1)
            #expect(times.allSatisfy { $0.pageText >= 0 && $0.pageFiles >= 0 && $0.words >= 0 && $0.filing >= 0 })
        }
        // The batches indexed pages: the comparison was not of empty indexes.
        #expect(pagesIndexed > 50)
    }

    @Test func incrementalBatchesKeepTheSameEntriesAsPageByPage() {
        var entries = 0
        Self.rounds(0x5EA2_C4BA_7C40_0002) { random, _, context in
            // An incremental build: no builders, entries kept per group; a page the last build
            // indexed whose file is unchanged keeps its entry.
            let (groups, indexedBefore, unchanged, _) = Self.batch(&random, groups: 1 + random.below(SiteBuilder.maxSearchBatch))
            let batched = Self.indexBothWays(
                groups, builders: nil, indexedBefore: indexedBefore, unchanged: unchanged, context: context)
            entries += batched.reduce(0) { $0 + $1.search.count }
        }
        #expect(entries > 20)
    }

    @Test func aBatchIsAFewGroupsAndEveryCoreGetsSeveral() {
        #expect(SiteBuilder.searchBatchSize(groups: 500, cores: 2) == SiteBuilder.maxSearchBatch)
        #expect(SiteBuilder.searchBatchSize(groups: 25, cores: 2) == 3)
        #expect(SiteBuilder.searchBatchSize(groups: 25, cores: 16) == 1)
        #expect(SiteBuilder.searchBatchSize(groups: 1, cores: 2) == 1)
        #expect(SiteBuilder.searchBatchSize(groups: 0, cores: 0) == 1)
    }
}
