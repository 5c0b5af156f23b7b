import Encoding
import LifecycleModel

/// A place in a diagram's text that differs between figures of the same machine and labels.
enum DiagramHole: Sendable {
    /// The escaped id prefix.
    case idPrefix
    /// " on-path" when the edge (by its index in `DiagramIndex.edges`) is on the path.
    case edgeOnPath(Int)
    /// The id of the arrow marker an edge's line ends in: the prefix and "-arrow" or "-arrow-on".
    case edgeMarker(Int)
    /// " on-path" when the state (by its slot in `DiagramIndex.stateIDs`) is on the path.
    case stateOnPath(Int)
}

/// Where `DiagramPlan.write` sends the diagram: static text and holes, in order.
protocol DiagramSink {
    mutating func text(_ text: String)
    mutating func hole(_ hole: DiagramHole)
}

/// A machine's states and drawn edges by number, so that a path is marked in flags, not sets of strings.
final class DiagramIndex: Sendable {
    /// One slot per distinct state id, in the machine's order.
    let stateIDs: [String]
    let slotByState: [String: Int]
    /// The edges drawn, in the order they are written.
    let edges: [Edge]
    /// Edge index by `from slot * stateIDs.count + to slot`: a table of a few hundred entries at
    /// most, read without hashing for every step a figure marks.
    let edgeBySlots: [Int?]

    init(states: [String], edges: [Edge]) {
        var stateIDs: [String] = []
        var slotByState: [String: Int] = [:]
        for id in states where slotByState[id] == nil {
            slotByState[id] = stateIDs.count
            stateIDs.append(id)
        }
        var edgeBySlots: [Int?] = Array(repeating: nil, count: stateIDs.count * stateIDs.count)
        for (index, edge) in edges.enumerated() {
            guard let from = slotByState[edge.from], let to = slotByState[edge.to] else { continue }
            edgeBySlots[from * stateIDs.count + to] = index
        }
        self.stateIDs = stateIDs
        self.slotByState = slotByState
        self.edges = edges
        self.edgeBySlots = edgeBySlots
    }

    func edge(from: Int, to: Int) -> Int? {
        guard stateIDs.indices.contains(from), stateIDs.indices.contains(to) else { return nil }
        return edgeBySlots[from * stateIDs.count + to]
    }
}

/// A machine's diagram laid out: boxes, edge paths and viewBox computed, numbers formatted.
/// Everything in it depends only on the machine and the labels.
struct DiagramPlan {
    private struct DrawnEdge {
        let edge: DiagramEdge
        let path: String
    }

    let machine: Machine
    let labels: DiagramLabels
    let index: DiagramIndex
    private let boxes: [String: NodeBox]
    private let drawn: [DrawnEdge]
    private let minX: Double, minY: Double, width: Double, height: Double

    init(machine: Machine, labels: DiagramLabels) {
        let layout = Layouts.layout(for: machine)
        var boxes: [String: NodeBox] = [:]
        var bounds = Bounds()
        for state in machine.states {
            // `Layouts.layout(for:)` places every state of the machine.
            let center = layout.positions[state.id] ?? Point(x: 0, y: 0)
            let box = NodeBox(id: state.id, label: labels.stateName(state.id), center: center)
            boxes[state.id] = box
            bounds.add(box)
        }

        let edges = StateDiagram.edges(of: machine)
        let existing = Set(edges.map(\.edge))
        var drawn: [DrawnEdge] = []
        for diagramEdge in edges {
            let edge = diagramEdge.edge
            guard let a = boxes[edge.from], let b = boxes[edge.to] else { continue }
            let path: String
            if edge.isSelfLoop {
                let points = StateDiagram.loopPoints(a, side: layout.loops[edge.from] ?? .top)
                bounds.addCurve(points)
                path = "M\(Num.format(points[0]))C\(Num.format(points[1])) \(Num.format(points[2])) \(Num.format(points[3]))"
            } else {
                let bend = layout.bends[edge] ?? (existing.contains(Edge(from: edge.to, to: edge.from)) ? Layout.pairBend : 0)
                let points = StateDiagram.edgePoints(a, b, bend: bend)
                if points.count == 3 {
                    bounds.addCurve(points)
                    path = "M\(Num.format(points[0]))Q\(Num.format(points[1])) \(Num.format(points[2]))"
                } else {
                    bounds.add(points[0]); bounds.add(points[1])
                    path = "M\(Num.format(points[0]))L\(Num.format(points[1]))"
                }
            }
            drawn.append(DrawnEdge(edge: diagramEdge, path: path))
        }

        let pad = 6.0
        minX = (bounds.minX - pad).rounded(.down)
        minY = (bounds.minY - pad).rounded(.down)
        width = (bounds.maxX + pad).rounded(.up) - minX
        height = (bounds.maxY + pad).rounded(.up) - minY
        self.machine = machine
        self.labels = labels
        self.boxes = boxes
        self.drawn = drawn
        index = DiagramIndex(states: machine.states.map(\.id), edges: drawn.map(\.edge.edge))
    }

