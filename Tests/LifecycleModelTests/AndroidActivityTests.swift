import Testing
@testable import LifecycleMachines

@testable import LifecycleModel

private let machine = Machines.androidActivity

private func options(api: Int = MachineOptions.defaultAPI, configChanges: Set<String> = [], root: Bool = false) -> MachineOptions {
    MachineOptions(api: api, configChanges: configChanges, root: root)
}

private func call(_ name: String) -> CallbackCall { CallbackCall(name) }
private func maybe(_ name: String) -> CallbackCall { CallbackCall(name, optional: true) }

/// States of a Home/Overview or of starting an opaque activity: paused, then stopped.
private let down = ["started", "created"]
/// Rotation without configChanges: the old instance down to DESTROYED, a new one up from INITIALIZED.
private let recreated = ["started", "created", "destroyed", "initialized", "created", "started", "resumed"]
private let recreatedCore = ["onPause", "onStop", "onDestroy", "onCreate", "onStart", "onResume"]

/// One row of spec §4.3 under one set of options: what `fire` must report.
struct RowCase: Sendable, CustomTestStringConvertible {
    let row: String
    let options: MachineOptions
    let from: String
    let event: String
    let states: [String]
    let callbacks: [CallbackCall]
    var confidence: Confidence = .doc
    /// The callbacks of the documented alternatives, in order.
    var alternatives: [[CallbackCall]] = []
    /// Events fired first from `from`: what put the cover there that `event` ends.
    var given: [String] = []

    var testDescription: String {
        var text = "\(row): \(event) from \(from), api=\(options.api)"
        if !options.configChanges.isEmpty { text += " configChanges=\(options.configChanges.sorted().joined(separator: "|"))" }
        if options.root { text += " root=true" }
        return text
    }
}

