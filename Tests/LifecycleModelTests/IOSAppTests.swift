import Testing
@testable import LifecycleMachines

@testable import LifecycleModel

/// Rows A1–A14 of spec §1.3, each as a run of the ios-app machine.
@Suite struct IOSAppTests {
    struct Row: Sendable, CustomStringConvertible {
        var row: String
        var from: String
        var event: String
        var states: [String]
        var callbacks: [String]
        var confidence: Confidence
        var description: String { "\(row): \(event) from \(from)" }
    }

    static let launch = ["application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)"]

    static let rows: [Row] = [
        Row(row: "A1", from: "notRunning", event: "launch", states: ["inactive", "active"], callbacks: launch + ["applicationDidBecomeActive"], confidence: .doc),
        Row(row: "A2", from: "notRunning", event: "backgroundLaunch", states: ["background"], callbacks: launch + ["applicationDidEnterBackground"], confidence: .doc),
        Row(row: "A3", from: "active", event: "interruption", states: ["inactive"], callbacks: ["applicationWillResignActive"], confidence: .doc),
        Row(row: "A4", from: "inactive", event: "interruptionEnded", states: ["active"], callbacks: ["applicationDidBecomeActive"], confidence: .doc),
        Row(row: "A5", from: "inactive", event: "home", states: ["background"], callbacks: ["applicationDidEnterBackground"], confidence: .docArchived),
        Row(row: "A6", from: "active", event: "home", states: ["inactive", "background"], callbacks: ["applicationWillResignActive", "applicationDidEnterBackground"], confidence: .doc),
        Row(row: "A7", from: "background", event: "suspend", states: ["suspended"], callbacks: [], confidence: .doc),
        Row(row: "A8", from: "suspended", event: "backgroundEvent", states: ["background"], callbacks: ["applicationDidEnterBackground"], confidence: .doc),
        Row(row: "A9", from: "background", event: "reopen", states: ["inactive", "active"], callbacks: ["applicationWillEnterForeground", "applicationDidBecomeActive"], confidence: .doc),
        Row(row: "A9", from: "suspended", event: "reopen", states: ["inactive", "active"], callbacks: ["applicationWillEnterForeground", "applicationDidBecomeActive"], confidence: .doc),
        Row(row: "A10", from: "suspended", event: "purge", states: ["notRunning"], callbacks: [], confidence: .docArchived),
        Row(row: "A11", from: "background", event: "terminate", states: ["notRunning"], callbacks: ["applicationWillTerminate"], confidence: .doc),
        Row(row: "A12", from: "background", event: "expire", states: ["notRunning"], callbacks: [], confidence: .doc),
        Row(row: "A14", from: "active", event: "reboot", states: ["notRunning"], callbacks: [], confidence: .docArchived),
        Row(row: "A14", from: "inactive", event: "reboot", states: ["notRunning"], callbacks: [], confidence: .docArchived),
        Row(row: "A14", from: "background", event: "reboot", states: ["notRunning"], callbacks: [], confidence: .docArchived),
        Row(row: "A14", from: "suspended", event: "reboot", states: ["notRunning"], callbacks: [], confidence: .docArchived),
    ] + ["active", "inactive", "background"].flatMap { from in
        // A15–A17: notifications of a running app that change no state.
        [
            Row(row: "A15", from: from, event: "memoryWarning", states: [], callbacks: ["applicationDidReceiveMemoryWarning"], confidence: .doc),
            Row(row: "A16", from: from, event: "protectedDataLocked", states: [], callbacks: ["applicationProtectedDataWillBecomeUnavailable"], confidence: .inferred),
            Row(row: "A17", from: from, event: "protectedDataUnlocked", states: [], callbacks: ["applicationProtectedDataDidBecomeAvailable"], confidence: .inferred),
        ]
    }

    @Test(arguments: rows)
    func rowRunsAsDocumented(_ row: Row) throws {
        var simulation = Simulation(machine: Machines.iosApp, from: row.from)
        let step = try simulation.fire(row.event).get()
        #expect(step.transition.row == row.row)
        #expect(step.states == row.states)
        #expect(step.callbacks.map(\.name) == row.callbacks)
        #expect(step.transition.confidence == row.confidence)
        #expect(simulation.state() == row.states.last ?? row.from)
    }

    @Test func a13RelaunchAfterTerminationIsAColdLaunchAgain() throws {
        var simulation = Simulation(machine: Machines.iosApp, from: "background")
        _ = try simulation.fire("terminate").get()
        let step = try simulation.fire("launch").get()
        #expect(step.transition.row == "A1")
        #expect(step.callbacks.map(\.name) == Self.launch + ["applicationDidBecomeActive"])
    }

