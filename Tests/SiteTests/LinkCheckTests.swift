import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// `check` follows every internal link and anchor of every page, in every language.
@Suite struct LinkCheckTests {
    static let content = [
        "site.yml": """
            baseURL: "https://docs.example.org/"
            defaultLanguage: es
            languages:
              - {code: es, name: Español, title: Sitio}
              - {code: it, name: Italiano, title: Sito}

            """,
        "es/a.md": """
            ---
            title: A
            ---
            ## Primera parte

            Bien: [b](../b/), [segunda](../b/index.html#segunda), [aquí](#primera-parte), [raíz](/es/b/),
            [absoluto](https://docs.example.org/es/b/#segunda), [fuera](https://example.com/x), [correo](mailto:a@example.com),
            [simulador](../playground/index.html), [estilo](../../sitemap.xml).

            Mal: [nada](../zzz/), [ancla](../b/#segundo), [traducción](../c/), [arriba](../../../x), [raíz](/otro/).

            """,
        "es/b.md": "---\ntitle: B\n---\n## Segunda\n\nTexto.\n",
        "it/c.md": "---\ntitle: C\n---\nTesto.\n",
    ]

    @Test func everyBrokenLinkIsReportedWhereItIsWritten() throws {
        let root = try makeProject(content: Self.content)
        let result = SiteBuilder.check(buildOptions(root))
        let prefix = root.appending(path: "Content").path + "/"
        let lines = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(prefix, with: "") }
        #expect(lines == [
            "es/a.md:10:6: error: broken link '../zzz/': no page or file es/zzz/index.html in the site",
            "es/a.md:10:23: error: broken link '../b/#segundo': es/b/index.html has no anchor '#segundo'\n    suggestion: #segunda",
            "es/a.md:10:47: error: broken link '../c/': the article 'c' has no es version; it exists in Italiano (it)\n    suggestion: ../../it/c/index.html",
            "es/a.md:10:68: error: broken link '../../../x': it leads above the site's root",
            "es/a.md:10:90: error: broken link '/otro/': no page or file otro/index.html in the site",
        ])
        #expect(!result.succeeded)
    }

    /// A mistyped article's link suggests the article of that language closest to it, written
    /// as the link was (a folder or its index.html); an article only another language has is not offered.
    @Test func aMistypedArticleSuggestsTheClosestOne() throws {
        let root = try makeProject(content: [
            "site.yml": Self.content["site.yml"] ?? "",
            "es/guia-larga.md": "---\ntitle: Guía\n---\nTexto.\n",
            "it/solo-italiano.md": "---\ntitle: Solo\n---\nTesto.\n",
            "es/x.md": "---\ntitle: X\n---\n[a](../guia-larg/) [b](../guia-larg/index.html) [c](../solo-italian/)\n",
        ])
        let result = SiteBuilder.check(buildOptions(root))
        #expect(result.diagnostics.map(\.suggestion) == ["../guia-larga/", "../guia-larga/index.html", nil])
        #expect(result.diagnostics.map(\.message) == [
            "broken link '../guia-larg/': no page or file es/guia-larg/index.html in the site",
            "broken link '../guia-larg/index.html': no page or file es/guia-larg/index.html in the site",
            "broken link '../solo-italian/': no page or file es/solo-italian/index.html in the site",
        ])
    }

    @Test func aSiteUnderASubPathKnowsWhatIsOutsideIt() throws {
        let root = try makeProject(content: [
            "site.yml": "baseURL: \"https://example.org/docs/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: Sitio}\n",
            "es/a.md": "---\ntitle: A\n---\n[dentro](/docs/es/a/) [fuera](/blog/)\n",
        ])
        let result = SiteBuilder.check(buildOptions(root))
        let prefix = root.appending(path: "Content").path + "/"
        #expect(result.diagnostics.map { DiagnosticFormatter.text($0).replacing(prefix, with: "") } == [
            "es/a.md:4:23: error: broken link '/blog/': it is outside the site, which lives under /docs/"
        ])
    }

    /// A build checks links as `check` does (Docusaurus's default) and writes nothing when one
    /// is broken; `brokenLinks: warn` in site.yml makes them warnings and the site is written.
    @Test func aBuildFailsOnABrokenLinkUnlessSiteYmlSaysWarn() throws {
        let root = try makeProject(content: Self.content)
        let checked = SiteBuilder.check(buildOptions(root))
        let built = SiteBuilder.build(buildOptions(root))
        #expect(!built.succeeded)
        #expect(built.diagnostics == checked.diagnostics)
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public").path))

        let site = root.appending(path: "Content/site.yml")
        try write(Data((try read(site) + "brokenLinks: warn\n").utf8), to: site)
        let warned = SiteBuilder.build(buildOptions(root))
        #expect(warned.succeeded)
        #expect(warned.diagnostics.map(\.message) == checked.diagnostics.map(\.message))
        #expect(warned.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "public/es/a/index.html").path))
    }

    /// A link or heading typed with accents apart (NFD, as macOS file names and some keyboards
    /// write them) leads where its precomposed twin does: ids and link fragments are NFC. One
    /// percent-encoded in NFD cannot be precomposed unseen: its error says why the two differ.
    @Test func accentsTypedApartLeadToTheSameHeading() throws {
        let site = "baseURL: \"/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: S}\n"
        let root = try makeProject(content: [
            "site.yml": site,
            "es/a.md": "---\ntitle: A\n---\n[nfc](b.md#cu\u{E1}ndo) [nfd](b.md#cua\u{301}ndo) [aquí](#ma\u{301}s)\n\n## Más\n",
            "es/b.md": "---\ntitle: B\n---\n## Cua\u{301}ndo\n\nTexto.\n",
        ])
        let built = SiteBuilder.build(buildOptions(root))
        #expect(built.succeeded && built.diagnostics.isEmpty, "\(built.diagnostics.map(DiagnosticFormatter.text))")
        // By bytes: `String` comparisons would take either form for the other.
        let a = try Data(contentsOf: root.appending(path: "public/es/a/index.html"))
        let b = try Data(contentsOf: root.appending(path: "public/es/b/index.html"))
        let acuteApart = Data("\u{301}".utf8)
        #expect(b.range(of: Data("id=\"cu\u{E1}ndo\"".utf8)) != nil && b.range(of: Data("id=\"cua\u{301}ndo\"".utf8)) == nil)
        #expect(a.range(of: Data("href=\"#m\u{E1}s\"".utf8)) != nil && a.range(of: acuteApart) == nil)
        #expect(a.ranges(of: Data("index.html#cu\u{E1}ndo\"".utf8)).count == 2)

        try write(Data("---\ntitle: A\n---\n[nfc](b.md#cu\u{E1}ndo) [nfd](b.md#cua%CC%81ndo)\n".utf8), to: root.appending(path: "Content/es/a.md"))
        let checked = SiteBuilder.check(buildOptions(root))
        #expect(checked.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) → \($0.suggestion ?? "")" } == [
            "4:20 broken link 'b.md#cua%CC%81ndo': es/b/index.html has no anchor '#cua\u{301}ndo' as its bytes spell it: the link's accents are apart (Unicode NFD), the id's are precomposed (NFC), and browsers compare them code point by code point → #cu%C3%A1ndo"
        ])
    }

    @Test func brokenLinksMustBeErrorOrWarn() throws {
        let root = try makeProject(content: ["site.yml": "baseURL: \"/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: S}\nbrokenLinks: maybe\n", "es/a.md": "# A\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.diagnostics.map(\.message) == ["'brokenLinks' must be 'error' (a broken link fails the build) or 'warn'"])
        #expect(result.diagnostics.first?.location?.line == 5)
    }

    /// An incremental build checks the pages it renders, and the links of the others into a
    /// page that lost an anchor.
    @Test func anIncrementalBuildFindsALinkBrokenByAnotherPagesEdit() throws {
        let root = try makeProject(content: [
            "site.yml": Self.content["site.yml"] ?? "",
            "es/a.md": "---\ntitle: A\n---\n## Uno\n\n[a b](b.md#segunda)\n",
            "es/b.md": "---\ntitle: B\n---\n## Segunda\n\nTexto.\n",
        ])
        Thread.sleep(forTimeInterval: 0.06)
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        Thread.sleep(forTimeInterval: 0.06)
        let before = try snapshot(root.appending(path: "public"))
        try write(Data("---\ntitle: B\n---\n## Tercera\n\nTexto.\n".utf8), to: root.appending(path: "Content/es/b.md"))
        Thread.sleep(forTimeInterval: 0.06)
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.message) == ["a link on this page to '../b/index.html#segunda' broke: es/b/index.html has no anchor '#segunda'"])
        #expect(result.diagnostics.first?.location?.file == "es/a/index.html")
        #expect(try snapshot(root.appending(path: "public")) == before, "a failed build writes nothing")
    }

    /// Every link of every page a build writes (the templates' too), and those `check` sees.
    @Test func theRepositorysLinksAndAnchorsAllResolve() throws {
        var options = BuildOptions(
            contentDir: repositoryRoot.appending(path: "Content").path, templatesDir: repositoryRoot.appending(path: "Templates").path)
        let checked = SiteBuilder.check(options)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics.map(DiagnosticFormatter.text))")
        options.outputDir = try makeTemporaryDirectory().appending(path: "public").path
        let built = SiteBuilder.build(options)
        #expect(built.succeeded && built.diagnostics.isEmpty, "\(built.diagnostics.map(DiagnosticFormatter.text))")
    }

    @Test func templateLinksAreCheckedOnTheGeneratedPage() throws {
        let root = try makeProject(content: Self.content, templates: [
            "partials/toc.mustache": "<nav><a href=\"#nowhere\">x</a></nav>\n"
        ])
        // `check` renders every page as a build does, in memory: both report the link on the page.
        for result in [SiteBuilder.check(buildOptions(root)), SiteBuilder.build(buildOptions(root))] {
            let messages = result.diagnostics.map(DiagnosticFormatter.text)
            // Reported where the template writes it, with the page where it is.
            #expect(messages.contains {
                $0.contains("Templates/partials/toc.mustache:1:15: error: broken link in the templates: es/b/index.html has no anchor '#nowhere'")
                    && $0.contains("note: on es/b/index.html:")
            }, "\(messages)")
        }
    }

    /// A page's own anchors are checked against its ids when it is read: many anchors and ids,
    /// percent-encoded ones, one whose id is missing, one with an encoded newline.
    @Test func ownAnchorsAreCheckedAgainstThePagesIDs() {
        var html = "<h2 id=\"año\">x</h2>\n<p id=\"a b\">y</p>\n"
        for n in 0..<300 { html += "<h3 id=\"s-\(n)\">t</h3><a href=\"#s-\(n)\">s</a>\n" }
        html += "<a href=\"#a%C3%B1o\">1</a> <a href=\"#a%20b\">2</a> <a href=\"#s-300\">3</a> <a href=\"#s-1%0As-2\">4</a> <a href=\"#\">5</a>\n"
        let links = PageLinks(html: Data(html.utf8))
        // "s-1\ns-2" is found as PageIDs has always found it: two ids in a row.
        #expect(links.links.map(\.url) == ["#s-300"])
        #expect(links.ids.all.count == 302 && links.ids.contains("s-299") && !links.ids.contains("s-300"))
        // The column of the first broken anchor: after `<a href="#a%C3%B1o">1</a> <a href="#a%20b">2</a> <a href="`.
        #expect(links.links.first?.line == 303 && links.links.first?.column == 59)
    }

    /// The scan of every page a build writes keeps only the links' URLs: the same URLs, in the
    /// same order, as the full scan, own anchors with an encoded newline included.
    @Test func aURLsOnlyScanKeepsTheFullScansURLs() {
        var html = "<h2 id=\"año\">x</h2>\n<p id=\"a b\">y</p>\n<a href=\"https://elsewhere.org/\">e</a> <a href=\"/es/a/\">é</a>\n"
        for n in 0..<50 { html += "<h3 id=\"s-\(n)\">t</h3><a href=\"#s-\(n)\">s</a> <img src=\"../i\(n).png\">\n" }
        html += "<a href=\"#a%C3%B1o\">1</a> <a href=\"#s-1%0As-2\">2</a> <a href=\"#s-2%0As-1\">3</a> <a href=\"#gone\">4</a> <a href=\"a&amp;b\">5</a>\n"
        let full = PageLinks(html: Data(html.utf8), siteURL: "https://docs.example.org/")
        let urlsOnly = PageLinks.distinctURLs(html: Data(html.utf8), siteURL: "https://docs.example.org/")
        let urls = full.links.map(\.url)
        #expect(urls.count == 54 && urls.suffix(3) == ["a&b", "#s-2%0As-1", "#gone"] && !urls.contains("#s-1%0As-2"))
        #expect((0..<UInt32(urlsOnly.count)).map { urlsOnly[$0] } == urls)
        #expect(full.ids.all.count == 52)
    }

    @Test(arguments: [
        ("a/b", "es/x/", "es/x/a/b"), ("../b/", "es/x/", "es/b/"), ("", "es/x/", "es/x/"), (".", "es/x/", "es/x/"),
        ("..", "es/x/", "es/"), ("../../..", "es/x/", nil), ("./c/../d", "", "d"),
    ] as [(String, String, String?)])
    func relativePathsResolveLikeABrowser(path: String, from: String, expected: String?) {
        #expect(SiteLinks.resolve(path, from: from) == expected)
    }

    /// `resolve` as it was before its common case went to bytes: `hasPrefix` on Characters.
    static func resolveByCharacters(_ path: String, from: String) -> String? {
        var climbs = 0
        var rest = path[...]
        while rest.hasPrefix("../") {
            climbs += 1
            rest = rest.dropFirst(3)
        }
        func holds(_ first: Character, _ second: Character) -> Bool { zip(rest.utf8, rest.utf8.dropFirst()).contains { $0 == first.asciiValue && $1 == second.asciiValue } }
        if rest.utf8.first != UInt8(ascii: ".") && rest.utf8.first != UInt8(ascii: "/") && !holds("/", ".") && !holds("/", "/") {
            var kept = from.utf8[...]
            if kept.last == UInt8(ascii: "/") { kept = kept.dropLast() }
            for _ in 0..<climbs {
                guard !kept.isEmpty else { return nil }
                kept = kept[..<(kept.lastIndex(of: UInt8(ascii: "/")) ?? kept.startIndex)]
            }
            let prefix = String(Substring(kept))
            return prefix.isEmpty ? String(rest) : prefix + "/" + rest
        }
        return SiteLinks.resolveBySegments(path, from: from)
    }

    /// Every path of up to four segments from pieces links are made of, from folders of every depth.
    @Test func bytesResolveAsCharactersDid() {
        let pieces = ["..", ".", "", "a", "b.html", "es", "é", "\u{301}x", "x#y", "index.html?q=1"]
        var paths = [""]
        for _ in 0..<4 { paths += paths.flatMap { path in pieces.map { path.isEmpty ? $0 : path + "/" + $0 } } }
        paths = Array(Set(paths)).sorted()
        var fast = 0
        for from in ["", "es/", "es/x/", "es/x/y/", "a/b/c/d/", "es/x"] {
            for path in paths {
                #expect(SiteLinks.resolve(path, from: from) == Self.resolveByCharacters(path, from: from), "\(path.debugDescription) from \(from)")
                if SiteLinks.climbed(path, from: from) != .otherKind { fast += 1 }
            }
        }
        // Both ways were taken often.
        #expect(fast > 1000)
        #expect(fast < paths.count * 6 - 1000)
    }
}

