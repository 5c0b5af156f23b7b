import LifecycleMachines
import LifecycleModel
import Testing
import TestSupport

@testable import Scenarios

/// `ModelQueries.pathVerdict` and `ModelQueries.canProduce` ask the machine without its
/// unconfirmed rows first. These tests compare them with the order they replace (the whole
/// machine, then the confirmed one for a legal answer) on random paths and callback orders.
@Suite struct ConfirmedFirstTests {
    /// Added to the seeds: `CONFIRMED_FIRST_SEED` when set (to try others), else 0.
    static let seedOffset = SeededRandom.seedOffset("CONFIRMED_FIRST_SEED")

    static let optionSets: [MachineOptions] = [
        MachineOptions(), MachineOptions(api: 28), MachineOptions(api: 29, configChanges: ["orientation", "screenSize"]),
        MachineOptions(api: 31, root: true), MachineOptions(api: 34, targetSDK: 27), MachineOptions(anyAPI: true),
    ]

    /// Windows of random runs (every unconfirmed row often among them), with a name swapped or
    /// replaced now and then: the states shown and the callbacks called.
    static func runs(of machine: Machine, count: Int, seed: UInt64) -> (paths: [[String]], orders: [[String]]) {
        var random = SeededRandom(seed: seed)
        let stateIDs = machine.states.map(\.id)
        let callbackIDs = machine.callbacks.map(\.id)
        let unconfirmed = machine.transitions.filter { $0.confidence == .unconfirmed }
        var paths: [[String]] = []
        var orders: [[String]] = []
        while paths.count < count {
            // Half of the runs start with an unconfirmed row, when the machine has one.
            var transition = unconfirmed.isEmpty || random.below(2) == 0
                ? random.pick(machine.transitions) : random.pick(unconfirmed)
            var shown = [transition.from]
            var calls: [String] = []
            for _ in 0..<(1 + random.below(5)) {
                shown += transition.states
                calls += transition.callbacks.filter { !$0.optional || random.below(2) == 0 }.map(\.name)
                let outgoing = machine.transitions.filter { $0.from == transition.to }
                guard !outgoing.isEmpty else { break }
                transition = random.pick(outgoing)
            }
            var path = Array(shown.prefix(2 + random.below(5)))
            var order = Array(calls.prefix(2 + random.below(5)))
            if random.below(4) == 0 { path[random.below(path.count)] = random.pick(stateIDs) }
            if random.below(4) == 0, !order.isEmpty, !callbackIDs.isEmpty { order[random.below(order.count)] = random.pick(callbackIDs) }
            paths.append(path)
            if order.count >= 2 { orders.append(order) }
        }
        return (paths, orders)
    }

    @Test(arguments: Machines.all.map(\.id))
    func agreesWithTheWholeMachineFirst(_ id: String) throws {
        let machine = try #require(Machines.all.first { $0.id == id })
        let confirmed = ModelQueries.confirmedMachines[id]
        let (paths, orders) = Self.runs(of: machine, count: 120, seed: 31 + UInt64(id.utf8.count) &+ Self.seedOffset)
        // How many answers of each kind: legal, needing an unconfirmed row, illegal.
        var kinds = [0, 0, 0]
        for options in Self.optionSets {
            let context = "\(id) (seed offset \(Self.seedOffset)) \(options)"
            for path in paths {
                let verdict = machine.verdict(forPath: path, options: options)
                let unconfirmed = verdict == .legal && confirmed.map { $0.verdict(forPath: path, options: options) != .legal } == true
                let asked = ModelQueries.pathVerdict(path, in: machine, options: options)
                #expect(asked.verdict == verdict && asked.unconfirmed == unconfirmed, "\(context): \(path)")
                kinds[verdict != .legal ? 2 : unconfirmed ? 1 : 0] += 1
            }
            for order in orders {
                let possible = machine.canProduce(callbackOrder: order, options: options)
                let unconfirmed = possible && confirmed.map { !$0.canProduce(callbackOrder: order, options: options) } == true
                let asked = ModelQueries.canProduce(order, in: machine, options: options)
                #expect(asked.possible == possible && asked.unconfirmed == unconfirmed, "\(context): \(order)")
                kinds[!possible ? 2 : unconfirmed ? 1 : 0] += 1
            }
        }
        // The questions are not all of one kind; a machine with unconfirmed rows gets answers that need them.
        #expect(kinds[0] > 50 && kinds[2] > 20, "\(id): \(kinds)")
        #expect(confirmed == nil || kinds[1] > 10, "\(id): \(kinds)")
    }
}

/// A step's witness is a documented or inferred row where one shows the step: an unconfirmed row
/// only where nothing else does (a choose answer showed SwiftUI's unconfirmed launch, P1, for
/// `.inactive → .active`, which the inferred return P3 shows).
@Suite struct WitnessPreferenceTests {
    @Test func aConfirmedRowWitnessesAStepBeforeAnUnconfirmedOne() throws {
        var checked = 0
        for machine in Machines.all {
            for from in machine.states.map(\.id) {
                for to in machine.states.map(\.id) {
                    let showing = machine.transitions.filter { t in
                        let shown = [t.from] + t.states
                        return !t.states.isEmpty && shown.indices.dropFirst().contains { shown[$0 - 1] == from && shown[$0] == to }
                    }
                    guard let witness = ModelQueries.witnesses(of: [from, to], in: machine).first else {
                        #expect(showing.isEmpty, "\(machine.id): \(from) → \(to) has no witness")
                        continue
                    }
                    #expect(showing.contains(witness))
                    if showing.contains(where: { $0.confidence != .unconfirmed }) {
                        #expect(witness.confidence != .unconfirmed, "\(machine.id): \(from) → \(to) is witnessed by \(witness.row), unconfirmed")
                        if showing.contains(where: { $0.confidence == .unconfirmed }) { checked += 1 }
                    }
                }
            }
        }
        // Steps that both kinds of row show (SwiftUI's inactive → active among them).
        #expect(checked >= 3, "\(checked)")
        let swiftUI = try #require(Machines.all.first { $0.id == "swiftui" })
        #expect(ModelQueries.witnesses(of: ["inactive", "active"], in: swiftUI).map(\.row) == ["P3"])
    }
}
