import Testing

@testable import SiteContent

/// Text tests that read bytes where they can must answer as the `Character` forms they replace.
@Suite struct ByteTextTests {
    static let infos = [
        "", " ", "swift", " swift ", "lifecycle  activity\tapi=34", "kotlin\u{0B}x\u{0C}y", "a\r\nb", "a\rb\nc",
        "\t\t", "lifecycle машина", "exercise\u{00A0}x", "a\u{2003}b", "x \u{301}y", "🍎 apple",
    ]

    @Test(arguments: infos) func fenceInfoWordsAreTheSplitAndJoinedCharacters(_ info: String) {
        let reference = info.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let bytes = Array(info.utf8)
        let words = bytes.withUnsafeBufferPointer { ArticleSections.words($0) }
        #expect(words == reference)
    }

    /// Every ASCII byte as the separator between two words.
    @Test func everyASCIISeparator() {
        for byte in UInt8(0)..<0x80 {
            let info = "a" + String(UnicodeScalar(byte)) + String(UnicodeScalar(byte)) + "b"
            let reference = info.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(Array(info.utf8).withUnsafeBufferPointer { ArticleSections.words($0) } == reference, "byte \(byte)")
        }
    }

    static let texts = [
        "", " ", "123 — 456", "a", "  (x)", "\r\na", "é", "1é", "١٢٣", "— «Привет»", "\u{301}a", "4\u{301}", "👍🏽 5",
        "   .,;:!?", "日本", "x\u{600}1",
    ]

    @Test(arguments: texts) func hasLetterIsContainsIsLetter(_ text: String) {
        #expect(ArticleReader.hasLetter(text) == text.contains(where: \.isLetter))
    }

    @Test func everyASCIIByteBeforeALetterAndAlone() {
        for byte in UInt8(0)..<0x80 {
            let alone = String(UnicodeScalar(byte))
            #expect(ArticleReader.hasLetter(alone) == alone.contains(where: \.isLetter), "byte \(byte)")
            let before = alone + "ж"
            #expect(ArticleReader.hasLetter(before) == before.contains(where: \.isLetter), "byte \(byte)")
        }
    }
}
