import Diagnostics
import Encoding
import FileIO
import Foundation
import Search
import SiteContent
import SiteRender
import Translations

/// What the last successful build knew, kept beside the output as
/// `.public.cache` so the next build redoes only what an edit touched.
///
/// Pages of an article depend on the article's translation group (the files
/// that share its slug) and on site-wide inputs (templates, UI strings,
/// site.yml, the tool and its model). The cache records the site-wide inputs
/// as one key and, per group, each file's stamp plus what other pages need
/// from it (titles, descriptions, the translation-status row), so an edit
/// re-renders its group and the site-wide pages and nothing else. Builds are
/// deterministic, so the result is what a clean build would write
/// (IncrementalBuildTests compares every byte).
struct BuildCache {
    /// Bumped when the layout changes; an older cache is ignored.
    static let format = 10

    /// The first line of the file: enough to answer "nothing changed" without reading the groups.
    struct Header: Codable {
        var format = BuildCache.format
        /// Stamps of every input file: when nothing changed at all, nothing is done.
        var inputs: String
        /// Stamps of the site-wide inputs: when they change, every page is rebuilt.
        var siteKey: String
        var outputInode: UInt64 = 0
        var outputModified: Int64 = 0
        var articlesPerLanguage: [[String]]
        var files: Int
        var examples: Int
        var chains: Int
        /// Set when the last build had no warnings, so an unchanged site may be skipped outright.
        var clean: Bool
        /// The copy of the site before the last build, kept for the next incremental one
        /// (`IncrementalOutput`): its inode, and the paths the last build changed since.
        var previousInode: UInt64?
        var previousChanges: [String]?
        /// The assets the build made, source name → published path (`SiteInputs.GeneratedAssets`).
        var generatedAssets: [String: String]?

        var previous: IncrementalOutput.Previous? {
            guard let previousInode, let previousChanges else { return nil }
            return IncrementalOutput.Previous(changes: previousChanges, inode: previousInode)
        }
    }

    var header: Header
    /// Translation groups by slug.
    var groups: [String: Group]
    /// lang → what the next build needs to update the language's search index: the states this
    /// build made. Those of a loaded cache stay encoded in `searchBytes` until asked for (`searchState`).
    var search: [String: SearchIndexState] = [:]
    /// The lines of each group and of each language's search state as the cache file held
    /// them (slices of its bytes): saving copies those of what did not change instead of
    /// encoding 2,000 groups again. Set by `load`; `save` uses what the builder keeps of them.
    var groupBytes: [String: ArraySlice<UInt8>] = [:]
    var searchBytes: [String: ArraySlice<UInt8>] = [:]
    /// lang → the slugs of its published articles in reading order, as the build's pages show
    /// them: ordering 2,000 titles by the language's rules costs more than rendering a group.
    var order: [String: [String]] = [:]
    /// The UI strings the build loaded, lang → key → string: site-wide inputs, so the next build
    /// with the same site key takes them instead of parsing the YAML again.
    var strings: [String: [String: String]] = [:]
    /// The `S` lines as the cache file held them: saved as they are when the build took its strings from this cache.
    var stringBytes: ArraySlice<UInt8>?

    /// The reading order the cached build's pages show, from `order` and the groups' titles and
    /// weights; nil if they do not match (every published article once).
    var navigation: SiteNavigation? {
        var entries: [String: [SiteNavigation.Entry]] = [:]
        var count = 0
        for (lang, slugs) in order {
            var list: [SiteNavigation.Entry] = []
            list.reserveCapacity(slugs.count)
            for slug in slugs {
                guard let article = groups[slug]?.articles.first(where: { $0.lang == lang && !$0.draft }) else { return nil }
                list.append(SiteNavigation.Entry(slug: slug, title: article.title, weight: article.weight))
            }
            count += list.count
            entries[lang] = list
        }
        let published = groups.values.reduce(0) { $0 + $1.articles.count { !$0.draft } }
        return count == published ? SiteNavigation(ordered: entries) : nil
    }

    /// One translation group: every article sharing a slug.
    struct Group {
        var articles: [CachedArticle]
        var row: TranslationMatrix.Row
        /// Warnings of these articles and of their translation analysis, shown again on every build.
        var diagnostics: [Diagnostic]
    }

