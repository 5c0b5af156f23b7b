import Diagnostics
import LifecycleMachines
import LifecycleModel
import Testing

@testable import Scenarios

/// `app <state>`: the app-level value of a multi-scene machine, judged where the line stands.
/// Blocks start on line 40 at column offset 2 (see `DiagnosticTests`).
@Suite struct AppLineTests {
    @Test func aRightValueHoldsWhereItStands() throws {
        let result = try #require(Example("lifecycle swiftui", """
            given active
            app active
            connect@B -> active
            home -> inactive, background
            app active
            home@B -> inactive, background
            app background
            """).run())
        #expect(result.errors.isEmpty)
        #expect(result.aggregate == "background")
        let kinds = result.block.lines.map(\.kind)
        #expect(kinds == [.given, .app, .event, .event, .app, .event, .app])
        if case .app(let name) = result.block.lines[1].content {
            #expect(name.id == "active")
            #expect(name.location.line == 41 && name.location.column == 7)
        } else {
            Issue.record("line 2 is not an app line")
        }
    }

    @Test func aWrongValueIsAnErrorWithTheScenesTheRuleAndTheFix() {
        // After scene main leaves, scene B still makes the app active.
        let texts = Example("lifecycle swiftui", "given active\nconnect@B\nhome -> inactive, background\napp .background\n").texts()
        #expect(texts.contains(
            "Content/es/inactive.md:43:7: error: the app-level value here is active, not .background\n"
                + "    note: the scenes: main background, B active\n"
                + "    note: swiftui's rule: active if any scene is active; else background if every scene is background; else inactive"
                + " (scenes in noScene do not count)\n"
                + "    suggestion: app active"))
        let scene = Example("lifecycle ios-scene", "given unattached\nconnect@A\napp background\n").texts()
        #expect(scene.contains {
            $0.hasPrefix("Content/es/inactive.md:42:7: error: the app-level value here is foregroundActive, not background\n")
                && $0.hasSuffix("    suggestion: app foregroundActive")
        })
    }

    @Test func machinesWithoutScenesHaveNoAppLevelValue() {
        #expect(Example("lifecycle ios-app", "given active\napp active\n").texts() == [
            "Content/es/inactive.md:41:3: error: ios-app has no app-level value: 'app' is for machines with scenes (ios-scene, swiftui)"
        ])
        #expect(Example("lifecycle android-activity", "launch\napp resumed\n").texts().contains(
            "Content/es/inactive.md:41:3: error: android-activity has no app-level value: 'app' is for machines with scenes (ios-scene, swiftui)"))
    }

    @Test func theLineNeedsAKnownState() {
        #expect(Example("lifecycle swiftui", "given active\napp\n").texts() == [
            "Content/es/inactive.md:41:3: error: 'app' needs a state\n    note: swiftui states: noScene, active, inactive, background"
        ])
        let unknown = Example("lifecycle swiftui", "given active\napp actve\n").texts()
        #expect(unknown.count == 1)
        #expect(unknown.first?.hasPrefix("Content/es/inactive.md:41:7: error: unknown state 'actve' for swiftui") == true)
        #expect(Example("lifecycle swiftui", "given active\napp: active\n").texts() == [
            "Content/es/inactive.md:41:6: error: expected a space after 'app'"
        ])
    }

    /// After an event line that failed, the scenes are a guess: a later `app` line is not judged.
    @Test func nothingIsJudgedAfterAFailedEvent() {
        let texts = Example("lifecycle swiftui", "given active\nhome -> active\napp noScene\n").texts()
        #expect(texts.count == 1)
        #expect(texts.first?.contains("error: after 'home' the scene is inactive, then background, not active") == true)
    }

    /// An option is judged from `given` alone, with no run before it.
    @Test func anExerciseOptionIsNoAppLine() {
        let texts = Exercise("exercise swiftui", "kind choose\ngiven active\noption* app active\noption path active -> inactive\n").texts()
        #expect(texts.contains(
            "Content/es/inactive.md:42:11: error: 'app' is not a statement: write a path, callbacks, never or event line after 'option'"))
    }

    @Test func theRuleInWords() throws {
        let scene = try #require(Machines.all.first { $0.id == "ios-scene" }?.aggregateRule)
        #expect(scene.summary
            == "foregroundActive if any scene is foregroundActive; else background if every scene is background; else foregroundInactive"
                + " (scenes in unattached do not count)")
        let rule = AggregateRule(ignoring: [], none: "x", cases: [.any(["a", "b"], "a")], otherwise: "c")
        #expect(rule.summary == "a if any scene is a or b; else c")
    }
}

/// `given <state>@<scene>`: scenes already in a state before the first event (two windows open,
/// with no launch to rely on). Blocks start on line 40 at column offset 2.
@Suite struct GivenSceneTests {
    @Test func scenesStartWhereTheyAreGiven() throws {
        let result = try #require(Example("lifecycle swiftui", """
            given active@A
            given inactive@B
            app active
            home@A -> inactive, background
            app inactive
            interruptionEnded@B -> active
            """).run())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.initialState == "noScene")
        #expect(result.givenScenes == [SceneState(scene: "A", state: "active"), SceneState(scene: "B", state: "inactive")])
        #expect(result.steps.map(\.from) == ["active", "inactive"])
        #expect(result.aggregate == "active")
        // No step relies on the unconfirmed launch (P1): no warning.
        #expect(result.warnings.isEmpty)
        #expect(result.block.lines.map(\.kind) == [.given, .given, .app, .event, .app, .event])
    }

    @Test func mainAndOtherScenesTogether() throws {
        let result = try #require(Example("lifecycle ios-scene", """
            given foregroundActive
            given background@B
            app foregroundActive
            reopen@B -> foregroundInactive, foregroundActive : sceneWillEnterForeground, sceneDidBecomeActive
            """).run())
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.process == .running)
        #expect(result.finalState(of: "B") == "foregroundActive")
        // `@main` is the main scene.
        let main = try #require(Example("lifecycle swiftui", "given background@main\nreopen -> inactive, active\n").run())
        #expect(main.initialState == "background" && main.givenScenes.isEmpty)
    }

    @Test func eachSceneIsGivenOnceBeforeTheFirstEvent() {
        #expect(Example("lifecycle swiftui", "given active@B\ngiven inactive@B\nhome@B\n").texts() == [
            "Content/es/inactive.md:41:3: error: 'given' can appear only once for scene 'B'\n    note: its start state is already given on line 40"
        ])
        #expect(Example("lifecycle swiftui", "given active\ngiven inactive@main\n").texts().first
            == "Content/es/inactive.md:41:3: error: 'given' can appear only once\n    note: the start state is already given on line 40")
        #expect(Example("lifecycle swiftui", "given active@A\nhome@A\ngiven active@B\n").texts() == [
            "Content/es/inactive.md:42:3: error: 'given' must come before the first event\n    note: the first event is on line 41"
        ])
    }

    @Test func aSceneNeedsAMachineWithScenesAndANameAndAState() {
        #expect(Example("lifecycle ios-app", "given active@A\ninterruption\n").texts() == [
            "Content/es/inactive.md:40:15: error: ios-app has a single instance: '@A' cannot name a scene\n    suggestion: given active"
        ])
        #expect(Example("lifecycle swiftui", "given active@\nhome\n").texts() == [
            "Content/es/inactive.md:40:16: error: expected a scene name after '@'"
        ])
        #expect(Example("lifecycle swiftui", "given @A\nhome@A\n").texts() == [
            "Content/es/inactive.md:40:3: error: 'given' needs a state\n    note: swiftui states: noScene, active, inactive, background"
        ])
        let unknown = Example("lifecycle swiftui", "given actve@A\nhome@A\n").texts()
        #expect(unknown.count == 1)
        #expect(unknown.first?.hasPrefix("Content/es/inactive.md:40:9: error: unknown state 'actve' for swiftui") == true)
    }
}
