import Testing
import Highlight

@Suite struct HTMLTests {
    @Test func escapesTextAndKeepsWhitespace() {
        let html = Highlighter.html("x < \"a&b\" // 1 > 0\n\tf()", language: .swift)
        #expect(html == "x &lt; "
            + "<span class=\"hl-string\">&quot;a&amp;b&quot;</span> "
            + "<span class=\"hl-comment\">// 1 &gt; 0</span>\n\t"
            + "<span class=\"hl-function\">f</span>()")
    }

    @Test func operatorsAndPunctuationTakeNoSpan() {
        #expect(Highlighter.html("a.b(c) + d", language: .kotlin) == "a.<span class=\"hl-function\">b</span>(c) + d")
    }

    @Test func emptyInputGivesEmptyHTML() {
        #expect(Highlighter.html("", language: .kotlin) == "")
    }

    @Test func tagsCallbackIdentifiers() {
        let options = HighlightOptions(taggedIdentifiers: ["onPause"])
        let html = Highlighter.html("override fun onPause() {}", language: .kotlin, options: options)
        #expect(html == "<span class=\"hl-keyword\">override</span> <span class=\"hl-keyword\">fun</span> "
            + "<span class=\"hl-function\" data-callback=\"onPause\">onPause</span>() {}")
    }

    @Test func tagsPlainIdentifiersWithABareSpan() {
        let options = HighlightOptions(taggedIdentifiers: ["onPause"])
        let html = Highlighter.html("::onPause", language: .kotlin, options: options)
        #expect(html == "::<span data-callback=\"onPause\">onPause</span>")
    }

    @Test func tagsKeywordCallbacks() {
        let options = HighlightOptions(taggedIdentifiers: ["deinit"])
        let html = Highlighter.html("deinit {", language: .swift, options: options)
        #expect(html == "<span class=\"hl-keyword\" data-callback=\"deinit\">deinit</span> {")
    }

    @Test func leavesNamesInStringsAndCommentsUntagged() {
        let options = HighlightOptions(taggedIdentifiers: ["onPause"])
        let html = Highlighter.html("// onPause\n\"onPause\"", language: .kotlin, options: options)
        #expect(!html.contains("data-callback"))
    }
}
