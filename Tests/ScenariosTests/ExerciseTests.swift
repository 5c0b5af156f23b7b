import Diagnostics
import LifecycleModel
import Testing
import TestSupport

@testable import Scenarios

/// `exercise` blocks: the grammar, and the answer key checked against the model under the block's options.
@Suite struct ExerciseParseTests {
    @Test func eachKindParses() throws {
        let predict = try #require(Exercise(
            "exercise android-activity", "# What happens on Home?\n# Think of the activity.\nkind predict\ngiven resumed\nevent home\nanswer Created\n"
        ).parse().block)
        #expect(predict.diagnostics.isEmpty)
        #expect(predict.kind == .predict)
        #expect(predict.question == "What happens on Home? Think of the activity.")
        #expect(predict.given?.id == "resumed")
        #expect(predict.event?.event.id == "home")
        #expect(predict.answer == .state(WrittenName(text: "Created", id: "created", location: SourceLocation(file: file, line: 45, column: 10))))
        #expect(predict.answerLocation == SourceLocation(file: file, line: 45, column: 3))

        let order = try #require(Exercise(
            "exercise android-activity api=28", "kind order\ngiven resumed\nevent home\nanswer onPause() -> onStop\n").parse().block)
        #expect(order.diagnostics.isEmpty)
        #expect(order.options.api == 28)
        guard case .callbacks(let names)? = order.answer else { Issue.record("no callbacks"); return }
        #expect(names.map(\.id) == ["onPause", "onStop"])
        #expect(names.map(\.text) == ["onPause()", "onStop"])
        #expect(names[1].location == SourceLocation(file: file, line: 43, column: 23))

        let choose = try #require(Exercise(
            "exercise ios-app", "kind choose\ngiven active\noption* path notRunning -> inactive\noption never background -> active # why\noption interruption -> background\n"
        ).parse().block)
        #expect(choose.diagnostics.isEmpty)
        #expect(choose.choices.map(\.correct) == [true, false, false])
        #expect(choose.choices.map(\.number) == [1, 2, 3])
        #expect(choose.choices.map(\.text) == ["path notRunning -> inactive", "never background -> active", "interruption -> background"])
        #expect(choose.choices[0].location == SourceLocation(file: file, line: 42, column: 3))
        #expect(choose.choices[0].statementLocation == SourceLocation(file: file, line: 42, column: 11))
        #expect(choose.comments.map(\.text) == ["why"])
        #expect(choose.question == "")

        let reach = try #require(Exercise("exercise ios-scene", "kind reach\ngiven unattached\ntarget background\nanswer connect@A, home@A\n").parse().block)
        #expect(reach.diagnostics.isEmpty)
        guard case .events(let events)? = reach.answer else { Issue.record("no events"); return }
        #expect(events.map(\.event.id) == ["connect", "home"])
        #expect(events.map(\.scene) == ["A", "A"])
        #expect(events[1].event.location == SourceLocation(file: file, line: 43, column: 21))
    }

    @Test func malformedBlocksAreReportedAtTheirWord() {
        #expect(Exercise("exercise ios-app", "kind reech\ngiven actve\nevent interuption\nkind predict\n").texts() == [
            "Content/es/inactive.md:40:8: error: unknown exercise kind 'reech'\n    suggestion: reach",
            "Content/es/inactive.md:41:9: error: unknown state 'actve' for ios-app\n    suggestion: active",
            "Content/es/inactive.md:42:9: error: unknown event 'interuption' for ios-app\n    suggestion: interruption",
            "Content/es/inactive.md:43:3: error: 'kind' can appear only once\n    note: it is already on line 40",
        ])
        #expect(Exercise("exercise ios-app", "given active\npath a -> b\n").texts() == [
            "Content/es/inactive.md:39:6: error: an exercise needs a 'kind' line: predict, order, choose or reach\n    suggestion: kind predict",
            "Content/es/inactive.md:41:3: error: 'path' is not an exercise line: expected 'kind', 'given', 'event', 'target', 'answer' or 'option'\n"
                + "    note: in an exercise a statement is an option of a choose exercise: 'option' (wrong) or 'option*' (right)\n"
                + "    suggestion: option path a -> b",
        ])
        #expect(Exercise("exercise ios-app", "kind predict\ngiven active\nevnt interruption\nanswer inactive\n").texts() == [
            "Content/es/inactive.md:40:3: error: a predict exercise needs an 'event' line",
            "Content/es/inactive.md:42:3: error: 'evnt' is not an exercise line: expected 'kind', 'given', 'event', 'target', 'answer' or 'option'\n"
                + "    note: a comment line starts with '#'\n    suggestion: event",
        ])
        #expect(Exercise("exercise ios-app", "kind order\ngiven active\nevent interruption\nanswer applicationWillResignActive\n").texts() == [
            "Content/es/inactive.md:43:3: error: an order exercise needs at least two callbacks: nothing to order\n"
                + "    note: for the state after an event, write 'kind predict'"
        ])
        #expect(Exercise("exercise ios-app", "kind predict\ngiven active\nevent interruption -> inactive\nanswer inactive, active\ntarget active\n").texts() == [
            "Content/es/inactive.md:42:25: error: an exercise's 'event' line names only the event: its outcome is the answer",
            "Content/es/inactive.md:43:20: error: a predict answer is one state: the one the event leads to",
            "Content/es/inactive.md:44:3: error: 'target' is not part of a predict exercise\n    note: a predict exercise has: kind, given, event, answer",
        ])
        #expect(Exercise("exercise ios-app", "kind choose\noption given active\noption\noption*path a -> b\n").texts() == [
            "Content/es/inactive.md:41:10: error: 'given' is not a statement: write a path, callbacks, never or event line after 'option'",
            "Content/es/inactive.md:42:3: error: 'option' needs a statement: a path, callbacks, never or event line",
            "Content/es/inactive.md:43:10: error: expected a space after 'option*'",
        ])
        #expect(Exercise("exercise ios-app", "kind choose\noption path background -> active\noption path notRunning -> active\n").texts() == [
            "Content/es/inactive.md:40:3: error: no option is marked correct: write 'option*' for each statement that holds"
        ])
        #expect(Exercise("exercise ios-app", "kind choose\noption* interruption -> inactive\noption path notRunning -> active\n").texts() == [
            "Content/es/inactive.md:41:11: error: an event option is judged from the 'given' state: add a 'given' line"
        ])
        #expect(Exercise("exercise ios-app", "kind reach\ngiven active\ntarget background\nanswer home@A, -x\n").texts() == [
            "Content/es/inactive.md:43:14: error: ios-app has a single instance: '@A' cannot name a scene\n    suggestion: home",
            "Content/es/inactive.md:43:18: error: expected an event, not '-x'\n    note: events are separated by spaces or commas",
        ])
        #expect(Exercise("exercise", "kind predict\n").texts().first
            == "Content/es/inactive.md:39:6: error: an exercise block needs a machine: ios-app, ios-scene, swiftui or android-activity")
    }

    /// Nothing a writer can type crashes the parser or the runner.
    @Test func oddInputDoesNotCrash() {
        let odd = ["", "kind", "answer", "option*", "option* ->", "given ->", "answer -> ->", "kind order\nanswer a -> ", "kind reach\nanswer @ , ,@x",
                   "kind choose\ngiven\noption callbacks", "event @", "target", "kind predict\nevent home@", "# only a comment"]
        for code in odd {
            for info in ["exercise ios-app", "exercise ios-scene", "exercise android-activity api=any", "exercise swiftui"] {
                _ = Exercise(info, code + "\n").texts()
            }
        }
    }
}

