import Diagnostics
import LifecycleModel

/// Checks an exercise's answer key against the model, under the block's options, and keeps
/// what the model did so that the page shows the model's answer, not the block's text.
///
/// - predict: the event runs from `given`; every documented outcome must end in the answer.
/// - order: every documented outcome must call the answer's callbacks in that order (optional
///   callbacks may be left out, as on an event line of a `lifecycle` block).
/// - choose: each option's statement runs as a line of a `lifecycle` block with the exercise's
///   options and `given`; an `option*` must pass, an `option` must fail. A wrong option that
///   holds is reported with the run that makes it possible.
/// - reach: the target must be reachable from `given`, and the answer's events, run in order,
///   must end there.
public enum ExerciseRunner {
    public static func run(_ block: ExerciseBlock) -> ExerciseResult {
        var check = Check(block: block)
        if let kind = block.kind { check.checkGivenScenes(kind) }
        if block.optionsValid, let kind = block.kind {
            switch kind {
            case .predict, .order: check.step(kind)
            case .choose: check.choose()
            case .reach: check.reach()
            }
        }
        var collector = DiagnosticCollector()
        collector.report(contentsOf: block.diagnostics.map { diagnostic in
            // A missing answer: the model's, as a suggestion.
            guard block.answerLocation == nil, let kind = block.kind, diagnostic.message == "\(Messages.exercise(kind)) needs an 'answer' line",
                let answer = check.modelAnswer(kind)
            else { return diagnostic }
            var suggested = diagnostic
            suggested.suggestion = "answer " + answer
            return suggested
        })
        collector.report(contentsOf: check.diagnostics)
        return ExerciseResult(
            block: block, diagnostics: collector.sorted, steps: check.steps, answer: check.answer, choices: check.choiceResults)
    }
}

/// One step of the model's run, as a page shows it.
public struct ExerciseStep: Sendable, Hashable {
    public let event: String
    public let scene: String
    public let from: String
    /// The documented outcome shown.
    public let transition: Transition
    /// The other documented outcomes of the event there.
    public let alternatives: [Transition]

    public var states: [String] { transition.states }
    public var to: String { transition.states.last ?? from }
    public var callbacks: [CallbackCall] { transition.callbacks }

    /// `scene`: the scene's name in the block, when the run used another one for it.
    init(step: Step, scene: String? = nil) {
        event = step.event
        self.scene = scene ?? step.scene
        from = step.from
        transition = step.transition
        alternatives = step.alternatives
    }

    init(_ transition: Transition) {
        event = transition.event
        scene = Simulation.mainScene
        from = transition.from
        self.transition = transition
        alternatives = []
    }
}

/// The answer as the model gives it.
public enum ExerciseModelAnswer: Sendable, Hashable {
    /// predict: the state the event leads to.
    case state(String)
    /// predict: the app-level value after the event (`answer app <state>`).
    case app(String)
    /// order: the callbacks the exercise asks to order, in the model's order.
    case callbacks([String])
    /// choose: for each option, whether its statement holds.
    case choices([Bool])
    /// reach: the events of the sample solution and the state they lead to.
    case events([String], end: String)
}

/// A choose option's statement as a page shows it, by the model's ids and without places.
public enum ExerciseStatement: Sendable, Hashable {
    /// `event[@scene] -> states : callbacks`: each part nil when the line has none.
    case event(String, scene: String?, states: [String]?, callbacks: [String]?)
    /// `path`, `never` or `callbacks` and its names' ids.
    case chain(ChainLine.Kind, [String])

    /// The statement of a line that could be judged (every name known), else nil.
    init?(_ content: BlockLine.Content) {
        switch content {
        case .event(let line):
            guard let event = line.event.id, line.resolved else { return nil }
            self = .event(event, scene: line.scene, states: line.states?.compactMap(\.id), callbacks: line.callbacks?.compactMap(\.id))
        case .chain(let chain):
            guard let ids = chain.ids else { return nil }
            self = .chain(chain.kind, ids)
        default:
            return nil
        }
    }
}

/// What the model says of one option of a choose exercise.
public struct ExerciseChoiceResult: Sendable, Hashable {
    public let number: Int
    public let text: String
    /// The statement read (nil when it could not be: the page shows `text`).
    public let statement: ExerciseStatement?
    /// The statement holds in the model.
    public let holds: Bool
    /// When it holds: a run that shows it.
    public let witness: [ExerciseStep]
    /// When it does not: why, in the model's words (the message a `lifecycle` line would get).
    public let reason: String?
}

