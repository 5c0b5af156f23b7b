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
        let sprite = try ScannedDocument(prepared.sprite)
        let spriteByID = Dictionary(sprite.elements.indices.compactMap { index in sprite.elements[index].attribute("id").map { ($0, index) } },
            uniquingKeysWith: { first, _ in first })
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
            // No title and no id (the caller writes the element that names it); the geometry comes
            // from the sprite, the path's edges and nodes too.
            #expect(figure.all("title").isEmpty && figure.elements.allSatisfy { $0.attribute("id") == nil })
            #expect(figure.all("marker").isEmpty && figure.all("path").isEmpty && figure.all("rect").isEmpty && figure.all("text").isEmpty)
            let uses = figure.all("use")
            let whole = try #require(uses.first)
            #expect(figure.elements[whole].parent == 0 && figure.elements[whole].attribute("href") == "#" + prepared.spriteID)
            let group = try #require(figure.all("g", withClass: "diagram-path").first)
            #expect(figure.elements[group].attribute("marker-end") == "url(#\(prepared.spriteID)-arrow-on)")
            // Exactly the marked edges and nodes, each once, in the full diagram's order: `<use>`s of the sprite's.
            let marked = try uses.dropFirst().map { use in
                #expect(figure.elements[use].parent == group)
                let href = try #require(figure.elements[use].attribute("href"))
                return try #require(spriteByID[String(href.dropFirst())], "\(href) is not in the sprite")
            }
            let markedEdges = Self.edges(sprite).filter { drawn in
                marked.contains { sprite.elements[$0].classes.contains("edge") && sprite.elements[$0].attribute("data-from") == drawn.from
                    && sprite.elements[$0].attribute("data-to") == drawn.to }
            }
            let onPathEdges = full.all("g", withClass: "on-path").filter { full.elements[$0].classes.contains("edge") }
            #expect(markedEdges == Self.edges(full).enumerated().filter { onPathEdges.contains(full.all("g", withClass: "edge")[$0.offset]) }.map(\.element))
            #expect(marked.filter { sprite.elements[$0].classes.contains("node") }.compactMap { sprite.elements[$0].attribute("data-state") }
                == full.all("g", withClass: "on-path").filter { full.elements[$0].classes.contains("node") }.compactMap { full.elements[$0].attribute("data-state") })
            #expect(marked.count == markedEdges.count + full.all("g", withClass: "on-path").count - onPathEdges.count)
            #expect(!steps.isEmpty || marked.map { sprite.elements[$0].attribute("data-state") } == [machine.initialState])
        }
        // Nothing marked: the geometry alone.
        let plain = try ScannedDocument(prepared.figureSVG(idPrefix: "d"))
        #expect(plain.all("use").count == 1)
    }

    /// The sprite's edges and nodes have ids a figure's path refers to; its lines carry no arrow of
    /// their own (inherited: the edges' group's, or the figure's path group's), so one edge serves both looks.
    @Test(arguments: Machines.ids)
    func theSpriteNamesEachEdgeAndNode(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let prepared = StateDiagram.prepared(for: machine)
        let sprite = try ScannedDocument(prepared.sprite)
        let edges = sprite.all("g", withClass: "edge")
        let nodes = sprite.all("g", withClass: "node")
        #expect(edges.map { sprite.elements[$0].attribute("id") } == edges.indices.map { "\(prepared.spriteID)-e\($0)" })
        #expect(Set(nodes.compactMap { sprite.elements[$0].attribute("id") }).count == nodes.count)
        #expect(nodes.allSatisfy { sprite.elements[$0].attribute("id")?.hasPrefix(prepared.spriteID + "-s") == true })
        #expect(sprite.all("path", withClass: "edge-line").allSatisfy { sprite.elements[$0].attribute("marker-end") == nil })
        #expect(sprite.all("g", withClass: "edges").map { sprite.elements[$0].attribute("marker-end") } == ["url(#\(prepared.spriteID)-arrow)"])
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
