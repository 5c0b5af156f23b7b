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
