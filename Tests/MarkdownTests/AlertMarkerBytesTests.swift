import Testing
import TestSupport

@testable import Markdown

/// `MarkdownDocument.alertKind(marker:)` matches ASCII markers by bytes; it lowercased every
/// marker by Characters. The old match is kept here as the reference.
@Suite struct AlertMarkerBytesTests {
    static let seed: UInt64 = 0xA1E7 &+ SeededRandom.seedOffset("ALERT_SEED")

    /// The match as it was: lowercased, spaces and tabs trimmed, compared as Characters.
    static func referenceKind(_ text: String) -> AlertKind? {
        guard text.utf8.starts(with: [UInt8(ascii: "["), UInt8(ascii: "!")]) else { return nil }
        var marker = Substring(text.lowercased())
        while let last = marker.last, last == " " || last == "\t" { marker = marker.dropLast() }
        guard marker.first == "[", marker.dropFirst().first == "!", marker.last == "]" else { return nil }
        return AlertKind(rawValue: String(marker.dropFirst(2).dropLast()))
    }

    @Test func knownMarkers() {
        #expect(MarkdownDocument.alertKind(marker: "[!NOTE]") == .note)
        #expect(MarkdownDocument.alertKind(marker: "[!Warning] \t") == .warning)
        #expect(MarkdownDocument.alertKind(marker: "[!tip]x") == nil)
        #expect(MarkdownDocument.alertKind(marker: "[!]") == nil)
        #expect(MarkdownDocument.alertKind(marker: "[!") == nil)
        #expect(MarkdownDocument.alertKind(marker: "[!NOTE]\r") == nil)
        // '@' and '`' differ from letters by the case bit only: not letters.
        #expect(MarkdownDocument.alertKind(marker: "[!@OTE]") == nil)
        // The Kelvin sign lowercases to "k", which no kind has; İ lowercases to two scalars.
        #expect(MarkdownDocument.alertKind(marker: "[!\u{212A}]") == nil)
        #expect(MarkdownDocument.alertKind(marker: "[!\u{130}MPORTANT]") == nil)
    }

    /// Random texts near markers agree with the reference, ASCII or not.
    @Test func randomTextsMatchTheReference() {
        var random = SeededRandom(seed: Self.seed)
        let pieces = ["[", "!", "]", " ", "\t", "\r", "\n", "@", "`", "{", "\u{212A}", "\u{130}", "é", "ß", "\u{301}"]
            + AlertKind.allCases.map(\.rawValue) + AlertKind.allCases.map { $0.rawValue.uppercased() }
        var kinds = 0
        for _ in 0..<20_000 {
            var text = random.below(4) == 0 ? "" : "[!"
            if random.below(3) == 0 {
                // A kind's name with each letter in either case.
                text += String(random.pick(AlertKind.allCases).rawValue.map { random.below(2) == 0 ? Character($0.uppercased()) : $0 })
            }
            for _ in 0..<random.below(4) { text += random.pick(pieces) }
            if random.below(2) == 0 { text += "]" }
            for _ in 0..<random.below(3) { text += random.pick([" ", "\t", "x"]) }
            let expected = Self.referenceKind(text)
            if expected != nil { kinds += 1 }
            #expect(MarkdownDocument.alertKind(marker: text) == expected, "\(text.debugDescription)")
        }
        // The inputs must reach the matches, not only the refusals.
        #expect(kinds > 500)
    }
}