private let rowCases: [RowCase] = [
    RowCase(
        row: "D1", options: options(), from: "initialized", event: "launch", states: ["created", "started", "resumed"],
        callbacks: [call("onCreate"), call("onStart"), call("onResume"), maybe("onTopResumedActivityChanged")]),
    RowCase(
        row: "D1", options: options(api: 28), from: "initialized", event: "launch", states: ["created", "started", "resumed"],
        callbacks: [call("onCreate"), call("onStart"), call("onResume")]),
    RowCase(
        row: "D1", options: options(), from: "destroyed", event: "launch", states: ["initialized", "created", "started", "resumed"],
        callbacks: [call("onCreate"), call("onStart"), call("onResume"), maybe("onTopResumedActivityChanged")]),

    RowCase(
        row: "D2", options: options(), from: "resumed", event: "startActivity", states: down,
        callbacks: [maybe("onTopResumedActivityChanged"), maybe("onUserLeaveHint"), call("onPause"), call("onStop"), maybe("onSaveInstanceState")]),
    RowCase(
        row: "D2", options: options(api: 28), from: "resumed", event: "startActivity", states: down,
        callbacks: [maybe("onUserLeaveHint"), call("onPause"), call("onStop"), maybe("onSaveInstanceState")]),
    RowCase(
        row: "D2", options: options(api: 27), from: "resumed", event: "startActivity", states: down,
        callbacks: [maybe("onUserLeaveHint"), call("onPause"), maybe("onSaveInstanceState"), call("onStop")],
        alternatives: [[maybe("onSaveInstanceState"), maybe("onUserLeaveHint"), call("onPause"), call("onStop")]]),

    RowCase(
        row: "D3", options: options(), from: "resumed", event: "home", states: down,
        callbacks: [maybe("onTopResumedActivityChanged"), maybe("onUserLeaveHint"), call("onPause"), call("onStop"), maybe("onSaveInstanceState"), maybe("onTrimMemory")]),
    RowCase(
        row: "D3", options: options(api: 28), from: "resumed", event: "home", states: down,
        callbacks: [maybe("onUserLeaveHint"), call("onPause"), call("onStop"), maybe("onSaveInstanceState"), maybe("onTrimMemory")]),
    RowCase(
        row: "D3", options: options(api: 27), from: "resumed", event: "home", states: down,
        callbacks: [maybe("onUserLeaveHint"), call("onPause"), maybe("onSaveInstanceState"), call("onStop"), maybe("onTrimMemory")],
        alternatives: [[maybe("onSaveInstanceState"), maybe("onUserLeaveHint"), call("onPause"), call("onStop"), maybe("onTrimMemory")]]),

    RowCase(
        row: "D4", options: options(), from: "created", event: "reopen", states: ["started", "resumed"],
        callbacks: [call("onRestart"), call("onStart"), call("onResume"), maybe("onTopResumedActivityChanged")]),
    RowCase(
        row: "D4", options: options(api: 28), from: "created", event: "reopen", states: ["started", "resumed"],
        callbacks: [call("onRestart"), call("onStart"), call("onResume")]),

    RowCase(
        row: "D5", options: options(), from: "resumed", event: "openTranslucentActivity", states: ["started"],
        callbacks: [maybe("onTopResumedActivityChanged"), call("onPause")]),
    RowCase(
        row: "D5", options: options(api: 28), from: "resumed", event: "openTranslucentActivity", states: ["started"],
        callbacks: [call("onPause")]),
    RowCase(
        row: "D6", options: options(), from: "resumed", event: "closeTranslucentActivity", states: ["resumed"],
        callbacks: [call("onResume"), maybe("onTopResumedActivityChanged")], given: ["openTranslucentActivity"]),
    RowCase(
        row: "D6", options: options(api: 28), from: "resumed", event: "closeTranslucentActivity", states: ["resumed"],
        callbacks: [call("onResume")], given: ["openTranslucentActivity"]),

    RowCase(
        row: "D7", options: options(), from: "resumed", event: "showDialog", states: [],
        callbacks: [call("onWindowFocusChanged")], confidence: .inferred),
    RowCase(
        row: "D7", options: options(), from: "resumed", event: "dismissDialog", states: [],
        callbacks: [call("onWindowFocusChanged")], confidence: .inferred, given: ["showDialog"]),
    RowCase(
        row: "D8", options: options(), from: "resumed", event: "showNotificationShade", states: [],
        callbacks: [call("onWindowFocusChanged")]),
    RowCase(
        row: "D8", options: options(), from: "resumed", event: "hideNotificationShade", states: [],
        callbacks: [call("onWindowFocusChanged")], given: ["showNotificationShade"]),

    RowCase(
        row: "D9", options: options(), from: "resumed", event: "rotate", states: recreated,
        callbacks: [
            maybe("onTopResumedActivityChanged"), call("onPause"), call("onStop"), call("onSaveInstanceState"), call("onDestroy"),
            call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"), maybe("onTopResumedActivityChanged"),
        ]),
    RowCase(
        row: "D9", options: options(api: 28), from: "resumed", event: "rotate", states: recreated,
        callbacks: [
            call("onPause"), call("onStop"), call("onSaveInstanceState"), call("onDestroy"),
            call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"),
        ]),
    RowCase(
        row: "D9", options: options(api: 27), from: "resumed", event: "rotate", states: recreated,
        callbacks: [
            call("onPause"), call("onSaveInstanceState"), call("onStop"), call("onDestroy"),
            call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"),
        ],
        alternatives: [[
            call("onSaveInstanceState"), call("onPause"), call("onStop"), call("onDestroy"),
            call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"),
        ]]),
    // From API 13 a rotation changes screenSize too: declaring only orientation still recreates.
    RowCase(
        row: "D9", options: options(api: 28, configChanges: ["orientation"]), from: "resumed", event: "rotate", states: recreated,
        callbacks: [
            call("onPause"), call("onStop"), call("onSaveInstanceState"), call("onDestroy"),
            call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"),
        ]),
    RowCase(
        row: "D10", options: options(configChanges: ["orientation", "screenSize"]), from: "resumed", event: "rotate", states: [],
        callbacks: [call("onConfigurationChanged")]),
    RowCase(
        row: "D10", options: options(api: 12, configChanges: ["orientation"]), from: "resumed", event: "rotate", states: [],
        callbacks: [call("onConfigurationChanged")]),

    RowCase(
        row: "D11a", options: options(api: 29), from: "resumed", event: "focusOtherWindow", states: [],
        callbacks: [call("onTopResumedActivityChanged")]),
    RowCase(
        row: "D11a", options: options(api: 29), from: "resumed", event: "focusReturns", states: [],
        callbacks: [call("onTopResumedActivityChanged")], given: ["focusOtherWindow"]),
    RowCase(
        row: "D11b", options: options(api: 28), from: "resumed", event: "focusOtherWindow", states: ["started"],
        callbacks: [call("onPause")]),
    RowCase(
        row: "D11b", options: options(api: 28), from: "resumed", event: "focusReturns", states: ["resumed"],
        callbacks: [call("onResume")], given: ["focusOtherWindow"]),

    RowCase(
        row: "D12", options: options(), from: "resumed", event: "back", states: ["started", "created", "destroyed"],
        callbacks: [maybe("onTopResumedActivityChanged"), call("onPause"), call("onStop"), call("onDestroy")]),
    RowCase(
        row: "D12", options: options(api: 30, root: true), from: "resumed", event: "back", states: ["started", "created", "destroyed"],
        callbacks: [maybe("onTopResumedActivityChanged"), call("onPause"), call("onStop"), call("onDestroy")]),
    RowCase(
        row: "D12", options: options(api: 28, root: true), from: "resumed", event: "back", states: ["started", "created", "destroyed"],
        callbacks: [call("onPause"), call("onStop"), call("onDestroy")]),
    RowCase(
        row: "D13", options: options(api: 31, root: true), from: "resumed", event: "back", states: down,
        callbacks: [maybe("onTopResumedActivityChanged"), call("onPause"), call("onStop"), maybe("onSaveInstanceState")],
        confidence: .inferred),

    RowCase(
        row: "D14", options: options(), from: "resumed", event: "finish", states: ["started", "created", "destroyed"],
        callbacks: [maybe("onTopResumedActivityChanged"), call("onPause"), call("onStop"), call("onDestroy")]),
    RowCase(
        row: "D14", options: options(api: 28), from: "resumed", event: "finish", states: ["started", "created", "destroyed"],
        callbacks: [call("onPause"), call("onStop"), call("onDestroy")]),
    RowCase(
        row: "D14", options: options(), from: "started", event: "finish", states: ["created", "destroyed"],
        callbacks: [call("onStop"), call("onDestroy")], confidence: .inferred),
    RowCase(
        row: "D14", options: options(), from: "created", event: "finish", states: ["destroyed"],
        callbacks: [call("onDestroy")], confidence: .inferred),
    RowCase(
        row: "D14", options: options(), from: "initialized", event: "finish", states: ["created", "destroyed"],
        callbacks: [call("onCreate"), call("onDestroy")]),

    RowCase(row: "D15", options: options(), from: "created", event: "processDeath", states: ["processDead"], callbacks: []),
    RowCase(
        row: "D16", options: options(), from: "processDead", event: "reopen", states: ["initialized", "created", "started", "resumed"],
        callbacks: [call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"), maybe("onTopResumedActivityChanged")]),
    RowCase(
        row: "D16", options: options(api: 28), from: "processDead", event: "reopen", states: ["initialized", "created", "started", "resumed"],
        callbacks: [call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume")]),

    RowCase(
        row: "D17", options: options(), from: "resumed", event: "home", states: ["created"],
        callbacks: [call("onStop"), maybe("onSaveInstanceState"), maybe("onTrimMemory")], confidence: .inferred, given: ["openTranslucentActivity"]),
    RowCase(
        row: "D17", options: options(api: 27), from: "resumed", event: "home", states: ["created"],
        callbacks: [maybe("onSaveInstanceState"), call("onStop"), maybe("onTrimMemory")], confidence: .inferred, given: ["focusOtherWindow"]),
    RowCase(
        row: "D18", options: options(), from: "resumed", event: "startActivity", states: ["created"],
        callbacks: [call("onStop"), maybe("onSaveInstanceState")], confidence: .inferred, given: ["openTranslucentActivity"]),
    RowCase(
        row: "D18", options: options(api: 27), from: "resumed", event: "startActivity", states: ["created"],
        callbacks: [maybe("onSaveInstanceState"), call("onStop")], confidence: .inferred, given: ["openTranslucentActivity"]),
    RowCase(
        row: "D19", options: options(), from: "resumed", event: "rotate",
        states: ["created", "destroyed", "initialized", "created", "started", "resumed", "started"],
        callbacks: [
            call("onStop"), call("onSaveInstanceState"), call("onDestroy"),
            call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"), call("onPause"),
        ],
        confidence: .doc, given: ["openTranslucentActivity"]),
    RowCase(
        row: "D19", options: options(api: 27, configChanges: ["orientation"]), from: "resumed", event: "rotate",
        states: ["created", "destroyed", "initialized", "created", "started", "resumed", "started"],
        callbacks: [
            call("onSaveInstanceState"), call("onStop"), call("onDestroy"),
            call("onCreate"), call("onStart"), call("onRestoreInstanceState"), call("onResume"), call("onPause"),
        ],
        confidence: .inferred, given: ["focusOtherWindow"]),
    RowCase(
        row: "D20", options: options(configChanges: ["orientation", "screenSize"]), from: "resumed", event: "rotate", states: [],
        callbacks: [call("onConfigurationChanged")], confidence: .inferred, given: ["openTranslucentActivity"]),

    RowCase(
        row: "D21", options: options(), from: "resumed", event: "enterPictureInPicture", states: ["started"],
        callbacks: [maybe("onTopResumedActivityChanged"), maybe("onUserLeaveHint"), call("onPause"), call("onPictureInPictureModeChanged")]),
    RowCase(
        row: "D21", options: options(api: 26), from: "resumed", event: "enterPictureInPicture", states: ["started"],
        callbacks: [maybe("onUserLeaveHint"), call("onPause"), call("onPictureInPictureModeChanged")]),
    RowCase(
        row: "D22", options: options(), from: "resumed", event: "expandPictureInPicture", states: ["resumed"],
        callbacks: [call("onPictureInPictureModeChanged"), call("onResume"), maybe("onTopResumedActivityChanged")],
        given: ["enterPictureInPicture"]),
    RowCase(
        row: "D22", options: options(api: 28), from: "resumed", event: "expandPictureInPicture", states: ["resumed"],
        callbacks: [call("onPictureInPictureModeChanged"), call("onResume")], given: ["enterPictureInPicture"]),
    RowCase(
        row: "D23", options: options(), from: "resumed", event: "closePictureInPicture", states: ["created"],
        callbacks: [call("onStop"), maybe("onSaveInstanceState"), maybe("onPictureInPictureModeChanged")],
        confidence: .unconfirmed, given: ["enterPictureInPicture"]),
    RowCase(
        row: "D23", options: options(api: 27), from: "resumed", event: "closePictureInPicture", states: ["created"],
        callbacks: [maybe("onSaveInstanceState"), call("onStop"), maybe("onPictureInPictureModeChanged")],
        confidence: .unconfirmed, given: ["enterPictureInPicture"]),

    RowCase(
        row: "D24", options: options(), from: "resumed", event: "newIntent", states: ["started", "resumed"],
        callbacks: [maybe("onTopResumedActivityChanged"), call("onPause"), call("onNewIntent"), call("onResume"), maybe("onTopResumedActivityChanged")]),
    RowCase(
        row: "D24", options: options(api: 28), from: "resumed", event: "newIntent", states: ["started", "resumed"],
        callbacks: [call("onPause"), call("onNewIntent"), call("onResume")]),
    RowCase(
        row: "D24", options: options(), from: "created", event: "newIntent", states: ["started", "resumed"],
        callbacks: [call("onRestart"), call("onStart"), call("onNewIntent"), call("onResume"), maybe("onTopResumedActivityChanged")],
        confidence: .inferred),
    RowCase(
        row: "D24", options: options(api: 28), from: "created", event: "newIntent", states: ["started", "resumed"],
        callbacks: [call("onRestart"), call("onStart"), call("onNewIntent"), call("onResume")], confidence: .inferred),
    RowCase(
        row: "D24", options: options(api: 27), from: "created", event: "newIntent", states: ["started", "resumed"],
        callbacks: [call("onNewIntent"), call("onRestart"), call("onStart"), call("onResume")], confidence: .inferred),

    RowCase(
        row: "D25", options: options(), from: "created", event: "resultReturned", states: ["started", "resumed"],
        callbacks: [call("onActivityResult"), call("onRestart"), call("onStart"), call("onResume"), maybe("onTopResumedActivityChanged")],
        confidence: .inferred,
        alternatives: [[call("onRestart"), call("onStart"), call("onActivityResult"), call("onResume"), maybe("onTopResumedActivityChanged")]]),
    RowCase(
        row: "D25", options: options(api: 28), from: "created", event: "resultReturned", states: ["started", "resumed"],
        callbacks: [call("onActivityResult"), call("onRestart"), call("onStart"), call("onResume")], confidence: .inferred,
        alternatives: [[call("onRestart"), call("onStart"), call("onActivityResult"), call("onResume")]]),
    RowCase(
        row: "D25", options: options(), from: "resumed", event: "resultReturned", states: ["resumed"],
        callbacks: [call("onActivityResult"), call("onResume"), maybe("onTopResumedActivityChanged")], given: ["openTranslucentActivity"]),
    RowCase(
        row: "D25", options: options(api: 28), from: "resumed", event: "resultReturned", states: ["resumed"],
        callbacks: [call("onActivityResult"), call("onResume")], given: ["openTranslucentActivity"]),
]

@Suite struct AndroidActivityRowTests {
    @Test("A row of spec §4.3", arguments: rowCases)
    func row(_ c: RowCase) throws {
        var simulation = Simulation(machine: machine, options: c.options, from: c.from)
        for event in c.given { _ = try simulation.fire(event).get() }
        let before = simulation.state()
        let step = try simulation.fire(c.event).get()
        #expect(step.transition.row == c.row)
        #expect(step.states == c.states)
        #expect(step.callbacks == c.callbacks)
        #expect(step.transition.confidence == c.confidence)
        #expect(step.alternatives.map(\.callbacks) == c.alternatives)
        #expect(step.alternatives.allSatisfy { $0.row == c.row && $0.states == c.states })
        #expect(simulation.state() == (c.states.last ?? before))
    }

    @Test func everyRowIsModelledOrOmitted() {
        let rows = (1...25).flatMap { $0 == 11 ? ["D11a", "D11b"] : ["D\($0)"] }
        let modelled = Set(machine.transitions.map(\.row))
        for row in rows {
            #expect(modelled.contains(row) || machine.omitted.contains { $0.row == row }, "\(row) is neither modelled nor omitted")
        }
        #expect(modelled.isSubset(of: Set(rows)))
        #expect(Set(rowCases.map(\.row)) == Set(rows))
    }
}

@Suite struct AndroidActivityClaimTests {
    /// Claim a: an app's own Dialog does not pause the activity; a dialog-themed activity does.
    @Test(arguments: [21, 28, 29, 34])
    func ownDialogDoesNotPause(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let shown = try simulation.fire("showDialog").get()
        #expect(shown.states.isEmpty)
        #expect(simulation.state() == "resumed")
        #expect(!shown.callbacks.map(\.name).contains("onPause"))
        #expect(shown.transition.confidence == .inferred)
        let dismissed = try simulation.fire("dismissDialog").get()
        #expect(!dismissed.callbacks.map(\.name).contains("onResume"))
        #expect(simulation.state() == "resumed")

        let covered = try simulation.fire("openTranslucentActivity").get()
        #expect(covered.callbacks.filter { !$0.optional }.map(\.name) == ["onPause"])
        #expect(simulation.state() == "started")
    }

    /// Claim c: multi-window focus pauses up to API 28; from 29 only the top resumed activity changes.
    @Test(arguments: [24, 28, 29, 34])
    func otherWindowFocus(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let lost = try simulation.fire("focusOtherWindow").get()
        let back = try simulation.fire("focusReturns").get()
        if api >= 29 {
            #expect(lost.transition.row == "D11a")
            #expect(lost.states.isEmpty)
            #expect(lost.callbacks == [call("onTopResumedActivityChanged")])
            #expect(back.callbacks == [call("onTopResumedActivityChanged")])
        } else {
            #expect(lost.transition.row == "D11b")
            #expect(lost.states == ["started"])
            #expect(lost.callbacks == [call("onPause")])
            #expect(back.callbacks == [call("onResume")])
        }
        #expect(simulation.state() == "resumed")
    }

    /// onSaveInstanceState: after onStop from API 28; before it below, in either order with onPause.
    @Test(arguments: ["home", "startActivity", "rotate"], [21, 27, 28, 29, 34])
    func saveInstanceStatePlacement(event: String, api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let step = try simulation.fire(event).get()
        let orders = ([step.transition] + step.alternatives).map { $0.callbacks.map(\.name) }
        var beforePause: Set<Bool> = []
        for order in orders {
            let save = try #require(order.firstIndex(of: "onSaveInstanceState"))
            let stop = try #require(order.firstIndex(of: "onStop"))
            let pause = try #require(order.firstIndex(of: "onPause"))
            #expect(api >= 28 ? save > stop : save < stop)
            beforePause.insert(save < pause)
        }
        #expect(beforePause == (api >= 28 ? [false] : [true, false]))
        #expect(orders.count == (api >= 28 ? 1 : 2))
    }

    /// Claim b, point 3: a rotation the activity declares it handles calls only onConfigurationChanged.
    @Test(arguments: [
        (12, Set(["orientation"])), (13, Set(["orientation", "screenSize"])),
        (34, Set(["orientation", "screenSize"])), (34, Set(["orientation", "screenSize", "keyboardHidden"])),
    ])
    func handledRotation(api: Int, configChanges: Set<String>) throws {
        var simulation = Simulation(machine: machine, options: options(api: api, configChanges: configChanges), from: "resumed")
        let step = try simulation.fire("rotate").get()
        #expect(step.transition.row == "D10")
        #expect(step.callbacks.map(\.name) == ["onConfigurationChanged"])
        #expect(step.alternatives.isEmpty)
        #expect(simulation.state() == "resumed")
    }

    /// "If a configuration change involves any that you do not handle, however, the activity will still be restarted."
    @Test(arguments: [Set<String>(), ["orientation"], ["screenSize"], ["keyboardHidden"]])
    func unhandledRotationRecreates(configChanges: Set<String>) throws {
        var simulation = Simulation(machine: machine, options: options(configChanges: configChanges), from: "resumed")
        let step = try simulation.fire("rotate").get()
        #expect(step.transition.row == "D9")
        #expect(step.states == recreated)
        #expect(step.callbacks.filter { !$0.optional }.map(\.name) == [
            "onPause", "onStop", "onSaveInstanceState", "onDestroy", "onCreate", "onStart", "onRestoreInstanceState", "onResume",
        ])
    }

    /// Claim b: the core order of a rotation is one the model produces; inverted orders are not.
    @Test(arguments: [
        (recreatedCore, true),
        (["onPause", "onStop", "onSaveInstanceState", "onDestroy", "onCreate", "onStart", "onRestoreInstanceState", "onResume"], true),
        (["onPause", "onSaveInstanceState", "onStop"], true),
        (["onSaveInstanceState", "onPause", "onStop"], true),
        (["onStop", "onRestart", "onStart", "onResume"], true),
        (["onCreate", "onDestroy"], true),
        (["onCreate", "onRestoreInstanceState", "onStart"], false),
        (["onPause", "onResume", "onStop"], false),
        (["onPause", "onStop", "onDestroy", "onCreate", "onResume", "onStart"], false),
    ])
    func callbackOrder(_ order: [String], producible: Bool) {
        let produced = machine.canProduce(callbackOrder: order)
        #expect(produced == producible)
    }

    /// Core callbacks are never skipped: Home, return, Home gives onPause onStop | onRestart onStart
    /// onResume | onPause, so "onStop → onPause" would skip three core callbacks.
    @Test func stopThenPauseIsImpossibleAcrossEvents() {
        #expect(!machine.canProduce(callbackOrder: ["onStop", "onPause"]))
        // Auxiliary callbacks may be left out: rotation with its saved state still reads as the six core ones.
        #expect(machine.canProduce(callbackOrder: ["onPause", "onStop", "onDestroy", "onCreate", "onStart", "onResume"]))
    }
}

@Suite struct AndroidActivityPathTests {
    func path(_ names: String...) -> [String] { names.map { machine.resolveState($0) ?? $0 } }

    @Test func guideWordsAreAliases() {
        #expect(path("Resumed", "Paused", "Stopped", "Destroyed") == ["resumed", "started", "created", "destroyed"])
        #expect(machine.resolveState("Lifecycle.State.RESUMED") == "resumed")
        #expect(machine.resolveState("STOPPED") == "created")
        #expect(machine.resolveState("INITIALIZED") == "initialized")
        #expect(machine.resolveState("paused") == "started")
        #expect(machine.resolveCallback("onPause()") == "onPause")
        #expect(machine.resolveCallback("onSaveInstanceState(Bundle)") == "onSaveInstanceState")
        #expect(machine.resolveCallback("onpause") == nil)
    }

    @Test(arguments: [
        ["Resumed", "Paused", "Stopped"],
        ["Stopped", "Started"],
        ["Stopped", "Started", "Resumed"],
        ["Paused", "Resumed"],
        ["INITIALIZED", "CREATED", "STARTED", "RESUMED"],
        ["Resumed", "Paused", "Stopped", "Destroyed", "Initialized", "Created", "Started", "Resumed"],
        ["Stopped", "Process dead", "Initialized", "Created"],
    ])
    func legal(_ names: [String]) {
        #expect(machine.verdict(forPath: names.map { machine.resolveState($0) ?? $0 }) == .legal)
    }

    @Test func createdToResumedNeedsStarted() throws {
        guard case .illegal(let index, let expected) = machine.verdict(forPath: path("Created", "Resumed")) else {
            Issue.record("Created → Resumed should be illegal")
            return
        }
        #expect(index == 1)
        #expect(expected.contains("started"))
        #expect(!expected.contains("resumed"))
    }

    /// DESTROYED is terminal: a new instance starts from INITIALIZED.
    @Test func destroyedIsNotRevived() {
        #expect(machine.verdict(forPath: path("Destroyed", "Created")) == .illegal(index: 1, expected: ["initialized"]))
        #expect(machine.verdict(forPath: path("Resumed", "Destroyed")) != .legal)
        #expect(machine.verdict(forPath: path("Destroyed", "Resumed")) != .legal)
    }

    @Test func shortestWayToProcessDeath() throws {
        let rows = try #require(machine.shortestPath(from: "resumed", to: "processDead")).map(\.row)
        #expect(rows.count == 2)
        #expect(rows.last == "D15")
    }
}

@Suite struct AndroidActivityEventTests {
    @Test func impossibleEventListsThePossibleOnes() {
        var simulation = Simulation(machine: machine, from: "resumed")
        guard case .failure(let failure) = simulation.fire("closeTranslucentActivity") else {
            Issue.record("closeTranslucentActivity should be impossible from resumed")
            return
        }
        #expect(failure.state == "resumed")
        #expect(failure.possible == [
            "startActivity", "home", "openTranslucentActivity", "showDialog", "showNotificationShade",
            "rotate", "toggleDarkMode", "changeLocale", "changeFontScale", "resizeWindow", "focusOtherWindow", "back", "finish",
            "enterPictureInPicture", "newIntent",
        ])
        #expect(simulation.state() == "resumed")
    }

    @Test(arguments: [
        ("resumed", "reopen"), ("resumed", "processDeath"), ("created", "home"), ("destroyed", "reopen"),
        ("processDead", "finish"), ("initialized", "rotate"),
    ])
    func impossible(state: String, event: String) {
        var simulation = Simulation(machine: machine, from: state)
        guard case .failure(let failure) = simulation.fire(event) else {
            Issue.record("\(event) should be impossible from \(state)")
            return
        }
        #expect(!failure.possible.contains(event))
    }

    /// The trace of a whole session: launch, Home, process death, return.
    @Test func sessionAcrossProcessDeath() throws {
        var simulation = Simulation(machine: machine, options: options(api: 28))
        var callbacks: [String] = []
        for event in ["launch", "home", "processDeath", "reopen", "back"] {
            callbacks += try simulation.fire(event).get().callbacks.map(\.name)
        }
        #expect(callbacks == [
            "onCreate", "onStart", "onResume", "onUserLeaveHint", "onPause", "onStop", "onSaveInstanceState", "onTrimMemory",
            "onCreate", "onStart", "onRestoreInstanceState", "onResume", "onPause", "onStop", "onDestroy",
        ])
        #expect(simulation.state() == "destroyed")
    }
}

