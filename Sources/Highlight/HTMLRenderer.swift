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
        for token in tokens {
            var text = token.text
            text.withUTF8 { write(token.kind, $0, tagged: options.taggedWords, into: &html) }
        }
    }

    /// Appends the HTML of `source`'s tokens to `html`. Consecutive tokens written as their text
    /// alone (unstyled, untagged: names, punctuation, spaces) are escaped as one run, which
    /// writes the same bytes: escaping each token was a call and a copy for a few bytes.
    static func write(_ source: LexedSource, options: HighlightOptions, into html: inout ByteOutput) {
        let tagged = options.taggedWords
        source.utf8.withUnsafeBufferPointer { all in
            // The run's bytes, by offset in `all`.
            var run = 0..<0
            for span in source.spans {
                let bytes = span.bytes
                guard bytes.lowerBound >= 0 && bytes.upperBound <= all.count else { continue }
                let text = UnsafeBufferPointer(rebasing: all[bytes])
                let isTagged = isTagged(span.kind, text, tagged: tagged)
                if isUnstyled(span.kind) && !isTagged {
                    // A token right after the run (spans tile the code) joins it.
                    if bytes.lowerBound == run.upperBound {
                        run = run.lowerBound..<bytes.upperBound
                    } else {
                        if !run.isEmpty { HTML.append(escaping: UnsafeBufferPointer(rebasing: all[run]), to: &html) }
                        run = bytes
                    }
                    continue
                }
                if !run.isEmpty { HTML.append(escaping: UnsafeBufferPointer(rebasing: all[run]), to: &html) }
                run = bytes.upperBound..<bytes.upperBound
                write(span.kind, text, isTagged: isTagged, into: &html)
            }
            if !run.isEmpty { HTML.append(escaping: UnsafeBufferPointer(rebasing: all[run]), to: &html) }
        }
    }

    /// Whether a token is a callback name the options tag.
    private static func isTagged(_ kind: TokenKind, _ text: UnsafeBufferPointer<UInt8>, tagged: WordSet) -> Bool {
        !tagged.isEmpty && isIdentifierKind(kind) && tagged.contains(text)
    }

    /// Appends the HTML of one token: its kind and the UTF-8 of its text. Built as bytes: a block
    /// has a few hundred pieces, and appending each to a `String` cost several hundred instructions.
    /// The kinds are switches, not sets: a set hashed every token's kind.
    private static func write(_ kind: TokenKind, _ text: UnsafeBufferPointer<UInt8>, tagged: WordSet, into html: inout ByteOutput) {
        write(kind, text, isTagged: isTagged(kind, text, tagged: tagged), into: &html)
    }

    /// `write(_:_:tagged:into:)` with `isTagged` worked out.
    private static func write(_ kind: TokenKind, _ text: UnsafeBufferPointer<UInt8>, isTagged: Bool, into html: inout ByteOutput) {
        // Copied by the inlinable append: a call for each tag cost more than its few bytes.
        func write(_ piece: StaticString) {
            piece.withUTF8Buffer { if let base = $0.baseAddress { html.append(base, count: $0.count) } }
        }
        let unstyled = isUnstyled(kind)
        if unstyled, !isTagged {
            HTML.append(escaping: text, to: &html)
            return
        }
        if !isTagged {
            write(openTag(kind))
            HTML.append(escaping: text, to: &html)
            write("</span>")
            return
        }
        write("<span")
        if !unstyled {
            write(" class=\"hl-")
            html.append(utf8: kind.rawValue)
            write("\"")
        }
        write(" data-callback=\"")
        HTML.append(escaping: text, to: &html)
        write("\">")
        HTML.append(escaping: text, to: &html)
        write("</span>")
    }
}
