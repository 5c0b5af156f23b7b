/// A language the highlighter knows how to lex.
public enum CodeLanguage: String, Sendable, CaseIterable {
    case swift
    case kotlin

    /// Reads the first word of a Markdown fence info string (```` ```swift ````,
    /// ```` ```kt title="Main.kt" ````). Matching ignores case; unknown words give nil.
    public init?(infoString: String) {
        guard let word = infoString.split(whereSeparator: \.isWhitespace).first else { return nil }
        switch word.lowercased() {
        case "swift": self = .swift
        case "kotlin", "kt", "kts": self = .kotlin
        default: return nil
        }
    }
}
