/// What a piece of source text is, as far as colouring goes.
/// The raw value is the CSS class suffix: `hl-<rawValue>`.
public enum TokenKind: String, Sendable, CaseIterable {
    case keyword
    /// Identifiers that start with an uppercase letter.
    case type
    /// String and character literal text, quotes included.
    case string
    /// An escape sequence inside a string or character literal (`\n`, `\u{1F600}`, `\#t`).
    case escape
    case comment
    case number
    /// Swift attributes and Kotlin annotations, including the `@`.
    case attribute
    /// A name right after `func`/`fun`, or directly followed by `(`.
    case function
    /// Whitespace, ordinary identifiers and anything unrecognised. Rendered without a span.
    case plain
    /// Brackets, `,`, `;`, `:`, member-access `.`, and a `@` or `#` that starts nothing.
    case punctuation
    case `operator`
    /// Swift compiler directives and macros: `#if`, `#available`, `#selector`.
    case directive
    /// The delimiters of string interpolation: `\(` and `)` in Swift, `${`, `}` and `$` in Kotlin.
    case interpolation

    /// The CSS class the HTML renderer puts on tokens of this kind.
    public var cssClass: String { "hl-" + rawValue }
}

/// A slice of the input with its kind. Concatenating the texts of all tokens
/// returned for an input gives back that input exactly.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    public var text: String

    public init(kind: TokenKind, text: String) {
        self.kind = kind
        self.text = text
    }

    public init(_ kind: TokenKind, _ text: String) {
        self.init(kind: kind, text: text)
    }
}

/// A token as its kind and where its text lies in the input's UTF-8: the lexers cut no
/// `String` per token (each cost a few hundred instructions, and every code block of every
/// page is lexed).
public struct TokenSpan: Sendable, Hashable {
    public let kind: TokenKind
    let start: Int32
    let end: Int32

    init(kind: TokenKind, bytes: Range<Int>) {
        self.kind = kind
        start = Int32(truncatingIfNeeded: bytes.lowerBound)
        end = Int32(truncatingIfNeeded: bytes.upperBound)
    }

    /// Where the token's text lies in `LexedSource.utf8`.
    public var bytes: Range<Int> { Int(start)..<Int(end) }
}

/// Source code and its tokens, each a span of the code's UTF-8.
public struct LexedSource: Sendable, Hashable {
    public let utf8: [UInt8]
    public let spans: [TokenSpan]

    /// The tokens with their texts, as `Highlighter.tokens` gives them.
    public var tokens: [Token] {
        spans.map { Token(kind: $0.kind, text: String(decoding: utf8[$0.bytes], as: UTF8.self)) }
    }
}
