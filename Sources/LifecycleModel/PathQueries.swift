/// Questions about sequences of states: is a written path possible, and
/// what is the shortest way from one state to another.
///
/// A path is legal when it appears, contiguously, in the states that some
/// run of the machine passes through: "Not Running → Inactive → Active" is
/// one launch (A1) and "Not Running → Active" appears in no run. Without
/// options a step is legal if the docs allow it for some target API level or
/// configuration; with options (a block's), only the transitions whose API
/// level, configuration and root conditions hold count, at one API level or,
/// for `api=any`, at some API level. Conditions on the process and on other
/// scenes depend on the run, not on the path: they are not judged here.
extension Machine {
    /// The answer for a path of state ids.
    public enum PathVerdict: Sendable, Hashable {
        case legal
        /// `states[index]` cannot follow the states before it; `expected` are the states that can.
        case illegal(index: Int, expected: [String])
    }

    /// The verdict for some options (nil) or under `options`; under several (`api=any`), the
    /// path is legal if it is at one of them, and else the failure that comes latest explains it.
    public func verdict(forPath path: [String], options: MachineOptions? = nil) -> PathVerdict {
        guard let options else { return verdict(forPath: path, allowed: nil) }
        var best: PathVerdict?
        for variant in variants(of: options) {
            let verdict = verdict(forPath: path, allowed: transitionsAllowed(under: variant))
            guard case .illegal(let index, _) = verdict else { return .legal }
            if case .illegal(let bestIndex, _)? = best, bestIndex >= index { continue }
            best = verdict
        }
        return best ?? .legal
    }

    /// `allowed`: by transition, whether a run may take it (nil: all). A place in a run is
    /// resting in a state or inside a transition after one of its `states`, numbered by
    /// `PlaceNumbers`; the places of each step are kept in the order they were found, so the
    /// states `expected` lists come in the same order on every run.
    private func verdict(forPath path: [String], allowed: [Bool]?) -> PathVerdict {
        guard let first = path.first else { return .legal }
        let numbers = placeNumbers
        var places: [Int] = []
        if let s = stateIndex[first] { places.append(s) }
        for shown in placesShowing[first] ?? [] where allowed?[shown.transition] ?? true {
            places.append(numbers.inside(shown.transition, shown.position))
        }
        if places.isEmpty { return .illegal(index: 0, expected: states.map(\.id)) }
        // The step at which each place was last added to `next` (no place twice in a step).
        var addedAt = Array(repeating: -1, count: numbers.count)
        var next: [Int] = []
        for (index, state) in path.enumerated().dropFirst() {
            next.removeAll(keepingCapacity: true)
            var expected: [String] = []
            for place in places {
                forEachSuccessor(of: place, numbers: numbers, allowed: allowed) { successor, shown in
                    if shown == state {
                        if addedAt[successor] != index {
                            addedAt[successor] = index
                            next.append(successor)
                        }
                    } else if !expected.contains(shown) {
                        expected.append(shown)
                    }
                }
            }
            if next.isEmpty { return .illegal(index: index, expected: expected) }
            swap(&places, &next)
        }
        return .legal
    }

    /// The next places and the state each shows, in the order of the transitions. Transitions
    /// that keep the state add nothing to a path.
    private func forEachSuccessor(of place: Int, numbers: PlaceNumbers, allowed: [Bool]?, _ body: (Int, String) -> Void) {
        let resting: Int
        if let (t, position) = numbers.transitionAndPosition(place) {
            let shown = transitions[t].states
            if position + 1 < shown.count { return body(place + 1, shown[position + 1]) }
            guard let target = targetIndex[t] else {
                // A transition to a name that is no state (no machine has one): by that name.
                for (next, transition) in transitions.enumerated() where transition.from == transitions[t].to && (allowed?[next] ?? true) {
                    if let shown = transition.states.first { body(numbers.inside(next, 0), shown) }
                }
                return
            }
            resting = target
        } else {
            resting = place
        }
        for t in transitionsByState[resting] where allowed?[t] ?? true {
            if let shown = transitions[t].states.first { body(numbers.inside(t, 0), shown) }
        }
    }

    /// Whether a transition ends the app's process (or the activity's with it): it leads to the
    /// machine's initial state or to a state no callback shows, or sets the process to not
    /// running. A way to a running state is never offered through one: "reboot" or "purge" is
    /// not how a writer gets from Background to Active.
    public func endsProcess(_ transition: Transition) -> Bool {
        transition.to == initialState || state(transition.to)?.observable == false
            || transition.effects.contains(.setProcess(.notRunning))
    }

    /// The fewest events from `from` to `to` under `options`, and the transitions they take;
    /// nil if `to` cannot be reached. The way ends the process only if `to` is where that leads.
    /// `cover`: what covers an Android activity at the start (a dialog, another window…).
    public func shortestPath(
        from: String, to: String, options: MachineOptions = MachineOptions(), cover: Cover = .uncovered
    ) -> [Transition]? {
        guard let goal = stateIndex[to] else { return nil }
        return search(from: from, cover: cover, options: options, endingAt: true) { state, _ in state == goal }?.way
    }

