import Encoding
import LifecycleModel

/// A machine's diagram in one set of labels, laid out and written once: its text cut into static
/// pieces around the holes where the id prefix and the path's marks go. Writing a figure only
/// joins the pieces with those (no layout, no number formatting, no escaping of static text).
public final class PreparedDiagram: Sendable {
    public let machineID: String
    let index: DiagramIndex
    /// `pieces[0] + hole 0 + pieces[1] + … + pieces[holes.count]`.
    let pieces: [String]
    let holes: [DiagramHole]
    private let staticByteCount: Int
    private let prefixHoleCount: Int
    private let unmarked: DiagramPath
    private let shared: SharedDiagramParts

    init(plan: DiagramPlan) {
        var recorder = PieceRecorder()
        plan.write(to: &recorder)
        machineID = plan.machine.id
        index = plan.index
        pieces = recorder.pieces + [recorder.current]
        holes = recorder.holes
        staticByteCount = pieces.reduce(0) { $0 + $1.utf8.count }
        prefixHoleCount = holes.count(where: { hole in
            switch hole {
            case .idPrefix, .edgeMarker: true
            case .edgeOnPath, .stateOnPath: false
            }
        })
        unmarked = DiagramPath(index: plan.index)
        shared = plan.sharedParts()
    }

    /// The geometry as markup for player.js (`SharedDiagramParts.geometry`): the model-names script carries it.
    public var geometry: String { shared.geometry }

    /// The geometry as a standalone SVG file, which every `figureSVG` draws (`SharedDiagramParts.document`).
    public var document: String { shared.document }

    /// A figure's diagram: the geometry file at `geometryHref` (the page's address of `document`)
    /// drawn with `<image>`, and over it what `path` marks, each marked edge and node written out
    /// (player.css gives them the path's look; their arrows are `StateDiagram.pageMarkers`'), so the
    /// whole diagram and its path show without scripts; player.js puts the geometry in its place
    /// before it starts. Without an address (a page without the file) only the path is drawn.
    /// It has no id and no title: it is named by the element `idPrefix` + "-title", which the caller
    /// writes (an example's caption names the machine).
    public func figureSVG(idPrefix: String, path: DiagramPath? = nil, geometryHref: String?) -> String {
        var marks = path ?? unmarked
        if let path, path.index !== index { marks = self.marks(path.highlight) }
        let prefix = HTML.escape(idPrefix)
        let href = geometryHref.map { HTML.escape($0) }
        // Sized first: growing the text piece by piece copied it a few times a figure.
        var byteCount = shared.open.utf8.count + prefix.utf8.count + shared.afterPrefix.utf8.count + shared.pathStart.utf8.count
            + SharedDiagramParts.tail.utf8.count
        if let href { byteCount += SharedDiagramParts.imageStart.utf8.count + href.utf8.count + shared.imageEnd.utf8.count }
        for (edge, marked) in marks.edges.enumerated() where marked { byteCount += shared.edgeOverlays[edge].utf8.count }
        for (slot, marked) in marks.states.enumerated() where marked { byteCount += shared.nodeOverlays[slot].utf8.count }
        // The pieces' bytes copied into a string made at that size: appending each piece to a
        // `String` cost about 340 instructions, a dozen times a figure.
        return String(unsafeUninitializedCapacity: byteCount) { buffer in
            var written = Self.copy(shared.open, into: buffer, at: 0)
            written = Self.copy(prefix, into: buffer, at: written)
            written = Self.copy(shared.afterPrefix, into: buffer, at: written)
            if let href {
                written = Self.copy(SharedDiagramParts.imageStart, into: buffer, at: written)
                written = Self.copy(href, into: buffer, at: written)
                written = Self.copy(shared.imageEnd, into: buffer, at: written)
            }
            written = Self.copy(shared.pathStart, into: buffer, at: written)
            for (edge, marked) in marks.edges.enumerated() where marked { written = Self.copy(shared.edgeOverlays[edge], into: buffer, at: written) }
            for (slot, marked) in marks.states.enumerated() where marked { written = Self.copy(shared.nodeOverlays[slot], into: buffer, at: written) }
            return Self.copy(SharedDiagramParts.tail, into: buffer, at: written)
        }
    }

