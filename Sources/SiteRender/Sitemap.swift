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

    package var xml: String {
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
}
