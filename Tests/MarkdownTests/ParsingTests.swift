import Testing

import Markdown

@Suite struct ParsingTests {
    @Test func rootIsDocumentAndParentsMatchChildren() {
        let doc = MarkdownDocument.parse("# Title\n\nSome *text*.\n", file: "a.md")
        #expect(doc.root.kind == .document)
        #expect(doc.root.parent == nil)
        #expect(doc.file == "a.md")
        for (index, node) in doc.nodes.enumerated() {
            for child in node.children { #expect(doc.nodes[child].parent == index) }
        }
        let blocks = doc.children(of: 0).map { doc[$0].kind }
        #expect(blocks == [.heading(level: 1), .paragraph])
        #expect(doc[doc.children(of: 0)[0]].headingLevel == 1)
        #expect(doc[doc.children(of: 0)[1]].headingLevel == nil)
    }

    @Test func nestedListsThreeLevelsWithOrderedInsideBullet() {
        let doc = MarkdownDocument.parse("- one\n  1. two\n     - three\n- four\n", file: "t.md")
        let outer = doc.children(of: 0)
        #expect(outer.count == 1)
        #expect(doc[outer[0]].kind == .list(ordered: false, start: 0, tight: true))
        let firstItem = doc.children(of: outer[0])[0]
        #expect(doc.children(of: outer[0]).count == 2)
        let ordered = doc.children(of: firstItem)[1]
        #expect(doc[ordered].kind == .list(ordered: true, start: 1, tight: true))
        let secondItem = doc.children(of: ordered)[0]
        let inner = doc.children(of: secondItem)[1]
        #expect(doc[inner].kind == .list(ordered: false, start: 0, tight: true))
        #expect(doc.plainText(of: inner) == "three")
        #expect(doc.plainText(of: outer[0]) == "onetwothreefour")

        #expect(
            html("- one\n  1. two\n     - three\n- four\n")
                == "<ul>\n<li>one\n<ol>\n<li>two\n<ul>\n<li>three</li>\n</ul>\n</li>\n</ol>\n</li>\n<li>four</li>\n</ul>\n")
    }

    @Test func tableAlignmentsAndRows() {
        let doc = MarkdownDocument.parse("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n", file: "t.md")
        let table = doc.children(of: 0)[0]
        #expect(doc[table].kind == .table(alignments: [.left, .center, .right, .none]))
        let rows = doc.children(of: table).map { doc[$0].kind }
        #expect(rows == [.tableRow(isHeader: true), .tableRow(isHeader: false)])
        #expect(doc.children(of: doc.children(of: table)[1]).map { doc[$0].kind } == Array(repeating: .tableCell, count: 4))
    }

    @Test func taskItems() {
        let doc = MarkdownDocument.parse("- [x] done\n- [ ] todo\n- plain\n", file: "t.md")
        let items = doc.indices { if case .item = $0 { true } else { false } }
        #expect(items.map { doc[$0].kind } == [.item(task: .checked), .item(task: .unchecked), .item(task: .none)])
        #expect(doc.plainText(of: items[0]) == "done")
    }

    @Test func codeBlockFields() {
        let doc = MarkdownDocument.parse("```lifecycle ios-app api=28\nstate A\n```\n\n    indented\n", file: "t.md")
        let blocks = doc.children(of: 0)
        #expect(doc[blocks[0]].kind == .codeBlock(info: "lifecycle ios-app api=28", fenced: true))
        #expect(doc[blocks[0]].literal == "state A\n")
        #expect(doc[blocks[1]].kind == .codeBlock(info: "", fenced: false))
        #expect(doc[blocks[1]].literal == "indented\n")
    }

