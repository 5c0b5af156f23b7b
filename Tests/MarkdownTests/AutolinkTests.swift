import Foundation
import Testing
import TestSupport

@testable import Markdown

/// GFM's autolink extension is attached only to a parse whose text may hold a bare URL or an
/// e-mail address (`CMarkParser.mayHoldAutolink`): the document must be the very one a parse
/// with the extension always attached gives, on random Markdown full of what the extension
/// looks for (and near misses), and on the site's articles.
@Suite struct AutolinkTests {
    /// Markdown, text, and the pieces of bare URLs and addresses the extension reads.
    static let pieces = [
        "www.", "WWW.", "www", "ww.", "example", ".com", ".", "http", "https", "ftp", "mailto:", "xmpp:", ":", "//", "/", "://",
        "@", "a@b.co", "user.name+tag@example.org", "xmpp:a@b.co/res", "http://x.org/a_(b)", "https://example.com/ü?q=1.",
        "www.example.com/path)", "(www.example.com)", "*www.example.com*", "~", "_", "*", "**", "[", "]", "(", ")", "!",
        "[link](http://u.example)", "[http://inside.example](#x)", "![img](www.example.com)", "`code www.x.com a@b.co`",
        "<http://angle.example>", "<a@b.co>", "&#119;ww.example.com", "http\\://x.example", "www\\.example.com", "&amp;",
        " ", "  ", "\n", "\n\n", "- ", "> ", "# ", "| a | www.b.com |\n|---|---|\n", "```\nwww.c.com\n```\n", "palabra", "жизнь",
        "→", "Active -> Inactive", "a_b", "w", "W",
    ]

    /// The seed of the random documents: `MARKDOWN_AUTOLINK_SEED` when set (to try others), else a fixed one.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["MARKDOWN_AUTOLINK_SEED"].flatMap { UInt64($0) } ?? 0xA070_11A4
    }

    /// Whether the parse of `text` attaches the extension: a text node of the tree without it
    /// may hold an autolink.
    static func attachesAutolink(_ text: String) -> Bool {
        CMarkParser.withTree(of: text, options: CMarkParser.options, autolink: false) { CMarkParser.mayHoldAutolink($0) }
    }

    @Test func randomDocumentsParseAsWithTheExtensionAlways() {
        var random = SeededRandom(seed: Self.seed)
        var attached = 0
        var linked = 0
        for _ in 0..<1500 {
            var text = ""
            for _ in 0..<random.below(30) { text += random.pick(Self.pieces) }
            let always = CMarkParser.parse(text, file: "r.md", autolinks: .always)
            #expect(CMarkParser.parse(text, file: "r.md") == always, "\(text.debugDescription)")
            attached += Self.attachesAutolink(text) ? 1 : 0
            // Links the text does not write with brackets or angle brackets: the extension's.
            let bracketed = text.filter { $0 == "[" || $0 == "<" }.count
            linked += always.nodes.filter { if case .link = $0.kind { true } else { false } }.count > bracketed ? 1 : 0
        }
        // Both ways of parsing are taken, and the extension makes links: the comparison has teeth.
        #expect(attached > 300, "too few documents that need the extension: \(attached)")
        #expect(attached < 1400, "too few documents parsed without it: \(1500 - attached)")
        #expect(linked > 100, "too few documents with a bare URL or address the extension linked: \(linked)")
    }

    @Test func bareURLsAndAddressesAreLinked() {
        let doc = MarkdownDocument.parse("See www.example.com, https://example.org/a and mail a@b.co.\n", file: "a.md")
        let urls: [String] = doc.nodes.compactMap { if case .link(let url, _) = $0.kind { url } else { nil } }
        #expect(urls == ["http://www.example.com", "https://example.org/a", "mailto:a@b.co"])
    }

    @Test func textWithoutWhatTheExtensionReadsIsParsedWithoutIt() {
        for text in ["Plain text, Active -> Inactive.", "[a link](https://example.org) and `a@b.co` in code", "www without a dot", "http:/x", "WWW.EXAMPLE.COM"] {
            #expect(!Self.attachesAutolink(text), "\(text)")
            #expect(MarkdownDocument.parse(text, file: "a.md") == CMarkParser.parse(text, file: "a.md", autolinks: .always), "\(text)")
        }
        for text in ["www.example.com", "ftp://x.example", "a @ b", "[http://x.example](#y)"] {
            #expect(Self.attachesAutolink(text), "\(text)")
        }
    }

    @Test func articlesParseAsWithTheExtensionAlways() {
        let texts = SourceLineMapTests.articles()
        #expect(texts.count > 10, "the site's articles (Content/) are missing")
        for text in texts {
            #expect(MarkdownDocument.parse(text, file: "a.md") == CMarkParser.parse(text, file: "a.md", autolinks: .always))
        }
    }
}
