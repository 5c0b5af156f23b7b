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
/// An article's figures draw this diagram from a file instead (`PreparedDiagram.document`) and
/// write out only their path over it (`PreparedDiagram.figureSVG`).
/// The player's reads and writes on this markup are listed in docs/player-dom.md.
public enum StateDiagram {
    public static func svg(
        for machine: Machine, highlight: DiagramHighlight = .init(), idPrefix: String, labels: DiagramLabels? = nil
    ) -> String {
        prepared(for: machine, labels: labels).svg(highlight: highlight, idPrefix: idPrefix)
    }

    /// The diagram of `machine` in `labels`, laid out and written once per process (see `DiagramCache`):
    /// what differs between two figures of the same machine is only their id prefix and their path.
    public static func prepared(for machine: Machine, labels: DiagramLabels? = nil) -> PreparedDiagram {
        DiagramCache.shared.diagram(for: machine, labels: labels ?? DiagramLabels(english: machine))
    }

    /// The arrows of figures' lines (`PreparedDiagram.figureSVG`), once per page that has figures:
    /// the plain one (`arrowID`, for the geometry player.js copies in) and the path's (`arrowOnID`).
    /// Zero-sized rather than `hidden`: markers inside an undisplayed SVG are not drawn.
    public static let pageMarkers = "<svg class=\"diagram-markers\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>"
        + "<marker id=\"\(arrowID)\" class=\"arrow\" \(markerFrame)>\(arrowHead)</marker>"
        + "<marker id=\"\(arrowOnID)\" class=\"arrow on-path\" \(markerFrame)>\(arrowHead)</marker>"
        + "</defs></svg>\n"
    public static let arrowID = "ld-arrow"
    public static let arrowOnID = "ld-arrow-on"
    /// A marker's frame and its arrowhead, in the diagrams' own markers and the page's alike.
    static let markerFrame = "viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" markerUnits=\"userSpaceOnUse\" orient=\"auto\""
    static let arrowHead = "<path d=\"M0 0L10 5L0 10z\" fill=\"currentColor\"/>"

    /// The colours of the geometry file (`PreparedDiagram.document`), which an image cannot take from the
    /// page: the theme's `--bg`, `--fg` and `--muted` of Templates/assets/style.css, light and dark
    /// (`SharedGeometryTests.theFilesColoursAreTheThemes` holds the two to each other), drawn as player.css draws the geometry.
    static let imageStyle = """
        svg{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif}\
        .edge-line{fill:none;stroke:#5b6475;stroke-width:1.4;opacity:.75}\
        .self-loop .edge-line{stroke-width:1.2;stroke-dasharray:3 2}\
        marker path{fill:#5b6475}\
        rect{fill:#ffffff;stroke:#5b6475;stroke-width:1.5}\
        text{fill:#1d2330;dominant-baseline:central}\
        .unobservable rect{stroke-dasharray:5 4}\
        .unobservable text{fill:#5b6475;font-style:italic}\
        @media (prefers-color-scheme:dark){.edge-line,rect{stroke:#a0a8b8}marker path{fill:#a0a8b8}\
        rect{fill:#14171d}text{fill:#e4e7ec}.unobservable text{fill:#a0a8b8}}
        """

    /// The diagram written straight from a fresh layout, its holes filled as they come, without
    /// the cache or the prepared pieces: the reference those are tested against.
    static func directSVG(
        for machine: Machine, highlight: DiagramHighlight = .init(), idPrefix: String, labels: DiagramLabels? = nil
    ) -> String {
        let plan = DiagramPlan(machine: machine, labels: labels ?? DiagramLabels(english: machine))
        var writer = DirectWriter(index: plan.index, highlight: highlight, idPrefix: idPrefix)
        plan.write(to: &writer)
        return writer.out
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