    /// The one copy of the diagram's markup (described on `StateDiagram`).
    func write<Sink: DiagramSink>(to sink: inout Sink) {
        sink.text("<svg class=\"state-diagram\" viewBox=\"\(Num.format(minX)) \(Num.format(minY)) \(Num.format(width)) \(Num.format(height))\"")
        sink.text(" width=\"\(Num.format(width))\" height=\"\(Num.format(height))\" role=\"img\" aria-labelledby=\"")
        sink.hole(.idPrefix)
        sink.text("-title\" data-machine=\"\(HTML.escape(machine.id))\">\n<title id=\"")
        sink.hole(.idPrefix)
        sink.text("-title\"\(labels.titleIsEnglish ? " lang=\"en\"" : "")>\(HTML.escape(labels.title))</title>\n<defs>")
        for (suffix, extra) in [("-arrow", ""), ("-arrow-on", " on-path")] {
            sink.text("<marker id=\"")
            sink.hole(.idPrefix)
            sink.text("\(suffix)\" class=\"arrow\(extra)\" \(StateDiagram.markerFrame)>")
            sink.text("\(StateDiagram.arrowHead)</marker>")
        }
        sink.text("</defs>\n<g class=\"edges\">\n")

        for (number, drawnEdge) in drawn.enumerated() {
            let edge = drawnEdge.edge.edge
            let events = drawnEdge.edge.events
            let label = "\(labels.stateName(edge.from)) → \(labels.stateName(edge.to)): \(events.map(labels.eventName).joined(separator: ", "))"
            sink.text(edge.isSelfLoop ? "<g class=\"edge self-loop" : "<g class=\"edge")
            sink.hole(.edgeOnPath(number))
            sink.text("\" data-from=\"\(HTML.escape(edge.from))\" data-to=\"\(HTML.escape(edge.to))\"")
            sink.text(" data-events=\"\(HTML.escape(events.joined(separator: " ")))\">")
            sink.text("<title>\(HTML.escape(label))</title>")
            sink.text("<path class=\"edge-hit\" d=\"\(drawnEdge.path)\" fill=\"none\" stroke=\"transparent\" stroke-width=\"10\"/>")
            sink.text("<path class=\"edge-line\" d=\"\(drawnEdge.path)\" fill=\"none\" stroke=\"currentColor\" marker-end=\"url(#")
            sink.hole(.edgeMarker(number))
            sink.text(")\"/></g>\n")
        }

        sink.text("</g>\n<g class=\"nodes\" font-size=\"\(Num.format(NodeBox.fontSize))\" text-anchor=\"middle\">\n")
        for state in machine.states {
            guard let box = boxes[state.id], let slot = index.slotByState[state.id] else { continue }
            sink.text(state.observable ? "<g class=\"node" : "<g class=\"node unobservable")
            sink.hole(.stateOnPath(slot))
            let node = nodeParts(state, box)
            sink.text("\" " + node.open + node.rect + " fill=\"none\" stroke=\"currentColor\"\(node.dashes)/>" + node.text)
        }
        sink.text("</g>\n</svg>")
    }
}

