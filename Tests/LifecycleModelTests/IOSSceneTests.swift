import Testing
@testable import LifecycleMachines
@testable import LifecycleModel

/// One row of spec §2.2 (or a documented variant of it), run through `Simulation.fire`.
struct SceneRowCase: Sendable, CustomTestStringConvertible {
    let label: String
    let row: String
    /// The state `Simulation` starts in (process `.notRunning` for `unattached`, `.running` otherwise).
    let start: String
    /// Events (scene, event) that bring the process where the row needs it.
    var setup: [(scene: String, event: String)] = []
    let process: ProcessState
    let event: String
    let states: [String]
    /// Callback names in order; a trailing "?" marks an optional one.
    let callbacks: [String]
    let confidence: Confidence
    let processAfter: ProcessState

    var testDescription: String { label }
}

private let launch = ["application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)"]
private let configuration = "application(_:configurationForConnecting:options:)"
private let willConnect = "scene(_:willConnectTo:options:)"
private let openURLContexts = "scene(_:openURLContexts:)"

private let sceneRows: [SceneRowCase] = [
    SceneRowCase(
        label: "S1 cold launch", row: "S1", start: "unattached", process: .notRunning, event: "connect",
        states: ["foregroundInactive", "foregroundActive"],
        callbacks: launch + [configuration + "?", willConnect, "sceneWillEnterForeground", "sceneDidBecomeActive"],
        confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S2 another scene, app running", row: "S2", start: "unattached", setup: [("other", "connect")],
        process: .running, event: "connect", states: ["foregroundInactive", "foregroundActive"],
        callbacks: [willConnect, "sceneWillEnterForeground", "sceneDidBecomeActive"], confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S2 another scene, app suspended", row: "S2", start: "unattached",
        setup: [("other", "connect"), ("other", "home"), ("other", "suspend")],
        process: .suspended, event: "connect", states: ["foregroundInactive", "foregroundActive"],
        callbacks: [willConnect, "sceneWillEnterForeground", "sceneDidBecomeActive"], confidence: .inferred, processAfter: .running),
    SceneRowCase(
        label: "S3 system-requested scene, app running", row: "S3", start: "unattached", setup: [("other", "connect")],
        process: .running, event: "backgroundConnect", states: ["background"],
        callbacks: [willConnect, "sceneDidEnterBackground?"], confidence: .unconfirmed, processAfter: .running),
    SceneRowCase(
        label: "S3 system-requested scene, app not running", row: "S3", start: "unattached",
        process: .notRunning, event: "backgroundConnect", states: ["background"],
        callbacks: launch + [configuration + "?", willConnect, "sceneDidEnterBackground?"],
        confidence: .unconfirmed, processAfter: .running),
    SceneRowCase(
        label: "S4 background launch", row: "S4", start: "unattached", process: .notRunning, event: "backgroundLaunch",
        states: [], callbacks: launch, confidence: .unconfirmed, processAfter: .running),
    SceneRowCase(
        label: "S5 interruption", row: "S5", start: "foregroundActive", process: .running, event: "interruption",
        states: ["foregroundInactive"], callbacks: ["sceneWillResignActive"], confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S6 interruption dismissed", row: "S6", start: "foregroundInactive", process: .running, event: "interruptionEnded",
        states: ["foregroundActive"], callbacks: ["sceneDidBecomeActive"], confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S7 home", row: "S7", start: "foregroundActive", process: .running, event: "home",
        states: ["foregroundInactive", "background"], callbacks: ["sceneWillResignActive", "sceneDidEnterBackground"],
        confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S7 interruption leads away", row: "S7", start: "foregroundInactive", process: .running, event: "home",
        states: ["background"], callbacks: ["sceneDidEnterBackground"], confidence: .inferred, processAfter: .running),
    SceneRowCase(
        label: "S8 suspension", row: "S8", start: "background", process: .running, event: "suspend",
        states: [], callbacks: [], confidence: .doc, processAfter: .suspended),
    SceneRowCase(
        label: "S8 suspension without an attached scene", row: "S8", start: "unattached", setup: [("main", "backgroundLaunch")],
        process: .running, event: "suspend", states: [], callbacks: [], confidence: .inferred, processAfter: .suspended),
    SceneRowCase(
        label: "S9 reopen, process running", row: "S9", start: "background", process: .running, event: "reopen",
        states: ["foregroundInactive", "foregroundActive"], callbacks: ["sceneWillEnterForeground", "sceneDidBecomeActive"],
        confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S9 reopen, process suspended", row: "S9", start: "background", setup: [("main", "suspend")],
        process: .suspended, event: "reopen", states: ["foregroundInactive", "foregroundActive"],
        callbacks: ["sceneWillEnterForeground", "sceneDidBecomeActive"], confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S10 disconnect, process running", row: "S10", start: "background", process: .running, event: "disconnect",
        states: ["unattached"], callbacks: ["sceneDidDisconnect"], confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S10 disconnect, process suspended", row: "S10", start: "background", setup: [("main", "suspend")],
        process: .suspended, event: "disconnect", states: ["unattached"], callbacks: ["sceneDidDisconnect"],
        confidence: .inferred, processAfter: .running),
    SceneRowCase(
        label: "S11 purge", row: "S11", start: "background", setup: [("main", "suspend")], process: .suspended,
        event: "purge", states: ["unattached"], callbacks: [], confidence: .docArchived, processAfter: .notRunning),
    SceneRowCase(
        label: "S11 purge without an attached scene", row: "S11", start: "unattached",
        setup: [("main", "backgroundLaunch"), ("main", "suspend")], process: .suspended,
        event: "purge", states: [], callbacks: [], confidence: .inferred, processAfter: .notRunning),
    SceneRowCase(
        label: "S12 terminate", row: "S12", start: "background", process: .running, event: "terminate",
        states: ["unattached"], callbacks: ["applicationWillTerminate"], confidence: .doc, processAfter: .notRunning),
    SceneRowCase(
        label: "S12 terminate without an attached scene", row: "S12", start: "unattached", setup: [("main", "backgroundLaunch")],
        process: .running, event: "terminate", states: [], callbacks: ["applicationWillTerminate"],
        confidence: .inferred, processAfter: .notRunning),
    SceneRowCase(
        label: "S18 URL opens the app", row: "S18", start: "unattached", process: .notRunning, event: "openURL",
        states: ["foregroundInactive", "foregroundActive"],
        callbacks: launch + [configuration + "?", willConnect, "sceneWillEnterForeground", "sceneDidBecomeActive"],
        confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S18 URL in an active scene", row: "S18", start: "foregroundActive", process: .running, event: "openURL",
        states: [], callbacks: [openURLContexts], confidence: .doc, processAfter: .running),
    SceneRowCase(
        label: "S18 URL for a background scene, process running", row: "S18", start: "background", process: .running,
        event: "openURL", states: ["foregroundInactive", "foregroundActive"],
        callbacks: ["sceneWillEnterForeground", openURLContexts, "sceneDidBecomeActive"],
        confidence: .unconfirmed, processAfter: .running),
    SceneRowCase(
        label: "S18 URL for a background scene, process suspended", row: "S18", start: "background", setup: [("main", "suspend")],
        process: .suspended, event: "openURL", states: ["foregroundInactive", "foregroundActive"],
        callbacks: ["sceneWillEnterForeground", openURLContexts, "sceneDidBecomeActive"],
        confidence: .unconfirmed, processAfter: .running),
] + processLevelRows

