import Foundation
import Glibc
import Testing

import Search
import Synchronization
@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// A build reuses what the previous one rendered: nothing at all when no
/// input changed, only the edited translation group otherwise. Whatever the
/// edit, the output is byte for byte what a clean build writes.
@Suite struct IncrementalBuildTests {
    static let small = [
        "site.yml": "baseURL: \"https://docs.example.org/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: Sitio}\n",
        "es/a.md": "---\ntitle: A\n---\nTexto.\n",
    ]

    /// The repository's articles and templates in a temporary project.
    func repositoryProject() throws -> URL {
        let root = try makeTemporaryDirectory()
        for folder in ["Content", "Templates"] {
            try FileManager.default.copyItem(at: repositoryRoot.appending(path: folder), to: root.appending(path: folder))
        }
        settle()
        return root
    }

    /// Builds `root` incrementally into public/ and from scratch into a fresh folder; both must be identical.
    /// `rendered: nil` expects a full build (an edit that changes what every page may link to).
    func expectIncrementalEqualsClean(_ root: URL, rendered: Int?, sourceLocation: SourceLocation = #_sourceLocation) throws -> BuildResult {
        let incremental = SiteBuilder.build(buildOptions(root))
        #expect(incremental.succeeded, "\(incremental.diagnostics)", sourceLocation: sourceLocation)
        if let rendered {
            #expect(incremental.changedFiles != nil, "the build reused the cache", sourceLocation: sourceLocation)
            #expect(incremental.articlesRendered == rendered, sourceLocation: sourceLocation)
        } else {
            #expect(incremental.changedFiles == nil, "a full build", sourceLocation: sourceLocation)
        }
        var clean = buildOptions(root)
        clean.outputDir = try makeTemporaryDirectory().appending(path: "public").path
        let full = SiteBuilder.build(clean)
        #expect(full.succeeded && full.changedFiles == nil, sourceLocation: sourceLocation)
        let ours = try snapshot(root.appending(path: "public"))
        let theirs = try snapshot(URL(filePath: clean.outputDir))
        #expect(ours.keys.sorted() == theirs.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in theirs where ours[path] != data {
            Issue.record("\(path) differs from a clean build's", sourceLocation: sourceLocation)
        }
        #expect(incremental.filesWritten == full.filesWritten, sourceLocation: sourceLocation)
        // The list of what the output holds, kept for the next build's proof, is exactly that.
        for output in [root.appending(path: "public"), URL(filePath: clean.outputDir)] {
            // Files (and links) as `a/b.html`, folders as `a/`.
            let entries = try FileManager.default.subpathsOfDirectory(atPath: output.path).map { path in
                var info = stat()
                return lstat(output.path + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? path + "/" : path
            }
            let listed = OutputContents.load(for: output)
            #expect(listed.paths.count == entries.count, "\(output.lastPathComponent)", sourceLocation: sourceLocation)
            for entry in entries where !(Array(entry.utf8).withUnsafeBufferPointer { listed.contains($0) }) {
                Issue.record("\(output.lastPathComponent): \(entry) is not on the list", sourceLocation: sourceLocation)
            }
        }
        #expect(incremental.examplesRun == full.examplesRun && incremental.chainsVerified == full.chainsVerified, sourceLocation: sourceLocation)
        return incremental
    }

    /// File times tick coarsely, so a build does not trust a file written in the last 50 ms
    /// (it is rendered again next time). Tests wait that long to see the cache reused.
    func settle() { Thread.sleep(forTimeInterval: 0.06) }

    /// The build cache a first build of a project with `content` saved.
    func cacheOfFirstBuild(content: [String: String]) throws -> BuildCache {
        let root = try makeProject(content: content)
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let output = root.appending(path: "public")
        let (header, line) = try #require(BuildCache.loadHeader(for: output))
        return try #require(BuildCache.load(header, line: line, for: output))
    }

    func edit(_ root: URL, _ path: String, _ change: (String) -> String) throws {
        let url = root.appending(path: path)
        try write(Data(change(try read(url)).utf8), to: url)
        settle()
    }

    @Test func aSecondBuildWithNothingChangedDoesNothing() throws {
        let root = try makeProject(content: Self.small)
        settle()
        let first = SiteBuilder.build(buildOptions(root))
        #expect(first.succeeded && first.upToDate == nil)
        let inode = try #require(BuildCache.outputIdentity(root.appending(path: "public"))).inode
        let second = SiteBuilder.build(buildOptions(root))
        #expect(second.isUpToDate)
        #expect(second.summaryLine.hasPrefix("Up to date: no input changed since the last build"))
        #expect(second.filesWritten == first.filesWritten)
        #expect(try #require(BuildCache.outputIdentity(root.appending(path: "public"))).inode == inode, "the output folder was not replaced")
    }