    @Test func inlineKinds() {
        let doc = MarkdownDocument.parse(
            "*em* **strong** ~~del~~ `code` [l](/u \"t\") ![i](/p.png) <b>\nnext  \nlast\n", file: "t.md")
        let paragraph = doc.children(of: 0)[0]
        let kinds = doc.children(of: paragraph).map { doc[$0].kind }
        #expect(kinds.contains(.emphasis))
        #expect(kinds.contains(.strong))
        #expect(kinds.contains(.strikethrough))
        #expect(kinds.contains(.code))
        #expect(kinds.contains(.link(url: "/u", title: "t")))
        #expect(kinds.contains(.image(url: "/p.png", title: "")))
        #expect(kinds.contains(.htmlInline))
        #expect(kinds.contains(.softBreak))
        #expect(kinds.contains(.lineBreak))
        #expect(doc.plainText(of: paragraph) == "em strong del code l i  next last")
        #expect(doc.plainText(of: doc.children(of: paragraph)[0]) == "em")
        #expect(doc.plainText(of: doc.children(of: paragraph).first { doc[$0].kind == .code }!) == "code")
    }

    @Test func textStaysVerbatimWithoutSmartPunctuation() {
        let doc = MarkdownDocument.parse("\"quotes\" -- and... 'single'\n", file: "t.md")
        #expect(doc.plainText(of: 0) == "\"quotes\" -- and... 'single'")
    }

    @Test func footnotesAreNumberedAndCounted() {
        let doc = MarkdownDocument.parse("A[^x] B[^y] C[^x]\n\n[^y]: Why.\n[^x]: Ex.\n[^z]: Unused.\n", file: "t.md")
        let references = doc.indices { if case .footnoteReference = $0 { true } else { false } }.map { doc[$0].kind }
        #expect(
            references == [
                .footnoteReference(number: 1, occurrence: 1), .footnoteReference(number: 2, occurrence: 1),
                .footnoteReference(number: 1, occurrence: 2),
            ])
        let definitions = doc.indices { if case .footnoteDefinition = $0 { true } else { false } }
        #expect(
            definitions.map { doc[$0].kind } == [
                .footnoteDefinition(number: 1, referenceCount: 2), .footnoteDefinition(number: 2, referenceCount: 1),
            ])
        #expect(doc.plainText(of: definitions[0]) == "Ex.")
    }

    @Test func tenThousandNestedBlockQuotes() {
        let text = String(repeating: "> ", count: 10_000) + "deep"
        let doc = MarkdownDocument.parse(text, file: "deep.md")
        let quotes = doc.indices { $0 == .blockQuote }
        #expect(quotes.count == 10_000)
        let output = HTMLRenderer().render(doc).html
        #expect(output.contains("<p>deep</p>"))
        #expect(output.hasPrefix("<blockquote>\n<blockquote>\n"))
    }

    @Test func deeplyNestedInlines() {
        let text = String(repeating: "*", count: 10_000) + "x" + String(repeating: "*", count: 10_000)
        let doc = MarkdownDocument.parse(text, file: "deep.md")
        #expect(doc.plainText(of: 0) == "x")
        #expect(HTMLRenderer().render(doc).html.contains("x"))
    }

    @Test func byteOrderMarkAndCRLF() {
        let doc = MarkdownDocument.parse("\u{FEFF}# Título\r\n\r\nLínea uno\r\ndos `c`\r\n", file: "t.md")
        let blocks = doc.children(of: 0)
        #expect(doc[blocks[0]].kind == .heading(level: 1))
        #expect(doc.plainText(of: blocks[0]) == "Título")
        #expect(doc.plainText(of: blocks[1]) == "Línea uno dos c")
        #expect(!doc.nodes.contains { $0.literal.contains("\r") || $0.literal.contains("\u{FEFF}") })
        #expect(html("\u{FEFF}# Título\r\n\r\nLínea uno\r\ndos\r\n", HTMLRenderer(headingAnchors: false))
            == "<h1 id=\"título\">Título</h1>\n<p>Línea uno\ndos</p>\n")
    }

    @Test func emptyAndOddInputsParse() {
        #expect(MarkdownDocument.parse("", file: "e.md").nodes.count == 1)
        #expect(html("") == "")
        #expect(html("a\u{0}b") == "<p>a\u{FFFD}b</p>\n")
        #expect(html("\n\n\n") == "")
    }
}
