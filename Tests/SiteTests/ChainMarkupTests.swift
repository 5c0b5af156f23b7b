import Diagnostics
import Encoding
import Testing

@testable import Scenarios
@testable import SiteRender

/// `ChainMarkup` walks the text by Characters to the chains' offsets: its HTML must be what
/// the array of the text's Characters, cut at the same offsets, gives.
@Suite struct ChainMarkupTests {
    /// The markup as it was first written, over an array of Characters: the reference.
    static func reference(_ text: String, _ chains: [ProseChain], insideLink: Bool) -> String {
        let chars = Array(text)
        var out = ""
        var written = 0
        for chain in chains {
            let tag = insideLink ? "span" : "a"
            let href = insideLink ? "" : " href=\"#chain-\(chain.number)\""
            let state = chain.ok ? "chain" : "chain chain-invalid"
            out += HTML.escape(String(chars[written..<chain.start]))
            out += "<\(tag) class=\"\(state)\"\(href) data-machine=\"\(chain.machine)\" title=\"Verified: \(chain.machine)!\">"
                + HTML.escape(chain.text) + "</\(tag)>"
            written = chain.end
        }
        return out + HTML.escape(String(chars[written...]))
    }

    /// Chains at every written occurrence of `→`-joined names in the text (Character offsets).
    static func chains(in text: String, _ pieces: [String]) -> [ProseChain] {
        let chars = Array(text)
        var result: [ProseChain] = []
        var from = 0
        for (number, piece) in pieces.enumerated() {
            let wanted = Array(piece)
            var start = from
            while start + wanted.count <= chars.count, Array(chars[start..<(start + wanted.count)]) != wanted { start += 1 }
            guard start + wanted.count <= chars.count else { continue }
            let check = ChainCheck(machine: "activity", kind: .states, ids: [], ok: number % 2 == 0, failure: nil)
            result.append(ProseChain(
                number: number + 1, node: 0, start: start, end: start + wanted.count, text: piece,
                location: SourceLocation(file: "a.md", line: 1, column: 1), check: check, witness: []))
            from = start + wanted.count
        }
        return result
    }

    static let cases: [(String, [String])] = [
        ("Created → Started → Resumed, then <done> & more.", ["Created → Started → Resumed"]),
        ("Активно → Неактивно, после: Фон → Приостановлено «кавычки»", ["Активно → Неактивно", "Фон → Приостановлено"]),
        ("e\u{301}tat A → B puis C → D 👩‍💻 fin", ["A → B", "C → D"]),
        ("A → B", ["A → B"]),
        ("A → BC → D", ["A → B", "C → D"]),
        ("🇪🇸 x → y 🇮🇹", ["x → y"]),
        ("line\r\nA → B", ["A → B"]),
        ("no chains here", []),
    ]

    @Test(arguments: 0..<cases.count) func markupIsTheCharacterArrayCut(_ index: Int) {
        let (text, pieces) = Self.cases[index]
        let chains = Self.chains(in: text, pieces)
        #expect(chains.count == pieces.count)
        for insideLink in [false, true] {
            let html = ChainMarkup.html(
                text, chains: chains[...], insideLink: insideLink, title: "Verified", machineTitle: { $0 + "!" })
            #expect(String(decoding: html.bytes, as: UTF8.self) == Self.reference(text, chains, insideLink: insideLink))
        }
    }

    /// Scalars that stand alone and ones that join their neighbours (combining marks, ZWJ, CR LF,
    /// regional indicators, Hangul jamo, a Cyrillic combining mark, an emoji modifier).
    static let alphabet: [String] = [
        "a", "Z", " ", "\n", "\r", "\r\n", "→", "é", "e\u{301}", "\u{301}", "Ж", "\u{483}", "«", "\u{2014}", "\u{200D}",
        "👩", "💻", "\u{1F3FD}", "🇪", "🇸", "\u{1100}", "\u{1161}", "\u{11A8}", "©", "\u{FE0F}", "\u{AD}", "\u{85}", "ก", "\u{E33}",
    ]

    /// `utf8Offset` walks to where `String.index(_:offsetBy:)` does, from every Character of random texts.
    @Test func characterWalkAgreesWithString() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<400 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? "a" }.joined()
            text.withUTF8Bytes { bytes in
                var from = text.startIndex
                for skipped in 0...text.count {
                    let start = text.utf8.distance(from: text.utf8.startIndex, to: from)
                    for count in 0...(text.count - skipped) {
                        let expected = text.utf8.distance(from: text.utf8.startIndex, to: text.index(from, offsetBy: count))
                        #expect(ChainMarkup.utf8Offset(count, charactersAfter: start, in: text, bytes: bytes) == expected, "\(Array(text.unicodeScalars))")
                        checked += 1
                    }
                    if from < text.endIndex { from = text.index(after: from) }
                }
            }
        }
        #expect(checked > 10_000)
    }
}
