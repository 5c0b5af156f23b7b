/// Turns Swift source into tokens.
///
/// String literals and interpolations nest (`"\( "\(x)" )"`), so the lexer keeps an
/// explicit stack of modes instead of recursing: nesting depth is limited by memory,
/// not by the call stack.
struct SwiftLexer {
    private enum Mode {
        case code
        /// Inside `\( … )`: an unmatched `)` ends the interpolation.
        case interpolation(openParens: Int)
        case string(StringDelimiter)
    }

    /// How a string literal was opened, which decides how it closes and escapes.
    private struct StringDelimiter {
        /// The `#`s of a raw string: `#"…"#` closes with `"#` and escapes with `\#`.
        var hashes: Int
        /// `"""` strings span lines; the others end at a line break even when unclosed.
        var multiline: Bool
    }

    private var cursor: Cursor
    private var writer = TokenWriter()
    private var modes: [Mode] = [.code]

    static func tokenize(_ code: String) -> LexedSource {
        var lexer = SwiftLexer(cursor: Cursor(code))
        while !lexer.cursor.isAtEnd {
            if case .string(let delimiter) = lexer.modes.last {
                lexer.lexStringBody(delimiter, from: lexer.cursor.position)
            } else {
                lexer.lexCodeToken()
            }
        }
        return lexer.cursor.lexed(lexer.writer)
    }

    private init(cursor: Cursor) {
        self.cursor = cursor
    }

    // MARK: Code

    private mutating func lexCodeToken() {
        let start = cursor.position
        guard let scalar = cursor.peek() else { return }
        switch scalar {
        case _ where scalar.isSpace:
            cursor.advance(while: \.isSpace)
            writer.emitTrivia(.plain, cursor.bytes(from: start))
        case "/" where cursor.peek(1) == "/":
            cursor.consumeLineComment()
            writer.emitTrivia(.comment, cursor.bytes(from: start))
        case "/" where cursor.peek(1) == "*":
            cursor.consumeBlockComment()
            writer.emitTrivia(.comment, cursor.bytes(from: start))
        case "\"", "#":
            lexHashOrString()
        case "@":
            cursor.advance()
            if cursor.peek()?.isIdentifierStart == true {
                cursor.advanceOverIdentifier()
                writer.emit(.attribute, cursor.bytes(from: start))
            } else {
                writer.emit(.punctuation, cursor.bytes(from: start))
            }
        case _ where scalar.isASCIIDigit:
            cursor.consumeNumber(.swift)
            writer.emit(.number, cursor.bytes(from: start))
        case _ where scalar.isIdentifierStart:
            cursor.consumeIdentifier()
            emitIdentifier(from: start, backticked: false)
        case "$" where cursor.peek(1)?.isIdentifierContinue == true:
            // `$0` closure arguments and `$binding` projections.
            cursor.consumeIdentifier()
            emitIdentifier(from: start, backticked: false)
        case "`":
            cursor.consumeBacktickIdentifier()
            emitIdentifier(from: start, backticked: true)
        case "(":
            if case .interpolation(let open) = modes.last {
                modes[modes.count - 1] = .interpolation(openParens: open + 1)
            }
            cursor.advance()
            writer.emit(.punctuation, cursor.bytes(from: start))
        case ")":
            cursor.advance()
            if case .interpolation(let open) = modes.last {
                if open == 0 {
                    modes.removeLast()
                    writer.emit(.interpolation, cursor.bytes(from: start))
                    return
                }
                modes[modes.count - 1] = .interpolation(openParens: open - 1)
            }
            writer.emit(.punctuation, cursor.bytes(from: start))
        case "{", "}", "[", "]", ",", ";", ":":
            cursor.advance()
            writer.emit(.punctuation, cursor.bytes(from: start))
        case "." where cursor.peek(1) != ".":
            cursor.advance()
            writer.emit(.punctuation, cursor.bytes(from: start))
        case ".",
             _ where scalar.isOperatorScalar:
            cursor.consumeOperator()
            writer.emit(.operator, cursor.bytes(from: start))
        case "\\":
            // Key-path expressions: `\.count`, `\Model.name`.
            cursor.advance()
            writer.emit(.operator, cursor.bytes(from: start))
        default:
            cursor.consumeUnrecognized()
            writer.emit(.plain, cursor.bytes(from: start))
        }
    }

