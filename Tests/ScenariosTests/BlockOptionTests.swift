import Diagnostics
import LifecycleModel
import Markdown
import Testing
@testable import LifecycleMachines

@testable import Scenarios

/// `path`, `callbacks` and `never` lines are judged under the block's options, as its events
/// are; `api=any` makes them statements about every API level.
@Suite struct BlockOptionTests {
    func errors(_ info: String, _ code: String) -> [String] {
        Example(info, code).texts().filter { $0.contains(": error: ") }
    }

    /// From API 28 `onSaveInstanceState` comes after `onStop`; below, before it.
    @Test func aCallbackOrderIsJudgedAtTheBlocksAPILevel() {
        let after = "callbacks onPause -> onStop -> onSaveInstanceState\n"
        let before = "callbacks onPause -> onSaveInstanceState -> onStop\n"
        #expect(errors("lifecycle android-activity api=34", after).isEmpty)
        #expect(errors("lifecycle android-activity", after).isEmpty, "api=34 is the default")
        #expect(errors("lifecycle android-activity api=34", before) == [
            "Content/es/inactive.md:40:13: error: the model never calls onPause -> onSaveInstanceState -> onStop in this order"
                + "\n    suggestion: callbacks onPause -> onStop -> onSaveInstanceState"
        ])
        #expect(errors("lifecycle android-activity api=27", before).isEmpty)
        #expect(errors("lifecycle android-activity api=27", "callbacks onStop -> onSaveInstanceState\n").count == 1)
    }

    /// `targetSdk` apart from the device: an app targeting 27 on API 34 saves before onStop.
    @Test func aCallbackOrderIsJudgedAtTheBlocksTarget() {
        let after = "callbacks onPause -> onStop -> onSaveInstanceState\n"
        let before = "callbacks onPause -> onSaveInstanceState -> onStop\n"
        #expect(errors("lifecycle android-activity api=34 targetSdk=27", before).isEmpty)
        #expect(errors("lifecycle android-activity api=34 targetSdk=27", after) == [
            "Content/es/inactive.md:40:13: error: the model never calls onPause -> onStop -> onSaveInstanceState in this order"
                + "\n    suggestion: callbacks onPause -> onSaveInstanceState -> onStop"
        ])
        #expect(errors("lifecycle android-activity api=27 targetSdk=34", before).isEmpty, "the device predates the change")
    }

    /// `onTopResumedActivityChanged` exists from API 29.
    @Test func aCallbackOfALaterAPILevelIsRefusedBelowIt() {
        let line = "callbacks onTopResumedActivityChanged -> onPause\n"
        #expect(errors("lifecycle android-activity api=28", line).count == 1)
        #expect(errors("lifecycle android-activity api=29", line).isEmpty)
    }

    /// A path is judged at the block's level too: multi-resume keeps a window that loses focus resumed.
    @Test func aPathIsJudgedAtTheBlocksAPILevel() {
        let pausedOnFocusLoss = "path resumed -> started -> resumed\n"
        #expect(errors("lifecycle android-activity api=34 configChanges=orientation", "never created -> resumed\n").isEmpty)
        #expect(errors("lifecycle android-activity api=28", pausedOnFocusLoss).isEmpty)
    }

    /// `api=any`: a path or order holds if it happens at some level; `never`, if at none.
    @Test func apiAnyIsAStatementAboutEveryLevel() {
        #expect(errors("lifecycle android-activity api=any", "callbacks onPause -> onSaveInstanceState -> onStop\n").isEmpty)
        #expect(errors("lifecycle android-activity api=any", "callbacks onPause -> onStop -> onSaveInstanceState\n").isEmpty)
        #expect(errors("lifecycle android-activity api=any", "never resumed -> created\n").isEmpty)
        #expect(errors("lifecycle android-activity api=any", "never resumed -> started -> created\n").count == 1)
    }

    /// An event runs at one level: `api=any` with an event line is an error at the event.
    @Test func anEventNeedsOneAPILevel() {
        #expect(errors("lifecycle android-activity api=any", "given resumed\nhome -> started, created\n") == [
            "Content/es/inactive.md:41:3: error: an event runs at one API level: 'api=any' is for path, callbacks and never lines"
                + "\n    suggestion: give the level the run is about, e.g. api=34, or move the events to a block of their own"
        ])
    }

    /// The model's own query, with and without options.
    @Test func theModelAnswersUnderOptionsOrForSome() {
        let android = Machines.androidActivity
        let order = ["onPause", "onSaveInstanceState", "onStop"]
        #expect(android.canProduce(callbackOrder: order))
        #expect(!android.canProduce(callbackOrder: order, options: MachineOptions(api: 28)))
        #expect(android.canProduce(callbackOrder: order, options: MachineOptions(api: 27)))
        #expect(android.canProduce(callbackOrder: order, options: MachineOptions(anyAPI: true)))
    }
}

/// The guide's Paused is STARTED entered from RESUMED, its Stopped CREATED entered after a pause:
/// a chain that says otherwise is not taken for a run of STARTED or CREATED.
@Suite struct GuideAliasTests {
    func prose(_ text: String) -> [String] {
        let document = MarkdownDocument.parse(text, file: "es/a.md")
        return ArticleVerifier.verify(document).diagnostics.map(DiagnosticFormatter.text)
    }

    @Test(arguments: ["Stopped → Paused", "Created → Paused → Resumed", "Started → Stopped"])
    func aChainThatEntersTheStateOtherwiseFails(_ chain: String) {
        #expect(prose("La actividad pasa por \(chain).\n").count == 1, "\(chain)")
    }

    @Test(arguments: ["Resumed → Paused → Stopped", "Paused → Stopped", "Paused → Resumed", "Stopped → Started → Resumed"])
    func aChainThatSaysTheSameHolds(_ chain: String) {
        #expect(prose("La actividad pasa por \(chain).\n").isEmpty, "\(chain)")
    }

    @Test func theMessageSaysWhatTheNameMeans() {
        #expect(prose("De Created → Paused → Resumed.\n") == [
            "es/a.md:1:14: error: 'Created → Paused → Resumed' is not possible in android-activity: the guide's Paused is STARTED "
                + "entered after RESUMED; here it follows CREATED\n    suggestion: CREATED → STARTED → RESUMED"
        ])
    }

    @Test func aPathLineIsHeldToTheSame() {
        #expect(Example("lifecycle android-activity", "path created -> Paused -> resumed\n").texts() == [
            "Content/es/inactive.md:40:19: error: the guide's Paused is STARTED entered after resumed; here it follows created\n"
                + "    suggestion: path created -> started -> resumed"
        ])
        #expect(Example("lifecycle android-activity", "path resumed -> Paused -> Stopped\n").texts().isEmpty)
    }
}
