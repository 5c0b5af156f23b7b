import Encoding
import Mustache
import SiteContent
import Translations

/// A `hreflang` alternate of a page: a language code (or `x-default`) and a URL.
package struct Alternate: Sendable {
    var hreflang: String
    var url: String
}

/// `sitemap.xml` with `xhtml:link` alternates, as search engines read them.
package struct Sitemap {
    package struct Entry {
        var url: String
        var alternates: [Alternate]

        package init(url: String, alternates: [Alternate]) {
            self.url = url
            self.alternates = alternates
        }
    }

    package var entries: [Entry] = []

    package init() {}

    /// The file's bytes, written as bytes: made as a string, it grew by an interpolation and two
    /// escaped copies for every alternate of every page.
    package func output() -> ByteOutput {
        var out = ByteOutput(capacity: 256 + entries.count * 640)
        out.append(utf8: """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">

            """)
        for entry in entries {
            out.append(utf8: "  <url>\n    <loc>")
            HTML.append(escaping: entry.url, to: &out)
            out.append(utf8: "</loc>\n")
            for alternate in entry.alternates {
                out.append(utf8: "    <xhtml:link rel=\"alternate\" hreflang=\"")
                HTML.append(escaping: alternate.hreflang, to: &out)
                out.append(utf8: "\" href=\"")
                HTML.append(escaping: alternate.url, to: &out)
                out.append(utf8: "\"/>\n")
            }
            out.append(utf8: "  </url>\n")
        }
        out.append(utf8: "</urlset>\n")
        return out
    }
}
