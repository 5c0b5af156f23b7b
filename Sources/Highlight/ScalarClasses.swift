/// Character classes shared by both lexers. Everything syntactic in Swift and
/// Kotlin is ASCII; non-ASCII letters only matter inside identifiers.
extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }

    var isHexDigit: Bool {
        isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self)
    }

    var isBinaryDigit: Bool { self == "0" || self == "1" }

    var isOctalDigit: Bool { ("0"..."7").contains(self) }

    var isLineBreak: Bool { self == "\n" || self == "\r" }

    /// Any whitespace, line breaks included. The ASCII ones (U+0009…U+000D, U+0020) are
    /// tested without the Unicode property table, which costs a lookup per scalar.
    var isSpace: Bool {
        value < 0x80 ? value == 0x20 || (value >= 0x09 && value <= 0x0D) : Self.isWhitespace(self)
    }

    /// The Unicode Uppercase property; in ASCII exactly `A`…`Z`.
    var isUppercaseScalar: Bool {
        value < 0x80 ? ("A"..."Z").contains(self) : Self.isUppercase(self)
    }

    /// Spaces and tabs: whitespace that stays on the same line.
    var isInlineSpace: Bool { self == " " || self == "\t" }

    /// Inlined: the lexers ask it of every token's first scalar (a call each was 40 instructions).
    @inline(__always)
    var isIdentifierStart: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
            || (!isASCII && Self.isAlphabetic(self))
    }

    var isIdentifierContinue: Bool {
        if isIdentifierStart || isASCIIDigit { return true }
        return !isASCII && Self.isMarkOrDigit(self)
    }

    // The Unicode properties of scalars past ASCII, asked out of line: their types' metadata
    // (resilient) was set up at the start of every function that might ask, about 60
    // instructions a token or identifier, ASCII ones too.

    @inline(never)
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    @inline(never)
    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUppercase }

    @inline(never)
    private static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }

    @inline(never)
    private static func isMarkOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: true
        default: false
        }
    }

    /// Scalars that make up operators in both languages. `.` is handled apart:
    /// alone it is member access, in a run (`...`, `..<`) it is an operator.
    var isOperatorScalar: Bool {
        switch self {
        case "/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|", "^", "~", "?": true
        default: false
        }
    }
}