    /// Copies what fits of `piece`'s bytes into `buffer` at `offset`; where the bytes written end.
    private static func copy(_ piece: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        piece.withUTF8Bytes { bytes in
            let count = min(bytes.count, buffer.count - offset)
            guard count > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return offset }
            (target + offset).initialize(from: source, count: count)
            return offset + count
        }
    }

    private func marks(_ highlight: DiagramHighlight) -> DiagramPath {
        var marks = unmarked
        for (slot, id) in index.stateIDs.enumerated() where highlight.states.contains(id) { marks.states[slot] = true }
        for (number, edge) in index.edges.enumerated() where highlight.edges.contains(edge) { marks.edges[number] = true }
        return marks
    }

    /// A path with nothing marked yet, to mark a figure's run on.
    public func path() -> DiagramPath { unmarked }

    /// The diagram with `path` marked; every id starts with `idPrefix` + "-".
    public func svg(idPrefix: String, path: DiagramPath? = nil) -> String {
        guard let path else { return write(idPrefix: idPrefix, marks: unmarked) }
        // A path marked on another diagram knows its states and edges by id only.
        guard path.index === index else { return svg(highlight: path.highlight, idPrefix: idPrefix) }
        return write(idPrefix: idPrefix, marks: path)
    }

    /// The diagram with the states and edges of `highlight` marked.
    public func svg(highlight: DiagramHighlight, idPrefix: String) -> String {
        guard !highlight.isEmpty else { return write(idPrefix: idPrefix, marks: unmarked) }
        return write(idPrefix: idPrefix, marks: marks(highlight))
    }

    private func write(idPrefix: String, marks: DiagramPath) -> String {
        let prefix = HTML.escape(idPrefix)
        var out = ""
        // Each mark adds at most " on-path" or "-arrow-on" (9 bytes).
        out.reserveCapacity(staticByteCount + prefixHoleCount * prefix.utf8.count + (holes.count - prefixHoleCount + marks.edges.count) * 9)
        for (position, hole) in holes.enumerated() {
            out += pieces[position]
            switch hole {
            case .idPrefix:
                out += prefix
            case .edgeOnPath(let edge):
                if marks.edges[edge] { out += " on-path" }
            case .edgeMarker(let edge):
                out += prefix
                out += marks.edges[edge] ? "-arrow-on" : "-arrow"
            case .stateOnPath(let slot):
                if marks.states[slot] { out += " on-path" }
            }
        }
        out += pieces[holes.count]
        return out
    }
}

/// The states and edges of a run on one prepared diagram, as flags by number: marking a step
/// looks each state up once instead of hashing every edge's two ids, here and when writing.
public struct DiagramPath: Sendable {
    let index: DiagramIndex
    var states: [Bool]
    var edges: [Bool]

    init(index: DiagramIndex) {
        self.index = index
        states = Array(repeating: false, count: index.stateIDs.count)
        edges = Array(repeating: false, count: index.edges.count)
    }

    /// Marks a state; one the diagram does not draw is ignored.
    public mutating func markState(_ id: String) {
        if let slot = index.slotByState[id] { states[slot] = true }
    }

    /// Marks a step as `DiagramHighlight(steps:)` does: every state from `from` through `states`,
    /// the edges between consecutive ones, and the self-loop of a step that changes no state.
    public mutating func markStep(from: String, through states: [String]) {
        mark(stepMarks(from: from, through: states))
    }

    /// What `markStep(from:through:)` marks, worked out without marking it: a figure marks the
    /// same few steps of a machine again and again, and looking their states up hashed each id.
    public func stepMarks(from: String, through states: [String]) -> DiagramStepMarks {
        var marks = DiagramStepMarks(index: index, states: [], edges: [])
        var previous = index.slotByState[from]
        if let slot = previous { marks.states.append(slot) }
        if states.isEmpty {
            if let slot = previous, let edge = index.edge(from: slot, to: slot) { marks.edges.append(edge) }
            return marks
        }
        for id in states {
            let current = index.slotByState[id]
            if let slot = current {
                marks.states.append(slot)
                if let before = previous, let edge = index.edge(from: before, to: slot) { marks.edges.append(edge) }
            }
            previous = current
        }
        return marks
    }

    /// Marks what `marks` holds; marks of another diagram mark nothing (their numbers are not this one's).
    public mutating func mark(_ marks: DiagramStepMarks) {
        guard marks.index === index else { return }
        for slot in marks.states { states[slot] = true }
        for edge in marks.edges { edges[edge] = true }
    }

    /// The marked states and edges by id.
    public var highlight: DiagramHighlight {
        var highlight = DiagramHighlight()
        for (slot, marked) in states.enumerated() where marked { highlight.states.insert(index.stateIDs[slot]) }
        for (number, marked) in edges.enumerated() where marked { highlight.edges.insert(index.edges[number]) }
        return highlight
    }
}

/// The states and edges a step marks on one prepared diagram, by number (`DiagramPath.stepMarks`).
public struct DiagramStepMarks: Sendable {
    let index: DiagramIndex
    var states: [Int]
    var edges: [Int]
}

/// Collects a diagram's text as pieces between holes.
struct PieceRecorder: DiagramSink {
    var pieces: [String] = []
    var holes: [DiagramHole] = []
    var current = ""

    mutating func text(_ text: String) { current += text }

    mutating func hole(_ hole: DiagramHole) {
        pieces.append(current)
        current = ""
        holes.append(hole)
    }
}
