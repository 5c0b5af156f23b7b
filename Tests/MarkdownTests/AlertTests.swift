import Testing

import Markdown

@Suite struct AlertTests {
    @Test(arguments: AlertKind.allCases)
    func eachKind(_ kind: AlertKind) {
        let marker = "[!\(kind.rawValue.uppercased())]"
        #expect(
            html("> \(marker)\n> Body *text*.\n")
                == "<div class=\"callout callout-\(kind.rawValue)\" role=\"note\">\n"
                + "<p class=\"callout-title\">\(kind.defaultTitle)</p>\n<p>Body <em>text</em>.</p>\n</div>\n")
        #expect(MarkdownDocument.parse("> \(marker)\n> x", file: "t.md").alertKind(of: 1) == kind)
    }

    @Test func markerIsCaseInsensitiveAndMayStandAlone() {
        #expect(
            html("> [!note]\n>\n> First.\n>\n> - list\n")
                == "<div class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n"
                + "<p>First.</p>\n<ul>\n<li>list</li>\n</ul>\n</div>\n")
        #expect(
            html("> [!Tip]  \n> hard break after the marker")
                == "<div class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Tip</p>\n"
                + "<p>hard break after the marker</p>\n</div>\n")
    }

    @Test func titlesComeFromTheOption() {
        var renderer = HTMLRenderer()
        renderer.alertTitle = { kind in kind == .warning ? "Внимание <!>" : kind.defaultTitle }
        #expect(
            html("> [!WARNING]\n> Текст", renderer)
                == "<div class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Внимание &lt;!&gt;</p>\n"
                + "<p>Текст</p>\n</div>\n")
    }

    @Test func notAlerts() {
        #expect(html("> [!NOTE] same line") == "<blockquote>\n<p>[!NOTE] same line</p>\n</blockquote>\n")
        #expect(html("> [!UNKNOWN]\n> x") == "<blockquote>\n<p>[!UNKNOWN]\nx</p>\n</blockquote>\n")
        #expect(html("> Text\n> [!NOTE]") == "<blockquote>\n<p>Text\n[!NOTE]</p>\n</blockquote>\n")
        #expect(html("[!NOTE]\ntext") == "<p>[!NOTE]\ntext</p>\n")
    }

    @Test func alertInsideAList() {
        #expect(
            html("- > [!CAUTION]\n  > Hot")
                == "<ul>\n<li>\n<div class=\"callout callout-caution\" role=\"note\">\n<p class=\"callout-title\">Caution</p>\n"
                + "<p>Hot</p>\n</div>\n</li>\n</ul>\n")
    }

    /// The marker test as it was, lowercasing the first text of every quote.
    static func kindByLowercasing(_ document: MarkdownDocument, _ index: Int) -> AlertKind? {
        guard case .blockQuote = document.nodes[index].kind, let paragraph = document.nodes[index].children.first,
            case .paragraph = document.nodes[paragraph].kind
        else { return nil }
        let inlines = document.nodes[paragraph].children
        guard let first = inlines.first, case .text = document.nodes[first].kind else { return nil }
        var marker = Substring(document.nodes[first].literal.lowercased())
        while let last = marker.last, last == " " || last == "\t" { marker = marker.dropLast() }
        guard marker.hasPrefix("[!"), marker.hasSuffix("]"), let kind = AlertKind(rawValue: String(marker.dropFirst(2).dropLast())) else { return nil }
        if inlines.count == 1 { return kind }
        switch document.nodes[inlines[1]].kind {
        case .softBreak, .lineBreak: return kind
        default: return nil
        }
    }

    @Test(arguments: [
        "> [!note]\n> x", "> [!NOTE]  \n> x", "> [ !NOTE]\n> x", "> [!\u{301}NOTE]\n> x", "> [\u{301}!NOTE]\n> x", "> [!ΝΟΤΕ]\n> x",
        "> x [!NOTE]\n> y", "> [!Note]\t\n> x", "> **[!NOTE]**\n> x", "> ［!NOTE］\n> x", "> [!TİP]\n> x", "> [!NOTE]",
        "> Долгий абзац без маркера, который раньше переводился в нижний регистр целиком.", "> [!", "> [!]\n> x", ">",
    ])
    func markerPrefilterKeepsTheKinds(_ text: String) {
        let document = MarkdownDocument.parse(text, file: "t.md")
        for index in document.nodes.indices {
            #expect(document.alertKind(of: index) == Self.kindByLowercasing(document, index), "\(text.debugDescription)")
        }
    }
}
