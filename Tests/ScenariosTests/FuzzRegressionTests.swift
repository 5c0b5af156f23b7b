import Diagnostics
import TestSupport
import Testing

@testable import Scenarios

/// The `lifecycle` fuzz harness (`Fuzz/lifecycle.swift`, compiled here through a
/// symlink) on its seed corpus and on every input a fuzzer once crashed with,
/// so neither the harness nor the fixes can rot. See "Fuzzing" in README.md.
@Suite struct LifecycleFuzzRegressionTests {
    static let seeds = FuzzInputs.seeds("lifecycle")
    static let regressions = FuzzInputs.regressions("lifecycle", in: "ScenariosTests")

    /// Every seed is a `lifecycle` block of Content/: it parses, runs, and is right.
    @Test(arguments: seeds)
    func seedRunsCleanly(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = LifecycleFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        let ran = try #require(outcome.ran, "the seed did not run")
        #expect(ran.filter { $0.severity == .error }.map(DiagnosticFormatter.text) == [])
    }

    /// The same block with a line the model cannot run appended: the error is
    /// reported on that line, at the unknown event, and the harness sees no problem.
    @Test(arguments: seeds)
    func brokenSeedIsReportedOnItsLine(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        var bytes = input.bytes
        if bytes.last != 10 { bytes.append(10) }
        bytes += Array("  teleport\n".utf8)
        let lastLine = LifecycleFuzz.firstLine + FuzzBlockText.lines(of: FuzzBlockText.split(bytes).code).count - 1

        let outcome = LifecycleFuzz.check(bytes)
        #expect(outcome.violations == [])
        let errors = (outcome.ran ?? outcome.parsed).filter { $0.severity == .error }
        let location = try #require(errors.first?.location, "no error for an unknown event")
        #expect(errors.count == 1)
        #expect(location.line == lastLine)
        #expect(location.column == LifecycleFuzz.columnOffset + 3)  // after the two spaces
        #expect(errors[0].message.contains("teleport"))
    }

    /// Inputs that once crashed the fuzzer: each now returns, and a bad block
    /// gets a diagnostic inside the block instead of a trap.
    @Test(.enabled(if: !regressions.isEmpty, "no saved crash yet"), arguments: regressions)
    func regressionReturns(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = LifecycleFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        let (info, _) = FuzzBlockText.split(input.bytes)
        if LifecycleBlockParser.isLifecycle(info: info) {
            #expect(!(outcome.ran ?? outcome.parsed).isEmpty, "a crashing block passed without a word")
        }
    }
}

/// The `exercise` fuzz harness (`Fuzz/exercise.swift`, compiled here through a symlink) on
/// its seed corpus, the exercises of Content/ and of the browser tests' lesson, and on every
/// input a fuzzer once crashed with.
@Suite struct ExerciseFuzzRegressionTests {
    static let seeds = FuzzInputs.seeds("exercise")
    static let regressions = FuzzInputs.regressions("exercise", in: "ScenariosTests")

    /// Every seed is an exercise of the site: it parses, its key agrees with the model, and
    /// every promise a page relies on holds.
    @Test(arguments: seeds)
    func seedPasses(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = ExerciseFuzz.check(input.bytes)
        #expect(outcome.violations == [])
        let result = try #require(outcome.result, "the seed did not run")
        #expect(result.errors.map(DiagnosticFormatter.text) == [])
        #expect(ExerciseTrace(result) != nil)
    }

    /// The same exercise with a line of an unknown keyword appended: the error is reported on
    /// that line, at the keyword, and the harness sees no problem.
    @Test(arguments: seeds)
    func brokenSeedIsReportedOnItsLine(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        var bytes = input.bytes
        if bytes.last != 10 { bytes.append(10) }
        bytes += Array("  teleport home\n".utf8)
        let lastLine = ExerciseFuzz.firstLine + FuzzBlockText.lines(of: FuzzBlockText.split(bytes).code).count - 1

        let outcome = ExerciseFuzz.check(bytes)
        #expect(outcome.violations == [])
        let errors = (outcome.result?.diagnostics ?? outcome.parsed).filter { $0.severity == .error }
        let location = try #require(errors.first?.location, "no error for an unknown keyword")
        #expect(errors.count == 1)
        #expect(location.line == lastLine)
        #expect(location.column == ExerciseFuzz.columnOffset + 3)  // after the two spaces
        #expect(errors[0].message.contains("teleport"))
    }

    /// A seed whose key the model contradicts fails, and the harness, which checks the
    /// promises of a passed exercise, does not call the failure a broken promise.
    @Test func wrongKeyFailsWithoutBrokenPromise() throws {
        let bytes = Array("exercise android-activity api=28\nkind predict\ngiven resumed\nevent home\nanswer destroyed\n".utf8)
        let outcome = ExerciseFuzz.check(bytes)
        #expect(outcome.violations == [])
        let result = try #require(outcome.result)
        #expect(!result.passed)
        #expect(result.errors.first?.location?.line == ExerciseFuzz.firstLine + 3)
    }

    /// Inputs that once crashed the fuzzer: each now returns, and a bad block gets a
    /// diagnostic inside the block instead of a trap.
    @Test(.enabled(if: !regressions.isEmpty, "no saved crash yet"), arguments: regressions)
    func regressionReturns(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        let outcome = ExerciseFuzz.check(input.bytes)
        #expect(outcome.violations == [])
    }
}
