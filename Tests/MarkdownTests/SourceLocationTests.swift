import Diagnostics
import Testing

import Markdown

@Suite struct SourceLocationTests {
    @Test func blockStartsAndEnds() {
        let doc = MarkdownDocument.parse("Intro\n\n## Section\n\n- item\n", file: "doc.md")
        let blocks = doc.children(of: 0)
        #expect(place(doc.start(of: blocks[0])) == [1, 1])
        #expect(place(doc.start(of: blocks[1])) == [3, 1])
        #expect(place(doc.end(of: blocks[1])) == [3, 10])
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
        let links = doc.indices { if case .link = $0 { true } else { false } }
        #expect(links.map { place(doc.start(of: $0)) } == [[4, 8], [6, 4]])
    }

    /// cmark counts the lines after a code span over a line break one short for each break in it:
    /// a text node is found on the later line of its block where it is written (a fuzzed article
    /// had a prose chain's error one line above the chain).
    @Test func textAfterACodeSpanOverLineBreaksIsOnItsOwnLine() {
        let doc = MarkdownDocument.parse("Intro\n\nA `b\nc\nd` e\nf\n*g* notRunning -> active\n", file: "doc.md")
        let texts = doc.indices { $0 == .text }
        #expect(texts.map { doc[$0].literal } == ["Intro", "A ", " e", "f", "g", " notRunning -> active"])
        #expect(texts.map { place(doc.start(of: $0)) } == [[1, 1], [3, 1], [5, 3], [6, 1], [7, 2], [7, 4]])
        #expect(place(texts.last.map { doc.end(of: $0) }) == [7, 24])
    }

    /// cmark places a lazy continuation line's text as if it had the paragraph's indentation.
    @Test func textOnALazyContinuationLineIsWhereItIsWritten() {
        let doc = MarkdownDocument.parse("- item\n  - deeper\nlazy text\n", file: "doc.md")
        let texts = doc.indices { $0 == .text }
        #expect(texts.map { doc[$0].literal } == ["item", "deeper", "lazy text"])
        #expect(place(texts.last.map { doc.start(of: $0) }) == [3, 1])
        #expect(place(texts.last.map { doc.end(of: $0) }) == [3, 9])
    }

    /// cmark strips the white space that indents a paragraph's later line but counts the text's
    /// column from where it starts; in a block quote and a list item too, with a space or a tab.
    @Test func textOnAnIndentedContinuationLineIsWhereItIsWritten() {
        let doc = MarkdownDocument.parse("Uno: a.\n  Dos b.\nDos b.\n\n> x\n>   Tres c.\n\n- y\n     Cuatro d.\n\nz\n\tCinco e.\n", file: "doc.md")
        let texts = doc.indices { $0 == .text }
        #expect(texts.map { doc[$0].literal } == ["Uno: a.", "Dos b.", "Dos b.", "x", "Tres c.", "y", "Cuatro d.", "z", "Cinco e."])
        #expect(texts.map { place(doc.start(of: $0)) } == [[1, 1], [2, 3], [3, 1], [5, 3], [6, 5], [8, 3], [9, 6], [11, 1], [12, 2]])
        #expect(texts.map { place(doc.end(of: $0)) } == [[1, 7], [2, 8], [3, 6], [5, 3], [6, 11], [8, 3], [9, 14], [11, 1], [12, 9]])
    }

    /// The white space cmark strips from an indented line shifts every later node of that line,
    /// not only its first text: the text after an emphasis stands where it is written.
    @Test func textAfterAnEmphasisOnAnIndentedLineIsWhereItIsWritten() {
        let doc = MarkdownDocument.parse("Uno\n   dos _x_ tres.\n\n> a\n>   b *y* c.\n", file: "doc.md")
        let texts = doc.indices { $0 == .text }
        #expect(texts.map { doc[$0].literal } == ["Uno", "dos ", "x", " tres.", "a", "b ", "y", " c."])
        #expect(texts.map { place(doc.start(of: $0)) } == [[1, 1], [2, 4], [2, 9], [2, 11], [4, 3], [5, 5], [5, 8], [5, 10]])
    }

