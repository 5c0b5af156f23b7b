import Foundation
import LifecycleMachines
import LifecycleModel
import Mustache
import Testing
import TestSupport

@testable import SiteContent
@testable import SiteRender

/// The figures' rows come from a row made once for each of a machine's transitions; they were
/// made for each step, from the step's ids (the reference kept here, as of 20548b4). For every
/// transition of every machine in every language, a step that took it renders the same through
/// the example's row and the exercise's step partial, in the main scene and in another one.
@Suite struct TransitionRowsTests {
    /// The example row's values as `ExampleFigure.row` made them for each step.
    static func referenceExampleRow(
        _ transition: Transition, scene: String, number: Int, machine: Machine, names: ModelNames
    ) -> MustacheValue {
        let keys: [MustacheKey] = [
            "number", "event", "eventName", "eventSummary", "otherScene", "scene", "from", "fromName", "to", "unchanged", "walk",
            "calls", "row", "source", "unconfirmed",
        ]
        let from = transition.from
        return .object(Dictionary(uniqueKeysWithValues: zip(keys, [
            .int(number),
            .string(transition.event),
            .string(names.event(transition.event).text),
            .string(names.summary(machine, transition.event)),
            machine.multiScene && scene != Simulation.mainScene ? .string(scene) : .bool(false),
            machine.multiScene ? .string(scene) : .bool(false),
            .string(from),
            names.value(names.state(machine, from)),
            .string(transition.to),
            .bool(transition.states.isEmpty),
            names.walk(machine, [from] + transition.states),
            FigureCallsTests.referenceCalls(transition.callbacks),
            .string(transition.row),
            FigureSources.value(transition.sources),
            .bool(transition.confidence == .unconfirmed),
        ] as [MustacheValue])))
    }

    /// The exercise row's values as `ExerciseFigure.context` made them for each step.
    static func referenceExerciseRow(
        _ transition: Transition, scene: String, number: Int, machine: Machine, names: ModelNames, strings: [String: String]
    ) -> MustacheValue {
        let event: MustacheValue = [
            "id": .string(transition.event), "text": .string(names.event(transition.event).text),
            "summary": .string(names.summary(machine, transition.event)),
            "scene": machine.multiScene && scene != Simulation.mainScene ? .string(scene) : .bool(false),
        ]
        let label = ExerciseFigure.confidenceKey(transition.confidence)
        return [
            "number": .int(number), "event": event, "fromName": names.value(names.state(machine, transition.from)),
            "unchanged": .bool(transition.states.isEmpty), "walk": names.walk(machine, [transition.from] + transition.states),
            "calls": FigureCallsTests.referenceCalls(transition.callbacks), "row": .string(transition.row),
            "source": FigureSources.value(transition.sources), "confidence": .string(transition.confidence.rawValue),
            "confidenceLabel": .string(strings[label] ?? label),
        ]
    }