    /// What pages outside its group need from an article.
    struct CachedArticle {
        var lang: String
        var slug: String
        var displayPath: String
        var stamp: FileStamp
        var title: String
        var description: String
        var examples: Int
        /// Verified arrow chains.
        var chains: Int
        /// A draft left out of the site: verified, cached for its stamp, but no page.
        var draft = false
        /// The front matter `weight`: the sidebar's and the homes' order.
        var weight: Int? = nil
        /// The front matter `layout`: the tutorials homes list the tutorials, with their numbers of
        /// steps and exercises.
        var layout: ArticleLayout = .article
        var tutorialSteps = 0
        var exercises = 0
        /// "iOS", "Android": what the homes show beside its title.
        var platforms: [String] = []

        /// What pages other than its own show of it (`Article.listing`), as the cache keeps it.
        var listed: Article {
            Article.listing(lang: lang, slug: slug, displayPath: displayPath, title: title, description: description,
                            weight: weight, layout: layout, tutorialSteps: tutorialSteps, exercises: exercises, platforms: platforms)
        }

        /// What the tutorials homes show of it besides its listing.
        var tutorialEntry: [Int] { layout == .tutorial ? [tutorialSteps, exercises] : [] }

        /// What the language homes and the sitemap show of it (nothing, as a draft).
        var listing: [String] {
            draft ? [lang, slug, "draft"] : [lang, slug, title, description, weight.map(String.init) ?? "", platforms.joined(separator: ",")]
        }
    }

