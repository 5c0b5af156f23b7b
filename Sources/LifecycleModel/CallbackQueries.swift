/// Whether an order of callbacks can happen: some run of the machine, with
/// its callbacks reduced to the ones the order names and the core ones,
/// contains the order without interruption. A chain of the six core Android
/// callbacks thus ignores the auxiliary `onSaveInstanceState` in between, but
/// "onStop → onPause" is impossible: `onRestart`, `onStart` and `onResume` must
/// come between them.
/// Without options the order may happen under any of them; with a block's options, under those
/// (at some API level for `api=any`). On Android the run follows what covers the activity, as
/// `Simulation` does: focus that was never lost does not come back.
extension Machine {
    public func canProduce(callbackOrder order: [String], options: MachineOptions? = nil) -> Bool {
        guard !order.isEmpty else { return true }
        let named = Set(order).union(callbacks.filter { !$0.auxiliary }.map(\.id))
        guard order.count <= 62 else { return false }
        let done = order.count
        for options in options.map(variants(of:)) ?? optionVariants {
            // Breadth-first over (state, process, cover, set of match positions as a bit mask).
            var seen = Set<Node>()
            var queue: [Node] = []
            for s in states.indices {
                for process in [ProcessState.notRunning, .running, .suspended] {
                    for cover in startCovers {
                        let node = Node(state: s, process: process, cover: cover, positions: 1)
                        if seen.insert(node).inserted { queue.append(node) }
                    }
                }
            }
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for transition in transitions where transition.from == states[node.state].id && transition.admits(node.cover) {
                    guard transition.conditions.allSatisfy({ $0.holds(options, process: node.process, otherScenes: []) }) else { continue }
                    var process = node.process
                    for case .setProcess(let p) in transition.effects { process = p }
                    for positions in advance(node.positions, through: transition.callbacks, named: named, order: order) {
                        if positions & (1 << done) != 0 { return true }
                        let next = Node(
                            state: stateIndex[transition.to] ?? node.state, process: process, cover: transition.cover(after: node.cover),
                            positions: positions)
                        if seen.insert(next).inserted { queue.append(next) }
                    }
                }
            }
        }
        return false
    }

    /// The covers a run may be under where an order starts: any, on a machine that has covers.
    private var startCovers: [UInt8] {
        transitions.contains { $0.coverMask != .max } ? Cover.allCases.map(\.bit) : [Cover.uncovered.bit]
    }

    private struct Node: Hashable {
        var state: Int
        var process: ProcessState
        var cover: UInt8
        /// Bit i set: the first i callbacks of the order have just been matched. Bit 0 is always set (a match may start later).
        var positions: UInt64
    }

    /// The match positions after a transition's callbacks, one result per choice of optional callbacks.
    private func advance(_ start: UInt64, through calls: [CallbackCall], named: Set<String>, order: [String]) -> [UInt64] {
        var results: Set<UInt64> = [start]
        for call in calls where named.contains(call.name) {
            var next = Set<UInt64>()
            for positions in results {
                if call.optional { next.insert(positions) }
                var moved: UInt64 = 1
                for i in 0..<order.count where positions & (1 << i) != 0 && order[i] == call.name {
                    moved |= 1 << (i + 1)
                }
                moved |= positions & (1 << order.count)
                next.insert(moved)
            }
            results = next
        }
        return Array(results)
    }

    /// The API levels at which the documented behaviour differs: one on each side of every bound.
    var distinctAPILevels: [Int] {
        Set(levelsAround(boundsOf: { if case .apiAtLeast(let l) = $0 { l } else if case .apiBelow(let l) = $0 { l } else { nil } })
            + [MachineOptions.defaultAPI]).sorted()
    }

    /// The `targetSdk` values at which the documented behaviour differs (nil: the same as the API level).
    var distinctTargetSDKs: [Int?] {
        [nil] + levelsAround(boundsOf: {
            if case .targetSDKAtLeast(let l) = $0 { l } else if case .targetSDKBelow(let l) = $0 { l } else { nil }
        }).sorted()
    }

    private func levelsAround(boundsOf bound: (Condition) -> Int?) -> [Int] {
        Array(Set(transitions.flatMap { $0.conditions }.compactMap(bound).flatMap { [$0 - 1, $0] }))
    }

    /// `options` as fixed options: itself, or for `api=any` one per distinct API level and target SDK.
    func variants(of options: MachineOptions) -> [MachineOptions] {
        guard options.anyAPI else { return [options] }
        let targets = options.targetSDK.map { [$0] } ?? distinctTargetSDKs
        return distinctAPILevels.flatMap { api in
            targets.map { MachineOptions(api: api, targetSDK: $0, configChanges: options.configChanges, root: options.root) }
        }
    }

    /// Option sets that together reach every documented behaviour.
    var optionVariants: [MachineOptions] {
        guard !options.isEmpty else { return [MachineOptions()] }
        let apis = distinctAPILevels
        let changes = Set(transitions.flatMap { $0.conditions }.compactMap { condition -> String? in
            if case .configHandled(let change) = condition { return change }
            return nil
        })
        var variants: [MachineOptions] = []
        for api in apis {
            for target in distinctTargetSDKs {
                for handled in [Set<String>(), changes] {
                    for root in [false, true] {
                        variants.append(MachineOptions(api: api, targetSDK: target, configChanges: handled, root: root))
                    }
                }
            }
        }
        return variants
    }
}
