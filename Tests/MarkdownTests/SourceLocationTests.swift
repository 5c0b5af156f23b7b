import Diagnostics
import Testing

import Markdown

@Suite struct SourceLocationTests {
    @Test func blockStartsAndEnds() {
        let doc = MarkdownDocument.parse("Intro\n\n## Section\n\n- item\n", file: "doc.md")
        let blocks = doc.children(of: 0)
        #expect(doc[blocks[0]].start == SourcePosition(line: 1, column: 1))
        #expect(doc[blocks[1]].start == SourcePosition(line: 3, column: 1))
        #expect(doc[blocks[1]].end == SourcePosition(line: 3, column: 10))
        #expect(doc[blocks[2]].start.line == 5)
    }

    /// Nodes hold positions only; the document gives them its file, as diagnostics show them.
    @Test func locationsCarryTheDocumentsFile() {
        let doc = MarkdownDocument.parse("Intro\n\n## Section\n", file: "Content/en/doc.md")
        let heading = doc.children(of: 0)[1]
        #expect(doc.start(of: heading) == SourceLocation(file: "Content/en/doc.md", line: 3, column: 1))
        #expect(doc.end(of: heading) == SourceLocation(file: "Content/en/doc.md", line: 3, column: 10))
        #expect(doc.start(of: heading).description == "Content/en/doc.md:3:1")
        #expect(doc.location(of: doc[0].end) == SourceLocation(file: "Content/en/doc.md", line: 3, column: 10))
    }

    /// cmark counts the columns after a code span over two lines from the span's first line.
    @Test func aLinkAfterACodeSpanOverTwoLinesIsOnItsOwnLine() {
        let doc = MarkdownDocument.parse("Intro\n\nsee `a\nb` and [x](y) and `c\nd\ne` [z](w)\n", file: "doc.md")
        let links = doc.nodes.filter { if case .link = $0.kind { true } else { false } }
        #expect(links.map(\.start) == [
            SourcePosition(line: 4, column: 8), SourcePosition(line: 6, column: 4),
        ])
    }

    /// cmark places a lazy continuation line's text as if it had the paragraph's indentation.
    @Test func textOnALazyContinuationLineIsWhereItIsWritten() {
        let doc = MarkdownDocument.parse("- item\n  - deeper\nlazy text\n", file: "doc.md")
        let texts = doc.nodes.filter { $0.kind == .text }
        #expect(texts.map(\.literal) == ["item", "deeper", "lazy text"])
        #expect(texts.last?.start == SourcePosition(line: 3, column: 1))
        #expect(texts.last?.end == SourcePosition(line: 3, column: 9))
    }

    @Test func columnsCountCharactersOnCyrillicLines() {
        // "Привет " is 13 bytes but 7 characters.
        let doc = MarkdownDocument.parse("Привет `код` и **жир**\n", file: "bg.md")
        let code = doc.first { $0 == .code }!
        // cmark places a code span at its content, just after the backtick.
        #expect(code.start == SourcePosition(line: 1, column: 9))
        #expect(code.end.column == 11)
        let strong = doc.first { $0 == .strong }!
        #expect(strong.start.column == 16)
        #expect(strong.end.column == 22)
        let text = doc.first { $0 == .text }!
        #expect(text.start.column == 1)
        #expect(text.end.column == 7)
    }

    @Test func headingAfterCyrillicInAList() {
        let doc = MarkdownDocument.parse("Увод\n\n- Пункт\n\n  ## Заглавие `x`\n", file: "bg.md")
        let heading = doc.first { $0 == .heading(level: 2) }!
        #expect(heading.start == SourcePosition(line: 5, column: 3))
        #expect(heading.end.column == 17)
        #expect(doc.first { $0 == .code }!.start.column == 16)
    }

    @Test func combiningCharactersCountAsOne() {
        // "e" + U+0301 is one character of three bytes.
        let doc = MarkdownDocument.parse("Cafe\u{301} `x`\n", file: "t.md")
        #expect(doc.first { $0 == .code }!.start.column == 7)
    }

    @Test func byteOrderMarkDoesNotShiftColumns() {
        let doc = MarkdownDocument.parse("\u{FEFF}# Título\r\n\r\nÑ `c`\r\n", file: "t.md")
        let heading = doc.first { $0 == .heading(level: 1) }!
        #expect(heading.start == SourcePosition(line: 1, column: 1))
        #expect(heading.end.column == 8)
        let code = doc.first { $0 == .code }!
        #expect(code.start == SourcePosition(line: 3, column: 4))
    }

    @Test func lineBreaksTakeTheirParentsStart() {
        let doc = MarkdownDocument.parse("Первая\nвторая\n", file: "t.md")
        let paragraph = doc.children(of: 0)[0]
        let softBreak = doc.first { $0 == .softBreak }!
        #expect(softBreak.start == doc[paragraph].start)
        let second = doc[doc.children(of: paragraph)[2]]
        #expect(second.start == SourcePosition(line: 2, column: 1))
        #expect(second.end == SourcePosition(line: 2, column: 6))
    }
}
