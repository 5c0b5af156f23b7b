import Testing

@testable import Diagrams
import LifecycleModel
@testable import LifecycleMachines

/// The tuned layouts stay readable: no node on top of another, no edge through a node.
@Suite struct LayoutTests {
    static func boxes(_ machine: Machine) -> [NodeBox] {
        let layout = Layouts.layout(for: machine)
        return machine.states.map { NodeBox(id: $0.id, label: $0.name, center: layout.positions[$0.id]!) }
    }

    /// Pairs of nodes closer than 12 units.
    static func overlaps(_ machine: Machine) -> [(String, String)] {
        let all = boxes(machine)
        var found: [(String, String)] = []
        for (i, a) in all.enumerated() {
            for b in all[(i + 1)...] where a.minX - 12 < b.maxX && b.minX - 12 < a.maxX && a.minY - 12 < b.maxY && b.minY - 12 < a.maxY {
                found.append((a.id, b.id))
            }
        }
        return found
    }

    @Test(arguments: Machines.ids)
    func everyStateHasATunedPosition(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let tuned = try #require(Layouts.tuned[id])
        #expect(Set(tuned.positions.keys) == Set(machine.states.map(\.id)))
        for edge in tuned.bends.keys {
            #expect(StateDiagram.edges(of: machine).contains { $0.edge == edge }, "bend for a missing edge \(edge)")
        }
        for state in tuned.loops.keys { #expect(machine.state(state) != nil) }
    }

    @Test(arguments: Machines.ids)
    func nodesDoNotOverlap(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        #expect(Self.overlaps(machine).isEmpty)
    }

    @Test(arguments: Machines.ids)
    func edgesDoNotCrossOtherNodes(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let layout = Layouts.layout(for: machine)
        let all = Self.boxes(machine)
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        let edges = StateDiagram.edges(of: machine).map(\.edge)
        for edge in edges where !edge.isSelfLoop {
            let reverse = edges.contains(Edge(from: edge.to, to: edge.from))
            let bend = layout.bends[edge] ?? (reverse ? Layout.pairBend : 0)
            let points = StateDiagram.edgePoints(byID[edge.from]!, byID[edge.to]!, bend: bend)
            for i in 0...50 {
                let t = Double(i) / 50, u = 1 - t
                let p = points.count == 3
                    ? points[0] * (u * u) + points[1] * (2 * u * t) + points[2] * (t * t)
                    : points[0] * u + points[1] * t
                for box in all where box.id != edge.from && box.id != edge.to {
                    let inside = p.x > box.minX - 4 && p.x < box.maxX + 4 && p.y > box.minY - 4 && p.y < box.maxY + 4
                    #expect(!inside, "\(id): edge \(edge.from) → \(edge.to) crosses \(box.id)")
                    if inside { return }
                }
            }
        }
    }

    @Test(arguments: Machines.ids)
    func viewBoxHoldsEveryNode(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let doc = try ScannedDocument(StateDiagram.svg(for: machine, idPrefix: "v"))
        let box = try #require(doc.elements[0].attribute("viewBox")).split(separator: " ").compactMap { Double($0) }
        for node in Self.boxes(machine) {
            #expect(node.minX >= box[0] && node.minY >= box[1] && node.maxX <= box[0] + box[2] && node.maxY <= box[1] + box[3])
        }
        // Compact enough for a side column: about 26rem wide at 1:1.
        #expect(box[2] <= 460, "\(id) is \(box[2]) wide")
    }

    @Test func longLabelsWrapOntoTwoLines() {
        #expect(NodeBox.wrap("Process dead (activity remembered)") == ["Process dead", "(activity remembered)"])
        #expect(NodeBox.wrap("Foreground Inactive") == ["Foreground", "Inactive"])
        #expect(NodeBox.wrap("Active") == ["Active"])
        #expect(NodeBox.wrap("INITIALIZED") == ["INITIALIZED"])
    }
}

/// Numbers in the markup, and the trigonometry of the fallback layout.
@Suite struct NumberTests {
    @Test func formatting() {
        #expect(Num.format(12) == "12")
        #expect(Num.format(12.5) == "12.5")
        #expect(Num.format(12.25) == "12.3")
        #expect(Num.format(-3.24) == "-3.2")
        #expect(Num.format(-0.04) == "0")
        #expect(Num.format(0.96) == "1")
        #expect(Num.format(-120.05) == "-120.1")
    }

    @Test(arguments: [0.0, 0.5, 1.0, 2.0, 3.1, -1.3, 7.0, 100.0])
    func sinCos(_ angle: Double) {
        let (s, c) = Num.sinCos(angle)
        #expect(abs(s * s + c * c - 1) < 1e-9)
        // sin(2x) = 2 sin x cos x
        let (s2, _) = Num.sinCos(2 * angle)
        #expect(abs(s2 - 2 * s * c) < 1e-9)
    }

    @Test func knownValues() {
        #expect(abs(Num.sinCos(Double.pi / 2).sin - 1) < 1e-12)
        #expect(abs(Num.sinCos(Double.pi).cos + 1) < 1e-12)
        #expect(abs(Num.sinCos(Double.pi / 6).sin - 0.5) < 1e-12)
    }
}
