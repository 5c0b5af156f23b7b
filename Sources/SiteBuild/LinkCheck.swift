import Diagnostics
import Encoding
import FileIO
import Foundation
import LifecycleModel
import SiteContent
import SiteRender
import Synchronization
import Translations

extension StringProtocol {
    /// Whether the UTF-8 holds `byte`: memchr over the contiguous bytes (`utf8.contains` steps
    /// through a String's bytes one index at a time, and the link scan asks for every id and link).
    func utf8Contains(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? utf8.contains(byte)
    }
}

/// The ids of a page, kept as one string (`\nid\nid\n`): a build keeps those of every page
/// until the end, and only the few links to another page's anchor look them up.
struct PageIDs: Sendable, Equatable {
    private var joined = "\n"

    init() {}

    init(_ ids: [String]) {
        for id in ids { insert(id) }
    }

    mutating func insert(_ id: String) {
        guard !id.utf8Contains(10) else { return }  // no id holds a newline in pages we write
        joined += id
        joined += "\n"
    }

    func contains(_ id: String) -> Bool {
        var needle = "\n" + id + "\n"
        return needle.withUTF8 { pattern in
            joined.utf8.withContiguousStorageIfAvailable { bytes in
                guard pattern.count <= bytes.count else { return false }
                for start in 0...(bytes.count - pattern.count) where bytes[start] == 10 {
                    if memcmp(bytes.baseAddress! + start, pattern.baseAddress!, pattern.count) == 0 { return true }
                }
                return false
            } ?? joined.contains(String(decoding: pattern, as: UTF8.self))
        }
    }

    var all: [String] { joined.split(separator: "\n").map(String.init) }
}

/// What a build learns from a page: the ids a link can point at, and the links the page
/// holds (Markdown's and the templates') that may be broken: not those to other sites, nor
/// those to an anchor of the page itself that is there.
struct PageLinks: Sendable {
    /// Every `id` of the page.
    var ids = PageIDs()
    /// The `href` and `src` values to check, HTML-unescaped, with their 1-based line and column.
    var links: [(url: String, line: Int32, column: Int32)] = []

