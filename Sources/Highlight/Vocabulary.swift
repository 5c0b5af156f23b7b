import Encoding

/// The words a language treats specially, and the rules that give an identifier its kind.
/// A class: every identifier asks it, and a struct's copy retained each of its tables.
final class Vocabulary: Sendable {
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

    init(keywords: WordSet, modifiers: WordSet, memberKeywords: WordSet, functionIntroducers: WordSet, hasReceiverTypes: Bool) {
        self.keywords = keywords
        self.modifiers = modifiers
        self.memberKeywords = memberKeywords
        self.functionIntroducers = functionIntroducers
        self.hasReceiverTypes = hasReceiverTypes
    }

    /// Words that follow an expression rather than start a declaration; a modifier
    /// before one of them is a plain name (`if (data in cache)`, `val open by lazy`).
    private static let connectives: WordSet = ["in", "is", "as", "by", "else", "where"]

    /// The kind of the identifier that starts at scalar `start` and ends where `cursor` stands.
    /// `last` is the previous significant token.
    func classify(from start: Int, backticked: Bool, before cursor: Cursor, after last: TokenSpan?) -> TokenKind {
        let next = cursor.peek()
        let name = cursor.bytes(from: start)
        if let last, last.kind == .keyword, cursor.bytes(last.bytes, areIn: functionIntroducers) {
            let isReceiver = hasReceiverTypes && (next == "." || next == "<")
            // `fun interface Listener` keeps its keyword; `func get()` is still a function name.
            if !isReceiver, backticked || !cursor.bytes(name, areIn: keywords) || next == "(" || next == "<" {
                return .function
            }
        }
        if !backticked {
            let isMember = last.map { $0.kind == .punctuation && cursor.bytes($0.bytes, are: UInt8(ascii: ".")) } ?? false
            if isMember ? cursor.bytes(name, areIn: memberKeywords) : cursor.bytes(name, areIn: keywords) {
                return .keyword
            }
            if !isMember, cursor.bytes(name, areIn: modifiers), declarationFollows(cursor) {
                return .keyword
            }
            if cursor.scalars[start].isUppercaseScalar {
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
        let wordStart = cursor.position + offset
        while let scalar = cursor.peek(offset), scalar.isIdentifierContinue { offset += 1 }
        let word = cursor.byteOffset(wordStart)..<cursor.byteOffset(cursor.position + offset)
        return !cursor.bytes(word, areIn: Self.connectives)
    }
}
