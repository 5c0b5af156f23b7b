// Fuzz target `lifecycle`: the `lifecycle` block parser and runner.
//
// Input: the fence's info string on the first line, the block's content after it
// (`lifecycle ios-app\ngiven active\n…`, split by `FuzzBlockText`). The block is parsed as the site does and,
// when the parser returns one, run against the model. Any trap is a finding; so is a
// broken promise of the diagnostics (see `LifecycleFuzz.check`), which the entry
// point turns into an abort so libFuzzer saves the input.
//
// This file is also compiled into ScenariosTests (a symlink there), where
// `FuzzRegressionTests` runs the seed corpus and every saved crash through `check`.

import Diagnostics

@testable import Scenarios

enum LifecycleFuzz {
    static let file = "Content/xx/fuzz.md"
    /// Where the block pretends to sit: inside a list item, so columns are shifted.
    static let firstLine = 10
    static let columnOffset = 2

    /// What one input did: the parser's diagnostics, the run's (nil when nothing ran)
    /// and every broken promise found on the way.
    struct Outcome {
        var parsed: [Diagnostic] = []
        var ran: [Diagnostic]?
        var violations: [String] = []
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        let parsed = FuzzBlockText.parse(
            bytes, file: file, firstLine: firstLine, columnOffset: columnOffset, language: "lifecycle", isBlock: LifecycleBlockParser.isLifecycle(info:),
            diagnosticsOf: \.diagnostics
        ) { info, code, infoLocation in
            LifecycleBlockParser.parse(info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset, infoLocation: infoLocation)
        }
        let diagnostics = parsed.diagnostics
        var outcome = Outcome(parsed: diagnostics, violations: parsed.violations)
        guard let block = parsed.block else { return outcome }
        // The caption is the comments' texts joined, made without the comments.
        if block.commentText != block.comments.map(\.text).joined(separator: " ") {
            outcome.violations.append("parse: the comment text '\(block.commentText)' is not the comments joined")
        }
        // Lines the parser could not read, or names it did not know, were "already reported".
        let errorLines = Set(diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.line })
        for line in block.lines {
            var unresolved: [WrittenName] = []
            switch line.content {
            case .invalid:
                if !errorLines.contains(line.location.line) {
                    outcome.violations.append("parse: invalid line \(line.location.line) has no error")
                }
            case .given(let name), .givenScene(let name, _), .app(let name): unresolved = [name]
            case .event(let event): unresolved = [event.event] + (event.states ?? []) + (event.callbacks ?? [])
            case .chain(let chain): unresolved = chain.names
            case .comment: break
            }
            for name in unresolved where name.id == nil && !errorLines.contains(name.location.line) {
                outcome.violations.append("parse: unknown name '\(name.text)' on line \(name.location.line) has no error")
            }
        }

        let result = ExampleRunner.run(block)
        outcome.ran = result.diagnostics
        outcome.violations += result.diagnostics.compactMap { parsed.text.misplacement(of: $0).map { "run: " + $0 } }
        if !Set(diagnostics).isSubset(of: Set(result.diagnostics)) {
            outcome.violations.append("run: the parser's diagnostics are missing from the result")
        }
        if !result.complete && result.errors.isEmpty {
            outcome.violations.append("run: the run stopped early without an error")
        }
        if result.steps.count > block.events.count {
            outcome.violations.append("run: more steps (\(result.steps.count)) than event lines (\(block.events.count))")
        }
        return outcome
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func lifecycleFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size) { LifecycleFuzz.check($0).violations }
}
#endif