    @Test func columnsCountCharactersOnCyrillicLines() {
        // "Привет " is 13 bytes but 7 characters.
        let doc = MarkdownDocument.parse("Привет `код` и **жир**\n", file: "bg.md")
        let code = doc.indices { $0 == .code }[0]
        // cmark places a code span at its content, just after the backtick.
        #expect(place(doc.start(of: code)) == [1, 9])
        #expect(doc.end(of: code).column == 11)
        let strong = doc.indices { $0 == .strong }[0]
        #expect(doc.start(of: strong).column == 16)
        #expect(doc.end(of: strong).column == 22)
        let text = doc.indices { $0 == .text }[0]
        #expect(doc.start(of: text).column == 1)
        #expect(doc.end(of: text).column == 7)
        // The nodes hold byte columns: "Привет `" is 14 bytes.
        #expect(doc[code].start == SourcePosition(line: 1, byteColumn: 15))
    }

    @Test func headingAfterCyrillicInAList() {
        let doc = MarkdownDocument.parse("Увод\n\n- Пункт\n\n  ## Заглавие `x`\n", file: "bg.md")
        let heading = doc.indices { $0 == .heading(level: 2) }[0]
        #expect(place(doc.start(of: heading)) == [5, 3])
        #expect(doc.end(of: heading).column == 17)
        #expect(doc.start(of: doc.indices { $0 == .code }[0]).column == 16)
    }

    @Test func combiningCharactersCountAsOne() {
        // "e" + U+0301 is one character of three bytes.
        let doc = MarkdownDocument.parse("Cafe\u{301} `x`\n", file: "t.md")
        #expect(doc.start(of: doc.indices { $0 == .code }[0]).column == 7)
    }

    @Test func byteOrderMarkDoesNotShiftColumns() {
        let doc = MarkdownDocument.parse("\u{FEFF}# Título\r\n\r\nÑ `c`\r\n", file: "t.md")
        let heading = doc.indices { $0 == .heading(level: 1) }[0]
        #expect(place(doc.start(of: heading)) == [1, 1])
        #expect(doc.end(of: heading).column == 8)
        #expect(place(doc.start(of: doc.indices { $0 == .code }[0])) == [3, 4])
    }

    @Test func lineBreaksTakeTheirParentsStart() {
        let doc = MarkdownDocument.parse("Первая\nвторая\n", file: "t.md")
        let paragraph = doc.children(of: 0)[0]
        let softBreak = doc.indices { $0 == .softBreak }[0]
        #expect(doc[softBreak].start == doc[paragraph].start)
        let second = doc.children(of: paragraph)[2]
        #expect(place(doc.start(of: second)) == [2, 1])
        #expect(place(doc.end(of: second)) == [2, 6])
    }

