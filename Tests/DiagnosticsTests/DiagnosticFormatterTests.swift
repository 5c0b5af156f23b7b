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

    /// A whole file or folder has no line: no `:1:1` that would point at a line, in any form.
    @Test func aWholeFolderHasNoLineInAnyForm() {
        let d = Diagnostic.error(at: .whole("Content/fr"), "unknown language folder 'fr'")
        #expect(DiagnosticFormatter.text(d) == "Content/fr: error: unknown language folder 'fr'")
        #expect(DiagnosticFormatter.github(d) == "::error file=Content/fr::unknown language folder 'fr'")
        #expect(DiagnosticFormatter.json(d) == #"{"file":"Content/fr","severity":"error","message":"unknown language folder 'fr'"}"#)
        #expect(!SourceLocation.whole("x").hasLine && location.hasLine)
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

    /// Arrays reported into an empty collector are taken whole, and none or one diagnostic is not
    /// sorted: every way of reporting must keep the order of reports and sort as a full sort does.
    @Test func collectorKeepsReportsInOrderWhateverTheirNumber() {
        let all: [Diagnostic] = [
            .warning(at: SourceLocation(file: "b.md", line: 1, column: 1), "w"), .error(at: nil, "n"),
            .error(at: SourceLocation(file: "a.md", line: 9, column: 1), "e2"), .error(at: SourceLocation(file: "a.md", line: 2, column: 5), "e1"),
            .warning(at: SourceLocation(file: "a.md", line: 2, column: 5), "w1"),
        ]
        // The reference: the unplaced in the order reported, then the placed by place and, at
        // one place, in the order reported.
        func reference(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
            let placed = diagnostics.enumerated().compactMap { item in
                item.element.location.map { (place: $0, order: item.offset, diagnostic: item.element) }
            }
            return diagnostics.filter { $0.location == nil } + placed.sorted { ($0.place, $0.order) < ($1.place, $1.order) }.map(\.diagnostic)
        }
        var checked = 0
        for count in 0...all.count {
            for rotation in 0..<all.count {
                let diagnostics = Array((all[rotation...] + all[..<rotation]).prefix(count))
                for cut in 0...count {
                    var collector = DiagnosticCollector()
                    collector.report(contentsOf: Array(diagnostics[..<cut]))
                    collector.report(contentsOf: [])
                    collector.report(contentsOf: Array(diagnostics[cut...]))
                    #expect(collector.diagnostics == diagnostics)
                    #expect(collector.sorted == reference(diagnostics), "\(diagnostics.map(\.message)) cut at \(cut)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }
}
