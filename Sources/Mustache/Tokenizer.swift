import Diagnostics

/// One piece of template source: literal text or a tag.
struct Token {
    enum Kind: Equatable {
        case text
        case variable       // {{name}}
        case unescaped      // {{{name}}} or {{&name}}
        case section        // {{#name}}
        case inverted       // {{^name}}
        case close          // {{/name}}
        case comment        // {{! … }}
        case partial        // {{>name}}
        case parent         // {{<name}}
        case block          // {{$name}}
        case setDelimiter   // {{=<% %>=}}
    }

    var kind: Kind
    /// Byte range in the UTF-8 source; for tags it spans both delimiters.
    var start: Int
    var end: Int
    /// The trimmed tag content (the name); empty for text and comments.
    var name: String = ""
    /// 1-based position of the opening delimiter (tags only).
    var line: Int = 0
    var column: Int = 0

    var opensSection: Bool {
        kind == .section || kind == .inverted || kind == .parent || kind == .block
    }
}

/// Splits UTF-8 source into text and tag tokens, following set-delimiter
/// tags as it goes. Works on bytes: delimiters are matched byte-wise, which
/// is exact for UTF-8, and only tag positions need Character columns.
struct Tokenizer {
    private let bytes: [UInt8]
    private let templateName: String
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    /// Lines of the same source, for the position of every tag.
    private let lines: LineIndex

    init(bytes: [UInt8], lines: LineIndex, templateName: String) {
        self.bytes = bytes
        self.lines = lines
        self.templateName = templateName
    }

    mutating func tokenize() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        while let tagStart = find(open, from: textStart) {
            if tagStart > textStart {
                tokens.append(Token(kind: .text, start: textStart, end: tagStart))
            }
            let tag = try scanTag(at: tagStart)
            tokens.append(tag)
            textStart = tag.end
        }
        if textStart < bytes.count {
            tokens.append(Token(kind: .text, start: textStart, end: bytes.count))
        }
        return tokens
    }

    /// Reads the tag whose opening delimiter starts at `tagStart`.
    private mutating func scanTag(at tagStart: Int) throws(MustacheError) -> Token {
        let (line, column) = lines.location(ofByteOffset: tagStart)
        func error(_ message: String) -> MustacheError {
            MustacheError(location: .init(file: templateName, line: line, column: column), message: message)
        }
        let afterOpen = tagStart + open.count
        let sigil = afterOpen < bytes.count ? bytes[afterOpen] : 0

        let kind: Token.Kind
        var contentStart = afterOpen + 1
        var terminator = close  // what ends the tag content
        switch sigil {
        case UInt8(ascii: "{"): kind = .unescaped; terminator = [UInt8(ascii: "}")] + close
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "="): kind = .setDelimiter; terminator = [UInt8(ascii: "=")] + close
        default: kind = .variable; contentStart = afterOpen
        }

        guard let contentEnd = find(terminator, from: contentStart) else {
            // `{{=a b}}` (no closing `=`) still has a close: report what is wrong with it.
            if kind == .setDelimiter, find(close, from: contentStart) != nil {
                throw error("invalid set-delimiter tag")
            }
            throw error("unclosed tag '\(String(decoding: open, as: UTF8.self))'")
        }
        var token = Token(kind: kind, start: tagStart, end: contentEnd + terminator.count, line: line, column: column)

        switch kind {
        case .comment:
            break
        case .setDelimiter:
            let parts = bytes[contentStart..<contentEnd].split(whereSeparator: isWhitespace)
            guard parts.count == 2 else { throw error("invalid set-delimiter tag") }
            open = Array(parts[0])
            close = Array(parts[1])
        default:
            token.name = trimmed(contentStart, contentEnd)
            if token.name.isEmpty { throw error("empty tag") }
            // A name never spans lines or holds another tag's opening: a tag left unclosed took
            // text up to some later tag's close. Reported where it opens, not where that shows.
            let name = Array(token.name.utf8)
            if name.contains(UInt8(ascii: "\n")) || name.contains(UInt8(ascii: "\r")) || name.firstRange(of: open) != nil {
                let start = String(decoding: open, as: UTF8.self) + String(decoding: name.prefix { $0 != 10 && $0 != 13 && $0 != UInt8(ascii: "<") }, as: UTF8.self)
                throw error("tag '\(start)' is not closed: '\(String(decoding: close, as: UTF8.self))' must follow its name on the same line")
            }
        }
        return token
    }

    private func trimmed(_ start: Int, _ end: Int) -> String {
        var s = start, e = end
        while s < e, isWhitespace(bytes[s]) { s += 1 }
        while e > s, isWhitespace(bytes[e - 1]) { e -= 1 }
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        let last = bytes.count - needle.count
        var i = start
        outer: while i <= last {
            if bytes[i] == first {
                for k in 1..<needle.count where bytes[i + k] != needle[k] {
                    i += 1
                    continue outer
                }
                return i
            }
            i += 1
        }
        return nil
    }
}

/// Whitespace inside tags and around standalone tags.
func isWhitespace(_ b: UInt8) -> Bool {
    b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
}