    /// The fewest events from `from` to a place where `event` can happen, then that event:
    /// the way a writer's event becomes possible, without replacing it by another and without
    /// ending the process on the way (a relaunch of a running app is no fix). Of equally short
    /// ways, one that stays in `from` (it clears what stands in the way, such as a dialog) comes
    /// before one that moves elsewhere: the writer wrote the event for the state they were in.
    public func shortestPath(
        from: String, toFire event: String, options: MachineOptions = MachineOptions(), cover: Cover = .uncovered
    ) -> [Transition]? {
        let firing = transitions.filter { $0.event == event && $0.conditions.allSatisfy { $0.holds(for: options) } }
        func fires(_ state: Int, _ cover: UInt8) -> Transition? {
            firing.first { stateIndex[$0.from] == state && $0.admits(cover) }
        }
        let staying = stateIndex[from]
        guard let found = search(
            from: from, cover: cover, options: options, endingAt: false, until: { fires($0, $1) != nil },
            preferring: { $0 == staying }),
            let last = fires(found.state, found.cover)
        else { return nil }
        return found.way + [last]
    }

    /// Breadth-first over states and covers. `endingAt`: whether a transition that ends the
    /// process may lead to the goal. Of the goals found at the least depth, the first whose
    /// state `preferring` accepts, else the first found.
    private func search(
        from: String, cover: Cover, options: MachineOptions, endingAt: Bool, until isGoal: (_ state: Int, _ cover: UInt8) -> Bool,
        preferring isPreferred: (_ state: Int) -> Bool = { _ in false }
    ) -> (way: [Transition], state: Int, cover: UInt8)? {
        struct Place: Hashable {
            var state: Int
            var cover: UInt8
        }
        guard let startState = stateIndex[from] else { return nil }
        let start = Place(state: startState, cover: cover.bit)
        if isGoal(start.state, start.cover) { return ([], start.state, start.cover) }
        var cameFrom: [Place: (place: Place, transition: Int)] = [:]
        func way(to goal: Place) -> (way: [Transition], state: Int, cover: UInt8) {
            var way: [Transition] = []
            var current = goal
            while let (previous, step) = cameFrom[current] {
                way.append(transitions[step])
                current = previous
                if current == start { break }
            }
            return (way.reversed(), goal.state, goal.cover)
        }
        // One depth at a time, so that every goal as near as the first is seen before choosing.
        var depth = [start]
        while !depth.isEmpty {
            var nextDepth: [Place] = []
            var firstGoal: Place?
            for place in depth {
                for (t, transition) in transitions.enumerated() where transition.from == states[place.state].id && transition.admits(place.cover) {
                    guard transition.conditions.allSatisfy({ $0.holds(options, process: .running, otherScenes: []) }),
                        let nextState = stateIndex[transition.to]
                    else { continue }
                    let next = Place(state: nextState, cover: transition.cover(after: place.cover))
                    guard next != start, cameFrom[next] == nil, !endsProcess(transition) || (endingAt && isGoal(next.state, next.cover))
                    else { continue }
                    cameFrom[next] = (place, t)
                    guard isGoal(next.state, next.cover) else {
                        nextDepth.append(next)
                        continue
                    }
                    if isPreferred(next.state) { return way(to: next) }
                    if firstGoal == nil { firstGoal = next }
                }
            }
            if let firstGoal { return way(to: firstGoal) }
            depth = nextDepth
        }
        return nil
    }
}

extension Transition {
    /// Whether the transition can be taken under this cover (`Cover.bit`).
    func admits(_ cover: UInt8) -> Bool { coverMask == .max || coverMask & cover != 0 }

    /// The cover after the transition, as `Simulation.fire` leaves it.
    func cover(after cover: UInt8) -> UInt8 {
        var result = cover
        for effect in effects {
            switch effect {
            case .cover(let new): result = new.bit
            case .allScenes: result = Cover.uncovered.bit
            case .setProcess: break
            }
        }
        return result
    }
}

/// The places of a run as numbers: state `s` resting is `s`; inside transition `t` after its
/// `position`-th state is the states' count plus the states of the transitions before `t`, plus
/// `position`.
struct PlaceNumbers: Sendable {
    /// By transition, the number of its first inside place; then the end.
    let starts: [Int]
    /// By place number (from the states' count), its transition.
    let transitionOfPlace: [Int]
    let stateCount: Int

    init(stateCount: Int, transitions: [Transition]) {
        self.stateCount = stateCount
        var starts = [stateCount]
        var transitionOfPlace: [Int] = []
        for (t, transition) in transitions.enumerated() {
            starts.append(starts[t] + transition.states.count)
            transitionOfPlace += repeatElement(t, count: transition.states.count)
        }
        self.starts = starts
        self.transitionOfPlace = transitionOfPlace
    }

    var count: Int { starts[starts.count - 1] }

    func inside(_ transition: Int, _ position: Int) -> Int { starts[transition] + position }

    /// Nil for a state at rest.
    func transitionAndPosition(_ place: Int) -> (Int, Int)? {
        guard place >= stateCount else { return nil }
        let t = transitionOfPlace[place - stateCount]
        return (t, place - starts[t])
    }
}
