import Encoding
import Foundation
import Testing
import TestSupport
@testable import LifecycleMachines

@testable import LifecycleModel

/// The Swift side of the differential test between the model and the browser player.
///
/// Seeded random event sequences over every machine and every option combination run
/// through `Simulation`; every step's outcome is recorded. With the environment variable
/// `LIFECYCLE_DIFFERENTIAL_OUT` set to a file path, the sequences and Swift's results are
/// written there as JSON, and `Tests/browser/test_differential.py` (which runs this test
/// to get them) replays every sequence through the player's `simulate` in Chromium and
/// compares step by step. `LIFECYCLE_DIFFERENTIAL_SEED` picks another seed.
///
/// The file: `{"schema": "lifecycle-differential", "version": 1, "seed": N, "count": N,
/// "steps": N, "cases": [Case…]}`, where a Case is `{"machine", "options", "from", "events",
/// "expected"}`: `options` and `from` (null: the initial state) go to
/// `LifecycleDocs.simulate(machine, events, options, from)` as they are, `events` are
/// its specs (`"home"`, `"home@B"`), and `expected` has one entry per event:
///
///     {"ok": true, "scene", "from", "states", "callbacks": [[name, optional]…], "row",
///      "alternatives": [row…], "aggregate", "scenes": [[name, state]…], "process"}
///     {"ok": false, "scene", "state", "possible": [event…], "aggregate", "scenes", "process"}
///
/// `aggregate`, `scenes` and `process` are the simulation's after the event.
@Suite struct DifferentialCorpusTests {
    static let minimumCases = 10_000
    static let defaultSeed: UInt64 = 20_240_611

    /// Android's option values: the API levels around every boundary the machine tests
    /// (13, 28, 29, 31) and the ends of the range; nil leaves the option out (the default).
    static let apiLevels: [Int?] = [nil, 1, 12, 13, 14, 27, 28, 29, 30, 31, 32, 34, 99]
    static let configChangeSets: [[String]?] = [
        nil, [], ["orientation"], ["screenSize"], ["orientation", "screenSize"], ["locale"],
        ["keyboardHidden", "orientation", "screenSize"],
        // resizeWindow's flags declared in part (each missing one is a row of its own), and every flag.
        ["screenSize", "smallestScreenSize"], ["screenSize", "smallestScreenSize", "screenLayout"],
        ["uiMode", "locale", "fontScale", "screenSize", "smallestScreenSize", "screenLayout", "orientation"],
    ]
    static let roots: [Bool?] = [nil, false, true]
    /// targetSdk: the default (the API level), below and at the onSaveInstanceState bound (28).
    static let targetSDKs: [Int?] = [nil, 27, 28]
    /// Sequences for each Android option combination, and for each machine without options.
    static let perAndroidCombination = 8
    static let perMachine = ["ios-app": 1_800, "ios-scene": 2_200, "swiftui": 1_200]
    /// Scenes of multi-scene machines, "main" most often: a pick from this list.
    static let scenes = ["main", "main", "main", "main", "main", "B", "B", "B", "C", "C"]
    static let maximumLength = 24

    struct Corpus {
        var json: [String] = []
        var steps = 0
        var refusals: [String: Int] = [:]
        /// Transitions fire took, or offered as an alternative.
        var seen = Set<Transition>()
        var multiSceneRuns = 0
        var androidCombinations = Set<String>()
        /// Runs added for transitions the random runs missed (`addDirectedRuns`).
        var directedRuns = 0
    }

    /// Every combination of the Android option values, API level first (the order the seeded runs walk).
    static let androidOptionGrid: [(options: MachineOptions, json: String)] = apiLevels.flatMap { api in
        targetSDKs.flatMap { targetSDK in
            configChangeSets.flatMap { configChanges in
                roots.map { root in options(api: api, targetSDK: targetSDK, configChanges: configChanges, root: root) }
            }
        }
    }

    static func options(api: Int?, targetSDK: Int? = nil, configChanges: [String]?, root: Bool?) -> (MachineOptions, String) {
        var json = JSON.Object()
        if let api { json.add("api", api) }
        if let targetSDK { json.add("targetSdk", targetSDK) }
        if let configChanges { json.add("configChanges", configChanges) }
        if let root { json.add("root", root) }
        let options = MachineOptions(
            api: api ?? MachineOptions.defaultAPI, targetSDK: targetSDK, configChanges: Set(configChanges ?? []), root: root ?? false)
        return (options, json.text)
    }