/// The table a full build keeps every output path and link URL in until its link check.
@Suite struct StringTableTests {
    @Test func numbersEachStringOnceInTheOrderAdded() {
        var table = StringTable()
        let words = (0..<1000).map { "es/página-\($0)/index.html" } + ["", "a", "ä", "#x"]
        for (index, word) in words.enumerated() { #expect(table.number(word) == UInt32(index)) }
        // Added again: the same numbers, nothing new.
        for (index, word) in words.enumerated().reversed() { #expect(table.number(word) == UInt32(index)) }
        #expect(table.count == words.count)
        for (index, word) in words.enumerated() {
            #expect(table[UInt32(index)] == word)
            #expect(table.find(word) == UInt32(index))
        }
        #expect(!table.contains("es/página-1000/index.html") && !table.contains("es/página-1/index.htm") && table.contains(""))
        #expect(StringTable().find("a") == nil)
    }

    @Test func ordersByBytes() {
        var table = StringTable()
        let words = ["b", "a/index.html", "a", "", "ab", "a/", "é", "z"]
        for word in words { _ = table.number(word) }
        let sorted = (0..<UInt32(words.count)).sorted { table.precedes($0, $1) }.map { table[$0] }
        #expect(sorted == words.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func collectedPagesKeepEachPagesDistinctLinks() {
        let collector = PageCollector(siteURL: "https://docs.example.org/")
        collector.add("es/b/index.html", Data("<a href=\"../a/\">a</a> <a href=\"../a/\">a</a> <a href=\"https://other.org/\">o</a>".utf8))
        collector.add("search/es/b.json", Data("{}".utf8))
        collector.add("es/a/index.html", Data("<p id=\"x\"><a href=\"../b/#y\">b</a><a href=\"../a/\">a</a></p>".utf8))
        let collected = collector.collected
        #expect(collected.files.count == 3 && collected.files.contains("search/es/b.json"))
        #expect(collected.pagesByPath.map { collected.path(of: $0) } == ["es/a/index.html", "es/b/index.html"])
        #expect(collected.linkNumbers(of: 0).map { collected.urls[$0] } == ["../a/"])
        #expect(collected.linkNumbers(of: 1).map { collected.urls[$0] } == ["../b/#y", "../a/"])
    }
}
