import Foundation
@testable import Search
import Testing
import TestSupport

/// The tag loop (names packed as they are read, memchr between tags, runs cleaned eight bytes
/// at a time) against the simplest reading of the same HTML, on seeded random pages.
@Suite struct PageTextTests {
    /// Words, signs, white space and entities: what a page's text is made of.
    static let textPieces = [
        "uno", "dos", "árbol", "Ñandú", "e\u{301}", "café", "жизнь", "Ёлка", "ciclo", "onResume", "42", "x",
        "estadoMuyLargoDelCicloDeVida", " ", " ", "  ", "\n", "\t", "!", "\"", "'", "(", ")", ".", ",", "#", "$", "%",
        "&amp;", "&quot;", "&#39;", "&#233;", "&#x41;", "&lt;", "&nbsp;", "&#10;", "&foo;",
    ]

    /// One piece of random HTML as the renderer writes it, or odder: inline and block tags of
    /// either case, attributes, self-closed tags, skipped elements, anchors, headings with ids.
    static func htmlPiece(_ random: inout SeededRandom, heading number: Int) -> String {
        switch random.below(30) {
        case 0: return "<p>"
        case 1: return "</p>"
        case 2: return "<span class=\"k\">"
        case 3: return "</span>"
        case 4: return "<code>"
        case 5: return "</code>"
        case 6: return "<td>"
        case 7: return "</td>\n"
        case 8: return random.pick(["<br/>", "<BR>", "<img src=\"a.png\" alt=\"x\"/>", "<hr>"])
        case 9: return random.pick(["<P>", "</DIV>", "<Figcaption>", "</figcaption>", "<blockquote>", "</BlockQuote>", "<figcaptions>", "<h2x>", "<tr>", "<li>"])
        case 19: return random.pick(["<table>", "</table>\n", "<tr>", "</tr>", "<TR>", "<th>", "</th>", "<TD>", "<thead>", "<td/>", "<tbody>"])
        case 20:
            return random.pick([
                "<p class=\"callout-title\">Nota</p>", "<p class=\"callout-title\">", "</p>", "</P>", "<p class=\"callout-title x\">Nota</p>",
                "<div class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Advertencia</p>\n<p>Texto.</p>\n</div>",
            ])
        case 10: return "<svg viewBox=\"0 0 1 1\"><g><text>oculto</text><svg><text>más</text></svg></g></svg>"
        case 11: return "<button type=\"button\"><span>Paso</span></button>"
        case 12: return "<a class=\"heading-anchor\" href=\"#s\" aria-label=\"Enlace\">#</a>"
        case 13: return "<a href=\"/es/x/\">enlace <em>visible</em></a>"
        case 14:
            let level = random.pick(["h2", "h3", "H2"])
            let id = random.below(4) == 0 ? "" : " id=\"s\(number)-&#233;\""
            return "<\(level) class=\"t\"\(id)>Título \(number) <a class=\"heading-anchor\" href=\"#s\">#</a></\(level)>"
        case 15: return "<pre><code class=\"language-kotlin\">fun onCreate() { val x = 1 }</code></pre>"
        case 16: return random.pick(["<em>", "</em>", "<strong>", "</strong>", "<abbreviation>", "</x1234567890>"])
        // Left out of the index with what they hold, or not (the name in a value, a longer name).
        case 17:
            return random.pick([
                "<div class=\"x\" data-search-ignore><p>fuera <span data-search-ignore>más</span></p><div>anidado</div></div>",
                "<table data-search-ignore class=\"trace\"><tr><td>paso</td></tr></table>", "<p data-search-ignore>",
                "<span\ndata-search-ignore=\"\"\nclass=\"k\">oculto</span>", "<details data-search-ignore/><em>visible</em>",
                "<h2 id=\"fuera\" data-search-ignore>Oculto</h2>", "<a data-search-ignore href=\"#x\">oculto</a>",
            ])
        case 18:
            return random.pick([
                "<span title=\"data-search-ignore\">visible</span>", "<span data-search-ignored>visible</span>",
                "<span title='a data-search-ignore b'>visible</span>", "<div data-x=data-search-ignore>visible</div>",
                "<span data-search-ignore-not=\"1\" class=\"data-search-ignore\">visible</span>",
            ])
        default: return random.pick(textPieces)
        }
    }

