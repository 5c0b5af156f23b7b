import Diagnostics
import Encoding
import LifecycleModel
import Mustache
import Scenarios
import SiteContent

/// The HTML of a checked `exercise` block, written by the `partials/exercise` template: the
/// question, what the reader starts from, and a `<details>` disclosure with the model's answer
/// and the model's run. Everything in the answer comes from the model's run, not from the
/// block's text. It works without JavaScript; the data attributes (machine, options, kind,
/// given state, event, target, option numbers) are what a later script needs to make it
/// interactive. A pure function of the exercise, the page's language and the templates.
struct ExerciseFigure: Sendable {
    let lang: String
    let strings: UIStrings
    let values: LanguageValues
    let templates: TemplateSet

    static let template = "partials/exercise"

    /// The figure of an exercise that passed (nil for one with an error: its block is shown as written).
    /// As UTF-8 bytes in the storage they were rendered into, which the page's render takes uncopied.
    func html(_ exercise: VerifiedExercise) throws(DiagnosticError) -> ByteOutput? {
        guard let trace = exercise.trace else { return nil }
        return try templates.renderOutput(Self.template, context(trace, id: "exercise-\(exercise.number)"))
    }

    /// What the template shows. Records rather than dictionaries: each object's keys are known
    /// here, and a dictionary made and hashed its keys for every figure (the figure's own keys
    /// from their names).
    func context(_ trace: ExerciseTrace, id: String) -> MustacheValue {
        let machine = trace.machine
        let names = ModelNames(strings: strings, lang: lang)
        let t = strings.strings(for: lang)
        func text(_ key: String) -> String { t[key] ?? key }
        // The machine's names as the example figures have them, made once per machine and language.
        let shared = values.figureValues(machine, lang: lang)
        let (states, events) = (shared.states, shared.events)
        func state(_ id: String) -> MustacheValue {
            let name = states[id] ?? names.state(machine, id)
            return .record(MustacheRecord(Self.stateShape, [.string(id), .string(name.text), .bool(name.english)]))
        }
        // `first` is given only for an answer's events: a name the record lacks is looked up further out.
        func event(_ id: String, scene: String?, first: Bool? = nil) -> MustacheValue {
            Self.eventValue(id, scene: scene, first: first, multiScene: machine.multiScene, events: events)
        }
        func rows(_ steps: [ExerciseStep]) -> MustacheValue {
            .array(steps.enumerated().map { index, step in
                let scene = step.scene == Simulation.mainScene ? nil : step.scene
                var values: [MustacheValue]
                // What the step's transition shows, made once for the machine (`TransitionRow`).
                if let made = shared.row(step.transition, from: step.from, event: step.event) {
                    // The machine's record for the number, unless the step's event is in another scene.
                    guard let scene else { return made.exerciseRecord(number: index + 1) }
                    values = made.exercise
                    values[1] = event(step.event, scene: scene)
                } else {
                    let (fromName, walk) = states.step(from: step.from, through: step.states)
                    values = Self.rowValues(event: event(step.event, scene: scene), transition: step.transition, fromName: fromName, walk: walk, text: text)
                }
                values[0] = .int(index + 1)
                return .record(MustacheRecord(Self.stepShape, values))
            })
        }
        // Only the keys of the answer's kind: the others are looked up further out.
        let answer: MustacheValue
        switch trace.answer {
        case .state(let id):
            answer = .record(MustacheRecord(Self.stateAnswerShape, [state(id)]))
        case .app(let id):
            answer = .record(MustacheRecord(Self.appAnswerShape, [state(id)]))
        case .callbacks(let calls):
            answer = .record(MustacheRecord(Self.callbacksAnswerShape, [.bool(true), .array(calls.map { .string($0) })]))
        case .events(let written, let end):
            let answerEvents: [MustacheValue] = written.enumerated().map { index, written in
                let parts = written.split(separator: "@", maxSplits: 1).map(String.init)
                return event(parts.first ?? written, scene: parts.count > 1 ? parts[1] : nil, first: index == 0)
            }
            answer = .record(MustacheRecord(Self.eventsAnswerShape, [.bool(true), .array(answerEvents), state(end)]))
        case .choices:
            answer = .record(MustacheRecord(Self.noAnswerShape, []))
        }
        // A statement in the page's words: the event and states by their names, callbacks as code;
        // a chain with its check's label. The line as written stays for the script (`data-statement`).
        func statement(_ statement: ExerciseStatement?) -> MustacheValue {
            func listed(_ values: [MustacheValue]) -> MustacheValue {
                .array(values.enumerated().map { .record(MustacheRecord(Self.listedShape, [.bool($0.offset == 0), $0.element])) })
            }
            switch statement {
            case .event(let id, let scene, let stateIDs, let callbacks):
                return .record(MustacheRecord(Self.statementShape, [
                    event(id, scene: scene), .bool(stateIDs != nil), listed((stateIDs ?? []).map(state)),
                    .bool(callbacks != nil), listed((callbacks ?? []).map(MustacheValue.string)), .bool(false),
                ]))
            case .chain(let kind, let ids):
                // Names that are states by their names; a `callbacks` chain's as code.
                let items = ids.map { kind == .callbacks ? MustacheValue.string($0) : state($0) }
                return .record(MustacheRecord(Self.statementShape, [
                    .bool(false), .bool(kind != .callbacks), kind == .callbacks ? .array([]) : listed(items),
                    .bool(kind == .callbacks), kind == .callbacks ? listed(items) : .array([]), .string(names.check(kind.rawValue)),
                ]))
            case nil:
                return .bool(false)
            }
        }
        var choices: [MustacheValue] = []
        choices.reserveCapacity(trace.choices.count)
        for choice in trace.choices {
            // Values in the order of `choiceShape`'s keys.
            choices.append(.record(MustacheRecord(Self.choiceShape, [
                .int(choice.number),
                .string(choice.text),
                statement(choice.statement),
                .bool(choice.holds),
                .string(text(choice.holds ? "exerciseTrue" : "exerciseFalse")),
                .bool(!choice.witness.isEmpty),
                rows(choice.witness),
            ])))
        }
        let (shape, kindPromptKey) = Self.kinds[trace.kind] ?? (Self.figureShape(trace.kind), Self.promptKey(trace.kind))
        let asksApp = if case .app = trace.answer { true } else { false }
        let promptKey = asksApp ? kindPromptKey + "App" : kindPromptKey
        // Other scenes' starts; with them, the followed scene's start says its scene when the block names it.
        let givenScenes: [MustacheValue] = trace.givenScenes.map { given in
            let name = states[given.state] ?? names.state(machine, given.state)
            return .record(MustacheRecord(Self.givenSceneShape, [.string(given.scene), .string(given.state), .string(name.text), .bool(name.english)]))
        }
        let followedScene = trace.givenScenes.isEmpty ? nil : trace.followedScene
        // Values in the order of `figureKeys`, then the kind's own flag.
        return .record(MustacheRecord(shape, [
            .string(id),
            .string(trace.kind.rawValue),
            .string(machine.id),
            shared.title,
            values.optionsValue(trace.options),
            .string(trace.question),
            .string(text(promptKey)),
            trace.given.map(state) ?? .bool(false),
            followedScene.map(MustacheValue.string) ?? .bool(false),
            ExampleFigure.givenScenesData(trace.givenScenes),
            .array(givenScenes),
            .bool(asksApp),
            trace.event.map { event($0, scene: trace.eventScene) } ?? .bool(false),
            trace.target.map(state) ?? .bool(false),
            .bool(!choices.isEmpty),
            .array(choices),
            answer,
            .bool(!trace.steps.isEmpty),
            rows(trace.steps),
            values.t(lang),
            .bool(true),
        ]))
    }