/// S15–S17 from every scene state of a running process: no state changes, one app-delegate callback.
private let processLevelRows: [SceneRowCase] = [
    (row: "S15", event: "memoryWarning", callback: "applicationDidReceiveMemoryWarning", confidence: Confidence.doc),
    (row: "S16", event: "protectedDataLocked", callback: "applicationProtectedDataWillBecomeUnavailable", confidence: .inferred),
    (row: "S17", event: "protectedDataUnlocked", callback: "applicationProtectedDataDidBecomeAvailable", confidence: .inferred),
].flatMap { row in
    [
        ("foregroundActive", [(scene: String, event: String)]()),
        ("foregroundInactive", []),
        ("background", []),
        // A running process without an attached scene: after a background launch, and after the last scene left.
        ("unattached", [(scene: "main", event: "backgroundLaunch")]),
        ("unattached", [(scene: "main", event: "connect"), (scene: "main", event: "home"), (scene: "main", event: "disconnect")]),
    ].map { start, setup in
        SceneRowCase(
            label: "\(row.row) \(row.event) from \(start)\(setup.isEmpty ? "" : " after \(setup.map(\.event).joined(separator: ", "))")",
            row: row.row, start: start, setup: setup, process: .running, event: row.event, states: [],
            callbacks: [row.callback], confidence: row.confidence, processAfter: .running)
    }
}

/// A simulation of `machine` in `start`, after running `setup`.
func simulation(
    _ machine: Machine, from start: String, after setup: [(scene: String, event: String)] = []
) throws -> Simulation {
    var sim = start == machine.initialState ? Simulation(machine: machine) : Simulation(machine: machine, from: start)
    for (scene, event) in setup { _ = try sim.fire(event, scene: scene).get() }
    return sim
}

/// States of a written path ("Foreground Active → Background"), resolved like articles are.
func resolvedPath(_ text: String, in machine: Machine) throws -> [String] {
    try text.split(separator: "→").map { name in
        try #require(machine.resolveState(String(name)), "unknown state '\(name)'")
    }
}

/// Callback names of a step, with "?" after optional ones.
func written(_ callbacks: [CallbackCall]) -> [String] {
    callbacks.map { $0.name + ($0.optional ? "?" : "") }
}

