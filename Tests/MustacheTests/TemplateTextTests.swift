import Testing

@testable import Mustache

/// A piece of template text knows whether it ends a line, as its last byte says; rendering uses it
/// for where the next partial's indentation goes.
@Suite struct TemplateTextTests {
    @Test(arguments: ["", "\n", "a", "a\n", "a\nb", "\n\n", "Привет\n", "x\r\n", "\r", "é"])
    func endsWithNewlineIsTheLastByte(text: String) {
        #expect(Text(text).endsWithNewline == text.utf8.last.map { $0 == UInt8(ascii: "\n") })
        #expect(Array(Text(text).lines.joined()) == Array(text.utf8))
        #expect(Text(text).bytes == Array(text.utf8))
    }

    /// A text ending in "\r" inside an indented partial keeps it (it was dropped with the "\n"
    /// that `lines` added to the last piece, "\r\n" being one Character).
    @Test func aCarriageReturnAtTheEndOfAnIndentedTextIsKept() throws {
        let partial = try MustacheTemplate(source: "p\nq\r", name: "p")
        let library = MustacheLibrary(templates: ["p": partial])
        let indented = try library.render(MustacheTemplate(source: "a\n  {{>p}}\nb", name: "page"), [:])
        #expect(indented == "a\n  p\n  q\rb")
    }

    /// A standalone partial after text that ends a line is indented; after text that does not, it is not.
    @Test func indentationFollowsTheTextBefore() throws {
        let partial = try MustacheTemplate(source: "p\nq\n", name: "p")
        let library = MustacheLibrary(templates: ["p": partial])
        let indented = try library.render(MustacheTemplate(source: "a\n  {{>p}}\nb", name: "page"), [:])
        #expect(indented == "a\n  p\n  q\nb")
        let inline = try library.render(MustacheTemplate(source: "a {{>p}}b", name: "page"), [:])
        #expect(inline == "a p\nq\nb")
    }
}