    /// Columns of every node in seeded texts of many scripts, as the document gives them, against
    /// the Characters Swift counts on the line: a byte inside a Character is on its column, the
    /// place just past the line's end one column after its last.
    @Test func columnsAreCharactersCountedOnTheLine() {
        let pieces = ["a", "word", "Привет", "жизнь", "é", "e\u{301}", "ñandú", "👍🏽", "`код`", "**жир**", "[x](y)", "—", "„цитат“",
                      "→", "中文", "ж\u{301}", "\n", "\n\n", "\n- ", "\n## ", " ", "  "]
        var seed: UInt64 = 0x1C0_1A7E
        func next(_ below: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(below))
        }
        var checked = 0
        for _ in 0..<200 {
            let text = (0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined()
            let doc = MarkdownDocument.parse(text, file: "t.md")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for node in doc.nodes.indices.dropFirst() {
                for position in [doc[node].start, doc[node].end] {
                    let line = lines[position.line - 1]
                    let offset = position.byteColumn - 1
                    // The Character holding the byte, or one column past the line's last.
                    var expected = line.count + 1
                    var column = 0
                    var index = line.startIndex
                    while index < line.endIndex {
                        column += 1
                        let next = line.index(after: index)
                        if line.utf8.distance(from: line.startIndex, to: next) > offset {
                            expected = column
                            break
                        }
                        index = next
                    }
                    #expect(doc.location(of: position).column == expected, "\(text.debugDescription) node \(node) byte \(offset)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }
}

/// A location's line and column.
private func place(_ location: Diagnostics.SourceLocation?) -> [Int]? { location.map { [$0.line, $0.column] } }

extension SourceLocationTests {
    /// A text node on the line after a code span over a line break (cmark's columns go on from the
    /// span's first line): its start and its end are carried to that line together.
    @Test func textAfterACodeSpanOnItsClosingLineEndsOnThatLine() {
        let doc = MarkdownDocument.parse("see `a\nb` and x y\n", file: "doc.md")
        let texts = doc.indices { $0 == .text }
        #expect(texts.map { doc[$0].literal } == ["see ", " and x y"])
        #expect(texts.map { place(doc.start(of: $0)) } == [[1, 1], [2, 3]])
        #expect(texts.map { place(doc.end(of: $0)) } == [[1, 4], [2, 10]])
    }
}

extension SourceLocationTests {
    /// After a code span over a line break, a text node whose words also stand earlier on the line
    /// cmark names (or on a line its forward search reaches first) is placed where it is written,
    /// after the text before it: not on the earlier copy.
    @Test func textAfterACodeSpanIsNotPlacedOnAnEarlierCopyOfItself() {
        let sameLine = MarkdownDocument.parse("p `a\nb` x\nx\n", file: "doc.md")
        let first = sameLine.indices { $0 == .text }
        #expect(first.map { sameLine[$0].literal } == ["p ", " x", "x"])
        #expect(first.map { place(sameLine.start(of: $0)) } == [[1, 1], [2, 3], [3, 1]])
        #expect(first.map { place(sameLine.end(of: $0)) } == [[1, 2], [2, 4], [3, 1]])

        let laterLine = MarkdownDocument.parse("Intro\n\nA `b\nc\nd` x y\nx\n", file: "doc.md")
        let second = laterLine.indices { $0 == .text }
        #expect(second.map { laterLine[$0].literal } == ["Intro", "A ", " x y", "x"])
        #expect(second.map { place(laterLine.start(of: $0)) } == [[1, 1], [3, 1], [5, 3], [6, 1]])
    }
}

extension SourceLocationTests {
    /// Inline nodes other than text on an indented paragraph line (a link, an emphasis, raw HTML,
    /// a code span) stand where they are written, as texts do: after a text of the line, first on
    /// the line, in a block quote and deeper in a list item; a code span's column is its text's.
    @Test func inlineNodesOnAnIndentedLineAreWhereTheyAreWritten() {
        let doc = MarkdownDocument.parse(
            "Uno\n   dos [x](a.md) y.\n\nDos\n   [y](b.md) *z*.\n\n> a\n>    [w](c.md)\n\nTres\n   `código` y <b> [v](d.md)\n\n1. e\n      f [u](e.md)\n",
            file: "doc.md")
        let links = doc.indices { if case .link = $0 { true } else { false } }
        #expect(links.map { place(doc.start(of: $0)) } == [[2, 8], [5, 4], [8, 6], [11, 19], [14, 9]])
        #expect(links.map { place(doc.end(of: $0)) } == [[2, 16], [5, 12], [8, 14], [11, 27], [14, 17]])
        let others = doc.indices { $0 == .emphasis || $0 == .htmlInline || $0 == .code }
        #expect(others.map { place(doc.start(of: $0)) } == [[5, 14], [11, 5], [11, 15]])
        // The texts after the code span are found by the shift it set.
        let texts = doc.indices { $0 == .text }.filter { doc[$0].start.line == 11 }
        #expect(texts.map { doc[$0].literal } == [" y ", " ", "v"])
        #expect(texts.map { place(doc.start(of: $0)) } == [[11, 12], [11, 18], [11, 20]])
    }

    /// Where cmark's column is right, nothing moves: a code span whose text starts with a space, a
    /// link after a tab-indented first line, a link in a table cell after white space.
    @Test func inlineNodesWhoseColumnIsRightStayThere() {
        let doc = MarkdownDocument.parse("a `  b ` [c](d)\n\n| x |\n|---|\n|   [e](f) |\n", file: "doc.md")
        #expect(place(doc.start(of: doc.indices { $0 == .code }[0])) == [1, 4])
        let links = doc.indices { if case .link = $0 { true } else { false } }
        #expect(links.map { place(doc.start(of: $0)) } == [[1, 10], [5, 5]])
    }
}