    private mutating func emitIdentifier(from start: Int, backticked: Bool) {
        let kind = Vocabulary.swift.classify(from: start, backticked: backticked, before: cursor, after: writer.lastSignificant)
        writer.emit(kind, cursor.bytes(from: start))
    }

    /// `#` starts a raw string (`#"…"#`), a directive (`#if`, `#selector`) or is stray.
    private mutating func lexHashOrString() {
        let start = cursor.position
        let hashes = cursor.run(of: "#")
        if cursor.peek(hashes) == "\"" {
            let multiline = cursor.matches("\"\"\"", at: hashes)
            cursor.advance(hashes + (multiline ? 3 : 1))
            let delimiter = StringDelimiter(hashes: hashes, multiline: multiline)
            modes.append(.string(delimiter))
            lexStringBody(delimiter, from: start)
        } else if hashes == 1, cursor.peek(1)?.isIdentifierStart == true {
            cursor.advance()
            cursor.advanceOverIdentifier()
            writer.emit(.directive, cursor.bytes(from: start))
        } else {
            // Take the whole run at once so a long line of `#` stays linear.
            cursor.advance(hashes)
            writer.emit(.punctuation, cursor.bytes(from: start))
        }
    }

    // MARK: Strings

    /// Scans string content from the cursor. `segmentStart` lies before the cursor when
    /// the opening quote was just consumed, so the quote joins the first piece of text.
    /// Returns at the closing quote (popping the mode), at an interpolation (pushing
    /// one), at a line break ending an unclosed single-line string, or at the end.
    private mutating func lexStringBody(_ delimiter: StringDelimiter, from segmentStart: Int) {
        var start = segmentStart
        while let scalar = cursor.peek() {
            if scalar.isLineBreak, !delimiter.multiline { break }
            if scalar == "\"", let closer = closerLength(delimiter) {
                cursor.advance(closer)
                writer.emit(.string, cursor.bytes(from: start))
                modes.removeLast()
                return
            }
            if scalar == "\\", cursor.run(of: "#", at: 1, limit: delimiter.hashes) == delimiter.hashes {
                let afterHashes = cursor.peek(1 + delimiter.hashes)
                if afterHashes == "(" {
                    writer.emit(.string, cursor.bytes(from: start))
                    let open = cursor.position
                    cursor.advance(2 + delimiter.hashes)
                    writer.emit(.interpolation, cursor.bytes(from: open))
                    modes.append(.interpolation(openParens: 0))
                    return
                }
                if let afterHashes, delimiter.multiline || !afterHashes.isLineBreak {
                    writer.emit(.string, cursor.bytes(from: start))
                    let escape = cursor.position
                    cursor.advance(1 + delimiter.hashes)
                    consumeEscapeBody()
                    writer.emit(.escape, cursor.bytes(from: escape))
                    start = cursor.position
                    continue
                }
            }
            cursor.advance()
        }
        writer.emit(.string, cursor.bytes(from: start))
        modes.removeLast()
    }

    /// The length of the closing delimiter at the cursor, if one is there.
    private func closerLength(_ delimiter: StringDelimiter) -> Int? {
        let quotes = delimiter.multiline ? 3 : 1
        guard cursor.run(of: "\"", limit: quotes) == quotes,
              cursor.run(of: "#", at: quotes, limit: delimiter.hashes) == delimiter.hashes else {
            return nil
        }
        return quotes + delimiter.hashes
    }

    /// What follows `\` (and its `#`s): `n`, `u{1F600}`, or a line break that continues a multi-line string.
    private mutating func consumeEscapeBody() {
        if cursor.peek() == "u", cursor.peek(1) == "{" {
            cursor.advance(2)
            cursor.advance(atMost: 8, while: \.isHexDigit)
            if cursor.peek() == "}" { cursor.advance() }
        } else if cursor.peek()?.isLineBreak == true {
            cursor.consumeLineBreak()
        } else {
            cursor.advance()
        }
    }
}
