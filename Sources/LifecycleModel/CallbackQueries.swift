import Synchronization

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
        guard order.count <= 62 else { return false }
        guard var search = OrderSearch(order, walk: callbackWalk) else { return false }
        for enabled in options.map({ self.enablings(for: $0) }) ?? callbackWalk.variantEnablings {
            if search.finds(enabled) { return true }
        }
        return false
    }

    /// The `Enabling` of each distinct option set `options` stands for, made once per machine and
    /// option set: examples ask many orders under the same few options.
    func enablings(for options: MachineOptions) -> [Enabling] {
        let walk = callbackWalk
        return walk.enablingsByOptions.value(for: options) { walk.distinctEnablings(variants(of: options)) }
    }
}

/// One `canProduce` question: breadth-first over (state, process, cover, set of match positions
/// as a bit mask), once per option variant. A struct of the search's storage (no closures
/// capturing it: each captured variable was a box allocated per question), made once per question.
private struct OrderSearch {
    let walk: CallbackWalk
    let doneBit: UInt64
    /// The order's first callback (by index).
    let first: Int
    /// Per callback (by index), the positions of the order that name it, as bits; the order's
    /// callbacks and the core ones count, the others are left out of every run.
    var matches: [UInt64]
    /// The match positions after the transition last advanced through (several only when it
    /// has optional calls), and scratch for making them.
    var results: [UInt64] = [0]
    var next: [UInt64] = []
    var queue: [Node] = []
    var seen = NodeSet()

    /// Nil when the order names a callback the machine does not know: no run calls it.
    init?(_ order: [String], walk: CallbackWalk) {
        self.walk = walk
        doneBit = 1 << order.count
        var matches = Array(repeating: UInt64(0), count: walk.names.count)
        var first = 0
        for (i, name) in order.enumerated() {
            guard let callback = walk.index[name] else { return nil }
            if i == 0 { first = callback }
            matches[callback] |= 1 << i
        }
        self.first = first
        self.matches = matches
        queue.reserveCapacity(64)
    }

