import Testing
import Highlight

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

    @Test(arguments: ["", "   ", "java", "swiftui", "objc", "kotlin-script"])
    func rejectsOtherInfoStrings(info: String) {
        #expect(CodeLanguage(infoString: info) == nil)
    }
}
