import Foundation
import LifecycleMachines
import Testing
import TestSupport

@testable import LifecycleModel

/// `canProduce(callbackOrder:options:)` searches from the transitions that call the order's first
/// callback, with tables made once per machine and option set. These tests compare it with a
/// plain search written from the definition: every (state, process, cover) is a start, the
/// transitions' conditions, covers and effects are read from `Transition` values, and the match
/// is one position (0: not started) instead of a set of positions.
@Suite struct CallbackOrderSearchTests {
    /// The definition: some run, its calls reduced to the order's callbacks and the core ones,
    /// holds the order without interruption; optional calls may be left out.
    static func reference(_ machine: Machine, _ order: [String], options: MachineOptions?) -> Bool {
        guard !order.isEmpty else { return true }
        let core = Set(machine.callbacks.filter { !$0.auxiliary }.map(\.id))
        let done = order.count
        let processes: [ProcessState] = [.notRunning, .running, .suspended]
        struct Node: Hashable {
            var state: String
            var process: ProcessState
            var cover: UInt8
            var matched: Int
        }
        // The matched counts after one call (an empty set: the match in progress broke).
        func after(_ matched: Int, _ name: String) -> Set<Int> {
            guard core.contains(name) || order.contains(name) else { return [matched] }
            if matched == done { return [done] }
            if matched == 0 { return name == order[0] ? [0, 1] : [0] }
            return name == order[matched] ? [matched + 1] : []
        }
        let outgoing = Dictionary(grouping: machine.transitions, by: \.from)
        // Option sets that enable the same transitions in the same processes search alike.
        var searched = Set<[Bool]>()
        for variant in options.map(machine.variants(of:)) ?? machine.optionVariants {
            let enabled = machine.transitions.flatMap { transition in
                processes.map { process in transition.conditions.allSatisfy { $0.holds(variant, process: process, otherScenes: EmptyCollection()) } }
            }
            guard searched.insert(enabled).inserted else { continue }
            var seen = Set<Node>()
            var queue: [Node] = []
            for state in machine.states {
                for process in processes {
                    for cover in Cover.allCases {
                        let node = Node(state: state.id, process: process, cover: cover.bit, matched: 0)
                        if seen.insert(node).inserted { queue.append(node) }
                    }
                }
            }
            while let node = queue.popLast() {
                if node.matched == done { return true }
                for transition in outgoing[node.state] ?? [] {
                    guard transition.admits(node.cover),
                        transition.conditions.allSatisfy({ $0.holds(variant, process: node.process, otherScenes: EmptyCollection()) })
                    else { continue }
                    var matched: Set<Int> = [node.matched]
                    for call in transition.callbacks {
                        let moved = matched.reduce(into: Set<Int>()) { $0.formUnion(after($1, call.name)) }
                        matched = call.optional ? matched.union(moved) : moved
                    }
                    var process = node.process
                    for case .setProcess(let p) in transition.effects { process = p }
                    let state = machine.state(transition.to) != nil ? transition.to : node.state
                    for m in matched {
                        let next = Node(state: state, process: process, cover: transition.cover(after: node.cover), matched: m)
                        if seen.insert(next).inserted { queue.append(next) }
                    }
                }
            }
        }
        return false
    }

    static let optionSets: [MachineOptions?] = [
        nil, MachineOptions(), MachineOptions(api: 28), MachineOptions(api: 27, targetSDK: 27), MachineOptions(api: 31, root: true),
        MachineOptions(configChanges: ["orientation", "screenSize"]), MachineOptions(anyAPI: true),
        MachineOptions(targetSDK: 28, anyAPI: true),
    ]

