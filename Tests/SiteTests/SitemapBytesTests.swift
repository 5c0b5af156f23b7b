import Encoding
import Testing
import TestSupport

@testable import SiteRender

/// `sitemap.xml` is written as bytes; it must be the text the string version (kept here as
/// the reference) made, over random URLs and language codes with the five specials, non-ASCII
/// text and marks. `SITEMAP_SEED` shifts the seed.
@Suite struct SitemapBytesTests {
    /// `Sitemap.xml` of 8372fcf.
    static func referenceXML(_ entries: [(url: String, alternates: [Alternate])]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">

            """
        for entry in entries {
            out += "  <url>\n    <loc>\(HTML.escape(entry.url))</loc>\n"
            for alternate in entry.alternates {
                out += "    <xhtml:link rel=\"alternate\" hreflang=\"\(HTML.escape(alternate.hreflang))\" href=\"\(HTML.escape(alternate.url))\"/>\n"
            }
            out += "  </url>\n"
        }
        return out + "</urlset>\n"
    }

    static let pieces = ["https://docs.example.org/", "es/", "a/", "&", "<", ">", "\"", "'", "caf\u{E9}", "e\u{301}", "\u{436}", "?q=1&r=2", "x-default", "pt-BR"]

    @Test func bytesAreTheStringsText() {
        var random = SeededRandom(seed: 5656 &+ SeededRandom.seedOffset("SITEMAP_SEED"))
        func text() -> String { (0..<random.below(6)).map { _ in random.pick(Self.pieces) }.joined() }
        var alternates = 0
        for _ in 0..<200 {
            var sitemap = Sitemap()
            var entries: [(url: String, alternates: [Alternate])] = []
            for _ in 0..<random.below(8) {
                let entryAlternates = (0..<random.below(5)).map { _ in Alternate(hreflang: text(), url: text()) }
                alternates += entryAlternates.count
                entries.append((text(), entryAlternates))
                sitemap.add(url: entries.last!.url, alternates: entryAlternates)
            }
            #expect(sitemap.output().withBytes { Array($0) } == Array(Self.referenceXML(entries).utf8))
        }
        #expect(alternates > 500)
    }

    /// The room reserved holds the file when nothing needs escaping, so its bytes are never
    /// copied into a larger buffer: the longest URLs and hreflangs a site has.
    @Test func reservedRoomHoldsTheSitemap() {
        let longURL = "https://docs.example.org/" + String(repeating: "s", count: 90) + "/"
        let hreflangs = ["es", "pt-BR", "zh-Hant-TW", "x-default"]
        var sitemap = Sitemap()
        var entries = 0
        var alternates = 0
        for count in 0..<300 {
            let entryAlternates = hreflangs.prefix(count % 5).map { Alternate(hreflang: $0, url: longURL) }
            sitemap.add(url: longURL, alternates: entryAlternates)
            entries += 1
            alternates += entryAlternates.count
        }
        let bytes = sitemap.output().count
        let capacity = Sitemap.capacity(entries: entries, alternates: alternates, longestURL: longURL.utf8.count)
        #expect(bytes <= capacity)
        // And not grossly more: the bound is a few bytes an entry above the file.
        #expect(capacity < bytes + bytes / 4)
    }
}