    /// Whether some run with the transitions `enabling` enables holds the order.
    mutating func finds(_ enabling: Enabling) -> Bool {
        let enabled = enabling.enabled
        seen.removeAll()
        queue.removeAll(keepingCapacity: true)
        // Every (state, process, cover) with nothing matched yet (positions 1) is a start of the
        // search, and reaches other positions only through a transition that calls the order's
        // first callback. So the search starts from those transitions and never expands a node
        // with positions 1: they are all seen from the start.
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
            let row = node.state * 3 + node.process
            for o in enabling.outgoingStarts[row]..<enabling.outgoingStarts[row + 1] {
                let t = enabling.outgoing[o]
                let mask = walk.coverMasks[t]
                guard mask == .max || mask & node.cover != 0 else { continue }
                advance(node.positions, t)
                if follow(t, from: node.state, process: node.process, cover: node.cover) { return true }
            }
        }
        return false
    }

    /// The match positions after transition t's counted calls from `positions`, into `results`.
    /// Each counted call moves every matched position on by one (a completed order stays
    /// complete); an optional one also keeps the positions before it.
    private mutating func advance(_ positions: UInt64, _ t: Int) {
        let calls = walk.callStarts[t]..<walk.callStarts[t + 1]
        guard walk.hasOptional[t] else {
            // One run through the calls, one result: most transitions.
            var moved = positions
            for c in calls {
                if let matched = counted(walk.calls[c]) { moved = move(moved, matched) }
            }
            // The one result replaces the one before (emptying the array and appending cost more).
            if results.count == 1 {
                results[0] = moved
            } else {
                results.removeAll(keepingCapacity: true)
                results.append(moved)
            }
            return
        }
        results.removeAll(keepingCapacity: true)
        results.append(positions)
        for c in calls {
            guard let matched = counted(walk.calls[c]) else { continue }
            next.removeAll(keepingCapacity: true)
            for positions in results {
                if walk.optional[c] && !next.contains(positions) { next.append(positions) }
                let moved = move(positions, matched)
                if !next.contains(moved) { next.append(moved) }
            }
            swap(&results, &next)
        }
    }

    /// The order's positions that name `callback` (`matches`), when the order counts the call:
    /// it names the callback or the callback is a core one; nil for a call left out of the run.
    @inline(__always)
    private func counted(_ callback: Int) -> UInt64? {
        let matched = matches[callback]
        return matched != 0 || walk.core[callback] ? matched : nil
    }

    /// `positions` after a counted call whose positions are `matched`: every matched position
    /// moves on by one, nothing matched is the start again (bit 0), a completed order stays complete.
    @inline(__always)
    private func move(_ positions: UInt64, _ matched: UInt64) -> UInt64 {
        1 | (positions & matched) << 1 | positions & doneBit
    }

    /// Queues the nodes after transition t from (state, process, cover), one per result of
    /// `advance`; true when one has matched the whole order.
    private mutating func follow(_ t: Int, from state: Int, process: Int, cover: UInt8) -> Bool {
        let process = walk.processAfter[t] < 0 ? process : Int(walk.processAfter[t])
        let cover = walk.coverAfter[t] < 0 ? cover : UInt8(walk.coverAfter[t])
        let state = walk.targets[t] ?? state
        for positions in results where positions != 1 {
            if positions & doneBit != 0 { return true }
            let node = Node(state: state, process: process, cover: cover, positions: positions)
            if seen.insert(node) { queue.append(node) }
        }
        return false
    }

    struct Node {
        var state: Int
        /// `ProcessState` as `CallbackWalk.processNumber` numbers it.
        var process: Int
        var cover: UInt8
        /// Bit i set: the first i callbacks of the order have just been matched. Bit 0 is always set (a match may start later).
        var positions: UInt64
    }

    /// The nodes the search has seen, in an open-addressing table: a `Set<Node>` cost a `Hasher`
    /// per node, more than the rest of the search.
    struct NodeSet {
        /// Per slot, two words: state, process and cover packed, plus one (0: an empty slot); and
        /// the positions. One array, small at first: most questions see a few dozen nodes.
        private var slots: [UInt64] = Array(repeating: 0, count: 2 * 64)
        private var count = 0

        /// Empties the set, keeping its table: a question searches once per option variant.
        mutating func removeAll() {
            guard count > 0 else { return }
            // A slot's positions are read only where its place is set, but clearing both is one loop.
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            count = 0
        }

        /// Whether `node` was not in the set (it is now).
        mutating func insert(_ node: Node) -> Bool {
            if (count + 1) * 4 > slots.count { grow() }
            let place = (UInt64(node.state) << 10 | UInt64(node.process) << 8 | UInt64(node.cover)) + 1
            if !Self.insert(place, node.positions, into: &slots) { return false }
            count += 1
            return true
        }

        /// Whether (place, positions) was not in `slots` (it is now).
        private static func insert(_ place: UInt64, _ positions: UInt64, into slots: inout [UInt64]) -> Bool {
            let mask = slots.count / 2 - 1
            var slot = Int(truncatingIfNeeded: ((place &* 0x9E37_79B9_7F4A_7C15) ^ (positions &* 0xC2B2_AE3D_27D4_EB4F)) >> 32) & mask
            while slots[2 * slot] != 0 {
                if slots[2 * slot] == place && slots[2 * slot + 1] == positions { return false }
                slot = (slot + 1) & mask
            }
            slots[2 * slot] = place
            slots[2 * slot + 1] = positions
            return true
        }

        private mutating func grow() {
            let old = slots
            slots = Array(repeating: 0, count: old.count * 2)
            for slot in stride(from: 0, to: old.count, by: 2) where old[slot] != 0 {
                _ = Self.insert(old[slot], old[slot + 1], into: &slots)
            }
        }
    }
}