@Suite struct AndroidActivityOptionTests {
    func parse(_ pairs: [(name: String, value: String)]) throws(MachineOptions.Problem) -> MachineOptions {
        try MachineOptions.parse(pairs, for: machine)
    }

    @Test func declaresItsOptions() {
        #expect(machine.options.map(\.name) == ["api", "targetSdk", "configChanges", "root"])
        #expect(machine.options.map(\.defaultValue) == ["34", "", "", "false"])
    }

    @Test func parsesValues() throws {
        let parsed = try parse([("api", "28"), ("configChanges", "orientation|screenSize"), ("root", "true")])
        #expect(parsed == MachineOptions(api: 28, configChanges: ["orientation", "screenSize"], root: true))
        #expect(try parse([]) == MachineOptions())
    }

    @Test(arguments: [("api", "abc"), ("api", "0"), ("root", "yes")])
    func rejectsBadValues(name: String, value: String) {
        do {
            _ = try parse([(name, value)])
            Issue.record("\(name)=\(value) should be rejected")
        } catch {
            #expect(error.option == name)
            #expect(error.message.contains(value))
        }
    }

    @Test(arguments: [("configChange", "configChanges"), ("apii", "api"), ("rot", "root")])
    func suggestsKnownOption(name: String, suggestion: String) {
        do {
            _ = try parse([(name, "x")])
            Issue.record("\(name) should be unknown")
        } catch {
            #expect(error.message.hasPrefix("unknown option '\(name)' for machine 'android-activity'"))
            #expect(error.suggestion == suggestion)
        }
    }
}

