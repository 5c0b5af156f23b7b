import Encoding
import Diagnostics
import Diagrams
import LifecycleModel
import Scenarios

/// The HTML of a verified `lifecycle` example: a static trace with its state diagram,
/// which the browser player (assets/player.js) brings to life from the same markup.
/// A pure function of the example and the page's language.
struct ExampleFigure: Sendable {
    let lang: String
    let labels: [String: String]

    /// Figures by language, info string and code, with the id slot where the page's example
    /// id goes: translations and copies of a block share one. Only blocks that ran without
    /// any diagnostic are kept (a figure does not depend on where its block stands).
    private static let figures = Memo<TextKey, [String]>()
    private static let idSlot = "\u{0}id\u{0}"

    /// The figure of an example that passed (nil for one that failed: its code is shown as written).
    func html(_ example: VerifiedExample) -> String? {
        guard example.result.passed else { return nil }
        let id = "ex-\(example.number)"
        guard example.result.diagnostics.isEmpty else { return figure(example.result, id: id) }
        let pieces = Self.figures.value(for: TextKey(lang, example.info, example.code)) {
            Self.splitAtIDSlots(figure(example.result, id: Self.idSlot))
        }
        return pieces.joined(separator: id)
    }

    /// The figure cut where its id goes (a byte search: `String.replacing` is slow on long text).
    static func splitAtIDSlots(_ figure: String) -> [String] {
        let bytes = Array(figure.utf8)
        return Slots.pieces(of: bytes, between: idSlot).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    private func label(_ key: String) -> String { HTML.escape(labels[key] ?? key) }

    private func figure(_ result: ExampleResult, id: String) -> String {
        let machine = result.block.machine
        let options = result.block.options
        // JSON first, then escaped as an attribute value: the player parses exactly the options the build ran.
        var optionsJSON = JSON.Object()
        optionsJSON.add("api", options.api)
        optionsJSON.add("configChanges", options.configChanges.sorted())
        optionsJSON.add("root", options.root)
        let caption = result.block.comments.map(\.text).joined(separator: " ")
        var highlight = DiagramHighlight(steps: [])
        highlight.states.insert(result.initialState)
        var rows = ""
        for (index, step) in result.steps.enumerated() {
            let walk = [step.from] + step.states
            for (a, b) in zip(walk, walk.dropFirst()) { highlight.edges.insert(Edge(from: a, to: b)) }
            if step.states.isEmpty { highlight.edges.insert(Edge(from: step.from, to: step.from)) }
            highlight.states.formUnion(walk)
            let scene = machine.multiScene ? " data-scene=\"\(HTML.escape(step.scene))\"" : ""
            let eventName = machine.multiScene && step.scene != Simulation.mainScene ? "\(step.event)@\(step.scene)" : step.event
            let states = step.states.isEmpty
                ? HTML.escape(step.from) + " <span class=\"unchanged\">(\(label("stateUnchanged")))</span>"
                : HTML.escape(walk.joined(separator: " → "))
            let callbacks = step.callbacks.map { call in
                call.optional ? "<code class=\"optional\">(\(HTML.escape(call.name)))</code>" : "<code>\(HTML.escape(call.name))</code>"
            }.joined(separator: ", ")
            let source = step.sources.first.flatMap(SourceIndex.source)
            let sourceCell = source.map { "<a href=\"\(HTML.escape($0.url))\" title=\"\(HTML.escape($0.title))\">\(HTML.escape(step.row))</a>" }
                ?? HTML.escape(step.row)
            let unconfirmed = step.confidence == .unconfirmed ? " <span class=\"unconfirmed\">\(label("unconfirmed"))</span>" : ""
            rows += "<tr data-step=\"\(index + 1)\" data-event=\"\(HTML.escape(step.event))\"\(scene) data-from=\"\(HTML.escape(step.from))\" "
                + "data-to=\"\(HTML.escape(step.to))\" data-callbacks=\"\(HTML.escape(step.callbacks.map(\.name).joined(separator: " ")))\">"
                + "<td>\(index + 1)</td><td><code>\(HTML.escape(eventName))</code></td><td>\(states)</td>"
                + "<td>\(callbacks.isEmpty ? "—" : callbacks)</td><td>\(sourceCell)\(unconfirmed)</td></tr>\n"
        }
        var checks = ""
        for check in result.checks {
            let names = check.ids.map { machine.state($0)?.name ?? $0 }.joined(separator: " → ")
            checks += "<li class=\"check\"><code>\(check.kind.rawValue)</code> \(HTML.escape(names)) <span class=\"check-ok\">✓</span></li>\n"
        }
        let table = rows.isEmpty ? "" : """
            <table class="trace">
            <thead><tr><th scope="col">#</th><th scope="col">\(label("traceEvent"))</th><th scope="col">\(label("traceStates"))</th><th scope="col">\(label("traceCallbacks"))</th><th scope="col">\(label("traceSource"))</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>

            """
        let checkList = checks.isEmpty ? "" : "<ul class=\"example-checks\">\n\(checks)</ul>\n"
        let player = rows.isEmpty ? "" : """
            <div class="player" hidden>
            <button type="button" data-action="step">\(label("step"))</button>
            <button type="button" data-action="play" data-label-play="\(label("play"))" data-label-pause="\(label("pause"))">\(label("play"))</button>
            <button type="button" data-action="reset">\(label("reset"))</button>
            <ol class="callback-log" aria-live="polite" aria-label="\(label("callbackLog"))" data-label-none="—"></ol>
            </div>

            """
        return """
            <figure class="lifecycle-example" id="\(id)" data-lifecycle-example data-machine="\(machine.id)" data-options="\(HTML.escape(optionsJSON.text))" data-initial="\(HTML.escape(result.initialState))" data-state="\(HTML.escape(result.initialState))">
            <figcaption><span class="example-label">\(label("exampleLabel")) · \(HTML.escape(machine.id))</span> \(HTML.escape(caption))</figcaption>
            <div class="example-layout">
            \(table)\(checkList)\(StateDiagram.svg(for: machine, highlight: highlight, idPrefix: id + "-diagram"))
            </div>
            \(player)</figure>

            """
    }
}
