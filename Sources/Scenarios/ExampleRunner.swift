import Diagnostics
import LifecycleModel

/// Runs a parsed `lifecycle` block against the model.
///
/// Event lines run in order in one `Simulation` (started in the `given`
/// state, with the block's options). A line passes when the states and
/// callbacks it writes equal what the event does there: the states passed
/// through (`Step.states`; a step that keeps the state may be written
/// `-> <that state>`), and the callbacks in order, where optional callbacks
/// may be left out. When the event has documented alternatives (e.g.
/// Android below API 28) a line that matches any of them passes, and the
/// step records the one it matched. After a line that fails (or cannot be
/// read) the following event lines are not run: their start state would be
/// a guess. `path`, `callbacks` and `never` lines do not depend on the run
/// and are always checked, under the block's options like the events
/// (`Machine.verdict(forPath:options:)`, `Machine.canProduce(callbackOrder:options:)`);
/// `api=any` makes them statements about every API level.
///
/// A line that passes only thanks to an `.unconfirmed` transition gets a
/// warning naming the row. Messages: see `Messages`.
public enum ExampleRunner {
    public static func run(_ block: LifecycleBlock) -> ExampleResult { run(block, explaining: true) }

    /// `explaining`: whether an error carries its notes and suggestion (the model's way, a fixed
    /// line), which cost searches of their own. Without, every diagnostic has the same message,
    /// place and severity, and the run the same steps and checks: what a choose exercise needs
    /// of an option it expects to fail.
    static func run(_ block: LifecycleBlock, explaining: Bool) -> ExampleResult {
        var run = Run(block: block, explaining: explaining)
        // By index: binding each line copied it (a retain and release of each of its parts).
        for index in block.lines.indices {
            switch block.lines[index].content {
            case .comment, .given, .givenScene: break
            case .invalid: run.simulating = false
            case .event(let event): run.event(event, lineIndex: index)
            case .chain(let chain): run.chain(chain, lineIndex: index)
            case .app(let name): run.app(name)
            }
        }
        var collector = DiagnosticCollector()
        collector.report(contentsOf: block.diagnostics)
        collector.report(contentsOf: run.diagnostics)
        let simulation = run.simulation
        return ExampleResult(
            block: block, initialState: run.initialState, givenScenes: run.givenScenes, steps: run.steps, checks: run.checks,
            diagnostics: collector.sorted, scenes: simulation.mapScenes { SceneState(scene: $0, state: $1) }, process: simulation.process,
            aggregate: simulation.aggregate, complete: run.complete)
    }

    /// "the app", "the activity", "the scene", "scene 'A'".
    static func subject(_ machine: Machine, scene: String?) -> String {
        if machine.multiScene { return scene.map { "scene '\($0)'" } ?? "the scene" }
        return machine.id.hasPrefix("android") ? "the activity" : "the app"
    }

    /// Nil when `written` is `model` with some optional callbacks left out;
    /// else the index of the first written callback no such reading
    /// explains (`written.count` when the model calls more).
    static func callbackMismatch(_ written: some RandomAccessCollection<String>, _ model: [CallbackCall]) -> Int? {
        guard written.count < 64 else { return callbackMismatchByArrays(Array(written), model) }
        // Bit j of reachable: the first j written callbacks can match the model's callbacks so far
        // (bits instead of two arrays made for every call).
        var reachable: UInt64 = 1
        var furthest = 0
        for call in model {
            var next: UInt64 = call.optional ? reachable : 0
            var left = reachable
            while left != 0 {
                let j = left.trailingZeroBitCount
                left &= left - 1
                if j < written.count && written[written.index(written.startIndex, offsetBy: j)] == call.name {
                    next |= 1 << (j + 1)
                    furthest = max(furthest, j + 1)
                }
            }
            reachable = next
        }
        return reachable & (1 << written.count) != 0 ? nil : furthest
    }

