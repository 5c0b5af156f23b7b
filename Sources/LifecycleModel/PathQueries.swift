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

    /// A place in a run: resting in a state, or inside a transition after its `position`-th state.
    private enum Place: Hashable {
        case rest(Int)
        case inside(transition: Int, position: Int)
    }

    /// The verdict for some options (nil) or under `options`; under several (`api=any`), the
    /// path is legal if it is at one of them, and else the failure that comes latest explains it.
    public func verdict(forPath path: [String], options: MachineOptions? = nil) -> PathVerdict {
        guard let options else { return verdict(forPath: path, allowed: nil) }
        var best: PathVerdict?
        for variant in variants(of: options) {
            let allowed = transitions.indices.filter { transitions[$0].conditions.allSatisfy { $0.holds(for: variant) } }
            let verdict = verdict(forPath: path, allowed: Set(allowed))
            guard case .illegal(let index, _) = verdict else { return .legal }
            if case .illegal(let bestIndex, _)? = best, bestIndex >= index { continue }
            best = verdict
        }
        return best ?? .legal
    }

    /// `allowed`: the transitions a run may take (nil: all).
    private func verdict(forPath path: [String], allowed: Set<Int>?) -> PathVerdict {
        guard let first = path.first else { return .legal }
        var places = places(showing: first, allowed: allowed)
        if places.isEmpty { return .illegal(index: 0, expected: states.map(\.id)) }
        for (index, state) in path.enumerated().dropFirst() {
            var next = Set<Place>()
            var expected: [String] = []
            for place in places {
                for (successor, shown) in successors(of: place, allowed: allowed) {
                    if shown == state { next.insert(successor) } else if !expected.contains(shown) { expected.append(shown) }
                }
            }
            if next.isEmpty { return .illegal(index: index, expected: expected) }
            places = next
        }
        return .legal
    }

    /// Every place where the run shows `state`.
    private func places(showing state: String, allowed: Set<Int>?) -> Set<Place> {
        var result = Set<Place>()
        if let s = stateIndex[state] { result.insert(.rest(s)) }
        for (t, transition) in transitions.enumerated() where allowed?.contains(t) ?? true {
            for (position, shown) in transition.states.enumerated() where shown == state {
                result.insert(.inside(transition: t, position: position))
            }
        }
        return result
    }

    /// The next places and the state each shows. Transitions that keep the state add nothing to a path.
    private func successors(of place: Place, allowed: Set<Int>?) -> [(Place, String)] {
        let resting: String
        switch place {
        case .inside(let t, let position) where position + 1 < transitions[t].states.count:
            return [(.inside(transition: t, position: position + 1), transitions[t].states[position + 1])]
        case .inside(let t, _): resting = transitions[t].to
        case .rest(let s): resting = states[s].id
        }
        return transitions.enumerated().compactMap { t, transition in
            guard transition.from == resting, allowed?.contains(t) ?? true, let shown = transition.states.first else { return nil }
            return (.inside(transition: t, position: 0), shown)
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
    /// ending the process on the way (a relaunch of a running app is no fix).
    public func shortestPath(
        from: String, toFire event: String, options: MachineOptions = MachineOptions(), cover: Cover = .uncovered
    ) -> [Transition]? {
        let firing = transitions.filter { $0.event == event && $0.conditions.allSatisfy { $0.holds(for: options) } }
        func fires(_ state: Int, _ cover: UInt8) -> Transition? {
            firing.first { stateIndex[$0.from] == state && $0.admits(cover) }
        }
        guard let found = search(from: from, cover: cover, options: options, endingAt: false, until: { fires($0, $1) != nil }),
            let last = fires(found.state, found.cover)
        else { return nil }
        return found.way + [last]
    }

    /// Breadth-first over states and covers. `endingAt`: whether a transition that ends the
    /// process may lead to the goal.
    private func search(
        from: String, cover: Cover, options: MachineOptions, endingAt: Bool, until isGoal: (_ state: Int, _ cover: UInt8) -> Bool
    ) -> (way: [Transition], state: Int, cover: UInt8)? {
        struct Place: Hashable {
            var state: Int
            var cover: UInt8
        }
        guard let startState = stateIndex[from] else { return nil }
        let start = Place(state: startState, cover: cover.bit)
        if isGoal(start.state, start.cover) { return ([], start.state, start.cover) }
        var cameFrom: [Place: (place: Place, transition: Int)] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let place = queue[head]
            head += 1
            for (t, transition) in transitions.enumerated() where transition.from == states[place.state].id && transition.admits(place.cover) {
                guard transition.conditions.allSatisfy({ $0.holds(options, process: .running, otherScenes: []) }),
                    let nextState = stateIndex[transition.to]
                else { continue }
                let next = Place(state: nextState, cover: transition.cover(after: place.cover))
                guard next != start, cameFrom[next] == nil, !endsProcess(transition) || (endingAt && isGoal(next.state, next.cover))
                else { continue }
                cameFrom[next] = (place, t)
                if isGoal(next.state, next.cover) {
                    var way: [Transition] = []
                    var current = next
                    while let (previous, step) = cameFrom[current] {
                        way.append(transitions[step])
                        current = previous
                        if current == start { break }
                    }
                    return (way.reversed(), next.state, next.cover)
                }
                queue.append(next)
            }
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
