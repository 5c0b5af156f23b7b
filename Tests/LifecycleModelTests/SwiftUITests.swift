import Testing
@testable import LifecycleMachines
@testable import LifecycleModel

/// One row of spec §3 (or a variant of it), run through `Simulation.fire`.
struct PhaseRowCase: Sendable, CustomTestStringConvertible {
    let label: String
    let row: String
    let start: String
    let event: String
    let states: [String]
    let confidence: Confidence
    /// The states of the other documented outcomes, with their confidence.
    var alternatives: [[String]] = []
    var alternativeConfidence: [Confidence] = []

    var testDescription: String { label }
}

private let phaseRows: [PhaseRowCase] = [
    PhaseRowCase(
        label: "P1 scene shown", row: "P1", start: "noScene", event: "connect", states: ["active"], confidence: .unconfirmed,
        alternatives: [["inactive", "active"]], alternativeConfidence: [.unconfirmed]),
    PhaseRowCase(label: "P2 interruption", row: "P2", start: "active", event: "interruption", states: ["inactive"], confidence: .doc),
    PhaseRowCase(label: "P3 interruption ends", row: "P3", start: "inactive", event: "interruptionEnded", states: ["active"], confidence: .inferred),
    PhaseRowCase(label: "P4 home", row: "P4", start: "active", event: "home", states: ["inactive", "background"], confidence: .doc),
    PhaseRowCase(label: "P4 interruption leads away", row: "P4", start: "inactive", event: "home", states: ["background"], confidence: .inferred),
    // [AP-SP] says only that a scene "can also return to the active phase from the background";
    // UIKit's foregroundInactive is passed "on its way to or from another state" [AP-ASTATE]. So the
    // default is through .inactive, and neither reading is `doc`.
    PhaseRowCase(
        label: "P5 return", row: "P5", start: "background", event: "reopen", states: ["inactive", "active"], confidence: .inferred,
        alternatives: [["active"]], alternativeConfidence: [.unconfirmed]),
    PhaseRowCase(label: "S10 scene closed", row: "S10", start: "background", event: "disconnect", states: ["noScene"], confidence: .inferred),
]

@Suite struct SwiftUITests {
    let machine = Machines.swiftUI

    @Test(arguments: phaseRows)
    func row(_ c: PhaseRowCase) throws {
        var sim = try simulation(machine, from: c.start)
        let step = try sim.fire(c.event).get()
        #expect(step.transition.row == c.row)
        #expect(step.from == c.start)
        #expect(step.states == c.states)
        #expect(step.callbacks.isEmpty)
        #expect(step.transition.confidence == c.confidence)
        #expect(step.alternatives.map(\.states) == c.alternatives)
        #expect(step.alternatives.map(\.confidence) == c.alternativeConfidence)
        #expect(sim.state() == (c.states.last ?? c.start))
    }

    @Test func everyRowIsEncoded() {
        let rows = Set(machine.transitions.map(\.row))
        #expect(rows.isSuperset(of: (1...5).map { "P\($0)" }))
        #expect(machine.transitions.filter { $0.row == "P1" }.allSatisfy { $0.confidence == .unconfirmed })
    }

    @Test func noReadingOfP5IsLabelledDoc() {
        let p5 = machine.transitions.filter { $0.row == "P5" }
        #expect(p5.count == 2)
        #expect(p5.allSatisfy { $0.confidence == .inferred || $0.confidence == .unconfirmed })
        #expect(p5.first?.states == ["inactive", "active"])
    }

    /// `onChange(of:initial:_:)` (iOS 17+): `initial` defaults to false, so the phase a scene starts in is
    /// not reported unless `initial: true`. The machine's states are the phases, not the calls; the
    /// difference is recorded as an omission rather than modelled.
    @Test func onChangeInitialIsDocumentedAsNotModelled() throws {
        let entry = try #require(machine.omitted.first { $0.row == "onChange(of:initial:)" })
        #expect(entry.reason.contains("initial: true"))
        #expect(ModelExport.machineJSON(machine).contains(#""row":"onChange(of:initial:)""#))
    }