    static func pairs(_ items: [(String, String)]) -> String {
        "[" + items.map { JSON.array([$0.0, $0.1]) }.joined(separator: ",") + "]"
    }

    static func optional(_ value: String?) -> String { value.map(JSON.quote) ?? "null" }

    /// Runs one random sequence and appends it to the corpus.
    static func run(
        _ machine: Machine, options: MachineOptions, optionsJSON: String, generator: inout SeededRandom, into corpus: inout Corpus
    ) {
        // A quarter of the runs start in a random state (an example's `given`).
        let from: String? = generator.below(4) == 0 ? generator.pick(machine.states).id : nil
        var simulation = Simulation(machine: machine, options: options, from: from)
        let length = 1 + generator.below(maximumLength)
        var specs: [String] = []
        var expected: [String] = []
        for _ in 0..<length {
            let scene = machine.multiScene ? generator.pick(scenes) : Simulation.mainScene
            let roll = generator.below(100)
            let possible = simulation.possibleEvents(scene: scene)
            let event: String
            if roll < 2 {
                event = "noSuchEvent"
            } else if roll < 75, !possible.isEmpty {
                event = generator.pick(possible)
            } else {
                event = generator.pick(machine.events).id
            }
            let named = machine.multiScene && (scene != Simulation.mainScene || generator.below(4) == 0)
            specs.append(named ? "\(event)@\(scene)" : event)
            expected.append(fire(event, scene: scene, in: &simulation, into: &corpus))
        }
        append(machine, optionsJSON: optionsJSON, from: from, specs: specs, expected: expected, simulation: simulation, into: &corpus)
    }

    /// Fires one event, records what the model did (the transition as seen) and returns the step's JSON.
    static func fire(_ event: String, scene: String, in simulation: inout Simulation, into corpus: inout Corpus) -> String {
        var step = JSON.Object()
        switch simulation.fire(event, scene: scene) {
        case .success(let result):
            step.add("ok", true)
            step.add("scene", result.scene)
            step.add("from", result.from)
            step.add("states", result.states)
            step.add("callbacks", raw: "[" + result.callbacks.map { "[\(JSON.quote($0.name)),\($0.optional)]" }.joined(separator: ",") + "]")
            step.add("row", result.transition.row)
            step.add("alternatives", result.alternatives.map(\.row))
            corpus.seen.insert(result.transition)
            corpus.seen.formUnion(result.alternatives)
        case .failure(let refusal):
            step.add("ok", false)
            step.add("scene", refusal.scene)
            step.add("state", refusal.state)
            step.add("possible", refusal.possible)
            corpus.refusals[simulation.machine.id, default: 0] += 1
        }
        step.add("aggregate", raw: optional(simulation.aggregate))
        step.add("scenes", raw: pairs(simulation.scenes.map { ($0.name, $0.state) }))
        step.add("process", simulation.process.rawValue)
        return step.text
    }

    static func append(
        _ machine: Machine, optionsJSON: String, from: String?, specs: [String], expected: [String], simulation: Simulation,
        into corpus: inout Corpus
    ) {
        if simulation.scenes.count > 1 { corpus.multiSceneRuns += 1 }
        corpus.steps += specs.count
        var json = JSON.Object()
        json.add("machine", machine.id)
        json.add("options", raw: optionsJSON)
        json.add("from", raw: optional(from))
        json.add("events", specs)
        json.add("expected", raw: "[" + expected.joined(separator: ",") + "]")
        corpus.json.append(json.text)
    }

    /// The shortest run of the main scene's events from the initial state that takes `transition`
    /// (or offers it as an alternative), breadth first over states already unseen; nil if none within `depth`.
    static func directedEvents(to transition: Transition, in machine: Machine, options: MachineOptions, depth: Int = 8) -> [String]? {
        var frontier = [(simulation: Simulation(machine: machine, options: options), events: [String]())]
        var visited = Set<String>()
        for _ in 0..<depth {
            var next: [(simulation: Simulation, events: [String])] = []
            for (simulation, events) in frontier {
                for event in simulation.possibleEvents() {
                    var copy = simulation
                    guard case .success(let step) = copy.fire(event) else { continue }
                    if step.transition == transition || step.alternatives.contains(transition) { return events + [event] }
                    let place = "\(copy.scenes.map { "\($0.name)=\($0.state)" }) \(copy.process.rawValue) \(copy.cover().rawValue)"
                    if visited.insert(place).inserted { next.append((copy, events + [event])) }
                }
            }
            frontier = next
        }
        return nil
    }

