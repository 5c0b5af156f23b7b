import Diagnostics
import Testing

@Suite struct DiagnosticFormatterTests {
    let location = SourceLocation(file: "Content/es/inactive.md", line: 88, column: 16)

    @Test func textHasPathLineColumnSeverityAndNotes() {
        let d = Diagnostic.error(
            at: location, "after 'interruption' the app is inactive, not background",
            notes: ["the model goes: interruption -> inactive"], suggestion: "interruption -> inactive")
        #expect(DiagnosticFormatter.text(d) == """
            Content/es/inactive.md:88:16: error: after 'interruption' the app is inactive, not background
                note: the model goes: interruption -> inactive
                suggestion: interruption -> inactive
            """)
    }

    @Test func textWithoutLocation() {
        #expect(DiagnosticFormatter.text(.warning(at: nil, "careful")) == "warning: careful")
    }

    @Test func githubAnnotationEscapesDataAndProperties() {
        let d = Diagnostic.error(at: SourceLocation(file: "a,b:c.md", line: 3, column: 4), "50% done\nnext")
        #expect(DiagnosticFormatter.github(d) == "::error file=a%2Cb%3Ac.md,line=3,col=4::50%25 done%0Anext")
        #expect(DiagnosticFormatter.github(.warning(at: nil, "w")) == "::warning::w")
    }

    @Test func jsonQuotesEverything() {
        let d = Diagnostic.error(at: location, "say \"hi\"\t\u{1}")
        #expect(DiagnosticFormatter.json(d) == """
            {"file":"Content/es/inactive.md","line":88,"column":16,"severity":"error","message":"say \\"hi\\"\\t\\u0001"}
            """)
    }

    @Test func collectorSortsByLocationAndCounts() {
        var collector = DiagnosticCollector()
        collector.report(.warning(at: SourceLocation(file: "b.md", line: 1, column: 1), "w"))
        collector.report(.error(at: SourceLocation(file: "a.md", line: 9, column: 1), "e2"))
        collector.report(.error(at: SourceLocation(file: "a.md", line: 2, column: 5), "e1"))
        #expect(collector.sorted.map(\.message) == ["e1", "e2", "w"])
        #expect(collector.errorCount == 2)
        #expect(collector.warningCount == 1)
        #expect(collector.hasErrors)
    }
}