@Suite struct AndroidActivityIntegrityTests {
    @Test func isRegistered() {
        #expect(Machines.machine("android-activity")?.title == machine.title)
        #expect(machine.initialState == "initialized")
    }

    @Test func transitionsUseKnownNames() {
        let states = Set(machine.states.map(\.id))
        let events = Set(machine.events.map(\.id))
        for t in machine.transitions {
            #expect(states.contains(t.from), "\(t.row): unknown state \(t.from)")
            #expect(events.contains(t.event), "\(t.row): unknown event \(t.event)")
            for state in t.states { #expect(states.contains(state), "\(t.row): unknown state \(state)") }
            for callback in t.callbacks { #expect(machine.resolveCallback(callback.name) == callback.name, "\(t.row): unknown callback \(callback.name)") }
            #expect(!t.sources.isEmpty)
            for tag in t.sources { #expect(SourceIndex.source(tag) != nil, "\(t.row): unknown source \(tag)") }
            #expect(t.sources.allSatisfy { $0.hasPrefix("AD-") })
        }
        #expect(machine.states.filter { !$0.observable }.map(\.id) == ["processDead"])
    }

    /// onTopResumedActivityChanged exists from API 29 only.
    @Test func topResumedOnlyFromAPI29() {
        for t in machine.transitions where t.callbacks.contains(where: { $0.name == "onTopResumedActivityChanged" }) {
            #expect(t.conditions.contains { if case .apiAtLeast(let level) = $0 { level >= 29 } else { false } }, "\(t.row)")
        }
    }

    /// Under any options an event has at most one outcome, except the two documented
    /// onSaveInstanceState orders below API 28 and the two orders of a result delivered to a
    /// stopped activity (D25: the older javadoc's and AOSP's); same states, same callbacks in another order.
    @Test func onlyDocumentedAlternatives() {
        for api in [12, 13, 27, 28, 29, 30, 31, 34] {
            for configChanges: Set<String> in [[], ["orientation"], ["screenSize"], ["orientation", "screenSize"]] {
                for root in [false, true] {
                    let opts = options(api: api, configChanges: configChanges, root: root)
                    for state in machine.states.map(\.id) {
                        let simulation = Simulation(machine: machine, options: opts, from: state)
                        for event in machine.events.map(\.id) {
                            let found = simulation.candidates(event)
                            guard found.count > 1 else { continue }
                            #expect((api < 28 || (state, event) == ("created", "resultReturned")) && found.count == 2, "\(state) \(event) api=\(api)")
                            #expect(found[0].states == found[1].states)
                            #expect(found[0].callbacks.map(\.name).sorted() == found[1].callbacks.map(\.name).sorted())
                        }
                    }
                }
            }
        }
    }

    @Test func everyStateIsReachable() {
        for state in machine.states.map(\.id) where state != machine.initialState {
            #expect(machine.shortestPath(from: "initialized", to: state) != nil, "\(state)")
        }
    }

    @Test func exportsTheMachine() {
        let json = ModelExport.json([machine])
        #expect(json.contains("\"id\":\"android-activity\""))
        #expect(json.contains("{\"configHandled\":\"screenSize\"}"))
    }
}

/// What covers the activity and what has focus: an event that ends a cover needs that cover
/// first (a dialog before its dismissal, a loss of focus before its return), and the events
/// possible in a state are only those of the real sequences that reach it.
@Suite struct AndroidActivityCoverTests {
    func refuses(_ events: [String], api: Int, from state: String = "resumed") -> ImpossibleEvent? {
        var simulation = Simulation(machine: machine, options: options(api: api), from: state)
        for event in events {
            if case .failure(let failure) = simulation.fire(event) { return failure }
        }
        return nil
    }

    @Test(arguments: [24, 28, 29, 34])
    func translucentActivityIsNotFocusLoss(api: Int) {
        #expect(refuses(["openTranslucentActivity", "focusReturns"], api: api)?.event == "focusReturns")
        #expect(refuses(["focusOtherWindow", "closeTranslucentActivity"], api: api)?.event == "closeTranslucentActivity")
    }

    @Test(arguments: ["dismissDialog", "hideNotificationShade", "focusReturns", "closeTranslucentActivity"], [24, 28, 29, 34])
    func nothingToEnd(event: String, api: Int) {
        let failure = refuses([event], api: api)
        #expect(failure?.event == event)
        #expect(failure.map { !$0.possible.contains(event) } ?? false)
    }

    /// "A call with this as true will always be followed by another one with false" (AD-ACT).
    @Test(arguments: [29, 34])
    func topResumedAlternates(api: Int) {
        #expect(refuses(["focusOtherWindow", "focusOtherWindow"], api: api) != nil)
        #expect(refuses(["focusOtherWindow", "focusReturns", "focusReturns"], api: api)?.event == "focusReturns")
        #expect(refuses(["focusOtherWindow", "focusReturns", "focusOtherWindow", "focusReturns"], api: api) == nil)
    }

    @Test(arguments: [
        ["showDialog", "dismissDialog", "showDialog", "dismissDialog"],
        ["showNotificationShade", "hideNotificationShade"],
        ["openTranslucentActivity", "closeTranslucentActivity", "openTranslucentActivity", "closeTranslucentActivity"],
        ["focusOtherWindow", "focusReturns"],
        ["showDialog", "dismissDialog", "openTranslucentActivity", "closeTranslucentActivity", "home", "reopen", "showDialog"],
        // The activity's own dialog stays with it while it is stopped.
        ["showDialog", "home", "reopen", "dismissDialog"],
    ])
    func realSequencesPass(events: [String]) {
        for api in [24, 28, 29, 34] { #expect(refuses(events, api: api) == nil, "api \(api)") }
    }

    /// A cover ends with the instance or when the activity stops: nothing is left to end after a return.
    @Test(arguments: ["home", "startActivity", "finish"])
    func stoppingEndsTheCover(event: String) {
        #expect(refuses(["openTranslucentActivity", event, "reopen", "closeTranslucentActivity"], api: 34)?.event != nil)
    }

    /// The cover follows the events; the activity's own dialog stays with it while it is stopped, and
    /// ends with the process.
    @Test func coverFollowsTheEvents() throws {
        var simulation = Simulation(machine: machine, from: "resumed")
        #expect(simulation.cover() == .uncovered)
        let steps: [(String, Cover)] = [
            ("showDialog", .dialog), ("home", .dialog), ("reopen", .dialog), ("dismissDialog", .uncovered),
            ("openTranslucentActivity", .translucentActivity), ("rotate", .translucentActivity), ("home", .uncovered),
            ("reopen", .uncovered), ("showDialog", .dialog), ("home", .dialog), ("processDeath", .uncovered),
        ]
        for (event, cover) in steps {
            _ = try simulation.fire(event).get()
            #expect(simulation.cover() == cover, "after \(event)")
        }
        #expect(simulation.cover(of: "other") == .uncovered)
    }

    @Test func possibleEventsFromResumedAreReal() {
        let simulation = Simulation(machine: machine, from: "resumed")
        let possible = simulation.possibleEvents()
        for event in ["dismissDialog", "hideNotificationShade", "focusReturns", "closeTranslucentActivity"] {
            #expect(!possible.contains(event), "\(event)")
        }
    }
}

/// Home, Overview, startActivity and a configuration change reach a paused (STARTED) activity too.
@Suite struct AndroidActivityPausedTests {
    func paused(api: Int, configChanges: Set<String> = []) throws -> Simulation {
        var simulation = Simulation(machine: machine, options: options(api: api, configChanges: configChanges), from: "resumed")
        _ = try simulation.fire("openTranslucentActivity").get()
        return simulation
    }

    /// [AD-SC]: Home and Overview behave "as if the current activity has been completely covered".
    @Test(arguments: ["home", "startActivity"], [21, 27, 28, 29, 34])
    func coveredCompletelyStops(event: String, api: Int) throws {
        var simulation = try paused(api: api)
        let step = try simulation.fire(event).get()
        #expect(step.states == ["created"])
        #expect(step.callbacks.filter { !$0.optional }.map(\.name) == ["onStop"])
        let trim = event == "home" ? ["onTrimMemory"] : []
        #expect(step.callbacks.map(\.name) == (api >= 28 ? ["onStop", "onSaveInstanceState"] : ["onSaveInstanceState", "onStop"]) + trim)
        #expect(step.alternatives.isEmpty)
        let back = try simulation.fire("reopen").get()
        #expect(back.states == ["started", "resumed"])
    }

    @Test(arguments: [27, 28, 29, 34])
    func configurationChangeRecreatesPaused(api: Int) throws {
        var simulation = try paused(api: api)
        let step = try simulation.fire("rotate").get()
        #expect(step.states == ["created", "destroyed", "initialized", "created", "started", "resumed", "started"])
        let saved = api >= 28 ? ["onStop", "onSaveInstanceState"] : ["onSaveInstanceState", "onStop"]
        #expect(step.callbacks.map(\.name) == saved + ["onDestroy", "onCreate", "onStart", "onRestoreInstanceState", "onResume", "onPause"])
        // AD-ACT's onResume states this case: a visible activity below the top of its task.
        #expect(step.transition.confidence == .doc)
        #expect(simulation.state() == "started")
        // The translucent activity is still on top of the new instance.
        let closed = try simulation.fire("closeTranslucentActivity").get()
        #expect(closed.states == ["resumed"])
    }

    @Test func handledConfigurationChangeWhilePaused() throws {
        var simulation = try paused(api: 34, configChanges: ["orientation", "screenSize"])
        let step = try simulation.fire("rotate").get()
        #expect(step.states.isEmpty)
        #expect(step.callbacks.map(\.name) == ["onConfigurationChanged"])
    }
}

/// Split screen starts at Android 7.0 (API 24) [AD-MW].
@Suite struct AndroidActivityMultiWindowLevelTests {
    @Test(arguments: [1, 21, 23])
    func noMultiWindowBelow24(api: Int) {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        guard case .failure(let failure) = simulation.fire("focusOtherWindow") else {
            Issue.record("focusOtherWindow should be impossible at API \(api)")
            return
        }
        #expect(!failure.possible.contains("focusOtherWindow"))
    }

    @Test func multiWindowFrom24() throws {
        var simulation = Simulation(machine: machine, options: options(api: 24), from: "resumed")
        #expect(try simulation.fire("focusOtherWindow").get().states == ["started"])
    }
}

/// onUserLeaveHint: "when the user presses the Home key, onUserLeaveHint() will be called …
/// right before the activity's onPause() callback" [AD-ACT]; not when the system brings an
/// activity to the front, and not when startActivity passes FLAG_ACTIVITY_NO_USER_ACTION [AD-INTENT].
@Suite struct AndroidActivityUserLeaveHintTests {
    @Test(arguments: [21, 27, 28, 29, 34])
    func homeHintsRightBeforePause(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let step = try simulation.fire("home").get()
        for order in ([step.transition] + step.alternatives).map({ $0.callbacks }) {
            let pause = try #require(order.firstIndex { $0.name == "onPause" })
            #expect(pause > 0 && order[pause - 1] == maybe("onUserLeaveHint"))
        }
    }

    @Test(arguments: [27, 34])
    func startActivityMayHint(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let step = try simulation.fire("startActivity").get()
        let pause = try #require(step.callbacks.firstIndex { $0.name == "onPause" })
        #expect(pause > 0 && step.callbacks[pause - 1] == maybe("onUserLeaveHint"))
    }

    @Test(arguments: ["openTranslucentActivity", "showDialog", "rotate", "back", "finish", "focusOtherWindow"])
    func noHintOtherwise(event: String) throws {
        var simulation = Simulation(machine: machine, options: options(api: 28), from: "resumed")
        #expect(!(try simulation.fire(event).get().callbacks.map(\.name).contains("onUserLeaveHint")))
    }
}

/// Configuration changes other than rotation follow D9/D10 (from a paused activity D19/D20):
/// recreated unless every flag the change involves is in android:configChanges.
@Suite struct AndroidActivityOtherConfigurationTests {
    static let changes: [(event: String, flags: Set<String>)] = [
        ("toggleDarkMode", ["uiMode"]), ("changeLocale", ["locale"]), ("changeFontScale", ["fontScale"]),
        ("resizeWindow", ["screenSize", "smallestScreenSize", "screenLayout", "orientation"]),
    ]

    @Test(arguments: [21, 27, 28, 29, 34])
    func unhandledRecreates(api: Int) throws {
        for (event, flags) in Self.changes where api >= 24 || event != "resizeWindow" {
            var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
            let step = try simulation.fire(event).get()
            #expect(step.transition.row == "D9", "\(event)")
            #expect(step.states == recreated, "\(event)")
            let core = step.callbacks.filter { !$0.optional }.map(\.name)
            #expect(core.filter { $0 != "onSaveInstanceState" && $0 != "onRestoreInstanceState" } == recreatedCore, "\(event)")
            // Every flag but one declared: still recreated.
            for missing in flags where flags.count > 1 {
                var partial = Simulation(machine: machine, options: options(api: api, configChanges: flags.subtracting([missing])), from: "resumed")
                #expect(try partial.fire(event).get().states == recreated, "\(event) without \(missing)")
            }
            var handled = Simulation(machine: machine, options: options(api: api, configChanges: flags), from: "resumed")
            let same = try handled.fire(event).get()
            #expect(same.transition.row == "D10", "\(event)")
            #expect(same.states.isEmpty && same.callbacks.map(\.name) == ["onConfigurationChanged"], "\(event)")
        }
    }

    @Test(arguments: [27, 34])
    func pausedIsRecreatedPaused(api: Int) throws {
        for (event, flags) in Self.changes {
            var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
            _ = try simulation.fire("openTranslucentActivity").get()
            let step = try simulation.fire(event).get()
            #expect(step.transition.row == "D19", "\(event)")
            #expect(simulation.state() == "started")
            var handled = Simulation(machine: machine, options: options(api: api, configChanges: flags), from: "resumed")
            _ = try handled.fire("openTranslucentActivity").get()
            #expect(try handled.fire(event).get().transition.row == "D20", "\(event)")
        }
    }

    @Test func noWindowResizeBelow24() {
        var simulation = Simulation(machine: machine, options: options(api: 23), from: "resumed")
        guard case .failure = simulation.fire("resizeWindow") else {
            Issue.record("resizeWindow should be impossible at API 23")
            return
        }
    }
}

/// onTrimMemory(TRIM_MEMORY_UI_HIDDEN): "the process had been showing a user interface, and is no
/// longer doing so" [AD-CC2]: after Home, not when the app starts another of its activities.
@Suite struct AndroidActivityTrimMemoryTests {
    @Test(arguments: [21, 27, 28, 29, 34])
    func homeMayTrimLast(api: Int) throws {
        for given in [[], ["openTranslucentActivity"]] {
            var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
            for event in given { _ = try simulation.fire(event).get() }
            let step = try simulation.fire("home").get()
            for order in ([step.transition] + step.alternatives).map({ $0.callbacks }) {
                #expect(order.last == maybe("onTrimMemory"), "\(given)")
            }
        }
    }

    @Test(arguments: ["startActivity", "back", "finish", "rotate", "openTranslucentActivity"])
    func notWithinTheApp(event: String) throws {
        var simulation = Simulation(machine: machine, from: "resumed")
        #expect(!(try simulation.fire(event).get().callbacks.map(\.name).contains("onTrimMemory")))
    }
}

/// Picture-in-picture (D21–D23) [AD-PIP]: "When your activity switches to PiP, the system places the
/// activity in the paused state and calls the activity's onPause() method"; "When your activity switches
/// out of PiP mode back to full-screen mode, the system resumes your activity and calls your onResume()
/// method". Only an activity in PiP can be expanded or closed, and what needs another activity or window
/// over a paused activity (D17–D19) is refused there.
@Suite struct AndroidActivityPictureInPictureTests {
    /// The layout changes AD-PIP has a PiP activity declare.
    static let pipConfigChanges: Set<String> = ["screenSize", "smallestScreenSize", "screenLayout", "orientation"]

    func inPictureInPicture(api: Int = 34, configChanges: Set<String> = []) throws -> Simulation {
        var simulation = Simulation(machine: machine, options: options(api: api, configChanges: configChanges), from: "resumed")
        _ = try simulation.fire("enterPictureInPicture").get()
        return simulation
    }

    @Test(arguments: [26, 27, 28, 29, 34])
    func enterPausesAndExpandResumes(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let entered = try simulation.fire("enterPictureInPicture").get()
        #expect(entered.transition.row == "D21")
        #expect(entered.transition.confidence == .doc)
        #expect(entered.states == ["started"])
        #expect(entered.callbacks.filter { !$0.optional }.map(\.name) == ["onPause", "onPictureInPictureModeChanged"])
        #expect(entered.alternatives.isEmpty)
        #expect(simulation.state() == "started")
        #expect(simulation.cover() == .pictureInPicture)

        let expanded = try simulation.fire("expandPictureInPicture").get()
        #expect(expanded.transition.row == "D22")
        #expect(expanded.callbacks.filter { !$0.optional }.map(\.name) == ["onPictureInPictureModeChanged", "onResume"])
        #expect(simulation.state() == "resumed")
        #expect(simulation.cover() == .uncovered)
        // Back in full screen: PiP again, and the rows that need an uncovered activity, work again.
        #expect(try simulation.fire("enterPictureInPicture").get().transition.row == "D21")
        #expect(try simulation.fire("expandPictureInPicture").get().transition.row == "D22")
        #expect(try simulation.fire("home").get().transition.row == "D3")
    }

    /// "Starting in Android 8.0 (API level 26)".
    @Test(arguments: [1, 21, 24, 25])
    func noPictureInPictureBelow26(api: Int) {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        guard case .failure(let failure) = simulation.fire("enterPictureInPicture") else {
            Issue.record("enterPictureInPicture should be impossible at API \(api)")
            return
        }
        #expect(!failure.possible.contains("enterPictureInPicture"))
    }

    /// Home with auto-enter: onUserLeaveHint "right before the activity's onPause() callback", as D3.
    @Test(arguments: [26, 28, 29, 34])
    func userLeaveHintRightBeforePause(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let step = try simulation.fire("enterPictureInPicture").get()
        let pause = try #require(step.callbacks.firstIndex { $0.name == "onPause" })
        #expect(pause > 0 && step.callbacks[pause - 1] == maybe("onUserLeaveHint"))
        #expect(step.callbacks.last == call("onPictureInPictureModeChanged"))
    }

    /// Nothing to expand or close unless the activity is in PiP: not from full screen, and not from a
    /// pause of another kind.
    @Test(arguments: ["expandPictureInPicture", "closePictureInPicture"], [
        [String](), ["openTranslucentActivity"], ["focusOtherWindow"], ["showDialog"], ["home"],
        ["enterPictureInPicture", "expandPictureInPicture"], ["enterPictureInPicture", "closePictureInPicture", "reopen"],
    ])
    func nothingToExpandOrClose(event: String, given: [String]) throws {
        for api in [28, 34] {
            var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
            for step in given { _ = try simulation.fire(step).get() }
            guard case .failure(let failure) = simulation.fire(event) else {
                Issue.record("\(event) after \(given) should be impossible at API \(api)")
                continue
            }
            #expect(!failure.possible.contains(event))
        }
    }

    /// In PiP only finish, a handled configuration change and the two ways out are possible: Home,
    /// startActivity, an unhandled configuration change (D17–D19) and the rows of a resumed or otherwise
    /// covered activity are refused.
    @Test(arguments: [
        "home", "startActivity", "rotate", "toggleDarkMode", "resizeWindow", "openTranslucentActivity", "closeTranslucentActivity",
        "focusReturns", "focusOtherWindow", "showDialog", "back", "newIntent", "resultReturned", "enterPictureInPicture", "reopen",
    ])
    func refusedInPictureInPicture(event: String) throws {
        var simulation = try inPictureInPicture()
        guard case .failure(let failure) = simulation.fire(event) else {
            Issue.record("\(event) should be impossible in picture-in-picture")
            return
        }
        #expect(failure.state == "started")
        #expect(failure.possible == ["finish", "expandPictureInPicture", "closePictureInPicture"])
        #expect(simulation.cover() == .pictureInPicture)
    }

    /// Under a translucent activity the same events are still possible (D17–D19 keep their covers; D19
    /// has a row per cover, because AD-ACT documents only the translucent one).
    @Test(arguments: ["home", "startActivity", "rotate"])
    func pausedRowsStillApplyUnderAnotherActivity(event: String) throws {
        var simulation = Simulation(machine: machine, from: "resumed")
        _ = try simulation.fire("openTranslucentActivity").get()
        #expect(try ["D17", "D18", "D19"].contains(simulation.fire(event).get().transition.row))
        for t in machine.transitions where ["D17", "D18"].contains(t.row) {
            #expect(t.covered == [.translucentActivity, .otherWindow], "\(t.row) \(t.event)")
        }
        let recreations = machine.transitions.filter { $0.row == "D19" }
        let translucent = recreations.filter { $0.covered == [.translucentActivity] }
        let split = recreations.filter { $0.covered == [.otherWindow] }
        #expect(translucent.count + split.count == recreations.count)
        #expect(translucent.map { "\($0.event) \($0.conditions)" } == split.map { "\($0.event) \($0.conditions)" })
        #expect(split.allSatisfy { $0.confidence == .inferred })
    }

    /// AD-ACT's onResume documents the recreation under a translucent activity, not in split screen below
    /// API 29: the same rotation is doc in one and inferred in the other.
    @Test(arguments: [27, 34])
    func pausedRecreationIsDocumentedUnderATranslucentActivityOnly(api: Int) throws {
        var covered = Simulation(machine: machine, options: options(api: api), from: "resumed")
        _ = try covered.fire("openTranslucentActivity").get()
        let documented = try covered.fire("rotate").get()
        #expect(documented.transition.row == "D19" && documented.transition.confidence == .doc)
        // Split screen pauses an activity only below API 29 (D11b): the same rotation there is inferred.
        var beside = Simulation(machine: machine, options: options(api: 27), from: "resumed")
        _ = try beside.fire("focusOtherWindow").get()
        let inferred = try beside.fire("rotate").get()
        #expect(inferred.transition.row == "D19" && inferred.transition.confidence == .inferred)
        if api == 27 {
            #expect(inferred.callbacks.map(\.name) == documented.callbacks.map(\.name))
        }
    }

    /// With the layout changes AD-PIP asks for declared, a change reaches the PiP activity as D20 and it
    /// stays in PiP; finish (D14) ends it.
    @Test func handledChangeAndFinishInPictureInPicture() throws {
        var simulation = try inPictureInPicture(configChanges: Self.pipConfigChanges)
        for event in ["rotate", "resizeWindow"] {
            let step = try simulation.fire(event).get()
            #expect(step.transition.row == "D20", "\(event)")
            #expect(step.callbacks.map(\.name) == ["onConfigurationChanged"])
            #expect(simulation.cover() == .pictureInPicture)
        }
        let finished = try simulation.fire("finish").get()
        #expect(finished.transition.row == "D14")
        #expect(finished.states == ["created", "destroyed"])
        #expect(simulation.cover() == .uncovered)
    }

    /// Closing the window is not documented: the row is unconfirmed; the model stops the activity, and a
    /// return is D4.
    @Test(arguments: [26, 27, 28, 34])
    func closeStopsUnconfirmed(api: Int) throws {
        var simulation = try inPictureInPicture(api: api)
        let closed = try simulation.fire("closePictureInPicture").get()
        #expect(closed.transition.row == "D23")
        #expect(closed.transition.confidence == .unconfirmed)
        #expect(closed.states == ["created"])
        #expect(closed.callbacks.filter { !$0.optional }.map(\.name) == ["onStop"])
        let saved = try #require(closed.callbacks.firstIndex { $0.name == "onSaveInstanceState" })
        let stop = try #require(closed.callbacks.firstIndex { $0.name == "onStop" })
        #expect(api >= 28 ? saved > stop : saved < stop)
        #expect(simulation.cover() == .uncovered)
        #expect(try simulation.fire("reopen").get().transition.row == "D4")
    }

    /// onPictureInPictureModeChanged is auxiliary: an order may leave it out; onPause may not be. Named, it
    /// is called on the way in and on the way out.
    @Test func callbackOrders() {
        #expect(machine.canProduce(callbackOrder: ["onPause", "onPictureInPictureModeChanged"]))
        #expect(machine.canProduce(callbackOrder: ["onPictureInPictureModeChanged", "onResume"]))
        #expect(!machine.canProduce(callbackOrder: ["onPause", "onPictureInPictureModeChanged", "onResume"]))
        #expect(machine.canProduce(callbackOrder: ["onUserLeaveHint", "onPause", "onPictureInPictureModeChanged"]))
        #expect(!machine.canProduce(callbackOrder: ["onPictureInPictureModeChanged", "onPause"], options: options(api: 28)))
        #expect(machine.resolveCallback("onPictureInPictureModeChanged(boolean)") == "onPictureInPictureModeChanged")
        #expect(machine.callbacks.first { $0.id == "onPictureInPictureModeChanged" }?.auxiliary == true)
    }
}

/// onNewIntent (D24) [AD-ACT]: "An activity can never receive a new intent in the resumed state … If the
/// activity was resumed, it will be paused and new intent will be delivered, followed by onResume." From a
/// stopped activity the order follows AOSP and changed with Android 9 (inferred).
@Suite struct AndroidActivityNewIntentTests {
    @Test(arguments: [21, 27, 28, 29, 34])
    func resumedIsPausedAroundTheIntent(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        let step = try simulation.fire("newIntent").get()
        #expect(step.transition.row == "D24")
        #expect(step.transition.confidence == .doc)
        #expect(step.states == ["started", "resumed"])
        #expect(step.callbacks.filter { !$0.optional }.map(\.name) == ["onPause", "onNewIntent", "onResume"])
        #expect(step.alternatives.isEmpty)
        #expect(simulation.state() == "resumed")
        // The same instance: nothing new is created.
        #expect(!step.callbacks.map(\.name).contains("onCreate"))
    }

    @Test(arguments: [21, 27, 28, 29, 34])
    func stoppedOrderChangesWithAndroid9(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        _ = try simulation.fire("home").get()
        let step = try simulation.fire("newIntent").get()
        #expect(step.transition.row == "D24")
        #expect(step.transition.confidence == .inferred)
        #expect(step.states == ["started", "resumed"])
        let core = step.callbacks.filter { !$0.optional }.map(\.name)
        #expect(core == (api >= 28
            ? ["onRestart", "onStart", "onNewIntent", "onResume"]
            : ["onNewIntent", "onRestart", "onStart", "onResume"]))
        #expect(step.alternatives.isEmpty)
    }

    /// Not while paused under another activity, in split screen or in PiP, nor before a first launch.
    @Test(arguments: [["openTranslucentActivity"], ["enterPictureInPicture"], ["showNotificationShade"], ["showDialog"]])
    func refusedWhileCovered(given: [String]) throws {
        for api in [28, 34] {
            var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
            for event in given { _ = try simulation.fire(event).get() }
            guard case .failure = simulation.fire("newIntent") else {
                Issue.record("newIntent after \(given) should be impossible at API \(api)")
                continue
            }
        }
        for state in ["initialized", "destroyed", "processDead"] {
            var simulation = Simulation(machine: machine, from: state)
            guard case .failure = simulation.fire("newIntent") else {
                Issue.record("newIntent should be impossible from \(state)")
                continue
            }
        }
    }

    /// onNewIntent is a core callback: "onPause → onResume" is not a new intent's order, and the new intent
    /// never comes after onResume.
    @Test func callbackOrders() {
        #expect(machine.canProduce(callbackOrder: ["onPause", "onNewIntent", "onResume"]))
        #expect(machine.canProduce(callbackOrder: ["onRestart", "onStart", "onNewIntent", "onResume"], options: options(api: 34)))
        #expect(!machine.canProduce(callbackOrder: ["onNewIntent", "onRestart"], options: options(api: 34)))
        #expect(machine.canProduce(callbackOrder: ["onNewIntent", "onRestart"], options: options(api: 27)))
        #expect(!machine.canProduce(callbackOrder: ["onResume", "onNewIntent"]))
        #expect(machine.resolveCallback("onNewIntent(Intent)") == "onNewIntent")
        #expect(machine.callbacks.first { $0.id == "onNewIntent" }?.auxiliary == false)
    }
}

/// A result delivered before onResume (D25) [AD-ACT]: "An activity can never receive a result in the
/// resumed state. You can count on onResume being called after this method".
@Suite struct AndroidActivityResultTests {
    /// A stopped activity: AOSP's order first, the older javadoc's ("immediately before onResume()") as the
    /// documented alternative; both inferred.
    @Test(arguments: [21, 27, 28, 29, 34])
    func stoppedGetsTheResultBeforeOnResume(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        _ = try simulation.fire("startActivity").get()
        let step = try simulation.fire("resultReturned").get()
        #expect(step.transition.row == "D25")
        #expect(step.states == ["started", "resumed"])
        let orders = ([step.transition] + step.alternatives).map { $0.callbacks.filter { !$0.optional }.map(\.name) }
        #expect(orders == [
            ["onActivityResult", "onRestart", "onStart", "onResume"],
            ["onRestart", "onStart", "onActivityResult", "onResume"],
        ])
        #expect(([step.transition] + step.alternatives).allSatisfy { $0.confidence == .inferred })
        #expect(simulation.state() == "resumed")
    }

