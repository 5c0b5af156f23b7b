import Encoding
import Testing

@testable import Highlight

/// The lexers slice token texts from the input's UTF-8 and test ASCII classes without the
/// Unicode tables; these hold each shortcut to what it replaced, on every scalar or input.
@Suite struct ByteLevelTests {
    static func everyScalar() -> [Unicode.Scalar] {
        (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }
    }

    @Test func spaceIsTheWhitespaceProperty() {
        let wrong = Self.everyScalar().filter { $0.isSpace != $0.properties.isWhitespace }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0.value, radix: 16) })")
    }

    @Test func uppercaseIsTheUppercaseProperty() {
        let wrong = Self.everyScalar().filter { $0.isUppercaseScalar != $0.properties.isUppercase }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0.value, radix: 16) })")
    }

    static let inputs: [String] = [
        "", "a", "let x = 1", "é", "e\u{301}", "\r\n", "Olá, мир 語 👍🏽 👩\u{200D}💻 \u{1F1EB}\u{1F1F7}",
        "\"\u{301}x\" \u{A0}\u{3000}", "\u{10FFFF}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
    ]

    /// `text(from:)` copies UTF-8 bytes; it used to re-encode the scalars.
    @Test(arguments: inputs)
    func cursorTextIsTheScalarsBetween(input: String) {
        let scalars = Array(input.unicodeScalars)
        // The scalars are read from the bytes (ASCII) or decoded once with their offsets.
        #expect(Cursor(input).scalars == scalars)
        for start in 0...scalars.count {
            for end in start...scalars.count {
                var cursor = Cursor(input)
                cursor.advance(end)
                let text = cursor.text(from: start)
                let expected = String(String.UnicodeScalarView(scalars[start..<end]))
                #expect(Array(text.utf8) == Array(expected.utf8), "\(input.debugDescription) \(start)..<\(end)")
            }
        }
    }

    /// The renderer as it was, with an escaped `String` per token.
    static func referenceHTML(_ tokens: [Token], options: HighlightOptions) -> String {
        let identifierKinds: Set<TokenKind> = [.plain, .function, .type, .keyword]
        let unstyledKinds: Set<TokenKind> = [.plain, .punctuation, .operator]
        var html = ""
        for token in tokens {
            let isTagged = identifierKinds.contains(token.kind) && options.taggedIdentifiers.contains(token.text)
            if unstyledKinds.contains(token.kind), !isTagged {
                html += HTML.escape(token.text)
                continue
            }
            html += "<span"
            if !unstyledKinds.contains(token.kind) { html += " class=\"\(token.kind.cssClass)\"" }
            if isTagged { html += " data-callback=\"\(HTML.escape(token.text))\"" }
            html += ">\(HTML.escape(token.text))</span>"
        }
        return html
    }

    @Test(arguments: CodeLanguage.allCases)
    func htmlIsAsBefore(language: CodeLanguage) {
        let options = HighlightOptions(taggedIdentifiers: ["onResume", "viewDidLoad", "x"])
        var inputs = RoundTripTests.trickyInputs + Self.inputs
        inputs += [
            RealisticSnippetTests.appDelegate, RealisticSnippetTests.activity,
            "if a < b && c > \"d\" { x('<&>') } // <b>é</b>\n/* \"&amp;\" */ let Ω = 1 ; override fun onResume() {}",
            "@main struct App { func viewDidLoad() { print(\"\\(x) & <y>\") } }\r\n#if DEBUG\n`default` \u{A0} Ж(1)\n",
        ]
        for input in inputs {
            let tokens = Highlighter.tokens(input, language: language)
            #expect(Array(Highlighter.html(tokens, options: options).utf8) == Array(Self.referenceHTML(tokens, options: options).utf8), "\(input.debugDescription)")
            // Without tagged names every styled token takes the one-piece opening tag.
            #expect(Highlighter.html(tokens) == Self.referenceHTML(tokens, options: HighlightOptions()), "\(input.debugDescription)")
        }
    }

    /// The opening tags written in one piece are the ones built from each kind's class.
    @Test func openTagsAreTheKindsClasses() {
        let unstyled: Set<TokenKind> = [.plain, .punctuation, .operator]
        for kind in TokenKind.allCases {
            #expect(HTMLRenderer.openTag(kind).description == (unstyled.contains(kind) ? "<span>" : "<span class=\"\(kind.cssClass)\">"), "\(kind)")
        }
    }

    /// The lexers keep tokens as spans of the code's UTF-8: the spans tile the bytes in order,
    /// none empty, and the page's HTML written from them is the tokens' HTML.
    @Test(arguments: CodeLanguage.allCases)
    func spansTileTheCode(language: CodeLanguage) {
        let options = HighlightOptions(taggedIdentifiers: ["onResume", "viewDidLoad", "x", "é"])
        let inputs = RoundTripTests.trickyInputs + Self.inputs + [RealisticSnippetTests.appDelegate, RealisticSnippetTests.activity]
        var spans = 0
        for input in inputs {
            let source = Highlighter.lex(input, language: language)
            #expect(source.utf8 == Array(input.utf8), "\(input.debugDescription)")
            var end = 0
            for span in source.spans {
                #expect(span.bytes.lowerBound == end && !span.bytes.isEmpty, "\(input.debugDescription) \(span)")
                end = span.bytes.upperBound
            }
            #expect(end == source.utf8.count, "\(input.debugDescription)")
            spans += source.spans.count
            var html = ByteOutput()
            Highlighter.appendHTML(source, options: options, to: &html)
            #expect(html.bytes == Array(Highlighter.html(source.tokens, options: options).utf8), "\(input.debugDescription)")
        }
        #expect(spans > 500)
    }
}