/// Writes a diagram as it is laid out, each hole filled from a `DiagramHighlight`'s sets:
/// the reference for the prepared pieces, used by tests.
struct DirectWriter: DiagramSink {
    let index: DiagramIndex
    let highlight: DiagramHighlight
    let escapedPrefix: String
    var out = ""

    init(index: DiagramIndex, highlight: DiagramHighlight, idPrefix: String) {
        self.index = index
        self.highlight = highlight
        escapedPrefix = HTML.escape(idPrefix)
    }

    mutating func text(_ text: String) { out += text }

    mutating func hole(_ hole: DiagramHole) {
        switch hole {
        case .idPrefix:
            out += escapedPrefix
        case .edgeOnPath(let edge):
            if highlight.edges.contains(index.edges[edge]) { out += " on-path" }
        case .edgeMarker(let edge):
            out += escapedPrefix + (highlight.edges.contains(index.edges[edge]) ? "-arrow-on" : "-arrow")
        case .stateOnPath(let slot):
            if highlight.states.contains(index.stateIDs[slot]) { out += " on-path" }
        }
    }
}

/// A diagram split for pages that show it several times. The static geometry is not in the page:
/// it is a file of its own (`document`, the same for every page of a language, which the browser
/// fetches once and caches), drawn by each figure with `<image>`, so that a page without scripts
/// shows the whole diagram, from `file://` too. Over it a figure writes out only its path, each
/// marked edge and node in full. player.js replaces the image with the same geometry as markup
/// (`geometry`, from the language's model-names script) to light nodes and edges as it plays.
struct SharedDiagramParts: Sendable {
    /// `<svg class="state-diagram" … aria-labelledby="`: the id prefix follows.
    let open: String
    /// After the id prefix, up to the geometry's `<image>`.
    let afterPrefix: String
    static let imageStart = "<image class=\"diagram-geometry\" href=\""
    /// After the geometry file's address: the image's frame (the diagram's viewBox).
    let imageEnd: String
    /// The start of the path's group.
    let pathStart: String
    /// Per edge (as numbered in `DiagramIndex.edges`), the edge as the path draws it.
    let edgeOverlays: [String]
    /// Per state slot, the node as the path draws it.
    let nodeOverlays: [String]
    static let tail = "</g>\n</svg>"
    /// The unmarked edges' group and nodes' group, without ids or paint (the page's player.css
    /// paints them), for player.js.
    let geometry: String
    /// A standalone SVG file of the geometry, painted by its own style sheet (an image does not
    /// see the page's), light or dark as the system prefers.
    let document: String
}

