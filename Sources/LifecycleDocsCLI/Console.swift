import Diagnostics
import Foundation

/// Standard output and error, captured in tests.
struct Console {
    /// How much a command says: `--quiet` only errors, `--verbose` also what it decided and timings.
    enum Verbosity {
        case quiet
        case normal
        case verbose
    }

    /// Also print GitHub Actions annotations (`--format github`, or GITHUB_ACTIONS=true).
    var github: Bool
    var verbosity = Verbosity.normal
    /// The process environment (GITHUB_ACTIONS, NO_COLOR, LIFECYCLE_DOCS_BASE_URL).
    let environment: [String: String]
    /// Standard output is a terminal and colours are welcome.
    let colourOutput: Bool
    /// Standard error is a terminal and colours are welcome: coloured diagnostics.
    let colourErrors: Bool
    private var capture: Bool
    private(set) var stdout = ""
    private(set) var stderr = ""

    /// `terminal` stands for both streams being terminals when output is captured (tests);
    /// otherwise the streams themselves are asked. NO_COLOR set to any value means no colour
    /// (no-color.org).
    init(environment: [String: String], capture: Bool = false, terminal: Bool = false) {
        self.environment = environment
        github = environment["GITHUB_ACTIONS"] == "true"
        self.capture = capture
        let colour = environment["NO_COLOR"] == nil
        colourOutput = colour && (capture ? terminal : isatty(STDOUT_FILENO) == 1)
        colourErrors = colour && (capture ? terminal : isatty(STDERR_FILENO) == 1)
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

    /// `error: message` on stderr, the label coloured on a terminal.
    mutating func error(message: String) {
        error(DiagnosticFormatter.label(.error, colour: colourErrors) + " " + message)
    }

    /// `warning: message` on stderr, unless `--quiet`.
    mutating func warning(message: String) {
        guard verbosity != .quiet else { return }
        error(DiagnosticFormatter.label(.warning, colour: colourErrors) + " " + message)
    }

    /// A summary line on stdout, unless `--quiet`.
    mutating func summary(_ text: String) {
        if verbosity != .quiet { out(text) }
    }

    /// A line of detail on stderr (so `--format json` stays parseable), only with `--verbose`.
    mutating func detail(_ text: String) {
        if verbosity == .verbose { error(text) }
    }

    /// Every diagnostic on stderr (only errors with `--quiet`); with `github`, also as
    /// workflow commands on stdout.
    mutating func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where verbosity != .quiet || diagnostic.severity == .error {
            error(DiagnosticFormatter.text(diagnostic, colour: colourErrors))
            if github { out(DiagnosticFormatter.github(diagnostic)) }
        }
    }
}