@Suite struct IOSSceneTests {
    let machine = Machines.iosScene

    @Test(arguments: sceneRows)
    func row(_ c: SceneRowCase) throws {
        var sim = try simulation(machine, from: c.start, after: c.setup)
        #expect(sim.state() == c.start)
        #expect(sim.process == c.process)
        let step = try sim.fire(c.event).get()
        #expect(step.transition.row == c.row)
        #expect(step.from == c.start)
        #expect(step.states == c.states)
        #expect(written(step.callbacks) == c.callbacks)
        #expect(step.transition.confidence == c.confidence)
        #expect(sim.process == c.processAfter)
        #expect(sim.state() == (c.states.last ?? c.start))
        if c.processAfter == .notRunning {
            #expect(sim.scenes.allSatisfy { $0.state == "unattached" })
        }
    }

    @Test func everyRowIsEncoded() {
        let rows = Set(machine.transitions.map(\.row))
        #expect(rows == Set((1...18).map { "S\($0)" }))
    }

    // MARK: Notifications from outside the app (S15–S17)

    /// "If the system runs low on free memory and is unable to reclaim memory by terminating suspended
    /// apps, UIKit sends a low-memory warning to running apps" [AP-MEM]: a suspended process is not warned,
    /// and neither is one that does not exist. The same holds for the protected-data notifications (S16, S17).
    @Test(arguments: [
        ("background", [(scene: "main", event: "suspend")]),
        ("unattached", [(scene: "main", event: "backgroundLaunch"), (scene: "main", event: "suspend")]),
        ("unattached", [(scene: "main", event: "connect"), (scene: "main", event: "home"), (scene: "main", event: "suspend"),
                        (scene: "main", event: "purge")]),
        ("unattached", []),
    ])
    func notificationsFromOutsideNeedARunningProcess(start: String, setup: [(scene: String, event: String)]) throws {
        var sim = try simulation(machine, from: start, after: setup)
        #expect(sim.process != .running)
        let before = sim.process
        for event in ["memoryWarning", "protectedDataLocked", "protectedDataUnlocked"] {
            guard case .failure(let refused) = sim.fire(event) else {
                Issue.record("\(event) allowed with the process \(before)")
                continue
            }
            #expect(refused.state == start)
            #expect(!refused.possible.contains(event))
        }
        #expect(sim.process == before)
        #expect(sim.state() == start)
    }

    /// A suspended app brought back to the foreground is warned again: the condition is the process, not the scene.
    @Test func aWarningReachesTheAppOnceItRunsAgain() throws {
        var sim = try simulation(machine, from: "background", after: [("main", "suspend")])
        #expect(throws: ImpossibleEvent.self) { try sim.fire("memoryWarning").get() }
        _ = try sim.fire("reopen").get()
        let step = try sim.fire("memoryWarning").get()
        #expect(step.transition.row == "S15")
        #expect(step.from == "foregroundActive")
        #expect(step.callbacks.map(\.name) == ["applicationDidReceiveMemoryWarning"])
    }

    /// The warning goes to the app delegate, not to a scene: a background scene of an app whose other scene
    /// is active changes no state, and neither does the active one.
    @Test func aMemoryWarningLeavesEverySceneWhereItIs() throws {
        var sim = Simulation(machine: machine)
        for (scene, event) in [("A", "connect"), ("B", "connect"), ("B", "home")] {
            _ = try sim.fire(event, scene: scene).get()
        }
        let step = try sim.fire("memoryWarning", scene: "B").get()
        #expect(step.transition.row == "S15")
        #expect(step.states.isEmpty)
        #expect(sim.state(of: "A") == "foregroundActive")
        #expect(sim.state(of: "B") == "background")
        #expect(step.aggregate == "foregroundActive")
        #expect(sim.process == .running)
    }

    /// Locking sends the scene to the background (S7) and makes protected data unavailable (S16); the docs
    /// order neither against the other, so they are two events, each with its own callbacks.
    @Test func lockingIsTwoEvents() throws {
        var sim = try simulation(machine, from: "foregroundActive")
        let locked = try sim.fire("protectedDataLocked").get()
        #expect(locked.states.isEmpty)
        #expect(locked.callbacks.map(\.name) == ["applicationProtectedDataWillBecomeUnavailable"])
        #expect(locked.transition.note?.contains("separate events") == true)
        let home = try sim.fire("home").get()
        #expect(home.transition.row == "S7")
        #expect(home.callbacks.map(\.name) == ["sceneWillResignActive", "sceneDidEnterBackground"])
        // The other order is as possible: still running in the background, the app is told.
        var other = try simulation(machine, from: "foregroundActive", after: [("main", "home")])
        let late = try other.fire("protectedDataLocked").get()
        #expect(late.transition.row == "S16")
        #expect(late.from == "background")
        // Suspended before the notification: refused (not stated whether the app is resumed for it).
        _ = try other.fire("suspend").get()
        #expect(throws: ImpossibleEvent.self) { try other.fire("protectedDataUnlocked").get() }
    }

