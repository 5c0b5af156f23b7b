import Diagnostics
import LifecycleModel
import Testing
import TestSupport
@testable import LifecycleMachines

@testable import Scenarios

/// Examples that are true: they pass, with no diagnostic (or only the
/// warning they should get), and the result describes the run.
@Suite struct GoodExampleTests {
    // MARK: DESIGN.md

    @Test func designIOSInterruption() throws {
        let result = try #require(Example("lifecycle ios-app", """
            # Una llamada entrante interrumpe la app
            given active
            interruption -> inactive : applicationWillResignActive
            interruptionEnded -> active : applicationDidBecomeActive
            path notRunning -> inactive -> active
            never background -> active

            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.passed && result.complete)
        #expect(result.initialState == "active")
        #expect(result.steps.map(\.row) == ["A3", "A4"])
        #expect(result.steps.map(\.from) == ["active", "inactive"])
        #expect(result.steps.map(\.to) == ["inactive", "active"])
        #expect(result.steps[0].callbacks == [CallbackCall("applicationWillResignActive")])
        #expect(result.steps[0].sources == ["AP-WRA", "AP-PREP-BG", "AP-APG-ST", "AP-SP-INACTIVE"])
        #expect(result.steps[0].confidence == .doc)
        #expect(result.steps[0].lineIndex == 2)
        #expect(result.block.lines[result.steps[0].lineIndex].location == Diagnostics.SourceLocation(file: file, line: 42, column: 3))
        #expect(result.checks.map(\.kind) == [.path, .never])
        #expect(result.checks.map(\.ok) == [true, true])
        #expect(result.checks[0].ids == ["notRunning", "inactive", "active"])
        #expect(result.checks[1].failureIndex == 1)
        #expect(result.finalState() == "active")
    }

    @Test func designAndroidRotation() throws {
        let result = try #require(Example("lifecycle android-activity api=34", """
            # Rotación de pantalla: la Activity se recrea
            given resumed
            rotate : onPause, onStop, onSaveInstanceState, onDestroy, onCreate, onStart, onRestoreInstanceState, onResume
            callbacks onPause -> onStop -> onDestroy -> onCreate -> onStart -> onResume

            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.passed)
        #expect(result.steps.count == 1)
        #expect(result.steps[0].row == "D9")
        #expect(result.steps[0].states == ["started", "created", "destroyed", "initialized", "created", "started", "resumed"])
        // The model's callbacks, with the optional onTopResumedActivityChanged the line left out.
        #expect(result.steps[0].callbacks.first == CallbackCall("onTopResumedActivityChanged", optional: true))
        #expect(result.checks == [
            ChainResult(
                kind: .callbacks, ids: ["onPause", "onStop", "onDestroy", "onCreate", "onStart", "onResume"], ok: true,
                lineIndex: 3, failureIndex: nil)
        ])
        #expect(result.block.lines[3].location == Diagnostics.SourceLocation(file: file, line: 43, column: 3))
        #expect(result.block.options.api == 34)
    }

    // MARK: Each machine

    @Test func iosAppRunKeepsGoingAcrossEvents() throws {
        let result = try #require(Example("lifecycle ios-app", """
            launch -> inactive, active : application(_:willFinishLaunchingWithOptions:), application(_:didFinishLaunchingWithOptions:), applicationDidBecomeActive
            interruption -> inactive
            home -> background : applicationDidEnterBackground
            suspend -> suspended
            reopen -> inactive, active : applicationWillEnterForeground, applicationDidBecomeActive
            home
            terminate -> notRunning : applicationWillTerminate
            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.row) == ["A1", "A3", "A5", "A7", "A9", "A6", "A11"])
        #expect(result.steps.map(\.to) == ["active", "inactive", "background", "suspended", "active", "background", "notRunning"])
        for (a, b) in zip(result.steps, result.steps.dropFirst()) { #expect(a.to == b.from) }
        #expect(result.finalState() == "notRunning")
        #expect(result.scenes == [SceneState(scene: "main", state: "notRunning")])
        #expect(result.aggregate == nil)
    }

    @Test func iosAppSpellings() throws {
        let result = try #require(Example("lifecycle ios-app", """
            given Not Running
            launch → Inactive → UIApplicationStateActive : willFinishLaunching, application:didFinishLaunchingWithOptions:, applicationDidBecomeActive(_:)
            home -> .inactive, Background : applicationWillResignActive:, didEnterBackground
            path Not running → Inactive -> ACTIVE
            callbacks applicationWillResignActive(_:) → applicationDidEnterBackground(_:)
            never NOT_RUNNING -> active
            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.to) == ["active", "background"])
        #expect(result.block.given == WrittenName(
            text: "Not Running", id: "notRunning", location: Diagnostics.SourceLocation(file: file, line: 40, column: 9)))
        #expect(result.checks.map(\.ids) == [
            ["notRunning", "inactive", "active"], ["applicationWillResignActive", "applicationDidEnterBackground"],
            ["notRunning", "active"],
        ])
    }

    @Test func iosSceneMultiScene() throws {
        let result = try #require(Example("lifecycle ios-scene", """
            # Two windows on iPad; only A is interrupted.
            connect@A -> Foreground Inactive, Foreground Active
            connect@B -> foregroundInactive, foregroundActive : scene(_:willConnectTo:options:), sceneWillEnterForeground, sceneDidBecomeActive
            interruption@A -> foregroundInactive : sceneWillResignActive
            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.scene) == ["A", "B", "A"])
        #expect(result.steps.map(\.row) == ["S1", "S2", "S5"])
        #expect(result.finalState(of: "A") == "foregroundInactive")
        #expect(result.finalState(of: "B") == "foregroundActive")
        #expect(result.aggregate == "foregroundActive")
        #expect(result.steps.last?.aggregate == "foregroundActive")
        #expect(result.process == .running)
    }

    @Test func iosSceneOptionalCallbackMayBeWritten() throws {
        let code = """
            connect : application(_:willFinishLaunchingWithOptions:), application(_:didFinishLaunchingWithOptions:), configurationForConnecting, scene(_:willConnectTo:options:), sceneWillEnterForeground, sceneDidBecomeActive
            """
        let result = try #require(Example("lifecycle ios-scene", code).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.row) == ["S1"])
    }

    @Test func swiftUIWithoutWarnings() throws {
        let result = try #require(Example("lifecycle swiftui", """
            given active
            interruption -> inactive
            interruptionEnded -> .active
            home -> inactive, background
            reopen -> inactive, active
            path active -> inactive -> background
            never noScene -> background
            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.row) == ["P2", "P3", "P4", "P5"])
        #expect(result.steps.last?.confidence == .inferred)
        #expect(result.aggregate == "active")
    }

    @Test func androidAPI27MatchesEitherDocumentedOrder() throws {
        for (order, other) in [
            ("onPause, onSaveInstanceState, onStop", "onSaveInstanceState, onPause, onStop"),
            ("onSaveInstanceState, onPause, onStop", "onPause, onSaveInstanceState, onStop"),
        ] {
            let result = try #require(Example("lifecycle android-activity api=27", """
                given resumed
                rotate -> started, created, destroyed, initialized, created, started, resumed : \(order), onDestroy, onCreate, onStart, onRestoreInstanceState, onResume
                """).run())
            #expect(result.diagnostics.isEmpty)
            let step = try #require(result.steps.first)
            #expect(step.callbacks.prefix(3).map(\.name).joined(separator: ", ") == order)
            #expect(step.alternatives.count == 1)
            #expect(step.alternatives[0].callbacks.prefix(3).map(\.name).joined(separator: ", ") == other)
        }
    }

    @Test func androidOptionalCallbacksMayBeLeftOut() throws {
        let result = try #require(Example("lifecycle android-activity", """
            launch -> created, started, resumed : onCreate, onStart, onResume
            home -> Paused, Stopped : onPause(), onStop()
            reopen : onRestart, onStart, onResume, onTopResumedActivityChanged(boolean)
            home : onTopResumedActivityChanged, onPause, onStop, onSaveInstanceState(outState)
            processDeath -> Process dead
            reopen -> initialized, created, started, resumed : onCreate, onStart, onRestoreInstanceState, onResume
            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.row) == ["D1", "D3", "D4", "D3", "D15", "D16"])
        #expect(result.finalState() == "resumed")
    }

    @Test func androidUnchangedStateWrittenEitherWay() throws {
        let result = try #require(Example("lifecycle android-activity configChanges=orientation|screenSize", """
            given RESUMED
            rotate -> resumed : onConfigurationChanged # same instance, no restart
            rotate : onConfigurationChanged
            rotate
            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.row) == ["D10", "D10", "D10"])
        #expect(result.steps.allSatisfy { $0.states.isEmpty && $0.to == "resumed" })
        #expect(result.block.options.configChanges == ["orientation", "screenSize"])
    }

    @Test func androidRootBackFromAPI31() throws {
        let result = try #require(Example("lifecycle android-activity api=31 root=true", """
            given resumed
            back -> started, created : onPause, onStop
            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.steps.map(\.row) == ["D13"])
        #expect(result.steps[0].confidence == .inferred)
    }

    // MARK: Warnings do not fail a block

    @Test func unconfirmedEventWarns() throws {
        let result = try #require(Example("lifecycle swiftui", """
            given background
            reopen -> active
            """).run())
        #expect(result.passed)
        #expect(result.steps[0].confidence == .unconfirmed)
        #expect(result.diagnostics.map(DiagnosticFormatter.text) == [
            "Content/es/inactive.md:41:3: warning: this example relies on an unconfirmed transition: "
                + "P5 (The alternative reading: straight from .background to .active, with no .inactive observed. UNCONFIRMED.)"
        ])
    }

    // MARK: The parsed block

    @Test func blockKeepsEveryLineWithItsPlace() throws {
        let (block, diagnostics) = Example("lifecycle  android-activity api=28 configChanges=orientation|screenSize", """
            # Rotación
              given resumed

            rotate@X -> resumed # same
            path resumed -> started
            """).parse()
        let b = try #require(block)
        #expect(b.machineID == "android-activity")
        #expect(b.machineLocation == Diagnostics.SourceLocation(file: file, line: 39, column: 17))
        #expect(b.optionPairs.map(\.name) == ["api", "configChanges"])
        #expect(b.optionPairs.map(\.value) == ["28", "orientation|screenSize"])
        #expect(b.optionPairs.map(\.location.column) == [34, 41])
        #expect(b.optionPairs.map(\.valueLocation.column) == [38, 55])
        #expect(b.lines.map(\.kind) == [.comment, .given, .invalid, .path])
        #expect(b.lines.map(\.location.line) == [40, 41, 43, 44])
        #expect(b.lines.map(\.location.column) == [3, 5, 3, 3])
        #expect(b.comments == [
            BlockComment(text: "Rotación", location: Diagnostics.SourceLocation(file: file, line: 40, column: 3), trailing: false),
            BlockComment(text: "same", location: Diagnostics.SourceLocation(file: file, line: 43, column: 23), trailing: true),
        ])
        #expect(b.commentText == "Rotación same")
        #expect(b.initialState == "resumed")
        #expect(diagnostics.map(DiagnosticFormatter.text) == [
            "Content/es/inactive.md:43:9: error: android-activity has a single instance: '@X' cannot name a scene\n"
                + "    suggestion: rotate -> resumed # same"
        ])
        #expect(b.diagnostics == diagnostics)
    }

    @Test func eventLineParts() throws {
        let (block, diagnostics) = Example("lifecycle ios-scene", """
            home@Left → foregroundInactive, background:sceneWillResignActive,sceneDidEnterBackground
            """).parse()
        #expect(diagnostics.isEmpty)
        let event = try #require(block?.events.first)
        #expect(event.event == WrittenName(text: "home", id: "home", location: Diagnostics.SourceLocation(file: file, line: 40, column: 3)))
        #expect(event.scene == "Left")
        #expect(event.sceneLocation?.column == 7)
        #expect(event.states?.map(\.id) == ["foregroundInactive", "background"])
        #expect(event.states?.map(\.location.column) == [15, 35])
        #expect(event.callbacks?.map(\.text) == ["sceneWillResignActive", "sceneDidEnterBackground"])
        #expect(event.callbacks?.map(\.location.column) == [46, 68])
    }

    @Test func windowsLineEndingsAndTabs() throws {
        let result = try #require(Example("lifecycle ios-app", "given active\r\n\tinteruption\r\n").run())
        #expect(result.diagnostics.map(DiagnosticFormatter.text) == [
            "Content/es/inactive.md:41:4: error: unknown event 'interuption' for ios-app\n    suggestion: interruption"
        ])
    }

    @Test func onlyLifecycleInfoStringsAreBlocks() {
        #expect(LifecycleBlockParser.isLifecycle(info: "lifecycle ios-app"))
        #expect(LifecycleBlockParser.isLifecycle(info: "lifecycle"))
        #expect(!LifecycleBlockParser.isLifecycle(info: "swift"))
        #expect(!LifecycleBlockParser.isLifecycle(info: "lifecycles ios-app"))
        let (block, diagnostics) = Example("kotlin", "fun main() {}").parse()
        #expect(block == nil && diagnostics.isEmpty)
    }

    /// `Simulation` follows an event's first outcome; an alternative that ends elsewhere stops the run.
    @Test func alternativeThatEndsElsewhereStopsTheRun() throws {
        let toy = Machine(
            id: "toy", title: "Toy", states: [StateInfo("a", name: "A"), StateInfo("b", name: "B"), StateInfo("c", name: "C")],
            events: [EventInfo("go", "Go."), EventInfo("back", "Back.")], callbacks: [],
            transitions: [
                Transition("T1", from: "a", on: "go", to: ["b"], sources: []),
                Transition("T2", from: "a", on: "go", to: ["c"], sources: []),
                Transition("T3", from: "b", on: "back", to: ["a"], sources: []),
            ],
            initialState: "a")
        let ex = Example("lifecycle toy", "go -> c\nback\npath a -> b -> a\n")
        let (block, diagnostics) = LifecycleBlockParser.parse(
            info: ex.info, code: ex.code, file: file, firstLine: 40, columnOffset: 2, infoLocation: ex.infoLocation, machines: [toy])
        #expect(diagnostics.isEmpty)
        let result = ExampleRunner.run(try #require(block))
        #expect(result.passed && !result.complete)
        #expect(result.steps.map(\.row) == ["T2"])
        #expect(result.checks.map(\.ok) == [true])
        #expect(result.diagnostics.map(DiagnosticFormatter.text) == [
            "Content/es/inactive.md:40:3: warning: later events are not checked: the simulator continues only from the first "
                + "documented outcome of 'go' (T1)"
        ])
    }

    // MARK: Helpers of the runner

    @Test func callbackMatchingLeavesOutOnlyOptionalCallbacks() {
        let model = [CallbackCall("a", optional: true), CallbackCall("b"), CallbackCall("a", optional: true), CallbackCall("c")]
        #expect(ExampleRunner.callbackMismatch(["b", "c"], model) == nil)
        #expect(ExampleRunner.callbackMismatch(["a", "b", "a", "c"], model) == nil)
        #expect(ExampleRunner.callbackMismatch(["b", "a", "c"], model) == nil)
        #expect(ExampleRunner.callbackMismatch(["a", "c"], model) == 1)
        #expect(ExampleRunner.callbackMismatch(["b"], model) == 1)
        #expect(ExampleRunner.callbackMismatch(["b", "c", "d"], model) == 2)
        #expect(ExampleRunner.callbackMismatch([], []) == nil)
    }

    /// The matching by bits agrees with the one by arrays (kept for 64 callbacks or more) on random
    /// lists of few names, so that repeats, optional calls and mismatches are common.
    @Test func callbackMatchingByBitsAgreesWithArrays() {
        let seed = 0xCA11_BAC4 &+ SeededRandom.seedOffset("CALLBACK_MATCH_SEED")
        var random = SeededRandom(seed: seed)
        var mismatches = 0
        for n in 0..<3000 {
            let names = ["a", "b", "c", "e\u{301}", "\u{E9}"]
            let model = (0..<random.below(9)).map { _ in CallbackCall(random.pick(names), optional: random.below(3) == 0) }
            var written = model.filter { !$0.optional || random.below(2) == 0 }.map(\.name)
            if random.below(2) == 0 && !written.isEmpty { written[random.below(written.count)] = random.pick(names) }
            if random.below(4) == 0 { written.insert(random.pick(names), at: random.below(written.count + 1)) }
            let expected = ExampleRunner.callbackMismatchByArrays(written, model)
            #expect(ExampleRunner.callbackMismatch(written, model) == expected, "#\(n) (seed \(seed)): \(written) \(model)")
            if expected != nil { mismatches += 1 }
        }
        #expect(mismatches > 500 && mismatches < 2500)
        let long = (0..<70).map { CallbackCall("c\($0 % 3)") }
        #expect(ExampleRunner.callbackMismatch(long.map(\.name), long) == nil)
        #expect(ExampleRunner.callbackMismatch(long.map(\.name).dropLast() + ["x"], long) == 69)
    }

    @Test func possibleOrderIsTheShortestReducedRun() {
        let android = Machines.androidActivity
        #expect(ModelQueries.possibleOrder(containing: ["onStop", "onPause"], in: android, options: MachineOptions())
            == ["onStop", "onRestart", "onStart", "onResume", "onPause"])
        #expect(ModelQueries.possibleOrder(containing: ["onPause", "onDestroy"], in: android, options: MachineOptions())
            == ["onPause", "onStop", "onDestroy"])
    }
}

/// Garbage of every kind gives diagnostics, never a crash: a fixed
/// pseudo-random mix of the language's punctuation, keywords and names.
@Test func garbageNeverCrashes() {
    let tokens = [
        "->", "→", ":", ",", "@", "(", ")", "#", " ", "\t", "\n", "\r\n", "given", "path", "never", "callbacks", "home", "launch",
        "rotate", "connect", "active", "background", "resumed", "Not Running", "onPause", "applicationWillResignActive(_:)", "A",
        "Фон", "e\u{301}", "=", "->->", ",,",
    ]
    let infos = ["lifecycle ios-app", "lifecycle android-activity api=27", "lifecycle ios-scene", "lifecycle swiftui", "lifecycle"]
    var random = SeededRandom(seed: 42)
    var blocks = 0
    for _ in 0..<500 {
        var code = ""
        for _ in 0..<random.below(20) { code += random.pick(tokens) }
        let texts = Example(random.pick(infos), code).texts()
        #expect(texts.allSatisfy { $0.hasPrefix("Content/es/inactive.md:") })
        blocks += 1
    }
    #expect(blocks == 500)
}
