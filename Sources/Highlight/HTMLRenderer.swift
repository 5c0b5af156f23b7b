/// Renders tokens as HTML for the inside of `<pre><code>`: text is escaped and
/// otherwise kept byte for byte, since whitespace is significant there.

import Encoding
enum HTMLRenderer {
    /// Kinds an identifier can have; only these can be tagged as a callback.
    private static func isIdentifierKind(_ kind: TokenKind) -> Bool {
        switch kind {
        case .plain, .function, .type, .keyword: true
        default: false
        }
    }

    /// Kinds the stylesheet leaves in the text colour: no span, so pages stay small.
    private static func isUnstyled(_ kind: TokenKind) -> Bool {
        switch kind {
        case .plain, .punctuation, .operator: true
        default: false
        }
    }

    /// `<span class="hl-KIND">` of a styled kind (the unstyled ones get no span).
    static func openTag(_ kind: TokenKind) -> StaticString {
        switch kind {
        case .keyword: "<span class=\"hl-keyword\">"
        case .type: "<span class=\"hl-type\">"
        case .string: "<span class=\"hl-string\">"
        case .escape: "<span class=\"hl-escape\">"
        case .comment: "<span class=\"hl-comment\">"
        case .number: "<span class=\"hl-number\">"
        case .attribute: "<span class=\"hl-attribute\">"
        case .function: "<span class=\"hl-function\">"
        case .directive: "<span class=\"hl-directive\">"
        case .interpolation: "<span class=\"hl-interpolation\">"
        case .plain, .punctuation, .operator: "<span>"
        }
    }

    static func render(_ tokens: [Token], options: HighlightOptions) -> String {
        var html = ByteOutput(capacity: tokens.count * 24)
        write(tokens, options: options, into: &html)
        return html.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the HTML of `tokens` to `html`.
    static func write(_ tokens: [Token], options: HighlightOptions, into html: inout ByteOutput) {
        // Built as UTF-8 bytes: a block has a few hundred pieces, and appending each to a
        // `String` cost several hundred instructions.
        func write(_ text: StaticString) { text.withUTF8Buffer { html.append($0) } }
        func write(_ text: String) { html.append(utf8: text) }
        // The kinds are switches, not sets: a set hashed every token's kind.
        let tagged = options.taggedWords
        let tagsAny = !tagged.isEmpty
        for token in tokens {
            let isTagged = tagsAny && isIdentifierKind(token.kind) && tagged.contains(token.text)
            let unstyled = isUnstyled(token.kind)
            if unstyled, !isTagged {
                HTML.append(escaping: token.text, to: &html)
                continue
            }
            if !isTagged {
                write(openTag(token.kind))
                HTML.append(escaping: token.text, to: &html)
                write("</span>")
                continue
            }
            write("<span")
            if !unstyled {
                write(" class=\"hl-")
                write(token.kind.rawValue)
                write("\"")
            }
            write(" data-callback=\"")
            HTML.append(escaping: token.text, to: &html)
            write("\">")
            HTML.append(escaping: token.text, to: &html)
            write("</span>")
        }
    }
}
