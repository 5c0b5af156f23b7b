import Encoding

/// Entry point: source text in, tokens or HTML out.
public enum Highlighter {
    /// Splits `code` into tokens. Never fails: unterminated or invalid code still
    /// yields tokens whose texts concatenate back to `code`.
    public static func tokens(_ code: String, language: CodeLanguage) -> [Token] {
        lex(code, language: language).tokens
    }

    /// `tokens(_:language:)` as spans of the code's UTF-8: what a page keeps and renders.
    public static func lex(_ code: String, language: CodeLanguage) -> LexedSource {
        switch language {
        case .swift: SwiftLexer.tokenize(code)
        case .kotlin: KotlinLexer.tokenize(code)
        }
    }

    /// Highlighted HTML for the inside of a `<pre><code>` element.
    public static func html(_ code: String, language: CodeLanguage, options: HighlightOptions = .init()) -> String {
        html(tokens(code, language: language), options: options)
    }

    /// HTML for tokens obtained earlier (for example after inspecting or adjusting them).
    public static func html(_ tokens: [Token], options: HighlightOptions = .init()) -> String {
        HTMLRenderer.render(tokens, options: options)
    }

    /// Appends `html(_:options:)`'s UTF-8 bytes for `source`'s tokens to `out`, for a page built as bytes.
    public static func appendHTML(_ source: LexedSource, options: HighlightOptions = .init(), to out: inout ByteOutput) {
        HTMLRenderer.write(source, options: options, into: &out)
    }
}
