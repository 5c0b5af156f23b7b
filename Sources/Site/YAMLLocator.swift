import Diagnostics
import YAML

/// Places YAML marks in the file they came from.
///
/// libyaml also ends a line at NEL (U+0085), LS (U+2028) and PS (U+2029), which
/// editors, cmark and the rest of the site do not: without this a mark after
/// one of them would name a line further down, possibly past the end of the
/// file. Such a mark is moved back to the file line that holds it, its column
/// counted from that line's start.
struct YAMLLocator {
    let file: String
    /// Per YAML line (index `mark.line - 1`): the file line it lies on and the
    /// Characters before it there. Empty when the two kinds of line are the same.
    private var starts: [(line: Int, column: Int)] = []

    /// `text` is what was given to the YAML parser, its first line file line 1.
    init(_ text: some StringProtocol, file: String) {
        self.file = file
        guard Self.hasUnicodeBreak(text.utf8) else { return }
        var line = 1
        var column = 0
        starts = [(1, 0)]
        for character in text {
            switch character {
            // SourceText folds CRLF and CR to LF; they are file line breaks in any text.
            case "\n", "\r\n", "\r":
                line += 1
                column = 0
                starts.append((line, 0))
            case "\u{85}", "\u{2028}", "\u{2029}":
                column += 1
                starts.append((line, column))
            default:
                column += 1
            }
        }
    }

    /// Where `mark` is in the file; line 1, column 1 without a mark.
    func location(_ mark: YAMLMark?) -> SourceLocation {
        guard let mark else { return SourceLocation(file: file, line: 1, column: 1) }
        guard !starts.isEmpty else { return SourceLocation(file: file, line: mark.line, column: mark.column) }
        let start = starts[min(max(mark.line, 1), starts.count) - 1]
        return SourceLocation(file: file, line: start.line, column: start.column + mark.column)
    }

    /// Whether the UTF-8 text holds NEL (C2 85), LS (E2 80 A8) or PS (E2 80 A9).
    private static func hasUnicodeBreak(_ utf8: some Collection<UInt8>) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in utf8 {
            if (previous.1 == 0xC2 && byte == 0x85) || (previous == (0xE2, 0x80) && (byte == 0xA8 || byte == 0xA9)) {
                return true
            }
            previous = (previous.1, byte)
        }
        return false
    }
}
