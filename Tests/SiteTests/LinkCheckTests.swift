import Diagnostics
import Foundation
import Testing

@testable import Site

/// `check` follows every internal link and anchor of every page, in every language.
@Suite struct LinkCheckTests {
    static let content = [
        "site.yml": """
            baseURL: "https://docs.example.org/"
            defaultLanguage: es
            languages:
              - {code: es, name: Español, title: Sitio}
              - {code: it, name: Italiano, title: Sito}

            """,
        "es/a.md": """
            ---
            title: A
            ---
            ## Primera parte

            Bien: [b](../b/), [segunda](../b/index.html#segunda), [aquí](#primera-parte), [raíz](/es/b/),
            [absoluto](https://docs.example.org/es/b/#segunda), [fuera](https://example.com/x), [correo](mailto:a@example.com),
            [simulador](../playground/index.html), [estilo](../../sitemap.xml).

            Mal: [nada](../zzz/), [ancla](../b/#segundo), [traducción](../c/), [arriba](../../../x), [raíz](/otro/).

            """,
        "es/b.md": "---\ntitle: B\n---\n## Segunda\n\nTexto.\n",
        "it/c.md": "---\ntitle: C\n---\nTesto.\n",
    ]

    @Test func everyBrokenLinkIsReportedWhereItIsWritten() throws {
        let root = try makeProject(content: Self.content)
        let result = SiteBuilder.build(buildOptions(root), write: false)
        let prefix = root.appending(path: "Content").path + "/"
        let lines = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(prefix, with: "") }
        #expect(lines == [
            "es/a.md:10:6: error: broken link '../zzz/': no page or file es/zzz/index.html in the site",
            "es/a.md:10:23: error: broken link '../b/#segundo': es/b/index.html has no anchor '#segundo'\n    suggestion: #segunda",
            "es/a.md:10:47: error: broken link '../c/': the article 'c' has no es version; it exists in Italiano (it)\n    suggestion: ../../it/c/index.html",
            "es/a.md:10:68: error: broken link '../../../x': it leads above the site's root",
            "es/a.md:10:90: error: broken link '/otro/': no page or file otro/index.html in the site",
        ])
        #expect(!result.succeeded)
    }

    @Test func aSiteUnderASubPathKnowsWhatIsOutsideIt() throws {
        let root = try makeProject(content: [
            "site.yml": "baseURL: \"https://example.org/docs/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: Sitio}\n",
            "es/a.md": "---\ntitle: A\n---\n[dentro](/docs/es/a/) [fuera](/blog/)\n",
        ])
        let result = SiteBuilder.build(buildOptions(root), write: false)
        let prefix = root.appending(path: "Content").path + "/"
        #expect(result.diagnostics.map { DiagnosticFormatter.text($0).replacing(prefix, with: "") } == [
            "es/a.md:4:23: error: broken link '/blog/': it is outside the site, which lives under /docs/"
        ])
    }

    @Test func aBuildDoesNotCheckLinksButCheckDoes() throws {
        let root = try makeProject(content: Self.content)
        #expect(SiteBuilder.build(buildOptions(root)).succeeded, "links are verified by check, as htmltest runs after a build")
    }

    @Test func theRepositorysLinksAndAnchorsAllResolve() throws {
        let result = SiteBuilder.build(
            BuildOptions(
                contentDir: repositoryRoot.appending(path: "Content").path,
                templatesDir: repositoryRoot.appending(path: "Templates").path),
            write: false)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(DiagnosticFormatter.text))")
    }

    @Test func templateLinksAreCheckedOnTheGeneratedPage() throws {
        let root = try makeProject(content: Self.content, templates: [
            "partials/toc.mustache": "<nav><a href=\"#nowhere\">x</a></nav>\n"
        ])
        let result = SiteBuilder.build(buildOptions(root), write: false)
        let messages = result.diagnostics.map(DiagnosticFormatter.text)
        #expect(messages.contains { $0.hasPrefix("es/b/index.html:") && $0.contains("error: the templates link to '#nowhere': es/b/index.html has no anchor '#nowhere'") })
    }

    @Test(arguments: [
        ("a/b", "es/x/", "es/x/a/b"), ("../b/", "es/x/", "es/b/"), ("", "es/x/", "es/x/"), (".", "es/x/", "es/x/"),
        ("..", "es/x/", "es/"), ("../../..", "es/x/", nil), ("./c/../d", "", "d"),
    ] as [(String, String, String?)])
    func relativePathsResolveLikeABrowser(path: String, from: String, expected: String?) {
        #expect(LinkChecker.resolve(path, from: from) == expected)
    }
}
