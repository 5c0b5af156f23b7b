/// The number literal rules that differ between the two languages.
struct NumberSyntax {
    /// Swift `0o17`.
    var allowsOctal: Bool
    /// Swift `0x1.8p3`.
    var allowsHexFloats: Bool
    /// Kotlin `10L`, `7u`, `3uL`, `1.5f`.
    var allowsTypeSuffixes: Bool

    static let swift = NumberSyntax(allowsOctal: true, allowsHexFloats: true, allowsTypeSuffixes: false)
    static let kotlin = NumberSyntax(allowsOctal: false, allowsHexFloats: false, allowsTypeSuffixes: true)
}

extension Cursor {
    /// A number literal starting at a digit (or at `.` before a digit in Kotlin).
    /// Parts are taken only when well formed, so `1.description` stays `1`, `.`, `description`.
    mutating func consumeNumber(_ syntax: NumberSyntax) {
        if peek() == "0", let prefix = peek(1), let digit = peek(2) {
            switch prefix {
            case "x" where digit.isHexDigit, "X" where digit.isHexDigit:
                advance(2)
                advance(while: { $0.isHexDigit || $0 == "_" })
                if syntax.allowsHexFloats {
                    if peek() == ".", peek(1)?.isHexDigit == true {
                        advance()
                        advance(while: { $0.isHexDigit || $0 == "_" })
                    }
                    if peek() == "p" || peek() == "P" { _ = consumeExponent() }
                }
                consumeIntegerSuffix(syntax)
                return
            case "b" where digit.isBinaryDigit, "B" where digit.isBinaryDigit:
                advance(2)
                advance(while: { $0.isBinaryDigit || $0 == "_" })
                consumeIntegerSuffix(syntax)
                return
            case "o" where syntax.allowsOctal && digit.isOctalDigit:
                advance(2)
                advance(while: { $0.isOctalDigit || $0 == "_" })
                return
            default:
                break
            }
        }

        advance(while: { $0.isASCIIDigit || $0 == "_" })
        var isFloat = false
        if peek() == ".", peek(1)?.isASCIIDigit == true {
            advance()
            advance(while: { $0.isASCIIDigit || $0 == "_" })
            isFloat = true
        }
        if peek() == "e" || peek() == "E", consumeExponent() {
            isFloat = true
        }
        if syntax.allowsTypeSuffixes {
            if peek() == "f" || peek() == "F" {
                advance()
            } else if !isFloat {
                consumeIntegerSuffix(syntax)
            }
        }
    }

    /// `e+10` or `p-3`, only when digits follow, so `2else` stays apart.
    private mutating func consumeExponent() -> Bool {
        let signLength = peek(1) == "+" || peek(1) == "-" ? 1 : 0
        guard peek(1 + signLength)?.isASCIIDigit == true else { return false }
        advance(1 + signLength)
        advance(while: { $0.isASCIIDigit || $0 == "_" })
        return true
    }

    private mutating func consumeIntegerSuffix(_ syntax: NumberSyntax) {
        guard syntax.allowsTypeSuffixes else { return }
        if peek() == "u" || peek() == "U" { advance() }
        if peek() == "L" { advance() }
    }
}