    /// "The system does not call this method when the device reboots" [AP-APG-LC] is not tied to
    /// one state: a reboot ends the app from every state in which it exists, and never calls
    /// applicationWillTerminate (not even from background, where A11 would).
    @Test(arguments: ["active", "inactive", "background", "suspended"])
    func rebootEndsTheAppFromEveryRunningStateWithoutWillTerminate(_ from: String) throws {
        var simulation = Simulation(machine: Machines.iosApp, from: from)
        #expect(simulation.possibleEvents().contains("reboot"))
        let step = try simulation.fire("reboot").get()
        #expect(step.transition.row == "A14")
        #expect(step.states == ["notRunning"])
        #expect(step.callbacks.isEmpty)
        #expect(step.alternatives.isEmpty)
        #expect(simulation.state() == "notRunning")
        #expect(try simulation.fire("launch").get().transition.row == "A1")
    }

    @Test func rebootIsImpossibleWhenTheAppIsNotRunning() {
        var simulation = Simulation(machine: Machines.iosApp)
        #expect(throws: ImpossibleEvent.self) { try simulation.fire("reboot").get() }
    }

    /// "If the system runs low on free memory and is unable to reclaim memory by terminating suspended
    /// apps, UIKit sends a low-memory warning to running apps" [AP-MEM]: a running app gets
    /// applicationDidReceiveMemoryWarning and stays where it is (A15 in `rows`); a suspended one is
    /// purged without it.
    @Test func aSuspendedAppGetsNoMemoryWarningBeforeItIsPurged() throws {
        var simulation = Simulation(machine: Machines.iosApp, from: "suspended")
        #expect(throws: ImpossibleEvent.self) { try simulation.fire("memoryWarning").get() }
        #expect(try simulation.fire("purge").get().callbacks.isEmpty)
        #expect(Machines.iosApp.resolveCallback("applicationDidReceiveMemoryWarning(_:)") == "applicationDidReceiveMemoryWarning")
    }

    /// On a device with content protection, "protected files are stored in an encrypted form and made
    /// available only at certain times, usually when the device is unlocked" [AP-PDWU] [AP-PDDA]. A
    /// running app is told on lock and unlock (A16, A17 in `rows`); a suspended one runs no code.
    @Test func protectedDataNotificationsNeedARunningApp() {
        for from in ["notRunning", "suspended"] {
            var simulation = Simulation(machine: Machines.iosApp, from: from)
            #expect(throws: ImpossibleEvent.self) { try simulation.fire("protectedDataLocked").get() }
            #expect(throws: ImpossibleEvent.self) { try simulation.fire("protectedDataUnlocked").get() }
        }
        #expect(Machines.iosApp.resolveCallback("applicationProtectedDataWillBecomeUnavailable(_:)") == "applicationProtectedDataWillBecomeUnavailable")
        #expect(Machines.iosApp.resolveCallback("applicationProtectedDataDidBecomeAvailable(_:)") == "applicationProtectedDataDidBecomeAvailable")
    }

    /// A URL launch: "the system calls the application(_:open:options:) method after your app finishes
    /// initializing itself" [AP-WFL]; its place before applicationDidBecomeActive is inferred.
    @Test func urlLaunchOpensTheURLAfterTheLaunchMethods() throws {
        var simulation = Simulation(machine: Machines.iosApp)
        let step = try simulation.fire("openURL").get()
        #expect(step.transition.row == "A18")
        #expect(step.states == ["inactive", "active"])
        #expect(step.callbacks.map(\.name) == Self.launch + ["application(_:open:options:)", "applicationDidBecomeActive"])
        #expect(step.transition.confidence == .inferred)
        #expect(!step.callbacks.map(\.name).contains("applicationWillEnterForeground"))
    }

    /// "If a URL arrives while your app is suspended or running in the background, the system moves
    /// your app to the foreground prior to calling this method" [AP-OPEN]: no launch methods.
    @Test(arguments: ["background", "suspended"])
    func urlForABackgroundAppBringsItForwardFirst(_ from: String) throws {
        var simulation = Simulation(machine: Machines.iosApp, from: from)
        let step = try simulation.fire("openURL").get()
        #expect(step.transition.row == "A18")
        #expect(step.states == ["inactive", "active"])
        #expect(step.callbacks.map(\.name) == ["applicationWillEnterForeground", "application(_:open:options:)", "applicationDidBecomeActive"])
        #expect(step.transition.confidence == .unconfirmed)
        #expect(Machines.iosApp.resolveCallback("application(_:open:options:)") == "application(_:open:options:)")
        #expect(Machines.iosApp.resolveCallback("application:openURL:options:") == "application(_:open:options:)")
    }

