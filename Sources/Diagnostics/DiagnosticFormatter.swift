import Encoding

/// Turns diagnostics into text for people, for GitHub Actions, or JSON.
public enum DiagnosticFormatter {
    /// `path:line:col: error: message`, then indented notes and the suggestion.
    public static func text(_ d: Diagnostic) -> String { text(d, colour: false) }

    /// The same; with `colour`, for a terminal as clang and swiftc write it: the place bold,
    /// the label red and bold (error) or yellow (warning).
    public static func text(_ d: Diagnostic, colour: Bool) -> String {
        var out = ""
        if let loc = d.location { out += TerminalStyle.bold.paint(loc.description + ":", enabled: colour) + " " }
        out += label(d.severity, colour: colour) + " \(d.message)"
        for note in d.notes { out += "\n    note: \(note)" }
        if let s = d.suggestion { out += "\n    suggestion: \(s)" }
        return out
    }

    /// `error:`, `warning:` or `note:`, coloured for a terminal when asked.
    public static func label(_ severity: Severity, colour: Bool = false) -> String {
        let text = severity.rawValue + ":"
        return TerminalStyle.label(severity)?.paint(text, enabled: colour) ?? text
    }

    /// A GitHub Actions workflow command: `::error file=…,line=…,col=…::message`.
    public static func github(_ d: Diagnostic) -> String {
        let command = d.severity == .note ? "notice" : d.severity.rawValue
        var properties: [String] = []
        if let loc = d.location {
            properties = loc.hasLine
                ? ["file=\(escapeProperty(loc.file))", "line=\(loc.line)", "col=\(loc.column)"] : ["file=\(escapeProperty(loc.file))"]
        }
        var message = d.message
        for note in d.notes { message += "\n" + note }
        if let s = d.suggestion { message += "\nsuggestion: " + s }
        let head = properties.isEmpty ? "::\(command)" : "::\(command) " + properties.joined(separator: ",")
        return head + "::" + escapeData(message)
    }

    /// One diagnostic as a JSON object (keys in a fixed order).
    public static func json(_ d: Diagnostic) -> String {
        var fields: [String] = []
        if let loc = d.location {
            fields.append("\"file\":\(JSON.quote(loc.file))")
            // A whole file or folder has no line: the keys are left out, not given a line 1 it does not mean.
            if loc.hasLine {
                fields.append("\"line\":\(loc.line)")
                fields.append("\"column\":\(loc.column)")
            }
        }
        fields.append("\"severity\":\(JSON.quote(d.severity.rawValue))")
        fields.append("\"message\":\(JSON.quote(d.message))")
        if !d.notes.isEmpty {
            fields.append("\"notes\":[" + d.notes.map(JSON.quote).joined(separator: ",") + "]")
        }
        if let s = d.suggestion { fields.append("\"suggestion\":\(JSON.quote(s))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func escapeData(_ s: String) -> String {
        s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    private static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
