import Testing
@testable import LifecycleMachines

@testable import LifecycleModel

/// The app-level rule of the multi-scene machines is data (`Machine.aggregateRule`),
/// evaluated here and by the browser player. Before, each machine had a Swift closure;
/// those closures are kept below, verbatim, as the reference the data must match.
@Suite struct AggregateRuleTests {
    /// The closures the machines had before the rule became data.
    static let oracles: [String: @Sendable ([String]) -> String] = [
        "ios-scene": { scenes in
            let attached = scenes.filter { $0 != "unattached" }
            if attached.isEmpty { return "unattached" }
            if attached.contains("foregroundActive") { return "foregroundActive" }
            return attached.allSatisfy { $0 == "background" } ? "background" : "foregroundInactive"
        },
        "swiftui": { scenes in
            let existing = scenes.filter { $0 != "noScene" }
            if existing.isEmpty { return "noScene" }
            if existing.contains("active") { return "active" }
            return existing.allSatisfy { $0 == "background" } ? "background" : "inactive"
        },
    ]

    /// Every sequence of 0 to `length` items of `ids`, in every order and with repeats.
    static func sequences(of ids: [String], upTo length: Int) -> [[String]] {
        var all: [[String]] = [[]]
        var last: [[String]] = [[]]
        for _ in 0..<length {
            last = last.flatMap { sequence in ids.map { sequence + [$0] } }
            all += last
        }
        return all
    }

    @Test func everyMultiSceneMachineHasARuleAndAnOracle() {
        let multi = Machines.all.filter(\.multiScene).map(\.id)
        #expect(multi.sorted() == Self.oracles.keys.sorted(), "a new multi-scene machine needs its reference here")
        for machine in Machines.all {
            #expect((machine.aggregateRule != nil) == machine.multiScene, "\(machine.id)")
            #expect((machine.aggregateSummary != nil) == machine.multiScene, "\(machine.id)")
        }
    }

    @Test(arguments: ["ios-scene", "swiftui"])
    func ruleGivesWhatTheClosureGave(id: String) throws {
        let machine = try #require(Machines.machine(id))
        let oracle = try #require(Self.oracles[id])
        let ids = machine.states.map(\.id)
        let all = Self.sequences(of: ids, upTo: 3)
        #expect(all.count == 1 + ids.count + ids.count * ids.count + ids.count * ids.count * ids.count)
        let indexed = try #require(machine.indexedAggregate)
        var values = Set<String>()
        for scenes in all {
            let value = machine.aggregateState(of: scenes)
            #expect(value == oracle(scenes), "\(id) \(scenes)")
            // The form Simulation evaluates, on state indexes (the closures knew no process: a process not running).
            #expect(indexed.value(of: scenes.map { machine.stateIndex[$0]! }, process: .notRunning) == oracle(scenes), "\(id) \(scenes)")
            values.insert(value ?? "nil")
        }
        // The sequences reach every value the rule can give.
        #expect(values == Set(ids), "\(id): \(values.sorted())")
        // A name that is no state of the machine counts as a scene, as it did in the closure.
        for scenes in [["elsewhere"], ["elsewhere", ids[0]], ["elsewhere", "background"]] {
            #expect(machine.aggregateState(of: scenes) == oracle(scenes), "\(id) \(scenes)")
        }
    }

    @Test(arguments: ["ios-scene", "swiftui"])
    func ruleNamesOnlyTheMachinesStates(id: String) throws {
        let machine = try #require(Machines.machine(id))
        let rule = try #require(machine.aggregateRule)
        let ids = Set(machine.states.map(\.id))
        for name in rule.namedStates { #expect(ids.contains(name), "\(id): '\(name)' is not a state") }
        #expect(!rule.cases.isEmpty)
    }

    @Test func simulationReportsTheRulesValue() throws {
        var sim = Simulation(machine: Machines.iosScene)
        #expect(sim.aggregate == "unattached")
        let step = try sim.fire("connect").get()
        #expect(step.aggregate == "foregroundActive")
        _ = try sim.fire("connect", scene: "B").get()
        _ = try sim.fire("home", scene: "B").get()
        #expect(sim.aggregate == "foregroundActive")
        _ = try sim.fire("interruption").get()
        #expect(sim.aggregate == "foregroundInactive")
        #expect(Simulation(machine: Machines.iosApp).aggregate == nil)
        #expect(Machines.iosApp.indexedAggregate == nil)
    }

    @Test func exportCarriesTheRuleAsData() {
        let scene = ModelExport.machineJSON(Machines.iosScene)
        #expect(scene.contains(
            #""aggregateRule":{"ignored":["unattached"],"none":"unattached","cases":[{"any":["foregroundActive"],"value":"foregroundActive"},"#
                + #"{"all":["background"],"value":"background"}],"otherwise":"foregroundInactive","#
                + #""noneByProcess":{"running":"background","suspended":"background"}}"#))
        let phases = ModelExport.machineJSON(Machines.swiftUI)
        #expect(phases.contains(
            #""aggregateRule":{"ignored":["noScene"],"none":"noScene","cases":[{"any":["active"],"value":"active"},"#
                + #"{"all":["background"],"value":"background"}],"otherwise":"inactive"}"#))
        // The words stay beside the data.
        #expect(scene.contains(#""aggregate":"The app's state is the aggregate"#))
        #expect(!ModelExport.machineJSON(Machines.iosApp).contains("aggregate"))
    }

    /// With no scene counted, the process decides where the rule says so (ios-scene: a process
    /// that runs or is suspended without any attached scene is an app in the background).
    @Test(arguments: ["ios-scene", "swiftui"])
    func indexedRuleAgreesWithTheRuleForEveryProcessState(id: String) throws {
        let machine = try #require(Machines.machine(id))
        let indexed = try #require(machine.indexedAggregate)
        let ids = machine.states.map(\.id)
        for process in [ProcessState.notRunning, .running, .suspended] {
            for scenes in Self.sequences(of: ids, upTo: 2) {
                #expect(indexed.value(of: scenes.map { machine.stateIndex[$0]! }, process: process)
                    == machine.aggregateState(of: scenes, process: process), "\(id) \(scenes) \(process)")
            }
        }
    }

    @Test func ruleEvaluationByProcess() {
        let rule = AggregateRule(
            ignoring: ["gone"], none: "gone", noneByProcess: [.running: "idle"], cases: [.any(["a"], "a")], otherwise: "other")
        #expect(rule.value(of: ["gone"]) == "gone")
        #expect(rule.value(of: ["gone"], process: .notRunning) == "gone")
        #expect(rule.value(of: ["gone"], process: .suspended) == "gone")
        #expect(rule.value(of: ["gone"], process: .running) == "idle")
        #expect(rule.value(of: ["a", "gone"], process: .running) == "a")
        #expect(rule.namedStates.contains("idle"))
    }

    /// The rule on its own: ignored states, the empty case, order of cases.
    @Test func ruleEvaluation() {
        let rule = AggregateRule(
            ignoring: ["gone"], none: "gone", cases: [.all(["b"], "all-b"), .any(["a", "b"], "some-a-or-b")], otherwise: "other")
        #expect(rule.value(of: [String]()) == "gone")
        #expect(rule.value(of: ["gone", "gone"]) == "gone")
        #expect(rule.value(of: ["b", "gone", "b"]) == "all-b")
        #expect(rule.value(of: ["b", "a"]) == "some-a-or-b")
        #expect(rule.value(of: ["c", "a"]) == "some-a-or-b")
        #expect(rule.value(of: ["c"]) == "other")
    }
}
