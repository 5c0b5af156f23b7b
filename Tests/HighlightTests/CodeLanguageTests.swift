import Foundation
import Testing
import Highlight
import TestSupport

@Suite struct CodeLanguageTests {
    @Test(arguments: [
        ("swift", CodeLanguage.swift),
        ("Swift", .swift),
        ("SWIFT title=\"AppDelegate.swift\"", .swift),
        ("  swift  ", .swift),
        ("kotlin", .kotlin),
        ("Kotlin", .kotlin),
        ("kt", .kotlin),
        ("kts {.numberLines}", .kotlin),
    ])
    func recognisesInfoStrings(info: String, expected: CodeLanguage) {
        #expect(CodeLanguage(infoString: info) == expected)
    }

    @Test(arguments: ["", "   ", "java", "swiftui", "objc", "kotlin-script", "kt\u{0}", "\u{0}kt", "kotlinkt", "lifecycle ios-app"])
    func rejectsOtherInfoStrings(info: String) {
        #expect(CodeLanguage(infoString: info) == nil)
    }
}

/// The first word of an info string is read on bytes when it is ASCII; the `Character` split
/// it replaced is the reference.
@Suite struct CodeLanguageBytesTests {
    static func reference(_ info: String) -> CodeLanguage? {
        guard let word = info.split(whereSeparator: \.isWhitespace).first else { return nil }
        switch word.lowercased() {
        case "swift": return .swift
        case "kotlin", "kt", "kts": return .kotlin
        default: return nil
        }
    }

    /// Words, spaces and scalars that join a neighbour, lowercase to a name, or look like one.
    static let pieces: [String] = [
        "swift", "Swift", "SWIFT", "kotlin", "KoTlIn", "kt", "kts", "KTS", "lifecycle", "exercise", "swiftui", "k", "t",
        " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{85}", "\u{301}", " \u{301}",
        "\u{0600}", "\u{200D}", "\u{212A}", "\u{212A}t", "é", "Ж", "ж", "title=\"Main.kt\"", "{.numberLines}", "<b>", "&", "'",
        "swift\u{301}", "ſwift", "İ", "\u{0}", "abcdefgh", "swiftswift",
    ]

    @Test func generatedInfoStringsAreReadAsCharactersRead() {
        var generator = SeededRandom(seed: ProcessInfo.processInfo.environment["CODE_LANGUAGE_SEED"].flatMap { UInt64($0) } ?? 10)
        for _ in 0..<5000 {
            var info = ""
            for _ in 0..<generator.below(6) { info += generator.pick(Self.pieces) }
            #expect(CodeLanguage(infoString: info) == Self.reference(info), "\(info.debugDescription)")
        }
    }
}