    /// Where the cache of `output` lives: `.public.cache` beside `public`.
    static func location(of output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).cache")
    }

    /// The header of the cache of `output`, if it belongs to the output folder as it is now, and
    /// its line as read. Only the start of the file is read: a build with nothing to do needs no more.
    static func loadHeader(for output: URL) -> (header: Header, line: ArraySlice<UInt8>)? {
        let path = location(of: output).path
        let prefix = 1 << 16
        guard var bytes = try? Files.readPrefix(path, count: prefix) else { return nil }
        // A header longer than the prefix (a long list of changed files): read it all.
        if bytes.count == prefix, !bytes.contains(10) {
            guard let all = try? Files.read(path) else { return nil }
            bytes = all
        }
        guard let newline = bytes.firstIndex(of: 10),
            let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])), header.format == format,
            let identity = outputIdentity(output), identity.inode == header.outputInode, identity.modified == header.outputModified
        else { return nil }
        return (header, bytes[...newline])
    }

    /// The whole cache, from a header already read (`loadHeader`); nil if the file is no longer
    /// the one that header came from (another build replaced it since), or once `isCancelled`.
    static func load(_ header: Header, line: ArraySlice<UInt8>, for output: URL, until isCancelled: () -> Bool = { false }) -> BuildCache? {
        guard !isCancelled(), let bytes = try? Files.read(location(of: output).path), bytes.starts(with: line) else { return nil }
        return load(header, groups: bytes[line.count...], until: isCancelled)
    }

    static func load(_ header: Header, groups: ArraySlice<UInt8>, until isCancelled: () -> Bool = { false }) -> BuildCache? {
        GroupLines.decode(groups, until: isCancelled).map {
            BuildCache(
                header: header, groups: $0.groups, groupBytes: $0.groupBytes, searchBytes: $0.searchBytes, order: $0.order,
                strings: $0.strings, stringBytes: $0.stringBytes)
        }
    }

    /// A language's search index state: as this build made it, else decoded from the cache's
    /// bytes; nil if there is none or it is damaged.
    func searchState(_ lang: String) -> SearchIndexState? {
        search[lang] ?? searchBytes[lang].flatMap(SearchIndexState.init(encoded:))
    }

    /// Saves the cache, stamped with the output folder's identity as it is now.
    /// Nil when saved, else why not: the next build is then a full one.
    mutating func save(for output: URL) -> String? {
        guard let identity = Self.outputIdentity(output) else { return "the output folder is not there" }
        header.outputInode = identity.inode
        header.outputModified = identity.modified
        guard let head = try? JSONEncoder().encode(header) else { return "its header could not be encoded" }
        let file = GroupLines.encode(
            groups, search: search, reusing: groupBytes, searchBytes, order: order, strings: strings, stringBytes: stringBytes,
            after: head + Data([10]))
        // Atomic: a build killed while saving leaves the old cache or the new, never half of one.
        do throws(FileError) {
            try Files.write(file, to: Self.location(of: output).path, mode: .atomic)
            return nil
        } catch {
            return error.reason
        }
    }

    /// Removes the cache file; never a folder of that name (the tool deletes only what it wrote).
    static func remove(for output: URL) {
        unlink(location(of: output).path)
    }

    /// The output folder's inode and modification time: replacing or deleting it invalidates the cache.
    static func outputIdentity(_ output: URL) -> (inode: UInt64, modified: Int64)? {
        var info = stat()
        guard stat(output.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return (UInt64(info.st_ino), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Two fingerprints of path, size and modification time: `inputs` of every file under the
    /// content and templates folders, `siteKey` of the site-wide ones (templates, UI strings,
    /// assets, site.yml); both include the tool itself, and with it the model, and the base URL
    /// override, which is in every page (canonical, hreflang): a new one rebuilds them all.
    /// `articles` holds the stamp of each `.md` file in a language folder (`es/intro.md`): the
    /// build plan compares those instead of stating every article again.
    static func stamps(_ options: BuildOptions) -> (inputs: String, siteKey: String, articles: ArticleStamps) {
        // The tool is stamped as it is: `make site` runs it the moment it is linked, and it is never
        // rewritten at the same size within a tick.
        let tool = "tool \(FileStamp(path: executablePath, detectRacy: false)?.text ?? "-")\n"
        var templates: [UInt8] = []
        StampWalk.run(options.templatesDir, into: &templates)
        let siteFile = URL(filePath: options.contentDir).appending(path: "site.yml").path
        // Every page's links depend on which articles exist and on the published files
        // (a `.md` link, an image's size): adding or removing an article, or changing a file, is a full build.
        var sharedByPages: [UInt8] = []
        var articles = ArticleStamps()
        var content: [UInt8] = []
        StampWalk.run(options.contentDir, into: &content) { path, stamp, line in
            if path.suffix(3).elementsEqual(".md".utf8) {
                sharedByPages += path
                sharedByPages.append(10)
                if let stamp { articles.insert(path: path, stamp) }
            } else if ContentLoader.isPublishedFile(String(decoding: path, as: UTF8.self)) {
                sharedByPages += line
            }
        }
        let baseURL = "base-url \(options.baseURL ?? "-")\n"
        var site = Array(("format \(format)\n" + tool + baseURL + "drafts \(options.drafts)\n").utf8)
        site += templates
        site += Array("site.yml \(FileStamp(path: siteFile)?.text ?? "-")\ncontent\n".utf8)
        site += sharedByPages
        let siteText = String(decoding: site, as: UTF8.self)
        site += content
        return (fingerprint(String(decoding: site, as: UTF8.self)), fingerprint(siteText), articles)
    }

    private static func fingerprint(_ text: String) -> String { Fingerprint.of(text) + String(text.utf8.count, radix: 16) }

    /// The running executable (argv[0] may be a bare name found on PATH).
    private static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
    }
}

/// Size and modification time of a file: a changed stamp means a changed file.
struct FileStamp: Equatable, Sendable {
    var size: Int64
    var modified: Int64

    init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    init?(path: String, detectRacy: Bool = true) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info, now: detectRacy ? Self.now() : nil)
    }

    /// The stamp of a file's `stat`; racy if modified less than 50 ms before `now` (nil: never racy).
    init(_ info: stat, now: Int64?) {
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        // File times tick coarsely: a file written just before it was read could be written
        // again, at the same size, with the same time. Such a racy stamp matches nothing.
        if let now, modified >= now - 50_000_000 { modified = -1 }
    }

    /// The coarse clock file times tick with, in nanoseconds.
    static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    var isRacy: Bool { modified < 0 }

    /// The stamp as text for fingerprints; a racy one differs every time, so nothing built on it matches.
    var text: String { isRacy ? "racy \(UInt64.random(in: 0...UInt64.max))" : "\(size) \(modified)" }

    /// `text`'s bytes appended to `bytes` (no String per file when stamping thousands).
    func appendText(to bytes: inout [UInt8]) {
        guard !isRacy else {
            bytes += text.utf8
            return
        }
        DecimalDigits.append(Int(size), to: &bytes)
        bytes.append(UInt8(ascii: " "))
        DecimalDigits.append(Int(modified), to: &bytes)
    }
}

