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

    /// Code blocks given HTML by node are written as given, in place, wherever they are nested.
    @Test func codeBlocksTakeTheirGivenHTML() {
        func replaced(_ markdown: String, _ make: (String, String) -> String?) -> String {
            let document = MarkdownDocument.parse(markdown, file: "test.md")
            var given: [Int: String] = [:]
            for index in document.indices(where: { if case .codeBlock = $0 { true } else { false } }) {
                guard case .codeBlock(let info, _) = document.nodes[index].kind else { continue }
                given[index] = make(info, document.nodes[index].literal)
            }
            return HTMLRenderer().render(document, replacing: given).html
        }
        #expect(
            replaced("Intro\n\n```lifecycle ios-app api=28\nstate A\n```\n\nAfter") { info, code in "<div data-info=\"\(info)\">\(code)</div>" }
                == "<p>Intro</p>\n<div data-info=\"lifecycle ios-app api=28\">state A\n</div>\n<p>After</p>\n")
        #expect(
            replaced("- item\n\n  ~~~\n  x\n  ~~~\n") { info, code in "<div data-info=\"\(info)\">\(code)</div>" }
                == "<ul>\n<li>\n<p>item</p>\n<div data-info=\"\">x\n</div>\n</li>\n</ul>\n")
        // A block without given HTML falls back to the default rendering.
        #expect(replaced("```mine\nx\n```\n\n```other\ny\n```") { info, _ in info == "mine" ? "<mine/>" : nil }
            == "<mine/>\n<pre><code class=\"language-other\">y\n</code></pre>\n")
    }

    /// A text run given HTML replaces only that run; the others are escaped as usual.
    @Test func textRunsTakeTheirGivenHTML() {
        let document = MarkdownDocument.parse("a <b> [c](x) d", file: "test.md")
        let texts = document.indices(where: { if case .text = $0 { true } else { false } })
        let inLink = texts.filter { document.isInsideLink($0) }
        #expect(inLink.count == 1 && document.nodes[inLink[0]].literal == "c")
        let html = HTMLRenderer().render(document, replacing: [inLink[0]: "<mark>C</mark>"]).html
        #expect(html == "<p>a &lt;b&gt; <a href=\"x\"><mark>C</mark></a> d</p>\n")
    }
}