    @Test func suspendAndPurgeCallNothing() throws {
        var simulation = Simulation(machine: Machines.iosApp, from: "background")
        #expect(try simulation.fire("suspend").get().callbacks.isEmpty)
        #expect(try simulation.fire("purge").get().callbacks.isEmpty)
        #expect(simulation.state() == "notRunning")
    }

    @Test func backgroundLaunchNeverPassesThroughInactiveOrActive() throws {
        var simulation = Simulation(machine: Machines.iosApp)
        let step = try simulation.fire("backgroundLaunch").get()
        #expect(!step.states.contains("inactive") && !step.states.contains("active"))
        #expect(!step.callbacks.map(\.name).contains("applicationDidBecomeActive"))
    }

    @Test func returnFromSuspendedSkipsDidFinishLaunching() throws {
        var simulation = Simulation(machine: Machines.iosApp, from: "suspended")
        let step = try simulation.fire("reopen").get()
        #expect(!step.callbacks.map(\.name).contains("application(_:didFinishLaunchingWithOptions:)"))
    }

    @Test func anImpossibleEventNamesTheStateAndWhatIsPossible() {
        var simulation = Simulation(machine: Machines.iosApp, from: "background")
        guard case .failure(let error) = simulation.fire("interruption") else {
            Issue.record("interruption from background must be impossible")
            return
        }
        #expect(error.state == "background")
        #expect(error.possible == ["reopen", "suspend", "terminate", "expire", "reboot", "memoryWarning", "protectedDataLocked", "protectedDataUnlocked", "openURL"])
    }

    @Test(arguments: [
        (["Not Running", "Inactive", "Active", "Inactive", "Background", "Suspended", "Not Running"], true),
        (["Not Running", "Inactive", "Active"], true),
        (["Background", "Inactive", "Active"], true),
        (["Inactive", "Active"], true),
        (["Not Running", "Background"], true),
        // Only a reboot (A14) leads from Inactive straight to Not Running.
        (["Inactive", "Not Running"], true),
        (["Background", "Active"], false),
        (["Suspended", "Active"], false),
        (["Not Running", "Active"], false),
        (["Active", "Background"], false),
    ])
    func statePaths(_ names: [String], legal: Bool) throws {
        let machine = Machines.iosApp
        let ids = try names.map { try #require(machine.resolveState($0)) }
        #expect((machine.verdict(forPath: ids) == .legal) == legal)
    }

    @Test func illegalPathSaysWhatCanFollow() {
        #expect(Machines.iosApp.verdict(forPath: ["background", "active"]) == .illegal(index: 1, expected: ["suspended", "inactive", "notRunning"]))
    }

    @Test func shortestPathFromBackgroundToActiveGoesThroughInactive() throws {
        let path = try #require(Machines.iosApp.shortestPath(from: "notRunning", to: "suspended"))
        #expect(path.map(\.event) == ["backgroundLaunch", "suspend"])
        #expect(Machines.iosApp.shortestPath(from: "background", to: "active")?.map(\.row) == ["A9"])
    }

    @Test(arguments: [
        (["applicationWillResignActive", "applicationDidEnterBackground"], true),
        (["applicationWillEnterForeground", "applicationDidBecomeActive"], true),
        (["didFinishLaunchingWithOptions", "applicationDidBecomeActive"], true),
        (["applicationDidEnterBackground", "applicationDidBecomeActive"], false),
        (["didFinishLaunching", "applicationWillEnterForeground"], false),
    ])
    func callbackOrders(_ names: [String], possible: Bool) throws {
        let machine = Machines.iosApp
        let ids = try names.map { try #require(machine.resolveCallback($0)) }
        #expect(machine.canProduce(callbackOrder: ids) == possible)
    }

    @Test func articleSpellingsResolve() {
        let machine = Machines.iosApp
        #expect(machine.resolveState("Not Running") == "notRunning")
        #expect(machine.resolveState("NOT_RUNNING") == "notRunning")
        #expect(machine.resolveCallback("applicationWillResignActive(_:)") == "applicationWillResignActive")
        #expect(machine.resolveCallback("application(_:didFinishLaunchingWithOptions:)") == "application(_:didFinishLaunchingWithOptions:)")
        #expect(machine.resolveCallback("didFinishLaunchingWithOptions") == "application(_:didFinishLaunchingWithOptions:)")
        #expect(machine.resolveCallback("onPause") == nil)
    }
}
