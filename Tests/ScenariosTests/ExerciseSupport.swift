import Diagnostics
import LifecycleModel
import Testing

@testable import Scenarios

/// An `exercise` block as the site would hand it over (see `Example`).
struct Exercise {
    var info: String
    var code: String
    var firstLine = 40
    var columnOffset = 2

    init(_ info: String, _ code: String, firstLine: Int = 40, columnOffset: Int = 2) {
        self.info = info
        self.code = code
        self.firstLine = firstLine
        self.columnOffset = columnOffset
    }

    var infoLocation: Diagnostics.SourceLocation { Diagnostics.SourceLocation(file: file, line: firstLine - 1, column: columnOffset + 4) }

    func parse() -> (block: ExerciseBlock?, diagnostics: [Diagnostic]) {
        ExerciseBlockParser.parse(
            info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset, infoLocation: infoLocation)
    }

    func run() -> ExerciseResult? { parse().block.map(ExerciseRunner.run) }

    /// Every diagnostic, as the build prints it.
    func texts() -> [String] {
        if let result = run() { return result.diagnostics.map(DiagnosticFormatter.text) }
        return parse().diagnostics.map(DiagnosticFormatter.text)
    }
}
