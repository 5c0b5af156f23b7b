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

    /// The fewest events from `from` to `to` under `options`, and the
    /// transitions they take; nil if `to` cannot be reached.
    public func shortestPath(from: String, to: String, options: MachineOptions = MachineOptions()) -> [Transition]? {
        guard let start = stateIndex[from], let goal = stateIndex[to] else { return nil }
        if start == goal { return [] }
        var cameFrom: [Int: (state: Int, transition: Int)] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let s = queue[head]
            head += 1
            for (t, transition) in transitions.enumerated() where transition.from == states[s].id {
                guard transition.conditions.allSatisfy({ $0.holds(options, process: .running, otherScenes: []) }),
                    let next = stateIndex[transition.to], next != start, cameFrom[next] == nil
                else { continue }
                cameFrom[next] = (s, t)
                if next == goal {
                    var path: [Transition] = []
                    var current = goal
                    while let (previous, step) = cameFrom[current] {
                        path.append(transitions[step])
                        current = previous
                        if current == start { break }
                    }
                    return path.reversed()
                }
                queue.append(next)
            }
        }
        return nil
    }
}