    /// `callbackMismatch` with arrays, for any number of written callbacks.
    static func callbackMismatchByArrays(_ written: [String], _ model: [CallbackCall]) -> Int? {
        // reachable[j]: the first j written callbacks can match the model's callbacks so far.
        var reachable = Array(repeating: false, count: written.count + 1)
        reachable[0] = true
        var furthest = 0
        for call in model {
            var next = Array(repeating: false, count: written.count + 1)
            for j in reachable.indices where reachable[j] {
                if call.optional { next[j] = true }
                if j < written.count && written[j] == call.name {
                    next[j + 1] = true
                    furthest = max(furthest, j + 1)
                }
            }
            reachable = next
        }
        return reachable[written.count] ? nil : furthest
    }

    /// Whether the written states (every one known) are those a transition passes through,
    /// `[from]` when it keeps the state. Compared in place: an array of the written ids, and one
    /// of `[from]`, were made for every event line; and by index, as `zip` handed each name over
    /// as a copy (a retain and release of its text, id and file).
    static func statesMatch(_ written: [WrittenName], _ model: [String], from: String) -> Bool {
        if model.isEmpty { return written.count == 1 && written[0].id == from }
        guard written.count == model.count else { return false }
        for i in model.indices where written[i].id != model[i] { return false }
        return true
    }
}

/// The state of one run.
private struct Run {
    /// The block's options (not the block: a copy of it retained each of its parts).
    let options: MachineOptions
    let machine: Machine
    /// Whether errors get their notes and suggestions (`ExampleRunner.run(_:explaining:)`).
    let explains: Bool
    /// `block.initialState`, kept from the one look at `given` (each look copies its name).
    let initialState: String
    /// The scenes `given <state>@<scene>` lines put in a state before the first event.
    let givenScenes: [SceneState]
    var simulation: Simulation
    /// False once an event line failed: later event lines are not run.
    var simulating: Bool
    /// False when some event line was not run or failed.
    var complete = true
    var steps: [ExampleStep] = []
    var checks: [ChainResult] = []
    var diagnostics: [Diagnostic] = []

    init(block: LifecycleBlock, explaining: Bool) {
        options = block.options
        machine = block.machine
        explains = explaining
        // `block.given` in the walk that counts the event lines (it walked them again, copying
        // each line's content to look at it).
        var given: WrittenName?
        var eventLines = 0
        var scenesKnown = true
        var givenScenes: [SceneState] = []
        for index in block.lines.indices {
            switch block.lines[index].content {
            case .event: eventLines += 1
            case .given: if given == nil, case .given(let name) = block.lines[index].content { given = name }
            case .givenScene(let name, let scene):
                if let state = name.id { givenScenes.append(SceneState(scene: scene, state: state)) } else { scenesKnown = false }
            default: break
            }
        }
        initialState = given?.id ?? block.machine.initialState
        simulation = Simulation(machine: block.machine, options: options, from: initialState)
        for given in givenScenes { simulation.place(given.scene, in: given.state) }
        self.givenScenes = givenScenes
        simulating = block.optionsValid && (given == nil || given?.id != nil) && scenesKnown
        // A step an event line at most: room for them at once, not grown from one.
        steps.reserveCapacity(eventLines)
    }

    // MARK: App lines

    /// `app <state>`: judged where it stands, on the scenes the events above left; after a line
    /// that failed nothing is judged (the scenes would be a guess).
    mutating func app(_ name: WrittenName) {
        guard simulating, let written = name.id, let value = simulation.aggregate, value != written else { return }
        diagnostics.append(Messages.wrongAppValue(
            value, written: name.text, scenes: simulation.scenes, machine: machine, at: name.location))
    }

    // MARK: Event lines