    // MARK: URL opens (S18)

    /// "If your app has opted into Scenes, and your app isn't running, the system delivers the URL to the
    /// scene(_:willConnectTo:options:) delegate method after launch, and to scene(_:openURLContexts:) when your
    /// app opens a URL while running or suspended in memory" [AP-URL].
    @Test func urlAtLaunchArrivesInTheConnectionOptions() throws {
        var sim = Simulation(machine: machine)
        let step = try sim.fire("openURL").get()
        #expect(step.transition.row == "S18")
        #expect(!step.callbacks.map(\.name).contains(openURLContexts))
        #expect(step.callbacks.map(\.name).contains(willConnect))
        #expect(step.aggregate == "foregroundActive")
        // Running now, the next URL goes to scene(_:openURLContexts:).
        let next = try sim.fire("openURL").get()
        #expect(next.callbacks.map(\.name) == [openURLContexts])
        #expect(next.states.isEmpty)
    }

    /// Where no page says which callbacks a URL gets, the model refuses the event instead of guessing.
    @Test(arguments: [
        ("foregroundInactive", [(scene: String, event: String)]()),
        ("unattached", [(scene: "main", event: "backgroundLaunch")]),
        ("unattached", [(scene: "main", event: "backgroundLaunch"), (scene: "main", event: "suspend")]),
        ("unattached", [(scene: "other", event: "connect")]),
    ])
    func urlWhereTheCallbacksAreNotDocumented(start: String, setup: [(scene: String, event: String)]) throws {
        var sim = try simulation(machine, from: start, after: setup)
        #expect(throws: ImpossibleEvent.self) { try sim.fire("openURL").get() }
        #expect(sim.state() == start)
    }

    @Test func urlOpenOrderIsUnconfirmedForABackgroundScene() throws {
        var sim = try simulation(machine, from: "background")
        let step = try sim.fire("openURL").get()
        #expect(step.transition.confidence == .unconfirmed)
        #expect(step.transition.note?.contains("UNCONFIRMED") == true)
        #expect(step.alternatives.isEmpty)
    }

    /// [AP-BGSEQ]: "If your app is in memory and suspended when an event arrives, the system resumes
    /// the app in the background". With scenes UIKit does not call applicationDidEnterBackground
    /// [AP-DEB], and no scene changes state: only the process runs again.
    @Test(arguments: [
        ("background", [(scene: "main", event: "suspend")]),
        ("unattached", [(scene: "main", event: "backgroundLaunch"), (scene: "main", event: "suspend")]),
    ])
    func suspendedAppWokenByABackgroundEvent(start: String, setup: [(scene: String, event: String)]) throws {
        var sim = try simulation(machine, from: start, after: setup)
        #expect(sim.process == .suspended)
        let step = try sim.fire("backgroundEvent").get()
        #expect(step.transition.row == "S13")
        #expect(step.states.isEmpty)
        #expect(step.callbacks.isEmpty)
        #expect(step.transition.confidence == .inferred)
        #expect(sim.process == .running)
        #expect(sim.state() == start)
        #expect(step.aggregate == "background")
        // Running again, it can be suspended again; a running process is not woken twice.
        #expect(!sim.possibleEvents().contains("backgroundEvent"))
        _ = try sim.fire("suspend").get()
        #expect(sim.process == .suspended)
    }

    /// "If your app has opted into Scenes, and your app is not running, the system delivers the universal
    /// link to the scene(_:willConnectTo:options:) delegate method after launch, and to scene(_:continue:)
    /// when the universal link is tapped while your app is running or suspended in memory" [AP-UL].
    @Test func universalLinkAtLaunchArrivesInTheConnectionOptions() throws {
        var sim = Simulation(machine: machine)
        let step = try sim.fire("universalLink").get()
        #expect(step.transition.row == "S14")
        #expect(step.states == ["foregroundInactive", "foregroundActive"])
        #expect(written(step.callbacks) == launch + [configuration + "?", willConnect, "sceneWillEnterForeground", "sceneDidBecomeActive"])
        #expect(!step.callbacks.map(\.name).contains("scene(_:continue:)"))
        #expect(step.transition.confidence == .doc)
        #expect(sim.process == .running)
    }

    @Test func universalLinkInAnActiveSceneCallsContinue() throws {
        var sim = try simulation(machine, from: "foregroundActive")
        let step = try sim.fire("universalLink").get()
        #expect(step.transition.row == "S14")
        #expect(step.states.isEmpty)
        #expect(step.callbacks.map(\.name) == ["scene(_:continue:)"])
        #expect(step.transition.confidence == .doc)
        #expect(machine.resolveCallback("scene(_:continue:)") == "scene(_:continue:)")
    }

