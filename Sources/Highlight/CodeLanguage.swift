/// A language the highlighter knows how to lex.
public enum CodeLanguage: String, Sendable, CaseIterable {
    case swift
    case kotlin

    /// Reads the first word of a Markdown fence info string (```` ```swift ````,
    /// ```` ```kt title="Main.kt" ````). Matching ignores case; unknown words give nil.
    public init?(infoString: String) {
        // Every code block asks, and splitting into `Character`s cost 13 k instructions an info
        // string: an ASCII first word is read from the bytes, any other from the `Character`s.
        let word = Self.asciiFirstWord(infoString) ?? infoString.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() }
        switch word {
        case "swift": self = .swift
        case "kotlin", "kt", "kts": self = .kotlin
        default: return nil
        }
    }

    /// The first word, lowercased, when it and the whitespace before it are ASCII and the word
    /// ends at ASCII whitespace or at the end (then it is the `Character` split's first word, as
    /// no non-ASCII scalar can join its clusters); nil otherwise. A word longer than any
    /// language's name is given as "" (no language).
    static func asciiFirstWord(_ info: String) -> String? {
        var word: [UInt8] = []
        for byte in info.utf8 {
            guard byte < 0x80 else { return nil }
            let isSpace = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            if isSpace {
                if word.isEmpty { continue }
                break
            }
            guard word.count < 8 else { return "" }
            word.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: word, as: UTF8.self)
    }
}
