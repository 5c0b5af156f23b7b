import Foundation
import Testing
import TestSupport
import CCMarkGFM

@testable import Markdown

/// The parser leaves out cmark's CMARK_OPT_VALIDATE_UTF8: its input is a Swift string (valid
/// UTF-8) with NULs replaced first, where cmark's check changes nothing. Parsing with the check
/// on must give the very same document, on random Markdown full of multi-byte text and on the
/// site's articles.
@Suite struct UTF8CheckTests {
    /// Pieces of Markdown and text in several scripts, with the bytes cmark treats specially
    /// (NUL, a BOM, CR line breaks, 4-byte scalars, combining marks).
    static let pieces = [
        "# ", "## Заглавие", "- ", "1. ", "> ", "```swift\n", "```\n", "`код`", "*", "**", "_", "[връзка](https://example.com/ü)",
        "![img](a b.png)", "| a | б |\n|---|:-:|\n", "\n", "\r\n", "\r", "\n\n", "    ", "\t", "Привет", "año", "città", "ação",
        "e\u{301}", "🇧🇬", "👩‍💻", "\u{0}", "\u{FEFF}", "&amp;", "&#x1F600;", "\\*", "<b>", "</b>", "~~x~~", "[^1]", "[^1]: бележка\n",
        "www.example.com", "- [ ] задача", "\u{10FFFF}", "\u{FFFD}", "—", "„“", "→",
    ]

    /// The seed of the random documents: `MARKDOWN_UTF8_SEED` when set (to try others), else a fixed one.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["MARKDOWN_UTF8_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0018
    }

    @Test func randomDocumentsParseAsWithTheCheck() {
        var random = SeededRandom(seed: Self.seed)
        let checked = CMarkParser.options | CMARK_OPT_VALIDATE_UTF8
        #expect(checked != CMarkParser.options)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<random.below(40) { text += random.pick(Self.pieces) }
            let fast = CMarkParser.parse(text, file: "r.md")
            let reference = CMarkParser.parse(text, file: "r.md", options: checked)
            #expect(fast == reference, "\(text.debugDescription)")
        }
    }

    /// A NUL is found by memchr: as `utf8.contains(0)` finds it, at any place, in texts of any length.
    @Test func nulIsFoundAsByTheByteLoop() {
        var random = SeededRandom(seed: Self.seed)
        var texts = ["", "\u{0}", "a\u{0}", "\u{0}a", String(repeating: "ж", count: 40) + "\u{0}"]
        for _ in 0..<2000 { texts.append((0..<random.below(40)).map { _ in random.pick(Self.pieces) }.joined()) }
        var withNUL = 0
        for text in texts {
            let expected = text.utf8.contains(0)
            withNUL += expected ? 1 : 0
            #expect(CMarkParser.containsNUL(text) == expected, "\(text.debugDescription)")
        }
        #expect(withNUL > 100, "too few texts with a NUL to test")
    }

    @Test func articlesParseAsWithTheCheck() {
        let texts = SourceLineMapTests.articles()
        #expect(texts.count > 10, "the site's articles (Content/) are missing")
        let checked = CMarkParser.options | CMARK_OPT_VALIDATE_UTF8
        for text in texts {
            #expect(CMarkParser.parse(text, file: "a.md") == CMarkParser.parse(text, file: "a.md", options: checked))
        }
    }
}

/// Text nodes take their literal from the source where cmark's bytes stand there (no UTF-8
/// check): every text literal must still be cmark's own, in document order.
@Suite struct TextLiteralTests {
    /// cmark's text literals, walking its tree with its iterator as `CMarkParser` does.
    static func cmarkTexts(_ text: String) -> [String] {
        // The extensions are registered by the parser's first use, once per process.
        _ = CMarkParser.parse("", file: "empty.md")
        guard let parser = cmark_parser_new(CMarkParser.options) else { return ["parser not made"] }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"] {
            if let syntaxExtension = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntaxExtension) }
        }
        var source = text.replacing("\u{0}", with: "\u{FFFD}")
        if source.unicodeScalars.first == "\u{FEFF}" { source = String(source.unicodeScalars.dropFirst()) }
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        // Under the parser's lock: cmark's finishing step shares a table between parsers.
        var finished: OpaquePointer?
        CMarkParser.finishLock.withLock { _ in finished = cmark_parser_finish(parser) }
        guard let root = finished else { return ["not parsed"] }
        defer { cmark_node_free(root) }
        guard let iterator = cmark_iter_new(root) else { return ["no iterator"] }
        defer { cmark_iter_free(iterator) }
        var texts: [String] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_TEXT else { continue }
            texts.append(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
        }
        return texts
    }

    static func documentTexts(_ text: String) -> [String] {
        CMarkParser.parse(text, file: "t.md", languageSpans: false).nodes.compactMap { node in
            if case .text = node.kind { node.literal } else { nil }
        }
    }

    @Test func randomDocumentsKeepCmarksTexts() {
        var random = SeededRandom(seed: UTF8CheckTests.seed)
        var texts = 0
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<random.below(40) { text += random.pick(UTF8CheckTests.pieces) }
            let expected = Self.cmarkTexts(text)
            texts += expected.count
            #expect(Self.documentTexts(text) == expected, "\(text.debugDescription)")
        }
        #expect(texts > 1000)
    }

    @Test func articlesKeepCmarksTexts() {
        let articles = SourceLineMapTests.articles()
        #expect(articles.count > 10, "the site's articles (Content/) are missing")
        for text in articles {
            #expect(Self.documentTexts(text) == Self.cmarkTexts(text))
        }
    }
}