    static func corpus(seed: UInt64) -> Corpus {
        var generator = SeededRandom(seed: seed)
        var corpus = Corpus()
        for machine in Machines.all {
            if machine.options.isEmpty {
                let (options, json) = Self.options(api: nil, configChanges: nil, root: nil)
                for _ in 0..<(perMachine[machine.id] ?? 0) {
                    run(machine, options: options, optionsJSON: json, generator: &generator, into: &corpus)
                }
                continue
            }
            for (options, json) in androidOptionGrid {
                corpus.androidCombinations.insert(json)
                for _ in 0..<perAndroidCombination {
                    run(machine, options: options, optionsJSON: json, generator: &generator, into: &corpus)
                }
            }
        }
        addDirectedRuns(into: &corpus)
        return corpus
    }

    /// Random runs leave rare rows out (a rotation in split screen at exactly API 28 with targetSdk 27):
    /// each transition still unseen gets one run, under the first option combination of the grid its
    /// conditions allow, so the browser player is compared on every row.
    static func addDirectedRuns(into corpus: inout Corpus) {
        for machine in Machines.all {
            let combinations = machine.options.isEmpty ? [options(api: nil, configChanges: nil, root: nil)] : androidOptionGrid
            for transition in machine.transitions where !corpus.seen.contains(transition) {
                for (options, json) in combinations where transition.conditions.allSatisfy({ $0.holds(for: options) }) {
                    guard let events = directedEvents(to: transition, in: machine, options: options) else { continue }
                    var simulation = Simulation(machine: machine, options: options)
                    let expected = events.map { fire($0, scene: Simulation.mainScene, in: &simulation, into: &corpus) }
                    append(machine, optionsJSON: json, from: nil, specs: events, expected: expected, simulation: simulation, into: &corpus)
                    corpus.directedRuns += 1
                    break
                }
            }
        }
    }

    /// The same seed gives the same corpus: the generator is the reference SplitMix64, and
    /// the corpus walks only ordered lists (machines, option values, possible events).
    @Test func generatorIsSplitMix64() {
        var generator = SeededRandom(seed: 1_234_567)
        let values = (0..<5).map { _ in generator.next() }
        #expect(values == [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821])
    }

    @Test func corpusCoversEveryMachineOptionAndTransition() throws {
        let environment = ProcessInfo.processInfo.environment
        var seed = Self.defaultSeed
        if let text = environment["LIFECYCLE_DIFFERENTIAL_SEED"] {
            seed = try #require(UInt64(text), "LIFECYCLE_DIFFERENTIAL_SEED must be a whole number, not '\(text)'")
        }
        let corpus = Self.corpus(seed: seed)
        print("differential corpus: seed \(seed), \(corpus.json.count) sequences (\(corpus.directedRuns) directed), \(corpus.steps) steps")

        #expect(corpus.json.count >= Self.minimumCases)
        // Every machine is there; the Android one under every option combination.
        for machine in Machines.all where machine.options.isEmpty {
            #expect((Self.perMachine[machine.id] ?? 0) > 0, "\(machine.id) has no sequences")
        }
        #expect(Set(Machines.all.filter { !$0.options.isEmpty }.map(\.id)) == ["android-activity"],
                "a new machine with options needs its values here")
        #expect(corpus.androidCombinations.count
                == Self.apiLevels.count * Self.targetSDKs.count * Self.configChangeSets.count * Self.roots.count)
        // Every transition was taken or offered as an alternative, and every machine refused something.
        for machine in Machines.all {
            let missed = machine.transitions.filter { !corpus.seen.contains($0) }
            #expect(missed.isEmpty, "\(machine.id): never reached \(missed.map { "\($0.row) \($0.event) from \($0.from) under \($0.covered ?? []) when \($0.conditions)" })")
            #expect(corpus.refusals[machine.id, default: 0] > 100, "\(machine.id): too few refusals")
        }
        #expect(corpus.multiSceneRuns > 1_000)

        guard let path = environment["LIFECYCLE_DIFFERENTIAL_OUT"] else { return }
        let text = "{\"schema\":\"lifecycle-differential\",\"version\":1,\"seed\":\(seed),\"count\":\(corpus.json.count),"
            + "\"steps\":\(corpus.steps),\"cases\":[\n" + corpus.json.joined(separator: ",\n") + "\n]}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        print("differential corpus written to \(path)")
    }
}