/// The groups of the cache as tab-separated lines: a large site has thousands of
/// articles, and JSONDecoder alone would take half of an incremental build.
///
///     G slug title titleLang                      a translation group and its status row
///     A lang path size modified examples chains title description draft weight layout
///     C lang status staleSections from staleTitles untranslated untranslatedTitles sectionCount problems staleMeta
///     D {diagnostic as JSON}
///
/// Lists are comma-separated (titles by U+001F); tabs, newlines and backslashes are escaped.
/// After the groups, a line `N lang slug,slug,…` per language gives its reading order, and a line
/// `S lang key string` per UI string; then each language's search index state (`SearchIndexState`,
/// its own lines) follows a line `I lang byteCount`.
enum GroupLines {
    /// `reusing` holds lines read from a cache for groups that are exactly as they were read (and
    /// `searchBytes`, states): copied as they are, in their place in the order. The lines follow
    /// `head` in one buffer, sized for them at the start: grown and concatenated, the cache of
    /// 2,000 articles was copied four times and was a seventh of an edit's page faults.
    static func encode(
        _ groups: [String: BuildCache.Group], search: [String: SearchIndexState] = [:], reusing groupBytes: [String: ArraySlice<UInt8>] = [:],
        _ searchBytes: [String: ArraySlice<UInt8>] = [:], order: [String: [String]] = [:], strings: [String: [String: String]] = [:],
        stringBytes: ArraySlice<UInt8>? = nil, after head: Data = Data()
    ) -> Data {
        var data = head
        // What is copied as read, and about 2 KB for each group and state encoded afresh.
        let kept = groupBytes.values.reduce(0) { $0 + $1.count } + searchBytes.values.reduce(0) { $0 + $1.count } + (stringBytes?.count ?? 0)
        data.reserveCapacity(head.count + kept + 2048 * max(0, groups.count - groupBytes.count + search.count) + 65536)
        var out = ""
        func line(_ kind: String, _ fields: [String]) {
            out += kind
            for field in fields { out += "\t" + escape(field) }
            out += "\n"
        }
        for slug in groups.keys.sorted() {
            if let bytes = groupBytes[slug] {
                data.append(contentsOf: out.utf8)
                out = ""
                data.append(contentsOf: bytes)
                continue
            }
            guard let group = groups[slug] else { continue }
            line("G", [slug, group.row.title, group.row.titleLang])
            for article in group.articles {
                line("A", [
                    article.lang, article.displayPath, String(article.stamp.size), String(article.stamp.modified),
                    String(article.examples), String(article.chains), article.title, article.description, article.draft ? "draft" : "",
                    article.weight.map(String.init) ?? "", article.layout == .article ? "" : article.layout.rawValue,
                    String(article.tutorialSteps), String(article.exercises), article.platforms.joined(separator: ","),
                ])
            }
            for lang in group.row.cells.keys.sorted() {
                guard let cell = group.row.cells[lang] else { continue }
                let stale: [Int] = if case .stale(let sections) = cell.status { sections } else { [] }
                line("C", [
                    lang, cell.status.name, list(stale), cell.from ?? "", cell.staleTitles.joined(separator: "\u{1F}"),
                    list(cell.untranslated), cell.untranslatedTitles.joined(separator: "\u{1F}"), String(cell.sectionCount),
                    cell.problems.joined(separator: "\u{1F}"), cell.staleMeta ? "meta" : "",
                ])
            }
            for diagnostic in group.diagnostics {
                guard let json = try? JSONEncoder().encode(diagnostic) else { continue }
                line("D", [String(decoding: json, as: UTF8.self)])
            }
        }
        for lang in order.keys.sorted() {
            guard let slugs = order[lang] else { continue }
            line("N", [lang, slugs.joined(separator: ",")])
        }
        if let stringBytes {
            data.append(contentsOf: out.utf8)
            out = ""
            data.append(contentsOf: stringBytes)
        }
        for lang in strings.keys.sorted() where stringBytes == nil {
            guard let table = strings[lang] else { continue }
            for key in table.keys.sorted() {
                line("S", [lang, key, table[key] ?? ""])
            }
        }
        data.append(contentsOf: out.utf8)
        for lang in Set(search.keys).union(searchBytes.keys).sorted() {
            // A state kept as read is copied once, into the file's bytes.
            guard let bytes = search[lang].map({ $0.encoded()[...] }) ?? searchBytes[lang] else { continue }
            data.append(contentsOf: "I\t\(escape(lang))\t\(bytes.count)\n".utf8)
            data.append(contentsOf: bytes)
        }
        return data
    }

