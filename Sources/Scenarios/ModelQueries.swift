import LifecycleModel
import LifecycleMachines

/// Questions the runner asks the model beyond `LifecycleModel`'s own API,
/// mostly to explain a failure and suggest a fix. All are breadth-first or
/// single passes over the (small) transition tables; none recurses.
public enum ModelQueries {
    /// Each machine that has `.unconfirmed` transitions, without them: a
    /// chain legal in the full machine but not here leans on an unconfirmed row.
    static let confirmedMachines: [String: Machine] = {
        var result: [String: Machine] = [:]
        for m in Machines.all where m.transitions.contains(where: { $0.confidence == .unconfirmed }) {
            result[m.id] = Machine(
                id: m.id, title: m.title, platform: m.platform, states: m.states, events: m.events, callbacks: m.callbacks,
                transitions: m.transitions.filter { $0.confidence != .unconfirmed }, initialState: m.initialState,
                options: m.options, multiScene: m.multiScene, aggregateSummary: m.aggregateSummary, aggregateRule: m.aggregateRule)
        }
        return result
    }()

    /// A path's verdict in `machine` under `options`, and for a legal one whether it needs an
    /// unconfirmed row (it is not legal in the machine's `confirmedMachines` one).
    /// A path the confirmed rows allow is legal in the whole machine (fewer rows allow fewer
    /// runs, at the same or fewer option levels): asked first, that answer settles the common
    /// case with one search instead of two.
    static func pathVerdict(_ ids: [String], in machine: Machine, options: MachineOptions) -> (verdict: Machine.PathVerdict, unconfirmed: Bool) {
        let confirmed = confirmedMachines[machine.id]
        if let confirmed, confirmed.verdict(forPath: ids, options: options) == .legal { return (.legal, false) }
        let verdict = machine.verdict(forPath: ids, options: options)
        return (verdict, verdict == .legal && confirmed != nil)
    }

    /// The unconfirmed transitions a path legal only in the whole machine takes: those of each
    /// step the confirmed rows cannot show, else those that show the path. `options` nil: any.
    static func unconfirmedWitnesses(of ids: [String], in machine: Machine, confirmed: Machine, options: MachineOptions?) -> [Transition] {
        var rows: [Transition] = []
        for i in ids.indices.dropFirst() {
            let pair = [ids[i - 1], ids[i]]
            guard witnesses(of: pair, in: confirmed, options: options).isEmpty else { continue }
            for t in witnesses(of: pair, in: machine, options: options, include: { $0.confidence == .unconfirmed }) where !rows.contains(t) {
                rows.append(t)
            }
        }
        if rows.isEmpty {
            rows = witnesses(of: ids, in: machine, options: options, include: { $0.confidence == .unconfirmed })
        }
        return rows
    }

    /// Whether `machine` can call the callbacks `ids` in this order under `options`, and for a
    /// possible order whether it needs an unconfirmed row; the confirmed rows are asked first,
    /// as for `pathVerdict`.
    static func canProduce(_ ids: [String], in machine: Machine, options: MachineOptions) -> (possible: Bool, unconfirmed: Bool) {
        let confirmed = confirmedMachines[machine.id]
        if let confirmed, confirmed.canProduce(callbackOrder: ids, options: options) { return (true, false) }
        let possible = machine.canProduce(callbackOrder: ids, options: options)
        return (possible, possible && confirmed != nil)
    }

    // MARK: Conditions

    /// Why `event` cannot happen in `state` though the machine documents it there: for each
    /// transition whose conditions fail, "from <state> needs <conditions> (<row>)". Empty when
    /// no transition starts there on that event.
    /// On Android, what covers the activity is a reason too: "needs another window focused;
    /// now: a translucent activity on top".
    public static func blockedBy(
        event: String, in state: String, machine: Machine, options: MachineOptions, process: ProcessState, otherScenes: [String],
        cover: Cover = .uncovered
    ) -> [String] {
        var blocked: [(needs: [String], row: String)] = []
        for t in machine.transitions(from: state, on: event) {
            var needs = t.conditions.filter { !$0.holds(options, process: process, otherScenes: otherScenes) }.map(describe)
            if let covers = t.covered, !covers.contains(cover) {
                needs.append(Messages.orList(covers.map(describe)) + " (now: \(describe(cover)))")
            }
            if !needs.isEmpty { blocked.append((needs, t.row)) }
        }
        // A row that needs all another row needs and more says nothing new: meeting the other's
        // needs is enough ("api below 29 and nothing over the activity" beside "nothing over the
        // activity" at api 34).
        var reasons: [String] = []
        for b in blocked where !blocked.contains(where: { $0.needs.count < b.needs.count && Set($0.needs).isSubset(of: b.needs) }) {
            let text = "from \(state) needs " + b.needs.joined(separator: " and ") + " (\(b.row))"
            if !reasons.contains(text) { reasons.append(text) }
        }
        return reasons
    }

