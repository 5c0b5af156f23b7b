/// A language the highlighter knows how to lex.
public enum CodeLanguage: String, Sendable, CaseIterable {
    case swift
    case kotlin

    /// Reads the first word of a Markdown fence info string (```` ```swift ````,
    /// ```` ```kt title="Main.kt" ````). Matching ignores case; unknown words give nil.
    public init?(infoString: String) {
        // Every code block asks, and splitting into `Character`s cost 13 k instructions an info
        // string: an ASCII first word is read from the bytes (into an integer: no string made and
        // compared), any other from the `Character`s.
        if let word = Self.asciiFirstWord(infoString) {
            guard let name = Self.names.first(where: { $0.word == word }) else { return nil }
            self = name.language
            return
        }
        switch infoString.split(whereSeparator: \.isWhitespace).first.map({ $0.lowercased() }) {
        case "swift": self = .swift
        case "kotlin", "kt", "kts": self = .kotlin
        default: return nil
        }
    }

    /// The words that name a language, as `asciiFirstWord` packs them.
    static let names: [(word: UInt64, language: CodeLanguage)] = [("swift", .swift), ("kotlin", .kotlin), ("kt", .kotlin), ("kts", .kotlin)]
        .map { name, language in (asciiFirstWord(name) ?? 0, language) }

    /// The first word, lowercased, its bytes packed into an integer (the first byte lowest), when
    /// it and the whitespace before it are ASCII without NUL (no byte packs as zero) and the word
    /// ends at ASCII whitespace or at the end (then it is the `Character` split's first word, as no
    /// non-ASCII scalar can join its clusters); nil otherwise. No word, or one longer than any
    /// language's name (eight bytes), is 0 (no language).
    static func asciiFirstWord(_ info: String) -> UInt64? {
        var word: UInt64 = 0
        var length = 0
        for byte in info.utf8 {
            guard byte < 0x80, byte != 0 else { return nil }
            let isSpace = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            if isSpace {
                if length == 0 { continue }
                break
            }
            guard length < 8 else { return 0 }
            word |= UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) << (8 * length)
            length += 1
        }
        return word
    }
}
