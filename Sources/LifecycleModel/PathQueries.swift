/// Questions about sequences of states: is a written path possible, and
/// what is the shortest way from one state to another.
///
/// A path is legal when it appears, contiguously, in the states that some
/// run of the machine passes through: "Not Running → Inactive → Active" is
/// one launch (A1) and "Not Running → Active" appears in no run. Options and
/// conditions are not fixed here: a step is legal if the docs allow it for
/// some target API level or configuration.
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

    public func verdict(forPath path: [String]) -> PathVerdict {
        guard let first = path.first else { return .legal }
        var places = places(showing: first)
        if places.isEmpty { return .illegal(index: 0, expected: states.map(\.id)) }
        for (index, state) in path.enumerated().dropFirst() {
            var next = Set<Place>()
            var expected: [String] = []
            for place in places {
                for (successor, shown) in successors(of: place) {
                    if shown == state { next.insert(successor) } else if !expected.contains(shown) { expected.append(shown) }
                }
            }
            if next.isEmpty { return .illegal(index: index, expected: expected) }
            places = next
        }
        return .legal
    }

    /// Every place where the run shows `state`.
    private func places(showing state: String) -> Set<Place> {
        var result = Set<Place>()
        if let s = stateIndex[state] { result.insert(.rest(s)) }
        for (t, transition) in transitions.enumerated() {
            for (position, shown) in transition.states.enumerated() where shown == state {
                result.insert(.inside(transition: t, position: position))
            }
        }
        return result
    }

    /// The next places and the state each shows. Transitions that keep the state add nothing to a path.
    private func successors(of place: Place) -> [(Place, String)] {
        let resting: String
        switch place {
        case .inside(let t, let position) where position + 1 < transitions[t].states.count:
            return [(.inside(transition: t, position: position + 1), transitions[t].states[position + 1])]
        case .inside(let t, _): resting = transitions[t].to
        case .rest(let s): resting = states[s].id
        }
        return transitions.enumerated().compactMap { t, transition in
            guard transition.from == resting, let shown = transition.states.first else { return nil }
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
