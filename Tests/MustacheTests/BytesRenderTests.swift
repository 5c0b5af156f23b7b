import Mustache
import Testing
import TestSupport

/// `renderUTF8` keeps every piece as bytes (long values too) where `render` turns them into a
/// string: their bytes must be the same, for every kind of piece and value.
@Suite("Bytes render")
struct BytesRenderTests {
    static let texts = ["", "a", "Привет", "café & <b>", "\"q\" 'x'", "→ ✓ —", "e\u{301}", "👩‍💻", "line\n  next\n"]

    @Test func bytesAreTheStringsBytes() throws {
        var random = SeededRandom(seed: 1111)
        let partial = try MustacheTemplate(source: "  <p>{{name}}</p>\n  {{{raw}}}\n", name: "partials/p")
        for round in 0..<300 {
            // Values from short to past the length the string renderer appends as strings.
            func text() -> String {
                var value = ""
                for _ in 0..<random.below(random.below(4) == 0 ? 120 : 4) { value += random.pick(Self.texts) }
                return value
            }
            let items: [MustacheValue] = (0..<random.below(4)).map { _ in ["name": .string(text()), "raw": .string(text())] }
            let context: MustacheValue = ["name": .string(text()), "raw": .string(text()), "items": .array(items), "n": .int(round), "x": .double(1.5)]
            let source = "<h1>{{name}}</h1>\n{{{raw}}}|{{&raw}}|{{n}} {{x}}\n{{#items}}\n  {{>partials/p}}\n{{/items}}\n{{^items}}" + text() + "{{/items}}\n"
            let library = MustacheLibrary(templates: ["page": try MustacheTemplate(source: source, name: "page"), "partials/p": partial])
            #expect(try library.renderUTF8("page", context) == Array(library.render("page", context).utf8))
            // The storage handed on uncopied holds the same bytes.
            #expect(try library.renderOutput("page", context).withBytes { Array($0) } == Array(library.render("page", context).utf8))
        }
    }

    @Test func aMissingTemplateIsTheSameError() {
        let library = MustacheLibrary(templates: [:])
        #expect(throws: MustacheError.self) { try library.renderUTF8("page", [:]) }
    }
}