    @Test(arguments: [[(scene: String, event: String)](), [(scene: "main", event: "suspend")]])
    func universalLinkForABackgroundSceneBringsItForward(setup: [(scene: String, event: String)]) throws {
        var sim = try simulation(machine, from: "background", after: setup)
        let step = try sim.fire("universalLink").get()
        #expect(step.transition.row == "S14")
        #expect(step.states == ["foregroundInactive", "foregroundActive"])
        #expect(step.callbacks.map(\.name) == ["sceneWillEnterForeground", "scene(_:continue:)", "sceneDidBecomeActive"])
        #expect(step.transition.confidence == .unconfirmed)
        #expect(sim.process == .running)
    }

    @Test func aBackgroundEventCannotWakeAnAppThatIsNotRunning() {
        var sim = Simulation(machine: machine)
        #expect(throws: ImpossibleEvent.self) { try sim.fire("backgroundEvent").get() }
    }

    @Test func swipeKillWithDisconnectIsAnUnconfirmedAlternative() throws {
        var sim = try simulation(machine, from: "background", after: [("main", "suspend")])
        let step = try sim.fire("purge").get()
        #expect(step.transition.confidence == .docArchived)
        #expect(step.callbacks.isEmpty)
        #expect(step.alternatives.map(\.row) == ["S11"])
        #expect(step.alternatives.map(\.confidence) == [.unconfirmed])
        #expect(step.alternatives.map { written($0.callbacks) } == [["sceneDidDisconnect"]])
    }

    @Test func reopeningAPurgedAppIsAColdLaunch() throws {
        var sim = try simulation(machine, from: "background", after: [("main", "suspend"), ("main", "purge")])
        #expect(sim.process == .notRunning)
        #expect(sim.possibleEvents().contains("reopen") == false)
        let step = try sim.fire("connect").get()
        #expect(step.transition.row == "S1")
        #expect(Array(step.callbacks.prefix(2).map(\.name)) == launch)
    }

    // MARK: The app-level value without attached scenes

    /// After a background launch the process runs with no scene attached; the app's state
    /// (`UIApplication.State`) is background, a value "unattached" is not.
    @Test func backgroundLaunchLeavesTheAppInTheBackground() throws {
        var sim = Simulation(machine: machine)
        #expect(sim.aggregate == "unattached")
        let launched = try sim.fire("backgroundLaunch").get()
        #expect(launched.aggregate == "background")
        let suspended = try sim.fire("suspend").get()
        #expect(suspended.aggregate == "background")
        let purged = try sim.fire("purge").get()
        #expect(purged.aggregate == "unattached")
        #expect(sim.process == .notRunning)
    }

    @Test func theLastSceneDisconnectedLeavesARunningAppInTheBackground() throws {
        var sim = try simulation(machine, from: "unattached", after: [("main", "connect"), ("main", "home")])
        let step = try sim.fire("disconnect").get()
        #expect(step.aggregate == "background")
        #expect(sim.process == .running)
        _ = try sim.fire("terminate").get()
        #expect(sim.aggregate == "unattached")
    }

    @Test(arguments: [
        (ProcessState.notRunning, "unattached"), (.running, "background"), (.suspended, "background"),
    ])
    func aggregateWithoutAttachedScenes(process: ProcessState, expected: String) {
        #expect(machine.aggregateState(of: ["unattached"], process: process) == expected)
        #expect(machine.aggregateState(of: [String](), process: process) == expected)
        // Attached scenes decide whatever the process does.
        #expect(machine.aggregateState(of: ["unattached", "foregroundInactive"], process: process) == "foregroundInactive")
    }

    /// A suspended process "is not executing code" [AP-APG-LC], yet UIKit "can disconnect a background
    /// or suspended scene" [AP-LC] and calls sceneDidDisconnect [AP-SDD]: the process runs for the callback.
    @Test func disconnectingASuspendedSceneResumesTheProcessForTheCallback() throws {
        var sim = try simulation(machine, from: "background", after: [("main", "suspend")])
        #expect(sim.process == .suspended)
        let step = try sim.fire("disconnect").get()
        #expect(step.callbacks.map(\.name) == ["sceneDidDisconnect"])
        #expect(step.transition.effects.contains(.setProcess(.running)))
        #expect(step.transition.confidence == .inferred)
        #expect(sim.process == .running)
        #expect(step.aggregate == "background")
        // The running process can be suspended again.
        _ = try sim.fire("suspend").get()
        #expect(sim.process == .suspended)
    }

    // MARK: Several scenes (iPad)