    /// Scans generated HTML: its ids, and its links with their places (the scan of a page a
    /// link points into, or of a page with a broken link; every page a build writes gets the
    /// cheaper `distinctURLs`). `siteURL`: the site's base URL; an absolute link elsewhere is not kept.
    init(html: some ContiguousBytes, siteURL: String = "") {
        var ownAnchors: [(url: String, line: Int32, column: Int32)] = []
        // The ids again, for this page's own anchors: a page has hundreds of each, and
        // `PageIDs.contains` scans its whole string per question.
        var idList: [String] = []
        html.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { return }
            // Lines and columns (in characters: UTF-8 lead bytes) are counted once, up to each link.
            var line = 1
            var column = 1
            var counted = 0
            for attribute in AttributeScan(bytes) {
                let range = attribute.value
                let value = Self.unescape(UnsafeBufferPointer(rebasing: bytes[range]))
                if attribute.isID {
                    ids.insert(value)
                    idList.append(value)
                    continue
                }
                // Newlines by memchr; characters only on the lines that hold links.
                while let newline = memchr(base + counted, 10, range.lowerBound - counted) {
                    line += 1
                    column = 1
                    counted = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                }
                column += UnsafeBufferPointer(rebasing: bytes[counted..<range.lowerBound]).reduce(0) { $0 &+ ($1 & 0xC0 != 0x80 ? 1 : 0) }
                counted = range.lowerBound
                if value.utf8.first == UInt8(ascii: "#") {
                    ownAnchors.append((value, Int32(line), Int32(column)))
                } else if !LinkChecker.leavesTheSite(value[...], siteURL: siteURL) {
                    links.append((value, Int32(line), Int32(column)))
                }
            }
        }
        // An anchor of this very page is checked now, against all its ids; only a broken one stays.
        let known = ownAnchors.isEmpty ? [] : Self.knownIDs(idList)
        for anchor in ownAnchors where Self.isBroken(anchor: anchor.url, known: known, stored: { ids }) { links.append(anchor) }
    }

    /// The distinct URLs of `PageLinks(html:siteURL:).links`, in the order they first appear:
    /// the scan of every page a full build writes, which only needs them (a page with a broken
    /// link is scanned again in full for its diagnostics). On bytes, with no `String` per id or
    /// link: the pages a build renders are Swift strings, valid UTF-8, so a value's bytes are its
    /// text. A value the bytes cannot settle (an entity, a percent-encoded or missing anchor, a
    /// mark that would join the `#` or `//` before it) goes the way of the full scan.
    static func distinctURLs(html: some ContiguousBytes, siteURL: String) -> StringTable {
        var urls = StringTable(capacity: 100)
        // A page has about a hundred ids and fifty anchors of its own: room for them up front,
        // not a dozen regrowths of each list.
        var idRanges: [Range<Int>] = []
        idRanges.reserveCapacity(128)
        var anchors: [Range<Int>] = []
        anchors.reserveCapacity(64)
        var siteURL = siteURL
        siteURL.withUTF8 { site in
            html.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                for attribute in AttributeScan(bytes) {
                    let range = attribute.value
                    let value = UnsafeBufferPointer(rebasing: bytes[range])
                    if attribute.isID {
                        idRanges.append(range)
                    } else if value.first == UInt8(ascii: "#") {
                        anchors.append(range)
                    } else if !value.contains(UInt8(ascii: "&")), let leaves = LinkChecker.leavesTheSite(bytes: value, siteURL: site) {
                        if !leaves { _ = urls.number(value) }
                    } else {
                        var text = unescape(value)
                        if !LinkChecker.leavesTheSite(text[...], siteURL: String(decoding: site, as: UTF8.self)) { _ = urls.number(&text) }
                    }
                }
                guard !anchors.isEmpty else { return }
                // The page's ids by their bytes, for its own anchors (an id with an entity unescaped);
                // the `String`s only for an anchor the bytes do not find.
                let foundIDs = idRanges  // the lazy list below captures this copy: `idRanges` stays a plain local
                // By their ranges of the page's bytes: no copy of an id (a copy cost ~340 instructions
                // for each of a page's ~100 ids).
                var plainIDs = ByteKeyTable(BorrowedRanges(of: bytes, capacity: foundIDs.count), capacity: foundIDs.count)
                var escapedIDs = StringTable()
                for range in foundIDs {
                    let value = UnsafeBufferPointer(rebasing: bytes[range])
                    if value.contains(10) { continue }  // as `knownIDs`
                    if value.contains(UInt8(ascii: "&")) {
                        var text = unescape(value)
                        _ = escapedIDs.number(&text)
                    } else {
                        _ = plainIDs.number(value)
                    }
                }
                lazy var idList = foundIDs.map { unescape(UnsafeBufferPointer(rebasing: bytes[$0])) }
                lazy var known = knownIDs(idList)
                for range in anchors {
                    let value = UnsafeBufferPointer(rebasing: bytes[range])
                    if value.count == 1 { continue }  // `#`: no id to find
                    let id = UnsafeBufferPointer(rebasing: value.dropFirst())
                    if startsACharacterAfterHash(id), !id.contains(UInt8(ascii: "%")), !id.contains(UInt8(ascii: "&")),
                        plainIDs.find(id) != nil || escapedIDs.find(id) != nil
                    {
                        continue
                    }
                    var text = unescape(value)
                    if isBroken(anchor: text, known: known, stored: { PageIDs(idList) }) { _ = urls.number(&text) }
                }
            }
        }
        return urls
    }

    /// The ids an own anchor is looked up in: those without a newline (`PageIDs` answers for the others).
    private static func knownIDs(_ ids: [String]) -> Set<String> {
        Set(ids.lazy.filter { !$0.utf8Contains(10) })
    }

    /// Whether an anchor of the page itself (`#…`, unescaped) names no id of it. `stored` gives
    /// the page's `PageIDs`, asked for an id with a newline (percent-encoded).
    private static func isBroken(anchor: String, known: Set<String>, stored: () -> PageIDs) -> Bool {
        let id = String(anchor.dropFirst())
        let decoded = id.utf8Contains(UInt8(ascii: "%")) ? id.removingPercentEncoding ?? id : id
        let found = decoded.utf8Contains(10) ? stored().contains(decoded) : known.contains(decoded)
        return !decoded.isEmpty && !found
    }

    /// Whether the bytes after an anchor's `#` start a `Character` of their own, so dropping the
    /// first `Character` drops just the `#`: an ASCII byte, or a letter up to U+052F outside the
    /// combining marks (U+0300–U+036F, U+0483–U+0489). Any other scalar might extend the `#`.
    static func startsACharacterAfterHash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let lead = bytes.first else { return true }
        if lead < 0x80 { return true }
        guard lead >= 0xC2, lead <= 0xD4, bytes.count >= 2 else { return false }
        let scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[1] & 0x3F)
        return scalar < 0x300 || (0x370..<0x483).contains(scalar) || (0x48A..<0x530).contains(scalar)
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        return text.replacing("&quot;", with: "\"").replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }
}

