import Diagnostics
import Testing

@testable import Scenarios

/// Every diagnostic, with its exact text and place. Blocks start on line 40
/// at column offset 2 (a fence indented by two spaces, inside a list item);
/// their info string starts on line 39, column 6.
@Suite struct DiagnosticTests {
    private func expectTexts(
        _ info: String, _ code: String, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let texts = Example(info, code).texts()
        #expect(texts == expected, sourceLocation: sourceLocation)
    }

    // MARK: The info string

    @Test func missingMachine() {
        expectTexts("lifecycle", "home\n", [
            "Content/es/inactive.md:39:6: error: a lifecycle block needs a machine: ios-app, ios-scene, swiftui or android-activity"
        ])
        #expect(Example("lifecycle", "home\n").parse().block == nil)
    }

    @Test func unknownMachine() {
        expectTexts("lifecycle ios-ap", "launch\n", [
            "Content/es/inactive.md:39:16: error: unknown machine 'ios-ap'\n    suggestion: ios-app"
        ])
        // Nothing of a block of an unknown machine can be read: it is not also reported empty.
        expectTexts("lifecycle ios-ap", "given active\n", [
            "Content/es/inactive.md:39:16: error: unknown machine 'ios-ap'\n    suggestion: ios-app"
        ])
        expectTexts("lifecycle kotlin", "launch\n", [
            "Content/es/inactive.md:39:16: error: unknown machine 'kotlin'\n"
                + "    note: machines: ios-app, ios-scene, swiftui, android-activity"
        ])
    }

    @Test func optionProblems() {
        expectTexts("lifecycle android-activity apj=28 api=x root api=27", "launch\n", [
            "Content/es/inactive.md:39:33: error: unknown option 'apj' for machine 'android-activity' (it takes: api, targetSdk, configChanges, root)\n"
                + "    suggestion: api",
            "Content/es/inactive.md:39:44: error: 'api' must be an Android API level like 28 or 34, or 'any', not 'x'",
            "Content/es/inactive.md:39:46: error: expected an option written name=value, not 'root'\n"
                + "    note: android-activity takes: api, targetSdk, configChanges, root",
            "Content/es/inactive.md:39:51: error: option 'api' is given twice",
        ])
        expectTexts("lifecycle ios-app api=28", "launch\n", [
            "Content/es/inactive.md:39:24: error: machine 'ios-app' takes no options"
        ])
    }

