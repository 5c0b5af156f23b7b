import Diagnostics
import Foundation
import LifecycleModel
import Synchronization

/// A link written in an article's Markdown, where the writer put it.
struct MarkdownLink: Sendable, Hashable {
    /// As written in the Markdown.
    var url: String
    /// As written in the page: a link to a source (`other.md`) is rewritten to its page.
    var href: String
    var location: SourceLocation
}

/// What `check` learns from every page it renders: the ids a link can point
/// at, and the links the page holds (Markdown's and the templates').
struct PageLinks: Sendable {
    /// Every `id` of the page.
    var ids: Set<String> = []
    /// Every `href` and `src`, HTML-unescaped, with its 1-based line and column in the page.
    var links: [(url: String, line: Int, column: Int)] = []

    /// Scans generated HTML. Attributes are always double-quoted there, and a `"` in text
    /// or in a URL is always escaped, so ` id="` and ` href="` only ever start attributes.
    init(html: Data) {
        let bytes = [UInt8](html)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 10 {
                line += 1
                lineStart = i + 1
            }
            if byte == 32 || byte == 10 || byte == 9, let (name, valueStart) = Self.attribute(at: i + 1, in: bytes) {
                let valueEnd = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
                let value = Self.unescape(String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))
                if name == "id" {
                    ids.insert(value)
                } else {
                    let column = String(decoding: bytes[lineStart..<valueStart], as: UTF8.self).count + 1
                    links.append((value, line, column))
                }
                i = valueEnd
                continue
            }
            i += 1
        }
    }

    private static let names = ["id", "href", "src"].map { Array(($0 + "=\"").utf8) }

    /// `id="`, `href="` or `src="` at `start`: the name and where the value begins.
    private static func attribute(at start: Int, in bytes: [UInt8]) -> (String, Int)? {
        for name in names where start + name.count <= bytes.count && bytes[start..<(start + name.count)].elementsEqual(name) {
            return (String(decoding: name.dropLast(2), as: UTF8.self), start + name.count)
        }
        return nil
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&quot;", with: "\"").replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }
}

/// The pages a build writes (or `check` renders), collected from every thread.
final class PageCollector: Sendable {
    private let pages = Mutex<[String: PageLinks]>([:])
    private let files = Mutex<Set<String>>([])
    /// Files published as the writer made them: their links are not ours to check.
    private let published: Set<String>

    init(published: Set<String> = []) {
        self.published = published
    }

    func add(_ path: String, _ data: Data) {
        files.withLock { _ = $0.insert(path) }
        guard path.hasSuffix(".html"), !published.contains(path) else { return }
        let links = PageLinks(html: data)
        pages.withLock { $0[path] = links }
    }

    var collected: (pages: [String: PageLinks], files: Set<String>) {
        (pages.withLock { $0 }, files.withLock { $0 })
    }
}

/// Verifies every internal link and `#anchor` of the site, like htmltest or
/// Starlight's link validator: a link must lead to a page or file the build
/// writes, and its fragment to an id on that page. A link to an article that
/// has no version in the page's language names the languages that have one.
/// Markdown links are reported where they are written; links the templates
/// generate, at their place in the generated page.
struct LinkChecker {
    var config: SiteConfig
    /// slug → languages that have the article.
    var languagesBySlug: [String: Set<String>]
    /// Pages of drafts this build leaves out.
    var draftPages: Set<String> = []

    /// Checks the links of every page in `pages`, whose targets' ids come from the same pages.
    func check(pages: [String: PageLinks], files: Set<String>, markdownLinks: [String: [MarkdownLink]]) -> [Diagnostic] {
        check(pages: pages, files: files, markdownLinks: markdownLinks) { pages[$0]?.ids }
    }

    /// Checks the links of every page in `pages`; `ids` gives the ids of any page of the site.
    /// `unrendered`: pages read back from the output, whose Markdown this build did not parse.
    func check(
        pages: [String: PageLinks], files: Set<String>, markdownLinks: [String: [MarkdownLink]], unrendered: Set<String> = [],
        ids: (String) -> Set<String>?
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for path in pages.keys.sorted() {
            guard let page = pages[path] else { continue }
            let dir = path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : ""
            // The 404 page is served at any depth; its links start at the base path, not at its folder.
            let from = path == "404.html" ? "" : dir
            var reported = Set<String>()
            for link in page.links {
                guard let problem = problem(with: link.url, from: from, files: files, ids: ids),
                    reported.insert(link.url).inserted
                else { continue }
                let written = markdownLinks[path]?.filter { $0.href == link.url } ?? []
                if written.isEmpty && unrendered.contains(path) {
                    problems.append(.error(
                        at: SourceLocation(file: path, line: link.line, column: link.column),
                        "a link on this page to '\(link.url)' broke: \(problem.message)",
                        notes: ["this build did not render the page again; build with --force to see the link where it is written"],
                        suggestion: problem.suggestion))
                } else if written.isEmpty {
                    problems.append(.error(
                        at: SourceLocation(file: path, line: link.line, column: link.column),
                        "the templates link to '\(link.url)': \(problem.message)", suggestion: problem.suggestion))
                } else {
                    for markdown in written {
                        problems.append(.error(at: markdown.location, "broken link '\(markdown.url)': \(problem.message)", suggestion: problem.suggestion))
                    }
                }
            }
        }
        return problems
    }

