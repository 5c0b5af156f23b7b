import Diagnostics
import Testing

import Markdown

@Suite struct CodeBlockTests {
    @Test func defaultRendering() {
        #expect(html("```swift\nlet a = \"<b>\"\n```") == "<pre><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot;\n</code></pre>\n")
        #expect(html("```\nplain\n```") == "<pre><code>plain\n</code></pre>\n")
        #expect(html("    indented") == "<pre><code>indented\n</code></pre>\n")
        #expect(html("```lifecycle ios-app api=28\nx\n```") == "<pre><code class=\"language-lifecycle\">x\n</code></pre>\n")
        #expect(html("```a\"b <c>\nx\n```") == "<pre><code class=\"language-a&quot;b\">x\n</code></pre>\n")
    }

    @Test func closureReceivesInfoCodeAndLocation() {
        let renderer = HTMLRenderer(codeBlockHTML: { info, code, location in
            "<div data-info=\"\(info)\" data-at=\"\(location.file):\(location.line):\(location.column)\">\(code)</div>"
        })
        #expect(
            html("Intro\n\n```lifecycle ios-app api=28\nstate A\n```\n\nAfter", renderer)
                == "<p>Intro</p>\n<div data-info=\"lifecycle ios-app api=28\" data-at=\"test.md:3:1\">state A\n</div>\n<p>After</p>\n")
        #expect(
            html("- item\n\n  ~~~\n  x\n  ~~~\n", renderer)
                == "<ul>\n<li>\n<p>item</p>\n<div data-info=\"\" data-at=\"test.md:3:3\">x\n</div>\n</li>\n</ul>\n")
    }

    @Test func closureReturningNilFallsBack() {
        let renderer = HTMLRenderer(codeBlockHTML: { info, _, _ in info == "mine" ? "<mine/>" : nil })
        #expect(html("```mine\nx\n```\n\n```other\ny\n```", renderer)
            == "<mine/>\n<pre><code class=\"language-other\">y\n</code></pre>\n")
    }
}