/// The pages a full build writes, collected from every thread: every file's path and, per
/// page, the distinct URLs its links hold, as numbers into one table of URLs. A page's ids
/// and its links' places are not kept (issue 18: memory must not grow with the pages): the
/// check reads them back from the staged file, for the rare page a link points into with an
/// `#anchor` and for a page with a broken link.
final class PageCollector: Sendable {
    private let store = Mutex(CollectedPages())
    /// Files published as the writer made them: their links are not ours to check.
    private let published: Set<String>
    private let siteURL: String

    init(published: Set<String> = [], siteURL: String = "") {
        self.published = published
        self.siteURL = siteURL
    }

    /// Whether the file at `path` is a page whose links and ids are checked.
    func isPage(_ path: String) -> Bool { path.hasSuffix(".html") && !published.contains(path) }

    func add(_ path: String, _ data: Data) {
        guard isPage(path) else { return name(path) }
        record(path, distinct: PageLinks.distinctURLs(html: data, siteURL: siteURL))
    }

    /// A page whose links were scanned in full already (`check` keeps them): its entry is made
    /// from them, with no second scan of the page.
    func add(_ path: String, links page: PageLinks) {
        var distinct = StringTable(capacity: page.links.count)
        for link in page.links {
            var url = link.url
            _ = distinct.number(&url)
        }
        record(path, distinct: distinct)
    }

    private func record(_ path: String, distinct: StringTable) {
        store.withLock { store in
            store.pages.append(store.files.number(path))
            for number in 0..<UInt32(distinct.count) {
                store.links.append(distinct.withBytes(of: number) { store.urls.number($0) })
            }
            store.ends.append(UInt32(store.links.count))
        }
    }

    /// A file that exists but is no page, unless it was added as one.
    func name(_ path: String) {
        store.withLock { _ = $0.files.number(path) }
    }

    var collected: CollectedPages { store.withLock { $0 } }
}

/// What `PageCollector` keeps: page `n` is the file `files[pages[n]]`, its distinct URLs
/// `urls[links[ends[n - 1]..<ends[n]]]`. Paths and URLs are bytes in two tables, not a
/// `String` each (a site of 20,000 pages has some 50,000 files and more URLs).
struct CollectedPages: Sendable {
    var files = StringTable()
    var pages: [UInt32] = []
    var ends: [UInt32] = []
    var links: [UInt32] = []
    var urls = StringTable()

    /// The output path of page `n`.
    func path(of page: Int) -> String { files[pages[page]] }

    /// The numbers in `urls` of page `n`'s distinct URLs.
    func linkNumbers(of page: Int) -> ArraySlice<UInt32> {
        links[(page > 0 ? Int(ends[page - 1]) : 0)..<Int(ends[page])]
    }

    /// The pages in the order of their paths' bytes.
    var pagesByPath: [Int] {
        pages.indices.sorted { files.precedes(pages[$0], pages[$1]) }
    }
}

/// Strings numbered in the order they were added, kept as one buffer of UTF-8 bytes.
typealias StringTable = ByteKeyTable<OwnedBytes>

extension ByteKeyTable where Storage == OwnedBytes {
    init() { self.init(OwnedBytes()) }

