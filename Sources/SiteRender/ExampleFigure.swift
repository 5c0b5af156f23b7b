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
        let (diagram, states, events) = values.machineValues(machine, lang: lang)
        var path = diagram.path()
        path.markState(trace.initialState)
        var steps: [MustacheValue] = []
        steps.reserveCapacity(trace.steps.count)
        for (index, step) in trace.steps.enumerated() {
            let walk = [step.from] + step.states
            path.markStep(from: step.from, through: step.states)
            let source = step.sources.first.flatMap(SourceIndex.source)
            let event = events[step.event]
            steps.append(.object([
                Key.number: .int(index + 1),
                Key.event: .string(step.event),
                Key.eventName: .string(event?.name ?? names.event(step.event).text),
                Key.eventSummary: .string(event?.summary ?? names.summary(machine, step.event)),
                // A scene other than the main one is named after the event (its name comes from the Markdown).
                Key.otherScene: machine.multiScene && step.scene != Simulation.mainScene ? .string(step.scene) : .bool(false),
                Key.scene: machine.multiScene ? .string(step.scene) : .bool(false),
                Key.from: .string(step.from),
                Key.fromName: states.value(step.from) ?? names.value(names.state(machine, step.from)),
                Key.to: .string(step.to),
                Key.unchanged: .bool(step.states.isEmpty),
                Key.walk: states.walk(walk) ?? names.walk(machine, walk, states: states),
                Key.calls: .array(step.callbacks.enumerated().map { position, call in
                    .object([Key.name: .string(call.name), Key.optional: .bool(call.optional), Key.separator: .string(position == 0 ? "" : ", ")])
                }),
                Key.row: .string(step.row),
                Key.source: source.map {
                    .object([Key.url: .string($0.url), Key.title: .string($0.officialTitle), Key.archived: .bool($0.archived)])
                } ?? .bool(false),
                Key.unconfirmed: .bool(step.confidence == .unconfirmed),
            ]))
        }
        let checks: [MustacheValue] = trace.checks.map { check in
            .object([
                Key.kind: .string(check.kind.rawValue),
                Key.label: .string(names.check(check.kind.rawValue)),
                // States by their display names; callbacks (a `callbacks` check) are code.
                Key.items: .array(check.ids.enumerated().map { index, id in
                    // `states` holds exactly the machine's states.
                    let name = states.value(id)
                    return .object([
                        Key.first: .bool(index == 0),
                        Key.state: name ?? .bool(false),
                        Key.code: name == nil ? .string(id) : .bool(false),
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

    /// The keys of a figure's rows, made (and hashed) once rather than per row.
    private enum Key {
        static let number: MustacheKey = "number"
        static let event: MustacheKey = "event"
        static let eventName: MustacheKey = "eventName"
        static let eventSummary: MustacheKey = "eventSummary"
        static let otherScene: MustacheKey = "otherScene"
        static let scene: MustacheKey = "scene"
        static let from: MustacheKey = "from"
        static let fromName: MustacheKey = "fromName"
        static let to: MustacheKey = "to"
        static let unchanged: MustacheKey = "unchanged"
        static let walk: MustacheKey = "walk"
        static let calls: MustacheKey = "calls"
        static let name: MustacheKey = "name"
        static let optional: MustacheKey = "optional"
        static let separator: MustacheKey = "separator"
        static let row: MustacheKey = "row"
        static let source: MustacheKey = "source"
        static let url: MustacheKey = "url"
        static let title: MustacheKey = "title"
        static let archived: MustacheKey = "archived"
        static let unconfirmed: MustacheKey = "unconfirmed"
        static let kind: MustacheKey = "kind"
        static let label: MustacheKey = "label"
        static let items: MustacheKey = "items"
        static let first: MustacheKey = "first"
        static let state: MustacheKey = "state"
        static let code: MustacheKey = "code"
    }
}
