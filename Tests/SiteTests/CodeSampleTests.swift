import Diagnostics
import Highlight
import Markdown
import Testing

@testable import SiteContent
@testable import SiteRender

/// The reader's code samples carry their block's node index and the language and tokens the
/// page highlights them with: the renderer pairs them by index, not by comparing code.
@Suite struct CodeSampleTests {
    /// Two blocks with the same code, an example between them, blocks in lists and quotes, a
    /// block in a language the site does not highlight and one with a Cyrillic info string.
    static let article = """
        ---
        title: Muestras
        ---
        ```swift
        let x = "<a> & 'b'"
        ```

        ```lifecycle ios-app
        launch -> inactive, active
        ```

        ```swift
        let x = "<a> & 'b'"
        ```

        - item

          ```kotlin
          val ж = 1 // коментар
          ```

        > ```KT title="x.kt"
        > fun f() {}
        > ```

        ```python
        print("no")
        ```

        ```пример
        x
        ```

        ```swift
        let x = "<a> & 'b'"
        ```
        """

    @Test func samplesHoldTheirNodeAndTheirLexedCode() throws {
        let text = try SourceText.decode(Array(Self.article.utf8), displayPath: "es/a.md")
        let (read, diagnostics) = try ArticleReader().read(text, lang: "es", slug: "a")
        let article = try #require(read, "\(diagnostics)")
        let blocks = article.document.nodes.indices.filter {
            if case .codeBlock = article.document.nodes[$0].kind { true } else { false }
        }
        #expect(article.article.codeSamples.map(\.node) == blocks)
        #expect(blocks.count == 8)
        for sample in article.article.codeSamples {
            let node = article.document.nodes[try #require(sample.node)]
            guard case .codeBlock(let info, _) = node.kind else { Issue.record("not a code block"); continue }
            #expect(sample.info == info)
            #expect(sample.code == node.literal)
            let language = CodeLanguage(infoString: info)
            #expect(sample.lexed?.language == language, "\(info)")
            #expect(sample.lexed?.tokens == language.map { Highlighter.tokens(node.literal, language: $0) }, "\(info)")
        }
        #expect(article.article.codeSamples.compactMap(\.lexed?.language) == [.swift, .swift, .kotlin, .kotlin, .swift])
    }

    /// The page highlights every Swift and Kotlin block (the three equal ones alike), and no other.
    @Test func thePageHighlightsEachBlockFromItsSample() throws {
        let text = try SourceText.decode(Array(Self.article.utf8), displayPath: "es/a.md")
        let read = try #require(try ArticleReader().read(text, lang: "es", slug: "a").article)
        let templates = try TemplateSet.load(templatesDir: repositoryRoot.appending(path: "Templates"), displayPrefix: "Templates/")
        let page = try ArticleRenderer(strings: UIStrings()).render(read, templates: templates)
        let body = String(decoding: page.bodyUTF8, as: UTF8.self)
        let swift = Highlighter.html(Highlighter.tokens("let x = \"<a> & 'b'\"\n", language: .swift), options: ArticleRenderer.highlightOptions)
        #expect(body.components(separatedBy: "<code class=\"language-swift\">" + swift + "</code>").count == 4)
        #expect(body.components(separatedBy: "<code class=\"language-kotlin\">").count == 3)
        #expect(!body.contains("data-lang=\"python\""))
        #expect(body.contains("print(&quot;no&quot;)"))
    }
}