    mutating func event(_ line: EventLine, lineIndex: Int) {
        if simulating && options.anyAPI {
            diagnostics.append(Messages.eventNeedsOneAPILevel(at: line.event.location))
            simulating = false
        }
        guard simulating, let eventID = line.event.id else {
            simulating = false
            complete = false
            return
        }
        let sceneLabel = machine.multiScene ? line.scene : nil
        let scene = sceneLabel ?? Simulation.mainScene
        // The line as written and its form are for diagnostics only: made when one is written.
        var display: String { line.event.text + (sceneLabel.map { "@" + $0 } ?? "") }
        let from = simulation.state(of: scene)
        // The scene's cover before the event, for the way to a written state it misses (a copy
        // of the whole simulation for that cost more than the rest of the line).
        let coverBefore = simulation.cover(of: scene)

        switch simulation.fire(eventID, scene: scene) {
        case .failure(let impossible):
            simulating = false
            complete = false
            // An event that cannot happen leaves the simulation as it was.
            reportImpossible(
                impossible, line: line, form: LineForm(line: line, display: display, explaining: explains), before: simulation, scene: scene,
                sceneLabel: sceneLabel)
        case .success(let step):
            // A part with an unknown name matches any outcome (the name is reported already).
            let statesKnown = line.states?.allResolved ?? false
            let callbacksKnown = line.callbacks?.allResolved ?? false
            func statesMatch(_ t: Transition) -> Bool {
                guard statesKnown, let written = line.states else { return true }
                return ExampleRunner.statesMatch(written, t.states, from: from)
            }
            func callbacksMatch(_ t: Transition) -> Bool {
                guard callbacksKnown, let written = line.callbacks else { return true }
                return ExampleRunner.callbackMismatch(written.lazy.map { $0.id ?? "" }, t.callbacks) == nil
            }
            func matches(_ t: Transition) -> Bool { statesMatch(t) && callbacksMatch(t) }
            // The first outcome that matches: the step's transition, then its alternatives (most
            // lines match the first, and need no array of the candidates).
            let matchedIndex: Int? =
                !line.resolved ? nil : matches(step.transition) ? 0 : step.alternatives.firstIndex(where: matches).map { $0 + 1 }
            if let index = matchedIndex {
                let matched = index == 0 ? step.transition : step.alternatives[index - 1]
                steps.append(ExampleStep(step: step, matched: matched, lineIndex: lineIndex))
                if matched.confidence == .unconfirmed {
                    diagnostics.append(Messages.unconfirmed([matched], at: line.event.location))
                }
                // `Simulation` always follows the first outcome. No alternative of the model ends
                // elsewhere or has other effects today; should one, the run cannot go on truthfully.
                // The first candidate is the step's transition.
                if index > 0 && matched != step.transition && (matched.to != step.transition.to || matched.effects != step.transition.effects) {
                    simulating = false
                    diagnostics.append(Messages.cannotContinue(event: display, row: step.transition.row, at: line.event.location))
                }
                return
            }
            simulating = false
            complete = false
            let candidates = [step.transition] + step.alternatives
            let form = LineForm(line: line, display: display, explaining: explains)
            let stateMatches = candidates.filter(statesMatch)
            if stateMatches.isEmpty, let names = line.states, let written = names.resolvedIDs {
                let t = candidates[0]
                let model = t.states.isEmpty ? [from] : t.states
                var k = 0
                while k < written.count && k < model.count && written[k] == model[k] { k += 1 }
                var goes = explains ? [form.text(t, from: from)] : []
                if explains, let target = written.last, !model.contains(target),
                    let more = machine.shortestPath(from: t.to, to: target, options: options, cover: coverBefore)
                {
                    goes += more.map { form.text($0, from: $0.from, display: $0.event + (sceneLabel.map { "@" + $0 } ?? "")) }
                }
                diagnostics.append(Messages.wrongStates(
                    event: display, subject: ExampleRunner.subject(machine, scene: sceneLabel), model: model,
                    unchanged: t.states.isEmpty, written: names.map(\.text),
                    at: k < names.count ? names[k].location : names[names.count - 1].end,
                    notes: explains
                        ? ["the model goes: " + goes.joined(separator: "; ")] + alsoDocumented(candidates, except: t, form: form, from: from) : [],
                    suggestion: explains ? form.suggestion(t, from: from) : nil))
            }
            let callbackMatches = (stateMatches.isEmpty ? candidates : stateMatches).filter(callbacksMatch)
            if callbackMatches.isEmpty, let names = line.callbacks, let written = names.resolvedIDs {
                let t = stateMatches.first ?? candidates[0]
                let k = ExampleRunner.callbackMismatch(written, t.callbacks) ?? 0
                diagnostics.append(Messages.wrongCallbacks(
                    event: display, model: t.callbacks, written: names.map(\.text),
                    at: k < names.count ? names[k].location : names[names.count - 1].end,
                    notes: explains
                        ? ["the model goes: " + form.text(t, from: from)] + alsoDocumented(candidates, except: t, form: form, from: from) : [],
                    suggestion: explains ? form.suggestion(t, from: from) : nil))
            }
        }
    }

