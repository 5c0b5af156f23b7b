// Fuzz target `exercise`: the `exercise` block parser and runner.
//
// Input: the fence's info string on the first line, the block's content after it
// (`exercise android-activity api=28\nkind order\n…`, split by `FuzzBlockText`). The block
// is parsed as the site does and, when the parser returns one, its answer key checked
// against the model. Any trap is a finding; so is a broken promise (see
// `ExerciseFuzz.check`), which the entry point turns into an abort so libFuzzer saves the input.
//
// This file is also compiled into ScenariosTests (a symlink there), where
// `ExerciseFuzzRegressionTests` runs the seed corpus and every saved crash through `check`.

import Diagnostics

@testable import Scenarios

enum ExerciseFuzz {
    static let file = "Content/xx/fuzz.md"
    /// Where the block pretends to sit: inside a list item, so columns are shifted.
    static let firstLine = 20
    static let columnOffset = 3

    /// What one input did: the parser's diagnostics, the run's result (nil when nothing ran)
    /// and every broken promise found on the way.
    struct Outcome {
        var parsed: [Diagnostic] = []
        var result: ExerciseResult?
        var violations: [String] = []
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        let parsed = FuzzBlockText.parse(
            bytes, file: file, firstLine: firstLine, columnOffset: columnOffset, language: "exercise", isBlock: ExerciseBlockParser.isExercise(info:),
            diagnosticsOf: \.diagnostics
        ) { info, code, infoLocation in
            ExerciseBlockParser.parse(info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset, infoLocation: infoLocation)
        }
        let diagnostics = parsed.diagnostics
        var outcome = Outcome(parsed: diagnostics, violations: parsed.violations)
        guard let block = parsed.block else { return outcome }
        // A name the model does not know was "already reported": on its own line.
        let errorLines = Set(diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.line })
        for name in writtenNames(block) where name.id == nil && !errorLines.contains(name.location.line) {
            outcome.violations.append("parse: unknown name '\(name.text)' on line \(name.location.line) has no error")
        }
        for choice in block.choices {
            if case .invalid = choice.statement, !errorLines.contains(choice.statementLocation.line) {
                outcome.violations.append("parse: option \(choice.number) could not be read and has no error")
            }
        }

        let result = ExerciseRunner.run(block)
        outcome.result = result
        outcome.violations += result.diagnostics.compactMap { parsed.text.misplacement(of: $0).map { "run: " + $0 } }
        // The runner may add a suggestion to the parser's diagnostics, nothing else.
        func place(_ diagnostic: Diagnostic) -> String { "\(diagnostic.severity) \(diagnostic.location.map { "\($0)" } ?? "") \(diagnostic.message)" }
        if !Set(diagnostics.map(place)).isSubset(of: Set(result.diagnostics.map(place))) {
            outcome.violations.append("run: the parser's diagnostics are missing from the result")
        }
        if result.passed {
            outcome.violations += passedPromises(result)
        }
        return outcome
    }

    /// Every name the block wrote: `given`, `target`, the event line, the answer and the options' statements.
    static func writtenNames(_ block: ExerciseBlock) -> [WrittenName] {
        var names = [block.given, block.target].compactMap { $0 } + block.givenScenes.map(\.state)
        if let event = block.event { names += [event.event] + (event.states ?? []) + (event.callbacks ?? []) }
        switch block.answer {
        case .state(let state), .app(let state): names.append(state)
        case .callbacks(let callbacks): names += callbacks
        case .events(let events): names += events.map(\.event)
        case nil: break
        }
        for choice in block.choices {
            switch choice.statement {
            case .event(let event): names += [event.event] + (event.states ?? []) + (event.callbacks ?? [])
            case .chain(let chain): names += chain.names
            case .given(let name), .givenScene(let name, _), .app(let name): names.append(name)
            case .invalid, .comment: break
            }
        }
        return names
    }

    /// What a page may rely on when an exercise passed: it can be shown (`ExerciseTrace`), and
    /// the model's answer has the exercise's shape and agrees with the key.
    static func passedPromises(_ result: ExerciseResult) -> [String] {
        let block = result.block
        guard let kind = block.kind else { return ["run: an exercise without a kind passed"] }
        guard ExerciseTrace(result) != nil, let answer = result.answer else { return ["run: a passed exercise has no model answer"] }
        var problems: [String] = []
        switch (kind, answer) {
        case (.predict, .state(let state)):
            if !block.machine.states.contains(where: { $0.id == state }) { problems.append("run: predict answered '\(state)', no state of the machine") }
            if case .state(let written) = block.answer, written.id != state { problems.append("run: predict passed with key '\(written.text)' but the model says '\(state)'") }
        case (.predict, .app(let value)):
            if !block.machine.states.contains(where: { $0.id == value }) { problems.append("run: predict answered app '\(value)', no state of the machine") }
            if case .app(let written) = block.answer, written.id != value { problems.append("run: predict passed with key 'app \(written.text)' but the model says '\(value)'") }
        case (.order, .callbacks(let callbacks)):
            if callbacks.count < 2 { problems.append("run: order passed with fewer than two callbacks") }
        case (.choose, .choices(let holds)):
            if holds.count != block.choices.count || result.choices.map(\.holds) != holds {
                problems.append("run: choose answered \(holds.count) options for \(block.choices.count)")
            } else if holds != block.choices.map(\.correct) {
                problems.append("run: choose passed with a key the model contradicts")
            } else if !holds.contains(true) {
                problems.append("run: choose passed without a correct option")
            }
        case (.reach, .events(_, let end)):
            if end != block.target?.id { problems.append("run: reach passed ending in '\(end)', not the target") }
        default:
            problems.append("run: a \(kind.rawValue) exercise got the answer \(answer)")
        }
        return problems
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func exerciseFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size) { ExerciseFuzz.check($0).violations }
}
#endif
