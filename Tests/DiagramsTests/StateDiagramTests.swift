import Testing

@testable import Diagrams
import LifecycleModel
@testable import LifecycleMachines

/// The markup contract of `StateDiagram.svg` for every machine.
@Suite struct StateDiagramTests {
    static let ids = Machines.ids

    func render(_ id: String, highlight: DiagramHighlight = .init(), prefix: String = "d") throws -> (Machine, String, ScannedDocument) {
        let machine = try #require(Machines.machine(id))
        let svg = StateDiagram.svg(for: machine, highlight: highlight, idPrefix: prefix)
        return (machine, svg, try ScannedDocument(svg))
    }

    @Test(arguments: ids)
    func rendersInlineSVG(_ id: String) throws {
        let (machine, svg, doc) = try render(id)
        #expect(svg.hasPrefix("<svg class=\"state-diagram\" viewBox=\""))
        #expect(svg.hasSuffix("</svg>"))
        #expect(!svg.contains("<?xml"))
        #expect(!svg.contains("xmlns"))
        let root = doc.elements[0]
        #expect(root.name == "svg")
        #expect(root.attribute("role") == "img")
        #expect(root.attribute("aria-labelledby") == "d-title")
        #expect(root.attribute("data-machine") == machine.id)
        let viewBox = try #require(root.attribute("viewBox")).split(separator: " ").compactMap { Double($0) }
        #expect(viewBox.count == 4 && viewBox[2] > 0 && viewBox[3] > 0)
        // The accessible name is the machine's title, the first child.
        let title = try #require(root.children.first)
        #expect(doc.elements[title].name == "title")
        #expect(doc.elements[title].attribute("id") == "d-title")
        #expect(doc.fullText(title) == machine.title)
    }

    @Test(arguments: ids)
    func everyStateHasOneNode(_ id: String) throws {
        let (machine, _, doc) = try render(id)
        let nodes = doc.all("g", withClass: "node")
        let states = nodes.compactMap { doc.elements[$0].attribute("data-state") }
        #expect(states == machine.states.map(\.id))
        for (node, state) in zip(nodes, machine.states) {
            let text = try #require(doc.child(node, named: "text"))
            #expect(doc.fullText(text).replacingSpaces() == state.name.replacingSpaces(), "label of \(state.id)")
            let rect = try #require(doc.child(node, named: "rect"))
            let dashed = doc.elements[rect].attribute("stroke-dasharray") != nil
            #expect(dashed == !state.observable, "\(state.id) dashed iff not observable")
            #expect(doc.elements[node].classes.contains("unobservable") == !state.observable)
        }
    }

