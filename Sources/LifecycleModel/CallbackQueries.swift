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
        // Per transition, the calls the order counts, each as the positions of the order it names:
        // worked out once per question, then every node of the search advances by bit operations.
        let steps: [[CallStep]] = transitions.map { transition in
            transition.callbacks.compactMap { call in
                guard named.contains(call.name) else { return nil }
                var matches: UInt64 = 0
                for (i, name) in order.enumerated() where name == call.name { matches |= 1 << i }
                return CallStep(optional: call.optional, matches: matches)
            }
        }
        for options in options.map(variants(of:)) ?? optionVariants {
            // Breadth-first over (state, process, cover, set of match positions as a bit mask).
            var seen = NodeSet()
            var queue: [Node] = []
            for s in states.indices {
                for process in [ProcessState.notRunning, .running, .suspended] {
                    for cover in startCovers {
                        let node = Node(state: s, process: process, cover: cover, positions: 1)
                        if seen.insert(node) { queue.append(node) }
                    }
                }
            }
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for index in transitionsByState[node.state] where transitions[index].admits(node.cover) {
                    guard transitions[index].conditions.allSatisfy({ $0.holds(options, process: node.process, otherScenes: []) }) else { continue }
                    var process = node.process
                    for case .setProcess(let p) in transitions[index].effects { process = p }
                    let cover = transitions[index].cover(after: node.cover)
                    for positions in Self.advance(node.positions, through: steps[index], done: done) {
                        if positions & (1 << done) != 0 { return true }
                        let next = Node(state: targetIndex[index] ?? node.state, process: process, cover: cover, positions: positions)
                        if seen.insert(next) { queue.append(next) }
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

    private struct Node {
        var state: Int
        var process: ProcessState
        var cover: UInt8
        /// Bit i set: the first i callbacks of the order have just been matched. Bit 0 is always set (a match may start later).
        var positions: UInt64
    }

    /// The nodes the search has seen, in an open-addressing table: a `Set<Node>` cost a `Hasher`
    /// per node, more than the rest of the search.
    private struct NodeSet {
        /// Per slot: state, process and cover packed, plus one (0: an empty slot); and the positions.
        private var places: [UInt64] = Array(repeating: 0, count: 256)
        private var positions: [UInt64] = Array(repeating: 0, count: 256)
        private var count = 0

        /// Whether `node` was not in the set (it is now).
        mutating func insert(_ node: Node) -> Bool {
            if (count + 1) * 2 > places.count { grow() }
            let process: UInt64 = switch node.process {
            case .notRunning: 0
            case .running: 1
            case .suspended: 2
            }
            let place = (UInt64(node.state) << 10 | process << 8 | UInt64(node.cover)) + 1
            let mask = places.count - 1
            var slot = Self.slot(place, node.positions, mask)
            while places[slot] != 0 {
                if places[slot] == place && positions[slot] == node.positions { return false }
                slot = (slot + 1) & mask
            }
            places[slot] = place
            positions[slot] = node.positions
            count += 1
            return true
        }

        private static func slot(_ place: UInt64, _ positions: UInt64, _ mask: Int) -> Int {
            Int(truncatingIfNeeded: ((place &* 0x9E37_79B9_7F4A_7C15) ^ (positions &* 0xC2B2_AE3D_27D4_EB4F)) >> 32) & mask
        }

        private mutating func grow() {
            let old = zip(places, positions).filter { $0.0 != 0 }
            places = Array(repeating: 0, count: places.count * 2)
            positions = Array(repeating: 0, count: positions.count * 2)
            let mask = places.count - 1
            for (place, position) in old {
                var slot = Self.slot(place, position, mask)
                while places[slot] != 0 { slot = (slot + 1) & mask }
                places[slot] = place
                positions[slot] = position
            }
        }
    }

    /// A callback of a transition that the order counts: bit i of `matches` set when the order's
    /// i-th callback is this one.
    private struct CallStep {
        var optional: Bool
        var matches: UInt64
    }

    /// The match positions after a transition's callbacks, one result per choice of optional
    /// callbacks (a handful: kept in an array, without duplicates).
    private static func advance(_ start: UInt64, through calls: [CallStep], done: Int) -> [UInt64] {
        var results: [UInt64] = [start]
        for call in calls {
            var next: [UInt64] = []
            for positions in results {
                if call.optional && !next.contains(positions) { next.append(positions) }
                // Each matched position moves on by one; a completed order stays complete.
                let moved = 1 | (positions & call.matches) << 1 | positions & (1 << done)
                if !next.contains(moved) { next.append(moved) }
            }
            results = next
        }
        return results
    }

    /// The API levels at which the documented behaviour differs: one on each side of every bound.
    var distinctAPILevels: [Int] { levels.apis }

    /// The `targetSdk` values at which the documented behaviour differs (nil: the same as the API level).
    var distinctTargetSDKs: [Int?] { levels.targetSDKs }

    /// `options` as fixed options: itself, or for `api=any` one per distinct API level and target SDK.
    func variants(of options: MachineOptions) -> [MachineOptions] {
        guard options.anyAPI else { return [options] }
        let targets = options.targetSDK.map { [$0] } ?? distinctTargetSDKs
        return distinctAPILevels.flatMap { api in
            targets.map { MachineOptions(api: api, targetSDK: $0, configChanges: options.configChanges, root: options.root) }
        }
    }

    /// Option sets that together reach every documented behaviour.
    var optionVariants: [MachineOptions] { levels.variants }
}

/// The option levels of a machine's transitions, worked out once when the machine is made:
/// every callback-order question asks for them.
struct OptionLevels: Sendable {
    var apis: [Int]
    var targetSDKs: [Int?]
    var variants: [MachineOptions]

    init(transitions: [Transition], hasOptions: Bool) {
        let conditions = transitions.flatMap(\.conditions)
        func levelsAround(boundsOf bound: (Condition) -> Int?) -> [Int] {
            Array(Set(conditions.compactMap(bound).flatMap { [$0 - 1, $0] }))
        }
        apis = Set(levelsAround(boundsOf: { if case .apiAtLeast(let l) = $0 { l } else if case .apiBelow(let l) = $0 { l } else { nil } })
            + [MachineOptions.defaultAPI]).sorted()
        targetSDKs = [nil] + levelsAround(boundsOf: {
            if case .targetSDKAtLeast(let l) = $0 { l } else if case .targetSDKBelow(let l) = $0 { l } else { nil }
        }).sorted()
        guard hasOptions else {
            variants = [MachineOptions()]
            return
        }
        let changes = Set(conditions.compactMap { condition -> String? in
            if case .configHandled(let change) = condition { return change }
            return nil
        })
        variants = []
        for api in apis {
            for target in targetSDKs {
                for handled in [Set<String>(), changes] {
                    for root in [false, true] {
                        variants.append(MachineOptions(api: api, targetSDK: target, configChanges: handled, root: root))
                    }
                }
            }
        }
    }
}
