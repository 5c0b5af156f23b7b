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
    func html(_ exercise: VerifiedExercise) throws(DiagnosticError) -> String? {
        guard let trace = exercise.trace else { return nil }
        return try templates.render(Self.template, context(trace, id: "exercise-\(exercise.number)"))
    }

    func context(_ trace: ExerciseTrace, id: String) -> MustacheValue {
        let machine = trace.machine
        let names = ModelNames(strings: strings, lang: lang)
        let t = strings.strings(for: lang)
        func text(_ key: String) -> String { t[key] ?? key }
        var optionsJSON = JSON.Object()
        optionsJSON.add("api", trace.options.api)
        if let target = trace.options.targetSDK { optionsJSON.add("targetSdk", target) }
        optionsJSON.add("configChanges", trace.options.configChanges.sorted())
        optionsJSON.add("root", trace.options.root)
        func state(_ id: String) -> MustacheValue {
            let name = names.state(machine, id)
            return .object(["id": .string(id), "text": .string(name.text), "en": .bool(name.english)])
        }
        // The machine's names as the example figures have them, made once per machine and language.
        let (_, states, events) = values.machineValues(machine, lang: lang)
        func event(_ id: String, scene: String?) -> MustacheValue {
            let known = events[id]
            return .object([
                "id": .string(id), "text": .string(known?.name ?? names.event(id).text), "summary": .string(known?.summary ?? names.summary(machine, id)),
                "scene": machine.multiScene ? scene.map(MustacheValue.string) ?? .bool(false) : .bool(false),
            ])
        }
        func rows(_ steps: [ExerciseStep]) -> MustacheValue {
            .array(steps.enumerated().map { index, step in
                let walk = [step.from] + step.states
                let source = step.transition.sources.first.flatMap(SourceIndex.source)
                let confidence = step.transition.confidence
                return .object([
                    "number": .int(index + 1),
                    "event": event(step.event, scene: step.scene == Simulation.mainScene ? nil : step.scene),
                    "fromName": states.value(step.from) ?? names.value(names.state(machine, step.from)),
                    "unchanged": .bool(step.states.isEmpty),
                    "walk": states.walk(walk) ?? names.walk(machine, walk),
                    "calls": .array(step.callbacks.enumerated().map { position, call in
                        .object(["name": .string(call.name), "optional": .bool(call.optional), "separator": .string(position == 0 ? "" : ", ")])
                    }),
                    "row": .string(step.transition.row),
                    "source": source.map {
                        .object(["url": .string($0.url), "title": .string($0.officialTitle), "archived": .bool($0.archived)])
                    } ?? .bool(false),
                    "confidence": .string(confidence.rawValue),
                    "confidenceLabel": .string(text(Self.confidenceKey(confidence))),
                ])
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
                    object["first"] = .bool(index == 0)
                    value = .object(object)
                }
                return value
            })
            answer["end"] = state(end)
        case .choices:
            break
        }
        for choice in trace.choices {
            choices.append(.object([
                "number": .int(choice.number),
                "text": .string(choice.text),
                "holds": .bool(choice.holds),
                "verdict": .string(text(choice.holds ? "exerciseTrue" : "exerciseFalse")),
                "hasWitness": .bool(!choice.witness.isEmpty),
                "witness": rows(choice.witness),
            ]))
        }
        let promptKey = "exercisePrompt" + trace.kind.rawValue.prefix(1).uppercased() + trace.kind.rawValue.dropFirst()
        return .object([
            "id": .string(id),
            "kind": .string(trace.kind.rawValue),
            MustacheKey(trace.kind.rawValue): .bool(true),
            "machine": .string(machine.id),
            "machineTitle": names.value(names.title(machine)),
            "options": .string(optionsJSON.text),
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
}