    /// The cache keeps each article's `layout`: an article that becomes a tutorial (and stops
    /// being one) is listed on its language's tutorials home by the next incremental build.
    @Test func aLayoutChangeReachesTheTutorialsHome() throws {
        var content = Self.small
        content["es/b.md"] = "---\ntitle: B\n---\nOtro.\n"
        let root = try makeProject(content: content)
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        #expect(!(try read(root.appending(path: "public/es/tutorials/index.html"))).contains("../a/index.html"))
        try edit(root, "Content/es/a.md") { $0.replacing("title: A\n", with: "title: A\nlayout: tutorial\n") }
        let tutorial = try expectIncrementalEqualsClean(root, rendered: 1)
        #expect(tutorial.changedFiles?.contains("es/tutorials/index.html") == true)
        #expect(try read(root.appending(path: "public/es/tutorials/index.html")).contains("<a href=\"../a/index.html\">A</a>"))
        // A step more, title and description unchanged: the home counts it.
        try edit(root, "Content/es/a.md") { $0 + "\n## Un paso\n\nHaz esto:\n\n```swift\nlet a = 1\n```\n" }
        let stepAdded = try expectIncrementalEqualsClean(root, rendered: 1)
        #expect(stepAdded.changedFiles?.contains("es/tutorials/index.html") == true)
        #expect(try read(root.appending(path: "public/es/tutorials/index.html")).contains("<p class=\"tutorial-size\">1 paso<span"))
        // An iOS example: the homes name the platform beside the title.
        try edit(root, "Content/es/a.md") { $0 + "\n```lifecycle ios-app\nlaunch -> inactive, active\n```\n" }
        let exampleAdded = try expectIncrementalEqualsClean(root, rendered: 1)
        #expect(exampleAdded.changedFiles?.contains("es/tutorials/index.html") == true)
        #expect(try read(root.appending(path: "public/es/index.html")).contains("<a href=\"a/index.html\">A</a> <span class=\"platform\"><span class=\"visually-hidden\">Plataforma: </span>iOS</span><p>"))
        // Another article's edit keeps it listed with its size and platform (all from the cache).
        try edit(root, "Content/es/b.md") { $0 + "Más.\n" }
        _ = try expectIncrementalEqualsClean(root, rendered: 1)
        #expect(try read(root.appending(path: "public/es/tutorials/index.html")).contains("<a href=\"../a/index.html\">A</a> <span class=\"platform\"><span class=\"visually-hidden\">Plataforma: </span>iOS</span><p>"))
        #expect(try read(root.appending(path: "public/es/tutorials/index.html")).contains("<p class=\"tutorial-size\">1 paso<span"))
        try edit(root, "Content/es/a.md") { $0.replacing("layout: tutorial\n", with: "") }
        _ = try expectIncrementalEqualsClean(root, rendered: 1)
        #expect(!(try read(root.appending(path: "public/es/tutorials/index.html"))).contains("../a/index.html"))
    }

