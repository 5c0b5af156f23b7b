import Scenarios
import Testing

@testable import SiteContent
@testable import Translations

/// The translation analysis must sort blocks as the verifier does: a block the verifier runs
/// as a `lifecycle` example or an exercise is compared as one (its `#` comments are for people
/// and may be translated), whatever separates the info string's words.
@Suite struct InfoWordTests {
    static let infos = [
        "", " ", "   ", "lifecycle", "lifecycle activity", " lifecycle", "  exercise x", "lifecycle\tactivity", "\tlifecycle",
        "exercise\tios-app", "lifecycles", "exercise", "exercise ", "swift", "lifecycle \u{301}x", " \u{301}lifecycle",
        "lifecycle\u{301} x", "é lifecycle", "lifecycle  api=34 root=A", "Lifecycle ios-app",
    ]

    @Test(arguments: infos)
    func blocksAreExamplesAndExercisesAsTheVerifierSays(info: String) {
        let sample = CodeSample(info: info, code: "", line: 1)
        #expect(TranslationAnalyzer.isExample(sample) == LifecycleBlockParser.isLifecycle(info: info))
        #expect(TranslationAnalyzer.isExercise(sample) == ExerciseBlockParser.isExercise(info: info))
    }

    /// The words as the verifier splits them: at spaces and tabs.
    @Test func aTabSeparatesTheWordsAsASpaceDoes() {
        #expect(TranslationAnalyzer.isExample(CodeSample(info: "lifecycle\tios-app", code: "", line: 1)))
        #expect(TranslationAnalyzer.isExercise(CodeSample(info: "exercise\tios-app", code: "", line: 1)))
        #expect(!TranslationAnalyzer.isExample(CodeSample(info: "lifecycles", code: "", line: 1)))
    }

    /// A translated comment in a tab-separated example leaves the block as its source's.
    @Test func aTabSeparatedExampleIsComparedWithoutItsComments() {
        let source = CodeSample(info: "lifecycle\tios-app", code: "# launch, then leave\nlaunch\nhome\n", line: 1)
        let translation = CodeSample(info: "lifecycle\tios-app", code: "# стартиране, после изход\nlaunch\nhome\n", line: 1)
        #expect(TranslationAnalyzer.computeComparable(source) == TranslationAnalyzer.computeComparable(translation))
        #expect(TranslationAnalyzer.computeComparable(source).lines == ["launch", "home"])
    }
}