    @Test func iPadSceneGoesInactiveWhileAnotherStaysActive() throws {
        var sim = Simulation(machine: machine)
        let first = try sim.fire("connect", scene: "A").get()
        #expect(first.transition.row == "S1")
        #expect(first.aggregate == "foregroundActive")

        let second = try sim.fire("connect", scene: "B").get()
        #expect(second.transition.row == "S2")
        #expect(second.callbacks.map(\.name) == [willConnect, "sceneWillEnterForeground", "sceneDidBecomeActive"])
        #expect(!second.callbacks.contains { $0.name.hasPrefix("application") })

        let interrupted = try sim.fire("interruption", scene: "A").get()
        #expect(interrupted.callbacks.map(\.name) == ["sceneWillResignActive"])
        #expect(sim.state(of: "A") == "foregroundInactive")
        #expect(sim.state(of: "B") == "foregroundActive")
        #expect(interrupted.aggregate == "foregroundActive")

        _ = try sim.fire("home", scene: "B").get()
        #expect(sim.state(of: "B") == "background")
        #expect(sim.aggregate == "foregroundInactive")
    }

    @Test func suspensionWaitsUntilNoSceneIsInTheForeground() throws {
        var sim = Simulation(machine: machine)
        for (scene, event) in [("A", "connect"), ("B", "connect"), ("A", "home")] {
            _ = try sim.fire(event, scene: scene).get()
        }
        #expect(sim.state(of: "A") == "background")
        #expect(sim.state(of: "B") == "foregroundActive")

        guard case .failure(let refused) = sim.fire("suspend", scene: "A") else {
            Issue.record("suspension allowed while scene B is foreground active")
            return
        }
        #expect(refused.state == "background")
        #expect(!refused.possible.contains("suspend"))
        #expect(refused.possible.contains("reopen"))
        #expect(throws: ImpossibleEvent.self) { try sim.fire("terminate", scene: "A").get() }
        #expect(sim.process == .running)

        _ = try sim.fire("interruption", scene: "B").get()
        #expect(throws: ImpossibleEvent.self) { try sim.fire("suspend", scene: "A").get() }

        _ = try sim.fire("home", scene: "B").get()
        #expect(sim.aggregate == "background")
        let suspended = try sim.fire("suspend", scene: "A").get()
        #expect(suspended.states.isEmpty)
        #expect(sim.process == .suspended)
        #expect(sim.state(of: "A") == "background")
        #expect(sim.state(of: "B") == "background")

        let back = try sim.fire("reopen", scene: "B").get()
        #expect(back.transition.row == "S9")
        #expect(sim.process == .running)
        #expect(sim.state(of: "A") == "background")
        #expect(back.aggregate == "foregroundActive")
    }

    @Test func purgeEndsEveryScene() throws {
        var sim = Simulation(machine: machine)
        for (scene, event) in [("A", "connect"), ("B", "connect"), ("A", "home"), ("B", "home"), ("B", "suspend")] {
            _ = try sim.fire(event, scene: scene).get()
        }
        let purged = try sim.fire("purge", scene: "A").get()
        #expect(purged.transition.row == "S11")
        #expect(sim.process == .notRunning)
        #expect(sim.scenes.allSatisfy { $0.state == "unattached" })
        #expect(purged.aggregate == "unattached")

        let relaunch = try sim.fire("connect", scene: "B").get()
        #expect(relaunch.transition.row == "S1")
    }

    @Test(arguments: [
        (["foregroundActive", "foregroundInactive"], "foregroundActive"),
        (["foregroundInactive", "foregroundActive", "background"], "foregroundActive"),
        (["foregroundInactive", "background"], "foregroundInactive"),
        (["foregroundInactive", "foregroundInactive", "unattached"], "foregroundInactive"),
        (["background", "background"], "background"),
        (["background", "unattached", "background"], "background"),
        (["unattached", "unattached"], "unattached"),
    ])
    func aggregate(scenes: [String], expected: String) {
        #expect(machine.aggregateState(of: scenes) == expected)
    }

    // MARK: Paths and callback orders

    @Test func foregroundToBackgroundPassesThroughInactive() throws {
        let path = try resolvedPath("Foreground Active → Foreground Inactive → Background", in: machine)
        #expect(machine.verdict(forPath: path) == .legal)
        #expect(machine.verdict(forPath: try resolvedPath("Unattached → Foreground Inactive → Foreground Active", in: machine)) == .legal)
        #expect(machine.verdict(forPath: try resolvedPath("Background → Foreground Inactive → Foreground Active", in: machine)) == .legal)
        #expect(machine.verdict(forPath: try resolvedPath("Background → Unattached", in: machine)) == .legal)
    }

    @Test(arguments: [
        ("Background → Foreground Active", 1, "foregroundInactive"),
        ("Unattached → Foreground Active", 1, "foregroundInactive"),
        ("Foreground Active → Background", 1, "foregroundInactive"),
        ("Foreground Active → Unattached", 1, "foregroundInactive"),
    ])
    func illegalPath(text: String, index: Int, expectedNext: String) throws {
        let verdict = machine.verdict(forPath: try resolvedPath(text, in: machine))
        guard case .illegal(let at, let expected) = verdict else {
            Issue.record("'\(text)' should be illegal")
            return
        }
        #expect(at == index)
        #expect(expected.contains(expectedNext))
    }

