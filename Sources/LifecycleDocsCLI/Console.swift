import Diagnostics
import Foundation

/// Standard output and error, captured in tests.
struct Console {
    var github: Bool
    /// Standard output is a terminal (colours are welcome).
    var isTerminal: Bool
    private var capture: Bool
    private(set) var stdout = ""
    private(set) var stderr = ""

    init(environment: [String: String], capture: Bool = false) {
        github = environment["GITHUB_ACTIONS"] == "true"
        self.capture = capture
        isTerminal = !capture && isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
    }

    mutating func out(_ text: String) {
        if capture { stdout += text + "\n" } else { print(text) }
    }

    mutating func error(_ text: String) {
        if capture {
            stderr += text + "\n"
        } else {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    /// Every diagnostic on stderr; on GitHub Actions also as workflow commands on stdout.
    mutating func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            error(DiagnosticFormatter.text(diagnostic))
            if github { out(DiagnosticFormatter.github(diagnostic)) }
        }
    }
}
