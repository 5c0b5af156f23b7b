import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// Builds of small projects: what is written, what is refused, and what a failure leaves behind.
@Suite struct BuildTests {
    static let siteYML = """
        baseURL: "https://docs.example.org/"
        defaultLanguage: es
        languages:
          - code: es
            name: Español
            title: "Sitio"
          - code: bg
            name: Български
            title: "Сайт"
        """

    /// Builds `content` with the real templates; the messages have the temporary root removed.
    func build(_ content: [String: String], templates: [String: String] = [:]) throws -> (root: URL, result: BuildResult, messages: [String]) {
        let root = try makeProject(content: content, templates: templates)
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        return (root, result, messages)
    }

    @Test func aMinimalSiteBuilds() throws {
        let (root, result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/hola.md": "---\ntitle: Hola\n---\n\nTexto.\n",
            "bg/hola.md": "---\ntitle: Здравей\n---\n\nТекст.\n",
        ])
        #expect(messages == [])
        #expect(result.succeeded)
        #expect(result.articlesPerLanguage.map(\.count) == [1, 1])
        #expect(result.summaryLine.hasPrefix("Built 2 articles (es 1, bg 1), "))
        let page = try read(root.appending(path: "public/bg/hola/index.html"))
        #expect(page.contains("<h1>Здравей</h1>"))
        #expect(page.contains("<meta name=\"description\" content=\"Текст.\">"))
    }

    @Test func withoutSiteYMLTheFoldersAreTheLanguages() throws {
        let (root, result, messages) = try build([
            "it/uno.md": "# Uno\n\nPrimo.\n",
            "es/dos.md": "Sin título de front matter.\n\n# Dos\n",
        ])
        // es/dos.md starts with a paragraph, so it has no title.
        #expect(messages == [
            "Content/es/dos.md:1:1: error: the article has no title\n    suggestion: add 'title: …' to the front matter or start the article with a '# ' heading"
        ])
        #expect(!result.succeeded)
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public").path))

        let (root2, result2, messages2) = try build(["it/uno.md": "# Uno\n\nPrimo.\n", "es/dos.md": "---\ntitle: Dos\n---\n"])
        #expect(messages2 == [])
        #expect(result2.articlesPerLanguage.map(\.lang) == ["es", "it"])
        let page = try read(root2.appending(path: "public/it/uno/index.html"))
        #expect(page.contains("<h1>Uno</h1>"))
        #expect(!page.contains("<h1 id="), "the title heading is not rendered twice")
    }

    @Test func aFailedBuildLeavesThePreviousSiteByteIdentical() throws {
        let (root, first, _) = try build(["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\nUno.\n"])
        #expect(first.succeeded)
        let output = root.appending(path: "public")
        let before = try snapshot(output)
        #expect(before.count > 5)

        try write(["Content/es/a.md": "---\ntitle: [A\n---\nUno.\n"], under: root)
        let second = SiteBuilder.build(buildOptions(root))
        #expect(!second.succeeded)
        #expect(try snapshot(output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix(".public.staging") || $0.hasPrefix(".public.old") }
        #expect(leftovers == [])
    }

    @Test func everyErrorIsReportedNotJustTheFirst() throws {
        let (_, result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: A\n",
            "es/b.md": "---\ntitle: [1, 2]\n---\n",
            "fr/c.md": "---\ntitle: C\n---\n",
            "es/Bad Name.md": "x",
        ])
        #expect(!result.succeeded)
        #expect(messages == [
            "Content/es/Bad Name.md: error: 'Bad Name' is not a valid article name: use lowercase letters, digits and '-'\n    suggestion: rename it to 'bad-name.md'",
            "Content/es/a.md:1:1: error: front matter is not closed: add a line '---' after it",
            "Content/es/b.md:2:8: error: 'title' must be a string",
            "Content/fr: error: unknown language folder 'fr'\n    note: the languages in Content/site.yml are: es, bg\n    suggestion: add 'fr' to the languages in site.yml, or rename the folder",
        ])
    }

    @Test func aMissingUIStringNamesTheKeyAndTheFile() throws {
        let bg = try read(repositoryRoot.appending(path: "Templates/i18n/bg.yml"))
            .split(separator: "\n").filter { !$0.hasPrefix("onThisPage:") }.joined(separator: "\n")
        let (_, result, messages) = try build(
            ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"], templates: ["i18n/bg.yml": bg])
        #expect(!result.succeeded)
        #expect(messages == ["Templates/i18n/bg.yml: error: missing UI string 'onThisPage' (present in es.yml)"])
    }

    @Test func aMissingPartialIsAnErrorAtTheTag() throws {
        let (_, result, messages) = try build(
            ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"],
            templates: ["article.mustache": "{{<base}}\n{{$content}}\n  {{> partials/nowhere}}\n{{/content}}\n{{/base}}\n"])
        #expect(!result.succeeded)
        #expect(messages == ["Templates/article.mustache:3:3: error: partial 'partials/nowhere' not found"])
    }

    /// A UI string no i18n file has would render nothing on every page: an error at its tag,
    /// with the nearest key; any tag kind, any template.
    @Test func aMisspeltUIStringInATemplateIsAnErrorAtItsTag() throws {
        let toc = try read(repositoryRoot.appending(path: "Templates/partials/toc.mustache"))
        #expect(toc.contains("{{t.onThisPage}}"))
        let (_, result, messages) = try build(
            ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"],
            templates: [
                "partials/toc.mustache": toc.replacing("{{t.onThisPage}}", with: "{{t.onThisPag}}"),
                "404.mustache": "{{<base}}{{$content}}\n<p>{{#t.notFoundTitle}}x{{/t.notFoundTitle}} {{{ t.nada }}}</p>{{/content}}{{/base}}\n",
            ])
        #expect(!result.succeeded)
        #expect(messages == [
            "Templates/404.mustache:2:46: error: unknown UI string 't.nada': no Templates/i18n file has it, so it would render nothing",
            "Templates/partials/toc.mustache:3:23: error: unknown UI string 't.onThisPag': no Templates/i18n file has it, so it would render nothing\n    suggestion: t.onThisPage",
        ])
    }

    /// A heading's words in another language keep their `lang` in the table of contents (a screen
    /// reader reads the entry with the right voice); other entries are the escaped text.
    @Test func theTableOfContentsKeepsAHeadingsLanguageSpans() throws {
        let (root, result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: A\n---\n## Guía de [Tom & \"Jerry\"]{lang=en}\n\nUno.\n\n## Dos < tres\n\nDos.\n",
        ])
        #expect(result.succeeded, "\(messages)")
        let page = try read(root.appending(path: "public/es/a/index.html"))
        #expect(page.contains("<li><a href=\"#guía-de-tom-jerry\">Guía de <span lang=\"en\">Tom &amp; &quot;Jerry&quot;</span></a></li>"))
        #expect(page.contains("<li><a href=\"#dos-tres\">Dos &lt; tres</a></li>"))
    }

    /// A variable tag whose name the page does not give would render nothing: an error at the
    /// tag, with the nearest name; a section of a missing name stays optional (`{{#editHref}}`).
    @Test func aMisspeltVariableInATemplateIsAnErrorAtItsTag() throws {
        let pager = try read(repositoryRoot.appending(path: "Templates/partials/pager.mustache"))
        #expect(pager.contains("{{href}}"))
        let (_, result, messages) = try build(
            ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\nweight: 1\n---\n", "es/b.md": "---\ntitle: B\nweight: 2\n---\n"],
            templates: ["partials/pager.mustache": pager.replacing("{{href}}", with: "{{hraf}}")])
        #expect(!result.succeeded)
        let lines = pager.split(separator: "\n", omittingEmptySubsequences: false)
        let tags = lines.enumerated().filter { $0.element.contains("{{href}}") }.map { index, line in
            "Templates/partials/pager.mustache:\(index + 1):\(line.distance(from: line.startIndex, to: line.firstRange(of: "{{href}}")!.lowerBound) + 1)"
        }
        #expect(tags.count == 2)
        // Page a has only a next link, page b only a previous one: each reports its own tag.
        #expect(messages == tags.map {
            "\($0): error: unknown variable 'hraf': no value of that name is given to this template, so it would render nothing\n    suggestion: href"
        })
    }

    @Test func aTemplateSyntaxErrorHasItsLocation() throws {
        let (_, result, messages) = try build(
            ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"],
            templates: ["home.mustache": "<p>\n  {{#items}}\n"])
        #expect(!result.succeeded)
        #expect(messages == ["Templates/home.mustache:2:3: error: unclosed section 'items'"])
    }

    @Test func bomAndCRLFSimplyWork() throws {
        let (root, result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "\u{FEFF}---\r\ntitle: \"Título\"\r\n---\r\n\r\n## Sección\r\n\r\nTexto.\r\n",
        ])
        #expect(messages == [])
        #expect(result.succeeded)
        let page = try read(root.appending(path: "public/es/a/index.html"))
        #expect(page.contains("<h1>Título</h1>"))
        #expect(page.contains("<h2 id=\"sección\">Sección"))
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() throws {
        let root = try makeProject(content: ["site.yml": Self.siteYML, "bg/b.md": "---\ntitle: B\n---\n"])
        let bytes = Array("---\ntitle: A\n---\nñu ".utf8) + [0xC3, 0x28] + Array(" x\n".utf8)
        try FileManager.default.createDirectory(at: root.appending(path: "Content/es"), withIntermediateDirectories: true)
        try write(Data(bytes), to: root.appending(path: "Content/es/a.md"))
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(messages == ["Content/es/a.md:4:4: error: file is not valid UTF-8"])
    }

    @Test func rawHTMLInMarkdownIsNotPassedThrough() throws {
        let (root, _, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: A\n---\n<script>alert(1)</script>\n\nTexto <b onclick=\"x()\">b</b> [enlace](javascript:alert(1)).\n",
        ])
        // Legal Markdown, so warnings, each where the writer put it.
        let note = "\n    note: write Markdown instead, or ask for a template change if the page needs markup"
        #expect(messages == [
            "Content/es/a.md:4:1: warning: raw HTML '<script>alert(1)</script>' is shown as text: HTML in Markdown is never passed through" + note,
            "Content/es/a.md:6:7: warning: raw HTML '<b onclick=\"x()\">' is shown as text: HTML in Markdown is never passed through" + note,
            "Content/es/a.md:6:30: warning: the link to 'javascript:alert(1)' was removed: its scheme can run code or read local files",
        ])
        let page = try read(root.appending(path: "public/es/a/index.html"))
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<b onclick"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    /// `[words]{lang=en}` marks words in another language; a mark that cannot be read fails the
    /// build where it is (its words would show it as text), and a raw `<span lang>` is pointed at it.
    @Test func languageSpansAndTheirErrors() throws {
        let (root, _, good) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: A\n---\n[Documentación de Apple: [The App Life Cycle]{lang=en}](https://developer.apple.com/x)\n",
        ])
        #expect(good.isEmpty)
        let page = try read(root.appending(path: "public/es/a/index.html"))
        #expect(page.contains("Documentación de Apple: <span lang=\"en\">The App Life Cycle</span></a>"))

        let (badRoot, result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: A\n---\nTexto [b]{lang=inglés} y <span lang=\"en\">x</span>.\n",
        ])
        #expect(messages == [
            "Content/es/a.md:4:10: error: '{lang=inglés}' names no language: a span takes a language tag, such as {lang=en} or {lang=pt-BR}",
            "Content/es/a.md:4:26: warning: raw HTML '<span lang=\"en\">' is shown as text: HTML in Markdown is never passed through"
                + "\n    note: words in another language are written [words]{lang=en}",
        ])
        #expect(!result.succeeded)
        #expect(!FileManager.default.fileExists(atPath: badRoot.appending(path: "public/es/a/index.html").path))
    }

    /// A NUL character in the body cannot be shown: cmark makes it U+FFFD, and the writer is told
    /// where (the first of each line), with the column a reader counts.
    @Test func aNULInTheBodyIsAWarningWhereItIs() throws {
        let (root, result, messages) = try build([
            "site.yml": Self.siteYML,
            "es/a.md": "---\ntitle: A\n---\n\nTexto\u{0}con\u{0}nul.\nÑandú \u{0} fin.\n",
        ])
        #expect(messages == [
            "Content/es/a.md:5:6: warning: a NUL character (U+0000) is shown as '\u{FFFD}'\n    suggestion: delete it",
            "Content/es/a.md:6:7: warning: a NUL character (U+0000) is shown as '\u{FFFD}'\n    suggestion: delete it",
        ])
        #expect(result.succeeded)
        #expect(try read(root.appending(path: "public/es/a/index.html")).contains("Texto\u{FFFD}con\u{FFFD}nul."))
    }

    @Test func anUnwritableOutputFolderIsAnError() throws {
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"])
        // A regular file where a folder should be: even root cannot write below it.
        try write(Data("not a folder".utf8), to: root.appending(path: "blocker"))
        var options = buildOptions(root)
        options.outputDir = root.appending(path: "blocker/public").path
        let result = SiteBuilder.build(options)
        #expect(!result.succeeded)
        let message = try #require(result.diagnostics.first.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") })
        #expect(message.hasPrefix("blocker/public: error: cannot create the output folder: "))
        #expect(try read(root.appending(path: "blocker")) == "not a folder")
    }

    /// Every file under `dir` with its bytes.
}
