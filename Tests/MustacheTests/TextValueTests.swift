import Mustache
import Testing
import TestSupport

/// A string escaped once (`MustacheValue.text`) must render wherever it goes as the plain string
/// does: escaped and not, in sections and inverted sections, at the start of an indented line,
/// empty or full of HTML's specials. `MUSTACHE_TEXT_SEED` shifts the seed.
@Suite("Escaped-once text")
struct TextValueTests {
    static let pieces = ["", "a", " ", "&", "<", ">", "\"", "'", "&amp;", "é", "Привет", "名前", "\n", "\r\n", "{{x}}", "e\u{301}", "😀"]

    @Test func textRendersAsItsString() throws {
        var random = SeededRandom(seed: 1204 &+ SeededRandom.seedOffset("MUSTACHE_TEXT_SEED"))
        let partial = try MustacheTemplate(source: "{{v}}|{{{v}}}\n{{&v}}\n", name: "p")
        let source = "[{{v}}|{{{v}}}|{{&v}}|{{#v}}in:{{.}}{{/v}}|{{^v}}none{{/v}}|{{#w}}{{v}}{{/w}}]\n  {{>p}}\n  {{v}}"
        let library = MustacheLibrary(templates: ["page": try MustacheTemplate(source: source, name: "page"), "p": partial])
        var nonEmpty = 0
        for _ in 0..<2_000 {
            let string = (0..<random.below(6)).map { _ in random.pick(Self.pieces) }.joined()
            if !string.isEmpty { nonEmpty += 1 }
            let asText = try library.renderUTF8("page", ["v": .text(MustacheText(string)), "w": ["x": 1]])
            let asString = try library.renderUTF8("page", ["v": .string(string), "w": ["x": 1]])
            #expect(asText == asString, "\(string.debugDescription)")
        }
        // Most strings hold something: a test of empty strings only would prove little.
        #expect(nonEmpty > 1_500)
    }

    @Test func textsAreEqualByTheirStrings() {
        #expect(MustacheText("a & b") == MustacheText("a & b"))
        #expect(MustacheText("a") != MustacheText("b"))
        #expect(MustacheValue.text(MustacheText("x")) == .text(MustacheText("x")))
    }
}