    /// What covers an Android activity, in words.
    static func describe(_ cover: Cover) -> String {
        switch cover {
        case .uncovered: "nothing over the activity"
        case .translucentActivity: "a translucent activity on top"
        case .dialog: "its own dialog shown"
        case .notificationShade: "the notification shade open"
        case .otherWindow: "another window focused"
        case .pictureInPicture: "the activity in picture-in-picture"
        }
    }


    /// A condition in words: "api=29 or higher", "a process that is running or suspended".
    static func describe(_ condition: Condition) -> String {
        switch condition {
        case .apiAtLeast(let level): return "api=\(level) or higher"
        case .apiBelow(let level): return "api below \(level)"
        case .targetSDKAtLeast(let level): return "targetSdk=\(level) or higher"
        case .targetSDKBelow(let level): return "targetSdk below \(level)"
        case .configHandled(let change): return "configChanges with \(change)"
        case .configNotHandled(let change): return "configChanges without \(change)"
        case .root(let root): return "root=\(root)"
        case .process(let allowed):
            let order: [ProcessState] = [.notRunning, .running, .suspended]
            let words = order.filter { allowed.contains($0) }.map { $0 == .notRunning ? "not running" : $0.rawValue }
            return "a process that is " + Messages.orList(words)
        case .otherScenesIn(let allowed):
            return "every other scene " + Messages.orList(allowed.sorted())
        }
    }

    // MARK: Paths

    /// The states a run of these transitions passes through after `from`.
    static func states(of transitions: [Transition]) -> [String] {
        transitions.flatMap(\.states)
    }

    /// For each adjacent pair of `path`, the first transition (among those
    /// `include` accepts) whose start and states show the pair: witnesses of
    /// the path's steps, a confirmed transition before an unconfirmed one (SwiftUI's
    /// `.inactive → .active` is the documented return P3, not the unconfirmed launch P1).
    /// Pairs no transition shows are skipped.
    static func witnesses(
        of path: [String], in machine: Machine, options: MachineOptions? = nil, include: (Transition) -> Bool = { _ in true }
    ) -> [Transition] {
        var result: [Transition] = []
        for i in path.indices.dropFirst() {
            let (a, b) = (path[i - 1], path[i])
            var unconfirmed: Transition?
            var witness: Transition?
            for t in machine.transitions where include(t) && !t.states.isEmpty {
                // Under a block's options, only a transition those options allow shows the step.
                if let options, !t.conditions.allSatisfy({ $0.holds(for: options) }) { continue }
                let shown = [t.from] + t.states
                if shown.indices.dropFirst().contains(where: { shown[$0 - 1] == a && shown[$0] == b }) {
                    if t.confidence != .unconfirmed {
                        witness = t
                        break
                    }
                    if unconfirmed == nil { unconfirmed = t }
                }
            }
            if let t = witness ?? unconfirmed, !result.contains(t) { result.append(t) }
        }
        return result
    }

    // MARK: Callback orders

    /// A legal path close to `ids`, which fails at `index` (`expected`: what can follow there):
    /// the written states up to the failure, then the shortest way through a state that can
    /// follow to the written one, then the rest if the whole then holds. Shared by `path`
    /// lines and the chains of prose, so both suggest the same fix.
    static func legalPath(
        near ids: [String], failingAt index: Int, expected: [String], in machine: Machine, options: MachineOptions
    ) -> [String]? {
        guard index > 0 else { return nil }
        let prefix = Array(ids[..<index])
        var best: [String]?
        for next in expected {
            guard let way = machine.shortestPath(from: next, to: ids[index], options: options) else { continue }
            let fixed = prefix + [next] + states(of: way)
            if fixed.count < (best?.count ?? Int.max), machine.verdict(forPath: fixed, options: options) == .legal { best = fixed }
        }
        guard let best else { return nil }
        let full = best + ids[(index + 1)...]
        return machine.verdict(forPath: full, options: options) == .legal ? full : best
    }

