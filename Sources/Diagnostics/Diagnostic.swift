public enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}

/// One problem found in user input. Every layer reports these instead of
/// throwing ad-hoc errors, so a run can report every problem, not the first.
public struct Diagnostic: Error, Hashable, Sendable, Codable {
    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// Extra lines printed after the message, e.g. what the model does instead.
    public var notes: [String]
    /// The nearest valid form, when one can be suggested.
    public var suggestion: String?

    public init(
        _ severity: Severity,
        at location: SourceLocation?,
        _ message: String,
        notes: [String] = [],
        suggestion: String? = nil
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
        self.suggestion = suggestion
    }

    public static func error(
        at location: SourceLocation?, _ message: String, notes: [String] = [], suggestion: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, at: location, message, notes: notes, suggestion: suggestion)
    }

    public static func warning(
        at location: SourceLocation?, _ message: String, notes: [String] = [], suggestion: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, at: location, message, notes: notes, suggestion: suggestion)
    }
}

/// A thrown wrapper for several diagnostics at once.
public struct DiagnosticError: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
