import Encoding
import Diagnostics
import Diagrams
import LifecycleModel
import Mustache
import Scenarios
import Synchronization

/// Runs each `lifecycle` block of an article against the model and renders
/// it as a static trace with a state diagram; the browser player (assets/
/// player.js) brings it to life from the same markup. One instance serves one
/// article; the Markdown renderer calls it synchronously.
final class ExampleRenderer: Sendable {
    private struct Found {
        var count = 0
        var diagnostics: [Diagnostic] = []
    }

    private let found = Mutex(Found())
    private let file: String
    private let source: String
    private let labels: [String: String]
    private let lang: String

    init(file: String, source: String, lang: String, labels: [String: String]) {
        self.file = file
        self.source = source
        self.lang = lang
        self.labels = labels
    }

    /// Figures of examples that ran clean, by language, info string and code, with
    /// `{{id}}` where the page's example id goes. Translations and copies share them.
    private static let figures = Memo<TextKey, [String]?>()
    private static let idSlot = "\u{0}id\u{0}"

    var examples: Int { found.withLock { $0.count } }
    var diagnostics: [Diagnostic] { found.withLock { $0.diagnostics } }

    /// The HTML of a `lifecycle` block, or nil for any other code block.
    func html(info: String, code: String, fence: SourceLocation) -> String? {
        guard LifecycleBlockParser.isLifecycle(info: info) else { return nil }
        let key = TextKey(lang, info, code)
        // The figure run by this call, if the cache did not have the block yet.
        var fresh: String??
        let cached = Self.figures.value(for: key) {
            // A block with any diagnostic is not cached: its messages name this file and line.
            let (figure, clean) = run(info: info, code: code, fence: fence)
            fresh = .some(figure)
            return clean ? figure.map(Self.splitAtIDSlots) : nil
        }
        let figure: String?
        if let fresh {
            figure = fresh
        } else if let cached {
            let number = found.withLock { found in
                found.count += 1
                return found.count
            }
            return cached.joined(separator: "ex-\(number)")
        } else {
            figure = run(info: info, code: code, fence: fence).figure
        }
        return figure.map { Self.splitAtIDSlots($0).joined(separator: "ex-\(found.withLock { $0.count })") }
    }

    /// The figure cut where its id goes (a byte search: `String.replacing` is slow on long text).
    static func splitAtIDSlots(_ figure: String) -> [String] {
        let bytes = Array(figure.utf8)
        return Slots.pieces(of: bytes, between: idSlot).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Parses, runs and renders one block; counts it and keeps its diagnostics.
    private func run(info: String, code: String, fence: SourceLocation) -> (figure: String?, clean: Bool) {
        let (block, problems) = LifecycleBlockParser.parse(
            info: info, code: code, file: file, firstLine: fence.line + 1, columnOffset: fence.column - 1,
            lineOffsets: lineOffsets(code, fence: fence), infoLocation: infoLocation(fence))
        guard let block else {
            found.withLock { $0.diagnostics.append(contentsOf: problems) }
            return (nil, false)
        }
        let result = ExampleRunner.run(block)
        found.withLock { found in
            found.count += 1
            found.diagnostics.append(contentsOf: result.diagnostics)
        }
        guard result.passed else { return (nil, false) }
        return (figure(result, id: Self.idSlot), result.diagnostics.isEmpty)
    }

    /// Where each content line starts in the file. cmark removes up to the fence's
    /// indentation from each line, so a line with less (a block indented 1 to 3 spaces) loses less.
    private func lineOffsets(_ code: String, fence: SourceLocation) -> [Int] {
        let lines = SourceLines(source)
        return code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, content in
            guard let written = lines[fence.line + 1 + index], written.hasSuffix(content) else { return fence.column - 1 }
            return written.count - content.count
        }
    }

    /// Where the info string starts on the fence line: after the backticks or tildes.
    private func infoLocation(_ fence: SourceLocation) -> SourceLocation {
        // Only blocks that actually run get here, so the line is found on demand, not split up front.
        guard let text = SourceLines(source)[fence.line] else { return fence }
        let line = Array(text)
        var column = fence.column - 1
        while column < line.count, line[column] == "`" || line[column] == "~" { column += 1 }
        while column < line.count, line[column] == " " { column += 1 }
        return SourceLocation(file: file, line: fence.line, column: column + 1)
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
