import Testing

@testable import SiteContent
@testable import Translations

/// `isExample` and `isExercise` read an info string's first word without splitting the
/// rest; they must agree with `split(separator: " ").first`, which they replace.
@Suite struct InfoWordTests {
    static let infos = [
        "", " ", "   ", "lifecycle", "lifecycle activity", " lifecycle", "  exercise x", "lifecycle\tactivity",
        "lifecycles", "exercise", "exercise ", "swift", "lifecycle \u{301}x", " \u{301}lifecycle", "lifecycle\u{301} x",
        "é lifecycle", "lifecycle  api=34 root=A",
    ]

    @Test(arguments: infos)
    func firstWordIsTheFirstPieceOfASplit(info: String) {
        let reference = info.split(separator: " ").first ?? ""
        #expect(TranslationAnalyzer.firstWord(info) == reference)
        let sample = CodeSample(info: info, code: "", line: 1)
        #expect(TranslationAnalyzer.isExample(sample) == (reference == "lifecycle"))
        #expect(TranslationAnalyzer.isExercise(sample) == (reference == "exercise"))
    }
}
