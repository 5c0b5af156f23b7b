extension Machine {
    /// Transitions that show a legal state path (or callback order) step by
    /// step, for a reader: at each name, the transition that carries the
    /// chain furthest, preferring one that starts there and then one that
    /// stops where its part of the chain does (Back's run for "Resumed → Started
    /// → Created → Destroyed", not a rotation's, which goes on to a new instance).
    public func witness(forPath path: [String]) -> [Transition] {
        // Names compared as numbers (`StateWalks`); a name no walk has is -1, which none is.
        let walks = stateWalks
        let items = path.map { walks.numbers[$0] ?? -1 }
        return Self.witness(items, calls: walks.names, starts: walks.starts).map { transitions[$0] }
    }

    /// `allowed`: the transitions that may be shown (those that hold under some options); the
    /// answer is what a machine of only these transitions would give, without making one.
    public func witness(forCallbacks order: [String], allowed: ((Transition) -> Bool)? = nil) -> [Transition] {
        witness(forCallbacks: order, shown: allowed.map { transitions.map($0) })
    }

    /// `witness(forCallbacks:allowed:)` showing only the transitions whose conditions hold under
    /// `options` (`Condition.holds(for:)`; nil: all), from the machine's table for the option set.
    public func witness(forCallbacks order: [String], options: MachineOptions?) -> [Transition] {
        witness(forCallbacks: order, shown: options.map(transitionsAllowed(under:)))
    }

    /// The witness among the transitions `shown` marks (nil: all). Transition t's walk is its
    /// calls of callbacks the order names or core ones; the order's names are compared as numbers
    /// (`callbackWalk`), a name the machine does not know being -1, which no call is. A name is
    /// looked for only where a transition calls it (`CallbackWalk.places`): making every
    /// transition's walk for each question and reading them all cost most of the answer.
    private func witness(forCallbacks order: [String], shown: [Bool]?) -> [Transition] {
        let walk = callbackWalk
        let items = order.map { walk.index[$0] ?? -1 }
        var named = Array(repeating: false, count: walk.names.count)
        for item in items where item >= 0 { named[item] = true }
        // Whether the call at `c` is in its transition's walk.
        func inWalk(_ c: Int) -> Bool { coreCalls[walk.calls[c]] || named[walk.calls[c]] }
        // As `witness(_:calls:starts:)` chooses: the transition that carries the order furthest
        // from item i, preferring one whose walk starts with it; the first of equals.
        return Self.walksShowing(count: items.count) { i in
            var best: WitnessCandidate?
            for place in items[i] >= 0 ? walk.places[items[i]] : [] where shown?[place.transition] ?? true {
                let end = walk.callStarts[place.transition + 1]
                var advance = 0
                var c = place.call + 1
                while c < end, i + advance + 1 < items.count {
                    if inWalk(c) {
                        guard walk.calls[c] == items[i + advance + 1] else { break }
                        advance += 1
                    }
                    c += 1
                }
                guard advance > 0 else { continue }
                let startsHere = !(walk.callStarts[place.transition]..<place.call).contains(where: inWalk)
                let endsThere = !(c..<end).contains(where: inWalk)
                let candidate = WitnessCandidate(transition: place.transition, advance: advance, startsHere: startsHere, endsThere: endsThere)
                if candidate.isPreferred(over: best) { best = candidate }
            }
            return best
        }.map { transitions[$0] }
    }

    /// The walks that show `items`, walk t being `calls[starts[t]..<starts[t + 1]]`.
    static func witness<Name: Equatable>(_ items: [Name], calls: [Name], starts: [Int]) -> [Int] {
        walksShowing(count: items.count) { i in
            var best: WitnessCandidate?
            for t in 0..<starts.count - 1 {
                let end = starts[t + 1]
                for p in starts[t]..<end where calls[p] == items[i] {
                    var k = 0
                    while p + k + 1 < end, i + k + 1 < items.count, calls[p + k + 1] == items[i + k + 1] { k += 1 }
                    guard k > 0 else { continue }
                    let candidate = WitnessCandidate(transition: t, advance: k, startsHere: p == starts[t], endsThere: p + k + 1 == end)
                    if candidate.isPreferred(over: best) { best = candidate }
                }
            }
            return best
        }
    }

    /// The transitions that show `count` items, each the `best` from the first item not shown
    /// yet on; an item no transition carries further is passed over.
    private static func walksShowing(count: Int, best: (_ item: Int) -> WitnessCandidate?) -> [Int] {
        var result: [Int] = []
        var i = 0
        while i + 1 < count {
            guard let chosen = best(i) else {
                i += 1
                continue
            }
            result.append(chosen.transition)
            i += chosen.advance
        }
        return result
    }
}

/// A transition that shows the order from its item i on: how many items further it carries it,
/// whether its walk starts with item i, and whether it ends with the last item it shows (nothing
/// the order does not name after it). Both witness searches choose by `isPreferred(over:)`.
private struct WitnessCandidate {
    let transition: Int
    let advance: Int
    let startsHere: Bool
    let endsThere: Bool

    /// One whose walk starts with the item beats one that does not; between equals in that, the
    /// one that carries further; then one that ends there; the first found of equals stays.
    func isPreferred(over best: WitnessCandidate?) -> Bool {
        guard let best else { return true }
        if startsHere != best.startsHere { return startsHere }
        if advance != best.advance { return advance > best.advance }
        return endsThere && !best.endsThere
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
