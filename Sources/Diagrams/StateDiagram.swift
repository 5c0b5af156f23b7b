import Encoding
import LifecycleModel

/// Build-time SVG state diagrams of the lifecycle machines, for inline use in HTML5.
///
/// Markup (colours come from player.css; the few presentation attributes are
/// `currentColor` fallbacks for a page without it):
///
///     <svg class="state-diagram" viewBox="…" width="…" height="…" role="img"
///          aria-labelledby="P-title" data-machine="ios-app">
///       <title id="P-title">machine title</title>
///       <defs> <marker id="P-arrow" …> <marker id="P-arrow-on" …> </defs>
///       <g class="edges">
///         <g class="edge [self-loop] [on-path]" data-from="active" data-to="inactive" data-events="interruption home">
///           <title>Active → Inactive: interruption, home</title>
///           <path class="edge-hit" …/> <path class="edge-line" … marker-end="url(#P-arrow)"/>
///         </g> …
///       </g>
///       <g class="nodes">
///         <g class="node [unobservable] [on-path]" data-state="active"><rect …/><text …>Active</text></g> …
///       </g>
///     </svg>
///
/// Every id starts with `idPrefix` + "-", so several diagrams can share a page.
/// The player's reads and writes on this markup are listed in docs/player-dom.md.
public enum StateDiagram {
    public static func svg(
        for machine: Machine, highlight: DiagramHighlight = .init(), idPrefix: String, labels: DiagramLabels? = nil
    ) -> String {
        let labels = labels ?? DiagramLabels(english: machine)
        let layout = Layouts.layout(for: machine)
        var boxes: [String: NodeBox] = [:]
        var bounds = Bounds()
        for state in machine.states {
            let box = NodeBox(id: state.id, label: labels.stateName(state.id), center: layout.positions[state.id]!)
            boxes[state.id] = box
            bounds.add(box)
        }

        let edges = edges(of: machine)
        let existing = Set(edges.map(\.edge))
        let arrow = "\(idPrefix)-arrow", arrowOn = "\(idPrefix)-arrow-on"

        var edgeMarkup = ""
        for diagramEdge in edges {
            let edge = diagramEdge.edge
            guard let a = boxes[edge.from], let b = boxes[edge.to] else { continue }
            let path: String
            if edge.isSelfLoop {
                let points = loopPoints(a, side: layout.loops[edge.from] ?? .top)
                bounds.addCurve(points)
                path = "M\(Num.format(points[0]))C\(Num.format(points[1])) \(Num.format(points[2])) \(Num.format(points[3]))"
            } else {
                let bend = layout.bends[edge] ?? (existing.contains(Edge(from: edge.to, to: edge.from)) ? Layout.pairBend : 0)
                let points = edgePoints(a, b, bend: bend)
                if points.count == 3 {
                    bounds.addCurve(points)
                    path = "M\(Num.format(points[0]))Q\(Num.format(points[1])) \(Num.format(points[2]))"
                } else {
                    bounds.add(points[0]); bounds.add(points[1])
                    path = "M\(Num.format(points[0]))L\(Num.format(points[1]))"
                }
            }
            let onPath = highlight.edges.contains(edge)
            var classes = "edge"
            if edge.isSelfLoop { classes += " self-loop" }
            if onPath { classes += " on-path" }
            let label = "\(labels.stateName(edge.from)) → \(labels.stateName(edge.to)): \(diagramEdge.events.map(labels.eventName).joined(separator: ", "))"
            edgeMarkup += "<g class=\"\(classes)\" data-from=\"\(HTML.escape(edge.from))\" data-to=\"\(HTML.escape(edge.to))\""
            edgeMarkup += " data-events=\"\(HTML.escape(diagramEdge.events.joined(separator: " ")))\">"
            edgeMarkup += "<title>\(HTML.escape(label))</title>"
            edgeMarkup += "<path class=\"edge-hit\" d=\"\(path)\" fill=\"none\" stroke=\"transparent\" stroke-width=\"10\"/>"
            edgeMarkup += "<path class=\"edge-line\" d=\"\(path)\" fill=\"none\" stroke=\"currentColor\""
            edgeMarkup += " marker-end=\"url(#\(HTML.escape(onPath ? arrowOn : arrow)))\"/></g>\n"
        }

        var nodeMarkup = ""
        for state in machine.states {
            guard let box = boxes[state.id] else { continue }
            var classes = "node"
            if !state.observable { classes += " unobservable" }
            if highlight.states.contains(state.id) { classes += " on-path" }
            // A platform's own term kept in English is read with an English voice.
            let lang = labels.englishStates.contains(state.id) ? " lang=\"en\"" : ""
            nodeMarkup += "<g class=\"\(classes)\" data-state=\"\(HTML.escape(state.id))\"\(lang)>"
            nodeMarkup += "<rect x=\"\(Num.format(box.minX))\" y=\"\(Num.format(box.minY))\""
            nodeMarkup += " width=\"\(Num.format(2 * box.halfWidth))\" height=\"\(Num.format(2 * box.halfHeight))\" rx=\"9\""
            nodeMarkup += " fill=\"none\" stroke=\"currentColor\"\(state.observable ? "" : " stroke-dasharray=\"5 4\"")/>"
            nodeMarkup += "<text x=\"\(Num.format(box.center.x))\" y=\"\(Num.format(box.center.y))\" dominant-baseline=\"central\">"
            if box.lines.count == 1 {
                nodeMarkup += HTML.escape(box.lines[0])
            } else {
                let top = box.center.y - Double(box.lines.count - 1) * NodeBox.lineHeight / 2
                for (i, line) in box.lines.enumerated() {
                    nodeMarkup += "<tspan x=\"\(Num.format(box.center.x))\" y=\"\(Num.format(top + Double(i) * NodeBox.lineHeight))\">\(HTML.escape(line))</tspan>"
                }
            }
            nodeMarkup += "</text></g>\n"
        }

