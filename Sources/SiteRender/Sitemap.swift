import Encoding
import Mustache
import SiteContent
import Translations

/// A `hreflang` alternate of a page: a language code (or `x-default`) and a URL.
package struct Alternate: Sendable {
    var hreflang: String
    var url: String
}

/// `sitemap.xml` with `xhtml:link` alternates, as search engines read them, written entry by
/// entry into its bytes: 20,000 pages kept as entries (each URL a String) until written held
/// 23 MB at the very end of a build, its peak of memory (issue 18).
package struct Sitemap: ~Copyable {
    private var out: ByteOutput

    /// `capacity`: the bytes to reserve (`capacity(entries:alternates:longestURL:)`), so the
    /// output is not copied into a twice larger buffer near its end.
    package init(capacity: Int = 256) {
        out = ByteOutput(capacity: capacity)
        out.append(utf8: """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">

            """)
    }

    /// At least the bytes of `entries` entries with `alternates` alternates in all, no URL longer
    /// than `longestURL` bytes, when nothing needs escaping: untouched room costs no memory.
    package static func capacity(entries: Int, alternates: Int, longestURL: Int) -> Int {
        let longestHreflang = 16
        return 256 + entries * (32 + longestURL) + alternates * (48 + longestHreflang + longestURL)
    }

    package mutating func add(url: String, alternates: [Alternate]) {
        out.append(utf8: "  <url>\n    <loc>")
        HTML.append(escaping: url, to: &out)
        out.append(utf8: "</loc>\n")
        for alternate in alternates {
            out.append(utf8: "    <xhtml:link rel=\"alternate\" hreflang=\"")
            HTML.append(escaping: alternate.hreflang, to: &out)
            out.append(utf8: "\" href=\"")
            HTML.append(escaping: alternate.url, to: &out)
            out.append(utf8: "\"/>\n")
        }
        out.append(utf8: "  </url>\n")
    }

    /// The file's bytes, the urlset closed.
    package consuming func output() -> ByteOutput {
        out.append(utf8: "</urlset>\n")
        return out
    }
}