    /// A table with room for `count` strings before it grows.
    init(capacity count: Int) {
        var keys = OwnedBytes()
        keys.reserveCapacity(count)
        self.init(keys, capacity: count)
    }

    /// The number of `text`, which is added if it is not there yet.
    mutating func number(_ text: String) -> UInt32 {
        var text = text
        return number(&text)
    }

    /// `number(_:)` of a string the caller owns (no copy to take its bytes).
    mutating func number(_ text: inout String) -> UInt32 {
        text.withUTF8 { number($0) }
    }

    /// The number of `text`, nil when it was never added.
    func find(_ text: String) -> UInt32? {
        text.withUTF8Bytes { find($0) }
    }

    func contains(_ text: String) -> Bool { find(text) != nil }

    subscript(number: UInt32) -> String {
        withBytes(of: number) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether string `a` comes before string `b`, byte by byte.
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool { keys.precedes(a, b) }
}

/// Verifies every internal link and `#anchor` of the site, like htmltest or
/// Starlight's link validator: a link must lead to a page or file the build
/// writes, and its fragment to an id on that page. A link to an article that
/// has no version in the page's language names the languages that have one.
/// Markdown links are reported where they are written; links the templates
/// generate, at their place in the generated page.
struct LinkChecker {
    let config: SiteConfig
    /// `config.basePath`, made once: every link that starts with `/` is checked against it.
    let basePath: String
    /// slug → languages that have the article.
    var languagesBySlug: [String: Set<String>]
    /// Pages of drafts this build leaves out.
    var draftPages: Set<String> = []
    /// Pages of articles whose file is there but could not be read (`check`): their own errors
    /// are reported, and a link to them is not called broken as well.
    var unreadablePages: Set<String> = []
    /// Where the templates write a link (`TemplateSet.placesWriting`): a broken link a template
    /// adds is reported on its page, with these places as notes.
    var templatePlaces: @Sendable (String) -> [SourceLocation] = { _ in [] }

    init(config: SiteConfig, languagesBySlug: [String: Set<String>], draftPages: Set<String> = []) {
        self.config = config
        basePath = config.basePath
        self.languagesBySlug = languagesBySlug
        self.draftPages = draftPages
    }

    /// Checks the links of every page a full build collected (on every core, a share of the
    /// pages each). `read` gives a written page's bytes back: its ids when a link points into it
    /// with an `#anchor`, and its links with their places when one of them is broken, so the
    /// report is the one the whole page's links would give.
    func check(collected: CollectedPages, markdownLinks: [String: [MarkdownLink]], read: @Sendable (String) -> [UInt8]?) -> [Diagnostic] {
        let siteURL = config.baseURL
        return check(collected: collected, markdownLinks: markdownLinks) { path in read(path).map { PageLinks(html: $0, siteURL: siteURL) } }
    }

    /// `check(collected:markdownLinks:read:)` with each page's ids and links as `pageLinks` gives them.
    func check(collected: CollectedPages, markdownLinks: [String: [MarkdownLink]], pageLinks: @Sendable (String) -> PageLinks?) -> [Diagnostic] {
        let order = collected.pagesByPath
        // Which files are pages (with links and ids), by file number.
        var isPage = [Bool](repeating: false, count: collected.files.count)
        for file in collected.pages { isPage[Int(file)] = true }
        let pageFiles = isPage
        let exists: @Sendable (String) -> Bool = { collected.files.contains($0) }
        let shares = max(1, min(order.count, ProcessInfo.processInfo.activeProcessorCount * 4))
        let byShare = Parallel.map(shares) { share in
            var known: [String: PageIDs?] = [:]
            func ids(_ path: String) -> PageIDs? {
                guard let file = collected.files.find(path), pageFiles[Int(file)] else { return nil }
                if let found = known[path] { return found }
                let found = pageLinks(path)?.ids
                known[path] = found
                return found
            }
            var problems = LinkProblems()
            for position in stride(from: share, to: order.count, by: shares) {
                let page = order[position]
                let path = collected.path(of: page)
                let dir = path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : ""
                // A 404 page is served at any depth; its links start at the base path, not at its folder.
                let from = SiteFiles.isNotFoundPage(path) ? "" : dir
                var folder = from
                let broken = folder.withUTF8 { fromBytes in
                    collected.linkNumbers(of: page).contains { url in
                        !collected.urls.withBytes(of: url) { leadsToAFile($0, from: fromBytes, files: collected.files) }
                            && problem(with: collected.urls[url], from: from, exists: exists, ids: ids) != nil
                    }
                }
                guard broken else { continue }
                guard let links = pageLinks(path) else {
                    problems.others.append(.error(at: .whole(path), "cannot read the page back to report its broken links"))
                    continue
                }
                problems += check(pages: [path: links], exists: exists, markdownLinks: markdownLinks, unrendered: [], ids: ids)
            }
            return problems
        }
        // The build sorts every diagnostic by place.
        return LinkProblems(others: byShare.flatMap(\.others), ofTemplates: byShare.flatMap(\.ofTemplates)).merged
    }