    private func alsoDocumented(_ candidates: [Transition], except chosen: Transition, form: LineForm, from: String) -> [String] {
        candidates.filter { $0 != chosen }.map { "also documented (\($0.row)): " + form.text($0, from: from) }
    }

    private mutating func reportImpossible(
        _ impossible: ImpossibleEvent, line: EventLine, form: LineForm, before: Simulation, scene: String, sceneLabel: String?
    ) {
        let state = impossible.state
        guard explains else {
            diagnostics.append(Messages.impossibleEvent(
                event: form.display, subject: ExampleRunner.subject(machine, scene: sceneLabel), state: state,
                possible: impossible.possible, conditions: [], at: line.event.location, suggestion: nil))
            return
        }
        let others = before.scenes.filter { $0.name != scene }.map(\.state)
        let conditions = ModelQueries.blockedBy(
            event: impossible.event, in: state, machine: machine, options: before.options, process: before.process, otherScenes: others,
            cover: before.cover(of: scene)
        ).map { "'\(form.display)' " + $0 }
        // The events that make the writer's event possible, then the event itself: another event
        // in its place would be another story.
        var suggestion: String?
        if let way = machine.shortestPath(from: state, toFire: impossible.event, options: options, cover: before.cover(of: scene)),
            way.count > 1
        {
            suggestion = way.map { form.suggestion($0, from: $0.from, display: $0.event + (sceneLabel.map { "@" + $0 } ?? "")) }
                .joined(separator: "; ")
        }
        diagnostics.append(Messages.impossibleEvent(
            event: form.display, subject: ExampleRunner.subject(machine, scene: sceneLabel), state: state,
            possible: impossible.possible, conditions: conditions, at: line.event.location, suggestion: suggestion))
    }

    // MARK: Chain lines

    mutating func chain(_ chain: ChainLine, lineIndex: Int) {
        guard let ids = chain.ids else { return }
        let first = chain.names[0].location
        // Only a diagnostic spells ids as written: the map is made then, not for every line.
        func spelled(_ ids: [String]) -> String {
            let spelling = Dictionary(chain.names.compactMap { name in name.id.map { ($0, name.text) } }, uniquingKeysWith: { a, _ in a })
            return ids.map { spelling[$0] ?? $0 }.joined(separator: " -> ")
        }
        var ok = true
        var failureIndex: Int?
        if chain.kind != .callbacks, let conflict = machine.aliasConflict(in: chain.names.map(\.text), ids: ids) {
            // The guide's "Paused" or "Stopped" where the chain says the state was entered otherwise.
            let name = chain.names[conflict.index]
            diagnostics.append(Messages.aliasInLine(
                name.text, plain: machine.state(ids[conflict.index])?.name ?? ids[conflict.index], needed: conflict.needed,
                after: ids[conflict.index - 1], at: name.location, suggestion: chain.kind.rawValue + " " + ids.joined(separator: " -> ")))
            checks.append(ChainResult(kind: chain.kind, ids: ids, ok: false, lineIndex: lineIndex, failureIndex: conflict.index))
            return
        }
        switch chain.kind {
        case .path:
            let (verdict, unconfirmed) = ModelQueries.pathVerdict(ids, in: machine, options: options)
            switch verdict {
            case .legal:
                if unconfirmed, let confirmed = ModelQueries.confirmedMachines[machine.id] {
                    diagnostics.append(Messages.unconfirmed(
                        ModelQueries.unconfirmedWitnesses(of: ids, in: machine, confirmed: confirmed, options: options), at: chain.location))
                }
            case .illegal(let index, let expected):
                ok = false
                failureIndex = index
                diagnostics.append(illegalPath(ids, index: index, expected: expected, names: chain.names, spelled: spelled))
            }
        case .never:
            switch machine.verdict(forPath: ids, options: options) {
            case .legal:
                ok = false
                diagnostics.append(Messages.neverAllowed(
                    ids, witnesses: ModelQueries.witnesses(of: ids, in: machine, options: options), at: first,
                    suggestion: "path " + spelled(ids)))
            case .illegal(let index, _):
                failureIndex = index
            }
        case .callbacks:
            let (possible, unconfirmed) = ModelQueries.canProduce(ids, in: machine, options: options)
            if possible {
                if unconfirmed {
                    let rows = machine.transitions.filter { t in
                        t.confidence == .unconfirmed && t.callbacks.contains { ids.contains($0.name) }
                    }
                    diagnostics.append(Messages.unconfirmed(rows, at: chain.location))
                }
            } else {
                ok = false
                var suggestion: String?
                var inserted: [String] = []
                if explains, let order = ModelQueries.fixedOrder(for: ids, in: machine, options: options) {
                    suggestion = "callbacks " + spelled(order)
                    inserted = Messages.uniqued(order.filter { !ids.contains($0) })
                }
                diagnostics.append(Messages.impossibleOrder(ids, inserted: inserted, machine: machine, at: first, suggestion: suggestion))
            }
        }
        checks.append(ChainResult(
            kind: chain.kind, ids: ids, ok: ok, lineIndex: lineIndex, failureIndex: failureIndex))
    }

