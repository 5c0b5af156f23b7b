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
    /// As UTF-8 bytes, which go into the page's bytes as they are.
    func html(_ exercise: VerifiedExercise) throws(DiagnosticError) -> [UInt8]? {
        guard let trace = exercise.trace else { return nil }
        return try templates.renderUTF8(Self.template, context(trace, id: "exercise-\(exercise.number)"))
    }

    func context(_ trace: ExerciseTrace, id: String) -> MustacheValue {
        let machine = trace.machine
        let names = ModelNames(strings: strings, lang: lang)
        let t = strings.strings(for: lang)
        func text(_ key: String) -> String { t[key] ?? key }
        // The machine's names as the example figures have them, made once per machine and language.
        let (_, states, events) = values.machineValues(machine, lang: lang)
        func state(_ id: String) -> MustacheValue {
            let name = names.state(machine, id)
            return .object([Key.id: .string(id), Key.text: .string(name.text), Key.en: .bool(name.english)])
        }
        func event(_ id: String, scene: String?) -> MustacheValue {
            .object([
                Key.id: .string(id), Key.text: .string(events.name(id)), Key.summary: .string(events.summary(id)),
                Key.scene: machine.multiScene ? scene.map(MustacheValue.string) ?? .bool(false) : .bool(false),
            ])
        }
        func rows(_ steps: [ExerciseStep]) -> MustacheValue {
            .array(steps.enumerated().map { index, step in
                let walk = [step.from] + step.states
                let confidence = step.transition.confidence
                // Values in the order of `stepShape`'s keys.
                return .record(MustacheRecord(Self.stepShape, [
                    .int(index + 1),
                    event(step.event, scene: step.scene == Simulation.mainScene ? nil : step.scene),
                    states.value(step.from),
                    .bool(step.states.isEmpty),
                    states.walk(walk),
                    FigureShape.calls(step.callbacks),
                    .string(step.transition.row),
                    FigureSources.value(step.transition.sources),
                    .string(confidence.rawValue),
                    .string(text(Self.confidenceKey(confidence))),
                ]))
            })
        }
        var answer: [MustacheKey: MustacheValue] = [:]
        var choices: [MustacheValue] = []
        switch trace.answer {
        case .state(let id):
            answer["state"] = state(id)
        case .callbacks(let calls):
            answer["hasCallbacks"] = .bool(true)
            answer["callbacks"] = .array(calls.map { .string($0) })
        case .events(let events, let end):
            answer["hasEvents"] = .bool(true)
            answer["events"] = .array(events.enumerated().map { index, written in
                let parts = written.split(separator: "@", maxSplits: 1).map(String.init)
                var value = event(parts.first ?? written, scene: parts.count > 1 ? parts[1] : nil)
                if case .object(var object) = value {
                    object[Key.first] = .bool(index == 0)
                    value = .object(object)
                }
                return value
            })
            answer["end"] = state(end)
        case .choices:
            break
        }
        for choice in trace.choices {
            // Values in the order of `choiceShape`'s keys.
            choices.append(.record(MustacheRecord(Self.choiceShape, [
                .int(choice.number),
                .string(choice.text),
                .bool(choice.holds),
                .string(text(choice.holds ? "exerciseTrue" : "exerciseFalse")),
                .bool(!choice.witness.isEmpty),
                rows(choice.witness),
            ])))
        }
        let promptKey = "exercisePrompt" + trace.kind.rawValue.prefix(1).uppercased() + trace.kind.rawValue.dropFirst()
        return .object([
            "id": .string(id),
            "kind": .string(trace.kind.rawValue),
            MustacheKey(trace.kind.rawValue): .bool(true),
            "machine": .string(machine.id),
            "machineTitle": names.value(names.title(machine)),
            "options": .string(values.json(trace.options)),
            "question": .string(trace.question),
            "prompt": .string(text(promptKey)),
            "given": trace.given.map(state) ?? .bool(false),
            "event": trace.event.map { event($0, scene: trace.eventScene) } ?? .bool(false),
            "target": trace.target.map(state) ?? .bool(false),
            "hasChoices": .bool(!choices.isEmpty),
            "choices": .array(choices),
            "answer": .object(answer),
            "hasSteps": .bool(!trace.steps.isEmpty),
            "steps": rows(trace.steps),
            "t": values.t(lang),
        ])
    }

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
    private static let stepShape = MustacheShape([
        Key.number, Key.event, Key.fromName, Key.unchanged, Key.walk, Key.calls, Key.row, Key.source, Key.confidence, Key.confidenceLabel,
    ])

    /// An option of a multiple-choice exercise.
    private static let choiceShape = MustacheShape([Key.number, Key.text, Key.holds, Key.verdict, Key.hasWitness, Key.witness])

    private typealias Key = FigureKey
}