extension Machine {
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

/// What `canProduce` needs of a machine's transitions, as numbers, worked out once when the
/// machine is made: the question is asked for every `callbacks` line of every example, and
/// walking `Transition` values (strings, arrays of enums) cost more than the search itself.
/// A class: a question holds it with one retain, where a struct's copy retained every table.
final class CallbackWalk: Sendable {
    /// Every callback name a transition calls or the machine lists, by index.
    let names: [String]
    let index: [String: Int]
    /// By callback index: a core callback (not auxiliary), counted in every order.
    let core: [Bool]
    /// Transition t's calls are `calls[callStarts[t]..<callStarts[t + 1]]` (callback indexes),
    /// with `optional` alongside.
    let calls: [Int]
    let optional: [Bool]
    let callStarts: [Int]
    /// By transition: it has an optional call.
    let hasOptional: [Bool]
    /// By callback index: where it is called, as the transition and the index in `calls`, in
    /// the order of `calls` (where `witness(forCallbacks:)` looks for a name).
    let places: [[(transition: Int, call: Int)]]
    /// By transition: the state index it ends in, its cover mask (`Transition.coverMask`), the
    /// process it sets (-1: unchanged) and the cover it leaves (-1: unchanged).
    let targets: [Int?]
    let coverMasks: [UInt8]
    let processAfter: [Int8]
    let coverAfter: [Int16]
    /// By state index: its transitions, by index, in definition order (`Machine.transitionsByState`).
    let transitionsByState: [[Int]]
    /// The covers a run may be under where an order starts: any, on a machine that has covers.
    let startCovers: [UInt8]
    /// By transition: its conditions.
    let conditions: [[Condition]]
    /// The machine's `optionVariants`.
    let variants: [MachineOptions]
    /// `variantEnablings`, made at the first question without options (a third of making the
    /// machines, which most builds ask of a few machines only).
    private let variantEnablingsOnce = Once<[Enabling]>()
    /// By callback index: the transitions that call it, with the state each leaves (where a
    /// search for an order that begins with the callback starts).
    let starts: [[(state: Int, transition: Int)]]
    /// `Machine.enablings(for:)` of the option sets asked so far.
    let enablingsByOptions = OptionsTable<[Enabling]>()

    init(callbacks: [CallbackInfo], transitions: [Transition], targets: [Int?], transitionsByState: [[Int]], variants: [MachineOptions]) {
        var names = callbacks.map(\.id)
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() where index[name] == nil { index[name] = i }
        var core = callbacks.map { !$0.auxiliary }
        var calls: [Int] = []
        var optional: [Bool] = []
        var callStarts = [0]
        for transition in transitions {
            for call in transition.callbacks {
                let callback = index[call.name] ?? {
                    names.append(call.name)
                    core.append(false)
                    index[call.name] = names.count - 1
                    return names.count - 1
                }()
                calls.append(callback)
                optional.append(call.optional)
            }
            callStarts.append(calls.count)
        }
        self.names = names
        self.index = index
        self.core = core
        self.calls = calls
        self.optional = optional
        self.callStarts = callStarts
        hasOptional = transitions.map { $0.callbacks.contains(where: \.optional) }
        self.transitionsByState = transitionsByState
        var places = Array(repeating: [(transition: Int, call: Int)](), count: names.count)
        for t in transitions.indices {
            for c in callStarts[t]..<callStarts[t + 1] { places[calls[c]].append((t, c)) }
        }
        self.places = places
        self.targets = targets
        coverMasks = transitions.map(\.coverMask)
        processAfter = transitions.map { transition in
            var process: Int8 = -1
            for case .setProcess(let p) in transition.effects { process = Int8(Self.processNumber(p)) }
            return process
        }
        coverAfter = transitions.map { transition in
            let after = transition.cover(after: 0)
            // `cover(after:)` returns its argument when no effect sets the cover; 0 is no cover's bit.
            return after == 0 ? -1 : Int16(after)
        }
        startCovers = transitions.contains { $0.coverMask != .max } ? Cover.allCases.map(\.bit) : [Cover.uncovered.bit]
        conditions = transitions.map(\.conditions)
        var starts = Array(repeating: [(state: Int, transition: Int)](), count: names.count)
        for (s, outgoing) in transitionsByState.enumerated() {
            for t in outgoing {
                for callback in Set(calls[callStarts[t]..<callStarts[t + 1]]).sorted() { starts[callback].append((s, t)) }
            }
        }
        self.starts = starts
        self.variants = variants
    }

