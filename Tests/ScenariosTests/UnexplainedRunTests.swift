import Diagnostics
import LifecycleMachines
import LifecycleModel
import Testing
import TestSupport

@testable import Scenarios

/// `ExampleRunner.run(_:explaining: false)` leaves out the notes and suggestions of errors. These
/// tests compare it with the full run on random blocks of every machine (events with right and
/// wrong outcomes, impossible events, paths, never lines and callback orders, some wrong): the
/// same diagnostics but for notes and suggestions, the same steps and checks.
@Suite struct UnexplainedRunTests {
    static func block(of machine: Machine, _ random: inout SeededRandom) -> String {
        let states = machine.states.map(\.id)
        let callbacks = machine.callbacks.map(\.id)
        var lines: [String] = []
        if random.below(3) > 0 { lines.append("given " + random.pick(states)) }
        for _ in 0..<(1 + random.below(4)) {
            let t = random.pick(machine.transitions)
            switch random.below(6) {
            case 0, 1:
                // An event with its outcome, right or with a state or callback changed.
                var shown = t.states
                var calls = t.callbacks.filter { !$0.optional }.map(\.name)
                if random.below(2) == 0, !shown.isEmpty { shown[random.below(shown.count)] = random.pick(states) }
                if random.below(2) == 0, !calls.isEmpty, !callbacks.isEmpty { calls[random.below(calls.count)] = random.pick(callbacks) }
                var line = t.event
                if !shown.isEmpty && random.below(4) > 0 { line += " -> " + shown.joined(separator: ", ") }
                if !calls.isEmpty && random.below(4) > 0 { line += " : " + calls.joined(separator: ", ") }
                lines.append(line)
            case 2:
                lines.append(random.pick(machine.events).id)
            case 3:
                var path = [t.from] + t.states
                if random.below(2) == 0 { path[random.below(path.count)] = random.pick(states) }
                if path.count < 2 { path.append(random.pick(states)) }
                lines.append((random.below(2) == 0 ? "path " : "never ") + path.joined(separator: " -> "))
            default:
                guard !callbacks.isEmpty else { continue }
                var order = t.callbacks.map(\.name) + (random.below(2) == 0 ? [random.pick(callbacks)] : [])
                if order.count < 2 { order.append(random.pick(callbacks)) }
                if random.below(2) == 0 { order.swapAt(0, order.count - 1) }
                lines.append("callbacks " + order.joined(separator: " -> "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theRunIsTheSameButForNotesAndSuggestions() {
        let seed = 0xE4_91A1 &+ SeededRandom.seedOffset("UNEXPLAINED_RUN_SEED")
        var random = SeededRandom(seed: seed)
        var errors = 0
        var explained = 0
        for n in 0..<600 {
            let machine = random.pick(Machines.all)
            let options = machine.options.isEmpty ? "" : random.pick(["", " api=28", " api=31 root=true", " api=any"])
            let info = "lifecycle " + machine.id + options
            let code = Self.block(of: machine, &random)
            let (parsed, _) = LifecycleBlockParser.parse(
                info: info, code: code, file: "es/a.md", firstLine: 3, columnOffset: 0,
                infoLocation: SourceLocation(file: "es/a.md", line: 2, column: 4))
            guard let block = parsed else {
                Issue.record("#\(n) (seed \(seed)): no block for \(info)")
                continue
            }
            let full = ExampleRunner.run(block)
            let bare = ExampleRunner.run(block, explaining: false)
            let context: Comment = "#\(n) (seed \(seed)): \(info)\n\(code)"
            #expect(full.diagnostics.map(\.message) == bare.diagnostics.map(\.message), context)
            #expect(full.diagnostics.map(\.location) == bare.diagnostics.map(\.location), context)
            #expect(full.diagnostics.map(\.severity) == bare.diagnostics.map(\.severity), context)
            #expect(full.steps == bare.steps && full.checks == bare.checks && full.complete == bare.complete, context)
            #expect(full.passed == bare.passed, context)
            // Warnings keep everything.
            #expect(full.warnings.map(\.notes) == bare.warnings.map(\.notes), context)
            errors += full.errors.count
            explained += full.errors.filter { !$0.notes.isEmpty || $0.suggestion != nil }.count
        }
        #expect(errors > 300 && explained > 200, "\(errors) errors, \(explained) with notes or a suggestion")
    }
}
