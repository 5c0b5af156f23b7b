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
        value < 0x80 ? value == 0x20 || (value >= 0x09 && value <= 0x0D) : properties.isWhitespace
    }

    /// The Unicode Uppercase property; in ASCII exactly `A`…`Z`.
    var isUppercaseScalar: Bool {
        value < 0x80 ? ("A"..."Z").contains(self) : properties.isUppercase
    }

    /// Spaces and tabs: whitespace that stays on the same line.
    var isInlineSpace: Bool { self == " " || self == "\t" }

    var isIdentifierStart: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
            || (!isASCII && properties.isAlphabetic)
    }

    var isIdentifierContinue: Bool {
        if isIdentifierStart || isASCIIDigit { return true }
        guard !isASCII else { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
        default: return false
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
