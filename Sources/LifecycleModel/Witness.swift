extension Machine {
    /// Transitions that show a legal state path (or callback order) step by
    /// step, for a reader: at each name, the transition that carries the
    /// chain furthest, preferring one that starts there.
    public func witness(forPath path: [String]) -> [Transition] {
        // Names compared as numbers (`StateWalks`); a name no walk has is -1, which none is.
        let walks = stateWalks
        let items = path.map { walks.numbers[$0] ?? -1 }
        return Self.witness(items, calls: walks.names, starts: walks.starts).map { transitions[$0] }
    }

    /// `allowed`: the transitions that may be shown (those that hold under some options); the
    /// answer is what a machine of only these transitions would give, without making one.
    public func witness(forCallbacks order: [String], allowed: ((Transition) -> Bool)? = nil) -> [Transition] {
        let chosen = allowed.map { allowed in transitions.indices.filter { allowed(transitions[$0]) } } ?? Array(transitions.indices)
        return witness(forCallbacks: order, chosen: chosen)
    }

    /// `witness(forCallbacks:allowed:)` showing only the transitions whose conditions hold under
    /// `options` (`Condition.holds(for:)`; nil: all), from the machine's table for the option set.
    public func witness(forCallbacks order: [String], options: MachineOptions?) -> [Transition] {
        guard let options else { return witness(forCallbacks: order, chosen: Array(transitions.indices)) }
        let allowed = transitionsAllowed(under: options)
        return witness(forCallbacks: order, chosen: transitions.indices.filter { allowed[$0] })
    }

    /// The witness among the transitions `chosen` (indexes, in order).
    private func witness(forCallbacks order: [String], chosen: [Int]) -> [Transition] {
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

/// The state names each transition shows a reader (`from`, then `states`), one walk after
/// another, each name as a number: made once per machine for `witness(forPath:)`.
struct StateWalks: Sendable {
    /// By name (a String key: names equal as Strings share a number).
    let numbers: [String: Int]
    /// Walk t is `names[starts[t]..<starts[t + 1]]`.
    let names: [Int]
    let starts: [Int]

    init(_ transitions: [Transition]) {
        var numbers: [String: Int] = [:]
        var names: [Int] = []
        var starts = [0]
        for transition in transitions {
            for name in [transition.from] + transition.states {
                let number = numbers[name] ?? numbers.count
                numbers[name] = number
                names.append(number)
            }
            starts.append(names.count)
        }
        self.numbers = numbers
        self.names = names
        self.starts = starts
    }
}