    /// Orders of every machine: runs' windows (mostly possible), shuffled and mixed names
    /// (mostly not), repeats, auxiliary callbacks, unknown names, one name and the empty order.
    static func orders(of machine: Machine, count: Int, seed: UInt64) -> [[String]] {
        var random = SeededRandom(seed: seed)
        let names = machine.callbacks.map(\.id) + machine.transitions.flatMap { $0.callbacks.map(\.name) }
        var orders: [[String]] = [[], ["onNothing"], ["onNothing", "onNothing"]]
        // SwiftUI's machine calls no callbacks: it gets only the orders above.
        while !names.isEmpty && orders.count < count {
            // A walk of up to eight transitions from a random state, ignoring conditions.
            var state = machine.states[random.below(machine.states.count)].id
            var calls: [String] = []
            for _ in 0..<(1 + random.below(8)) {
                let outgoing = machine.transitions.filter { $0.from == state }
                guard !outgoing.isEmpty else { break }
                let transition = outgoing[random.below(outgoing.count)]
                calls += transition.callbacks.filter { !$0.optional || random.below(2) == 0 }.map(\.name)
                state = transition.to
            }
            guard !calls.isEmpty else { continue }
            let start = random.below(calls.count)
            var order = Array(calls[start..<min(calls.count, start + 1 + random.below(6))])
            switch random.below(4) {
            case 0: order.swapAt(random.below(order.count), random.below(order.count))
            case 1: order.insert(names[random.below(names.count)], at: random.below(order.count + 1))
            default: break
            }
            orders.append(order)
        }
        return orders
    }

    /// Added to the seed of each machine's orders: `CALLBACK_ORDER_SEED` when set (to try others), else 0.
    static let seedOffset = SeededRandom.seedOffset("CALLBACK_ORDER_SEED")

    /// Every option set for Android; two for the others, which take none.
    static func optionSets(of machine: Machine) -> [MachineOptions?] {
        machine.options.isEmpty ? [nil, MachineOptions()] : optionSets
    }

    @Test(arguments: Machines.all.map(\.id))
    func agreesWithThePlainSearch(_ id: String) throws {
        let machine = try #require(Machines.all.first { $0.id == id })
        var possible = 0
        var impossible = 0
        for (n, order) in Self.orders(of: machine, count: 100, seed: 7 + UInt64(id.utf8.count) &+ Self.seedOffset).enumerated() {
            for option in Self.optionSets(of: machine) {
                let expected = Self.reference(machine, order, options: option)
                #expect(machine.canProduce(callbackOrder: order, options: option) == expected, "\(id) #\(n) (seed offset \(Self.seedOffset)): \(order) \(String(describing: option))")
                if expected { possible += 1 } else { impossible += 1 }
            }
        }
        // The questions are not all of one kind.
        #expect(machine.callbacks.isEmpty || (possible > 20 && impossible > 20))
    }

    /// The search with per-machine tables answers as the one that worked out each transition's
    /// counted calls per question (`canProduceByLazySteps`), on many more orders: both are fast
    /// enough to compare on thousands, under every option set and each of the machine's variants.
    @Test(arguments: Machines.all.map(\.id))
    func agreesWithTheLazyStepSearch(_ id: String) throws {
        let machine = try #require(Machines.all.first { $0.id == id })
        let options = Self.optionSets(of: machine) + machine.optionVariants.map { Optional($0) }
        var possible = 0
        var impossible = 0
        for (n, order) in Self.orders(of: machine, count: 1_500, seed: 33 + UInt64(id.utf8.count) &+ Self.seedOffset).enumerated() {
            // A different option set per order beyond the first few, so that every set meets many orders.
            for option in n < 50 ? options : [options[n % options.count], nil] {
                let expected = machine.canProduceByLazySteps(callbackOrder: order, options: option)
                #expect(machine.canProduce(callbackOrder: order, options: option) == expected, "\(id) #\(n) (seed offset \(Self.seedOffset)): \(order) \(String(describing: option))")
                if expected { possible += 1 } else { impossible += 1 }
            }
        }
        #expect(machine.callbacks.isEmpty || (possible > 200 && impossible > 200))
    }

    /// An option set asked again gets the tables made the first time, and the same answers.
    @Test func optionTablesAreMadeOncePerOptionSet() {
        let machine = Machines.androidActivity
        let options = MachineOptions(api: 29, configChanges: ["orientation"])
        let first = machine.enablings(for: options)
        #expect(machine.enablings(for: options) == first)
        #expect(first == machine.callbackWalk.distinctEnablings(machine.variants(of: options)))
        #expect(machine.canProduce(callbackOrder: ["onPause", "onStop"], options: options))
        #expect(!machine.canProduce(callbackOrder: ["onStop", "onPause"], options: options))
    }
}
