import Foundation
import Testing

@testable import Diagrams
import LifecycleModel
@testable import LifecycleMachines

/// A figure draws its machine's geometry from a file (`document`, one per machine and labels) with
/// `<image>` and writes out only its path: together they show what the full diagram shows, and the
/// page repeats none of the geometry. player.js copies in `geometry`, the same edges and nodes.
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

    /// A node's box and label as drawn: the rectangle's frame and the text's place and words.
    static func boxes(_ doc: ScannedDocument, under root: Int? = nil) -> [String] {
        doc.all("g", withClass: "node").filter { root == nil || doc.isInside($0, root!) }.map { node in
            doc.elements[node].children.map { child in
                let element = doc.elements[child]
                let frame = ["x", "y", "width", "height", "rx"].compactMap { element.attribute($0) }.joined(separator: " ")
                return "\(element.name) \(frame) \(doc.fullText(child))"
            }.joined(separator: " | ")
        }
    }

    @Test(arguments: Machines.ids)
    func theFileHoldsTheWholeGeometryOnce(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        for labels in [DiagramLabels(english: machine), PreparedDiagramTests.translated(machine)] {
            let prepared = StateDiagram.prepared(for: machine, labels: labels)
            let full = try ScannedDocument(prepared.svg(idPrefix: "x"))
            let file = try ScannedDocument(prepared.document)
            let root = file.elements[0]
            #expect(root.name == "svg" && root.attribute("xmlns") == "http://www.w3.org/2000/svg")
            for attribute in ["viewBox", "width", "height"] {
                #expect(root.attribute(attribute) == full.elements[0].attribute(attribute), "\(attribute)")
            }
            // Its own paint: an image does not see the page's style sheets.
            #expect(file.all("style").count == 1 && file.fullText(file.all("style")[0]) == StateDiagram.imageStyle)
            #expect(Self.edges(file) == Self.edges(full))
            #expect(Self.nodes(file) == Self.nodes(full))
            #expect(Self.boxes(file) == Self.boxes(full))
            #expect(file.all("g", withClass: "on-path").isEmpty)
            // One arrow, which every line inherits from the group around the geometry.
            #expect(file.all("marker").compactMap { file.elements[$0].attribute("id") } == ["a"])
            #expect(file.all("path", withClass: "edge-line").allSatisfy { file.elements[$0].attribute("marker-end") == nil })
            #expect(file.elements.filter { $0.attribute("marker-end") != nil }.map { $0.attribute("marker-end") } == ["url(#a)"])
            // Labels as the full diagram shows them (edge titles, node text).
            #expect(file.all("title").map { file.fullText($0) } == full.all("title").dropFirst().map { full.fullText($0) })
            #expect(file.all("text").map { file.fullText($0) } == full.all("text").map { full.fullText($0) })
        }
    }

    /// The markup player.js copies into each figure is the file's geometry, without ids or arrows.
    @Test(arguments: Machines.ids)
    func theScriptsGeometryIsTheFiles(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let prepared = StateDiagram.prepared(for: machine, labels: PreparedDiagramTests.translated(machine))
        let geometry = try ScannedDocument(prepared.geometry)
        let file = try ScannedDocument(prepared.document)
        #expect(geometry.elements.filter { $0.parent == nil }.map(\.classes) == [["edges"], ["nodes"]])
        #expect(Self.edges(geometry) == Self.edges(file) && Self.nodes(geometry) == Self.nodes(file) && Self.boxes(geometry) == Self.boxes(file))
        #expect(geometry.all("title").map { geometry.fullText($0) } == file.all("title").map { file.fullText($0) })
        #expect(geometry.elements.allSatisfy { $0.attribute("id") == nil && $0.attribute("marker-end") == nil })
        #expect(prepared.document.contains(prepared.geometry))
    }

    @Test(arguments: Machines.ids)
    func aFigureDrawsTheFileAndWritesOutOnlyItsPath(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let prepared = StateDiagram.prepared(for: machine, labels: PreparedDiagramTests.translated(machine))
        for steps in PreparedDiagramTests.runs(machine) {
            var path = prepared.path()
            path.markState(machine.initialState)
            for step in steps { path.markStep(from: step.from, through: step.states) }
            let full = try ScannedDocument(prepared.svg(idPrefix: "ex-3-diagram", path: path))
            let figure = try ScannedDocument(prepared.figureSVG(idPrefix: "ex-3-diagram", path: path, geometryHref: "../../assets/d&1.svg"))
            let root = figure.elements[0]
            #expect(root.name == "svg" && root.classes == ["state-diagram"])
            for attribute in ["viewBox", "width", "height", "role", "aria-labelledby", "data-machine"] {
                #expect(root.attribute(attribute) == full.elements[0].attribute(attribute), "\(attribute)")
            }
            // No title and no id (the caller writes the element that names it), no arrow of its own.
            #expect(figure.all("title").isEmpty && figure.elements.allSatisfy { $0.attribute("id") == nil })
            #expect(figure.all("marker").isEmpty)
            // The geometry: the file, framed as the diagram's viewBox.
            #expect(root.children.map { figure.elements[$0].name } == ["image", "g"])
            let image = figure.elements[root.children[0]]
            // Escaped as an attribute value (the scanner reads it back unescaped, and fails on a bare `&`).
            #expect(image.classes == ["diagram-geometry"] && image.attribute("href") == "../../assets/d&1.svg")
            let frame = try #require(root.attribute("viewBox")).split(separator: " ").map(String.init)
            #expect([image.attribute("x"), image.attribute("y"), image.attribute("width"), image.attribute("height")] == frame.map { Optional($0) })
            // Over it, exactly the marked edges and nodes, each once, in the full diagram's order, as it draws them.
            let group = root.children[1]
            #expect(figure.elements[group].classes == ["diagram-path"])
            #expect(figure.elements[group].attribute("marker-end") == "url(#\(StateDiagram.arrowOnID))")
            let onPath = full.all("g", withClass: "on-path")
            let markedEdges = Self.edges(full).enumerated().filter { onPath.contains(full.all("g", withClass: "edge")[$0.offset]) }.map(\.element)
            let markedNodes = Self.nodes(full).enumerated().filter { onPath.contains(full.all("g", withClass: "node")[$0.offset]) }.map(\.element)
            #expect(Self.edges(figure) == markedEdges)
            #expect(Self.nodes(figure) == markedNodes)
            #expect(Self.boxes(figure) == Self.boxes(full).enumerated().filter { onPath.contains(full.all("g", withClass: "node")[$0.offset]) }.map(\.element))
            #expect(figure.elements[group].children.allSatisfy { figure.elements[$0].classes.contains("on-path") })
            #expect(figure.elements[group].children.count == markedEdges.count + markedNodes.count)
            #expect(!steps.isEmpty || markedNodes == [machine.initialState])
        }
        // Nothing marked: the file alone; no file: the path alone.
        let plain = try ScannedDocument(prepared.figureSVG(idPrefix: "d", geometryHref: "g.svg"))
        #expect(plain.all("image").count == 1 && plain.all("g", withClass: "diagram-path").count == 1 && plain.all("g").count == 1)
        var marked = prepared.path()
        marked.markState(machine.initialState)
        let bare = try ScannedDocument(prepared.figureSVG(idPrefix: "d", path: marked, geometryHref: nil))
        #expect(bare.all("image").isEmpty && Self.nodes(bare) == [machine.initialState])
    }

    /// The page's arrows, once after the body: the two ids the figures' lines end in.
    @Test func thePageMarkersDefineBothArrows() throws {
        let markers = try ScannedDocument(StateDiagram.pageMarkers)
        #expect(markers.elements[0].classes == ["diagram-markers"] && markers.elements[0].attribute("aria-hidden") == "true")
        #expect(markers.all("marker").compactMap { markers.elements[$0].attribute("id") } == [StateDiagram.arrowID, StateDiagram.arrowOnID])
        #expect(markers.all("marker").map { markers.elements[$0].classes } == [["arrow"], ["arrow", "on-path"]])
    }

    /// Several figures of one machine on a page: their ids differ, and they differ only where their paths do.
    @Test func figuresOfOneMachineShareTheFile() throws {
        let machine = try #require(Machines.machine("android-activity"))
        let prepared = StateDiagram.prepared(for: machine)
        var first = prepared.path()
        first.markStep(from: "initialized", through: ["created", "started"])
        let a = prepared.figureSVG(idPrefix: "ex-1-diagram", path: first, geometryHref: "f.svg")
        let b = prepared.figureSVG(idPrefix: "ex-2-diagram", path: first, geometryHref: "f.svg")
        #expect(a.replacing("ex-1-", with: "ex-2-") == b)
        #expect(a.utf8.count * 4 < prepared.document.utf8.count, "a figure is a fraction of the geometry it draws")
    }

    /// The file's colours are the theme's (Templates/assets/style.css), light and dark: a reader
    /// without scripts sees the file as it is, so a theme change must reach it.
    @Test func theFilesColoursAreTheThemes() throws {
        let css = try String(contentsOfFile: "Templates/assets/style.css", encoding: .utf8)
        func colours(_ name: String) throws -> (light: String, dark: String) {
            let match = try #require(css.firstMatch(of: try Regex("--\(name): light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\);")), "--\(name)")
            return (String(try #require(match.output[1].substring)), String(try #require(match.output[2].substring)))
        }
        let bg = try colours("bg"), fg = try colours("fg"), muted = try colours("muted")
        let style = StateDiagram.imageStyle
        let dark = try #require(style.range(of: "@media (prefers-color-scheme:dark)"))
        let light = style[..<dark.lowerBound], darkRules = style[dark.upperBound...]
        #expect(light.contains("rect{fill:\(bg.light);stroke:\(muted.light);"))
        #expect(light.contains("text{fill:\(fg.light);"))
        #expect(light.contains(".edge-line{fill:none;stroke:\(muted.light);") && light.contains("marker path{fill:\(muted.light)}"))
        #expect(light.contains(".unobservable text{fill:\(muted.light);"))
        #expect(darkRules.contains("rect{fill:\(bg.dark)}") && darkRules.contains("text{fill:\(fg.dark)}"))
        #expect(darkRules.contains(".edge-line,rect{stroke:\(muted.dark)}") && darkRules.contains("marker path{fill:\(muted.dark)}"))
        #expect(darkRules.contains(".unobservable text{fill:\(muted.dark)}"))
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
