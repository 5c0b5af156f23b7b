import Mustache
import TestSupport
import Testing

/// The `mustache` fuzz harness (`Fuzz/mustache.swift`, compiled here through a
/// symlink) on its seed corpus and on every input a fuzzer once crashed with,
/// so neither the harness nor the fixes can rot. See "Fuzzing" in README.md.
@Suite struct MustacheFuzzRegressionTests {
    static let seeds = FuzzInputs.seeds("mustache")
    static let regressions = FuzzInputs.regressions("mustache", in: "MustacheTests")

    /// The seeds are the site's page templates (with the layout and partials)
    /// and cases of the Mustache spec: all of them parse and render.
    @Test(arguments: seeds)
    func seedParsesAndRenders(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = MustacheFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        #expect(outcome.errors.map(\.description) == [])
        let output = try #require(outcome.output)
        if input.fileName.hasPrefix("template-") {
            // A page: the layout filled in with the fixed context.
            #expect(output.hasPrefix("<!DOCTYPE html>\n<html lang=\"es\">"))
        }
        if input.fileName == "template-article.txt" {
            #expect(output.contains("<h1>Inactive &lt;b&gt;&amp;&lt;/b&gt; &quot;quoted&quot; &#39;single&#39;</h1>"))
        }
    }

    /// Inputs that once broke a promise: they now end with output or an error
    /// at a place inside the input.
    @Test(.enabled(if: !regressions.isEmpty, "no saved crash yet"), arguments: regressions)
    func regressionReturns(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = MustacheFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        #expect(outcome.output != nil || !outcome.errors.isEmpty)
    }
}
