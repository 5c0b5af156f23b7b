import Diagnostics
import Testing

import Markdown

@Suite struct HTMLRendererTests {
    @Test func paragraphsAndInlines() {
        #expect(
            html("Para with `code`, *em*, **strong** and [link](http://x.com \"T\").")
                == "<p>Para with <code>code</code>, <em>em</em>, <strong>strong</strong> and <a href=\"http://x.com\" title=\"T\">link</a>.</p>\n"
        )
        #expect(html("a\nb") == "<p>a\nb</p>\n")
        #expect(html("a  \nb") == "<p>a<br>\nb</p>\n")
        #expect(html("---") == "<hr>\n")
        #expect(html("3. x\n4. y") == "<ol start=\"3\">\n<li>x</li>\n<li>y</li>\n</ol>\n")
        #expect(html("> quoted") == "<blockquote>\n<p>quoted</p>\n</blockquote>\n")
    }

    @Test func textIsEscaped() {
        #expect(html("a & b < c > d \"e\"") == "<p>a &amp; b &lt; c &gt; d &quot;e&quot;</p>\n")
        #expect(html("`<b>&`") == "<p><code>&lt;b&gt;&amp;</code></p>\n")
    }

    /// A long name in a code span may break at its words, never before its last `)`: a narrow
    /// callout wrapped `applicationWillResignActive(_:` and left `)` alone on the next line.
    @Test func longNamesInCodeSpansBreakAtTheirWords() {
        #expect(html("`applicationWillResignActive(_:)`") == "<p><code>application<wbr>Will<wbr>Resign<wbr>Active(_:)</code></p>\n")
        #expect(html("`application(_:didFinishLaunchingWithOptions:)`")
            == "<p><code>application(_:<wbr>did<wbr>Finish<wbr>Launching<wbr>With<wbr>Options:)</code></p>\n")
        #expect(html("`onPause`, `let a = b < c`") == "<p><code>onPause</code>, <code>let a = b &lt; c</code></p>\n")
        #expect(html("`Map<String,Int>&Other`") == "<p><code>Map&lt;String,Int&gt;&amp;Other</code></p>\n")
    }

    @Test func table() {
        #expect(
            html("| a | b | c |\n|:-|:-:|-:|\n| 1 | 2 | 3 |\n")
                == """
                <table>
                <thead>
                <tr>
                <th style="text-align: left">a</th>
                <th style="text-align: center">b</th>
                <th style="text-align: right">c</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td style="text-align: left">1</td>
                <td style="text-align: center">2</td>
                <td style="text-align: right">3</td>
                </tr>
                </tbody>
                </table>

                """)
        // No body rows: no <tbody>.
        #expect(html("| a |\n|---|\n") == "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n</table>\n")
    }

    @Test func taskList() {
        // The item's text labels its box.
        #expect(
            html("- [x] done\n- [ ] todo\n")
                == "<ul>\n<li class=\"task-list-item\"><label><input type=\"checkbox\" disabled checked> done</label></li>\n"
                + "<li class=\"task-list-item\"><label><input type=\"checkbox\" disabled> todo</label></li>\n</ul>\n")
        // In a loose list the box and its label go inside the paragraph.
        #expect(
            html("- [x] done\n\n- [ ] todo\n")
                == "<ul>\n<li class=\"task-list-item\">\n<p><label><input type=\"checkbox\" disabled checked> done</label></p>\n</li>\n"
                + "<li class=\"task-list-item\">\n<p><label><input type=\"checkbox\" disabled> todo</label></p>\n</li>\n</ul>\n")
        // Only the first paragraph is the label; a nested list stays outside it.
        #expect(
            html("- [ ] *a* [b](/b)\n  - [x] c\n")
                == "<ul>\n<li class=\"task-list-item\"><label><input type=\"checkbox\" disabled> <em>a</em> <a href=\"/b\">b</a></label>\n"
                + "<ul>\n<li class=\"task-list-item\"><label><input type=\"checkbox\" disabled checked> c</label></li>\n</ul>\n</li>\n</ul>\n")
    }

    @Test func taskWithoutTextIsNamedByTheOption() {
        #expect(
            html("- [ ] ![](box.png)\n- [x] &nbsp;\n", HTMLRenderer(taskLabel: "Tarea \"x\""))
                == "<ul>\n<li class=\"task-list-item\"><input type=\"checkbox\" disabled aria-label=\"Tarea &quot;x&quot;\"> "
                + "<img src=\"box.png\" alt=\"\" loading=\"lazy\"></li>\n"
                + "<li class=\"task-list-item\"><input type=\"checkbox\" disabled checked aria-label=\"Tarea &quot;x&quot;\"> \u{A0}</li>\n</ul>\n")
    }

    @Test func strikethrough() {
        #expect(html("~~gone~~ and ~also~") == "<p><del>gone</del> and <del>also</del></p>\n")
    }

    @Test func autolinks() {
        #expect(
            html("Visit www.example.com, https://example.org and <https://a.b/c>.")
                == "<p>Visit <a href=\"http://www.example.com\">www.example.com</a>, "
                + "<a href=\"https://example.org\">https://example.org</a> and <a href=\"https://a.b/c\">https://a.b/c</a>.</p>\n")
        #expect(html("mail me@example.com") == "<p>mail <a href=\"mailto:me@example.com\">me@example.com</a></p>\n")
    }

    @Test func images() {
        #expect(
            html("![Alt *text* `c`](/img.png \"Tip\")")
                == "<p><img src=\"/img.png\" alt=\"Alt text c\" title=\"Tip\" loading=\"lazy\"></p>\n")
    }

    @Test func urlsAreEscapedForAttributes() {
        #expect(html("[q](/a?b=1&c=2)") == "<p><a href=\"/a?b=1&amp;c=2\">q</a></p>\n")
        #expect(html("[q](</a b\"c>)") == "<p><a href=\"/a%20b%22c\">q</a></p>\n")
        #expect(html("[q](/ы \"say \\\"hi\\\"\")") == "<p><a href=\"/ы\" title=\"say &quot;hi&quot;\">q</a></p>\n")
    }

    /// What a valid URL cannot hold is percent-encoded, so the page stays valid HTML.
    @Test(arguments: [
        ("https://e.org/[a]?q=[1]#[x]", "https://e.org/%5Ba%5D?q=%5B1%5D#%5Bx%5D"),
        ("a[1].html", "a%5B1%5D.html"),
        ("mailto:a@b.c?subject=[x]", "mailto:a@b.c?subject=%5Bx%5D"),
        // Brackets stay around an IPv6 host.
        ("http://[::1]:8080/a[b]", "http://[::1]:8080/a%5Bb%5D"),
        ("//[::1]/x", "//[::1]/x"),
        // A % that starts no escape is itself escaped; real escapes are kept.
        ("https://e.org/100%", "https://e.org/100%25"),
        ("/a%zz%2", "/a%25zz%252"),
        ("/a%20b%C3%A9", "/a%20b%C3%A9"),
        // Only the first # starts the fragment.
        ("/a#b#c", "/a#b%23c"),
        ("#x", "#x"),
        ("/a|b^c", "/a%7Cb%5Ec"),
    ])
    func urlsAreMadeValid(_ url: String, _ expected: String) {
        #expect(html("[q](<\(url)>)") == "<p><a href=\"\(expected)\">q</a></p>\n")
        #expect(html("![q](<\(url)>)") == "<p><img src=\"\(expected)\" alt=\"q\" loading=\"lazy\"></p>\n")
    }

    @Test func headingsGetIdsAndAnchors() {
        let rendered = HTMLRenderer().render(MarkdownDocument.parse("Intro\n\n## Cuándo surge Inactive\n", file: "es.md"))
        #expect(
            rendered.html
                == "<p>Intro</p>\n<h2 id=\"cuándo-surge-inactive\">Cuándo surge Inactive "
                + "<a class=\"heading-anchor\" href=\"#cuándo-surge-inactive\" aria-label=\"Link to this section\">#</a></h2>\n"
        )
        #expect(
            rendered.headings == [
                Heading(
                    level: 2, id: "cuándo-surge-inactive", text: "Cuándo surge Inactive",
                    location: SourceLocation(file: "es.md", line: 3, column: 1))
            ])
    }

    @Test func anchorLabelAndAnchorsOff() {
        var renderer = HTMLRenderer()
        renderer.anchorLabel = "Връзка към \"раздела\""
        #expect(
            html("# Жизнен цикъл", renderer)
                == "<h1 id=\"жизнен-цикъл\">Жизнен цикъл <a class=\"heading-anchor\" href=\"#жизнен-цикъл\" "
                + "aria-label=\"Връзка към &quot;раздела&quot;\">#</a></h1>\n")
        renderer.headingAnchors = false
        #expect(html("### A *b* `c`", renderer) == "<h3 id=\"a-b-c\">A <em>b</em> <code>c</code></h3>\n")
    }

    @Test func duplicateHeadingsAreNumbered() {
        let rendered = HTMLRenderer(headingAnchors: false).render(
            MarkdownDocument.parse("# X\n## X\n## x\n## 🎉\n## !!!\n", file: "t.md"))
        #expect(rendered.headings.map(\.id) == ["x", "x-1", "x-2", "section", "section-1"])
        #expect(rendered.headings.map(\.level) == [1, 2, 2, 2, 2])
        #expect(rendered.headings.map(\.text) == ["X", "X", "x", "🎉", "!!!"])
        #expect(rendered.html.contains("<h2 id=\"x-2\">x</h2>"))
    }

    @Test func headingsKeepOffReservedIDs() {
        let renderer = HTMLRenderer(headingAnchors: false, reservedIDs: { ["main", "ex-1"].contains($0) })
        let rendered = renderer.render(MarkdownDocument.parse("## Main\n## main\n## Ex 1\n## Ex 2\n## Section main\n", file: "t.md"))
        #expect(rendered.headings.map(\.id) == ["section-main", "section-main-1", "section-ex-1", "ex-2", "section-main-2"])
        #expect(rendered.html.contains("<h2 id=\"section-ex-1\">Ex 1</h2>"))
    }

    @Test func footnotes() {
        #expect(
            html("A[^n] b[^n].\n\n[^n]: The *note*.\n")
                == """
                <p>A<sup class="footnote-ref"><a href="#fn:1" id="fnref:1">1</a></sup> b<sup class="footnote-ref"><a href="#fn:1" id="fnref:1:2">1</a></sup>.</p>
                <section class="footnotes">
                <h2 class="visually-hidden">Footnotes</h2>
                <ol>
                <li id="fn:1">
                <p>The <em>note</em>. <a href="#fnref:1" class="footnote-backref" aria-label="Back to content">↩</a> <a href="#fnref:1:2" class="footnote-backref" aria-label="Back to content">↩<sup>2</sup></a></p>
                </li>
                </ol>
                </section>

                """)
        // A definition not ending in a paragraph gets its back link on its own line.
        #expect(
            html("A[^c]\n\n[^c]:\n    ```\n    x\n    ```\n", HTMLRenderer(footnoteBackLabel: "Volver", footnotesTitle: "Notas <1>"))
                == """
                <p>A<sup class="footnote-ref"><a href="#fn:1" id="fnref:1">1</a></sup></p>
                <section class="footnotes">
                <h2 class="visually-hidden">Notas &lt;1&gt;</h2>
                <ol>
                <li id="fn:1">
                <pre><code>x
                </code></pre>
                <p><a href="#fnref:1" class="footnote-backref" aria-label="Volver">↩</a></p>
                </li>
                </ol>
                </section>

                """)
        // A reference without a definition stays text.
        #expect(html("A[^missing]") == "<p>A[^missing]</p>\n")
    }

    @Test func editedDocumentsRenderWhatChildrenSay() {
        // Callers may drop a leading title heading, as the site builder does.
        var doc = MarkdownDocument.parse("# Title\n\nBody\n", file: "t.md")
        doc.nodes[0].children.removeFirst()
        let rendered = HTMLRenderer().render(doc)
        #expect(rendered.html == "<p>Body</p>\n")
        #expect(rendered.headings.isEmpty)
    }
}
