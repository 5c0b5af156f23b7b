import Testing

@testable import Diagrams
import LifecycleModel
@testable import LifecycleMachines

/// A figure draws the page's shared geometry (the sprite) with `<use>` and adds only its path:
/// together they show what the full diagram shows, and the figure repeats none of the geometry.
@Suite struct SharedGeometryTests {
    struct Drawn: Hashable {
        let from: String, to: String, d: String
    }

    /// Every edge and node of a scanned diagram (or of its part under `root`).
    static func edges(_ doc: ScannedDocument, under root: Int? = nil) -> [Drawn] {
        doc.all("g", withClass: "edge").filter { root == nil || doc.isInside($0, root!) }.compactMap { edge in
            let element = doc.elements[edge]
            guard let line = element.children.first(where: { doc.elements[$0].classes.contains("edge-line") }) else { return nil }
            return Drawn(from: element.attribute("data-from") ?? "", to: element.attribute("data-to") ?? "", d: doc.elements[line].attribute("d") ?? "")
        }
    }

    static func nodes(_ doc: ScannedDocument, under root: Int? = nil) -> [String] {
        doc.all("g", withClass: "node").filter { root == nil || doc.isInside($0, root!) }.compactMap { doc.elements[$0].attribute("data-state") }
    }

    @Test(arguments: Machines.ids)
    func theSpriteHoldsTheWholeGeometryOnce(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        for labels in [DiagramLabels(english: machine), PreparedDiagramTests.translated(machine)] {
            let prepared = StateDiagram.prepared(for: machine, labels: labels)
            let full = try ScannedDocument(prepared.svg(idPrefix: "x"))
            let sprite = try ScannedDocument(prepared.sprite)
            #expect(sprite.elements[0].name == "svg" && sprite.elements[0].classes == ["diagram-sprite"])
            #expect(sprite.elements[0].attribute("aria-hidden") == "true")
            #expect(prepared.spriteID == "ld-diagram-\(machine.id)")
            let geometry = try #require(sprite.elements.indices.first { sprite.elements[$0].attribute("id") == prepared.spriteID })
            #expect(Self.edges(sprite, under: geometry) == Self.edges(full))
            #expect(Self.nodes(sprite, under: geometry) == Self.nodes(full))
            #expect(sprite.all("g", withClass: "on-path").isEmpty)
            #expect(Set(sprite.all("marker").compactMap { sprite.elements[$0].attribute("id") })
                == [prepared.spriteID + "-arrow", prepared.spriteID + "-arrow-on"])
            // Labels as the full diagram shows them (edge titles, node text).
            #expect(sprite.all("title").map { sprite.fullText($0) } == full.all("title").dropFirst().map { full.fullText($0) })
            #expect(sprite.all("text").map { sprite.fullText($0) } == full.all("text").map { full.fullText($0) })
        }
    }

    @Test(arguments: Machines.ids)
    func aFigureDrawsOnlyItsPathOverTheSprite(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let prepared = StateDiagram.prepared(for: machine, labels: PreparedDiagramTests.translated(machine))
        for steps in PreparedDiagramTests.runs(machine) {
            var path = prepared.path()
            path.markState(machine.initialState)
            for step in steps { path.markStep(from: step.from, through: step.states) }
            let full = try ScannedDocument(prepared.svg(idPrefix: "ex-3-diagram", path: path))
            let figure = try ScannedDocument(prepared.figureSVG(idPrefix: "ex-3-diagram", path: path))
            let root = figure.elements[0]
            #expect(root.name == "svg" && root.classes == ["state-diagram"])
            for attribute in ["viewBox", "width", "height", "role", "aria-labelledby", "data-machine"] {
                #expect(root.attribute(attribute) == full.elements[0].attribute(attribute), "\(attribute)")
            }
            #expect(figure.all("title").map { figure.fullText($0) } == [full.fullText(full.all("title")[0])])
            // One id, the title's; the geometry comes from the sprite.
            #expect(figure.elements.compactMap { $0.attribute("id") } == ["ex-3-diagram-title"])
            #expect(figure.all("use").map { figure.elements[$0].attribute("href") } == ["#" + prepared.spriteID])
            #expect(figure.all("marker").isEmpty && figure.all("path", withClass: "edge-hit").isEmpty)
            // Exactly the marked edges and nodes, each once, in the full diagram's order and geometry.
            let onPathEdges = full.all("g", withClass: "on-path").filter { full.elements[$0].classes.contains("edge") }
            let markedEdges = Self.edges(full).enumerated().filter { onPathEdges.contains(full.all("g", withClass: "edge")[$0.offset]) }.map(\.element)
            #expect(Self.edges(figure) == markedEdges)
            #expect(Self.nodes(figure) == full.all("g", withClass: "on-path").filter { full.elements[$0].classes.contains("node") }
                .compactMap { full.elements[$0].attribute("data-state") })
            #expect(figure.all("g", withClass: "edge").allSatisfy { figure.elements[$0].classes.contains("on-path") })
            #expect(figure.all("g", withClass: "node").allSatisfy { figure.elements[$0].classes.contains("on-path") })
            #expect(!steps.isEmpty || Self.nodes(figure) == [machine.initialState])
            for line in figure.all("path", withClass: "edge-line") {
                #expect(figure.elements[line].attribute("marker-end") == "url(#\(prepared.spriteID)-arrow-on)")
            }
        }
        // Nothing marked: the geometry alone.
        let plain = try ScannedDocument(prepared.figureSVG(idPrefix: "d"))
        #expect(plain.all("g", withClass: "edge").isEmpty && plain.all("g", withClass: "node").isEmpty)
        #expect(plain.all("use").count == 1)
    }

    /// Several figures of one machine on a page: their ids differ, and they differ only where their paths do.
    @Test func figuresOfOneMachineShareTheSprite() throws {
        let machine = try #require(Machines.machine("android-activity"))
        let prepared = StateDiagram.prepared(for: machine)
        var first = prepared.path()
        first.markStep(from: "initialized", through: ["created", "started"])
        let a = prepared.figureSVG(idPrefix: "ex-1-diagram", path: first)
        let b = prepared.figureSVG(idPrefix: "ex-2-diagram", path: first)
        #expect(a.replacing("ex-1-", with: "ex-2-") == b)
        #expect(a.utf8.count * 4 < prepared.sprite.utf8.count, "a figure is a fraction of the geometry it draws")
    }
}

extension ScannedDocument {
    func isInside(_ index: Int, _ ancestor: Int) -> Bool {
        var current = elements[index].parent
        while let parent = current {
            if parent == ancestor { return true }
            current = elements[parent].parent
        }
        return false
    }
}
