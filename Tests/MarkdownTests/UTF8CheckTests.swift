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

    @Test func articlesParseAsWithTheCheck() {
        let texts = SourceLineMapTests.articles()
        #expect(texts.count > 10, "the site's articles (Content/) are missing")
        let checked = CMarkParser.options | CMARK_OPT_VALIDATE_UTF8
        for text in texts {
            #expect(CMarkParser.parse(text, file: "a.md") == CMarkParser.parse(text, file: "a.md", options: checked))
        }
    }
}