    @Test func rowsMadeOnceRenderAsRowsMadeForEachStep() throws {
        let example = try String(contentsOf: repositoryRoot.appending(path: "Templates/partials/example.mustache"), encoding: .utf8)
        let exampleRow = try #require(example.split(separator: "\n").first { $0.hasPrefix("<tr data-event=") })
        let exerciseStep = try String(contentsOf: repositoryRoot.appending(path: "Templates/partials/exercise-step.mustache"), encoding: .utf8)
        let library = MustacheLibrary(templates: [
            "example": try MustacheTemplate(source: "{{#steps}}" + exampleRow + "{{/steps}}", name: "example"),
            "exercise": try MustacheTemplate(source: "{{#steps}}" + exerciseStep + "{{/steps}}", name: "exercise"),
        ])
        let strings = try UIStrings.load(
            i18nDir: repositoryRoot.appending(path: "Templates/i18n"), displayPrefix: "", languages: ["bg", "es", "it", "pt"])
        let values = LanguageValues(strings: strings)
        var compared = 0
        for lang in ["en", "bg", "es", "it", "pt"] {
            let names = ModelNames(strings: strings, lang: lang)
            for machine in Machines.all {
                let shared = values.figureValues(machine, lang: lang)
                for (number, transition) in machine.transitions.enumerated() {
                    for scene in [Simulation.mainScene, "second"] {
                        let row = try #require(shared.row(transition, from: transition.from, event: transition.event), "\(machine.id) \(transition.row)")
                        var exampleValues = row.example
                        exampleValues[0] = .int(number)
                        if machine.multiScene {
                            exampleValues[4] = scene != Simulation.mainScene ? .string(scene) : .bool(false)
                            exampleValues[5] = .string(scene)
                        }
                        let made = MustacheValue.object([
                            "t": values.t(lang), "steps": [.record(MustacheRecord(ExampleFigure.stepShape, exampleValues))],
                        ])
                        let reference: MustacheValue = [
                            "t": values.t(lang), "steps": [Self.referenceExampleRow(transition, scene: scene, number: number, machine: machine, names: names)],
                        ]
                        #expect(try library.render("example", made) == library.render("example", reference), "\(lang) \(machine.id) \(transition.row)")
                        var exerciseValues = row.exercise
                        exerciseValues[0] = .int(number)
                        if scene != Simulation.mainScene {
                            exerciseValues[1] = ExerciseFigure.eventValue(
                                transition.event, scene: scene, first: nil, multiScene: machine.multiScene, events: shared.events)
                        }
                        let madeExercise = MustacheValue.object([
                            "t": values.t(lang), "steps": [.record(MustacheRecord(ExerciseFigure.stepShape, exerciseValues))],
                        ])
                        let referenceExercise: MustacheValue = [
                            "t": values.t(lang),
                            "steps": [Self.referenceExerciseRow(
                                transition, scene: scene, number: number, machine: machine, names: names, strings: strings.strings(for: lang))],
                        ]
                        #expect(
                            try library.render("exercise", madeExercise) == library.render("exercise", referenceExercise),
                            "\(lang) \(machine.id) \(transition.row)")
                        compared += 1
                    }
                }
            }
        }
        // Every machine's transitions in every language: none means the catalog was not read.
        #expect(compared > 1000)
    }

    /// A transition that is none of the machine's (equal fields, another object) has no row: its
    /// step makes its own.
    @Test func anotherMachinesTransitionHasNoRow() throws {
        let values = LanguageValues(strings: UIStrings())
        let machine = try #require(Machines.all.first)
        let transition = try #require(machine.transitions.first)
        let copy = Transition(
            transition.row, from: transition.from, on: transition.event, to: transition.states, callbacks: transition.callbacks,
            sources: transition.sources)
        let shared = values.figureValues(machine, lang: "en")
        #expect(shared.row(transition, from: transition.from, event: transition.event) != nil)
        #expect(shared.row(copy, from: transition.from, event: transition.event) == nil)
        // A step from another state or on another event is not the transition's own row.
        #expect(shared.row(transition, from: transition.from + "-other", event: transition.event) == nil)
        #expect(shared.row(transition, from: transition.from, event: transition.event + "-other") == nil)
    }

    /// A row's numbered records are its values with the number set, made once for each number
    /// within the limit (the same object again), and made anew past it.
    @Test func numberedRecordsAreTheRowsValuesWithTheNumber() throws {
        let values = LanguageValues(strings: UIStrings())
        var compared = 0
        for machine in Machines.all {
            let shared = values.figureValues(machine, lang: "en")
            for transition in machine.transitions.prefix(6) {
                let row = try #require(shared.row(transition, from: transition.from, event: transition.event))
                for number in [1, 2, 1, 7, TransitionRow.numberedLimit, TransitionRow.numberedLimit + 1, 2] {
                    var example = row.example
                    example[0] = .int(number)
                    var exercise = row.exercise
                    exercise[0] = .int(number)
                    #expect(row.exampleRecord(number: number) == .record(MustacheRecord(ExampleFigure.stepShape, example)))
                    #expect(row.exerciseRecord(number: number) == .record(MustacheRecord(ExerciseFigure.stepShape, exercise)))
                    if case .record(let first) = row.exampleRecord(number: number), case .record(let again) = row.exampleRecord(number: number) {
                        #expect((first === again) == (number <= TransitionRow.numberedLimit))
                    } else {
                        Issue.record("not a record")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
    }
}