    /// An event: `{id, text, summary, scene}`, and `first` when it is given.
    static func eventValue(_ id: String, scene: String?, first: Bool?, multiScene: Bool, events: EventNames) -> MustacheValue {
        let named = events.values(id)
        var fields: [MustacheValue] = [
            named.id, named.name, named.summary, multiScene ? scene.map(MustacheValue.string) ?? .bool(false) : .bool(false),
        ]
        if let first { fields.append(.bool(first)) }
        return .record(MustacheRecord(eventShape, fields))
    }

    /// The values of a row of the model's run, a step that took `transition`, in the order of
    /// `stepShape`'s keys; its `number` is false. `fromName` and `walk` are `StateNames.step(from:through:)`
    /// of the step, `text` gives a UI string by key. Its ids are escaped once, here: most rows are
    /// made once for a machine (`TransitionRow`).
    static func rowValues(
        event: MustacheValue, transition: Transition, fromName: MustacheValue, walk: MustacheValue, text: (String) -> String
    ) -> [MustacheValue] {
        let confidence = transition.confidence
        return [
            .bool(false),
            event,
            fromName,
            .bool(transition.states.isEmpty),
            walk,
            FigureShape.calls(transition.callbacks),
            .text(MustacheText(transition.row)),
            FigureSources.value(transition.sources),
            .text(MustacheText(confidence.rawValue)),
            .text(MustacheText(text(confidenceKey(confidence)))),
        ]
    }

