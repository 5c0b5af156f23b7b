import Diagnostics
import Foundation
import SiteContent
import SiteRender
import Translations

/// What a build did: the diagnostics always, the figures when it succeeded.
public struct BuildResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// Articles written per language, in the site's language order.
    public var articlesPerLanguage: [(lang: String, count: Int)]
    public var filesWritten: Int
    public var seconds: Double
    /// What the verification pass found on each article it rendered, also when the build failed.
    public var pages: [PageReport] = []
    /// Examples and verified chains of the articles an incremental build reused unchanged.
    var reused = (examples: 0, chains: 0)
    /// Articles × languages: source, current, stale, broken or missing.
    public var translations: TranslationMatrix?
    /// Articles rendered by this build: all of them, or those an edit touched when it reused the cache.
    public var articlesRendered: Int { pages.count }
    /// `check`: the pages it rendered in memory (every page it could, those of articles with
    /// errors included).
    public var pagesRendered = 0
    /// An incremental build: pages of the groups it read again that it left as the last build wrote
    /// them (an unchanged translation whose status, languages and sidebar are as they were).
    public var pagesKept = 0
    /// Output files whose bytes changed, for an incremental build (nil: the whole folder was replaced).
    public var changedFiles: [String]?

    /// The exercises of the articles read by this run (a build's articles reused from its cache are not counted).
    public var exercisesChecked: Int { pages.reduce(0) { $0 + $1.exerciseCount } }
    public var examplesRun: Int { upToDate?.examples ?? reused.examples + pages.reduce(0) { $0 + $1.examples } }
    public var chainsVerified: Int { upToDate?.chains ?? reused.chains + pages.reduce(0) { $0 + $1.verifiedChains } }
    /// Set when no input changed since the last successful build and nothing was done.
    var upToDate: (examples: Int, chains: Int)?

    /// Set when errors in the articles stopped the build before its link check (`check` runs both).
    public var linksUnchecked = false

    /// Set when the output folder may not be replaced; nothing was read or written.
    public var refusal: OutputGuard.Refusal?

    /// What kind of build this was, and why (`--verbose` says it); nil when it stopped before deciding.
    public var decision: BuildDecision?
    /// How long each step took, in order (`--verbose`).
    public var phases: [(name: String, seconds: Double)] = []
    /// CPU time spent on the search index: indexing each page (summed over every core) and
    /// making the index's files (one language per core, the process's CPU time while nothing else runs).
    public var searchIndexSeconds: Double { searchIndexTime.total }
    /// `searchIndexSeconds` by step, so a profile of the index needs no other tool.
    public var searchIndexTime = SearchIndexTime()
    /// The base URL the pages were built with (site.yml's, or the override); nil if site.yml was not read.
    public var baseURL: String?

    public var succeeded: Bool { refusal == nil && !diagnostics.contains { $0.severity == .error } }
    public var isUpToDate: Bool { upToDate != nil }

    /// `Built 4 articles (es 1, pt 1, bg 1, it 1), 24 files, 36 examples run, 2 exercises checked, 7 chains verified in 0.06 s`.
    public var summaryLine: String {
        let time = String(format: seconds < 0.1 ? "%.3f s" : "%.2f s", seconds)
        if upToDate != nil {
            return "Up to date: no input changed since the last build (\(time)); --force rebuilds"
        }
        let total = articlesPerLanguage.reduce(0) { $0 + $1.count }
        let perLanguage = articlesPerLanguage.map { "\($0.lang) \($0.count)" }.joined(separator: ", ")
        let warnings = diagnostics.count { $0.severity == .warning }
        let warningText = warnings == 0 ? "" : ", \(Plural.counted(warnings, "warning"))"
        // The same counts as `check` prints.
        func verified(_ examples: Int, _ chains: Int) -> String {
            "\(Plural.counted(examples, "example")) run, \(Plural.counted(exercisesChecked, "exercise")) checked, \(Plural.counted(chains, "chain")) verified"
        }
        if let changedFiles {
            return "Updated \(Plural.counted(total, "article")) (\(perLanguage)): \(articlesRendered) re-rendered "
                + "(\(verified(examplesRun - reused.examples, chainsVerified - reused.chains))), \(changedFiles.count) of \(filesWritten) files changed in " + time + warningText
        }
        return "Built \(Plural.counted(total, "article")) (\(perLanguage)), \(filesWritten) files, "
            + verified(examplesRun, chainsVerified) + " in " + time + warningText
    }
}

/// Why a build did what it did.
public enum BuildDecision: Sendable, Equatable {
    /// `check`: every article read and verified, nothing written.
    case verifyOnly
    /// No input changed since the last successful build: nothing was done.
    case upToDate
    /// Only the groups an edit touched were rendered again (`BuildResult.pages`).
    case incremental
    /// Everything was rendered into a staging folder, for this reason.
    case full(reason: String)
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

    /// An `exercise` block of the page (one that could be read).
    public struct Exercise: Sendable {
        public var line: Int
        public var column: Int
        /// `predict`, `order`, `choose`, `reach`; nil when the block has no valid `kind`.
        public var kind: String?
        public var machine: String
        /// The answer key agrees with the model.
        public var ok: Bool
    }

    public var file: String
    public var lang: String
    public var examples: Int
    /// Every chain of the page with its text, and every exercise: `check`'s reports (its JSON
    /// lists them). A build keeps the report of every page until it ends, so it keeps only the
    /// counts below (issue 18: memory must not grow with the pages beyond their metadata).
    public var chains: [Chain]
    public var exercises: [Exercise] = []
    /// Chains the model confirmed, and exercises read: counted whether or not the lists are kept.
    public var verifiedChains: Int
    public var exerciseCount: Int

    init(file: String, lang: String, examples: Int, chains: [Chain], exercises: [Exercise]) {
        self.file = file
        self.lang = lang
        self.examples = examples
        self.chains = chains
        self.exercises = exercises
        verifiedChains = chains.count { $0.ok }
        exerciseCount = exercises.count
    }

    /// The report without its lists of chains and exercises: what a build keeps of a page.
    var counted: PageReport {
        var report = self
        report.chains = []
        report.exercises = []
        return report
    }
}

/// The search index's CPU time by step (seconds, summed over every core).
public struct SearchIndexTime: Sendable, Equatable {
    /// Each page's text and headings read out of its rendered body.
    public var pageText = 0.0
    /// Each page's search file (its sections, for excerpts): made and written.
    public var pageFiles = 0.0
    /// Each page's words cut, counted by section and resolved to terms.
    public var words = 0.0
    /// Each page's postings filed with its language's builder.
    public var filing = 0.0
    /// The shards and manifests: the filed postings merged and written.
    public var indexFiles = 0.0

    public init() {}

    public var total: Double { pageText + pageFiles + words + filing + indexFiles }

    static func += (sum: inout SearchIndexTime, part: SearchIndexTime) {
        sum.pageText += part.pageText
        sum.pageFiles += part.pageFiles
        sum.words += part.words
        sum.filing += part.filing
        sum.indexFiles += part.indexFiles
    }
}
