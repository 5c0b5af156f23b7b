/// The words a language treats specially, and the rules that give an identifier its kind.
struct Vocabulary: Sendable {
    /// Reserved words, keywords wherever they appear except after a member-access dot.
    let keywords: WordSet
    /// Modifiers that double as ordinary names (`data`, `value`, `open`, `weak`): keywords
    /// only when another declaration word follows on the same line (`data class`, `weak var`).
    let modifiers: WordSet
    /// Keywords that keep their meaning after a dot (`.self`, `.init`).
    let memberKeywords: WordSet
    /// Words whose next identifier is a function name (`func`, `fun`).
    let functionIntroducers: WordSet
    /// Kotlin extension functions put a receiver type after `fun` (`fun String.trimmed()`).
    let hasReceiverTypes: Bool

    /// Words that follow an expression rather than start a declaration; a modifier
    /// before one of them is a plain name (`if (data in cache)`, `val open by lazy`).
    private static let connectives: WordSet = ["in", "is", "as", "by", "else", "where"]

    /// The kind of the identifier `name`, which ends where `cursor` stands.
    /// `last` is the previous significant token.
    func classify(_ name: String, backticked: Bool, before cursor: Cursor, after last: Token?) -> TokenKind {
        let next = cursor.peek()
        if let last, last.kind == .keyword, functionIntroducers.contains(last.text) {
            let isReceiver = hasReceiverTypes && (next == "." || next == "<")
            // `fun interface Listener` keeps its keyword; `func get()` is still a function name.
            if !isReceiver, backticked || !keywords.contains(name) || next == "(" || next == "<" {
                return .function
            }
        }
        if !backticked {
            let isMember = last?.kind == .punctuation && last?.text == "."
            if isMember ? memberKeywords.contains(name) : keywords.contains(name) {
                return .keyword
            }
            if !isMember, modifiers.contains(name), declarationFollows(cursor) {
                return .keyword
            }
            if name.unicodeScalars.first?.isUppercaseScalar == true {
                return .type
            }
        }
        return next == "(" ? .function : .plain
    }

    /// Whether the next thing on the same line is a word that can continue a declaration.
    private func declarationFollows(_ cursor: Cursor) -> Bool {
        var offset = 0
        while cursor.peek(offset)?.isInlineSpace == true { offset += 1 }
        guard let first = cursor.peek(offset), offset > 0 else { return false }
        if first == "@" || first == "`" { return true }
        guard first.isIdentifierStart else { return false }
        var word = String.UnicodeScalarView()
        while let scalar = cursor.peek(offset), scalar.isIdentifierContinue {
            word.append(scalar)
            offset += 1
        }
        return !Self.connectives.contains(String(word))
    }
}
