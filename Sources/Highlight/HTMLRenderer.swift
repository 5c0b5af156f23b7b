/// Renders tokens as HTML for the inside of `<pre><code>`: text is escaped and
/// otherwise kept byte for byte, since whitespace is significant there.

import Encoding
enum HTMLRenderer {
    /// Kinds an identifier can have; only these can be tagged as a callback.
    private static let identifierKinds: Set<TokenKind> = [.plain, .function, .type, .keyword]
    /// Kinds the stylesheet leaves in the text colour: no span, so pages stay small.
    private static let unstyledKinds: Set<TokenKind> = [.plain, .punctuation, .operator]

    static func render(_ tokens: [Token], options: HighlightOptions) -> String {
        var html = ""
        for token in tokens {
            let isTagged = identifierKinds.contains(token.kind) && options.taggedIdentifiers.contains(token.text)
            if unstyledKinds.contains(token.kind), !isTagged {
                HTML.append(escaping: token.text, to: &html)
                continue
            }
            html += "<span"
            if !unstyledKinds.contains(token.kind) {
                html += " class=\"\(token.kind.cssClass)\""
            }
            if isTagged {
                html += " data-callback=\"\(HTML.escape(token.text))\""
            }
            html += ">"
            HTML.append(escaping: token.text, to: &html)
            html += "</span>"
        }
        return html
    }
}
