import Diagnostics
import Foundation
import SiteContent
import SiteRender
import Translations

/// Which translation groups a build must render: those with a new, changed
/// or removed file since the cached build, or all of them without a cache.
struct BuildPlan {
    /// Indexes into the sources of the articles to render.
    var dirtyIndexes: [Int]
    /// Groups whose files are exactly as the cache recorded them.
    var reused: [String: BuildCache.Group]
    /// Each source's stamp, by index (nil: it could not be stamped).
    var stamps: [FileStamp?]

    var dirtyArticles: Int { dirtyIndexes.count }
    /// Slugs of the groups rendered again or gone.
    var touchedSlugs: Set<String> = []

    /// `known`: stamps taken moments ago (`BuildCache.stamps`); an article not there (under a
    /// linked folder) is stamped here.
    init(sources: [ArticleSource], previous: BuildCache?, known: ArticleStamps = [:]) {
        var stamps: [FileStamp?] = []
        stamps.reserveCapacity(sources.count)
        var bySlug: [String: [Int]] = [:]
        bySlug.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            stamps.append(known[source.lang, source.slug] ?? FileStamp(path: source.path))
            bySlug[source.slug, default: []].append(index)
        }
        var dirty: [Int] = []
        var reused: [String: BuildCache.Group] = [:]
        // A group is reused when its files are exactly those the cache recorded, with the same stamps
        // (compared first: two numbers, where the paths are strings).
        func isAsCached(_ indexes: [Int], _ group: BuildCache.Group) -> Bool {
            guard indexes.count == group.articles.count else { return false }
            return indexes.allSatisfy { index in
                guard let stamp = stamps[index], !stamp.isRacy else { return false }
                return group.articles.contains { $0.stamp == stamp && $0.displayPath == sources[index].displayPath }
            }
        }
        for (slug, indexes) in bySlug {
            if let group = previous?.groups[slug], isAsCached(indexes, group) {
                reused[slug] = group
            } else {
                dirty += indexes
                touchedSlugs.insert(slug)
            }
        }
        if let previous { touchedSlugs.formUnion(previous.groups.keys.filter { bySlug[$0] == nil }) }
        self.dirtyIndexes = dirty.sorted()
        self.reused = reused
        self.stamps = stamps
    }

    /// Renders the reused groups of `slugs` again: their files did not change, but what their
    /// pages show of other articles did (the sidebar's titles and order).
    mutating func renderAgain(_ slugs: Set<String>, sources: [ArticleSource]) {
        let again = slugs.filter { reused[$0] != nil }
        guard !again.isEmpty else { return }
        dirtyIndexes = (dirtyIndexes + sources.indices.filter { again.contains(sources[$0].slug) }).sorted()
        for slug in again { reused[slug] = nil }
        touchedSlugs.formUnion(again)
    }
}

/// Which site-wide pages an incremental build renders again. The chooser, the 404
/// page, the playgrounds and the assets depend only on site-wide inputs, which an
/// incremental build has unchanged; homes and the sitemap list the articles; status
/// pages show the translation matrix. A full build renders them all.
struct SiteWideChanges {
    /// Chooser, 404, playgrounds, assets.
    var fixed = true
    /// Language homes and the sitemap: which articles exist, their titles and descriptions.
    var lists = true
    /// Status pages: titles and translation statuses.
    var status = true
    /// Tutorials homes: the listings, the `layout` of each article (a tutorial or not) and a tutorial's steps and exercises.
    var tutorials = true

    static let all = SiteWideChanges()

    init() {}

    /// What the groups of `slugs` changed between the cached build and this one.
    init(before: [String: BuildCache.Group], after: [String: BuildCache.Group], slugs: Set<String>) {
        fixed = false
        lists = slugs.contains { slug in
            before[slug]?.articles.map(\.listing) != after[slug]?.articles.map(\.listing)
        }
        status = lists || slugs.contains { before[$0]?.row != after[$0]?.row }
        tutorials = lists || slugs.contains { slug in
            before[slug]?.articles.map(\.layout) != after[slug]?.articles.map(\.layout)
                || before[slug]?.articles.map(\.tutorialEntry) != after[slug]?.articles.map(\.tutorialEntry)
        }
    }
}

/// The stamps of the `.md` files right inside a language folder, by language and slug: an
/// article's is looked up with its source's own strings (short ones, kept inline), where a
/// path made per article to look it up was a third of planning an edit of 2,000 articles.
struct ArticleStamps: ExpressibleByDictionaryLiteral, Equatable {
    /// The language folders in the order the stamp walk met them, and a table for each: a
    /// handful, found by comparing (the walk gives a folder's files one after another).
    private var languages: [String] = []
    private var tables: [[String: FileStamp]] = []

    init() {}

    /// `elements`: stamps by path under the content folder (`es/intro.md`).
    init(dictionaryLiteral elements: (String, FileStamp)...) {
        for (path, stamp) in elements { insert(path: Array(path.utf8)[...], stamp) }
    }

    /// Keeps the stamp of `path` (under the content folder) if it is `<lang>/<slug>.md`.
    mutating func insert(path: ArraySlice<UInt8>, _ stamp: FileStamp) {
        guard path.count > 4, path.suffix(3).elementsEqual(".md".utf8), let slash = path.firstIndex(of: UInt8(ascii: "/")),
            !path[(slash + 1)...].contains(UInt8(ascii: "/"))
        else { return }
        let lang = path[..<slash]
        let position: Int
        if let last = languages.indices.last, languages[last].utf8.elementsEqual(lang) {
            position = last
        } else if let found = languages.firstIndex(where: { $0.utf8.elementsEqual(lang) }) {
            position = found
        } else {
            languages.append(String(decoding: lang, as: UTF8.self))
            tables.append([:])
            position = languages.count - 1
        }
        tables[position][String(decoding: path[(slash + 1)..<(path.endIndex - 3)], as: UTF8.self)] = stamp
    }

    /// Every article's path (`es/intro.md`), sorted.
    var paths: [String] {
        zip(languages, tables).flatMap { lang, table in table.keys.map { lang + "/" + $0 + ".md" } }.sorted()
    }

    subscript(lang: String, slug: String) -> FileStamp? {
        languages.firstIndex(of: lang).flatMap { tables[$0][slug] }
    }

    /// The same stamps, whatever order each side met the languages in.
    static func == (left: Self, right: Self) -> Bool {
        left.languages.count == right.languages.count
            && zip(left.languages, left.tables).allSatisfy { lang, table in
                right.languages.firstIndex(of: lang).map { right.tables[$0] == table } ?? false
            }
    }
}
