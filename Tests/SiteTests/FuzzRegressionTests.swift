import Diagnostics
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// The `frontmatter` fuzz harness (`Fuzz/frontmatter.swift`, compiled here through
/// a symlink) on its seed corpus and on every input a fuzzer once crashed with,
/// so neither the harness nor the fixes can rot. See "Fuzzing" in README.md.
@Suite struct FrontMatterFuzzRegressionTests {
    static let seeds = FuzzInputs.seeds("frontmatter")
    static let regressions = FuzzInputs.regressions("frontmatter", in: "SiteTests")

    /// The seeds are the articles' front matter (some with a BOM and CRLF, one
    /// with a Latin-1 byte) and YAML files put between `---` lines.
    @Test(arguments: seeds)
    func seedKeepsItsPromises(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = FrontMatterFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        let texts = outcome.diagnostics.map(DiagnosticFormatter.text)
        if input.fileName.hasPrefix("invalid-utf8") {
            // The byte 0xF3 of "transici\xF3n" in the title: line 2, after 40 characters.
            let location = try #require(outcome.diagnostics.first?.location)
            #expect(!outcome.accepted)
            #expect(texts.count == 1 && texts[0].hasSuffix("error: file is not valid UTF-8"))
            #expect(location.line == 2 && location.column == 41)
        } else if input.fileName.hasPrefix("yaml-") {
            // Not front matter keys: accepted, each key a warning on its own line.
            #expect(outcome.accepted)
            #expect(!outcome.diagnostics.isEmpty && outcome.diagnostics.allSatisfy { $0.severity == .warning })
        } else {
            #expect(outcome.accepted)
            #expect(texts == [])
        }
    }

    /// Inputs that once broke a promise (see each file's name): the harness now
    /// finds nothing wrong, and every diagnostic lies inside the file.
    @Test(.enabled(if: !regressions.isEmpty, "no saved crash yet"), arguments: regressions)
    func regressionReturns(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = FrontMatterFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        #expect(outcome.accepted || outcome.diagnostics.contains { $0.severity == .error })
    }
}

/// The `article` fuzz harness (`Fuzz/article.swift`, compiled here through a symlink)
/// on its seed corpus and on every input a fuzzer once crashed with.
@Suite struct ArticleFuzzRegressionTests {
    static let seeds = FuzzInputs.seeds("article")
    static let regressions = FuzzInputs.regressions("article", in: "SiteTests")

    /// The seeds are whole article files: the site's own articles and the markup
    /// fixture's build without an error; the CLI's bad inputs keep every promise too.
    @Test(arguments: seeds)
    func seedKeepsItsPromises(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = ArticleFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        if input.fileName.hasPrefix("bad-") {
            #expect(outcome.article != nil || outcome.diagnostics.contains { $0.severity == .error })
        } else {
            let article = try #require(outcome.article)
            #expect(outcome.diagnostics.filter { $0.severity == .error }.map(DiagnosticFormatter.text) == [])
            #expect(!article.bodyUTF8.isEmpty)
            if ["es-inactive.md", "pt-inactive.md", "bg-inactive.md", "it-active.md"].contains(input.fileName) {
                #expect(article.examples > 0 && !article.chains.isEmpty && !article.toc.isEmpty)
            }
        }
    }

    @Test(.enabled(if: !regressions.isEmpty, "no saved crash yet"), arguments: regressions)
    func regressionReturns(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = ArticleFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        #expect(outcome.article != nil || outcome.diagnostics.contains { $0.severity == .error })
    }

    /// The harness's own checks catch what they are there for.
    @Test func theHTMLChecksSeeWhatTheyLookFor() {
        let article = Article(
            lang: "es", slug: "x", displayPath: "x.md", title: "x",
            description: "", bodyUTF8: Array("<h2 id=\"a\">A</h2><p id='a' onClick=\"x()\"><a href=\" JavaScript:alert(1)\">x</a></p><SCRIPT>".utf8),
            toc: [TOCEntry(level: 2, id: "b", text: "B")], chains: [])
        #expect(ArticleFuzz.htmlViolations(article).sorted() == [
            "html: a <script> element", "html: a javascript: URL in href of <a>", "html: an event handler attribute onclick on <p>",
            "html: the id 'a' is given twice", "toc: 'B' links to #b, which no element has",
        ])
    }
}
