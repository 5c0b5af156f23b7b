import LifecycleModel

/// A directed edge between two states of a machine.
public struct Edge: Sendable, Hashable {
    public let from: String
    public let to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    public var isSelfLoop: Bool { from == to }
}

/// One edge of a diagram and the events that take it, in order of first appearance.
public struct DiagramEdge: Sendable, Hashable {
    public let edge: Edge
    public let events: [String]
}

/// What to mark on a diagram: the states and edges of an example's path.
public struct DiagramHighlight: Sendable, Hashable {
    public var states: Set<String>
    public var edges: Set<Edge>

    public init(states: Set<String> = [], edges: Set<Edge> = []) {
        self.states = states
        self.edges = edges
    }

    /// The path of a trace: every state it passes through (its start included)
    /// and every edge it takes; a step that changes no state takes the self-loop.
    public init(steps: [Step]) {
        var states = Set<String>()
        var edges = Set<Edge>()
        for step in steps {
            let walk = [step.from] + step.states
            states.formUnion(walk)
            if step.states.isEmpty {
                edges.insert(Edge(from: step.from, to: step.from))
            }
            for (a, b) in zip(walk, walk.dropFirst()) { edges.insert(Edge(from: a, to: b)) }
        }
        self.init(states: states, edges: edges)
    }

    public var isEmpty: Bool { states.isEmpty && edges.isEmpty }
}

extension StateDiagram {
    /// The edges of a machine's diagram, in a stable order: consecutive pairs of
    /// every transition's walk (`from`, then each of `states`), deduplicated, in
    /// order of first appearance; then a self-loop for each state with transitions
    /// that change nothing (Android `showDialog`, iOS scene `suspend`).
    public static func edges(of machine: Machine) -> [DiagramEdge] {
        var order: [Edge] = []
        var events: [Edge: [String]] = [:]
        var loopOrder: [Edge] = []
        func add(_ edge: Edge, _ event: String, to list: inout [Edge]) {
            if events[edge] == nil {
                events[edge] = []
                list.append(edge)
            }
            if !events[edge]!.contains(event) { events[edge]!.append(event) }
        }
        for t in machine.transitions {
            if t.states.isEmpty {
                add(Edge(from: t.from, to: t.from), t.event, to: &loopOrder)
                continue
            }
            let walk = [t.from] + t.states
            for (a, b) in zip(walk, walk.dropFirst()) { add(Edge(from: a, to: b), t.event, to: &order) }
        }
        // A walk could in principle repeat a state (a → a); keep it a loop, listed with the others.
        let straight = order.filter { !$0.isSelfLoop }
        let loops = order.filter(\.isSelfLoop) + loopOrder.filter { !order.contains($0) }
        return (straight + loops).map { DiagramEdge(edge: $0, events: events[$0]!) }
    }
}
