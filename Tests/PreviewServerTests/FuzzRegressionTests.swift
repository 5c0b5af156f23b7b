import TestSupport
import Testing

@testable import PreviewServer

/// The `requestpath` fuzz harness (`Fuzz/requestpath.swift`, compiled here through
/// a symlink) on its seed corpus and on every input a fuzzer once crashed with.
@Suite struct RequestPathFuzzRegressionTests {
    static let seeds = FuzzInputs.seeds("requestpath")
    static let regressions = FuzzInputs.regressions("requestpath", in: "PreviewServerTests")

    /// The seeds are the site's pages and assets (`path-…`), which decode, and the
    /// traversal attempts of TraversalTests (`attack-…`), which are refused.
    @Test(arguments: seeds)
    func seedKeepsItsPromises(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = RequestPathFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        let text = String(decoding: input.bytes, as: UTF8.self)
        if input.fileName.hasPrefix("attack-") {
            #expect((try? outcome.result.get()) == nil, "\(text) was accepted")
        } else {
            #expect((try? outcome.result.get()) != nil, "\(text) was refused")
        }
    }

    @Test(.enabled(if: !regressions.isEmpty, "no saved crash yet"), arguments: regressions)
    func regressionReturns(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        #expect(RequestPathFuzz.check(input.bytes).violations == [])
    }

    /// The harness's own checks catch what they are there for.
    @Test func theSegmentChecksSeeWhatTheyLookFor() {
        let bad = RequestPath(segments: ["a", "..", "", "b/c", "d\u{0}"], trailingSlash: false)
        #expect(RequestPathFuzz.segmentViolations(bad).count == 4)
    }
}
