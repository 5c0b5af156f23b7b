import Diagnostics
import LifecycleModel
import Testing

@testable import Scenarios

/// Exercises on machines with scenes: `given <state>@<scene>` puts other scenes in a state
/// before the run, and a predict `answer app <state>` asks for the app-level value after the event.
@Suite struct ExerciseSceneTests {
    func errors(_ info: String, _ code: String) -> [String] {
        Exercise(info, code).texts().filter { $0.contains(": error: ") }
    }

    /// Two windows: with A still active, B's interruption leaves the app active; alone, B's would not.
    @Test func theAppLevelValueCountsTheGivenScenes() throws {
        let two = try #require(Exercise("exercise swiftui", """
            kind predict
            given active
            given active@A
            event interruption@B
            answer app active

            """).run())
        #expect(two.diagnostics.isEmpty)
        #expect(two.answer == .app("active"))
        #expect(two.steps.map(\.transition.row) == ["P2"])
        let trace = try #require(ExerciseTrace(two))
        #expect(trace.givenScenes == [SceneState(scene: "A", state: "active")])
        #expect(trace.followedScene == "B")

        let alone = try #require(Exercise("exercise swiftui", "kind predict\ngiven active\nevent interruption@B\nanswer app inactive\n").run())
        #expect(alone.diagnostics.isEmpty)
        #expect(alone.answer == .app("inactive"))
        #expect(try #require(ExerciseTrace(alone)).givenScenes.isEmpty)
    }

    @Test func aWrongAppValueFailsWithTheScenesAndTheRule() {
        let texts = errors("exercise swiftui", "kind predict\ngiven active\ngiven active@A\nevent interruption@B\nanswer app inactive\n")
        #expect(texts.count == 1)
        let text = texts.first ?? ""
        #expect(text.hasPrefix("Content/es/inactive.md:44:14: error: the app-level value here is active, not inactive\n"))
        #expect(text.contains("note: the scenes: B inactive, A active\n"))
        #expect(text.contains("note: swiftui's rule: "))
        #expect(text.hasSuffix("suggestion: answer app active"))
    }

    /// Another scene's state decides whether the event can happen at all.
    @Test func aGivenSceneTakesPartInTheRun() {
        #expect(errors("exercise ios-scene", "kind predict\ngiven background\nevent suspend\nanswer background\n").isEmpty)
        let blocked = errors("exercise ios-scene", "kind predict\ngiven background\ngiven foregroundActive@B\nevent suspend\nanswer background\n")
        #expect(blocked.count == 1)
        #expect(blocked.first?.hasPrefix("Content/es/inactive.md:43:9: error: 'suspend' cannot happen") == true)

        #expect(errors("exercise ios-scene", "kind reach\ngiven background\ntarget unattached\nanswer terminate\n").isEmpty)
        let reach = errors("exercise ios-scene", "kind reach\ngiven background\ngiven foregroundActive@B\ntarget unattached\nanswer terminate\n")
        #expect(reach.count == 1)
        #expect(reach.first?.hasPrefix("Content/es/inactive.md:44:10: error: 'terminate' cannot happen") == true)
    }

    /// A choose option runs as a lifecycle line after the block's `given` lines, given scenes included.
    @Test func chooseOptionsRunWithTheGivenScenes() throws {
        let code = """
            kind choose
            given active
            given background@B
            option* reopen@B -> inactive, active
            option home@B -> background

            """
        let result = try #require(Exercise("exercise swiftui", code).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.answer == .choices([true, false]))
        // Without B in the background, B has no scene to reopen.
        let without = errors("exercise swiftui", code.replacingOccurrences(of: "given background@B\n", with: ""))
        #expect(without.count == 1)
        #expect(without.first?.contains("option 1 is marked correct") == true)
    }

    @Test func misplacedSceneStartsAreReportedAtTheirLine() {
        #expect(errors("exercise swiftui", "kind predict\ngiven active\ngiven active@B\nevent interruption@B\nanswer inactive\n") == [
            "Content/es/inactive.md:42:3: error: scene 'B' is the one the event names: its start state is written 'given <state>', without '@B'\n"
                + "    suggestion: given active"
        ])
        #expect(errors("exercise swiftui", "kind reach\ngiven active\ngiven active@A\ntarget background\nanswer home@A\n") == [
            "Content/es/inactive.md:42:3: error: scene 'A' is the one the first event names: its start state is written 'given <state>', without '@A'\n"
                + "    suggestion: given active"
        ])
        #expect(errors("exercise swiftui", "kind predict\ngiven active@A\nevent interruption@B\nanswer inactive\n") == [
            "Content/es/inactive.md:41:3: error: a predict exercise needs a 'given <state>' line for the scene the event names\n"
                + "    note: 'given <state>@<scene>' puts another scene in a state before the run"
        ])
        #expect(errors("exercise swiftui", "kind predict\ngiven active\ngiven active@A\ngiven background@A\nevent home\nanswer background\n") == [
            "Content/es/inactive.md:43:3: error: 'given' can appear only once for scene 'A'\n    note: its start state is already given on line 42"
        ])
        #expect(errors("exercise android-activity", "kind predict\ngiven resumed\ngiven resumed@B\nevent home\nanswer created\n") == [
            "Content/es/inactive.md:42:16: error: android-activity has a single instance: '@B' cannot name a scene\n    suggestion: given resumed"
        ])
    }

    @Test func anAppAnswerNeedsScenesAndAState() {
        #expect(errors("exercise android-activity", "kind predict\ngiven resumed\nevent home\nanswer app created\n") == [
            "Content/es/inactive.md:43:10: error: android-activity has no app-level value: 'app' is for machines with scenes (ios-scene, swiftui)"
        ])
        #expect(errors("exercise swiftui", "kind predict\ngiven active\nevent home\nanswer app\n").first?.hasPrefix(
            "Content/es/inactive.md:43:10: error: 'app' needs a state") == true)
        #expect(errors("exercise swiftui", "kind predict\ngiven active\nevent home\nanswer app backgrond\n") == [
            "Content/es/inactive.md:43:14: error: unknown state 'backgrond' for swiftui\n    suggestion: background"
        ])
    }
}
