/// Collects tokens and remembers the last meaningful one, which the lexers use as
/// context ("the name after `func`", "a member after `.`").
struct TokenWriter {
    private(set) var tokens: [Token] = []
    /// The last token that is neither whitespace nor a comment.
    private(set) var lastSignificant: Token?

    mutating func emit(_ kind: TokenKind, _ text: String) {
        guard !text.isEmpty else { return }
        let token = Token(kind: kind, text: text)
        tokens.append(token)
        lastSignificant = token
    }

    /// Whitespace and comments: recorded, but invisible as context.
    mutating func emitTrivia(_ kind: TokenKind, _ text: String) {
        guard !text.isEmpty else { return }
        tokens.append(Token(kind: kind, text: text))
    }
}
