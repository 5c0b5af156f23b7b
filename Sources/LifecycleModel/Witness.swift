extension Machine {
    /// Transitions that show a legal state path (or callback order) step by
    /// step, for a reader: at each name, the transition that carries the
    /// chain furthest, preferring one that starts there.
    public func witness(forPath path: [String]) -> [Transition] {
        Self.witness(path, among: transitions) { transition in [transition.from] + transition.states }
    }

    /// `allowed`: the transitions that may be shown (those that hold under some options); the
    /// answer is what a machine of only these transitions would give, without making one.
    public func witness(forCallbacks order: [String], allowed: ((Transition) -> Bool)? = nil) -> [Transition] {
        let chosen = allowed.map { allowed in transitions.indices.filter { allowed(transitions[$0]) } } ?? Array(transitions.indices)
        // By callback index, as `canProduce` numbers them: names are compared as numbers. A name
        // the machine does not know is -1, which no call is.
        let walk = callbackWalk
        let items = order.map { walk.index[$0] ?? -1 }
        var named = Array(repeating: false, count: walk.names.count)
        for item in items where item >= 0 { named[item] = true }
        // Of each transition's calls, those the order names and those of core callbacks, one
        // walk after another in one array (an array per transition cost more than the search).
        var calls: [Int] = []
        calls.reserveCapacity(walk.calls.count)
        var starts = [0]
        starts.reserveCapacity(chosen.count + 1)
        for t in chosen {
            for c in walk.callStarts[t]..<walk.callStarts[t + 1] where coreCalls[walk.calls[c]] || named[walk.calls[c]] { calls.append(walk.calls[c]) }
            starts.append(calls.count)
        }
        return Self.witness(items, calls: calls, starts: starts).map { transitions[chosen[$0]] }
    }

    private static func witness(_ items: [String], among transitions: [Transition], walk: (Transition) -> [String]) -> [Transition] {
        witness(items, walks: transitions.map(walk)).map { transitions[$0] }
    }

    /// The walks (by index) that show `items`.
    static func witness<Name: Equatable>(_ items: [Name], walks: [[Name]]) -> [Int] {
        witness(items, calls: Array(walks.joined()), starts: walks.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) })
    }

    /// The walks that show `items`, walk t being `calls[starts[t]..<starts[t + 1]]`.
    static func witness<Name: Equatable>(_ items: [Name], calls: [Name], starts: [Int]) -> [Int] {
        var result: [Int] = []
        var i = 0
        while i + 1 < items.count {
            var best: (transition: Int, advance: Int, startsHere: Bool)?
            for t in 0..<starts.count - 1 {
                let end = starts[t + 1]
                for p in starts[t]..<end where calls[p] == items[i] {
                    var k = 0
                    while p + k + 1 < end, i + k + 1 < items.count, calls[p + k + 1] == items[i + k + 1] { k += 1 }
                    guard k > 0 else { continue }
                    let candidate = (t, k, p == starts[t])
                    if best == nil || (candidate.2 && !best!.startsHere) || (candidate.2 == best!.startsHere && k > best!.advance) {
                        best = candidate
                    }
                }
            }
            guard let best else {
                i += 1
                continue
            }
            result.append(best.transition)
            i += best.advance
        }
        return result
    }
}
