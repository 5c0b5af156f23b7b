import Diagnostics
import Foundation
import Synchronization
import SiteContent
import SiteRender
import Translations

/// Takes the files a build or `check` renders, from every core at once.
protocol PageWriter: Sendable {
    /// Takes one rendered file. Returns whether the output already holds these very bytes at
    /// `path` (an incremental build's question; a full build replaces every file and says false).
    @discardableResult
    func write(_ path: String, _ data: Data) throws(DiagnosticError) -> Bool
}

/// Where a build's rendered files go, how their links are checked, and how they become the
/// output: one strategy per kind of build (`FullBuildSink`, `IncrementalSink`). Either way
/// the output is the old site or the new one, never a mix.
protocol PageSink: PageWriter {
    /// The broken links of the site as it will be: `deleted` pages are gone, `published`
    /// files (the writer's) are not ours to read.
    func brokenLinks(
        _ checker: LinkChecker, markdownLinks: [String: [MarkdownLink]], deleted: [String], published: Set<String>
    ) -> [Diagnostic]

    /// Makes what was written the output, removing `deleted` pages. Returns the files whose
    /// bytes changed (nil: the whole folder was replaced) and the copy of the site kept for
    /// the next incremental build.
    func commit(deleting deleted: [String], previous: IncrementalOutput.Previous?) throws(DiagnosticError)
        -> (changed: [String]?, kept: IncrementalOutput.Previous?)

    /// Forgets what was written after a failure; the output stays as it was.
    func discard()
}

/// A full build streams every file into a staging folder (created on the first write) that
/// replaces the output only if the whole build succeeded, so memory stays flat; each page's
/// ids and links are kept to check every internal link before anything is swapped in.
final class FullBuildSink: PageSink {
    private let staged: LazyOutput
    private let collector: PageCollector
    private let output: URL

    init(_ output: URL, displayName: String, published: Set<String>, siteURL: String) {
        self.output = output
        staged = LazyOutput(output, displayName: displayName)
        collector = PageCollector(published: published, siteURL: siteURL)
    }

    @discardableResult
    func write(_ path: String, _ data: Data) throws(DiagnosticError) -> Bool {
        try staged.write(path, data)
        collector.add(path, data)
        return false
    }

    func brokenLinks(
        _ checker: LinkChecker, markdownLinks: [String: [MarkdownLink]], deleted: [String], published: Set<String>
    ) -> [Diagnostic] {
        let staged = staged
        return checker.check(collected: collector.collected, markdownLinks: markdownLinks) { staged.read($0) }
    }

    func commit(deleting deleted: [String], previous: IncrementalOutput.Previous?) throws(DiagnosticError)
        -> (changed: [String]?, kept: IncrementalOutput.Previous?)
    {
        try staged.commit()
        // An incremental build's copy of an older site is of no use after a full build.
        FileTree.removeOwnFolder(IncrementalOutput.previousLocation(of: output).path)
        return (nil, nil)
    }

    func discard() { staged.discard() }

    /// A folder for the build's temporary files: the staging folder, which goes with the build.
    func scratchFolder() -> String? { staged.folder() }
}

/// An incremental build keeps its few pages in memory until all rendered, checks their links
/// (and, when a page went or lost an id, the rest of the output's), then swaps in a
/// hard-linked copy of the output with only the changed files replaced (`IncrementalOutput`).
final class IncrementalSink: PageSink {
    private let update: IncrementalOutput
    private let output: URL

    init(_ output: URL, displayName: String) {
        self.output = output
        update = IncrementalOutput(output, displayName: displayName)
    }

    @discardableResult
    func write(_ path: String, _ data: Data) throws(DiagnosticError) -> Bool { update.write(path, data) }

    func brokenLinks(
        _ checker: LinkChecker, markdownLinks: [String: [MarkdownLink]], deleted: [String], published: Set<String>
    ) -> [Diagnostic] {
        checker.checkUpdate(of: output, written: update.written, deleted: deleted, published: published, markdownLinks: markdownLinks)
    }

    func commit(deleting deleted: [String], previous: IncrementalOutput.Previous?) throws(DiagnosticError)
        -> (changed: [String]?, kept: IncrementalOutput.Previous?)
    {
        let (changed, kept) = try update.apply(deleting: deleted, previous: previous)
        return (changed, kept)
    }

    /// Nothing reached the disk: the pages were only in memory.
    func discard() {}
}

/// `check` renders every page as a build would but writes none: of each page it keeps the ids
/// and links with their places (`PageLinks`, a tenth of the page's bytes), for the link check;
/// the files a build makes without rendering them (the search index) are only named.
final class RenderedPages: PageWriter {
    private let pages = Mutex<[String: PageLinks]>([:])
    private let collector: PageCollector
    private let siteURL: String

    init(published: Set<String>, siteURL: String) {
        collector = PageCollector(published: published, siteURL: siteURL)
        self.siteURL = siteURL
    }

    @discardableResult
    func write(_ path: String, _ data: Data) throws(DiagnosticError) -> Bool {
        // An asset's or a published file's bytes are not looked at.
        guard collector.isPage(path) else {
            collector.name(path)
            return false
        }
        // One full scan, for the link check's list and for the page's ids and places.
        let links = PageLinks(html: data, siteURL: siteURL)
        collector.add(path, links: links)
        pages.withLock { $0[path] = links }
        return false
    }

    /// A file a build writes that `check` does not make: a link to it is not broken.
    func name(_ path: String) { collector.name(path) }

    /// The ids and links of a page rendered.
    func links(_ path: String) -> PageLinks? { pages.withLock { $0[path] } }

    var count: Int { pages.withLock { $0.count } }

    /// The broken links of every page rendered, the templates' included, as a full build finds them.
    func brokenLinks(_ checker: LinkChecker, markdownLinks: [String: [MarkdownLink]]) -> [Diagnostic] {
        checker.check(collected: collector.collected, markdownLinks: markdownLinks) { [self] path in links(path) }
    }
}
