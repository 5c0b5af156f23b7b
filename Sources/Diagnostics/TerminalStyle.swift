/// ANSI styles (SGR codes) for text written to a terminal: the one colour
/// mechanism of the tool, for diagnostics and the status table alike. Whether
/// to colour at all (a terminal, no `NO_COLOR`) is the caller's decision.
public struct TerminalStyle: Sendable, Equatable {
    public var code: String

    public init(_ code: String) { self.code = code }

    public static let bold = TerminalStyle("1")
    public static let dim = TerminalStyle("2")
    public static let red = TerminalStyle("31")
    public static let green = TerminalStyle("32")
    public static let yellow = TerminalStyle("33")
    public static let blue = TerminalStyle("34")
    public static let boldRed = TerminalStyle("1;31")

    /// `text` in this style, or `text` as it is when `enabled` is false.
    public func paint(_ text: String, enabled: Bool = true) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The style of a severity's label, as clang and swiftc colour them.
    public static func label(_ severity: Severity) -> TerminalStyle? {
        switch severity {
        case .error: .boldRed
        case .warning: .yellow
        case .note: nil
        }
    }
}
