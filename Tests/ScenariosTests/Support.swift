import Diagnostics
import LifecycleModel
import Testing

@testable import Scenarios

/// The Markdown file every test block pretends to live in.
let file = "Content/es/inactive.md"

/// A block as the site would hand it over: the fence on line `firstLine - 1`
/// at column `columnOffset + 1` (inside a list item, say), its info string
/// after the three backticks, its content from `firstLine`.
struct Example {
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

    /// The info string starts after "```" at the fence's indentation.
    var infoLocation: Diagnostics.SourceLocation { Diagnostics.SourceLocation(file: file, line: firstLine - 1, column: columnOffset + 4) }

    func parse() -> (block: LifecycleBlock?, diagnostics: [Diagnostic]) {
        LifecycleBlockParser.parse(
            info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset, infoLocation: infoLocation)
    }

    /// Parses and runs; nil when the parser returns no block.
    func run() -> ExampleResult? {
        parse().block.map(ExampleRunner.run)
    }

    /// Every diagnostic, as the build prints it.
    func texts() -> [String] {
        if let result = run() { return result.diagnostics.map(DiagnosticFormatter.text) }
        return parse().diagnostics.map(DiagnosticFormatter.text)
    }
}