    /// The sections as the tag loop must cut them, by the simplest means: each tag read byte by
    /// byte, its kind from the sets by its lowercased name, the text between tags gathered raw
    /// (a space for a block, a mark for a table's break between cells or rows) and cleaned at
    /// the end with `squeeze(decodeEntities(_:))`, then the marks made separators (`marked`).
    static func simpleSections(_ html: String) -> [(anchor: String, heading: String, text: String)] {
        let bytes = Array(html.utf8)
        var sections: [(anchor: String, heading: String, text: String)] = [("", "", "")]
        var text: [UInt8] = []
        var heading: [UInt8] = []
        var inHeading = false
        var anchorDepth = 0
        var rows = 0
        var cells = 0
        var inCalloutTitle = false
        func clean(_ raw: [UInt8]) -> String { marked(BodyText.squeeze(BodyText.decodeEntities(String(decoding: raw, as: UTF8.self)))) }
        func nameEnd(from start: Int) -> Int {
            var end = start
            while end < bytes.count && BodyText.isNameByte(bytes[end]) { end += 1 }
            return end
        }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if anchorDepth == 0 { if inHeading { heading.append(bytes[index]) } else { text.append(bytes[index]) } }
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { break }
            let isEnd = bytes[index + 1] == UInt8(ascii: "/")
            let nameStart = index + (isEnd ? 2 : 1)
            let end = nameEnd(from: nameStart)
            guard let close = bytes[end...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let name = String(decoding: bytes[nameStart..<end], as: UTF8.self).lowercased()
            let tag = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            let selfClosing = bytes[close - 1] == UInt8(ascii: "/")
            index = close + 1
            if (BodyText.skipped.contains(name) || Self.namesIgnoreAttribute(tag.dropFirst(end - nameStart))) && !isEnd && !selfClosing {
                // To the end tag of the same name as written, same-named elements inside counted.
                let written = Array(bytes[nameStart..<end])
                var depth = 1
                while depth > 0 && index < bytes.count {
                    if bytes[index] == UInt8(ascii: "<") {
                        let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
                        let start = index + (closing ? 2 : 1)
                        let after = start + written.count
                        if after < bytes.count && Array(bytes[start..<after]) == written && !BodyText.isNameByte(bytes[after]),
                            let tagEnd = bytes[after...].firstIndex(of: UInt8(ascii: ">"))
                        {
                            if closing { depth -= 1 } else if bytes[tagEnd - 1] != UInt8(ascii: "/") { depth += 1 }
                            index = tagEnd + 1
                            continue
                        }
                    }
                    index += 1
                }
                continue
            }
            if name == "a" {
                if !isEnd && tag.contains("class=\"heading-anchor\"") { anchorDepth += 1 } else if isEnd && anchorDepth > 0 { anchorDepth -= 1 }
                continue
            }
            if name == "h2" || name == "h3" {
                if !isEnd, let range = tag.range(of: " id=\"") {
                    let id = tag[range.upperBound...].prefix { $0 != "\"" }
                    sections[sections.count - 1].text = clean(text)
                    text = []
                    heading = []
                    inHeading = true
                    sections.append((BodyText.decodeEntities(String(id)), "", ""))
                } else if isEnd && inHeading {
                    sections[sections.count - 1].heading = clean(heading)
                    inHeading = false
                }
                continue
            }
            var mark: UInt8 = 32
            if name == "p" && !isEnd && tag == "p class=\"callout-title\"" { inCalloutTitle = true }
            if name == "p" && isEnd && inCalloutTitle {
                inCalloutTitle = false
                mark = Self.labelMark
            }
            if name == "table" {
                if isEnd { mark = Self.endMark } else { rows = 0 }
            }
            if !isEnd && name == "tr" {
                rows += 1
                cells = 0
                if rows > 1 { mark = Self.rowMark }
            }
            if !isEnd && (name == "td" || name == "th") {
                cells += 1
                if cells > 1 { mark = Self.cellMark }
            }
            if BodyText.blocks.contains(name) {
                if inHeading { heading.append(mark) } else { text.append(mark) }
            }
        }
        sections[sections.count - 1].text = clean(text)
        if inHeading { sections[sections.count - 1].heading = clean(heading) }
        return sections
    }

