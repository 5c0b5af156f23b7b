import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// `check` verifies every article and renders every page a build would, in memory, writing
/// nothing: it finds what a build finds, the templates' errors and links included.
@Suite struct CheckTests {
    @Test func checkRendersEveryPageAsABuildWritesItAndWritesNothing() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\nweight: 2\n---\n## Uno\n\n[b](b.md#segunda), [c](c.md) y [arriba](#uno).\n",
            "es/b.md": "---\ntitle: B\n---\n## Segunda\n\nActive → Inactive.\n",
            "es/c.md": "---\ntitle: C\nweight: 1\n---\nTexto.\n\n```lifecycle ios-app\nlaunch -> inactive, active\n```\n",
        ])
        let (result, pages) = SiteBuilder.verify(buildOptions(root), renderingPages: true)
        #expect(result.succeeded, "\(result.diagnostics.map(DiagnosticFormatter.text))")
        #expect(result.examplesRun == 1 && result.chainsVerified == 1)
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public").path), "check writes nothing")

        let built = SiteBuilder.build(buildOptions(root))
        #expect(built.succeeded)
        let written = try snapshot(root.appending(path: "public")).filter { $0.key.hasSuffix(".html") }
        #expect(result.pagesRendered == written.count && written.count > 3, "every page: \(written.keys.sorted())")
        // What check keeps of a page is what the build's page gives: the same ids, the same links at the same places.
        for (path, bytes) in written {
            let built = PageLinks(html: bytes, siteURL: try #require(result.baseURL))
            let kept = try #require(pages?.links(path), "\(path) rendered")
            #expect(kept.ids == built.ids, "\(path)")
            #expect(kept.links.map { "\($0.url) \($0.line):\($0.column)" } == built.links.map { "\($0.url) \($0.line):\($0.column)" }, "\(path)")
            // The chooser has no language's sections or footer: its choices, search and assets.
            #expect(built.links.count > (path == "index.html" ? 5 : 10), "\(path): the sidebar, the languages, the assets")
        }
    }

    /// A template's mistake fails `check` as it fails `build`, at the same place: a variable
    /// the page does not give, and a link the templates add that leads nowhere.
    @Test func checkFindsTheTemplatesErrorsABuildFinds() throws {
        let content = ["es/a.md": "---\ntitle: A\n---\nTexto.\n"]
        let article = try String(contentsOf: repositoryRoot.appending(path: "Templates/article.mustache"), encoding: .utf8)
        let misspelt = try makeProject(content: content, templates: ["article.mustache": article.replacing("{{$head}}\n", with: "{{$head}}\n{{titel}}\n")])
        let checked = SiteBuilder.check(buildOptions(misspelt))
        #expect(checked.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message.prefix(25))" } == ["3:1 unknown variable 'titel':"])
        #expect(checked.diagnostics == SiteBuilder.build(buildOptions(misspelt)).diagnostics)

        let home = try String(contentsOf: repositoryRoot.appending(path: "Templates/home.mustache"), encoding: .utf8)
        let linked = try makeProject(content: content, templates: ["home.mustache": home.replacing("{{<base}}\n", with: "{{<base}}\n{{$head}}<link rel=\"next\" href=\"nowhere/\">{{/head}}\n")])
        let linkChecked = SiteBuilder.check(buildOptions(linked))
        #expect(linkChecked.diagnostics.map(\.message) == ["broken link in the templates: no page or file es/nowhere/index.html in the site"])
        // Where the templates write it; the note says on which page, as what.
        let problem = try #require(linkChecked.diagnostics.first)
        #expect(problem.location.map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" } == "home.mustache:2:33")
        #expect(problem.notes.count == 1 && problem.notes[0].hasPrefix("on es/index.html:") && problem.notes[0].hasSuffix(" as 'nowhere/'"), "\(problem.notes)")
        #expect(linkChecked.diagnostics == SiteBuilder.build(buildOptions(linked)).diagnostics)
    }

    /// A broken link in a template every page uses is one problem, where the template writes it
    /// (`{{root}}` makes it `../../x/` on one page, `/x/` on a 404 page), not one per page.
    @Test func aTemplatesBrokenLinkOnEveryPageIsOneProblem() throws {
        let base = try String(contentsOf: repositoryRoot.appending(path: "Templates/base.mustache"), encoding: .utf8)
        let root = try makeProject(
            content: ["es/a.md": "---\ntitle: A\n---\nTexto.\n", "es/b.md": "---\ntitle: B\n---\nTexto.\n"],
            templates: ["base.mustache": base.replacing("</footer>", with: "<a href=\"{{root}}acerca/\">x</a></footer>")])
        for result in [SiteBuilder.check(buildOptions(root)), SiteBuilder.build(buildOptions(root))] {
            let problem = try #require(result.diagnostics.first)
            #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(DiagnosticFormatter.text))")
            #expect(problem.location?.file.hasSuffix("Templates/base.mustache") == true)
            #expect(problem.message == "broken link in the templates: no page or file acerca/index.html in the site")
            // Three pages named, the others counted: the 404 pages, the homes, the articles…
            #expect(problem.notes.count == 4 && problem.notes.last?.hasPrefix("and on ") == true, "\(problem.notes)")
            #expect(problem.notes.contains { $0.hasSuffix(" as '/acerca/'") } && !problem.notes.contains { $0.contains("written in") })
        }
    }

    /// With an article's error, a build stops before the site-wide pages; `check` renders them
    /// all the same and reports their template's error in the same run.
    @Test func checkReportsASiteWideTemplateErrorBesideAnArticleError() throws {
        let home = try String(contentsOf: repositoryRoot.appending(path: "Templates/home.mustache"), encoding: .utf8)
        let root = try makeProject(
            content: ["es/a.md": "---\ntitle: A\n---\nNot Running → Active.\n", "es/b.md": "---\ntitle: B\n---\n[a](a.md)\n"],
            templates: ["home.mustache": home.replacing("{{$content}}\n", with: "{{$content}}\n{{{sitTitle}}}\n")])
        let checked = SiteBuilder.check(buildOptions(root))
        #expect(checked.diagnostics.map { "\($0.location?.file.split(separator: "/").last ?? ""):\($0.location?.line ?? 0) \($0.message.prefix(30))" } == [
            "a.md:4 'Not Running → Active' is not ",
            "home.mustache:4 unknown variable 'sitTitle': n",
        ])
        #expect(SiteBuilder.build(buildOptions(root)).diagnostics == Array(checked.diagnostics.prefix(1)))
    }

    /// An article's error does not hide the templates' broken links: `check` renders the pages of
    /// a group with errors too, and reports the templates' broken link and the Markdown's in the
    /// same run as the error; a link to no article, reported when read, is not reported again.
    @Test func checkReportsTheTemplatesBrokenLinksBesideAnArticleError() throws {
        let base = try String(contentsOf: repositoryRoot.appending(path: "Templates/base.mustache"), encoding: .utf8)
        let root = try makeProject(
            content: [
                "es/a.md": "---\ntitle: A\n---\nNot Running → Active, [b](b.md#nada) y [c](c.md).\n",
                "es/b.md": "---\ntitle: B\n---\nTexto.\n",
            ],
            templates: ["base.mustache": base.replacing("</footer>", with: "<a href=\"{{root}}acerca/\">x</a></footer>")])
        let checked = SiteBuilder.check(buildOptions(root))
        #expect(checked.diagnostics.map { "\($0.location?.file.split(separator: "/").last ?? ""):\($0.location?.line ?? 0) \($0.message)" } == [
            "a.md:4 'Not Running → Active' is not possible in ios-app: Active cannot follow Not Running directly",
            "a.md:4 broken link 'b.md#nada': es/b/index.html has no anchor '#nada'",
            "a.md:4 broken link 'c.md': no article 'c' in any language",
            "base.mustache:\(try #require(checked.diagnostics.last?.location?.line)) broken link in the templates: no page or file acerca/index.html in the site",
        ], "\(checked.diagnostics.map(DiagnosticFormatter.text))")
        // A build stops at the article's errors, before any page.
        #expect(SiteBuilder.build(buildOptions(root)).diagnostics.map(\.message) == Array(checked.diagnostics.map(\.message).enumerated().filter { [0, 2].contains($0.offset) }.map(\.element)))
    }

    /// `status` reads and compares the articles only: a template's error is `check`'s and `build`'s.
    @Test func translationStatusRendersNoPage() throws {
        let article = try String(contentsOf: repositoryRoot.appending(path: "Templates/article.mustache"), encoding: .utf8)
        let root = try makeProject(
            content: ["es/a.md": "---\ntitle: A\n---\nTexto.\n"],
            templates: ["article.mustache": article.replacing("{{$head}}\n", with: "{{$head}}\n{{titel}}\n")])
        let status = SiteBuilder.translationStatus(buildOptions(root))
        #expect(status.succeeded && status.pagesRendered == 0 && status.translations?.rows.map(\.slug) == ["a"])
        #expect(!SiteBuilder.check(buildOptions(root)).succeeded)
    }

    /// What is wrong is found by `check` as by `build`, at the same place; `check` also reports
    /// the links of articles that failed, which a build does not render.
    @Test func checkAndBuildReportTheSameProblems() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\n---\nDe Suspended → Active.\n\n```lifecycle ios-app\nlaunch -> active\n```\n\n[x](b.md#nada)\n",
            "es/b.md": "---\ntitle: B\n---\n## Algo\n",
        ])
        let checked = SiteBuilder.check(buildOptions(root))
        let built = SiteBuilder.build(buildOptions(root))
        #expect(checked.diagnostics.map(\.message) == [
            "'Suspended → Active' is not possible in ios-app: Active cannot follow Suspended directly",
            "after 'launch' the app is inactive, then active: list every state it passes through, not only active",
            "broken link 'b.md#nada': es/b/index.html has no anchor '#nada'",
        ])
        #expect(built.diagnostics == Array(checked.diagnostics.prefix(2)))

        try Data("---\ntitle: A\n---\nDe Suspended → Inactive.\n\n[x](b.md#nada)\n".utf8).write(to: root.appending(path: "Content/es/a.md"))
        let onlyTheLink = SiteBuilder.check(buildOptions(root))
        #expect(onlyTheLink.diagnostics.count == 1)
        #expect(onlyTheLink.diagnostics == SiteBuilder.build(buildOptions(root)).diagnostics)
    }

    /// All of a run's problems at once: an anchor into an article with errors (its own page
    /// included) is checked against that page's ids, and a value of the wrong kind in front matter
    /// does not keep the body from being checked.
    @Test func everyProblemOfAnArticleWithErrorsIsReportedInOneRun() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\nweight: abc\n---\n## Cuándo\n\nVer [b](#cuando), [c](#cuándo) y Not Running → Active.\n",
            "es/b.md": "---\ntitle: B\n---\n[d](a.md#nunca) y [e](a.md#cuándo)\n",
        ])
        let checked = SiteBuilder.check(buildOptions(root))
        #expect(checked.diagnostics.map { "\($0.location?.file.split(separator: "/").last ?? ""):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message.prefix(40))" } == [
            "a.md:3:9 'weight' must be a whole number between ",
            "a.md:7:5 broken link '#cuando': es/a/index.html h",
            "a.md:7:48 'Not Running → Active' is not possible i",
            "b.md:4:1 broken link 'a.md#nunca': es/a/index.htm",
        ])
        let built = SiteBuilder.build(buildOptions(root))
        #expect(built.diagnostics.map(\.message).filter { !$0.hasPrefix("broken link") } == checked.diagnostics.map(\.message).filter { !$0.hasPrefix("broken link") })
    }

    /// A source that cannot be read reports its own error, and nothing else follows from it:
    /// its translations are not told it does not exist, nor are links to it called broken.
    @Test func aSourceThatCannotBeReadIsReportedOnce() throws {
        let root = try makeProject(content: [
            "site.yml": "baseURL: \"https://docs.example.org/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: Sitio}\n  - {code: pt, name: Português, title: Site}\n",
            "es/a.md": "---\ntitle: A\ntitle: Otra\n---\nTexto.\n",
            "pt/a.md": "---\ntitle: A\ntranslation:\n  from: es\n---\nTexto.\n",
            "es/b.md": "---\ntitle: B\n---\n[a](a.md)\n",
        ])
        for result in [SiteBuilder.check(buildOptions(root)), SiteBuilder.build(buildOptions(root))] {
            #expect(result.diagnostics.filter { $0.severity == .error }.map { "\($0.location?.line ?? 0) \($0.message)" } == ["3 duplicate key 'title'"],
                "\(result.diagnostics.map(DiagnosticFormatter.text))")
        }
    }

    /// A link to an article that does not exist is one error, in `check` as in `build`.
    @Test func aLinkToNoArticleIsReportedOnce() throws {
        let root = try makeProject(content: ["es/a.md": "---\ntitle: A\n---\nVer [x](activ.md).\n", "es/active.md": "---\ntitle: B\n---\nTexto.\n"])
        let checked = SiteBuilder.check(buildOptions(root))
        #expect(checked.diagnostics.map(\.message) == ["broken link 'activ.md': no article 'activ' in any language"])
        #expect(checked.diagnostics == SiteBuilder.build(buildOptions(root)).diagnostics)
    }

    /// The paths `check` judges links against are exactly the files a build writes.
    @Test func checkKnowsEveryFileABuildWrites() throws {
        var options = BuildOptions(
            contentDir: repositoryRoot.appending(path: "Content").path, templatesDir: repositoryRoot.appending(path: "Templates").path)
        options.outputDir = try makeTemporaryDirectory().appending(path: "public").path
        #expect(SiteBuilder.build(options).succeeded)
        // Search shards are named by the prefixes of the words indexed: no link points at them.
        let written = Set(try snapshot(URL(filePath: options.outputDir)).keys.filter { path in
            !path.hasPrefix("search/") || path.hasSuffix("/index.js") || path.contains("/p/")
        })

        var diagnostics = DiagnosticCollector()
        let site = try SiteInputs.load(options, diagnostics: &diagnostics)
        let reader = site.articleReader()
        let bySlug = Dictionary(grouping: site.sources.indices, by: { site.sources[$0].slug })
        let groups = bySlug.mapValues { indexes in
            SiteBuilder.readGroup(
                site.sources[indexes[0]].slug, indexes, site: site, reader: reader, languages: site.config.languages.map(\.code), stamps: Array(repeating: nil, count: site.sources.count))
        }
        #expect(written.count > 20)
        #expect(SiteBuilder.outputPaths(site, languagesBySlug: groups.mapValues { Set($0.articles.keys) }) == written)
    }
}