    private func illegalPath(
        _ ids: [String], index: Int, expected: [String], names: [WrittenName], spelled: ([String]) -> String
    ) -> Diagnostic {
        let state = ids[index]
        guard index > 0 else {
            return Messages.illegalPath(state: state, after: [], expected: expected, at: names[index].location, suggestion: nil)
        }
        let prefix = Array(ids[..<index])
        let pairLegal = index > 1 && machine.verdict(forPath: [ids[index - 1], state], options: options) == .legal
        let suggestion = explains
            ? ModelQueries.legalPath(near: ids, failingAt: index, expected: expected, in: machine, options: options)
                .map { "path " + spelled($0) } : nil
        return Messages.illegalPath(
            state: state, after: pairLegal ? prefix : [ids[index - 1]], expected: expected, at: names[index].location,
            suggestion: suggestion)
    }
}

/// Writes model steps in the form of the author's event line: the same
/// parts (`-> states`, `: callbacks`) the author wrote, and in suggestions
/// the author's spelling of the names the line already has.
private struct LineForm {
    let display: String
    let writesStates: Bool
    let writesCallbacks: Bool
    let spelling: [String: String]

    /// Without `explaining` nothing but `display` is read (no notes, no suggestion): the author's
    /// spellings are not gathered then (a dictionary made for every option a choose exercise
    /// expects to fail).
    init(line: EventLine, display: String, explaining: Bool) {
        self.display = display
        writesStates = line.states != nil
        writesCallbacks = line.callbacks != nil
        var spelling: [String: String] = [:]
        // The states, then the callbacks (not one array of both, made only to be read).
        func gather(_ names: [WrittenName]?) {
            for name in names ?? [] {
                if let id = name.id, spelling[id] == nil { spelling[id] = name.text }
            }
        }
        if explaining {
            gather(line.states)
            gather(line.callbacks)
        }
        self.spelling = spelling
    }

    /// The step as the model has it: ids, optional callbacks in brackets.
    func text(_ t: Transition, from: String, display: String? = nil) -> String {
        form(t, from: from, display: display ?? self.display, spelled: false)
    }

    /// The step as a line that passes: the author's spelling, optional callbacks left out.
    func suggestion(_ t: Transition, from: String, display: String? = nil) -> String {
        form(t, from: from, display: display ?? self.display, spelled: true)
    }

    private func form(_ t: Transition, from: String, display: String, spelled: Bool) -> String {
        func name(_ id: String) -> String { spelled ? spelling[id] ?? id : id }
        var text = display
        if writesStates {
            text += " -> " + (t.states.isEmpty ? [from] : t.states).map(name).joined(separator: ", ")
        }
        if writesCallbacks {
            let calls = spelled
                ? t.callbacks.filter { !$0.optional }.map { name($0.name) }
                : t.callbacks.map { $0.optional ? "[\($0.name)]" : $0.name }
            if !calls.isEmpty { text += " : " + calls.joined(separator: ", ") }
        }
        return text
    }
}