    @Test(arguments: ids)
    func edgesAreTheTransitionsWalks(_ id: String) throws {
        let (machine, _, doc) = try render(id)
        let stateIDs = Set(machine.states.map(\.id))
        var expected: [Edge: Set<String>] = [:]
        for t in machine.transitions {
            let walk = [t.from] + t.states
            if t.states.isEmpty { expected[Edge(from: t.from, to: t.from), default: []].insert(t.event) }
            for (a, b) in zip(walk, walk.dropFirst()) { expected[Edge(from: a, to: b), default: []].insert(t.event) }
        }
        var seen: Set<Edge> = []
        for index in doc.all("g", withClass: "edge") {
            let element = doc.elements[index]
            let edge = Edge(from: try #require(element.attribute("data-from")), to: try #require(element.attribute("data-to")))
            #expect(stateIDs.contains(edge.from) && stateIDs.contains(edge.to), "edge \(edge) refers to existing nodes")
            #expect(seen.insert(edge).inserted, "edge \(edge) drawn once")
            let events = (element.attribute("data-events") ?? "").split(separator: " ").map(String.init)
            #expect(Set(events) == expected[edge], "events of \(edge)")
            #expect(events.count == Set(events).count)
            #expect(element.classes.contains("self-loop") == edge.isSelfLoop)
            // A tooltip naming both states and every event.
            let title = try #require(doc.child(index, named: "title"))
            let text = doc.fullText(title)
            for event in events { #expect(text.contains(event)) }
            #expect(text.contains(machine.state(edge.from)!.name) && text.contains(machine.state(edge.to)!.name))
            #expect(doc.elements[index].children.contains { doc.elements[$0].classes.contains("edge-line") })
        }
        #expect(seen == Set(expected.keys))
    }

    @Test(arguments: ids)
    func idsCarryThePrefixAndAreUnique(_ id: String) throws {
        let (_, _, doc) = try render(id, prefix: "ex-3-diagram")
        let ids = doc.elements.compactMap { $0.attribute("id") }
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy { $0.hasPrefix("ex-3-diagram-") })
        #expect(ids.count == Set(ids).count)
        // Every reference points at an id of this diagram.
        for element in doc.elements {
            if let marker = element.attribute("marker-end") {
                #expect(marker.hasPrefix("url(#ex-3-diagram-") && ids.contains(String(marker.dropFirst(5).dropLast())))
            }
            if let labelled = element.attribute("aria-labelledby") { #expect(ids.contains(labelled)) }
        }
    }

    @Test func severalDiagramsOnOnePageHaveDistinctIDs() throws {
        var all: [String] = []
        for (i, id) in Self.ids.enumerated() {
            for copy in 0..<2 {
                let doc = try render(id, prefix: "ex-\(i)-\(copy)").2
                all += doc.elements.compactMap { $0.attribute("id") }
            }
        }
        #expect(all.count == Set(all).count)
    }

    @Test(arguments: ids)
    func highlightMarksThePath(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        // A short run from the initial state: the first possible event, three times.
        var sim = Simulation(machine: machine)
        var steps: [Step] = []
        for _ in 0..<3 {
            guard let event = sim.possibleEvents().first, case .success(let step) = sim.fire(event) else { break }
            steps.append(step)
        }
        #expect(!steps.isEmpty)
        let highlight = DiagramHighlight(steps: steps)
        let (_, _, doc) = try render(id, highlight: highlight)
        for index in doc.all("g", withClass: "node") {
            let element = doc.elements[index]
            #expect(element.classes.contains("on-path") == highlight.states.contains(element.attribute("data-state")!))
        }
        var marked = 0
        for index in doc.all("g", withClass: "edge") {
            let element = doc.elements[index]
            let edge = Edge(from: element.attribute("data-from")!, to: element.attribute("data-to")!)
            let on = highlight.edges.contains(edge)
            #expect(element.classes.contains("on-path") == on)
            let line = try #require(element.children.first { doc.elements[$0].classes.contains("edge-line") })
            #expect(doc.elements[line].attribute("marker-end") == (on ? "url(#d-arrow-on)" : "url(#d-arrow)"))
            if on { marked += 1 }
        }
        #expect(marked == highlight.edges.count, "every highlighted edge exists in the diagram")
        // No highlight: no node or edge on the path.
        let plain = try ScannedDocument(StateDiagram.svg(for: machine, idPrefix: "d"))
        #expect(plain.all("g", withClass: "on-path").isEmpty)
    }

    @Test func highlightFromStepsTakesSelfLoopsForUnchangedStates() throws {
        let machine = try #require(Machines.machine("android-activity"))
        var sim = Simulation(machine: machine)
        let steps = ["launch", "showDialog"].map { try! sim.fire($0).get() }
        let highlight = DiagramHighlight(steps: steps)
        #expect(highlight.edges.contains(Edge(from: "resumed", to: "resumed")))
        #expect(highlight.edges.contains(Edge(from: "initialized", to: "created")))
        #expect(highlight.states == ["initialized", "created", "started", "resumed"])
        let svg = StateDiagram.svg(for: machine, highlight: highlight, idPrefix: "x")
        #expect(svg.contains("<g class=\"edge self-loop on-path\" data-from=\"resumed\" data-to=\"resumed\""))
    }

    @Test(arguments: ids)
    func deterministic(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let states = machine.states.map(\.id)
        // The same sets built in different orders and sizes iterate differently.
        var a = DiagramHighlight()
        for s in states { a.states.insert(s) }
        var b = DiagramHighlight(states: Set(minimumCapacity: 64), edges: Set(minimumCapacity: 64))
        for s in states.reversed() { b.states.insert(s) }
        let edges = StateDiagram.edges(of: machine).map(\.edge)
        for e in edges { a.edges.insert(e) }
        for e in edges.reversed() { b.edges.insert(e) }
        let first = StateDiagram.svg(for: machine, highlight: a, idPrefix: "p")
        #expect(first == StateDiagram.svg(for: machine, highlight: b, idPrefix: "p"))
        #expect(first == StateDiagram.svg(for: machine, highlight: a, idPrefix: "p"))
        #expect(StateDiagram.svg(for: machine, idPrefix: "p") == StateDiagram.svg(for: machine, idPrefix: "p"))
    }

    /// The app-level rule travels in the model export (`aggregateRule`), not in the diagrams.
    @Test func diagramsCarryNoAggregateTable() throws {
        for machine in Machines.all {
            let doc = try ScannedDocument(StateDiagram.svg(for: machine, idPrefix: "a"))
            #expect(doc.elements[0].attribute("data-aggregate") == nil, "\(machine.id)")
            #expect(doc.elements[0].attribute("data-machine") == machine.id)
        }
    }
}

extension String {
    /// Node labels may be wrapped onto two lines (tspans): compare without the break.
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
