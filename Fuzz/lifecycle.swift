// Fuzz target `lifecycle`: the `lifecycle` block parser and runner.
//
// Input: the fence's info string on the first line, the block's content after it
// (`lifecycle ios-app\ngiven active\n…`). The block is parsed as the site does and,
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

    /// Splits the input into info string and content at the first line break
    /// (cmark never puts one in an info string).
    static func split(_ bytes: [UInt8]) -> (info: String, code: String) {
        // The site only ever sees valid UTF-8 (SourceText checks it); decode like it would be repaired.
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { return (text, "") }
        return (String(text[..<end]), String(text[text.index(after: end)...]))
    }

    /// The content's lines, split here rather than by the parser so a wrong split
    /// there shows up as a misplaced diagnostic. A final line break ends the last line.
    static func lines(of code: String) -> [Substring] {
        var lines = code.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        let (info, code) = split(bytes)
        // The info string starts after "```" at the fence's indentation.
        let infoLocation = SourceLocation(file: file, line: firstLine - 1, column: columnOffset + 4)
        let (block, diagnostics) = LifecycleBlockParser.parse(
            info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset, infoLocation: infoLocation)
        var outcome = Outcome(parsed: diagnostics)
        let codeLines = lines(of: code)
        let infoWidth = info.count

        // Every diagnostic points into the block: the info line or one of its content lines.
        func checkPlace(_ diagnostic: Diagnostic, _ stage: String) {
            guard let location = diagnostic.location else {
                outcome.violations.append("\(stage): diagnostic without a location: \(diagnostic.message)")
                return
            }
            let width: Int
            let firstColumn: Int
            if location.line == firstLine - 1 {
                (firstColumn, width) = (infoLocation.column, infoWidth)
            } else if location.line >= firstLine, location.line < firstLine + codeLines.count {
                (firstColumn, width) = (columnOffset + 1, codeLines[location.line - firstLine].count)
            } else {
                outcome.violations.append("\(stage): line \(location.line) is outside the block: \(diagnostic.message)")
                return
            }
            // One past the last character is a fair place ("expected a state here").
            if location.file != file || location.column < firstColumn || location.column > firstColumn + width {
                outcome.violations.append("\(stage): \(location) is outside its line: \(diagnostic.message)")
            }
        }
        diagnostics.forEach { checkPlace($0, "parse") }

        guard let block else {
            if LifecycleBlockParser.isLifecycle(info: info), diagnostics.isEmpty {
                outcome.violations.append("parse: a lifecycle block without a machine got no diagnostic")
            }
            return outcome
        }
        if block.diagnostics != diagnostics {
            outcome.violations.append("parse: block.diagnostics differ from the returned ones")
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
            case .given(let name): unresolved = [name]
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
        result.diagnostics.forEach { checkPlace($0, "run") }
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