    /// Whether `url`, on a page in the folder `from`, plainly leads to one of `files`: a relative
    /// path of ASCII, with no query, fragment, percent-encoding, scheme or dot segment past its
    /// `../` climbs, from an ASCII folder, that resolves to a file there. Then `problem(with:)`
    /// finds nothing wrong; for any other URL it is asked (on bytes: every link of every page
    /// passes here).
    func leadsToAFile(_ url: UnsafeBufferPointer<UInt8>, from: UnsafeBufferPointer<UInt8>, files: StringTable) -> Bool {
        guard !config.baseURL.isEmpty, url.first != UInt8(ascii: "/"),
            url.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: ":") }),
            from.allSatisfy({ $0 < 0x80 }),
            case .resolved(let kept, let restStart) = SiteLinks.climb(url, from: from)
        else { return false }
        let folder = UnsafeBufferPointer(rebasing: from[..<kept])
        let rest = UnsafeBufferPointer(rebasing: url[restStart...])
        let index: StaticString = "index.html"
        // The resolved path is put together on the stack: an array's `append(contentsOf:)` of
        // slices cost some 260 instructions a link.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: kept + 1 + rest.count + index.utf8CodeUnitCount) { file in
            var count = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                guard let source = bytes.baseAddress, let target = file.baseAddress else { return }
                (target + count).initialize(from: source, count: bytes.count)
                count += bytes.count
            }
            put(folder)
            if kept > 0 {
                file[count] = UInt8(ascii: "/")
                count += 1
            }
            put(rest)
            if count == 0 || file[count - 1] == UInt8(ascii: "/") { index.withUTF8Buffer(put) }
            return files.find(UnsafeBufferPointer(rebasing: file[..<count])) != nil
        }
    }

    /// Checks the links of every page in `pages`; `ids` gives the ids of any page of the site.
    /// `unrendered`: pages read back from the output, whose Markdown this build did not parse.
    func check(
        pages: [String: PageLinks], only paths: [String]? = nil, exists: (String) -> Bool, markdownLinks: [String: [MarkdownLink]],
        unrendered: Set<String> = [], ids: (String) -> PageIDs?
    ) -> LinkProblems {
        var problems = LinkProblems()
        for path in paths ?? pages.keys.sorted() {
            guard let page = pages[path] else { continue }
            let dir = path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : ""
            // A 404 page is served at any depth; its links start at the base path, not at its folder.
            let from = SiteFiles.isNotFoundPage(path) ? "" : dir
            // By bytes: `String` equality takes a link with its accents apart (NFD) for its precomposed twin.
            var reported = Set<[UInt8]>()
            for link in page.links {
                guard let problem = problem(with: link.url, from: from, exists: exists, ids: ids),
                    reported.insert(Array(link.url.utf8)).inserted
                else { continue }
                let written = markdownLinks[path]?.filter { $0.href.utf8.elementsEqual(link.url.utf8) } ?? []
                if written.isEmpty && unrendered.contains(path) {
                    problems.others.append(.error(
                        at: SourceLocation(file: path, line: Int(link.line), column: Int(link.column)),
                        "a link on this page to '\(link.url)' broke: \(problem.message)",
                        notes: ["this build did not render the page again; build with --force to see the link where it is written"],
                        suggestion: problem.suggestion))
                } else if written.isEmpty {
                    let onPage = SourceLocation(file: path, line: Int(link.line), column: Int(link.column))
                    let places = templatePlaces(link.url)
                    // Where the templates write it, when that is one place (a template's mistake is
                    // fixed there, and a GitHub annotation lands on a file of the repository).
                    if places.count == 1, let place = places.first {
                        problems.ofTemplates.append(TemplateLinkProblem(
                            problem: .error(at: place, "broken link in the templates: \(problem.message)", suggestion: problem.suggestion),
                            page: Self.onPage(onPage, as: link.url)))
                    } else {
                        problems.others.append(.error(
                            at: onPage, "the templates link to '\(link.url)': \(problem.message)", notes: places.map { "written in \($0.file):\($0.line):\($0.column)" },
                            suggestion: problem.suggestion))
                    }
                } else {
                    for markdown in written where !markdown.reportedWhenRead {
                        problems.others.append(Self.brokenLink(markdown, problem))
                    }
                }
            }
        }
        return problems
    }

    /// The note that names the page of a link reported where the templates write it.
    static func onPage(_ place: SourceLocation, as url: String) -> String { "on \(place.file):\(place.line):\(place.column) as '\(url)'" }

    /// A broken link reported where the writer put it in the Markdown.
    static func brokenLink(_ link: MarkdownLink, _ problem: (message: String, suggestion: String?)) -> Diagnostic {
        .error(at: link.location, "broken link '\(link.url)': \(problem.message)", suggestion: problem.suggestion)
    }

    /// What is wrong with `url` on a page in `from`, or nil if it is fine or not ours to check.
    /// `exists` tells whether the build writes a file at an output path.
    func problem(with url: String, from: String, exists: (String) -> Bool, ids: (String) -> PageIDs?) -> (message: String, suggestion: String?)? {
        if let rest = Self.afterSiteURL(url, siteURL: config.baseURL) {
            return problem(withPath: rest, base: "", exists: exists, ids: ids)
        }
        let rest = url[...]
        // Other schemes (https:, mailto:…) and other hosts are not this site's.
        if rest.hasPrefix("//") || Self.hasScheme(rest) { return nil }
        if rest.hasPrefix("/") {
            guard rest.hasPrefix(basePath) else {
                return ("it is outside the site, which lives under \(basePath)", nil)
            }
            return problem(withPath: rest.dropFirst(basePath.count), base: "", exists: exists, ids: ids)
        }
        return problem(withPath: rest, base: from, exists: exists, ids: ids)
    }

    /// `url` after `siteURL`, nil when its UTF-8 does not start with `siteURL`'s. The cut is where
    /// `dropFirst(siteURL.count)` puts it (after `siteURL`'s Characters): by bytes when `siteURL`
    /// ends in an ASCII scalar other than CR and the URL goes on with an ASCII byte or ends, so
    /// no Character spans the cut (the generic `starts(with:)` and the Character count cost some
    /// 6,000 instructions a link).
    static func afterSiteURL(_ url: String, siteURL: String) -> Substring? {
        // The UTF-8 length of the cut, -1 when the URL does not start with `siteURL`; nil when the bytes cannot tell.
        let cut: Int?? = url.utf8.withContiguousStorageIfAvailable { urlBytes in
            siteURL.utf8.withContiguousStorageIfAvailable { siteBytes -> Int? in
                guard !siteBytes.isEmpty else { return 0 }
                guard urlBytes.count >= siteBytes.count, let urlBase = urlBytes.baseAddress, let siteBase = siteBytes.baseAddress,
                    memcmp(urlBase, siteBase, siteBytes.count) == 0
                else { return -1 }
                let last = siteBytes[siteBytes.count - 1]
                let next = siteBytes.count < urlBytes.count ? urlBytes[siteBytes.count] : 0
                return last < 0x80 && last != 13 && next < 0x80 ? siteBytes.count : nil
            } ?? nil
        }
        guard case .some(.some(let length)) = cut else {
            return url.utf8.starts(with: siteURL.utf8) ? url[...].dropFirst(siteURL.count) : nil
        }
        return length < 0 ? nil : url[url.utf8.index(url.utf8.startIndex, offsetBy: length)...]
    }

    /// Whether `url` leads to another site (a scheme or `//`, and not under `siteURL`): not ours to check.
    static func leavesTheSite(_ url: Substring, siteURL: String) -> Bool {
        if !siteURL.isEmpty && url.utf8.starts(with: siteURL.utf8) { return false }
        return url.hasPrefix("//") || hasScheme(url)
    }

    /// `leavesTheSite` of a URL's UTF-8 with `siteURL`'s; nil when the bytes cannot tell: a
    /// `//` followed by a non-ASCII scalar, which might join the second `/` into one `Character`.
    /// (Prefixes compared by memcmp and by two bytes: the generic `starts(with:)` cost some 90
    /// instructions a link.)
    static func leavesTheSite(bytes url: UnsafeBufferPointer<UInt8>, siteURL: UnsafeBufferPointer<UInt8>) -> Bool? {
        if !siteURL.isEmpty, let siteBase = siteURL.baseAddress, let urlBase = url.baseAddress, url.count >= siteURL.count,
            memcmp(urlBase, siteBase, siteURL.count) == 0
        {
            return false
        }
        if url.count >= 2 && url[0] == UInt8(ascii: "/") && url[1] == UInt8(ascii: "/") {
            guard url.count == 2 || url[2] < 0x80 else { return nil }
            return true
        }
        return hasScheme(url)
    }

    /// A `:` before any `/`, `?` or `#`: `https:`, `mailto:`… (bytes: every link of every page passes here).
    static func hasScheme(_ url: Substring) -> Bool {
        hasScheme(url.utf8)
    }

    static func hasScheme(_ url: some Sequence<UInt8>) -> Bool {
        for byte in url {
            switch byte {
            case UInt8(ascii: ":"): return true
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return false
            default: continue
            }
        }
        return false
    }

    private func problem(
        withPath url: Substring, base: String, exists: (String) -> Bool, ids: (String) -> PageIDs?
    ) -> (message: String, suggestion: String?)? {
        var pathPart = url
        var fragment: String?
        if let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(url[url.index(after: hash)...])
            pathPart = url[..<hash]
        }
        if let query = pathPart.utf8.firstIndex(of: UInt8(ascii: "?")) { pathPart = pathPart[..<query] }
        let decoded = pathPart.utf8Contains(UInt8(ascii: "%")) ? String(pathPart).removingPercentEncoding ?? String(pathPart) : String(pathPart)
        guard let target = SiteLinks.resolve(decoded, from: base) else {
            return ("it leads above the site's root", nil)
        }
        var file = target.isEmpty || target.hasSuffix("/") ? target + "index.html" : target
        if !exists(file), exists(file + "/index.html") { file += "/index.html" }
        guard exists(file) else {
            if unreadablePages.contains(file) { return nil }
            return (missingMessage(file), fallbackSuggestion(file, from: base) ?? nearestArticle(to: file, from: base, asFolder: decoded.hasSuffix("/")))
        }
        guard let fragment, !fragment.isEmpty, let pageIDs = ids(file) else { return nil }
        let id = fragment.utf8Contains(UInt8(ascii: "%")) ? fragment.removingPercentEncoding ?? fragment : fragment
        guard !pageIDs.contains(id) else { return nil }
        let precomposed = id.precomposedStringWithCanonicalMapping
        if !precomposed.utf8.elementsEqual(id.utf8), pageIDs.contains(precomposed) {
            return (
                "\(file) has no anchor '#\(id)' as its bytes spell it: the link's accents are apart (Unicode NFD), the id's are precomposed (NFC), and browsers compare them code point by code point",
                "#" + (precomposed.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? precomposed))
        }
        let nearest = Names.suggestion(for: id, among: pageIDs.all.sorted())
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

    /// For a mistyped article (`../actve/`), the link to the article of that language whose
    /// slug is closest, when one is close enough to be the one meant; written as the folder
    /// (`../active/`) when the link was.
    private func nearestArticle(to file: String, from base: String, asFolder: Bool) -> String? {
        let parts = file.split(separator: "/")
        guard parts.count == 3, parts[2] == "index.html" else { return nil }
        let lang = String(parts[0])
        let slugs = languagesBySlug.filter { $0.value.contains(lang) }.keys.sorted()
        guard let slug = Names.suggestion(for: String(parts[1]), among: slugs) else { return nil }
        let link = SiteLinks.link(from: base, to: SiteLinks.articleDir(lang, slug))
        return asFolder && link.hasSuffix("/index.html") ? String(link.dropLast("index.html".count)) : link
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

    /// The check of an incremental build, which renders a few pages: their links are checked,
    /// with the other pages' ids read from the output only when a link points there. The links
    /// of the pages it did not render can only break when a page is deleted or loses an id;
    /// then every page of the output is read and checked too.
    func checkUpdate(
        of output: URL, written: [(path: String, data: Data)], deleted: [String], published: Set<String>,
        markdownLinks: [String: [MarkdownLink]]
    ) -> [Diagnostic] {
        var fresh: [String: PageLinks] = [:]
        for (path, data) in written where path.hasSuffix(".html") && !published.contains(path) {
            fresh[path] = PageLinks(html: data, siteURL: config.baseURL)
        }
        var onDisk: [String: PageLinks?] = [:]
        func stored(_ path: String) -> PageLinks? {
            if let known = onDisk[path] { return known }
            let links = (try? Files.read(output.appending(path: path).path)).map { PageLinks(html: $0, siteURL: config.baseURL) }
            onDisk[path] = links
            return links
        }
        let writing = Set(written.map(\.path))
        let gone = Set(deleted)
        let lostAnID = fresh.contains { path, links in stored(path).map { !Set($0.ids.all).isSubset(of: links.ids.all) } ?? false }
        var pages = fresh
        var unrendered = Set<String>()
        var exists: (String) -> Bool = { path in
            // A regular file in the output (not a folder), unless this build deletes it.
            var info = stat()
            return writing.contains(path) || (!gone.contains(path) && lstat(output.path + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        }
        if lostAnID || !deleted.isEmpty {
            let files = FileTree.files(under: output.path).union(writing).subtracting(gone)
            for path in files where path.hasSuffix(".html") && fresh[path] == nil && !published.contains(path) {
                pages[path] = stored(path)
                unrendered.insert(path)
            }
            exists = { files.contains($0) }
        }
        return check(pages: pages, exists: exists, markdownLinks: markdownLinks, unrendered: unrendered) { fresh[$0]?.ids ?? stored($0)?.ids }.merged
    }
}

/// A broken link the templates write at one place, found on one page: reported at that place.
struct TemplateLinkProblem {
    /// The problem at the template's place, without notes.
    var problem: Diagnostic
    /// The note naming the page and the link as the page has it.
    var page: String
}

/// What `LinkChecker.check(pages:)` found: the templates' broken links apart, so that the same
/// one on many pages (a footer's, on every page) becomes one problem.
struct LinkProblems {
    var others: [Diagnostic] = []
    var ofTemplates: [TemplateLinkProblem] = []

    /// How many pages a merged problem names.
    static let shownPages = 3

    static func += (problems: inout LinkProblems, more: LinkProblems) {
        problems.others += more.others
        problems.ofTemplates += more.ofTemplates
    }

    /// Every problem, each broken link of the templates once at its place, its pages named in
    /// notes (the first few, sorted).
    var merged: [Diagnostic] {
        var merged: [Diagnostic] = []
        var pages: [Diagnostic: [String]] = [:]
        for found in ofTemplates {
            if pages[found.problem] == nil { merged.append(found.problem) }
            pages[found.problem, default: []].append(found.page)
        }
        for position in merged.indices {
            let sorted = (pages[merged[position]] ?? []).sorted()
            merged[position].notes = Array(sorted.prefix(Self.shownPages))
            if sorted.count > Self.shownPages { merged[position].notes.append("and on " + Plural.counted(sorted.count - Self.shownPages, "more page")) }
        }
        return others + merged
    }
}
