import Foundation
import LifecycleModel
import Mustache
import Scenarios
import Testing
import TestSupport

@testable import SiteContent
@testable import SiteRender

/// The exercise figure's context is made of records; it was made of dictionaries. Over the
/// repository's exercises in every language, both render the same bytes: through the figure's
/// template, and through random templates over the figure's names (sections nested in any order,
/// so a name a record lacks must be looked up further out exactly as the dictionary's absent
/// key was). `EXERCISE_CONTEXT_SEED` shifts the seed.
@Suite struct ExerciseContextTests {
    static let names = [
        "id", "kind", "predict", "order", "choose", "reach", "machine", "machineTitle", "options", "question", "prompt", "given",
        "event", "target", "hasChoices", "choices", "answer", "hasSteps", "steps", "t", "state", "hasCallbacks", "callbacks",
        "hasEvents", "events", "end", "text", "en", "summary", "scene", "first", "number", "holds", "verdict", "hasWitness", "witness",
        "fromName", "walk", "name", "calls", "row", "source", "confidence", "confidenceLabel", "unchanged", "t.scene",
        "statement", "hasStates", "states", "hasCalls", "label", "value", "followedScene", "givenScenesData", "givenScenes",
        "asksApp", "app",
    ]

    /// A random template over `names`: values, unescaped values, sections and inverted sections nested `depth` deep.
    static func template(_ random: inout SeededRandom, depth: Int, names: [String] = names) -> String {
        var source = ""
        for _ in 0..<(1 + random.below(4)) {
            let name = random.pick(names)
            switch depth == 0 ? random.below(2) : random.below(5) {
            case 0: source += "{{\(name)}}|"
            case 1: source += random.below(4) == 0 ? "{{.}}|" : "{{{\(name)}}}|"
            case 2, 3: source += "{{#\(name)}}(" + template(&random, depth: depth - 1, names: names) + "){{/\(name)}}"
            default: source += "{{^\(name)}}(" + template(&random, depth: depth - 1, names: names) + "){{/\(name)}}"
            }
        }
        return source
    }

    @Test func recordsRenderAsTheDictionariesDid() throws {
        let templates = try TemplateSet.load(templatesDir: repositoryRoot.appending(path: "Templates"), displayPrefix: "Templates/")
        let strings = UIStrings()
        let values = ArticleRenderer(strings: strings).values
        var random = SeededRandom(seed: 77 &+ SeededRandom.seedOffset("EXERCISE_CONTEXT_SEED"))
        var compared = 0
        try forEachRepositoryArticle { lang, file, read in
            let exercise = ExerciseFigure(lang: lang, strings: strings, values: values, templates: templates)
            for verified in read.verification.exercises {
                guard let trace = verified.trace else { continue }
                let id = "exercise-\(verified.number)"
                let records = exercise.context(trace, id: id)
                let dictionaries = exercise.dictionaryContext(trace, id: id)
                #expect(
                    try templates.render(ExerciseFigure.template, records) == templates.render(ExerciseFigure.template, dictionaries),
                    "\(lang)/\(file) exercise \(verified.number)")
                for _ in 0..<20 {
                    let source = Self.template(&random, depth: 4)
                    let page = try MustacheTemplate(source: source, name: "page")
                    let library = MustacheLibrary(templates: [:])
                    #expect(try library.render(page, records) == library.render(page, dictionaries), "\(source)")
                }
                compared += 1
            }
        }
        // The repository's articles hold exercises: none found means the content was not read.
        #expect(compared > 10)
    }
}