    @Test func badOptionsStopTheRunButNotTheChecks() throws {
        let result = try #require(Example("lifecycle android-activity api=2x", """
            given resumed
            rotate : onPause
            never resumed -> started
            """).run())
        #expect(!result.complete && result.steps.isEmpty)
        #expect(result.diagnostics.map(DiagnosticFormatter.text) == [
            "Content/es/inactive.md:39:37: error: 'api' must be an Android API level like 28 or 34, or 'any', not '2x'",
            "Content/es/inactive.md:42:9: error: the model allows resumed -> started (row D2)\n"
                + "    note: D2: startActivity from resumed goes resumed -> started -> created\n"
                + "    suggestion: path resumed -> started",
        ])
    }

    // MARK: Syntax

    @Test func lineOfNoForm() {
        expectTexts("lifecycle ios-app", """
            Una llamada entrante interrumpe la app
            -> inactive
            """, [
                "Content/es/inactive.md:40:3: error: expected an event, 'given', 'path', 'callbacks' or 'never'\n"
                    + "    note: a comment line starts with '#'",
                "Content/es/inactive.md:41:3: error: expected an event, 'given', 'path', 'callbacks' or 'never'\n"
                    + "    note: a comment line starts with '#'",
            ])
    }

    @Test func junkAfterEvent() {
        expectTexts("lifecycle ios-app", "launch => active\n", [
            "Content/es/inactive.md:40:10: error: expected '->', ':' or the end of the line after 'launch'"
        ])
    }

    @Test func keywordWithoutSpace() {
        expectTexts("lifecycle ios-app", "path: notRunning -> inactive\ngiven:active\n", [
            "Content/es/inactive.md:40:7: error: expected a space after 'path'",
            "Content/es/inactive.md:41:8: error: expected a space after 'given'",
        ])
    }

    @Test func missingSceneName() {
        expectTexts("lifecycle ios-scene", "connect@ -> foregroundInactive\n", [
            "Content/es/inactive.md:40:11: error: expected a scene name after '@'"
        ])
    }

    @Test func missingNames() {
        expectTexts("lifecycle ios-app", """
            launch -> : applicationDidBecomeActive
            launch -> inactive,, active : willFinishLaunching,
            path -> active
            path active -> -> background
            """, [
                "Content/es/inactive.md:40:13: error: expected a state after '->'",
                "Content/es/inactive.md:41:22: error: expected a state after ','",
                "Content/es/inactive.md:41:53: error: expected a callback after ','",
                "Content/es/inactive.md:42:8: error: expected a state before '->'",
                "Content/es/inactive.md:43:18: error: expected a state after '->'",
            ])
        expectTexts("lifecycle ios-app", "launch :\n", [
            "Content/es/inactive.md:40:11: error: expected a callback after ':'"
        ])
    }

    @Test func givenProblems() {
        expectTexts("lifecycle ios-app", """
            given
            given active
            given inactive
            interruption
            """, [
                "Content/es/inactive.md:40:3: error: 'given' needs a state\n"
                    + "    note: ios-app states: notRunning, inactive, active, background, suspended",
                "Content/es/inactive.md:42:3: error: 'given' can appear only once\n"
                    + "    note: the start state is already given on line 41",
            ])
        expectTexts("lifecycle ios-app", """
            path notRunning -> inactive
            launch
            given background
            """, [
                "Content/es/inactive.md:42:3: error: 'given' must come before the first event\n"
                    + "    note: the first event is on line 41"
            ])
    }

    @Test func chainsTooShort() {
        expectTexts("lifecycle ios-app", """
            path active
            never
            callbacks applicationDidBecomeActive
            """, [
                "Content/es/inactive.md:40:3: error: 'path' needs at least two states joined by '->'",
                "Content/es/inactive.md:41:3: error: 'never' needs at least two states joined by '->'",
                "Content/es/inactive.md:42:3: error: 'callbacks' needs at least two callbacks joined by '->'",
            ])
    }

    @Test func sceneOnSingleInstanceMachine() {
        expectTexts("lifecycle ios-app", "given active\ninterruption@A -> inactive\n", [
            "Content/es/inactive.md:41:15: error: ios-app has a single instance: '@A' cannot name a scene\n"
                + "    suggestion: interruption -> inactive"
        ])
    }

    @Test func emptyBlock() {
        expectTexts("lifecycle ios-app", "# Solo un comentario\n\n", [
            "Content/es/inactive.md:39:6: error: this lifecycle block checks nothing: write an event, 'path', 'callbacks' or 'never' line"
        ])
        expectTexts("lifecycle ios-app", "", [
            "Content/es/inactive.md:39:6: error: this lifecycle block checks nothing: write an event, 'path', 'callbacks' or 'never' line"
        ])
        expectTexts("lifecycle ios-app", "given active\n", [
            "Content/es/inactive.md:39:6: error: this lifecycle block checks nothing: write an event, 'path', 'callbacks' or 'never' line"
        ])
    }

    // MARK: Names

    @Test func unknownEvent() {
        expectTexts("lifecycle ios-app", "lauch -> inactive, active\n", [
            "Content/es/inactive.md:40:3: error: unknown event 'lauch' for ios-app\n    suggestion: launch"
        ])
        expectTexts("lifecycle ios-app", "incomingCall -> inactive\n", [
            "Content/es/inactive.md:40:3: error: unknown event 'incomingCall' for ios-app\n"
                + "    note: ios-app events: launch, backgroundLaunch, interruption, interruptionEnded, home, reopen, suspend, "
                + "backgroundEvent, terminate, purge, expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL"
        ])
    }

    @Test func unknownState() {
        expectTexts("lifecycle ios-app", "given active\nhome -> inactive, Backgrond\n", [
            "Content/es/inactive.md:41:21: error: unknown state 'Backgrond' for ios-app\n    suggestion: background"
        ])
    }

    /// Columns count Characters: Cyrillic letters (two UTF-8 bytes), `→`
    /// (three) and a letter with a combining accent (two scalars) are one column each.
    @Test func unknownStatesCountColumnsInCharacters() {
        expectTexts("lifecycle ios-app", "path Неактивный → Фон\npath Inacti\u{301}ve\u{301} -> Backgrond\n", [
            "Content/es/inactive.md:40:8: error: unknown state 'Неактивный' for ios-app\n"
                + "    note: ios-app states: notRunning, inactive, active, background, suspended",
            "Content/es/inactive.md:40:21: error: unknown state 'Фон' for ios-app\n"
                + "    note: ios-app states: notRunning, inactive, active, background, suspended",
            "Content/es/inactive.md:41:8: error: unknown state 'Inacti\u{301}ve\u{301}' for ios-app\n"
                + "    note: the model's names are ASCII; 'i\u{301}' at 41:13 is U+0069 LATIN SMALL LETTER I, U+0301 COMBINING ACUTE ACCENT; "
                + "'e\u{301}' at 41:15 is U+0065 LATIN SMALL LETTER E, U+0301 COMBINING ACUTE ACCENT\n    suggestion: inactive",
            "Content/es/inactive.md:41:20: error: unknown state 'Backgrond' for ios-app\n    suggestion: background",
        ])
        expectTexts("lifecycle android-activity", "given resumed\nhome -> Пауза, created\n", [
            "Content/es/inactive.md:41:11: error: unknown state 'Пауза' for android-activity\n"
                + "    note: android-activity states: initialized, created, started, resumed, destroyed, processDead"
        ])
    }

    @Test func unknownCallback() {
        expectTexts("lifecycle android-activity", "given resumed\nhome : onPaused, onStop\ncallbacks onPause -> onStopp\n", [
            "Content/es/inactive.md:41:10: error: unknown callback 'onPaused' for android-activity\n    suggestion: onPause",
            "Content/es/inactive.md:42:24: error: unknown callback 'onStopp' for android-activity\n    suggestion: onStop",
        ])
        expectTexts("lifecycle ios-app", "launch : viewDidLoad\n", [
            "Content/es/inactive.md:40:12: error: unknown callback 'viewDidLoad' for ios-app\n"
                + "    note: ios-app callbacks: application(_:willFinishLaunchingWithOptions:), "
                + "application(_:didFinishLaunchingWithOptions:), applicationDidBecomeActive, applicationWillResignActive, "
                + "applicationDidEnterBackground, applicationWillEnterForeground, applicationWillTerminate, applicationDidReceiveMemoryWarning, "
                + "applicationProtectedDataWillBecomeUnavailable, applicationProtectedDataDidBecomeAvailable, application(_:open:options:)"
        ])
    }

    @Test func swiftUIHasNoCallbacks() {
        expectTexts("lifecycle swiftui", "connect -> active : onAppear, task\n", [
            "Content/es/inactive.md:40:23: error: swiftui has no callbacks: its scene phases are states, written after '->'"
        ])
    }

    // MARK: Event lines that the model contradicts

    @Test func wrongState() {
        expectTexts("lifecycle ios-app", """
            given active
            interruption -> background : applicationWillResignActive
            """, [
                "Content/es/inactive.md:41:19: error: after 'interruption' the app is inactive, not background\n"
                    + "    note: the model goes: interruption -> inactive : applicationWillResignActive; "
                    + "home -> background : applicationDidEnterBackground\n"
                    + "    suggestion: interruption -> inactive : applicationWillResignActive"
            ])
    }

    @Test func wrongStatesOfSeveralSteps() {
        expectTexts("lifecycle ios-app", "launch -> Active\n", [
            "Content/es/inactive.md:40:13: error: after 'launch' the app is inactive, then active, not Active\n"
                + "    note: the model goes: launch -> inactive, active\n"
                + "    suggestion: launch -> inactive, Active"
        ])
    }

    @Test func missingStateIsReportedAfterTheLastOne() {
        expectTexts("lifecycle ios-app", "launch -> inactive\n", [
            "Content/es/inactive.md:40:21: error: after 'launch' the app is inactive, then active, not inactive\n"
                + "    note: the model goes: launch -> inactive, active\n"
                + "    suggestion: launch -> inactive, active"
        ])
    }

    @Test func wrongStateWhenTheModelKeepsIt() {
        expectTexts("lifecycle android-activity configChanges=orientation|screenSize", "given resumed\nrotate -> created\n", [
            "Content/es/inactive.md:41:13: error: after 'rotate' the activity is still resumed, not created\n"
                + "    note: the model goes: rotate -> resumed; startActivity -> started, created\n"
                + "    suggestion: rotate -> resumed"
        ])
    }

    @Test func wrongCallbacks() {
        expectTexts("lifecycle ios-app", "given active\nhome : applicationDidEnterBackground\n", [
            "Content/es/inactive.md:41:10: error: 'home' calls applicationWillResignActive, applicationDidEnterBackground: "
                + "list every callback it calls, not only applicationDidEnterBackground\n"
                + "    note: the model goes: home : applicationWillResignActive, applicationDidEnterBackground\n"
                + "    suggestion: home : applicationWillResignActive, applicationDidEnterBackground"
        ])
    }

    @Test func missingCallbackIsReportedAfterTheLastOne() {
        expectTexts("lifecycle android-activity", "given resumed\nhome -> started, created : onPause()\n", [
            "Content/es/inactive.md:41:39: error: 'home' calls [onTopResumedActivityChanged], [onUserLeaveHint], onPause, onStop, "
                + "[onSaveInstanceState], [onTrimMemory], not onPause()\n"
                + "    note: the model goes: home -> started, created : [onTopResumedActivityChanged], [onUserLeaveHint], onPause, onStop, "
                + "[onSaveInstanceState], [onTrimMemory]\n"
                + "    suggestion: home -> started, created : onPause(), onStop"
        ])
    }

    @Test func callbacksWhereTheModelCallsNone() {
        expectTexts("lifecycle ios-app", "given background\nsuspend -> suspended : applicationWillTerminate\n", [
            "Content/es/inactive.md:41:26: error: 'suspend' calls no callback, not applicationWillTerminate\n"
                + "    note: the model goes: suspend -> suspended\n"
                + "    suggestion: suspend -> suspended"
        ])
    }

    @Test func wrongStatesAndCallbacksOnOneLine() {
        expectTexts("lifecycle ios-app", "given active\nhome -> background : applicationDidEnterBackground\n", [
            "Content/es/inactive.md:41:11: error: after 'home' the app is inactive, then background: list every state it passes through, not only background\n"
                + "    note: the model goes: home -> inactive, background : applicationWillResignActive, applicationDidEnterBackground\n"
                + "    suggestion: home -> inactive, background : applicationWillResignActive, applicationDidEnterBackground",
            "Content/es/inactive.md:41:24: error: 'home' calls applicationWillResignActive, applicationDidEnterBackground: "
                + "list every callback it calls, not only applicationDidEnterBackground\n"
                + "    note: the model goes: home -> inactive, background : applicationWillResignActive, applicationDidEnterBackground\n"
                + "    suggestion: home -> inactive, background : applicationWillResignActive, applicationDidEnterBackground",
        ])
    }

    /// Below API 28 both documented orders are named; the line matched neither.
    @Test func wrongOrderWithDocumentedAlternatives() {
        expectTexts("lifecycle android-activity api=27", "given resumed\nhome : onPause, onStop, onSaveInstanceState\n", [
            "Content/es/inactive.md:41:27: error: 'home' calls [onUserLeaveHint], onPause, [onSaveInstanceState], onStop, "
                + "[onTrimMemory], not onPause, onStop, onSaveInstanceState\n"
                + "    note: the model goes: home : [onUserLeaveHint], onPause, [onSaveInstanceState], onStop, [onTrimMemory]\n"
                + "    note: also documented (D3): home : [onSaveInstanceState], [onUserLeaveHint], onPause, onStop, [onTrimMemory]\n"
                + "    suggestion: home : onPause, onStop"
        ])
    }

    // MARK: Events that cannot happen

    /// The suggestion makes the written event possible, then fires it: never another event in
    /// its place, and never by ending the process on the way.
    @Test func impossibleEventWithTheWayToIt() {
        expectTexts("lifecycle ios-app", "reopen -> inactive, active : applicationWillEnterForeground, applicationDidBecomeActive\n", [
            "Content/es/inactive.md:40:3: error: 'reopen' cannot happen when the app is notRunning\n"
                + "    note: possible in notRunning: launch, backgroundLaunch, openURL\n"
                + "    suggestion: backgroundLaunch -> background : application(_:willFinishLaunchingWithOptions:), "
                + "application(_:didFinishLaunchingWithOptions:), applicationDidEnterBackground; "
                + "reopen -> inactive, active : applicationWillEnterForeground, applicationDidBecomeActive"
        ])
        expectTexts("lifecycle ios-app", "given active\nreopen -> active\n", [
            "Content/es/inactive.md:41:3: error: 'reopen' cannot happen when the app is active\n"
                + "    note: possible in active: interruption, home, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked\n"
                + "    suggestion: home -> inactive, background; reopen -> inactive, active"
        ])
        // Launching a running app would need its end first: no relaunch through a reboot is offered.
        expectTexts("lifecycle ios-app", "given active\nlaunch -> suspended\n", [
            "Content/es/inactive.md:41:3: error: 'launch' cannot happen when the app is active\n"
                + "    note: possible in active: interruption, home, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked"
        ])
    }

    @Test func impossibleEventBecauseOfOptions() {
        expectTexts("lifecycle android-activity api=27", "given resumed\nfocusOtherWindow\nfocusOtherWindow\n", [
            "Content/es/inactive.md:42:3: error: 'focusOtherWindow' cannot happen when the activity is started\n"
                + "    note: possible in started: startActivity, home, rotate, toggleDarkMode, changeLocale, changeFontScale, "
                + "resizeWindow, focusReturns, finish\n"
                + "    suggestion: focusReturns; focusOtherWindow"
        ])
        expectTexts("lifecycle android-activity api=27", "given resumed\nfocusReturns\n", [
            "Content/es/inactive.md:41:3: error: 'focusReturns' cannot happen when the activity is resumed\n"
                + "    note: possible in resumed: startActivity, home, openTranslucentActivity, showDialog, "
                + "showNotificationShade, rotate, toggleDarkMode, changeLocale, changeFontScale, resizeWindow, focusOtherWindow, "
                + "back, finish, enterPictureInPicture, newIntent\n"
                + "    note: 'focusReturns' from resumed needs api=29 or higher and another window focused (now: nothing over the activity) (D11a)\n"
                // The focus must be lost before it returns: another window, not a translucent activity.
                + "    suggestion: focusOtherWindow; focusReturns"
        ])
    }

    /// Of two rows that both fail, one needing all the other needs and more is left out: at API 34
    /// only the dialog stands in the way of a new intent, not "api below 29" (D24's other row).
    @Test func impossibleEventNamesOnlyTheRowsNeedingLeast() {
        expectTexts("lifecycle android-activity api=34", "given resumed\nshowDialog\nnewIntent\n", [
            "Content/es/inactive.md:42:3: error: 'newIntent' cannot happen when the activity is resumed\n"
                + "    note: possible in resumed: startActivity, home, dismissDialog, finish\n"
                + "    note: 'newIntent' from resumed needs nothing over the activity (now: its own dialog shown) (D24)\n"
                // Of the two shortest ways (a stopped activity takes the intent with its dialog still
                // shown), the one that stays resumed and clears what stands in the way.
                + "    suggestion: dismissDialog; newIntent"
        ])
    }

    @Test func impossibleEventInANamedScene() {
        expectTexts("lifecycle ios-scene", """
            connect@A
            connect@B
            home@A -> foregroundInactive, background
            suspend@A
            """, [
                "Content/es/inactive.md:43:3: error: 'suspend@A' cannot happen when scene 'A' is background\n"
                    + "    note: possible in background: reopen, disconnect, universalLink, memoryWarning, protectedDataLocked, "
                    + "protectedDataUnlocked, openURL\n"
                    + "    note: 'suspend@A' from background needs every other scene background or unattached (S8)"
            ])
    }

    /// After a failed event line the following ones are parsed, not run; chains are still checked.
    @Test func aFailedLineStopsTheRun() throws {
        let result = try #require(Example("lifecycle ios-app", """
            given active
            home -> inactive
            reopen -> active
            lauch
            path active -> background
            """).run())
        #expect(!result.complete)
        #expect(result.steps.isEmpty)
        #expect(result.diagnostics.map(DiagnosticFormatter.text) == [
            "Content/es/inactive.md:41:19: error: after 'home' the app is inactive, then background, not inactive\n"
                + "    note: the model goes: home -> inactive, background\n"
                + "    suggestion: home -> inactive, background",
            "Content/es/inactive.md:43:3: error: unknown event 'lauch' for ios-app\n    suggestion: launch",
            "Content/es/inactive.md:44:18: error: background cannot follow active directly\n"
                + "    note: from active the model goes to: inactive, notRunning\n"
                + "    suggestion: path active -> inactive -> background",
        ])
    }

    // MARK: path, callbacks, never

    @Test func illegalPath() {
        expectTexts("lifecycle ios-app", """
            path Active -> Background
            path notRunning -> inactive -> background -> suspended
            path background -> active
            """, [
                "Content/es/inactive.md:40:18: error: background cannot follow active directly\n"
                    + "    note: from active the model goes to: inactive, notRunning\n"
                    + "    suggestion: path Active -> inactive -> Background",
                "Content/es/inactive.md:41:34: error: background cannot follow notRunning -> inactive\n"
                    + "    note: after notRunning -> inactive the model goes to: active\n"
                    + "    suggestion: path notRunning -> inactive -> active -> inactive -> background -> suspended",
                "Content/es/inactive.md:42:22: error: active cannot follow background directly\n"
                    + "    note: from background the model goes to: suspended, inactive, notRunning\n"
                    + "    suggestion: path background -> inactive -> active",
            ])
    }

    @Test func impossibleCallbackOrder() {
        expectTexts("lifecycle android-activity", """
            callbacks onStop -> onPause
            callbacks onPause() -> onDestroy()
            """, [
                // The same callbacks in the model's order come first: the closest fix.
                "Content/es/inactive.md:40:13: error: the model never calls onStop -> onPause in this order\n"
                    + "    suggestion: callbacks onPause -> onStop",
                "Content/es/inactive.md:41:13: error: the model never calls onPause -> onDestroy in this order\n"
                    + "    note: the model calls onStop in between, and only auxiliary callbacks such as onSaveInstanceState "
                    + "may be left out\n"
                    + "    suggestion: callbacks onPause() -> onStop -> onDestroy()",
            ])
        expectTexts("lifecycle ios-app", "callbacks applicationDidBecomeActive -> applicationDidEnterBackground\n", [
            "Content/es/inactive.md:40:13: error: the model never calls applicationDidBecomeActive -> applicationDidEnterBackground "
                + "in this order\n"
                + "    note: the model calls applicationWillResignActive in between, and a 'callbacks' line may leave none out\n"
                + "    suggestion: callbacks applicationDidBecomeActive -> applicationWillResignActive -> applicationDidEnterBackground"
        ])
    }

    @Test func neverThatTheModelAllows() {
        expectTexts("lifecycle ios-app", "never background -> inactive\nnever notRunning -> inactive -> active -> inactive\n", [
            "Content/es/inactive.md:40:9: error: the model allows background -> inactive (row A9)\n"
                + "    note: A9: reopen from background goes background -> inactive -> active\n"
                + "    suggestion: path background -> inactive",
            "Content/es/inactive.md:41:9: error: the model allows notRunning -> inactive -> active -> inactive (rows A1, A3)\n"
                + "    note: A1: launch from notRunning goes notRunning -> inactive -> active\n"
                + "    note: A3: interruption from active goes active -> inactive\n"
                + "    suggestion: path notRunning -> inactive -> active -> inactive",
        ])
        expectTexts("lifecycle swiftui", "never noScene -> inactive\n", [
            "Content/es/inactive.md:40:9: error: the model allows noScene -> inactive (row P1)\n"
                + "    note: P1 (unconfirmed): connect from noScene goes noScene -> inactive -> active\n"
                + "    suggestion: path noScene -> inactive"
        ])
    }

    // MARK: Unconfirmed transitions

    @Test func unconfirmedWarnings() {
        expectTexts("lifecycle swiftui", "connect\npath noScene -> inactive -> active\n", [
            "Content/es/inactive.md:40:3: warning: this example relies on an unconfirmed transition: "
                + "P1 (The initial value at launch, and whether .inactive is observed before .active, are UNCONFIRMED.)",
            "Content/es/inactive.md:41:3: warning: this example relies on an unconfirmed transition: "
                + "P1 (The alternative reading: .inactive observed first. UNCONFIRMED.)",
        ])
        expectTexts("lifecycle ios-scene", "purge -> unattached : sceneDidDisconnect\n", [
            "Content/es/inactive.md:40:3: error: 'purge' cannot happen when the scene is unattached\n"
                + "    note: possible in unattached: connect, backgroundConnect, backgroundLaunch, universalLink, openURL\n"
                + "    note: 'purge' from unattached needs a process that is suspended (S11)"
        ])
    }

    @Test func unconfirmedCallbackOrderWarns() throws {
        let result = try #require(Example("lifecycle ios-scene", """
            connect
            home
            suspend
            purge -> unattached : sceneDidDisconnect
            callbacks scene(_:willConnectTo:options:) -> sceneDidEnterBackground
            """).run())
        #expect(result.passed)
        #expect(result.steps.map(\.row) == ["S1", "S7", "S8", "S11"])
        #expect(result.process == .notRunning)
        #expect(result.diagnostics.map(DiagnosticFormatter.text) == [
            "Content/es/inactive.md:43:3: warning: this example relies on an unconfirmed transition: S11 (Swipe-kill of a "
                + "single-scene app: [AP-SDD] says closing it in the switcher disconnects the scene, [AP-APG-LC] says no "
                + "notification is sent. UNCONFIRMED.)",
            "Content/es/inactive.md:44:3: warning: this example relies on unconfirmed transitions: S3 (A system-requested "
                + "scene typically moves to the background [AP-LC]; the callbacks after willConnectTo (e.g. whether "
                + "sceneDidEnterBackground fires) are UNCONFIRMED.), S3 (The app is launched first: the launch methods precede "
                + "any scene [AP-DFL]. Whether a scene connects on a background launch (S4) and which callbacks follow "
                + "willConnectTo are UNCONFIRMED.)",
        ])
    }

    // MARK: Several problems at once

    @Test func everyProblemOfABlockIsReported() {
        expectTexts("lifecycle ios-app", """
            # Una llamada entrante
            given Activo
            incomingCall -> inactive : applicationWillResignActive
            callDeclined -> active
            path inactive -> background -> active
            never background -> inactive
            """, [
                "Content/es/inactive.md:41:9: error: unknown state 'Activo' for ios-app\n    suggestion: active",
                "Content/es/inactive.md:42:3: error: unknown event 'incomingCall' for ios-app\n"
                    + "    note: ios-app events: launch, backgroundLaunch, interruption, interruptionEnded, home, reopen, suspend, "
                    + "backgroundEvent, terminate, purge, expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL",
                "Content/es/inactive.md:43:3: error: unknown event 'callDeclined' for ios-app\n"
                    + "    note: ios-app events: launch, backgroundLaunch, interruption, interruptionEnded, home, reopen, suspend, "
                    + "backgroundEvent, terminate, purge, expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL",
                "Content/es/inactive.md:44:34: error: active cannot follow background directly\n"
                    + "    note: from background the model goes to: suspended, inactive, notRunning\n"
                    + "    suggestion: path inactive -> background -> inactive -> active",
                "Content/es/inactive.md:45:9: error: the model allows background -> inactive (row A9)\n"
                    + "    note: A9: reopen from background goes background -> inactive -> active\n"
                    + "    suggestion: path background -> inactive",
            ])
    }
}
