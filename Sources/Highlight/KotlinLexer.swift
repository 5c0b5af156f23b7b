import Encoding

/// Turns Kotlin source into tokens.
///
/// String templates nest (`"${ "${x}" }"`), so like the Swift lexer this one keeps an
/// explicit stack of modes instead of recursing.
struct KotlinLexer {
    private enum Mode {
        case code
        /// Inside `${ … }`: an unmatched `}` ends the template.
        case template(openBraces: Int)
        /// `raw` strings (`"""`) span lines and have no escapes.
        case string(raw: Bool)
    }

    /// Use-site targets that may prefix an annotation name: `@file:JvmName`, `@get:Rule`.
    private static let useSiteTargets: WordSet = [
        "file", "field", "property", "get", "set", "receiver", "param", "setparam", "delegate", "all",
    ]

    private var cursor: Cursor
    private var writer = TokenWriter()
    private var modes: [Mode] = [.code]

    static func tokenize(_ code: String) -> LexedSource {
        var lexer = KotlinLexer(cursor: Cursor(code))
        while !lexer.cursor.isAtEnd {
            if case .string(let raw) = lexer.modes.last {
                lexer.lexStringBody(raw: raw, from: lexer.cursor.position)
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
        case "\"":
            let raw = cursor.matches("\"\"\"")
            cursor.advance(raw ? 3 : 1)
            modes.append(.string(raw: raw))
            lexStringBody(raw: raw, from: start)
        case "'":
            lexCharacterLiteral()
        case "@":
            lexAt()
        case _ where scalar.isASCIIDigit, "." where cursor.peek(1)?.isASCIIDigit == true:
            cursor.consumeNumber(.kotlin)
            writer.emit(.number, cursor.bytes(from: start))
        case _ where scalar.isIdentifierStart:
            cursor.consumeIdentifier()
            emitIdentifier(from: start, backticked: false)
        case "`":
            cursor.consumeBacktickIdentifier()
            emitIdentifier(from: start, backticked: true)
        case "{":
            if case .template(let open) = modes.last {
                modes[modes.count - 1] = .template(openBraces: open + 1)
            }
            cursor.advance()
            writer.emit(.punctuation, cursor.bytes(from: start))
        case "}":
            cursor.advance()
            if case .template(let open) = modes.last {
                if open == 0 {
                    modes.removeLast()
                    writer.emit(.interpolation, cursor.bytes(from: start))
                    return
                }
                modes[modes.count - 1] = .template(openBraces: open - 1)
            }
            writer.emit(.punctuation, cursor.bytes(from: start))
        case ":" where cursor.peek(1) == ":":
            // Callable references: `::onPause`, `Foo::class`.
            cursor.advance(2)
            writer.emit(.operator, cursor.bytes(from: start))
        case "?" where cursor.peek(1) == ":":
            // The Elvis operator; `:` is otherwise punctuation.
            cursor.advance(2)
            writer.emit(.operator, cursor.bytes(from: start))
        case "(", ")", "[", "]", ",", ";", ":":
            cursor.advance()
            writer.emit(.punctuation, cursor.bytes(from: start))
        case "." where cursor.peek(1) != ".":
            cursor.advance()
            writer.emit(.punctuation, cursor.bytes(from: start))
        case ".",
             _ where scalar.isOperatorScalar:
            cursor.consumeOperator()
            writer.emit(.operator, cursor.bytes(from: start))
        default:
            cursor.consumeUnrecognized()
            writer.emit(.plain, cursor.bytes(from: start))
        }
    }

    private mutating func emitIdentifier(from start: Int, backticked: Bool) {
        let kind = Vocabulary.kotlin.classify(from: start, backticked: backticked, before: cursor, after: writer.lastSignificant)
        writer.emit(kind, cursor.bytes(from: start))
    }

    /// `@Composable`, `@file:JvmName`; but right after a word, `@` is part of a label
    /// (`this@MainActivity`, `return@forEach`, `loop@`) and stays punctuation.
    private mutating func lexAt() {
        let start = cursor.position
        let followsWord = cursor.peek(-1)?.isIdentifierContinue == true
        cursor.advance()
        guard !followsWord, cursor.peek()?.isIdentifierStart == true else {
            writer.emit(.punctuation, cursor.bytes(from: start))
            return
        }
        let nameStart = cursor.position
        cursor.consumeIdentifier()
        if cursor.bytes(cursor.bytes(from: nameStart), areIn: Self.useSiteTargets),
           cursor.peek() == ":", cursor.peek(1)?.isIdentifierStart == true {
            cursor.advance()
            cursor.consumeIdentifier()
        }
        writer.emit(.attribute, cursor.bytes(from: start))
    }

    /// `'a'`, `'\n'`, `'\u0041'`. Unclosed literals end at the line break.
    private mutating func lexCharacterLiteral() {
        let start = cursor.position
        cursor.advance()
        if cursor.peek() == "\\", let escaped = cursor.peek(1), !escaped.isLineBreak {
            writer.emit(.string, cursor.bytes(from: start))
            let escape = cursor.position
            consumeEscape()
            writer.emit(.escape, cursor.bytes(from: escape))
            if cursor.peek() == "'" {
                let quote = cursor.position
                cursor.advance()
                writer.emit(.string, cursor.bytes(from: quote))
            }
            return
        }
        if let scalar = cursor.peek(), scalar != "'", !scalar.isLineBreak {
            cursor.advance()
        }
        if cursor.peek() == "'" { cursor.advance() }
        writer.emit(.string, cursor.bytes(from: start))
    }

    // MARK: Strings

    /// Scans string content from the cursor; see `SwiftLexer.lexStringBody` for the contract.
    private mutating func lexStringBody(raw: Bool, from segmentStart: Int) {
        var start = segmentStart
        while let scalar = cursor.peek() {
            if scalar.isLineBreak, !raw { break }
            if scalar == "\"", !raw || cursor.matches("\"\"\"") {
                // A raw string closes with its last quotes: `"""a""""` holds `a"`.
                cursor.advance(raw ? cursor.run(of: "\"") : 1)
                writer.emit(.string, cursor.bytes(from: start))
                modes.removeLast()
                return
            }
            if scalar == "\\", !raw, let escaped = cursor.peek(1), !escaped.isLineBreak {
                writer.emit(.string, cursor.bytes(from: start))
                let escape = cursor.position
                consumeEscape()
                writer.emit(.escape, cursor.bytes(from: escape))
                start = cursor.position
                continue
            }
            if scalar == "$", cursor.peek(1) == "{" {
                writer.emit(.string, cursor.bytes(from: start))
                let open = cursor.position
                cursor.advance(2)
                writer.emit(.interpolation, cursor.bytes(from: open))
                modes.append(.template(openBraces: 0))
                return
            }
            if scalar == "$", cursor.peek(1)?.isIdentifierStart == true {
                writer.emit(.string, cursor.bytes(from: start))
                let dollar = cursor.position
                cursor.advance()
                writer.emit(.interpolation, cursor.bytes(from: dollar))
                let nameStart = cursor.position
                cursor.consumeIdentifier()
                let name = cursor.bytes(from: nameStart)
                // Only `$this` is a keyword here; `$name(` is not a call, so no function kind.
                writer.emit(cursor.bytes(name, areIn: Vocabulary.kotlin.keywords) ? .keyword : .plain, name)
                start = cursor.position
                continue
            }
            cursor.advance()
        }
        writer.emit(.string, cursor.bytes(from: start))
        modes.removeLast()
    }

    /// `\n`, `\$`, `\u0041`: the cursor stands on the backslash, with a scalar after it.
    private mutating func consumeEscape() {
        let isUnicode = cursor.peek(1) == "u"
        cursor.advance(2)
        if isUnicode {
            cursor.advance(atMost: 4, while: \.isHexDigit)
        }
    }
}