    /// The `Enabling` of each of the machine's `optionVariants`, each distinct one once: of Android's
    /// dozens of option sets, most enable the same transitions.
    var variantEnablings: [Enabling] { variantEnablingsOnce.value { distinctEnablings(variants) } }

    static func processNumber(_ process: ProcessState) -> Int {
        switch process {
        case .notRunning: 0
        case .running: 1
        case .suspended: 2
        }
    }

    /// The `Enabling` of each of `variants`, each distinct one once, in the variants' order.
    func distinctEnablings(_ variants: [MachineOptions]) -> [Enabling] {
        var seen = Set<[UInt8]>()
        return variants.map(enabled(options:)).filter { seen.insert($0).inserted }.map { Enabling($0, transitionsByState: transitionsByState) }
    }

    /// By transition: bit p set when its conditions hold under `options` with the process
    /// numbered p (no other scenes: `canProduce` follows one scene).
    func enabled(options: MachineOptions) -> [UInt8] {
        conditions.map { conditions in
            // Only `.process` conditions depend on the process (no other scenes: `.otherScenesIn`
            // holds): the others are asked once, not once per process.
            let holdsOtherwise = conditions.allSatisfy { condition in
                if case .process = condition { return true }
                return condition.holds(options, process: .running, otherScenes: EmptyCollection())
            }
            guard holdsOtherwise else { return 0 }
            var bits: UInt8 = 0
            for process in Self.processes where conditions.allSatisfy({ condition in
                if case .process(let allowed) = condition { return allowed.contains(process) }
                return true
            }) {
                bits |= 1 << Self.processNumber(process)
            }
            return bits
        }
    }

    private static let processes: [ProcessState] = [.notRunning, .running, .suspended]
}

/// The transitions one option set enables, by process: what `canProduce` searches with.
struct Enabling: Equatable, Sendable {
    /// By transition: bit p set when it is enabled with the process numbered p (`CallbackWalk.enabled(options:)`).
    let enabled: [UInt8]
    /// The transitions from state s enabled in process p, in definition order, are
    /// `outgoing[outgoingStarts[r]..<outgoingStarts[r + 1]]` with r = s * 3 + p: the search
    /// looks at a node's enabled transitions only (of Android's dozens from a state, a few).
    let outgoing: [Int]
    let outgoingStarts: [Int]

    init(_ enabled: [UInt8], transitionsByState: [[Int]]) {
        self.enabled = enabled
        var outgoing: [Int] = []
        var outgoingStarts = [0]
        for transitions in transitionsByState {
            for process in 0..<3 {
                for t in transitions where enabled[t] & (1 << process) != 0 { outgoing.append(t) }
                outgoingStarts.append(outgoing.count)
            }
        }
        self.outgoing = outgoing
        self.outgoingStarts = outgoingStarts
    }
}

/// A value a machine works out at most once, when first asked (a class: the machine's tables
/// are values). Made under the lock: cores that ask together wait for the one making it.
final class Once<Value: Sendable>: Sendable {
    private let made = Mutex<Value?>(nil)

    func value(_ make: () -> Value) -> Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}

/// What a machine works out once per option set (a class: the machine's tables are values):
/// examples and exercises ask many questions under the same few options. Called from every core.
final class OptionsTable<Value: Sendable>: Sendable {
    private let table = Mutex<[MachineOptions: Value]>([:])

    /// The value for `options`, made by `make` the first time.
    func value(for options: MachineOptions, _ make: () -> Value) -> Value {
        if let known = table.withLock({ $0[options] }) { return known }
        let made = make()
        table.withLock { table in
            // A site writes a handful of option sets; the bound only keeps odd input from growing it.
            if table.count >= 256 { table.removeAll() }
            table[options] = made
        }
        return made
    }
}