    /// Under a translucent (dialog-themed) activity started for a result: the result, then onResume; the
    /// cover ends, so the translucent activity cannot close a second time.
    @Test(arguments: [21, 28, 29, 34])
    func pausedGetsTheResultThenResumes(api: Int) throws {
        var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
        _ = try simulation.fire("openTranslucentActivity").get()
        let step = try simulation.fire("resultReturned").get()
        #expect(step.transition.row == "D25")
        #expect(step.states == ["resumed"])
        #expect(step.callbacks.filter { !$0.optional }.map(\.name) == ["onActivityResult", "onResume"])
        #expect(simulation.cover() == .uncovered)
        guard case .failure = simulation.fire("closeTranslucentActivity") else {
            Issue.record("the translucent activity has already finished")
            return
        }
    }

    /// Never to a resumed activity in the model, nor in split screen, PiP or with the shade open.
    @Test(arguments: [[String](), ["focusOtherWindow"], ["enterPictureInPicture"], ["showNotificationShade"], ["showDialog"]])
    func refusedOtherwise(given: [String]) throws {
        for api in [28, 34] {
            var simulation = Simulation(machine: machine, options: options(api: api), from: "resumed")
            for event in given { _ = try simulation.fire(event).get() }
            guard case .failure = simulation.fire("resultReturned") else {
                Issue.record("resultReturned after \(given) should be impossible at API \(api)")
                continue
            }
        }
    }

    @Test func callbackOrders() {
        #expect(machine.canProduce(callbackOrder: ["onStop", "onActivityResult", "onRestart", "onStart", "onResume"]))
        #expect(machine.canProduce(callbackOrder: ["onRestart", "onStart", "onActivityResult", "onResume"]))
        #expect(machine.canProduce(callbackOrder: ["onPause", "onActivityResult", "onResume"]))
        #expect(!machine.canProduce(callbackOrder: ["onResume", "onActivityResult"]))
        #expect(machine.resolveCallback("onActivityResult(int, int, Intent)") == "onActivityResult")
    }

    /// The session of a typical "pick a photo" flow: launch, start for a result, the result, back.
    @Test func pickerSession() throws {
        var simulation = Simulation(machine: machine, options: options(api: 28))
        var callbacks: [String] = []
        for event in ["launch", "startActivity", "resultReturned", "back"] {
            callbacks += try simulation.fire(event).get().callbacks.filter { !$0.optional }.map(\.name)
        }
        #expect(callbacks == [
            "onCreate", "onStart", "onResume", "onPause", "onStop",
            "onActivityResult", "onRestart", "onStart", "onResume", "onPause", "onStop", "onDestroy",
        ])
    }
}
