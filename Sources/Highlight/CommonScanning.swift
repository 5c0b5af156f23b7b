/// Scanning steps both lexers share. Each one advances the cursor over one token
/// (the caller slices the text and picks the kind) and always makes progress when
/// called where its token starts.
extension Cursor {
    /// `// …` up to, not including, the line break.
    mutating func consumeLineComment() {
        advance(while: { !$0.isLineBreak })
    }

    /// `/* … */`. Swift and Kotlin both nest block comments, so a depth counter
    /// (not recursion) tracks them; an unclosed comment runs to the end of the input.
    mutating func consumeBlockComment() {
        advance(2)
        var depth = 1
        while depth > 0, let scalar = peek() {
            if scalar == "/", peek(1) == "*" {
                depth += 1
                advance(2)
            } else if scalar == "*", peek(1) == "/" {
                depth -= 1
                advance(2)
            } else {
                advance()
            }
        }
    }

    mutating func consumeIdentifier() {
        advance()
        advanceOverIdentifier()
    }

    /// `` `default` `` in Swift, or a Kotlin test name like `` `loads data on start` ``.
    /// An unclosed backtick stops at the end of the line.
    mutating func consumeBacktickIdentifier() {
        advance()
        advance(while: { $0 != "`" && !$0.isLineBreak })
        if peek() == "`" { advance() }
    }

    /// An operator run such as `==`, `?:`, `->` or `..<`. Dots belong to the run only
    /// when it starts with one (as in Swift), so `x?.y` lexes as `?` then `.`.
    mutating func consumeOperator() {
        let allowsDots = peek() == "."
        advance()
        while let scalar = peek() {
            if scalar == "/", peek(1) == "/" || peek(1) == "*" { break }  // a comment starts here
            guard scalar.isOperatorScalar || (allowsDots && scalar == ".") else { break }
            advance()
        }
    }

    /// One stray ASCII scalar, or a run of non-ASCII symbols, so an emoji made of
    /// several scalars stays in one token.
    mutating func consumeUnrecognized() {
        guard let first = peek() else { return }
        advance()
        guard !first.isASCII else { return }
        advance(while: { !$0.isASCII && !$0.isSpace && !$0.isIdentifierStart })
    }

    /// `\n` or the `\r\n` pair, treated as one line break.
    mutating func consumeLineBreak() {
        if peek() == "\r", peek(1) == "\n" { advance(2) } else { advance() }
    }
}
