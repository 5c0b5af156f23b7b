@testable import LifecycleModel

// The first, slow ways of what production now does faster: kept here as the tests' references
// (production keeps no function only tests call).

extension Names {
    /// `stateKey` by Unicode scalars, for any name.
    static func stateKeyByScalars(_ name: String) -> String {
        var key = ""
        for scalar in name.unicodeScalars.drop(while: { $0 == "." || $0 == " " }) where scalar != " " && scalar != "_" && scalar != "-" {
            key.unicodeScalars.append(scalar)
        }
        return key.lowercased()
    }

    /// `exactKey` by Unicode scalars.
    static func exactKeyByScalars(_ name: String) -> String {
        String(name.unicodeScalars.drop(while: { $0 == "." || $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()
            .reduce(into: String.UnicodeScalarView()) { $0.append($1) })
    }
}

extension Machine {
    /// The walks (by index) that show `items`.
    static func witness<Name: Equatable>(_ items: [Name], walks: [[Name]]) -> [Int] {
        witness(items, calls: Array(walks.joined()), starts: walks.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) })
    }

    /// `witness(forCallbacks:allowed:)` as first numbered: every allowed transition's walk made
    /// for the question, one after another in one array, and searched whole.
    func witnessByWalks(forCallbacks order: [String], allowed: ((Transition) -> Bool)? = nil) -> [Transition] {
        let chosen = allowed.map { allowed in transitions.indices.filter { allowed(transitions[$0]) } } ?? Array(transitions.indices)
        let walk = callbackWalk
        let items = order.map { walk.index[$0] ?? -1 }
        var named = Array(repeating: false, count: walk.names.count)
        for item in items where item >= 0 { named[item] = true }
        var calls: [Int] = []
        var starts = [0]
        for t in chosen {
            for c in walk.callStarts[t]..<walk.callStarts[t + 1] where coreCalls[walk.calls[c]] || named[walk.calls[c]] { calls.append(walk.calls[c]) }
            starts.append(calls.count)
        }
        return Self.witness(items, calls: calls, starts: starts).map { transitions[chosen[$0]] }
    }
}