    /// The groups, or nil for anything malformed (the build then starts afresh) and once
    /// `isCancelled` (asked at each group).
    static func decode(_ bytes: ArraySlice<UInt8>, until isCancelled: () -> Bool = { false }) -> (
        groups: [String: BuildCache.Group], groupBytes: [String: ArraySlice<UInt8>],
        searchBytes: [String: ArraySlice<UInt8>], order: [String: [String]], strings: [String: [String: String]],
        stringBytes: ArraySlice<UInt8>?
    )? {
        var order: [String: [String]] = [:]
        var strings: [String: [String: String]] = [:]
        // The S lines are written together: their bytes from the first to the last.
        var stringRange: Range<Int>?
        var groups: [String: BuildCache.Group] = [:]
        var groupBytes: [String: ArraySlice<UInt8>] = [:]
        var searchBytes: [String: ArraySlice<UInt8>] = [:]
        // The group being read, stored when the next group, the orders or the search states start.
        var slug: String?
        var group: BuildCache.Group?
        var groupStart = bytes.startIndex
        func endGroup(at end: Int) {
            if let slug, let group {
                groups[slug] = group
                groupBytes[slug] = bytes[groupStart..<end]
            }
            slug = nil
            group = nil
        }
        // Each line's fields as ranges of `bytes`: only the fields kept become Strings (a cache
        // of 2,000 groups has 16,000 lines, and a String per field was most of reading it).
        var fields: [Range<Int>] = []
        func text(_ index: Int) -> String { unescape(bytes[fields[index]]) }
        func isEmpty(_ index: Int) -> Bool { fields[index].isEmpty }
        func equals(_ index: Int, _ word: String) -> Bool { bytes[fields[index]].elementsEqual(word.utf8) }
        func number(_ index: Int) -> Int? { TabSeparatedLines.integer(bytes[fields[index]]) }
        func numbers(_ index: Int) -> [Int]? {
            let field = fields[index]
            var values: [Int] = []
            // Empty pieces are skipped, as `split` does (a `split` made an array of slices per field).
            var start = field.lowerBound
            for end in field.lowerBound...field.upperBound where end == field.upperBound || bytes[end] == UInt8(ascii: ",") {
                if start < end {
                    guard let value = TabSeparatedLines.integer(bytes[start..<end]) else { return nil }
                    values.append(value)
                }
                start = end + 1
            }
            return values
        }
        // Split on the escaped bytes, each piece unescaped: escaping never writes U+001F, so the
        // pieces are those of the unescaped text (splitting a String's UTF-8 view took a third of the decoding).
        // memchr finds the separators: a byte loop over the slice was most of the titles' cost.
        func parts(_ index: Int) -> [String] {
            bytes[fields[index]].withUnsafeBufferPointer { field in
                var pieces: [String] = []
                var start = 0
                while let end = ByteSearch.firstIndex(of: 0x1F, in: field, range: start..<field.count) {
                    pieces.append(unescape(UnsafeBufferPointer(rebasing: field[start..<end])))
                    start = end + 1
                }
                pieces.append(unescape(UnsafeBufferPointer(rebasing: field[start...])))
                return pieces
            }
        }
        func titles(_ index: Int) -> [String] { isEmpty(index) ? [] : parts(index) }

        var lines = TabSeparatedLines(bytes)
        while lines.next(into: &fields) {
            guard fields[0].count == 1 else { return nil }
            let kind = bytes[fields[0].lowerBound]
            if kind == UInt8(ascii: "G") || kind == UInt8(ascii: "I") || kind == UInt8(ascii: "N") || kind == UInt8(ascii: "S") {
                endGroup(at: fields[0].lowerBound)
                groupStart = fields[0].lowerBound
            }
            switch (kind, fields.count) {
            case (UInt8(ascii: "I"), 3):
                // Kept encoded: a build decodes only the states of the languages whose index it
                // changes (`BuildCache.searchState`); the others are saved again as they are.
                let start = lines.position
                guard let count = number(2), count >= 0, count <= bytes.endIndex - start else { return nil }
                searchBytes[text(1)] = bytes[start..<(start + count)]
                lines.position += count
            case (UInt8(ascii: "S"), 4):
                strings[text(1), default: [:]][text(2)] = text(3)
                // Written one after the other: lines elsewhere are a damaged cache.
                if let range = stringRange, range.upperBound != fields[0].lowerBound { return nil }
                stringRange = (stringRange?.lowerBound ?? fields[0].lowerBound)..<min(lines.position, bytes.endIndex)
            case (UInt8(ascii: "N"), 3):
                order[text(1)] = bytes[fields[2]].split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
            case (UInt8(ascii: "G"), 4):
                if isCancelled() { return nil }
                let name = text(1)
                slug = name
                group = BuildCache.Group(
                    articles: [], row: TranslationMatrix.Row(slug: name, title: text(2), titleLang: text(3), cells: [:]), diagnostics: [])
            case (UInt8(ascii: "A"), 15):
                guard let slug, group != nil, let size = number(3), let modified = number(4), let examples = number(5),
                    let chains = number(6), let steps = number(12), let exercises = number(13)
                else { return nil }
                let weight = number(10)
                if weight == nil && !isEmpty(10) { return nil }
                guard let layout = isEmpty(11) ? .article : ArticleLayout(rawValue: text(11)) else { return nil }
                group?.articles.append(BuildCache.CachedArticle(
                    lang: text(1), slug: slug, displayPath: text(2), stamp: FileStamp(size: Int64(size), modified: Int64(modified)),
                    title: text(7), description: text(8), examples: examples, chains: chains, draft: equals(9, "draft"), weight: weight,
                    layout: layout, tutorialSteps: steps, exercises: exercises,
                    platforms: isEmpty(14) ? [] : text(14).split(separator: ",").map(String.init)))
            case (UInt8(ascii: "C"), 11):
                guard group != nil, let stale = numbers(3), let untranslated = numbers(6), let sectionCount = number(8) else { return nil }
                let status: TranslationStatus
                switch text(2) {
                case "source": status = .source
                case "current": status = .current
                case "in-progress": status = .inProgress
                case "stale": status = .stale(sections: stale)
                case "broken": status = .broken
                case "missing": status = .missing
                default: return nil
                }
                group?.row.cells[text(1)] = TranslationCell(
                    status: status, from: isEmpty(4) ? nil : text(4),
                    staleTitles: titles(5), untranslated: untranslated,
                    untranslatedTitles: untranslated.isEmpty ? [] : parts(7), sectionCount: sectionCount,
                    problems: titles(9), staleMeta: equals(10, "meta"))
            case (UInt8(ascii: "D"), 2):
                guard group != nil, let diagnostic = try? JSONDecoder().decode(Diagnostic.self, from: Data(text(1).utf8)) else { return nil }
                group?.diagnostics.append(diagnostic)
            default:
                return nil
            }
        }
        endGroup(at: bytes.endIndex)
        return (groups, groupBytes, searchBytes, order, strings, stringRange.map { bytes[$0] })
    }

    private static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ",") }

    private static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 92 || $0 == 13 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBufferPointer(unescape)
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard ByteSearch.firstIndex(of: 92, in: bytes, range: 0..<bytes.count) != nil else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped {
                out.append(byte == UInt8(ascii: "t") ? 9 : byte == UInt8(ascii: "n") ? 10 : byte == UInt8(ascii: "r") ? 13 : byte)
                escaped = false
            } else if byte == 92 {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
