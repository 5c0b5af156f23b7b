/// Keyword tables. Contextual words that are common variable names in app code
/// (`left`, `none`, `copy`, `field`, `get`) are left out or gated as modifiers.
extension Vocabulary {
    static let swift = Vocabulary(
        keywords: [
            // Declarations
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
            "init", "inout", "internal", "let", "operator", "precedencegroup", "private", "protocol",
            "public", "static", "struct", "subscript", "typealias", "var",
            // Statements
            "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
            "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
            // Expressions and types
            "Any", "as", "async", "await", "false", "is", "nil", "rethrows", "self", "Self", "super",
            "throws", "true", "try",
            // Accessors
            "get", "set", "willSet", "didSet",
        ],
        modifiers: [
            "actor", "any", "borrowing", "consuming", "convenience", "distributed", "dynamic", "final",
            "indirect", "infix", "isolated", "lazy", "macro", "mutating", "nonisolated", "nonmutating",
            "open", "optional", "override", "package", "postfix", "prefix", "required", "sending",
            "some", "unowned", "weak",
        ],
        memberKeywords: ["self", "init"],
        functionIntroducers: ["func"],
        hasReceiverTypes: false
    )

    static let kotlin = Vocabulary(
        keywords: [
            // Hard keywords
            "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
            "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true",
            "try", "typealias", "typeof", "val", "var", "when", "while",
            // Soft keywords that are rarely names
            "by", "catch", "constructor", "finally", "import", "init", "where",
        ],
        modifiers: [
            "abstract", "actual", "annotation", "companion", "const", "crossinline", "data", "enum",
            "expect", "external", "final", "infix", "inline", "inner", "internal", "lateinit",
            "noinline", "open", "operator", "out", "override", "private", "protected", "public",
            "reified", "sealed", "suspend", "tailrec", "value", "vararg",
        ],
        memberKeywords: [],
        functionIntroducers: ["fun"],
        hasReceiverTypes: true
    )
}
