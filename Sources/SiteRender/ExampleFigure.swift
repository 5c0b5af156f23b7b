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
    /// The page's way to the site's root ("../../" from an article), before a geometry file's published path.
    let root: String

    static let template = "partials/example"

    /// `data-given-scenes` of an example or an exercise: `A=active B=background`, the scenes
    /// `given <state>@<scene>` starts (read by player.js's `givenScenesOf`); false when none.
    static func givenScenesData(_ scenes: [SceneState]) -> MustacheValue {
        scenes.isEmpty ? .bool(false) : .string(scenes.map { $0.scene + "=" + $0.state }.joined(separator: " "))
    }

    /// The figure of an example that ran (nil for one that stopped on an error: its code is shown as written).
    /// Made for each example: no figure is kept for another page with the same block.
    /// As UTF-8 bytes in the storage they were rendered into, which the page's render takes uncopied.
    func html(_ example: VerifiedExample) throws(DiagnosticError) -> ByteOutput? {
        guard let trace = example.trace else { return nil }
        return try templates.renderOutput(Self.template, context(trace, id: "ex-\(example.number)"))
    }

    /// What the template shows: the trace's rows, the checks, the diagram with the run's path marked.
    func context(_ trace: ExampleTrace, id: String) -> MustacheValue {
        let machine = trace.machine
        let options = trace.options
        let machineValues = values.figureValues(machine, lang: lang)
        var path = machineValues.diagram.path()
        path.markState(trace.initialState)
        for given in trace.givenScenes { path.markState(given.state) }
        // The app-level value is written under each step's states where the example has more than
        // one scene: with one, it is that scene's state again.
        let showsApp = machine.aggregateRule != nil
            && (!trace.givenScenes.isEmpty || trace.steps.contains { $0.scene != Simulation.mainScene })
        var steps: [MustacheValue] = []
        steps.reserveCapacity(trace.steps.count)
        // By index, the step borrowed by `row`: a loop variable cost about a dozen more retains and releases a step.
        for index in trace.steps.indices {
            steps.append(Self.row(trace.steps[index], number: index + 1, machine: machineValues, showsApp: showsApp, path: &path))
        }
        // The names are made only for a figure with checks (most have none).
        let checks = trace.checks.isEmpty ? [] : Self.checks(trace.checks, names: ModelNames(strings: strings, lang: lang), states: machineValues.states)
        // Values in the order of `figureShape`'s keys.
        return .record(MustacheRecord(Self.figureShape, [
            .string(id),
            .string(machine.id),
            machineValues.title,
            values.optionsValue(options),
            .string(trace.initialState),
            // `A=active B=background`: the player starts these scenes there too.
            Self.givenScenesData(trace.givenScenes),
            .string(trace.caption),
            values.t(lang),
            .bool(!steps.isEmpty),
            .array(steps),
            .bool(showsApp),
            .bool(!checks.isEmpty),
            .array(checks),
            .string(machineValues.diagram.figureSVG(idPrefix: id + "-diagram", path: path, geometryHref: machineValues.geometryFile.map { root + $0 })),
        ]))
    }

    /// The checks of the run, values in the order of `checkShape`'s keys.
    private static func checks(_ checks: [ChainResult], names: ModelNames, states: StateNames) -> [MustacheValue] {
        checks.map { check in
            .record(MustacheRecord(Self.checkShape, [
                .string(check.kind.rawValue),
                .string(names.check(check.kind.rawValue)),
                .array(check.ids.enumerated().map { index, id in
                    // `states` holds exactly the machine's states; states by their display names, callbacks (a `callbacks` check) as code.
                    let name = states.knownValue(id)
                    return .record(MustacheRecord(Self.checkItemShape, [.bool(index == 0), name ?? .bool(false), name == nil ? .string(id) : .bool(false)]))
                }),
            ]))
        }
    }

    /// A row of the trace, values in the order of `stepShape`'s keys; the step is marked on `path`.
    private static func row(
        _ step: borrowing ExampleStep, number: Int, machine: LanguageValues.MachineValues, showsApp: Bool, path: inout DiagramPath
    ) -> MustacheValue {
        var values: [MustacheValue]
        // What the step's transition shows, made once for the machine; made here for a step that
        // is not its transition's own (or took a transition the machine does not hold).
        if let made = machine.row(step.matched, from: step.from, event: step.event) {
            path.mark(made.marks)
            // The machine's record for the number, unless the step's scene is shown.
            guard machine.machine.multiScene else { return made.exampleRecord(number: number) }
            values = made.example
        } else {
            path.markStep(from: step.from, through: step.states)
            let (fromName, walk) = machine.states.step(from: step.from, through: step.states)
            values = rowValues(from: step.from, event: step.event, transition: step.matched, fromName: fromName, walk: walk, events: machine.events)
        }
        values[0] = .int(number)
        if machine.machine.multiScene {
            // A scene other than the main one is named after the event (its name comes from the Markdown).
            values[4] = step.scene != Simulation.mainScene ? .string(step.scene) : .bool(false)
            values[5] = .string(step.scene)
            if showsApp { values[15] = step.aggregate.map { machine.states.value($0) } ?? .bool(false) }
        }
        return .record(MustacheRecord(stepShape, values))
    }

    /// The values of a row of a step from `from` on `event` that took `transition`, in the order of
    /// `stepShape`'s keys; those of the step itself (`number`, `otherScene`, `scene`, `app`) are false.
    /// Its ids are escaped once, here: most rows are made once for a machine (`TransitionRow`).
    /// `fromName` and `walk` are `StateNames.step(from:through:)` of the step.
    static func rowValues(
        from: String, event: String, transition: Transition, fromName: MustacheValue, walk: MustacheValue, events: EventNames
    ) -> [MustacheValue] {
        let named = events.values(event)
        return [
            .bool(false),
            .text(MustacheText(event)),
            named.name,
            named.summary,
            .bool(false),
            .bool(false),
            .text(MustacheText(from)),
            fromName,
            .text(MustacheText(transition.states.last ?? from)),
            .bool(transition.states.isEmpty),
            walk,
            FigureShape.calls(transition.callbacks),
            .text(MustacheText(transition.row)),
            FigureSources.value(transition.sources),
            .bool(transition.confidence == .unconfirmed),
            .bool(false),
        ]
    }

    private typealias Key = FigureKey

    /// The figure.
    private static let figureShape = MustacheShape([
        "id", "machine", "machineTitle", "options", "initial", "givenScenes", "caption", "t", "hasSteps", "steps", "hasApp",
        "hasChecks", "checks", "diagram",
    ])
    /// A row of the trace.
    static let stepShape = MustacheShape([
        Key.number, Key.event, Key.eventName, Key.eventSummary, Key.otherScene, Key.scene, Key.from, Key.fromName, Key.to,
        Key.unchanged, Key.walk, Key.calls, Key.row, Key.source, Key.unconfirmed, Key.app,
    ])
    /// A check of the run, and each state or callback it names.
    private static let checkShape = MustacheShape([Key.kind, Key.label, Key.items])
    private static let checkItemShape = MustacheShape([Key.first, Key.state, Key.code])
}