    /// The fix a wrong order of callbacks is offered: the same callbacks in an order the model
    /// produces, the closest first (fewest pairs swapped); else the shortest order that holds
    /// them all with what the model calls in between. Never the written order itself.
    static func fixedOrder(for order: [String], in machine: Machine, options: MachineOptions) -> [String]? {
        if order.count <= 6 {
            let reorderings = permutations(of: order).filter { $0 != order }
                .sorted { swaps($0, from: order) < swaps($1, from: order) }
            if let reordered = reorderings.first(where: { machine.canProduce(callbackOrder: $0, options: options) }) { return reordered }
        }
        guard let order = possibleOrder(containing: order, in: machine, options: options), machine.canProduce(callbackOrder: order, options: options)
        else { return nil }
        return order
    }

    private static func permutations(of items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        var result: [[String]] = []
        for (index, item) in items.enumerated() {
            var rest = items
            rest.remove(at: index)
            result += permutations(of: rest).map { [item] + $0 }
        }
        return result
    }

    /// How many pairs of `reordered` stand the other way round in `original` (each name's first place).
    private static func swaps(_ reordered: [String], from original: [String]) -> Int {
        let rank = reordered.map { name in original.firstIndex(of: name) ?? 0 }
        var count = 0
        for i in rank.indices { for j in rank.indices where j > i && rank[j] < rank[i] { count += 1 } }
        return count
    }

    /// Some order of callbacks the model can produce that contains `order`
    /// as a subsequence: the callbacks of a run (under `options`) that calls
    /// them all in this order, from the first to the last of them, reduced
    /// to the written and the core callbacks; of all such runs, one whose
    /// reduced order is shortest. Nil if there is none.
    ///
    /// A shortest-path search (Dijkstra without a heap: the graph has at most
    /// states × 3 process states × (order.count + 1) nodes) whose cost is the
    /// number of callbacks a transition adds to the reduced order.
    static func possibleOrder(containing order: [String], in machine: Machine, options: MachineOptions) -> [String]? {
        guard !order.isEmpty else { return nil }
        let kept = Set(order).union(machine.callbacks.filter { !$0.auxiliary }.map(\.id))
        var stateIndex: [String: Int] = [:]
        for (i, s) in machine.states.enumerated() { stateIndex[s.id] = i }
        var outgoing = Array(repeating: [Int](), count: machine.states.count)
        for (t, transition) in machine.transitions.enumerated() {
            if let s = stateIndex[transition.from] { outgoing[s].append(t) }
        }
        let processes: [ProcessState] = [.notRunning, .running, .suspended]
        // Node (state, process, matched) as one index.
        func node(_ state: Int, _ process: ProcessState, _ matched: Int) -> Int {
            (matched * machine.states.count + state) * processes.count + (processes.firstIndex(of: process) ?? 0)
        }
        let count = machine.states.count * processes.count * (order.count + 1)
        var cost = Array(repeating: Int.max, count: count)
        var done = Array(repeating: false, count: count)
        var parent: [(node: Int, transition: Int)?] = Array(repeating: nil, count: count)
        for s in machine.states.indices {
            for p in processes { cost[node(s, p, 0)] = 0 }
        }
        var goal: Int?
        while goal == nil {
            var current = -1
            for n in 0..<count where !done[n] && cost[n] != Int.max && (current < 0 || cost[n] < cost[current]) { current = n }
            guard current >= 0 else { break }
            done[current] = true
            let process = processes[current % processes.count]
            let state = (current / processes.count) % machine.states.count
            let matchedIn = current / (processes.count * machine.states.count)
            if matchedIn == order.count {
                goal = current
                break
            }
            for t in outgoing[state] {
                let transition = machine.transitions[t]
                guard transition.conditions.allSatisfy({ $0.holds(options, process: process, otherScenes: []) }) else { continue }
                var nextProcess = process
                for case .setProcess(let p) in transition.effects { nextProcess = p }
                var matched = matchedIn
                var added = 0
                for call in transition.callbacks {
                    if matched < order.count && call.name == order[matched] {
                        matched += 1
                        added += 1
                    } else if matched > 0 && matched < order.count && kept.contains(call.name) {
                        added += 1
                    }
                }
                let next = node(stateIndex[transition.to] ?? state, nextProcess, matched)
                if !done[next] && cost[current] + added < cost[next] {
                    cost[next] = cost[current] + added
                    parent[next] = (current, t)
                }
            }
        }
        guard var at = goal else { return nil }
        var run: [Transition] = []
        while let step = parent[at] {
            run.append(machine.transitions[step.transition])
            at = step.node
        }
        var result: [String] = []
        var matched = 0
        for call in run.reversed().flatMap(\.callbacks) where matched < order.count {
            if call.name == order[matched] {
                matched += 1
                result.append(call.name)
            } else if matched > 0 && kept.contains(call.name) {
                result.append(call.name)
            }
        }
        return matched == order.count ? result : nil
    }
}
