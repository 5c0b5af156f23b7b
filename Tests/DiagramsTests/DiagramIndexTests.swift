import Testing

@testable import Diagrams
import LifecycleModel
@testable import LifecycleMachines

/// `DiagramIndex.edge` reads a flat table by slots; it answers as the dictionary it replaced
/// (kept here as the reference): the last edge drawn between two slots, none for any other pair.
@Suite struct DiagramIndexTests {
    /// The table as it was: edge index by `from slot * state count + to slot`, later edges winning.
    static func referenceEdges(_ index: DiagramIndex) -> [Int: Int] {
        var table: [Int: Int] = [:]
        for (number, edge) in index.edges.enumerated() {
            guard let from = index.slotByState[edge.from], let to = index.slotByState[edge.to] else { continue }
            table[from * index.stateIDs.count + to] = number
        }
        return table
    }

    static func expectSameEdges(_ index: DiagramIndex) {
        let reference = referenceEdges(index)
        let count = index.stateIDs.count
        for from in -1...count {
            for to in -1...count {
                let expected = (0..<count).contains(from) && (0..<count).contains(to) ? reference[from * count + to] : nil
                #expect(index.edge(from: from, to: to) == expected, "\(from) → \(to)")
            }
        }
    }

    @Test(arguments: Machines.ids)
    func everyMachinesEdgesAreTheDictionarys(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let index = StateDiagram.prepared(for: machine).path().index
        #expect(!index.edges.isEmpty, "no edges to compare")
        Self.expectSameEdges(index)
    }

    /// Repeated states and edges, self-loops and edges to states the diagram does not draw.
    @Test func repeatedAndUnknownEdges() {
        let index = DiagramIndex(
            states: ["a", "b", "a", "c"],
            edges: [
                Edge(from: "a", to: "b"), Edge(from: "b", to: "b"), Edge(from: "a", to: "b"), Edge(from: "c", to: "x"),
                Edge(from: "x", to: "a"), Edge(from: "c", to: "a"),
            ])
        #expect(index.stateIDs == ["a", "b", "c"])
        #expect(index.edge(from: 0, to: 1) == 2)
        #expect(index.edge(from: 1, to: 1) == 1)
        #expect(index.edge(from: 2, to: 0) == 5)
        #expect(index.edge(from: 0, to: 2) == nil)
        Self.expectSameEdges(index)
    }
}