/// What checking an exercise found.
public struct ExerciseResult: Sendable {
    public let block: ExerciseBlock
    /// Errors and warnings, the parser's too, sorted by place.
    public let diagnostics: [Diagnostic]
    /// predict, order: the event's step; reach: the run of the answer.
    public let steps: [ExerciseStep]
    /// The model's answer; nil when the check stopped on a problem.
    public let answer: ExerciseModelAnswer?
    /// choose: per option.
    public let choices: [ExerciseChoiceResult]

    public var passed: Bool { !diagnostics.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// What a page shows of an exercise that passed: no place in any file, so every translation
/// (they share the block but for its comments) shows the same answer.
public struct ExerciseTrace: Sendable {
    public let machine: Machine
    public let options: MachineOptions
    public let kind: ExerciseBlock.Kind
    /// The question: the comment lines before the first other line.
    public let question: String
    public let given: String?
    /// The `given <state>@<scene>` lines: other scenes' states before the run.
    public let givenScenes: [SceneState]
    /// The scene `given` is the start of, when the block names it: the event's (predict, order)
    /// or the first event's (reach).
    public let followedScene: String?
    /// The event of predict and order, with its scene when it names one.
    public let event: String?
    public let eventScene: String?
    public let target: String?
    public let steps: [ExerciseStep]
    public let answer: ExerciseModelAnswer
    public let choices: [ExerciseChoiceResult]

    /// Nil for an exercise with an error.
    public init?(_ result: ExerciseResult) {
        guard result.passed, let kind = result.block.kind, let answer = result.answer else { return nil }
        let block = result.block
        machine = block.machine
        options = block.options
        self.kind = kind
        question = block.question
        given = block.given?.id
        givenScenes = block.givenScenes.compactMap { given in given.state.id.map { SceneState(scene: given.scene, state: $0) } }
        followedScene = block.followedScene(kind)
        event = block.event?.event.id
        eventScene = block.event?.scene
        target = block.target?.id
        steps = result.steps
        self.answer = answer
        choices = result.choices
    }
}

private struct Check {
    let block: ExerciseBlock
    let machine: Machine
    var diagnostics: [Diagnostic] = []
    var steps: [ExerciseStep] = []
    var answer: ExerciseModelAnswer?
    var choiceResults: [ExerciseChoiceResult] = []

    init(block: ExerciseBlock) {
        self.block = block
        machine = block.machine
    }

    /// The given state's id, or nil (reported already when written and unknown).
    private var start: String? { block.given.flatMap(\.id) }

    /// The scene the run follows: it runs as the main scene, from `given`.
    private func followedScene(_ kind: ExerciseBlock.Kind) -> String { block.followedScene(kind) ?? Simulation.mainScene }

    /// A `given <state>@<scene>` for the followed scene: its start is the plain `given`'s.
    mutating func checkGivenScenes(_ kind: ExerciseBlock.Kind) {
        let followed = followedScene(kind)
        for given in block.givenScenes where given.scene == followed {
            diagnostics.append(Messages.givenSceneIsFollowed(given.scene, state: given.state.text, kind: kind, at: given.location))
        }
    }

    /// The run's start: `from` in the main scene, each `given <state>@<scene>` in its scene
    /// (never the followed one: `checkGivenScenes`). Nil when a given scene's state is unknown
    /// (reported) or names the followed scene.
    private func simulation(from: String, kind: ExerciseBlock.Kind) -> Simulation? {
        var simulation = Simulation(machine: machine, options: block.options, from: from)
        let followed = followedScene(kind)
        for given in block.givenScenes {
            guard let state = given.state.id, given.scene != followed else { return nil }
            simulation.place(given.scene, in: state)
        }
        return simulation
    }

    // MARK: predict and order

    mutating func step(_ kind: ExerciseBlock.Kind) {
        guard let from = start, let event = block.event, let eventID = event.event.id, let written = block.answer else { return }
        if block.options.anyAPI {
            diagnostics.append(Messages.eventNeedsOneAPILevel(at: event.event.location))
            return
        }
        let sceneLabel = machine.multiScene ? event.scene : nil
        let display = event.event.text + (sceneLabel.map { "@" + $0 } ?? "")
        // `given` is the state of the scene the event names: it runs as the main one.
        guard var simulation = simulation(from: from, kind: kind) else { return }
        let before = simulation
        let fired: Step
        switch simulation.fire(eventID, scene: Simulation.mainScene) {
        case .failure(let impossible):
            reportImpossible(
                impossible, display: display, at: event.event.location, before: before, scene: Simulation.mainScene, sceneLabel: sceneLabel)
            return
        case .success(let step): fired = step
        }
        let candidates = [fired.transition] + fired.alternatives
        let stepFrom = fired.from
        switch (kind, written) {
        case (.predict, .state(let name)):
            guard let answerID = name.id else { return }
            let ends = Messages.uniqued(candidates.map { $0.states.last ?? stepFrom })
            if ends.count > 1 {
                diagnostics.append(Messages.undecidedOutcome(event: display, from: stepFrom, alternatives: candidates, at: name.location))
                return
            }
            if ends[0] != answerID {
                diagnostics.append(Messages.wrongPrediction(
                    event: display, subject: ExampleRunner.subject(machine, scene: sceneLabel), model: ends[0],
                    unchanged: fired.transition.states.isEmpty, written: name.text, at: name.location,
                    run: Messages.run(fired.transition, from: stepFrom)))
                return
            }
            answer = .state(ends[0])
        case (.predict, .app(let name)):
            guard let answerID = name.id, let value = fired.aggregate else { return }
            // Every documented outcome must leave the scenes alike: the same end and the same effects.
            let end = fired.transition.states.last ?? stepFrom
            if fired.alternatives.contains(where: { ($0.states.last ?? stepFrom) != end || $0.effects != fired.transition.effects }) {
                diagnostics.append(Messages.undecidedOutcome(event: display, from: stepFrom, alternatives: candidates, at: name.location))
                return
            }
            if value != answerID {
                let followed = sceneLabel ?? Simulation.mainScene
                let scenes = simulation.scenes.map { (name: $0.name == Simulation.mainScene ? followed : $0.name, state: $0.state) }
                diagnostics.append(Messages.wrongAppValue(
                    value, written: name.text, scenes: scenes, machine: machine, at: name.location, keyword: "answer app"))
                return
            }
            answer = .app(value)
        case (.order, .callbacks(let names)):
            let ids = names.compactMap(\.id)
            guard ids.count == names.count else { return }
            let matching = candidates.filter { ExampleRunner.callbackMismatch(ids, $0.callbacks) == nil }
            if matching.isEmpty {
                let t = fired.transition
                let k = ExampleRunner.callbackMismatch(ids, t.callbacks) ?? 0
                let core = t.callbacks.filter { !$0.optional }.map(\.name)
                diagnostics.append(Messages.wrongCallbacks(
                    event: display, model: t.callbacks, written: names.map(\.text),
                    at: k < names.count ? names[k].location : names[names.count - 1].end,
                    notes: ["the model goes: " + Messages.run(t, from: stepFrom)]
                        + candidates.dropFirst().map { "also documented: " + Messages.run($0, from: stepFrom) },
                    suggestion: core.count >= 2 ? "answer " + core.joined(separator: " -> ") : nil))
                return
            }
            if matching.count < candidates.count {
                // The callbacks every documented order calls in the same places.
                let core = fired.transition.callbacks.filter { !$0.optional }.map(\.name)
                let agreed = core.count >= 2 && candidates.allSatisfy { ExampleRunner.callbackMismatch(core, $0.callbacks) == nil }
                diagnostics.append(Messages.undecidedOrder(
                    event: display, from: stepFrom, alternatives: candidates, at: names[0].location,
                    suggestion: agreed ? "answer " + core.joined(separator: " -> ") : nil))
                return
            }
            // The model's order of the callbacks asked about (each alternative agrees on it).
            let asked = Set(ids)
            answer = .callbacks(matching[0].callbacks.map(\.name).filter { asked.contains($0) })
        default:
            return
        }
        let shown = candidates.first { t in
            if case .callbacks(let names) = written { return ExampleRunner.callbackMismatch(names.compactMap(\.id), t.callbacks) == nil }
            return true
        } ?? fired.transition
        steps = [ExerciseStep(step: fired, scene: event.sceneName).showing(shown)]
        if shown.confidence == .unconfirmed { diagnostics.append(Messages.unconfirmed([shown], at: event.event.location)) }
    }

    /// The answer the model gives, written as an `answer` line's argument; nil when it has none
    /// (the event cannot happen, its documented outcomes disagree, there is nothing to order…).
    func modelAnswer(_ kind: ExerciseBlock.Kind) -> String? {
        guard block.optionsValid, !block.options.anyAPI, let from = start else { return nil }
        switch kind {
        case .predict, .order:
            guard let eventID = block.event?.event.id, var simulation = simulation(from: from, kind: kind) else { return nil }
            guard case .success(let step) = simulation.fire(eventID, scene: Simulation.mainScene) else { return nil }
            let candidates = [step.transition] + step.alternatives
            if kind == .predict {
                let ends = Messages.uniqued(candidates.map { $0.states.last ?? step.from })
                return ends.count == 1 ? ends[0] : nil
            }
            let core = step.transition.callbacks.filter { !$0.optional }.map(\.name)
            guard core.count >= 2, candidates.allSatisfy({ ExampleRunner.callbackMismatch(core, $0.callbacks) == nil }) else { return nil }
            return core.joined(separator: " -> ")
        case .reach:
            guard let target = block.target?.id, target != from,
                let way = machine.shortestPath(from: from, to: target, options: block.options)
            else { return nil }
            return way.map(\.event).joined(separator: " ")
        case .choose:
            return nil
        }
    }

    private mutating func reportImpossible(
        _ impossible: ImpossibleEvent, display: String, at location: SourceLocation, before: Simulation, scene: String, sceneLabel: String?
    ) {
        let others = before.scenes.filter { $0.name != scene }.map(\.state)
        let conditions = ModelQueries.blockedBy(
            event: impossible.event, in: impossible.state, machine: machine, options: before.options, process: before.process,
            otherScenes: others, cover: before.cover(of: scene)
        ).map { "'\(display)' " + $0 }
        diagnostics.append(Messages.impossibleEvent(
            event: display, subject: ExampleRunner.subject(machine, scene: sceneLabel), state: impossible.state,
            possible: impossible.possible, conditions: conditions, at: location, suggestion: nil))
    }

    // MARK: choose

    mutating func choose() {
        var verdicts: [Bool] = []
        var complete = true
        for choice in block.choices {
            guard let holds = judge(choice) else {
                complete = false
                continue
            }
            verdicts.append(holds)
        }
        if complete && !block.choices.isEmpty { answer = .choices(verdicts) }
    }

    /// Whether the option's statement holds (nil when it cannot be judged: a name the model does not know…).
    private mutating func judge(_ choice: ExerciseChoice) -> Bool? {
        var lines: [BlockLine] = []
        // The `given` line and the statement.
        lines.reserveCapacity(2)
        if let given = block.given {
            guard given.id != nil else { return nil }
            // No text: nobody reads a judged statement's lines as written ("given " + the name was
            // a string made for every option).
            lines.append(BlockLine(content: .given(given), written: "", location: given.location, trailingComment: nil))
        }
        for given in block.givenScenes {
            guard given.state.id != nil else { return nil }
            lines.append(BlockLine(content: .givenScene(given.state, scene: given.scene), written: "", location: given.location, trailingComment: nil))
        }
        switch choice.statement {
        case .event(let event):
            guard event.resolved, block.given != nil else { return nil }
            // Not "does not hold": an event runs at one API level, and the block names none.
            if block.options.anyAPI {
                diagnostics.append(Messages.eventNeedsOneAPILevel(at: event.event.location))
                return nil
            }
        case .chain(let chain):
            guard chain.ids != nil else { return nil }
        default:
            return nil
        }
        lines.append(BlockLine(content: choice.statement, text: choice.text, location: choice.statementLocation, trailingComment: nil))
        let statement = LifecycleBlock(
            machine: machine, infoLocation: block.infoLocation, machineLocation: block.machineLocation, options: block.options,
            optionPairs: block.optionPairs, optionsValid: block.optionsValid, lines: lines, diagnostics: [], commentText: "")
        // A wrong option's errors give only their message (`reason`): no notes or suggestions to work out.
        let result = ExampleRunner.run(statement, explaining: choice.correct)
        let holds = result.passed
        var witness: [ExerciseStep] = []
        var reason: String?
        if holds {
            witness = self.witness(of: choice.statement, result: result)
        } else {
            reason = result.errors.first?.message
        }
        if choice.correct {
            if holds {
                diagnostics += result.warnings
            } else {
                diagnostics += result.errors.map { error in
                    var error = error
                    error.notes.append("option \(choice.number) is marked correct ('option*')")
                    return error
                }
            }
        } else if holds {
            if case .chain(let chain) = choice.statement, chain.kind == .never, let ids = chain.ids {
                diagnostics.append(Messages.distractorNever(choice.number, reason: neverReason(ids), at: choice.location))
            } else {
                diagnostics.append(Messages.distractorHolds(choice.number, runs: witness.map(\.transition), at: choice.location))
            }
        }
        choiceResults.append(ExerciseChoiceResult(
            number: choice.number, text: choice.text, statement: ExerciseStatement(choice.statement), holds: holds, witness: witness,
            reason: reason))
        return holds
    }

    /// A run that shows a statement that holds: the event's step; the transitions of a path or
    /// an order of callbacks, under the block's options. A `never` statement that holds has none.
    private func witness(of statement: BlockLine.Content, result: ExampleResult) -> [ExerciseStep] {
        switch statement {
        case .event:
            return result.steps.map { ExerciseStep(step: $0.step).showing($0.matched) }
        case .chain(let chain):
            guard let ids = chain.ids else { return [] }
            switch chain.kind {
            case .path:
                return ModelQueries.witnesses(of: ids, in: machine, options: block.options).map(ExerciseStep.init)
            case .callbacks:
                return machine.witness(forCallbacks: ids, options: block.options.anyAPI ? nil : block.options).map(ExerciseStep.init)
            case .never:
                return []
            }
        default:
            return []
        }
    }

    /// Why the model never allows a path: where it breaks.
    private func neverReason(_ ids: [String]) -> String {
        guard case .illegal(let index, let expected) = machine.verdict(forPath: ids, options: block.options), index > 0 else {
            return ids.joined(separator: " -> ") + " appears in no run"
        }
        let previous = ids[index - 1]
        return "\(ids[index]) cannot follow \(previous)"
            + (expected.isEmpty ? " (nothing follows it)" : " (from \(previous) the model goes to: " + expected.joined(separator: ", ") + ")")
    }

    // MARK: reach

    mutating func reach() {
        guard let from = start, let target = block.target, let targetID = target.id, case .events(let events)? = block.answer else { return }
        if targetID == from {
            diagnostics.append(Messages.targetIsStart(target.text, at: target.location))
            return
        }
        guard let way = machine.shortestPath(from: from, to: targetID, options: block.options) else {
            diagnostics.append(Messages.targetUnreachable(target.text, from: block.given?.text ?? from, at: target.location))
            return
        }
        guard events.allSatisfy({ $0.event.id != nil }) else { return }
        if block.options.anyAPI, let first = events.first {
            diagnostics.append(Messages.eventNeedsOneAPILevel(at: first.event.location))
            return
        }
        // `given` and `target` are the states of the scene the first event names (the main one
        // when it names none); it runs as the main scene, the others start in the initial state.
        let focus = events.first?.sceneName ?? Simulation.mainScene
        func simulated(_ scene: String) -> String {
            scene == focus ? Simulation.mainScene : scene == Simulation.mainScene ? focus : scene
        }
        guard var simulation = simulation(from: from, kind: .reach) else { return }
        var run: [ExerciseStep] = []
        for event in events {
            guard let id = event.event.id else { return }
            let sceneLabel = machine.multiScene ? event.scene : nil
            let display = event.event.text + (sceneLabel.map { "@" + $0 } ?? "")
            let before = simulation
            let scene = simulated(event.sceneName)
            switch simulation.fire(id, scene: scene) {
            case .failure(let impossible):
                reportImpossible(impossible, display: display, at: event.event.location, before: before, scene: scene, sceneLabel: sceneLabel)
                return
            case .success(let step):
                run.append(ExerciseStep(step: step, scene: simulated(step.scene)))
                if step.transition.confidence == .unconfirmed {
                    diagnostics.append(Messages.unconfirmed([step.transition], at: event.event.location))
                }
            }
        }
        let end = simulation.state(of: Simulation.mainScene)
        guard end == targetID else {
            diagnostics.append(Messages.reachEndsElsewhere(
                end, target: target.text, steps: run.map { Messages.run($0.transition, from: $0.from) },
                at: block.answerLocation ?? target.location, suggestion: "answer " + way.map(\.event).joined(separator: " ")))
            return
        }
        steps = run
        // The events the model ran (ids), with the scene where the block names one.
        answer = .events(run.map { $0.event + ($0.scene == Simulation.mainScene ? "" : "@" + $0.scene) }, end: end)
    }
}

extension ExerciseStep {
    /// The same step, showing another of its documented outcomes.
    func showing(_ outcome: Transition) -> ExerciseStep {
        guard outcome != transition else { return self }
        return ExerciseStep(event: event, scene: scene, from: from, transition: outcome, alternatives: ([transition] + alternatives).filter { $0 != outcome })
    }

    private init(event: String, scene: String, from: String, transition: Transition, alternatives: [Transition]) {
        self.event = event
        self.scene = scene
        self.from = from
        self.transition = transition
        self.alternatives = alternatives
    }
}