    /// What is wrong with `url` on a page in `from`, or nil if it is fine or not ours to check.
    func problem(with url: String, from: String, files: Set<String>, ids: (String) -> Set<String>?) -> (message: String, suggestion: String?)? {
        var rest = url[...]
        if rest.hasPrefix(config.baseURL) {
            rest = rest.dropFirst(config.baseURL.count)
            return problem(withPath: rest, base: "", files: files, ids: ids)
        }
        // Other schemes (https:, mailto:…) and other hosts are not this site's.
        if rest.hasPrefix("//") || rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains(":") { return nil }
        if rest.hasPrefix("/") {
            let basePath = config.basePath
            guard rest.hasPrefix(basePath) else {
                return ("it is outside the site, which lives under \(basePath)", nil)
            }
            return problem(withPath: rest.dropFirst(basePath.count), base: "", files: files, ids: ids)
        }
        return problem(withPath: rest, base: from, files: files, ids: ids)
    }

    private func problem(
        withPath url: Substring, base: String, files: Set<String>, ids: (String) -> Set<String>?
    ) -> (message: String, suggestion: String?)? {
        let withoutQuery = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let fragment = withoutQuery.count > 1 ? String(withoutQuery[1]) : nil
        let pathPart = String(withoutQuery[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        let decoded = pathPart.removingPercentEncoding ?? pathPart
        guard let target = Self.resolve(decoded, from: base) else {
            return ("it leads above the site's root", nil)
        }
        var file = target.isEmpty || target.hasSuffix("/") ? target + "index.html" : target
        if !files.contains(file), files.contains(file + "/index.html") { file += "/index.html" }
        guard files.contains(file) else { return (missingMessage(file), fallbackSuggestion(file, from: base)) }
        guard let fragment, !fragment.isEmpty, let pageIDs = ids(file) else { return nil }
        let id = fragment.removingPercentEncoding ?? fragment
        guard !pageIDs.contains(id) else { return nil }
        let nearest = Names.suggestion(for: id, among: pageIDs.sorted())
        return ("\(file) has no anchor '#\(id)'", nearest.map { "#\($0)" })
    }

    private func missingMessage(_ file: String) -> String {
        if draftPages.contains(file) { return "\(file) is a draft, published only by serve and build --drafts" }
        let parts = file.split(separator: "/")
        if parts.count == 3, parts[2] == "index.html", let languages = languagesBySlug[String(parts[1])],
            !languages.contains(String(parts[0]))
        {
            let names = config.languages.filter { languages.contains($0.code) }.map { "\($0.name) (\($0.code))" }
            return "the article '\(parts[1])' has no \(parts[0]) version; it exists in " + names.joined(separator: ", ")
        }
        return "no page or file \(file) in the site"
    }

    /// For a missing translation, the link to the version a reader of this language would want.
    private func fallbackSuggestion(_ file: String, from base: String) -> String? {
        let parts = file.split(separator: "/")
        guard parts.count == 3, parts[2] == "index.html", let languages = languagesBySlug[String(parts[1])] else { return nil }
        let fallback = languages.contains(config.defaultLanguage)
            ? config.defaultLanguage : config.languages.map(\.code).first { languages.contains($0) }
        guard let fallback else { return nil }
        return SiteLinks.link(from: base, to: SiteLinks.articleDir(fallback, String(parts[1])))
    }

    /// `path` relative to the folder `from` (both without a leading slash), `.` and `..`
    /// applied; nil when it climbs above the root.
    static func resolve(_ path: String, from: String) -> String? {
        var parts = from.split(separator: "/").map(String.init)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case "" where index < segments.count - 1: continue
            default: parts.append(segment)
            }
        }
        let joined = parts.filter { !$0.isEmpty }.joined(separator: "/")
        return path.hasSuffix("/") || path.isEmpty || segments.last == "." || segments.last == ".." ? (joined.isEmpty ? "" : joined + "/") : joined
    }

    /// The check of an incremental build, which renders a few pages: their links are checked,
    /// with the other pages' ids read from the output only when a link points there. The links
    /// of the pages it did not render can only break when a page is deleted or loses an id;
    /// then every page of the output is read and checked too.
    func checkUpdate(
        of output: URL, written: [(path: String, data: Data)], deleted: [String], published: Set<String>,
        markdownLinks: [String: [MarkdownLink]]
    ) -> [Diagnostic] {
        var fresh: [String: PageLinks] = [:]
        for (path, data) in written where path.hasSuffix(".html") && !published.contains(path) { fresh[path] = PageLinks(html: data) }
        var onDisk: [String: PageLinks?] = [:]
        func stored(_ path: String) -> PageLinks? {
            if let known = onDisk[path] { return known }
            let links = (try? Data(contentsOf: output.appending(path: path))).map(PageLinks.init(html:))
            onDisk[path] = links
            return links
        }
        let files = FileTree.files(under: output.path).union(written.map(\.path)).subtracting(deleted)
        let lostAnID = fresh.contains { path, links in stored(path).map { !$0.ids.isSubset(of: links.ids) } ?? false }
        var pages = fresh
        var unrendered = Set<String>()
        if lostAnID || !deleted.isEmpty {
            for path in files where path.hasSuffix(".html") && fresh[path] == nil && !published.contains(path) {
                pages[path] = stored(path)
                unrendered.insert(path)
            }
        }
        return check(pages: pages, files: files, markdownLinks: markdownLinks, unrendered: unrendered) { fresh[$0]?.ids ?? stored($0)?.ids }
    }
}
