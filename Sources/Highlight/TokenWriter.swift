/// Collects tokens as spans of the input and remembers the last meaningful one, which the
/// lexers use as context ("the name after `func`", "a member after `.`").
struct TokenWriter {
    private(set) var spans: [TokenSpan] = []
    /// The last token that is neither whitespace nor a comment.
    private(set) var lastSignificant: TokenSpan?

    /// A token whose text is the input's bytes in `bytes` (nothing when empty).
    mutating func emit(_ kind: TokenKind, _ bytes: Range<Int>) {
        guard !bytes.isEmpty else { return }
        let span = TokenSpan(kind: kind, bytes: bytes)
        spans.append(span)
        lastSignificant = span
    }

    /// Whitespace and comments: recorded, but invisible as context.
    mutating func emitTrivia(_ kind: TokenKind, _ bytes: Range<Int>) {
        guard !bytes.isEmpty else { return }
        spans.append(TokenSpan(kind: kind, bytes: bytes))
    }
}
