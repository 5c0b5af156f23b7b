import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// The example figure is the `partials/example` template: a front-end developer edits its
/// markup like any page's, and it escapes what the writer typed.
@Suite struct ExampleFigureTemplateTests {
    static let article = "---\ntitle: A\n---\n```lifecycle ios-app\n# <b>Arranque</b> & \"algo\"\nlaunch -> inactive, active\n```\n"

    @Test func anEditedPartialChangesEveryFigure() throws {
        let root = try makeProject(
            content: ["es/a.md": Self.article],
            templates: ["partials/example.mustache": "<figure id=\"{{id}}\" class=\"mine\">{{caption}}|{{#steps}}{{event}}:{{#walk}}{{^first}} → {{/first}}{{name}}{{/walk}};{{/steps}}</figure>\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics.map(DiagnosticFormatter.text))")
        let page = try read(root.appending(path: "public/es/a/index.html"))
        #expect(page.contains(
            "<figure id=\"ex-1\" class=\"mine\">&lt;b&gt;Arranque&lt;/b&gt; &amp; &quot;algo&quot;|launch:Not Running → Inactive → Active;</figure>"))
    }

    @Test func theRepositorysPartialEscapesTheCaption() throws {
        let root = try makeProject(content: ["es/a.md": Self.article])
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let page = try read(root.appending(path: "public/es/a/index.html"))
        #expect(page.contains("</span> &lt;b&gt;Arranque&lt;/b&gt; &amp; &quot;algo&quot;</figcaption>"))
        #expect(!page.contains("<b>Arranque"))
    }

    @Test func aBrokenPartialIsReportedWhereItIsBroken() throws {
        let root = try makeProject(content: ["es/a.md": Self.article], templates: ["partials/example.mustache": "<figure>\n{{#steps}}\n</figure>\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        let location = try #require(result.diagnostics.first?.location)
        #expect(location.file.hasSuffix("Templates/partials/example.mustache") && location.line == 2, "\(result.diagnostics)")
    }

    @Test func aMissingPartialIsNamed() throws {
        let root = try makeProject(content: ["es/a.md": Self.article])
        try FileManager.default.removeItem(at: root.appending(path: "Templates/partials/example.mustache"))
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.diagnostics.map(\.message) == ["missing template 'partials/example': the generator renders it itself"])
    }
}
