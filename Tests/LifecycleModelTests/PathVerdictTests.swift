import LifecycleMachines
import Testing
import TestSupport

@testable import LifecycleModel

/// `verdict(forPath:options:)` walks the machine's tables (transitions by state, the places that
/// show each state, places as numbers, allowed transitions by index). These tests compare it with
/// the search as it was first written, over the `Transition` values and their names, on random
/// paths. The first search kept each step's places in a `Set`, whose order of iteration changes
/// from one set to another: the states it expected came in that order, so they are compared as sets.
@Suite struct PathVerdictTests {
    enum Place: Hashable {
        case rest(Int)
        case inside(transition: Int, position: Int)
    }

    /// The first search: places found by comparing names, allowed transitions as a set of indexes.
    static func reference(_ machine: Machine, _ path: [String], options: MachineOptions?) -> Machine.PathVerdict {
        guard let options else { return reference(machine, path, allowed: nil) }
        var best: Machine.PathVerdict?
        for variant in machine.variants(of: options) {
            let allowed = machine.transitions.indices.filter { machine.transitions[$0].conditions.allSatisfy { $0.holds(for: variant) } }
            let verdict = reference(machine, path, allowed: Set(allowed))
            guard case .illegal(let index, _) = verdict else { return .legal }
            if case .illegal(let bestIndex, _)? = best, bestIndex >= index { continue }
            best = verdict
        }
        return best ?? .legal
    }

    static func reference(_ machine: Machine, _ path: [String], allowed: Set<Int>?) -> Machine.PathVerdict {
        let transitions = machine.transitions
        func successors(of place: Place) -> [(Place, String)] {
            let resting: String
            switch place {
            case .inside(let t, let position) where position + 1 < transitions[t].states.count:
                return [(.inside(transition: t, position: position + 1), transitions[t].states[position + 1])]
            case .inside(let t, _): resting = transitions[t].to
            case .rest(let s): resting = machine.states[s].id
            }
            return transitions.enumerated().compactMap { t, transition in
                guard transition.from == resting, allowed?.contains(t) ?? true, let shown = transition.states.first else { return nil }
                return (.inside(transition: t, position: 0), shown)
            }
        }
        guard let first = path.first else { return .legal }
        var places = Set<Place>()
        if let s = machine.states.firstIndex(where: { $0.id == first }) { places.insert(.rest(s)) }
        for (t, transition) in transitions.enumerated() where allowed?.contains(t) ?? true {
            for (position, shown) in transition.states.enumerated() where shown == first {
                places.insert(.inside(transition: t, position: position))
            }
        }
        if places.isEmpty { return .illegal(index: 0, expected: machine.states.map(\.id)) }
        for (index, state) in path.enumerated().dropFirst() {
            var next = Set<Place>()
            var expected: [String] = []
            for place in places {
                for (successor, shown) in successors(of: place) {
                    if shown == state { next.insert(successor) } else if !expected.contains(shown) { expected.append(shown) }
                }
            }
            if next.isEmpty { return .illegal(index: index, expected: expected) }
            places = next
        }
        return .legal
    }

    /// Paths of every machine: windows of random runs (mostly legal), with a state swapped,
    /// replaced or repeated (mostly not), unknown names, one state and the empty path.
    static func paths(of machine: Machine, count: Int, seed: UInt64) -> [[String]] {
        var random = SeededRandom(seed: seed)
        let ids = machine.states.map(\.id)
        var paths: [[String]] = [[], ["Nowhere"], [ids[0]], [ids[0], "Nowhere"]]
        while paths.count < count {
            var state = random.pick(ids)
            var shown = [state]
            for _ in 0..<(1 + random.below(6)) {
                let outgoing = machine.transitions.filter { $0.from == state }
                guard !outgoing.isEmpty else { break }
                let transition = random.pick(outgoing)
                shown += transition.states
                state = transition.to
            }
            let start = random.below(shown.count)
            var path = Array(shown[start..<min(shown.count, start + 1 + random.below(5))])
            switch random.below(5) {
            case 0: path.swapAt(random.below(path.count), random.below(path.count))
            case 1: path[random.below(path.count)] = random.pick(ids)
            case 2: path.insert(random.pick(ids), at: random.below(path.count + 1))
            default: break
            }
            paths.append(path)
        }
        return paths
    }

    /// Added to the seed of each machine's paths: `PATH_VERDICT_SEED` when set (to try others), else 0.
    static let seedOffset = SeededRandom.seedOffset("PATH_VERDICT_SEED")

    @Test(arguments: Machines.all.map(\.id))
    func agreesWithTheFirstSearch(_ id: String) throws {
        let machine = try #require(Machines.all.first { $0.id == id })
        // Per question, whether the path is legal: the questions must not all be of one kind.
        var answers: [Bool] = []
        let paths = Self.paths(of: machine, count: 150, seed: 11 + UInt64(id.utf8.count) &+ Self.seedOffset)
        for (n, path) in paths.enumerated() {
            for option in CallbackOrderSearchTests.optionSets(of: machine) {
                let context: Comment = "\(id) #\(n) (seed offset \(Self.seedOffset)): \(path) \(String(describing: option))"
                let verdict = machine.verdict(forPath: path, options: option)
                switch (verdict, Self.reference(machine, path, options: option)) {
                case (.legal, .legal):
                    answers.append(true)
                case (.illegal(let index, let expected), .illegal(let referenceIndex, let referenceExpected)):
                    answers.append(false)
                    #expect(index == referenceIndex, context)
                    #expect(Set(expected) == Set(referenceExpected) && expected.count == referenceExpected.count, context)
                    // The same order every time it is asked.
                    #expect(machine.verdict(forPath: path, options: option) == verdict, context)
                default:
                    Issue.record("\(verdict) \(context)")
                }
            }
        }
        #expect(answers.filter { $0 }.count > 30 && answers.filter { !$0 }.count > 30)
    }
}
