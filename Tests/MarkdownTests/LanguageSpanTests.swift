import Diagnostics
import Testing

@testable import Markdown

/// `[words]{lang=en}`: words in another language than the page's, rendered `<span lang="en">`.
@Suite struct LanguageSpanTests {
    @Test func aSpanRendersWithItsLanguage() {
        #expect(html("Ver [Bonjour]{lang=fr}.") == "<p>Ver <span lang=\"fr\">Bonjour</span>.</p>\n")
        #expect(html("Ver [Bonjour]{lang=\"fr\"}.") == "<p>Ver <span lang=\"fr\">Bonjour</span>.</p>\n")
        #expect(html("[Olá]{lang=pt-BR}") == "<p><span lang=\"pt-BR\">Olá</span></p>\n")
    }

    /// The case the content needs: an official English title inside a localized link text.
    @Test func aTitleInsideALinkText() {
        #expect(
            html("[Documentación de Apple: [The *App* Life Cycle]{lang=en}](https://developer.apple.com/x)")
                == "<p><a href=\"https://developer.apple.com/x\">Documentación de Apple: <span lang=\"en\">The <em>App</em> Life Cycle</span></a></p>\n")
        #expect(
            html("[[Structures and Classes]{lang=en}](https://docs.swift.org/x)")
                == "<p><a href=\"https://docs.swift.org/x\"><span lang=\"en\">Structures and Classes</span></a></p>\n")
    }

    @Test func spansNestAndCrossLines() {
        #expect(html("[uno [dos]{lang=fr} tres]{lang=en}") == "<p><span lang=\"en\">uno <span lang=\"fr\">dos</span> tres</span></p>\n")
        #expect(html("a [The App\nLife Cycle]{lang=en} b") == "<p>a <span lang=\"en\">The App\nLife Cycle</span> b</p>\n")
        // Plain brackets inside are the words' own.
        #expect(html("[a [1] b]{lang=en}") == "<p><span lang=\"en\">a [1] b</span></p>\n")
    }

    /// Only `lang`: brackets in code are code, and Pandoc's other attributes stay text.
    @Test func whatIsNotASpan() {
        #expect(html("`[x]{lang=en}`") == "<p><code>[x]{lang=en}</code></p>\n")
        #expect(html("[x]{.clase} and a]{b}") == "<p>[x]{.clase} and a]{b}</p>\n")
        let document = MarkdownDocument.parse("[x]{.clase}", file: "t.md")
        #expect(document.languageSpanErrors().isEmpty)
    }

    /// A heading's id and table-of-contents text are its words, without the marks.
    @Test func headingTextHasNoMarks() {
        let document = MarkdownDocument.parse("## Con [Scene phase]{lang=en}", file: "t.md")
        #expect(document.plainText(of: document.nodes[0].children[0]) == "Con Scene phase")
        #expect(html("## Con [Scene phase]{lang=en}").hasPrefix("<h2 id=\"con-scene-phase\">Con <span lang=\"en\">Scene phase</span>"))
    }

    /// The table of contents keeps a heading's English words English: its text cut by language,
    /// the innermost span's language winning; nothing for a heading without spans.
    @Test func headingTextByLanguage() {
        func runs(_ source: String) -> [LanguageRun] {
            let document = MarkdownDocument.parse(source, file: "t.md")
            return document.languageRuns(of: document.nodes[0].children[0])
        }
        #expect(runs("## Guía: [Managing *your* `app`]{lang=en} y más") == [
            LanguageRun(text: "Guía: ", lang: nil), LanguageRun(text: "Managing your app", lang: "en"), LanguageRun(text: " y más", lang: nil),
        ])
        #expect(runs("## [uno [dos]{lang=fr} tres]{lang=en}") == [
            LanguageRun(text: "uno ", lang: "en"), LanguageRun(text: "dos", lang: "fr"), LanguageRun(text: " tres", lang: "en"),
        ])
        #expect(runs("## [The App]{lang=en}") == [LanguageRun(text: "The App", lang: "en")])
        #expect(runs("## Sin *marcas* `code`").isEmpty)
        #expect(runs("## [x]{.clase}").isEmpty)
    }

    /// The text after a span starts where it stands in the file (what a prose chain's place is
    /// counted from), and the tree is in document order.
    @Test func nodesAfterASpanKeepTheirPlace() throws {
        let document = MarkdownDocument.parse("Ver [The App]{lang=en} y *esto*.", file: "t.md")
        let texts = document.indices { $0 == .text }
        #expect(texts.map { document.nodes[$0].literal } == ["Ver ", "The App", " y ", "esto", "."])
        #expect(texts.map { document.start(of: $0).column } == [1, 6, 23, 27, 32])
        let span = try #require(document.indices { if case .languageSpan = $0 { true } else { false } }.first)
        #expect(document.start(of: span).column == 5)
        #expect(document.end(of: span).column == 22)
        #expect(document.nodes[span].children == [texts[1]])
        // Every node's children come after it and in order: document order.
        for index in document.nodes.indices {
            let children = document.nodes[index].children
            #expect(children.allSatisfy { $0 > index && document.nodes[$0].parent == index })
            #expect(children == children.sorted())
        }
    }

    @Test func unreadableMarksAreErrorsWhereTheyAre() {
        func errors(_ text: String) -> [String] {
            MarkdownDocument.parse(text, file: "t.md").languageSpanErrors().map {
                "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" + ($0.suggestion.map { " → \($0)" } ?? "")
            }
        }
        #expect(errors("a [b]{lang=english} c") == [
            "1:6 '{lang=english}' names no language: a span takes a language tag, such as {lang=en} or {lang=pt-BR}"
        ])
        #expect(errors("á [b]{ lang = en }") == ["1:6 '{ lang = en }' is written '{lang=en}', without spaces → {lang=en}"])
        #expect(errors("línea\nsin abrir]{lang=en}.") == [
            "2:10 ']{lang=en}' closes no '[': the words in another language go in brackets in the same paragraph, link or emphasis"
        ])
        #expect(errors("[b]{lang=en") == ["1:4 '{lang=en' is never closed: a span's language ends with '}'"])
        // An opening in another paragraph or inside emphasis does not count.
        #expect(errors("*[b*]{lang=en}").count == 1)
        // Such a mark is left as text.
        #expect(html("a [b]{lang=english}") == "<p>a [b]{lang=english}</p>\n")
    }

    @Test func languageTags() {
        for tag in ["en", "EN", "pt-BR", "zh-Hant-TW", "gsw", "es-419"] { #expect(LanguageSpans.isLanguageTag(tag), "\(tag)") }
        for tag in ["", "e", "english", "en-", "-en", "en_US", "e1", "en-toolongsubtag"] { #expect(!LanguageSpans.isLanguageTag(tag), "\(tag)") }
    }

    /// Brackets and a `]{` that make no span leave the text as cmark made it.
    @Test func aDocumentWithoutSpansIsTheSameTree() {
        let text = "Un [enlace](x.md) y [1] y `]{` y ]{ sin nada."
        let document = MarkdownDocument.parse(text, file: "t.md")
        #expect(document.indices { if case .languageSpan = $0 { true } else { false } }.isEmpty)
        #expect(html(text) == "<p>Un <a href=\"x.md\">enlace</a> y [1] y <code>]{</code> y ]{ sin nada.</p>\n")
    }
}