extension DiagramPlan {
    /// A node's markup in pieces, for the whole diagram and for the shared geometry alike: its
    /// `data-state` (and `lang`) closing the group's start tag, its box without paint, the
    /// dashes of an unobservable state, and its label closing the group. `baseline`: the label's
    /// vertical centring as an attribute (else a style sheet sets it: the page's player.css, the file's own).
    func nodeParts(_ state: StateInfo, _ box: NodeBox, baseline: Bool = true) -> (open: String, rect: String, dashes: String, text: String) {
        // A platform's own term kept in English is read with an English voice.
        let lang = labels.englishStates.contains(state.id) ? " lang=\"en\"" : ""
        let open = "data-state=\"\(HTML.escape(state.id))\"\(lang)>"
        let rect = "<rect x=\"\(Num.format(box.minX))\" y=\"\(Num.format(box.minY))\""
            + " width=\"\(Num.format(2 * box.halfWidth))\" height=\"\(Num.format(2 * box.halfHeight))\" rx=\"9\""
        var text = "<text x=\"\(Num.format(box.center.x))\" y=\"\(Num.format(box.center.y))\"\(baseline ? " dominant-baseline=\"central\"" : "")>"
        if box.lines.count == 1 {
            text += HTML.escape(box.lines[0])
        } else {
            let top = box.center.y - Double(box.lines.count - 1) * NodeBox.lineHeight / 2
            for (i, line) in box.lines.enumerated() {
                text += "<tspan x=\"\(Num.format(box.center.x))\" y=\"\(Num.format(top + Double(i) * NodeBox.lineHeight))\">\(HTML.escape(line))</tspan>"
            }
        }
        text += "</text></g>\n"
        return (open, rect, state.observable ? "" : " stroke-dasharray=\"5 4\"", text)
    }

    func sharedParts() -> SharedDiagramParts {
        let viewBox = "viewBox=\"\(Num.format(minX)) \(Num.format(minY)) \(Num.format(width)) \(Num.format(height))\""
        let size = "width=\"\(Num.format(width))\" height=\"\(Num.format(height))\""
        let nodeGroup = "font-size=\"\(Num.format(NodeBox.fontSize))\" text-anchor=\"middle\""
        // No `<title>`: the figure names the machine in its caption, the element `<prefix>-title`.
        let open = "<svg class=\"state-diagram\" \(viewBox) \(size) role=\"img\" aria-labelledby=\""
        let afterPrefix = "-title\" data-machine=\"\(HTML.escape(machine.id))\">\n"
        let imageEnd = "\" x=\"\(Num.format(minX))\" y=\"\(Num.format(minY))\" \(size)/>\n"
        // The path's lines inherit the page's on-path arrow (`StateDiagram.pageMarkers`).
        let pathStart = "<g class=\"diagram-path\" \(nodeGroup) marker-end=\"url(#\(StateDiagram.arrowOnID))\">\n"

        var geometry = "<g class=\"edges\">\n"
        var edgeOverlays: [String] = []
        for drawnEdge in drawn {
            let edge = drawnEdge.edge.edge
            let events = drawnEdge.edge.events
            let label = "\(labels.stateName(edge.from)) → \(labels.stateName(edge.to)): \(events.map(labels.eventName).joined(separator: ", "))"
            let kind = edge.isSelfLoop ? "edge self-loop" : "edge"
            let ends = "data-from=\"\(HTML.escape(edge.from))\" data-to=\"\(HTML.escape(edge.to))\""
            let line = "<path class=\"edge-line\" d=\"\(drawnEdge.path)\"/></g>\n"
            // No `data-events` (the playground's diagram has them): nothing reads them on an article, the title names the events.
            geometry += "<g class=\"\(kind)\" \(ends)><title>\(HTML.escape(label))</title>" + line
            edgeOverlays.append("<g class=\"\(kind) on-path\" \(ends)>" + line)
        }
        geometry += "</g>\n<g class=\"nodes\" \(nodeGroup)>\n"
        var nodeOverlays = Array(repeating: "", count: index.stateIDs.count)
        for state in machine.states {
            guard let box = boxes[state.id], let slot = index.slotByState[state.id], nodeOverlays[slot].isEmpty else { continue }
            let kind = state.observable ? "node" : "node unobservable"
            // Dashes and paint come from the style sheet (the page's, or the file's own).
            let (open, rect, _, text) = nodeParts(state, box, baseline: false)
            geometry += "<g class=\"\(kind)\" \(open)\(rect)/>\(text)"
            nodeOverlays[slot] = "<g class=\"\(kind) on-path\" \(open)\(rect)/>\(text)"
        }
        geometry += "</g>\n"

        let document = "<svg xmlns=\"http://www.w3.org/2000/svg\" \(viewBox) \(size)>\n<style>\(StateDiagram.imageStyle)</style>\n"
            + "<defs><marker id=\"a\" \(StateDiagram.markerFrame)><path d=\"M0 0L10 5L0 10z\"/></marker></defs>\n"
            + "<g marker-end=\"url(#a)\">\n" + geometry + "</g>\n</svg>\n"
        return SharedDiagramParts(
            open: open, afterPrefix: afterPrefix, imageEnd: imageEnd, pathStart: pathStart,
            edgeOverlays: edgeOverlays, nodeOverlays: nodeOverlays, geometry: geometry, document: document)
    }
}
