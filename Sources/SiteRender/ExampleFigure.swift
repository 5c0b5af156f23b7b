import Diagnostics
import Diagrams
import Encoding
import LifecycleModel
import Mustache
import Scenarios
import SiteContent
import Translations

/// The HTML of a verified `lifecycle` example: a static trace with its state diagram, written
/// by the `partials/example` template (escaped by default, editable by a front-end developer);
/// the browser player (assets/player.js) brings it to life from that markup. A pure function
/// of the example, the page's language and the templates.
struct ExampleFigure: Sendable {
    let lang: String
    let strings: UIStrings
    /// The language's `t` and prepared diagrams, shared by the build's pages.
    let values: LanguageValues
    let templates: TemplateSet
    /// Figures by language, info string and code, with the id slot where the page's example id
    /// goes: translations and copies of a block share one (a figure does not depend on where its
    /// block stands). One memo per build: `serve` builds again after a template or a UI string changed.
    let memo: Memo<TextKey, [String]>

    static let template = "partials/example"
    private static let idSlot = "\u{0}id\u{0}"

    /// The figure of an example that ran (nil for one that stopped on an error: its code is shown as written).
    func html(_ example: VerifiedExample) throws(DiagnosticError) -> String? {
        guard let trace = example.trace else { return nil }
        let id = "ex-\(example.number)"
        let key = TextKey(lang, example.info, example.code)
        if let pieces = memo.cached(key) { return pieces.joined(separator: id) }
        let pieces = Self.splitAtIDSlots(try templates.render(Self.template, context(trace, id: Self.idSlot)))
        memo.store(pieces, for: key)
        return pieces.joined(separator: id)
    }

    /// The figure cut where its id goes (a byte search: `String.replacing` is slow on long text).
    /// Each piece is copied from the figure as a Substring: the slot is ASCII, so every cut is
    /// between scalars, and the copy needs no UTF-8 validation (`String(decoding:)` validated).
    static func splitAtIDSlots(_ figure: String) -> [String] {
        var figure = figure
        let ranges = figure.withUTF8 { Slots.pieces(of: $0, between: idSlot) }
        let utf8 = figure.utf8
        return ranges.map { range in
            String(figure[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
    }

    /// What the template shows: the trace's rows, the checks, the diagram with the run's path marked.
    func context(_ trace: ExampleTrace, id: String) -> MustacheValue {
        let machine = trace.machine
        let options = trace.options
        let names = ModelNames(strings: strings, lang: lang)
        // JSON first, then escaped as an attribute value: the player parses exactly the options the build ran.
        var optionsJSON = JSON.Object()
        optionsJSON.add("api", options.api)
        if let target = options.targetSDK { optionsJSON.add("targetSdk", target) }
        optionsJSON.add("configChanges", options.configChanges.sorted())
        optionsJSON.add("root", options.root)
        let (diagram, states) = values.machineValues(machine, lang: lang)
        var path = diagram.path()
        path.markState(trace.initialState)
        var steps: [MustacheValue] = []
        for (index, step) in trace.steps.enumerated() {
            let walk = [step.from] + step.states
            path.markStep(from: step.from, through: step.states)
            let source = step.sources.first.flatMap(SourceIndex.source)
            steps.append(.object([
                "number": .int(index + 1),
                "event": .string(step.event),
                "eventName": .string(names.event(step.event).text),
                "eventSummary": .string(names.summary(machine, step.event)),
                // A scene other than the main one is named after the event (its name comes from the Markdown).
                "otherScene": machine.multiScene && step.scene != Simulation.mainScene ? .string(step.scene) : .bool(false),
                "scene": machine.multiScene ? .string(step.scene) : .bool(false),
                "from": .string(step.from),
                "fromName": names.value(states[step.from] ?? names.state(machine, step.from)),
                "to": .string(step.to),
                "unchanged": .bool(step.states.isEmpty),
                "walk": names.walk(machine, walk, states: states),
                "calls": .array(step.callbacks.enumerated().map { position, call in
                    .object(["name": .string(call.name), "optional": .bool(call.optional), "separator": .string(position == 0 ? "" : ", ")])
                }),
                "row": .string(step.row),
                "source": source.map {
                    .object(["url": .string($0.url), "title": .string($0.officialTitle), "archived": .bool($0.archived)])
                } ?? .bool(false),
                "unconfirmed": .bool(step.confidence == .unconfirmed),
            ]))
        }
        let checks: [MustacheValue] = trace.checks.map { check in
            .object([
                "kind": .string(check.kind.rawValue),
                "label": .string(names.check(check.kind.rawValue)),
                // States by their display names; callbacks (a `callbacks` check) are code.
                "items": .array(check.ids.enumerated().map { index, id in
                    // `states` holds exactly the machine's states.
                    let name = states[id]
                    return .object([
                        "first": .bool(index == 0),
                        "state": name.map(names.value) ?? .bool(false),
                        "code": name == nil ? .string(id) : .bool(false),
                    ])
                }),
            ])
        }
        return .object([
            "id": .string(id),
            "machine": .string(machine.id),
            "machineTitle": names.value(names.title(machine)),
            "options": .string(optionsJSON.text),
            "initial": .string(trace.initialState),
            "caption": .string(trace.caption),
            "t": values.t(lang),
            "hasSteps": .bool(!steps.isEmpty),
            "steps": .array(steps),
            "hasChecks": .bool(!checks.isEmpty),
            "checks": .array(checks),
            "diagram": .string(diagram.figureSVG(idPrefix: id + "-diagram", path: path)),
        ])
    }
}
