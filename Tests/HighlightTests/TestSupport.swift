import Testing
import Highlight

/// Short constructor for expected tokens.
func tok(_ kind: TokenKind, _ text: String) -> Token {
    Token(kind, text)
}

/// The tokens of `code` minus whitespace-only plain tokens, for readable expectations.
func significantTokens(_ code: String, _ language: CodeLanguage) -> [Token] {
    Highlighter.tokens(code, language: language).filter { token in
        token.kind != .plain || token.text.contains { !$0.isWhitespace }
    }
}

/// Undoes the HTML renderer: drops the tags and decodes the four entities it writes.
/// Safe because the renderer escapes every `<` that belongs to the text.
func textContent(ofHTML html: String) -> String {
    var text = ""
    var insideTag = false
    var entity: String?
    for scalar in html.unicodeScalars {
        if insideTag {
            if scalar == ">" { insideTag = false }
        } else if var pending = entity {
            pending.unicodeScalars.append(scalar)
            if scalar == ";" {
                switch pending {
                case "&amp;": text += "&"
                case "&lt;": text += "<"
                case "&gt;": text += ">"
                case "&quot;": text += "\""
                case "&#39;": text += "'"
                default: text += pending
                }
                entity = nil
            } else {
                entity = pending
            }
        } else if scalar == "<" {
            insideTag = true
        } else if scalar == "&" {
            entity = "&"
        } else {
            text.unicodeScalars.append(scalar)
        }
    }
    return text + (entity ?? "")
}

/// The invariants every input must satisfy: tokens are non-empty and concatenate to the
/// input scalar for scalar, and the HTML carries exactly the input as its text.
func expectLossless(
    _ code: String,
    _ language: CodeLanguage,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    // Long inputs are summarised so a failure stays readable.
    let label = code.unicodeScalars.count <= 120 ? code.debugDescription : "a \(code.unicodeScalars.count)-scalar input"
    let tokens = Highlighter.tokens(code, language: language)
    let joined = tokens.map(\.text).joined()
    #expect(joined.unicodeScalars.elementsEqual(code.unicodeScalars),
            "tokens do not round-trip \(label) in \(language)", sourceLocation: sourceLocation)
    #expect(!tokens.contains { $0.text.isEmpty }, "empty token for \(label) in \(language)",
            sourceLocation: sourceLocation)
    let html = Highlighter.html(tokens, options: HighlightOptions(taggedIdentifiers: ["onPause", "x"]))
    #expect(textContent(ofHTML: html).unicodeScalars.elementsEqual(code.unicodeScalars),
            "HTML text differs for \(label) in \(language)", sourceLocation: sourceLocation)
}
