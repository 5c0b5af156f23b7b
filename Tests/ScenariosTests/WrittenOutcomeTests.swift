import Diagnostics
import LifecycleModel
import Testing
import TestSupport

@testable import Scenarios

/// An event line's written states and callbacks are compared with an outcome in place
/// (`ExampleRunner.statesMatch`, `callbackMismatch` over the names' ids) instead of through
/// arrays of their ids. Both are compared with the array readings on random written names and
/// outcomes: states kept or passed through, optional callbacks, lists of every length up to 70.
@Suite struct WrittenOutcomeTests {
    static let states = ["active", "inactive", "background", "notRunning"]
    static let callbacks = ["onPause", "onStop", "onResume", "onSaveInstanceState", "é"]

    static let location = SourceLocation(file: "f.md", line: 1, column: 1)

    /// Runs `round` 20,000 times from `seed` (moved by `WRITTEN_OUTCOME_SEED`); `round` says
    /// whether its outcome matched, and more than `matches` must have.
    static func rounds(seed base: UInt64, matches least: Int, _ round: (inout SeededRandom, String) -> Bool) {
        let seed = base &+ SeededRandom.seedOffset("WRITTEN_OUTCOME_SEED")
        var random = SeededRandom(seed: seed)
        var matches = 0
        for n in 0..<20_000 where round(&random, "#\(n) (seed \(seed))") { matches += 1 }
        #expect(matches > least, "\(matches) matches")
    }

    @Test func statesMatchTheArrays() {
        Self.rounds(seed: 0x57A7_E5, matches: 500) { random, round in
            let written = (0..<random.below(4)).map { _ in WrittenName(text: "x", id: random.pick(Self.states), location: Self.location) }
            let model = (0..<random.below(4)).map { _ in random.pick(Self.states) }
            let from = random.pick(Self.states)
            let fast = ExampleRunner.statesMatch(written, model, from: from)
            #expect(fast == ExampleRunner.statesMatchByArrays(written, model, from: from), "\(round): \(written.map(\.id)) \(model) from \(from)")
            return fast
        }
    }

    @Test func callbacksMatchTheArrays() {
        Self.rounds(seed: 0xCA11_BAC, matches: 1_000) { random, round in
            let long = random.below(50) == 0
            let written = (0..<(long ? 60 + random.below(10) : random.below(5))).map { _ in
                WrittenName(text: "x", id: random.pick(Self.callbacks), location: Self.location)
            }
            let model = (0..<(long ? written.count + random.below(3) : random.below(5))).map { i in
                CallbackCall(long && i < written.count ? written[i].id ?? "" : random.pick(Self.callbacks), optional: random.below(3) == 0)
            }
            let ids = written.map { $0.id ?? "" }
            let fast = ExampleRunner.callbackMismatch(written.lazy.map { $0.id ?? "" }, model)
            #expect(fast == ExampleRunner.callbackMismatch(ids, model), "\(round): \(ids) \(model)")
            #expect(fast == ExampleRunner.callbackMismatchByArrays(ids, model), "\(round): \(ids) \(model)")
            return fast == nil
        }
    }
}