    @Test func everyKindOfEditGivesWhatACleanBuildGives() throws {
        let root = try repositoryProject()
        let first = SiteBuilder.build(buildOptions(root))
        // Every article of the repository's content (groups of four languages: active, inactive, … swiftui-scene-phase).
        let articles = try FileManager.default.subpathsOfDirectory(atPath: root.appending(path: "Content").path).count { $0.hasSuffix(".md") }
        #expect(articles >= 20)
        #expect(first.succeeded && first.changedFiles == nil && first.articlesRendered == articles)
        // The groups (one slug each): every one has a Spanish article; es/active translates it/active,
        // every other Spanish article is a source.
        let groups = try FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Content/es").path).count { $0.hasSuffix(".md") }
        #expect(groups >= 5)

        // The Spanish source's text changes, not its title: it and its pt, bg and it translations are
        // re-rendered, and those three go stale.
        try edit(root, "Content/es/inactive.md") { $0 + "\nUna frase nueva.\n" }
        let sourceEdited = try expectIncrementalEqualsClean(root, rendered: 4)
        #expect(sourceEdited.changedFiles?.contains("es/inactive/index.html") == true)
        #expect(sourceEdited.changedFiles?.contains("it/active/index.html") == false, "another group's page is left alone")
        #expect(sourceEdited.changedFiles?.contains("es/active/index.html") == false, "another group's page is left alone")
        #expect(try read(root.appending(path: "public/pt/inactive/index.html")).contains("translation-notice"))
        #expect(try read(root.appending(path: "public/it/inactive/index.html")).contains("translation-notice"))
        #expect(sourceEdited.pagesKept == 0, "the translations' status changed: their pages are rendered again")

        // Edited again in the same section: the translations stay stale as they were, so their pages
        // are left as the last build wrote them (read again for their status, not rendered).
        try edit(root, "Content/es/inactive.md") { $0 + "Otra frase más.\n" }
        let editedAgain = try expectIncrementalEqualsClean(root, rendered: 4)
        #expect(editedAgain.pagesKept == 3)
        #expect(editedAgain.changedFiles?.contains("pt/inactive/index.html") == false)

        // Its title changes: every Spanish page's sidebar names it, so the other groups are rendered
        // again too, and only the Spanish pages of those groups change. Of those groups, the Spanish
        // article is read with its source (active: it) and not with the other translations, as they were:
        // 4 + 2 + 1 for each of the other groups.
        try edit(root, "Content/es/inactive.md") { $0.replacing("title: \"", with: "title: \"Editado · ", maxReplacements: 1) }
        let sourceRetitled = try expectIncrementalEqualsClean(root, rendered: 4 + 2 + (groups - 2))
        #expect(sourceRetitled.changedFiles?.contains("es/active/index.html") == true, "its sidebar shows the new title")
        #expect(sourceRetitled.changedFiles?.contains("it/active/index.html") == false)

        // A title changes: its page, its translations (their language switcher names it), the sidebars
        // of its language and the language home change.
        // The Italian source of active and its three translations, and in the other four groups the Italian
        // translation with its source: 4 + 2 for each of the other groups.
        try edit(root, "Content/it/active.md") { $0.replacing("title: \"", with: "title: \"Nuovo · ", maxReplacements: 1) }
        let retitled = try expectIncrementalEqualsClean(root, rendered: 4 + 2 * (groups - 1))
        #expect(retitled.changedFiles?.contains("it/index.html") == true)
        #expect(retitled.changedFiles?.contains("it/inactive/index.html") == true)
        #expect(retitled.changedFiles?.contains("es/inactive/index.html") == false)

        // A weight puts "Nuovo · Active" after "Inactive": the sidebars and the home of its language change.
        try edit(root, "Content/it/active.md") { $0.replacing("weight: 10\n", with: "weight: 25\n", maxReplacements: 1) }
        let reordered = try expectIncrementalEqualsClean(root, rendered: 4 + 2 * (groups - 1))
        #expect(reordered.changedFiles?.contains("it/index.html") == true)
        #expect(reordered.changedFiles?.contains("it/inactive/index.html") == true)
        #expect(reordered.changedFiles?.contains("es/inactive/index.html") == false)

        // A new article, then one removed: every page's `.md` links may change, so both are full builds.
        try write(["Content/es/nuevo.md": "---\ntitle: Nuevo\n---\nTexto nuevo con una cadena Active → Inactive.\n"], under: root)
        settle()
        _ = try expectIncrementalEqualsClean(root, rendered: nil)
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "public/es/nuevo/index.html").path))
        try FileManager.default.removeItem(at: root.appending(path: "Content/bg/active.md"))
        settle()
        _ = try expectIncrementalEqualsClean(root, rendered: nil)
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public/bg/active").path))

        // An article becomes a draft, then is published again: its page goes and comes back, homes follow.
        // Every Spanish page's sidebar loses it: all groups with a Spanish article are rendered again
        // (their Spanish articles, read with their sources: nuevo's and every group's, active's with it/active).
        try edit(root, "Content/es/nuevo.md") { $0.replacing("title: Nuevo\n", with: "title: Nuevo\ndraft: true\n") }
        let drafted = try expectIncrementalEqualsClean(root, rendered: 1 + groups + 1)
        #expect(drafted.changedFiles?.contains("es/nuevo/index.html") == true)
        #expect(drafted.changedFiles?.contains("es/index.html") == true)
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public/es/nuevo").path))
        try edit(root, "Content/es/nuevo.md") { $0.replacing("draft: true\n", with: "") }
        let published = try expectIncrementalEqualsClean(root, rendered: 1 + groups + 1)
        #expect(published.changedFiles?.contains("es/nuevo/index.html") == true)

        // A published file changes: every page may show it (an image's size), so a full build.
        try write(["Content/es/img/a.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"20\"></svg>"], under: root)
        settle()
        _ = try expectIncrementalEqualsClean(root, rendered: nil)
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "public/es/img/a.svg").path))

        // Saved again without a change: re-rendered, nothing written.
        try edit(root, "Content/es/nuevo.md") { $0 }
        let touched = try expectIncrementalEqualsClean(root, rendered: 1)
        #expect(touched.changedFiles == [])
    }

    /// An edited translation is read again with its source, not with its sibling translations: their
    /// files and their source are as cached, so are their cells, and their pages are kept unread.
    /// A translation edited in turn is read (its cached cell no longer holds); an edited source is
    /// read with every translation; a group with a warning is read whole. Each build is a clean one's.
    @Test func anEditedTranslationIsReadWithItsSourceAlone() throws {
        let root = try repositoryProject()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        // pt, bg and it translate es/inactive.md.
        try edit(root, "Content/pt/inactive.md") { $0 + "\nUma frase nova.\n" }
        let translationEdited = try expectIncrementalEqualsClean(root, rendered: 2)
        #expect(Set(translationEdited.pages.map(\.lang)) == ["pt", "es"])
        #expect(translationEdited.pagesKept == 3, "es, bg and it are as they were")
        #expect(translationEdited.changedFiles?.contains("pt/inactive/index.html") == true)

        try edit(root, "Content/bg/inactive.md") { $0 + "\nНово изречение.\n" }
        let otherEdited = try expectIncrementalEqualsClean(root, rendered: 2)
        #expect(Set(otherEdited.pages.map(\.lang)) == ["bg", "es"])

        try edit(root, "Content/es/inactive.md") { $0 + "\nUna frase nueva.\n" }
        let sourceEdited = try expectIncrementalEqualsClean(root, rendered: 4)
        #expect(sourceEdited.pagesKept == 0, "the translations went stale: their pages are rendered again")

        // A section left untranslated is a warning: from then on the group is read whole, and it is shown again.
        try edit(root, "Content/it/inactive.md") { $0.replacing("---\n", with: "---\nuntranslated: [1]\n", maxReplacements: 1) }
        _ = try expectIncrementalEqualsClean(root, rendered: 2)
        try edit(root, "Content/pt/inactive.md") { $0 + "Outra frase.\n" }
        let withWarning = try expectIncrementalEqualsClean(root, rendered: 4)
        #expect(withWarning.diagnostics.contains { $0.message.contains("is not translated yet") })
    }

    /// An incremental build looks for pages it no longer publishes only in the groups it read again or
    /// lost (the others it publishes as cached); a full build looks at every group.
    @Test func unpublishedPagesAreLookedForInTheGroupsNamed() throws {
        var content = Self.small
        content["es/b.md"] = "---\ntitle: B\n---\nOtro.\n"
        let cache = try cacheOfFirstBuild(content: content)
        // Neither article is published any more.
        let pages = ["a", "b"].map { SiteLinks.articleDir("es", $0) + "index.html" }
        #expect(SiteBuilder.unpublishedPages(cache, now: [:]) == pages)
        #expect(SiteBuilder.unpublishedPages(cache, now: [:], among: ["b", "gone"]) == [pages[1]])
        #expect(SiteBuilder.unpublishedSearchPages(cache, now: [:], among: ["a"]) == [SearchIndex.fragmentPath(lang: "es", key: "a")])
        #expect(SiteBuilder.unpublishedPages(cache, now: [:], among: []).isEmpty)
    }

    /// An incremental build keeps the site it replaced beside the output, sharing every
    /// unchanged file (hard links), and the next one reuses it: each result is a clean build's.
    @Test func theSiteBeforeAnEditIsKeptAndReused() throws {
        let root = try makeProject(content: Self.small.merging(["es/b.md": "---\ntitle: B\n---\nOtro.\n"]) { $1 })
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let previous = root.appending(path: ".public.previous")
        #expect(!FileManager.default.fileExists(atPath: previous.path), "a full build keeps no copy")
        func inode(_ path: String) -> UInt64 {
            var info = stat()
            return lstat(path, &info) == 0 ? UInt64(info.st_ino) : 0
        }
        for (round, text) in ["Uno.", "Dos, más largo.", "Tres."].enumerated() {
            try edit(root, "Content/es/a.md") { _ in "---\ntitle: A\n---\n\(text)\n" }
            let result = try expectIncrementalEqualsClean(root, rendered: 1)
            // The page, the home that shows its summary, and the search files its words are in.
            let changed = result.changedFiles ?? []
            #expect(changed.filter { !$0.hasPrefix("search/") } == ["es/a/index.html", "es/index.html"], "round \(round)")
            #expect(changed.contains("search/es/p/a.js") && changed.allSatisfy { !$0.hasPrefix("search/") || $0.hasPrefix("search/es/") })
            #expect(FileManager.default.fileExists(atPath: previous.path))
            let unchanged = "es/b/index.html"
            #expect(inode(root.appending(path: "public/" + unchanged).path) == inode(previous.appending(path: unchanged).path))
            #expect(try read(previous.appending(path: "es/a/index.html")) != read(root.appending(path: "public/es/a/index.html")))
        }
        var forced = buildOptions(root)
        forced.force = true
        #expect(SiteBuilder.build(forced).succeeded)
        #expect(!FileManager.default.fileExists(atPath: previous.path), "a full build removes the copy")
    }

    /// Same-size edits in quick succession, as an editor saving twice or the benchmark does.
    @Test func quickSameSizeEditsAreNeverMissed() throws {
        let root = try makeProject(content: Self.small)
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        for word in ["Uno.", "Dos.", "Tre.", "Cua."] {
            try write(Data("---\ntitle: A\n---\n\(word)\n".utf8), to: root.appending(path: "Content/es/a.md"))
            let result = SiteBuilder.build(buildOptions(root))
            #expect(result.succeeded && !result.isUpToDate)
            #expect(try read(root.appending(path: "public/es/a/index.html")).contains(word))
        }
    }

    @Test func aTemplateChangeRebuildsEveryPage() throws {
        let root = try makeProject(content: Self.small)
        settle()
        _ = SiteBuilder.build(buildOptions(root))
        try edit(root, "Templates/base.mustache") { $0.replacing("</body>", with: "<!-- pie -->\n</body>") }
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded && result.changedFiles == nil && result.articlesRendered == 1)
        #expect(try read(root.appending(path: "public/es/a/index.html")).contains("<!-- pie -->"))
    }

    @Test func aFailedIncrementalBuildLeavesTheOutputAsItWas() throws {
        // An article of its own: a block added to a translated source would also fail its translations.
        let root = try repositoryProject()
        try write(["Content/it/extra.md": "---\ntitle: Extra\n---\nTesto.\n"], under: root)
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let before = try snapshot(root.appending(path: "public"))
        try edit(root, "Content/it/extra.md") { $0 + "\n```lifecycle ios-app\ngiven active\nnonsense -> inactive\n```\n" }
        let failed = SiteBuilder.build(buildOptions(root))
        #expect(!failed.succeeded)
        #expect(try snapshot(root.appending(path: "public")) == before)
        try edit(root, "Content/it/extra.md") { $0.replacing("nonsense -> inactive", with: "interruption -> inactive") }
        _ = try expectIncrementalEqualsClean(root, rendered: 1)
    }

    @Test func warningsOfReusedArticlesAreShownAgain() throws {
        var content = Self.small
        content["es/b.md"] = "---\ntitle: B\nautor: Ana\n---\nTexto.\n"
        let root = try makeProject(content: content)
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).diagnostics.count == 1)
        let again = SiteBuilder.build(buildOptions(root))
        #expect(!again.isUpToDate, "a build with warnings is never skipped")
        #expect(again.diagnostics.count == 1)
        try edit(root, "Content/es/a.md") { $0 + "Más texto.\n" }
        let edited = SiteBuilder.build(buildOptions(root))
        #expect(edited.changedFiles != nil && edited.articlesRendered == 1)
        #expect(edited.diagnostics.map(\.message) == again.diagnostics.map(\.message))
    }

    @Test func forceADeletedOutputOrABrokenCacheMeanAFullBuild() throws {
        let root = try makeProject(content: Self.small)
        settle()
        _ = SiteBuilder.build(buildOptions(root))
        var forced = buildOptions(root)
        forced.force = true
        let rebuilt = SiteBuilder.build(forced)
        #expect(rebuilt.succeeded && !rebuilt.isUpToDate && rebuilt.changedFiles == nil)
        try FileManager.default.removeItem(at: root.appending(path: "public"))
        let afterDelete = SiteBuilder.build(buildOptions(root))
        #expect(afterDelete.succeeded && afterDelete.changedFiles == nil)
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "public/es/a/index.html").path))
        try write(Data("{not json".utf8), to: BuildCache.location(of: root.appending(path: "public")))
        let afterGarbage = SiteBuilder.build(buildOptions(root))
        #expect(afterGarbage.succeeded && afterGarbage.changedFiles == nil)
    }

    /// The search index of the last build is read back, not remembered: when one of its files is
    /// not as the build wrote it, the next build indexes every page afresh and says why.
    @Test func aDamagedSearchIndexMeansAFullBuild() throws {
        let root = try repositoryProject()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let pageFile = root.appending(path: "public").appending(path: SearchIndex.fragmentPath(lang: "es", key: "inactive"))
        try write(Data("ldSearch.page(\"es\",".utf8), to: pageFile)
        try edit(root, "Content/es/inactive.md") { $0 + "\nUna frase más sobre interrupciones.\n" }
        let result = try expectIncrementalEqualsClean(root, rendered: nil)
        #expect(result.decision == .full(reason: "the search index of the last build could not be read"))
    }

    @Test func theCacheKeepsEachArticlesLayout() throws {
        var content = Self.small
        content["es/b.md"] = "---\ntitle: B\nlayout: tutorial\n---\nOtro.\n"
        let cache = try cacheOfFirstBuild(content: content)
        #expect(cache.groups["a"]?.articles.map(\.layout) == [.article])
        #expect(cache.groups["b"]?.articles.map(\.layout) == [.tutorial])
        let decoded = try #require(GroupLines.decode(Array(GroupLines.encode(cache.groups))[...]))
        #expect(decoded.groups["b"]?.articles.map(\.layout) == [.tutorial])
    }

    /// The stamps of a build with nothing to do list the content folder with readdir: the same
    /// paths FileManager lists (hidden files, nested folders, links not followed), each with the
    /// stamp `stat` gives its path (a link: what it points to).
    @Test func stampsListWhatFileManagerLists() throws {
        let root = try makeTemporaryDirectory()
        try write(["es/a.md": "a", "es/img/b.png": "b", ".hidden": "c", "es/.d/e.txt": "e", "outside/f.md": "ff"], under: root)
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "linked").path, withDestinationPath: root.appending(path: "outside").path)
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "es/c.md").path, withDestinationPath: root.appending(path: "es/a.md").path)
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "es/gone.md").path, withDestinationPath: root.appending(path: "nowhere.md").path)
        settle()
        let expected = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        #expect(expected.contains("es/img/b.png") && expected.contains("linked") && !expected.contains("linked/f.md"))
        var text: [UInt8] = []
        var visited: [String] = []
        StampWalk.run(root.path, into: &text) { path, stamp, line in
            let path = String(decoding: path, as: UTF8.self)
            visited.append(path)
            let byPath = FileStamp(path: root.path + "/" + path)
            #expect(stamp == byPath, "\(path)")
            #expect(String(decoding: line, as: UTF8.self) == path + " " + (byPath?.text ?? "-") + "\n")
        }
        #expect(visited.sorted() == expected)
        // A folder's entries come right after it, in byte order: the text is the same on every walk.
        #expect(visited.firstIndex(of: "es/img/b.png") == visited.firstIndex(of: "es/img").map { $0 + 1 })
        var again: [UInt8] = []
        StampWalk.run(root.path, into: &again)
        #expect(again == text)
        #expect(String(decoding: text, as: UTF8.self).hasPrefix(root.path + " " + (FileStamp(path: root.path)?.text ?? "?") + "\n"))
    }

    /// A folder's entries in the byte order of their names' UTF-8, dots and non-ASCII included,
    /// "." and ".." never, names of one and two dots' length kept.
    @Test func stampsListAFoldersEntriesInTheByteOrderOfTheirNames() throws {
        let root = try makeTemporaryDirectory()
        let names = ["b", "a", "Z", "ñ", "é", "..x", ".y", "a-b", "a.b", "ab", "...", ".z.", "日本"]
        try write(Dictionary(uniqueKeysWithValues: names.map { ("f/" + $0, $0) }), under: root)
        var visited: [String] = []
        var text: [UInt8] = []
        StampWalk.run(root.path, into: &text) { path, _, _ in visited.append(String(decoding: path, as: UTF8.self)) }
        let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { "f/" + $0 }
        #expect(visited == ["f"] + expected)
    }

    /// Only `<lang>/<slug>.md` paths are articles' stamps, whatever order the languages come in;
    /// a later stamp of the same path replaces the earlier.
    @Test func articleStampsKeepArticlesByLanguageAndSlug() {
        var stamps = ArticleStamps()
        let paths = ["es/a.md", "pt/a.md", "es/b.md", "es/img/c.md", "es/d.txt", "e.md", "es/.md", "bg/аз.md", "pt/a.md"]
        for (number, path) in paths.enumerated() { stamps.insert(path: Array(path.utf8)[...], FileStamp(size: Int64(number), modified: 7)) }
        #expect(stamps.paths == ["bg/аз.md", "es/.md", "es/a.md", "es/b.md", "pt/a.md"])
        #expect(stamps["es", "a"]?.size == 0 && stamps["es", "b"]?.size == 2 && stamps["bg", "аз"]?.size == 7)
        #expect(stamps["pt", "a"]?.size == 8)
        #expect(stamps["es", "c"] == nil && stamps["es", "d"] == nil && stamps["it", "a"] == nil)
        #expect(stamps == ["es/a.md": FileStamp(size: 0, modified: 7), "pt/a.md": FileStamp(size: 8, modified: 7),
            "es/b.md": FileStamp(size: 2, modified: 7), "es/.md": FileStamp(size: 6, modified: 7), "bg/аз.md": FileStamp(size: 7, modified: 7)])
        // Equal whatever order the languages were met in; a stamp, a slug or a language more or less is not.
        let reordered: ArticleStamps = ["bg/аз.md": FileStamp(size: 7, modified: 7), "pt/a.md": FileStamp(size: 8, modified: 7),
            "es/.md": FileStamp(size: 6, modified: 7), "es/b.md": FileStamp(size: 2, modified: 7), "es/a.md": FileStamp(size: 0, modified: 7)]
        #expect(stamps == reordered && reordered == stamps)
        var changed = reordered
        changed.insert(path: Array("es/b.md".utf8)[...], FileStamp(size: 3, modified: 7))
        #expect(stamps != changed)
        var more = reordered
        more.insert(path: Array("it/a.md".utf8)[...], FileStamp(size: 0, modified: 7))
        #expect(stamps != more && more != stamps)
        var otherSlug = reordered
        otherSlug.insert(path: Array("es/z.md".utf8)[...], FileStamp(size: 0, modified: 7))
        #expect(stamps != otherSlug && otherSlug != stamps)
    }

    /// A file rewritten in place anywhere under the content folder (same size, another time)
    /// changes the inputs' fingerprint; an article's stamp is the one the plan compares.
    @Test func stampsSeeAFileRewrittenDeepInTheContentFolder() throws {
        let root = try makeProject(content: Self.small.merging(["es/img/deep/b.png": "bb"]) { $1 })
        settle()
        let options = buildOptions(root)
        let before = BuildCache.stamps(options)
        #expect(before.articles.paths == ["es/a.md"])
        #expect(before.articles["es", "a"] == FileStamp(path: root.appending(path: "Content/es/a.md").path))
        #expect(BuildCache.stamps(options) == before)
        try write(["Content/es/img/deep/b.png": "cc"], under: root)
        settle()
        let after = BuildCache.stamps(options)
        // A published file is in every page's key (an image's size), so the site key changes too.
        #expect(after.inputs != before.inputs && after.siteKey != before.siteKey)
        #expect(after.articles == before.articles)
        try write(["Content/es/a.md": "---\ntitle: B\n---\nTexto.\n"], under: root)
        settle()
        let edited = BuildCache.stamps(options)
        #expect(edited.inputs != after.inputs && edited.siteKey == after.siteKey)
        #expect(edited.articles["es", "a"] != after.articles["es", "a"])
    }

    /// The cache decoded on another core is the one read on this core, every time.
    @Test func aValueMadeInTheBackgroundIsWaitedFor() {
        let started = Mutex(false)
        let task = Background { _ -> Int in
            started.withLock { $0 = true }
            Thread.sleep(forTimeInterval: 0.02)
            return 42
        }
        #expect(task.value() == 42)
        #expect(started.withLock { $0 })
        #expect(task.value() == 42)
    }

    /// Work no longer wanted is told so: here it would otherwise never end.
    @Test func backgroundWorkStopsWhenCancelled() {
        let task = Background { isCancelled -> Int in
            var rounds = 0
            while !isCancelled() {
                rounds += 1
                Thread.sleep(forTimeInterval: 0.001)
            }
            return rounds
        }
        Thread.sleep(forTimeInterval: 0.01)
        task.cancel()
        #expect(task.value() != nil)
    }

    /// A cancelled decoding stops at the next group and gives nothing; asked never, it reads every group.
    @Test func aCancelledDecodingGivesNothing() throws {
        let cache = try cacheOfFirstBuild(content: Self.small.merging(["es/b.md": "---\ntitle: B\n---\nOtro.\n"]) { $1 })
        #expect(cache.groups.count == 2)
        let bytes = Array(GroupLines.encode(cache.groups))[...]
        #expect(try #require(GroupLines.decode(bytes)).groups.count == cache.groups.count)
        let asked = Mutex(0)
        #expect(GroupLines.decode(bytes, until: { asked.withLock { $0 += 1 }; return true }) == nil)
        #expect(asked.withLock { $0 } == 1, "asked at the first group, then stopped")
    }

    /// A header longer than the part read first (a long list of changed files) is read whole, and
    /// a cache replaced after its header was read is not taken for the one the header belongs to.
    @Test func aLongHeaderLoadsAndAReplacedCacheDoesNot() throws {
        let output = try makeTemporaryDirectory().appending(path: "public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var header = BuildCache.Header(inputs: "i", siteKey: "s", articlesPerLanguage: [], files: 1, examples: 0, chains: 0, clean: true)
        header.previousInode = 1
        header.previousChanges = (0..<5_000).map { "es/article-\($0)/index.html" }
        var cache = BuildCache(header: header, groups: [:])
        #expect(cache.save(for: output) == nil)
        let (loaded, line) = try #require(BuildCache.loadHeader(for: output))
        #expect(line.count > 1 << 16)
        #expect(loaded.previousChanges?.count == 5_000)
        #expect(BuildCache.load(loaded, line: line, for: output) != nil)
        cache.header.inputs = "another"
        #expect(cache.save(for: output) == nil)
        #expect(BuildCache.load(loaded, line: line, for: output) == nil)
    }
    /// The cache keeps each language's reading order (an edit that leaves the sidebar as it was
    /// takes it instead of sorting every title) and saves the groups an incremental build reused
    /// as it read them: the same bytes as encoding them again.
    @Test func theCacheKeepsTheReadingOrderAndSavesReusedGroupsAsRead() throws {
        var content = Self.small
        content["es/b.md"] = "---\ntitle: Bé\nweight: 1\n---\nOtro \\ con\tescapes.\n"
        content["es/c.md"] = "---\ntitle: Ce\n---\nMás.\n"
        let cache = try cacheOfFirstBuild(content: content)
        #expect(cache.order["es"] == ["b", "a", "c"])
        #expect(cache.navigation == SiteBuilder.navigation(cached: cache.groups))
        let fresh = GroupLines.encode(cache.groups, search: cache.search, order: cache.order)
        #expect(GroupLines.encode(cache.groups, search: cache.search, reusing: cache.groupBytes, order: cache.order) == fresh)
        #expect(Set(cache.groupBytes.keys) == ["a", "b", "c"])
        // Search states are kept encoded when read, saved as read, and decoded when asked for;
        // the shard count read from the first line alone is the decoded state's.
        #expect(cache.search.isEmpty && cache.searchBytes.keys.sorted() == ["es"])
        let states = try #require(GroupLines.decode(Array(GroupLines.encode([:], reusing: [:], cache.searchBytes))[...]))
        #expect(states.searchBytes == cache.searchBytes)
        let state = try #require(cache.searchState("es"))
        let encoded = try #require(cache.searchBytes["es"])
        #expect(state.pages == 3 && SearchIndexState(encoded: state.encoded()[...]) == state)
        #expect(SearchIndexState.shards(encoded: encoded) == state.shards && state.shards > 0)
        #expect(SearchIndexState.shards(encoded: Array("T\tword\t3\n".utf8)[...]) == nil)
        #expect(SearchIndexState.shards(encoded: Array("N\t1\t2\t3\n".utf8)[...]) == nil)
        #expect(cache.searchState("pt") == nil)
        // An order naming an article the groups do not have is not taken.
        var wrong = cache
        wrong.order["es"] = ["b", "a", "gone"]
        #expect(wrong.navigation == nil)
    }

    /// A cache of an older format is not read: the build after it is a full one, and it replaces it.
    @Test func aCacheOfAnOlderFormatMeansAFullBuild() throws {
        let root = try makeProject(content: Self.small)
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let output = root.appending(path: "public")
        let location = BuildCache.location(of: output).path
        let text = try String(contentsOfFile: location, encoding: .utf8)
        try text.replacingOccurrences(of: "\"format\":\(BuildCache.format)", with: "\"format\":7")
            .write(toFile: location, atomically: true, encoding: .utf8)
        try edit(root, "Content/es/a.md") { $0 + "Más.\n" }
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded)
        #expect(result.decision == .full(reason: "no cache of a previous build of this output folder"))
        #expect(BuildCache.loadHeader(for: output)?.header.format == BuildCache.format)
    }

    /// The UI strings are site-wide inputs: a build whose site key is the cached one takes them from
    /// the cache (a string tampered with there shows on the page it renders), and a change to an
    /// i18n file changes the key, so they are parsed again and every page is a clean build's.
    @Test func uiStringsComeFromTheCacheOnlyWhileTheI18nFilesAreAsTheyWere() throws {
        let root = try makeProject(content: Self.small)
        settle()
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let output = root.appending(path: "public")
        let (header, line) = try #require(BuildCache.loadHeader(for: output))
        let cache = try #require(BuildCache.load(header, line: line, for: output))
        let footer = try #require(cache.strings["es"]?["footer"])
        #expect(try read(output.appending(path: "es/a/index.html")).contains(footer))
        // The cache's copy of the footer changed behind the build's back.
        let location = BuildCache.location(of: output)
        let text = try String(contentsOf: location, encoding: .utf8)
        #expect(text.contains("S\tes\tfooter\t\(footer)\n"))
        try Data(text.replacingOccurrences(of: "S\tes\tfooter\t\(footer)\n", with: "S\tes\tfooter\tPie de la caché\n").utf8).write(to: location)
        try edit(root, "Content/es/a.md") { $0 + "Más.\n" }
        let reused = SiteBuilder.build(buildOptions(root))
        #expect(reused.succeeded && reused.changedFiles != nil)
        #expect(try read(output.appending(path: "es/a/index.html")).contains("Pie de la caché"))
        // The i18n file changes: a full build with the strings as the file has them.
        try edit(root, "Templates/i18n/es.yml") { $0.replacingOccurrences(of: "footer: \"", with: "footer: \"Nuevo. ") }
        _ = try expectIncrementalEqualsClean(root, rendered: nil)
        let page = try read(output.appending(path: "es/a/index.html"))
        #expect(page.contains("Nuevo. ") && !page.contains("Pie de la caché"))
    }

    /// UI strings survive the cache's escaping: tabs, newlines, backslashes, empty strings.
    @Test func uiStringsRoundTripThroughTheCache() throws {
        let strings = ["es": ["a": "uno\tdos\ntres \\ cuatro", "b": "", "c": "ünïcode · ✓"], "pt": ["a": "um"]]
        let decoded = try #require(GroupLines.decode(Array(GroupLines.encode([:], order: ["es": ["x"]], strings: strings))[...]))
        #expect(decoded.strings == strings)
        #expect(decoded.order == ["es": ["x"]])
    }

    /// The plan takes the stamps the build took of the content folder moments before, and stamps
    /// an article itself only when they lack it: a stamp that differs from the cached one, or a
    /// racy one, renders the group again.
    @Test func thePlanComparesTheStampsItIsGiven() throws {
        let cache = try cacheOfFirstBuild(content: Self.small)
        let cached = try #require(cache.groups["a"]?.articles.first)
        let source = ArticleSource(lang: "es", slug: "a", path: "/nonexistent/es/a.md", displayPath: cached.displayPath)
        #expect(BuildPlan(sources: [source], previous: cache, known: ["es/a.md": cached.stamp]).reused["a"] != nil)
        var changed = cached.stamp
        changed.modified += 1
        #expect(BuildPlan(sources: [source], previous: cache, known: ["es/a.md": changed]).dirtyIndexes == [0])
        #expect(BuildPlan(sources: [source], previous: cache, known: ["es/a.md": FileStamp(size: cached.stamp.size, modified: -1)]).dirtyIndexes == [0])
        // Not given and not there to stat: rendered (and its error reported by the reader).
        #expect(BuildPlan(sources: [source], previous: cache, known: [:]).dirtyIndexes == [0])
    }

    /// A script the last build made is taken back from its output only if its bytes give the hash in its name.
    /// The template keys are made when the assets are, and stay those of their files when one is added.
    @Test func assetTemplateKeysAreThoseOfTheFiles() throws {
        let assets = try Assets.load(assetsDir: repositoryRoot.appending(path: "Templates/assets"), displayPrefix: "Templates/assets/")
        #expect(assets.files.count > 3)
        #expect(assets.templateKeys == Assets.templateKeys(of: assets.files))
        #expect(assets.templateKeys["style_css"]?.hasPrefix("assets/style.") == true)
        let more = assets.adding("model.js", Data("x".utf8))
        #expect(more.templateKeys == Assets.templateKeys(of: more.files))
        #expect(more.templateKeys.count == assets.templateKeys.count + 1 && more.templateKeys["model_js"] != nil)
    }

    @Test func generatedAssetsAreTakenBackOnlyWhenTheirBytesMatchTheirName() throws {
        let output = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(at: output.appending(path: "assets"), withIntermediateDirectories: true)
        let data = Data("window.LIFECYCLE_MODEL = {};\n".utf8)
        let path = "assets/" + Assets.hashedName("model.js", data)
        try data.write(to: output.appending(path: path))
        let made = SiteInputs.GeneratedAssets(output: output, paths: ["model.js": path, "other.js": "assets/../../other.js"])
        #expect(made.data("model.js") == data)
        #expect(made.data("other.js") == nil)
        #expect(made.data("names.es.js") == nil)
        try Data("window.LIFECYCLE_MODEL = {\"changed\": true};\n".utf8).write(to: output.appending(path: path))
        #expect(made.data("model.js") == nil)
    }
}