    /// Control characters the random pages never hold, standing for a table's breaks until `marked`.
    static let cellMark: UInt8 = 1
    static let rowMark: UInt8 = 2
    /// A table's end: the marks before it in their run count for nothing.
    static let endMark: UInt8 = 3
    /// A callout title's end.
    static let labelMark: UInt8 = 4

    /// What each mark stands for; the longest of a run wins.
    static let separators: [UInt8: String] = [cellMark: " · ", rowMark: " — ", labelMark: ": "]

    /// `text` with each run of marks and spaces made one separator: the longest its marks since
    /// the run's last table end stand for, else a space; such runs at either end dropped.
    static func marked(_ text: String) -> String {
        var out = ""
        var run: String? = nil
        for scalar in text.unicodeScalars {
            if scalar == " " || (1...4).contains(scalar.value) {
                let separator = scalar.value == UInt32(endMark) ? " " : separators[UInt8(truncatingIfNeeded: scalar.value)] ?? " "
                run = scalar.value == UInt32(endMark) || separator.utf8.count > (run ?? "").utf8.count ? separator : run
                continue
            }
            if let pending = run, !out.isEmpty { out += pending }
            run = nil
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Whether a start tag's attributes (after its name) name `data-search-ignore`: quoted values
    /// dropped, the rest cut at white space, each attribute's name what comes before its `=`.
    static func namesIgnoreAttribute(_ attributes: Substring) -> Bool {
        var unquoted = ""
        var quote: Character?
        for character in attributes {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else {
                unquoted.append(character)
            }
        }
        return unquoted.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "/" })
            .contains { $0.split(separator: "=", omittingEmptySubsequences: false).first == "data-search-ignore" }
    }

    /// A table as the renderer writes a Markdown one: its excerpt reads cell by cell and row by
    /// row (spaces ran "Interrupción temporal applicationWillResignActive sceneWillResignActive"
    /// together), an empty last cell leaves nothing after the table, and the words stay the words.
    @Test func readsATableCellByCellAndRowByRow() {
        let html = """
            <h2 id="resumen">Resumen</h2>
            <table>
            <thead>
            <tr>
            <th>Momento</th>
            <th>iOS sin escenas</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>Interrupción temporal</td>
            <td><code>applicationWillResignActive</code></td>
            </tr>
            <tr>
            <td>Vuelta</td>
            <td></td>
            </tr>
            </tbody>
            </table>
            <p>La regla de fondo.</p>
            """
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
        #expect(page.sections.map(\.heading) == ["", "Resumen"])
        #expect(
            page.sections.last?.text
                == "Momento · iOS sin escenas — Interrupción temporal · applicationWillResignActive — Vuelta La regla de fondo.")
        #expect(Words.split(page.sections.last?.text ?? "").map(String.init) == Words.split(
            "Momento iOS sin escenas Interrupción temporal applicationWillResignActive Vuelta La regla de fondo").map(String.init))
    }

    /// A callout's title ends with a colon in the excerpt: "Advertencia: Con escenas…", not
    /// "Advertencia Con escenas…"; other paragraphs stay as they were.
    @Test func readsACalloutsTitleAsALabel() {
        let html = """
            <p>Antes.</p>
            <div class="callout callout-warning" role="note">
            <p class="callout-title">Advertencia</p>
            <p>Con escenas, UIKit no llama a estos métodos.</p>
            </div>
            <p class="callout-titles">Otro</p>
            <p>Después.</p>
            """
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
        #expect(page.sections.map(\.text) == ["Antes. Advertencia: Con escenas, UIKit no llama a estos métodos. Otro Después."])
    }

    @Test func cutsRandomPagesAsTheSimpleTagLoopDoes() {
        var random = SeededRandom(seed: 0x51A7_E0F1_3C2D_9B47)
        for round in 0..<300 {
            var html = ""
            for number in 0..<random.below(120) { html += Self.htmlPiece(&random, heading: number) }
            let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
            let expected = Self.simpleSections(html)
            #expect(page.sections.map(\.anchor) == expected.map(\.anchor), "round \(round): \(html)")
            #expect(page.sections.map(\.heading) == expected.map(\.heading), "round \(round): \(html)")
            #expect(page.sections.map(\.text) == expected.map(\.text), "round \(round): \(html)")
        }
    }
}