    @Test(arguments: [
        ["sceneWillResignActive", "sceneDidEnterBackground"],
        ["sceneWillEnterForeground", "sceneDidBecomeActive"],
        ["sceneDidEnterBackground", "sceneWillEnterForeground", "sceneDidBecomeActive"],
        ["willFinishLaunching", "didFinishLaunching", "willConnectTo", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)"],
        ["didFinishLaunching", "willConnectTo"],
        ["sceneDidEnterBackground", "sceneDidDisconnect"],
        ["sceneDidEnterBackground", "applicationWillTerminate"],
        ["sceneWillEnterForeground", "scene:openURLContexts:", "sceneDidBecomeActive"],
        ["sceneDidBecomeActive", "openURLContexts"],
        ["sceneDidEnterBackground", "applicationDidReceiveMemoryWarning:", "applicationWillTerminate"],
        ["applicationProtectedDataWillBecomeUnavailable", "sceneWillResignActive", "sceneDidEnterBackground"],
        ["sceneWillResignActive", "sceneDidEnterBackground", "applicationProtectedDataWillBecomeUnavailable:"],
    ])
    func possibleCallbackOrder(_ names: [String]) throws {
        let order = try names.map { try #require(machine.resolveCallback($0), "unknown callback '\($0)'") }
        #expect(machine.canProduce(callbackOrder: order))
    }

    @Test func launchMethodsComeBeforeTheScene() {
        #expect(!machine.canProduce(callbackOrder: [launch[0], willConnect, launch[1]]))
        #expect(!machine.canProduce(callbackOrder: [launch[1], launch[0], willConnect]))
    }

    @Test func becomingActiveAfterBackgroundNeedsWillEnterForeground() {
        // S9: sceneWillEnterForeground always comes between, and core callbacks are never skipped.
        #expect(!machine.canProduce(callbackOrder: ["sceneDidEnterBackground", "sceneDidBecomeActive"]))
        // S18 from the background too: the URL is opened on the way forward, not instead of it.
        #expect(!machine.canProduce(callbackOrder: ["sceneDidEnterBackground", openURLContexts, "sceneDidBecomeActive"]))
    }

    @Test func aURLAtLaunchIsNotOpenedThroughOpenURLContexts() {
        // S18 from a process that is not running: the URL is in willConnectTo's options.
        #expect(!machine.canProduce(callbackOrder: [launch[1], willConnect, openURLContexts]))
        #expect(!machine.canProduce(callbackOrder: [launch[1], openURLContexts]))
    }

    // MARK: Names

    @Test(arguments: [
        ("Foreground Active", "foregroundActive"),
        ("foreground_active", "foregroundActive"),
        ("FOREGROUND-INACTIVE", "foregroundInactive"),
        ("Foreground Inactive", "foregroundInactive"),
        (".background", "background"),
        ("Background", "background"),
        ("unattached", "unattached"),
        ("UIScene.ActivationState.foregroundActive", "foregroundActive"),
        ("UISceneActivationStateBackground", "background"),
        (".foregroundInactive", "foregroundInactive"),
    ])
    func stateSpelling(_ name: String, id: String) {
        #expect(machine.resolveState(name) == id)
    }

    @Test(arguments: ["Suspended", "Not Running", "Inactive", "Active"])
    func statesScenesDoNotHave(_ name: String) {
        #expect(machine.resolveState(name) == nil)
    }

    @Test(arguments: [
        ("scene(_:willConnectTo:options:)", "scene(_:willConnectTo:options:)"),
        ("willConnectTo", "scene(_:willConnectTo:options:)"),
        ("sceneWillConnect", "scene(_:willConnectTo:options:)"),
        ("scene:willConnectToSession:options:", "scene(_:willConnectTo:options:)"),
        ("sceneWillEnterForeground(_:)", "sceneWillEnterForeground"),
        ("sceneDidBecomeActive", "sceneDidBecomeActive"),
        ("sceneWillResignActive(_:)", "sceneWillResignActive"),
        ("sceneDidEnterBackground:", "sceneDidEnterBackground"),
        ("sceneDidDisconnect(_:)", "sceneDidDisconnect"),
        ("didFinishLaunching", "application(_:didFinishLaunchingWithOptions:)"),
        ("application(_:willFinishLaunchingWithOptions:)", "application(_:willFinishLaunchingWithOptions:)"),
        ("configurationForConnecting", "application(_:configurationForConnecting:options:)"),
        ("applicationWillTerminate(_:)", "applicationWillTerminate"),
        ("scene(_:openURLContexts:)", "scene(_:openURLContexts:)"),
        ("scene:openURLContexts:", "scene(_:openURLContexts:)"),
        ("openURLContexts", "scene(_:openURLContexts:)"),
        ("applicationDidReceiveMemoryWarning(_:)", "applicationDidReceiveMemoryWarning"),
        ("applicationDidReceiveMemoryWarning:", "applicationDidReceiveMemoryWarning"),
        ("applicationProtectedDataWillBecomeUnavailable:", "applicationProtectedDataWillBecomeUnavailable"),
        ("applicationProtectedDataDidBecomeAvailable(_:)", "applicationProtectedDataDidBecomeAvailable"),
    ])
    func callbackSpelling(_ name: String, id: String) {
        #expect(machine.resolveCallback(name) == id)
    }

    /// With scenes the URL reaches the scene delegate: application(_:open:options:) is the app machine's (A18).
    @Test(arguments: [
        "applicationDidBecomeActive", "applicationWillResignActive", "scenedidbecomeactive", "onPause",
        "application(_:open:options:)", "application:openURL:options:", "openURL",
    ])
    func callbacksThatScenesDoNotGet(_ name: String) {
        #expect(machine.resolveCallback(name) == nil)
    }

    @Test func appDelegateMethodsAreSpelledAsInTheAppMachine() throws {
        for id in launch + [
            "applicationWillTerminate", "applicationDidReceiveMemoryWarning",
            "applicationProtectedDataWillBecomeUnavailable", "applicationProtectedDataDidBecomeAvailable",
        ] {
            let scene = try #require(machine.callbacks.first { $0.id == id })
            #expect(Machines.iosApp.callbacks.contains(scene))
        }
    }
}

// MARK: Both machines

@Suite struct SceneMachineIntegrityTests {
    @Test(arguments: ["ios-scene", "swiftui"])
    func everyReferenceIsKnown(id: String) throws {
        let machine = try #require(Machines.machine(id))
        let states = Set(machine.states.map(\.id))
        let events = Set(machine.events.map(\.id))
        let callbacks = Set(machine.callbacks.map(\.id))
        #expect(states.count == machine.states.count)
        #expect(events.count == machine.events.count)
        #expect(callbacks.count == machine.callbacks.count)
        #expect(states.contains(machine.initialState))
        #expect(machine.multiScene)
        for t in machine.transitions {
            #expect(states.contains(t.from), "\(t.row): unknown state \(t.from)")
            #expect(events.contains(t.event), "\(t.row): unknown event \(t.event)")
            for s in t.states { #expect(states.contains(s), "\(t.row): unknown state \(s)") }
            for c in t.callbacks { #expect(callbacks.contains(c.name), "\(t.row): unknown callback \(c.name)") }
            #expect(!t.sources.isEmpty, "\(t.row) has no source")
            for tag in t.sources { #expect(SourceIndex.source(tag) != nil, "\(t.row): unknown source \(tag)") }
            if t.confidence != .doc && t.confidence != .docArchived {
                #expect(t.note != nil, "\(t.row) is \(t.confidence) without a note")
            }
            for case .otherScenesIn(let allowed) in t.conditions {
                #expect(allowed.isSubset(of: states), "\(t.row): unknown state in condition")
            }
            for case .allScenes(let state) in t.effects {
                #expect(states.contains(state), "\(t.row): unknown state in effect")
            }
        }
    }

    @Test(arguments: ["ios-scene", "swiftui"])
    func everySpellingResolvesToItsOwner(id: String) throws {
        let machine = try #require(Machines.machine(id))
        for state in machine.states {
            for name in [state.id, state.name] + state.aliases {
                #expect(machine.resolveState(name) == state.id, "\(name)")
            }
        }
        for callback in machine.callbacks {
            for name in [callback.id] + callback.aliases {
                #expect(machine.resolveCallback(name) == callback.id, "\(name)")
            }
        }
    }

    @Test(arguments: ["ios-scene", "swiftui"])
    func everyStateIsReachableAndEveryEventUsed(id: String) throws {
        let machine = try #require(Machines.machine(id))
        var reached: Set<String> = [machine.initialState]
        var frontier = [machine.initialState]
        while let state = frontier.popLast() {
            for t in machine.transitions where t.from == state {
                for next in t.states where reached.insert(next).inserted { frontier.append(next) }
            }
        }
        #expect(reached == Set(machine.states.map(\.id)))
        #expect(Set(machine.transitions.map(\.event)) == Set(machine.events.map(\.id)))
    }

    @Test(arguments: ["ios-scene", "swiftui"])
    func aggregateIsDocumentedAndExported(id: String) throws {
        let machine = try #require(Machines.machine(id))
        let summary = try #require(machine.aggregateSummary)
        #expect(!summary.isEmpty)
        #expect(machine.aggregateState(of: [machine.initialState]) == machine.initialState)
        let json = ModelExport.machineJSON(machine)
        #expect(json.contains("\"aggregate\":"))
        #expect(json.contains("\"id\":\"\(id)\""))
    }
}