extension ExerciseFigure {
    /// The context as it was made before records (547c2d8): the reference the test compares with.
    func dictionaryContext(_ trace: ExerciseTrace, id: String) -> MustacheValue {
        let machine = trace.machine
        let names = ModelNames(strings: strings, lang: lang)
        let t = strings.strings(for: lang)
        func text(_ key: String) -> String { t[key] ?? key }
        // The machine's names as the example figures have them, made once per machine and language.
        let (_, states, events, _) = values.machineValues(machine, lang: lang)
        func state(_ id: String) -> MustacheValue {
            let name = names.state(machine, id)
            return .object([FigureKey.id: .string(id), FigureKey.text: .string(name.text), FigureKey.en: .bool(name.english)])
        }
        func event(_ id: String, scene: String?) -> MustacheValue {
            .object([
                FigureKey.id: .string(id), FigureKey.text: .string(events.name(id)), FigureKey.summary: .string(events.summary(id)),
                FigureKey.scene: machine.multiScene ? scene.map(MustacheValue.string) ?? .bool(false) : .bool(false),
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
        case .app(let id):
            answer["app"] = state(id)
        case .callbacks(let calls):
            answer["hasCallbacks"] = .bool(true)
            answer["callbacks"] = .array(calls.map { .string($0) })
        case .events(let events, let end):
            answer["hasEvents"] = .bool(true)
            answer["events"] = .array(events.enumerated().map { index, written in
                let parts = written.split(separator: "@", maxSplits: 1).map(String.init)
                var value = event(parts.first ?? written, scene: parts.count > 1 ? parts[1] : nil)
                if case .object(var object) = value {
                    object[FigureKey.first] = .bool(index == 0)
                    value = .object(object)
                }
                return value
            })
            answer["end"] = state(end)
        case .choices:
            break
        }
        // A statement as dictionaries: every key, as the record has them.
        func statement(_ statement: ExerciseStatement?) -> MustacheValue {
            func listed(_ values: [MustacheValue]) -> MustacheValue {
                .array(values.enumerated().map { .object([FigureKey.first: .bool($0.offset == 0), "value": $0.element]) })
            }
            var object: [MustacheKey: MustacheValue] = [
                FigureKey.event: .bool(false), "hasStates": .bool(false), "states": .array([]), "hasCalls": .bool(false),
                FigureKey.calls: .array([]), FigureKey.label: .bool(false),
            ]
            switch statement {
            case .event(let id, let scene, let stateIDs, let callbacks):
                object[FigureKey.event] = event(id, scene: scene)
                object["hasStates"] = .bool(stateIDs != nil)
                object["states"] = listed((stateIDs ?? []).map(state))
                object["hasCalls"] = .bool(callbacks != nil)
                object[FigureKey.calls] = listed((callbacks ?? []).map(MustacheValue.string))
            case .chain(.callbacks, let ids):
                object["hasCalls"] = .bool(true)
                object[FigureKey.calls] = listed(ids.map(MustacheValue.string))
                object[FigureKey.label] = .string(names.check("callbacks"))
            case .chain(let kind, let ids):
                object["hasStates"] = .bool(true)
                object["states"] = listed(ids.map(state))
                object[FigureKey.label] = .string(names.check(kind.rawValue))
            case nil:
                return .bool(false)
            }
            return .object(object)
        }
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
        let asksApp = if case .app = trace.answer { true } else { false }
        let promptKey = "exercisePrompt" + trace.kind.rawValue.prefix(1).uppercased() + trace.kind.rawValue.dropFirst() + (asksApp ? "App" : "")
        let givenScenes: [MustacheValue] = trace.givenScenes.map { given in
            guard case .object(var object) = state(given.state) else { return .bool(false) }
            object[FigureKey.scene] = .string(given.scene)
            return .object(object)
        }
        var followedScene = MustacheValue.bool(false)
        var givenScenesData = MustacheValue.bool(false)
        if !trace.givenScenes.isEmpty {
            if let scene = trace.followedScene { followedScene = .string(scene) }
            givenScenesData = .string(trace.givenScenes.map { $0.scene + "=" + $0.state }.joined(separator: " "))
        }
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
            "followedScene": followedScene,
            "givenScenesData": givenScenesData,
            "givenScenes": .array(givenScenes),
            "asksApp": .bool(asksApp),
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
}
