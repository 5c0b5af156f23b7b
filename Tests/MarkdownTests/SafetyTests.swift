import Testing

import Markdown

/// Raw HTML and dangerous URLs never reach the page as markup.
@Suite struct SafetyTests {
    @Test func rawHTMLBlockIsShownAsText() {
        #expect(
            html("<script>alert(1)</script>")
                == "<pre class=\"raw-html\"><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n")
        #expect(!html("<div onclick=\"x()\">\n\nhi\n\n</div>").contains("<div"))
    }

    @Test func rawInlineHTMLIsShownAsText() {
        #expect(html("a <script>alert(1)</script> b") == "<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>\n")
        #expect(html("<img src=x onerror=alert(1)>") == "<pre class=\"raw-html\"><code>&lt;img src=x onerror=alert(1)&gt;\n</code></pre>\n")
    }

    @Test(arguments: [
        "[x](javascript:alert(1))",
        "[x]( JAVASCRIPT:alert(1))",
        "[x](<  JavaScript:alert(1)>)",
        "[x](java&#9;script:alert(1))",
        "[x](&#x6A;avascript:alert(1))",
        "[x](javascript&colon;alert(1))",
        "[x](vbscript:msgbox(1))",
        "[x](file:///etc/passwd)",
        "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "[x](data:image/png;base64,AAAA)",
        "<javascript:alert(1)>",
    ])
    func unsafeLinksLoseTheirURL(_ markdown: String) {
        let output = html(markdown)
        #expect(!output.contains("<a"), "\(output)")
        #expect(!output.lowercased().contains("href"), "\(output)")
    }

    @Test func unsafeLinkKeepsItsText() {
        #expect(html("[x](javascript:alert(1))") == "<p>x</p>\n")
        #expect(html("[x]( JAVASCRIPT:alert(1))") == "<p>x</p>\n")
        #expect(html("[**bold**](vbscript:x) after") == "<p><strong>bold</strong> after</p>\n")
    }

    @Test func images() {
        #expect(html("![dot](data:image/png;base64,AAAA)") == "<p><img src=\"data:image/png;base64,AAAA\" alt=\"dot\" loading=\"lazy\"></p>\n")
        #expect(html("![dot](DATA:image/webp,AAAA)") == "<p><img src=\"DATA:image/webp,AAAA\" alt=\"dot\" loading=\"lazy\"></p>\n")
        #expect(html("![svg](data:image/svg+xml,<svg/>)") == "<p>svg</p>\n")
        #expect(html("![x](javascript:alert(1))") == "<p>x</p>\n")
        #expect(html("![x](file:///c:/a.png)") == "<p>x</p>\n")
    }

    @Test func ordinaryURLsAreKept() {
        #expect(html("[a](https://e.com) [b](/rel/path) [c](#frag) [d](mailto:x@y.z) [e](javascript-guide.html)")
            == "<p><a href=\"https://e.com\">a</a> <a href=\"/rel/path\">b</a> <a href=\"#frag\">c</a> "
            + "<a href=\"mailto:x@y.z\">d</a> <a href=\"javascript-guide.html\">e</a></p>\n")
    }
}