        let pad = 6.0
        let minX = (bounds.minX - pad).rounded(.down), minY = (bounds.minY - pad).rounded(.down)
        let width = (bounds.maxX + pad).rounded(.up) - minX, height = (bounds.maxY + pad).rounded(.up) - minY
        let titleID = "\(idPrefix)-title"

        var out = "<svg class=\"state-diagram\" viewBox=\"\(Num.format(minX)) \(Num.format(minY)) \(Num.format(width)) \(Num.format(height))\""
        out += " width=\"\(Num.format(width))\" height=\"\(Num.format(height))\""
        out += " role=\"img\" aria-labelledby=\"\(HTML.escape(titleID))\" data-machine=\"\(HTML.escape(machine.id))\""
        out += ">\n<title id=\"\(HTML.escape(titleID))\"\(labels.titleIsEnglish ? " lang=\"en\"" : "")>\(HTML.escape(labels.title))</title>\n<defs>"
        for (id, extra) in [(arrow, ""), (arrowOn, " on-path")] {
            out += "<marker id=\"\(HTML.escape(id))\" class=\"arrow\(extra)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\""
            out += " markerWidth=\"7\" markerHeight=\"7\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">"
            out += "<path d=\"M0 0L10 5L0 10z\" fill=\"currentColor\"/></marker>"
        }
        out += "</defs>\n<g class=\"edges\">\n" + edgeMarkup + "</g>\n"
        out += "<g class=\"nodes\" font-size=\"\(Num.format(NodeBox.fontSize))\" text-anchor=\"middle\">\n"
        out += nodeMarkup + "</g>\n</svg>"
        return out
    }

    /// Start, optional control point, end of an edge between two boxes.
    static func edgePoints(_ a: NodeBox, _ b: NodeBox, bend: Double) -> [Point] {
        let arrowGap = 2.0
        if bend == 0 {
            return [a.boundary(toward: b.center), b.boundary(toward: a.center, gap: arrowGap)]
        }
        let d = b.center - a.center
        let length = d.length
        guard length > 0 else { return [a.center, b.center] }
        // Right-hand normal in SVG coordinates (y grows downwards).
        let normal = Point(x: -d.y / length, y: d.x / length)
        // A quadratic curve passes halfway between the chord's middle and its control point.
        let control = a.center.midpoint(b.center) + normal * (2 * bend)
        return [a.boundary(toward: control), control, b.boundary(toward: control, gap: arrowGap)]
    }

    /// A small cubic loop on one side of a box: start, two controls, end.
    static func loopPoints(_ box: NodeBox, side: LoopSide) -> [Point] {
        let base: Point, along: Point, out: Point
        switch side {
        case .top: base = Point(x: box.center.x, y: box.minY); along = Point(x: 1, y: 0); out = Point(x: 0, y: -1)
        case .bottom: base = Point(x: box.center.x, y: box.maxY); along = Point(x: -1, y: 0); out = Point(x: 0, y: 1)
        case .left: base = Point(x: box.minX, y: box.center.y); along = Point(x: 0, y: -1); out = Point(x: -1, y: 0)
        case .right: base = Point(x: box.maxX, y: box.center.y); along = Point(x: 0, y: 1); out = Point(x: 1, y: 0)
        }
        let spread = side == .top || side == .bottom ? 14.0 : 8.0
        func at(_ u: Double, _ v: Double) -> Point { base + along * u + out * v }
        return [at(-spread, 0), at(-spread - 16, 34), at(spread + 16, 34), at(spread, 2)]
    }
}

/// What a diagram shows in the page's language: the machine's title, its states' and events'
/// names. The model's ids stay in the data attributes.
public struct DiagramLabels: Sendable {
    public var title: String
    public var titleIsEnglish: Bool
    public var states: [String: String]
    /// States whose name is the model's English one (a platform's term), marked `lang="en"`.
    public var englishStates: Set<String>
    public var events: [String: String]

    public init(title: String, titleIsEnglish: Bool, states: [String: String], englishStates: Set<String>, events: [String: String]) {
        self.title = title
        self.titleIsEnglish = titleIsEnglish
        self.states = states
        self.englishStates = englishStates
        self.events = events
    }

    /// The model's own English names, for tools and tests without UI strings.
    public init(english machine: Machine) {
        self.init(
            title: machine.title, titleIsEnglish: true,
            states: Dictionary(machine.states.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            englishStates: Set(machine.states.map(\.id)), events: [:])
    }

    func stateName(_ id: String) -> String { states[id] ?? id }
    func eventName(_ id: String) -> String { events[id] ?? id }
}

/// Escaping for HTML text and double-quoted attribute values.