    @Test func thereAreNoCallbacksAndNoSuspension() {
        #expect(machine.callbacks.isEmpty)
        #expect(machine.transitions.allSatisfy { $0.callbacks.isEmpty })
        #expect(machine.resolveCallback("applicationDidBecomeActive") == nil)
        #expect(machine.resolveCallback("sceneDidBecomeActive") == nil)
        #expect(machine.resolveEvent("suspend") == nil)
        #expect(machine.state("noScene")?.observable == false)
        #expect(machine.states.filter(\.observable).map(\.id) == ["active", "inactive", "background"])
    }

    // MARK: Aggregation (spec §3, app level)

    @Test func aggregateOverThreeScenes() throws {
        var sim = Simulation(machine: machine)
        for scene in ["A", "B", "C"] { _ = try sim.fire("connect", scene: scene).get() }
        #expect(sim.aggregate == "active")

        // Active if any scene is active.
        _ = try sim.fire("interruption", scene: "A").get()
        _ = try sim.fire("home", scene: "B").get()
        #expect(sim.scenes.filter { $0.name != Simulation.mainScene }.map(\.state) == ["inactive", "background", "active"])
        #expect(sim.aggregate == "active")

        // Inactive when no scene is active and not every scene is background.
        let leaving = try sim.fire("interruption", scene: "C").get()
        #expect(leaving.aggregate == "inactive")

        // Background when every scene is background.
        _ = try sim.fire("home", scene: "A").get()
        #expect(sim.aggregate == "inactive")
        let last = try sim.fire("home", scene: "C").get()
        #expect(last.aggregate == "background")

        // A closed scene no longer counts.
        _ = try sim.fire("reopen", scene: "B").get()
        _ = try sim.fire("disconnect", scene: "A").get()
        #expect(sim.aggregate == "active")
    }

    @Test(arguments: [
        (["active", "inactive", "background"], "active"),
        (["background", "background", "active"], "active"),
        (["inactive", "inactive", "inactive"], "inactive"),
        (["inactive", "background", "background"], "inactive"),
        (["background", "background", "background"], "background"),
        (["background", "noScene", "background"], "background"),
        (["noScene", "inactive", "noScene"], "inactive"),
        (["noScene", "noScene", "noScene"], "noScene"),
    ])
    func aggregate(scenes: [String], expected: String) {
        #expect(machine.aggregateState(of: scenes) == expected)
    }

    // MARK: Paths and names

    @Test(arguments: [
        "active → inactive → background",
        ".active → .inactive → .background",
        "ScenePhase.background → ScenePhase.active",
        "background → inactive → active",
        "inactive → active → inactive",
    ])
    func legalPath(_ text: String) throws {
        #expect(machine.verdict(forPath: try resolvedPath(text, in: machine)) == .legal)
    }

    @Test(arguments: [
        ("active → background", 1, "inactive"),
        ("No scene → background", 1, "active"),
        ("inactive → noScene", 1, "background"),
    ])
    func illegalPath(text: String, index: Int, expectedNext: String) throws {
        guard case .illegal(let at, let expected) = machine.verdict(forPath: try resolvedPath(text, in: machine)) else {
            Issue.record("'\(text)' should be illegal")
            return
        }
        #expect(at == index)
        #expect(expected.contains(expectedNext))
    }

    @Test(arguments: [
        ("active", "active"), (".active", "active"), ("ScenePhase.active", "active"),
        (".inactive", "inactive"), ("ScenePhase.inactive", "inactive"),
        (".background", "background"), ("ScenePhase.background", "background"),
        ("No scene", "noScene"),
    ])
    func stateSpelling(_ name: String, id: String) {
        #expect(machine.resolveState(name) == id)
    }

    /// Phases are Swift cases: "Active" and "Background" in prose are UIKit's app states.
    @Test(arguments: ["Active", "Inactive", "Background", "scenePhase.active"])
    func capitalizedNamesAreNotPhases(_ name: String) {
        #expect(machine.resolveState(name) == nil)
    }

    @Test(arguments: ["foregroundActive", "Suspended", "unattached"])
    func statesScenePhaseDoesNotHave(_ name: String) {
        #expect(machine.resolveState(name) == nil)
    }
}