@Suite struct ExerciseVerificationTests {
    func errors(_ info: String, _ code: String) -> [String] {
        Exercise(info, code).texts().filter { $0.contains(": error: ") }
    }

    @Test func rightAnswerKeysPass() throws {
        let predict = try #require(Exercise("exercise android-activity", "kind predict\ngiven resumed\nevent home\nanswer created\n").run())
        #expect(predict.diagnostics.isEmpty)
        #expect(predict.answer == .state("created"))
        #expect(predict.steps.map(\.transition.row) == ["D3"])

        let order = try #require(Exercise("exercise android-activity api=28", "kind order\ngiven resumed\nevent home\nanswer onPause -> onStop -> onSaveInstanceState\n").run())
        #expect(order.diagnostics.isEmpty)
        #expect(order.answer == .callbacks(["onPause", "onStop", "onSaveInstanceState"]))

        let choose = try #require(Exercise("exercise ios-app", """
            kind choose
            given active
            option* path notRunning -> inactive -> active
            option path notRunning -> active
            option* never background -> active
            option* interruption -> inactive : applicationWillResignActive
            option callbacks applicationDidEnterBackground -> applicationWillResignActive

            """).run())
        #expect(choose.diagnostics.isEmpty)
        #expect(choose.answer == .choices([true, false, true, true, false]))
        #expect(choose.choices[0].witness.map(\.transition.row) == ["A1"])
        #expect(choose.choices[3].witness.map(\.transition.row) == ["A3"])
        #expect(choose.choices[1].reason == "active cannot follow notRunning directly")

        let reach = try #require(Exercise("exercise ios-app", "kind reach\ngiven notRunning\ntarget background\nanswer launch home\n").run())
        #expect(reach.diagnostics.isEmpty)
        #expect(reach.answer == .events(["launch", "home"], end: "background"))
        #expect(reach.steps.map(\.transition.row) == ["A1", "A6"])
    }

    @Test func aWrongPredictionFailsAtTheAnswerWithTheModelsRun() {
        #expect(errors("exercise android-activity", "kind predict\ngiven resumed\nevent home\nanswer started\n") == [
            "Content/es/inactive.md:43:10: error: after 'home' the activity is created, not started\n"
                + "    note: the model goes: home: resumed -> started -> created : [onTopResumedActivityChanged], [onUserLeaveHint], onPause, onStop, "
                + "[onSaveInstanceState], [onTrimMemory] (D3, doc)\n    suggestion: answer created"
        ])
    }

    @Test func aWrongOrderFailsAtTheFirstWrongCallback() {
        #expect(errors("exercise android-activity api=34", "kind order\ngiven resumed\nevent home\nanswer onStop -> onPause\n") == [
            "Content/es/inactive.md:43:10: error: 'home' calls [onTopResumedActivityChanged], [onUserLeaveHint], onPause, onStop, [onSaveInstanceState], [onTrimMemory], not onStop, onPause\n"
                + "    note: the model goes: home: resumed -> started -> created : [onTopResumedActivityChanged], [onUserLeaveHint], onPause, onStop, "
                + "[onSaveInstanceState], [onTrimMemory] (D3, doc)\n    suggestion: answer onPause -> onStop"
        ].map { $0 })
    }

    /// From API 28 `onSaveInstanceState` comes after `onStop`; below, Android documents both orders.
    @Test func theBlocksOptionsChangeTheVerdict() {
        let after = "kind order\ngiven resumed\nevent home\nanswer onPause -> onStop -> onSaveInstanceState\n"
        #expect(errors("exercise android-activity api=28", after).isEmpty)
        #expect(errors("exercise android-activity api=27", after) == [
            "Content/es/inactive.md:43:31: error: 'home' calls [onUserLeaveHint], onPause, [onSaveInstanceState], onStop, [onTrimMemory], not onPause, onStop, onSaveInstanceState\n"
                + "    note: the model goes: home: resumed -> started -> created : [onUserLeaveHint], onPause, [onSaveInstanceState], onStop, [onTrimMemory] (D3, doc)\n"
                + "    note: also documented: home: resumed -> started -> created : [onSaveInstanceState], [onUserLeaveHint], onPause, onStop, [onTrimMemory] (D3, doc)\n"
                + "    suggestion: answer onPause -> onStop"
        ])
        let before = "kind order\ngiven resumed\nevent home\nanswer onPause -> onSaveInstanceState -> onStop\n"
        #expect(errors("exercise android-activity api=27", before) == [
            "Content/es/inactive.md:43:10: error: the order of 'home' from resumed depends on the run: the model documents 2 orders, and the answer is only one of them\n"
                + "    note: documented: home: resumed -> started -> created : [onUserLeaveHint], onPause, [onSaveInstanceState], onStop, [onTrimMemory] (D3, doc)\n"
                + "    note: documented: home: resumed -> started -> created : [onSaveInstanceState], [onUserLeaveHint], onPause, onStop, [onTrimMemory] (D3, doc)\n"
                + "    note: an optional callback, in brackets, may be left out of the answer\n"
                + "    suggestion: answer onPause -> onStop"
        ])
        #expect(errors("exercise android-activity api=27", "kind order\ngiven resumed\nevent home\nanswer onPause -> onStop\n").isEmpty)
        // A choose exercise too: the same statement is a right option at one level and a wrong one at the other.
        let choose = "kind choose\noption* callbacks onPause -> onSaveInstanceState -> onStop\noption callbacks onStop -> onPause\n"
        #expect(errors("exercise android-activity api=27", choose).isEmpty)
        #expect(errors("exercise android-activity api=28", choose) == [
            "Content/es/inactive.md:41:21: error: the model never calls onPause -> onSaveInstanceState -> onStop in this order\n"
                + "    note: option 1 is marked correct ('option*')\n    suggestion: callbacks onPause -> onStop -> onSaveInstanceState"
        ])
    }

    @Test func aPossibleDistractorFailsAtItsLineNamingTheRun() {
        #expect(errors("exercise ios-app", """
            kind choose
            option* path notRunning -> inactive -> active
            option callbacks applicationWillResignActive -> applicationDidEnterBackground

            """) == [
            "Content/es/inactive.md:42:3: error: option 2 is marked wrong but the model allows it: home: active -> inactive -> background : "
                + "applicationWillResignActive, applicationDidEnterBackground (A6, doc)\n"
                + "    note: mark it 'option*', or write a statement the model rules out\n    suggestion: option*"
        ])
        #expect(errors("exercise ios-app", "kind choose\ngiven active\noption* path active -> inactive\noption interruption -> inactive\n") == [
            "Content/es/inactive.md:43:3: error: option 2 is marked wrong but the model allows it: interruption: active -> inactive : "
                + "applicationWillResignActive (A3, doc)\n"
                + "    note: mark it 'option*', or write a statement the model rules out\n    suggestion: option*"
        ])
        #expect(errors("exercise ios-app", "kind choose\noption* path active -> inactive\noption never background -> active\n") == [
            "Content/es/inactive.md:42:3: error: option 2 is marked wrong but the model never allows it: active cannot follow background "
                + "(from background the model goes to: suspended, inactive, notRunning)\n"
                + "    note: mark it 'option*', or write a path the model allows\n    suggestion: option*"
        ])
    }

    @Test func aCorrectOptionThatDoesNotHoldFailsLikeALifecycleLine() {
        #expect(errors("exercise ios-app", "kind choose\noption* path notRunning -> active\noption path active -> notRunning -> active\n") == [
            "Content/es/inactive.md:41:30: error: active cannot follow notRunning directly\n"
                + "    note: from notRunning the model goes to: inactive, background\n"
                + "    note: option 1 is marked correct ('option*')\n"
                + "    suggestion: path notRunning -> inactive -> active"
        ])
    }

    @Test func aReachAnswerThatDoesNotReachTheTargetFails() {
        #expect(errors("exercise ios-app", "kind reach\ngiven notRunning\ntarget background\nanswer launch, interruption\n") == [
            "Content/es/inactive.md:43:3: error: the run ends in inactive, not background\n"
                + "    note: the run: launch: notRunning -> inactive -> active : application(_:willFinishLaunchingWithOptions:), "
                + "application(_:didFinishLaunchingWithOptions:), applicationDidBecomeActive (A1, doc); "
                + "interruption: active -> inactive : applicationWillResignActive (A3, doc)\n"
                + "    suggestion: answer backgroundLaunch"
        ])
        // An event that cannot happen is reported where it stands.
        let impossible = errors("exercise ios-app", "kind reach\ngiven notRunning\ntarget background\nanswer home\n")
        #expect(impossible.count == 1)
        #expect(impossible.first?.hasPrefix("Content/es/inactive.md:43:10: error: 'home' cannot happen when the app is notRunning") == true)
        #expect(errors("exercise ios-app", "kind reach\ngiven active\ntarget active\nanswer home\n") == [
            "Content/es/inactive.md:42:10: error: active is where the run starts: nothing to reach"
        ])
    }

    @Test func eventsNeedOneAPILevel() {
        #expect(errors("exercise android-activity api=any", "kind predict\ngiven resumed\nevent home\nanswer created\n").count == 1)
        // A wrong option that is an event cannot pass for false at api=any.
        #expect(errors("exercise android-activity api=any", "kind choose\ngiven resumed\noption* never created -> resumed\noption home -> resumed\n") == [
            "Content/es/inactive.md:43:10: error: an event runs at one API level: 'api=any' is for path, callbacks and never lines\n"
                + "    suggestion: give the level the run is about, e.g. api=34, or move the events to a block of their own"
        ])
        // Paths and orders are statements about every level there.
        #expect(errors("exercise android-activity api=any", "kind choose\noption* callbacks onPause -> onSaveInstanceState -> onStop\noption* callbacks onPause -> onStop -> onSaveInstanceState\noption callbacks onStop -> onPause\n").isEmpty)
    }
}

@Suite struct ExerciseMoreTests {
    func errors(_ info: String, _ code: String) -> [String] {
        Exercise(info, code).texts().filter { $0.contains(": error: ") }
    }

    @Test func missingDuplicateAndMisplacedLines() {
        #expect(errors("exercise ios-app", "kind predict\ngiven active\ngiven background\nevent interruption\noption path a -> b\n") == [
            "Content/es/inactive.md:40:3: error: a predict exercise needs an 'answer' line\n    suggestion: answer inactive",
            "Content/es/inactive.md:42:3: error: 'given' can appear only once\n    note: the start state is already given on line 41",
            "Content/es/inactive.md:44:3: error: 'option' is not part of a predict exercise\n    note: a predict exercise has: kind, given, event, answer",
        ])
        #expect(errors("exercise ios-app", "kind reach\ngiven active\ntarget backgrond\nanswer hme\n") == [
            "Content/es/inactive.md:42:10: error: unknown state 'backgrond' for ios-app\n    suggestion: background",
            "Content/es/inactive.md:43:10: error: unknown event 'hme' for ios-app\n    suggestion: home",
        ])
        #expect(errors("exercise android-activity", "kind order\ngiven resumed\nevent home\nanswer onPause -> onStp\n") == [
            "Content/es/inactive.md:43:21: error: unknown callback 'onStp' for android-activity\n    suggestion: onStop"
        ])
        #expect(errors("exercise ios-app", "kind choose\ngiven active\noption* path notRunning -> inactive\n") == [
            "Content/es/inactive.md:40:3: error: a choose exercise needs at least two 'option' lines"
        ])
        #expect(errors("exercise ios-app", "kind\n") == ["Content/es/inactive.md:40:3: error: 'kind' needs one of predict, order, choose or reach"])
        #expect(errors("exercise ios-app", "kind predict\ngiven\nevent\nanswer\n") == [
            "Content/es/inactive.md:41:3: error: 'given' needs a state\n    note: ios-app states: notRunning, inactive, active, background, suspended",
            "Content/es/inactive.md:42:3: error: 'event' needs an event\n    note: ios-app events: "
                + "launch, backgroundLaunch, interruption, interruptionEnded, home, reopen, suspend, backgroundEvent, terminate, purge, "
                + "expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL",
            "Content/es/inactive.md:43:3: error: 'answer' needs the state after the event",
        ].map { $0 })
    }

    /// A missing answer line gets the model's answer as its suggestion.
    @Test func aMissingAnswerIsSuggestedByTheModel() {
        #expect(errors("exercise android-activity", "kind predict\ngiven resumed\nevent home\n") == [
            "Content/es/inactive.md:40:3: error: a predict exercise needs an 'answer' line\n    suggestion: answer created"
        ])
        #expect(errors("exercise android-activity api=28", "kind order\ngiven resumed\nevent home\n") == [
            "Content/es/inactive.md:40:3: error: an order exercise needs an 'answer' line\n    suggestion: answer onPause -> onStop"
        ])
        #expect(errors("exercise ios-app", "kind reach\ngiven notRunning\ntarget background\n") == [
            "Content/es/inactive.md:40:3: error: a reach exercise needs an 'answer' line\n    suggestion: answer backgroundLaunch"
        ])
    }

    /// An event line in an option is judged from `given`, under the block's options, like a lifecycle line.
    @Test func anEventOptionIsJudgedFromGiven() throws {
        let result = try #require(Exercise("exercise android-activity api=28", """
            kind choose
            given resumed
            option* home -> started, created : onPause, onStop
            option home -> started : onPause

            """).run())
        #expect(result.diagnostics.isEmpty)
        #expect(result.answer == .choices([true, false]))
        #expect(result.choices[0].witness.map(\.transition.row) == ["D3"])
    }

    /// In a multi-scene machine `given` is the state of the scene the event names.
    @Test func scenesOfMultiSceneMachines() throws {
        let predict = try #require(Exercise("exercise ios-scene", "kind predict\ngiven foregroundActive\nevent home@B\nanswer background\n").run())
        #expect(predict.diagnostics.isEmpty)
        #expect(predict.steps.map(\.scene) == ["B"])
        let reach = try #require(Exercise("exercise ios-scene", "kind reach\ngiven unattached\ntarget background\nanswer connect@A, home@A\n").run())
        #expect(reach.diagnostics.isEmpty)
        #expect(reach.answer == .events(["connect@A", "home@A"], end: "background"))
    }

    /// Random edits of good exercises: no crash, and every diagnostic stands inside the block.
    @Test func mutatedExercisesNeverCrashAndPointInsideTheBlock() {
        let seeds: [(String, String)] = [
            ("exercise android-activity api=28", "# Q\nkind order\ngiven resumed\nevent home\nanswer onPause -> onStop -> onSaveInstanceState\n"),
            ("exercise ios-app", "kind choose\ngiven active\noption* path notRunning -> inactive -> active\noption interruption -> background : applicationDidEnterBackground\noption never a -> b\n"),
            ("exercise ios-scene", "kind reach\ngiven unattached\ntarget background\nanswer connect@A, home@A\n"),
            ("exercise swiftui", "kind predict\ngiven active\nevent home\nanswer background\n"),
        ]
        let pieces = ["->", "→", ",", ":", "@", "*", "#", " ", "\n", "option*", "kind", "given", "answer", "event", "target", "(", ")", "é", "\t"]
        var random = SeededRandom(seed: 14)
        for iteration in 0..<1500 {
            let (info, code) = seeds[iteration % seeds.count]
            var chars = Array(code)
            for _ in 0...random.below(3) {
                guard !chars.isEmpty else { break }
                let at = random.below(chars.count)
                switch random.below(3) {
                case 0: chars.remove(at: at)
                case 1: chars.insert(contentsOf: random.pick(pieces), at: at)
                default: chars[at] = random.pick(pieces).first ?? " "
                }
            }
            let mutated = String(chars)
            let exercise = Exercise(info, mutated)
            let lineCount = mutated.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.count
            for diagnostic in exercise.run()?.diagnostics ?? exercise.parse().diagnostics {
                guard let location = diagnostic.location else { continue }
                #expect((39...(40 + lineCount)).contains(location.line) && location.column >= 1, "\(mutated): \(diagnostic.message)")
            }
        }
    }
}