extension Machine {
    /// `canProduce(callbackOrder:options:)` as first made faster (ver32): per question, each
    /// transition's counted calls worked out when the search first takes it, the order's counted
    /// callbacks in an array of flags, and a node's every transition looked at.
    func canProduceByLazySteps(callbackOrder order: [String], options: MachineOptions? = nil) -> Bool {
        guard !order.isEmpty else { return true }
        guard order.count <= 62 else { return false }
        let walk = callbackWalk
        let done = order.count
        let doneBit: UInt64 = 1 << done
        // Per callback (by index), the positions of the order that name it, as bits; the order's
        // callbacks and the core ones count, the others are left out of every run.
        var matches = Array(repeating: UInt64(0), count: walk.names.count)
        var counted = walk.core
        var first = 0
        for (i, name) in order.enumerated() {
            // A callback the machine does not know is in no run: neither is the order.
            guard let callback = walk.index[name] else { return false }
            if i == 0 { first = callback }
            matches[callback] |= 1 << i
            counted[callback] = true
        }
        // Per transition, the calls the order counts, as `steps[stepStarts[t]..<stepEnds[t]]`: worked
        // out when the search first takes the transition (most questions end before it takes them
        // all), then every node of the search advances by bit operations.
        var steps: [LazyCallStep] = []
        steps.reserveCapacity(walk.calls.count)
        // One array for the three facts of a transition: each array is an allocation a question.
        var stepRanges = Array(repeating: LazyStepRange(), count: walk.targets.count)
        func countedCalls(_ t: Int) -> ArraySlice<LazyCallStep> {
            if stepRanges[t].start < 0 {
                var range = LazyStepRange(start: steps.count, end: steps.count, hasOptional: false)
                for c in walk.callStarts[t]..<walk.callStarts[t + 1] where counted[walk.calls[c]] {
                    steps.append(LazyCallStep(optional: walk.optional[c], matches: matches[walk.calls[c]]))
                    if walk.optional[c] { range.hasOptional = true }
                }
                range.end = steps.count
                stepRanges[t] = range
            }
            return steps[stepRanges[t].start..<stepRanges[t].end]
        }
        var results: [UInt64] = []
        var next: [UInt64] = []
        var queue: [LazyNode] = []
        // The match positions after transition t from `positions`, into `results`.
        func advance(_ positions: UInt64, _ t: Int) {
            let calls = countedCalls(t)
            guard stepRanges[t].hasOptional else {
                // One run through the calls: one result.
                var moved = positions
                for call in calls { moved = 1 | (moved & call.matches) << 1 | moved & doneBit }
                // Most transitions have no optional call: the one result replaces the one before
                // (emptying the array and appending cost more than the calls).
                if results.count == 1 {
                    results[0] = moved
                } else {
                    results.removeAll(keepingCapacity: true)
                    results.append(moved)
                }
                return
            }
            Self.lazyAdvance(positions, through: calls, done: done, into: &results, scratch: &next)
        }
        // Breadth-first over (state, process, cover, set of match positions as a bit mask).
        // A `Set` here: production keeps the same nodes in an open-addressing table.
        var seen = Set<LazyNode>()
        // Queues the nodes after transition t from (state, process, cover), one per result of
        // `advance`; true when one has matched the whole order.
        func follow(_ t: Int, from state: Int, process: Int, cover: UInt8) -> Bool {
            let process = walk.processAfter[t] < 0 ? process : Int(walk.processAfter[t])
            let cover = walk.coverAfter[t] < 0 ? cover : UInt8(walk.coverAfter[t])
            for positions in results where positions != 1 {
                if positions & doneBit != 0 { return true }
                let node = LazyNode(state: walk.targets[t] ?? state, process: process, cover: cover, positions: positions)
                if seen.insert(node).inserted { queue.append(node) }
            }
            return false
        }
        // Every (state, process, cover) with nothing matched yet (positions 1) is a start of the
        // search, and reaches other positions only through a transition that calls the order's
        // first callback. So the search starts from those transitions and never expands a node
        // with positions 1: they are all seen from the start.
        for enabled in (options.map({ self.enablings(for: $0) }) ?? walk.variantEnablings).map(\.enabled) {
            seen.removeAll()
            queue.removeAll(keepingCapacity: true)
            for (s, t) in walk.starts[first] where enabled[t] != 0 {
                advance(1, t)
                let mask = walk.coverMasks[t]
                for process in 0..<3 where enabled[t] & (1 << process) != 0 {
                    for cover in walk.startCovers where mask == .max || mask & cover != 0 {
                        if follow(t, from: s, process: process, cover: cover) { return true }
                    }
                }
            }
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for t in transitionsByState[node.state] where enabled[t] & (1 << node.process) != 0 {
                    let mask = walk.coverMasks[t]
                    guard mask == .max || mask & node.cover != 0 else { continue }
                    advance(node.positions, t)
                    if follow(t, from: node.state, process: node.process, cover: node.cover) { return true }
                }
            }
        }
        return false
    }

    private struct LazyNode: Hashable {
        var state: Int
        /// `ProcessState` as `CallbackWalk.processNumber` numbers it.
        var process: Int
        var cover: UInt8
        /// Bit i set: the first i callbacks of the order have just been matched. Bit 0 is always set (a match may start later).
        var positions: UInt64
    }

    /// Where a transition's counted calls are in `canProduce`'s `steps` (start -1: not worked out yet).
    private struct LazyStepRange {
        var start = -1
        var end = -1
        var hasOptional = false
    }

    /// A callback of a transition that the order counts: bit i of `matches` set when the order's
    /// i-th callback is this one.
    private struct LazyCallStep {
        var optional: Bool
        var matches: UInt64
    }

    /// The match positions after a transition's callbacks, one result per choice of optional
    /// callbacks (a handful, without duplicates), written into `results`; `scratch` is reused
    /// storage, so a node's expansion allocates nothing.
    private static func lazyAdvance(
        _ start: UInt64, through calls: ArraySlice<LazyCallStep>, done: Int, into results: inout [UInt64], scratch next: inout [UInt64]
    ) {
        results.removeAll(keepingCapacity: true)
        results.append(start)
        for call in calls {
            next.removeAll(keepingCapacity: true)
            for positions in results {
                if call.optional && !next.contains(positions) { next.append(positions) }
                // Each matched position moves on by one; a completed order stays complete.
                let moved = 1 | (positions & call.matches) << 1 | positions & (1 << done)
                if !next.contains(moved) { next.append(moved) }
            }
            swap(&results, &next)
        }
    }

}
