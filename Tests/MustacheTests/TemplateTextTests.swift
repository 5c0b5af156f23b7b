import Testing

@testable import Mustache

/// Template text is written as its bytes; its last byte says whether it ends a line, which
/// decides where the next partial's indentation goes.
@Suite struct TemplateTextTests {
    /// Template text is written as its bytes, whole when nothing indents it, line by line
    /// (each line cut after its newline) inside an indented partial, where each line that
    /// starts a line gets the indentation.
    @Test(arguments: ["", "\n", "a", "a\n", "a\nb", "\n\n", "Привет\n", "x\r\n", "\r", "é", "a\n\nb\n"])
    func textIsWrittenAsItsBytesAndIndentedLineByLine(text: String) throws {
        let partial = try MustacheTemplate(source: text, name: "p")
        let library = MustacheLibrary(templates: ["p": partial])
        #expect(try library.renderUTF8("p", [:]) == Array(text.utf8))
        // The reference: the bytes cut after each newline, every piece indented (the first
        // starts a line: the standalone tag's line was removed).
        var indented: [UInt8] = []
        let pieces = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            let isLast = index == pieces.count - 1
            if isLast && piece.isEmpty { break }
            indented += Array("  ".utf8) + piece + (isLast ? [] : [UInt8(ascii: "\n")])
        }
        let page = try MustacheTemplate(source: "  {{>p}}\n|", name: "page")
        #expect(Array(try library.render(page, [:]).utf8) == indented + Array("|".utf8))
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