    /// The figure's keys; each kind of exercise adds a flag named after it (`{{#predict}}`).
    private static let figureKeys: [MustacheKey] = [
        Key.id, Key.kind, "machine", "machineTitle", "options", "question", "prompt", "given", "followedScene", "givenScenesData",
        "givenScenes", "asksApp", Key.event, "target", "hasChoices",
        "choices", "answer", "hasSteps", "steps", "t",
    ]
    private static func figureShape(_ kind: ExerciseBlock.Kind) -> MustacheShape {
        MustacheShape(figureKeys + [MustacheKey(kind.rawValue)])
    }
    /// The UI string asking a kind's question (`exercisePromptPredict`).
    static func promptKey(_ kind: ExerciseBlock.Kind) -> String {
        "exercisePrompt" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }
    /// Each kind's shape and prompt key, made once: the key was built from the kind's name for every exercise.
    private static let kinds = Dictionary(uniqueKeysWithValues: ExerciseBlock.Kind.allCases.map { ($0, (figureShape($0), promptKey($0))) })

    /// A state the exercise names: `{id, text, en}`.
    private static let stateShape = MustacheShape([Key.id, Key.text, Key.en])
    /// An event: `{id, text, summary, scene}`, and `first` in an answer's list of events.
    private static let eventShape = MustacheShape([Key.id, Key.text, Key.summary, Key.scene, Key.first])
    /// The model's answer, by the exercise's kind.
    private static let stateAnswerShape = MustacheShape([Key.state])
    private static let appAnswerShape = MustacheShape(["app"])
    /// Another scene's start (`given <state>@<scene>`).
    private static let givenSceneShape = MustacheShape([Key.scene, Key.id, Key.text, Key.en])
    private static let callbacksAnswerShape = MustacheShape(["hasCallbacks", "callbacks"])
    private static let eventsAnswerShape = MustacheShape(["hasEvents", "events", "end"])
    private static let noAnswerShape = MustacheShape([])

    /// The UI string of a confidence label.
    static func confidenceKey(_ confidence: Confidence) -> String {
        switch confidence {
        case .doc: "confidenceDoc"
        case .docArchived: "confidenceDocArchived"
        case .inferred: "confidenceInferred"
        case .unconfirmed: "unconfirmed"
        }
    }

    /// A row of the model's run.
    static let stepShape = MustacheShape([
        Key.number, Key.event, Key.fromName, Key.unchanged, Key.walk, Key.calls, Key.row, Key.source, Key.confidence, Key.confidenceLabel,
    ])

    /// An option of a multiple-choice exercise.
    static let choiceShape = MustacheShape([Key.number, Key.text, "statement", Key.holds, Key.verdict, Key.hasWitness, Key.witness])
    /// An option's statement: an event line's parts, or a chain's label (`path`, `never`,
    /// `callbacks`) and names; each list's items `{first, value}`.
    private static let statementShape = MustacheShape([Key.event, "hasStates", "states", "hasCalls", Key.calls, Key.label])
    private static let listedShape = MustacheShape([Key.first, "value"])

    private typealias Key = FigureKey
}
