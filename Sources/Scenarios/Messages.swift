import Diagnostics
import LifecycleMachines
import LifecycleModel

/// Every diagnostic of `lifecycle` blocks, worded in one place. Tests check
/// these texts exactly; change them here and in the tests together.
///
/// Each diagnostic stands at the 1-based line and column (in Characters) of
/// the word it is about. `{…}` is filled in; `[…]` marks an optional
/// callback in the model's lists; "subject" is `the app` (ios-app), `the
/// activity` (android-activity), `the scene` (ios-scene, swiftui), or
/// `scene 'A'` when the line names a scene. State and callback lists on the
/// model's side use the model's ids; names the author wrote are echoed as
/// written. A suggestion is a whole line that can replace the author's (with
/// the author's spelling of the names it keeps), or a single name.
///
/// The info string (`lifecycle <machine> [name=value …]`):
/// - `a lifecycle block needs a machine: ios-app, ios-scene, swiftui or android-activity` (at `lifecycle`)
/// - `unknown machine '{name}'`, suggestion `{nearest id}`, or else note `machines: ios-app, ios-scene, swiftui, android-activity`
/// - `expected an option written name=value, not '{word}'`, note `{machine} takes: api, configChanges, root` / `{machine} takes no options`
/// - `option '{name}' is given twice`
/// - the message of `MachineOptions.Problem`, e.g. `unknown option 'apj' for machine 'android-activity' (it takes: api, configChanges, root)`
///   with suggestion `api`; `'api' must be an Android API level like 28 or 34, not 'x'` (at the value); `machine 'ios-app' takes no options`
///
/// Syntax:
/// - `expected an event, 'given', 'path', 'callbacks' or 'never'`, note `a comment line starts with '#'`
/// - `expected '->', ':' or the end of the line after '{event}'`
/// - `expected a space after 'path'` (any keyword followed by something else, as in `path: a -> b`)
/// - `expected a scene name after '@'`
/// - `expected a state after '->'` / `… after ','` / `expected a state before '->'`; `expected a callback after ':'` / `… after ','`
/// - `'given' needs a state`, note `{machine} states: {ids}`
/// - `'given' can appear only once`, note `the start state is already given on line {n}`; for a scene (`given
///   <state>@<scene>`) `'given' can appear only once for scene '{scene}'`, note `its start state is already given on line {n}`
/// - `'given' must come before the first event`, note `the first event is on line {n}`
/// - `'path' needs at least two states joined by '->'`; the same for `'never'`; `'callbacks' needs at least two callbacks joined by '->'`
/// - `{machine} has a single instance: '@{scene}' cannot name a scene`, suggestion: the line without `@{scene}`
/// - `this lifecycle block checks nothing: write an event, 'path', 'callbacks' or 'never' line` (at `lifecycle`)
/// - `'app' needs a state`, note `{machine} states: {ids}`
/// - `{machine} has no app-level value: 'app' is for machines with scenes (ios-scene, swiftui)`
///
/// Names:
/// - `unknown event '{name}' for {machine}`, suggestion `{nearest}`, or else note `{machine} events: {ids}`
/// - `unknown state '{name}' for {machine}`, suggestion `{nearest spelling}`, or else note `{machine} states: {ids}`
/// - `unknown callback '{name}' for {machine}`, suggestion `{nearest spelling}`, or else note `{machine} callbacks: {ids}`
/// - `swiftui has no callbacks: its scene phases are states, written after '->'`
///
/// The run:
/// - `after '{event}' {subject} is {s1}, then {s2}: list every state it passes through, not only {s2}` when the line
///   left out a state on the way, else
/// - `after '{event}' {subject} is {s1}, then {s2}, not {w1}, then {w2}` (`is still {state}` when the model keeps
///   the state), at the first wrong state (or just after the last one when states are missing);
///   note `the model goes: {event} -> {states} [: {callbacks}]` with, when the written last state lies further on,
///   `; {event} -> {states}` for each event of the shortest way there; note `also documented ({row}): {line}` for each
///   documented alternative; suggestion: the corrected line.
/// - `'{event}' calls {c1}, [{c2}], not {w1}, {w2}` (`calls no callback` when there is none), at the first callback
///   that no documented order explains (or just after the last one when callbacks are missing); note
///   `the model goes: {event} [-> {states}] : {callbacks}`, the `also documented` notes, suggestion: the corrected line.
/// - `'{event}' cannot happen when {subject} is {state}` (at the event), note `possible in {state}: {events}` (or
///   `nothing can happen in {state}`), note `'{event}' from {state} needs {conditions} ({row})` when only conditions
///   stand in the way, suggestion: the lines of the shortest way to the written last state.
/// - `{state} cannot follow {previous} directly` / `{state} cannot follow {s1} -> {s2}` (when only the longer path is
///   impossible), note `from {previous} the model goes to: {states}` / `after {s1} -> {s2} the model goes to: {states}` /
///   `nothing follows {previous}`, suggestion `path …` with the shortest way in between (the whole line when it then
///   holds, else the line up to the state).
/// - `the model never calls {c1} -> {c2} in this order` (at the first callback); when a possible order is found, note
///   `the model calls {cs} in between, and only auxiliary callbacks such as {aux} may be left out` (`…, and a
///   'callbacks' line may leave none out` for machines without auxiliary callbacks) and suggestion `callbacks …`.
/// - `the model allows {s1} -> {s2} (row {row})` / `(rows {r1}, {r2})` (at the first state), note per row
///   `{row}: {event} from {state} goes {from} -> {states}` (`{row} (unconfirmed): …`), suggestion `path {s1} -> {s2}`.
/// - `{state} appears in no run of the model` (a path whose first state no run shows; unused by today's machines).
/// - `the app-level value here is {value}, not {written}` (at the state), note `the scenes: {scene} {state}, …`,
///   note `{machine}'s rule: {rule}` (`AggregateRule.summary`), suggestion `app {value}`.
/// - warning `this example relies on an unconfirmed transition: {row} ({spec note})`, or
///   `… on unconfirmed transitions: {row} ({note}), {row} ({note})`.
/// - warning `later events are not checked: the simulator continues only from the first documented outcome of
///   '{event}' ({row})`, when a line matched an alternative that ends elsewhere (no machine has one today).
enum Messages {
    // MARK: The info string

    static func missingMachine(_ ids: [String], block: String = "a lifecycle block", at location: SourceLocation) -> Diagnostic {
        .error(at: location, "\(block) needs a machine: " + orList(ids))
    }

    static func unknownMachine(_ name: String, among ids: [String], at location: SourceLocation) -> Diagnostic {
        let suggestion = Names.suggestion(for: name, among: ids)
        return .error(
            at: location, "unknown machine '\(name)'", notes: suggestion == nil ? ["machines: " + ids.joined(separator: ", ")] : [],
            suggestion: suggestion)
    }

    static func optionNotPair(_ word: String, machine: Machine, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "expected an option written name=value, not '\(word)'", notes: [takes(machine)])
    }

    static func optionTwice(_ name: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "option '\(name)' is given twice")
    }

    static func optionProblem(_ problem: MachineOptions.Problem, at location: SourceLocation) -> Diagnostic {
        .error(at: location, problem.message, suggestion: problem.suggestion)
    }

    private static func takes(_ machine: Machine) -> String {
        machine.options.isEmpty
            ? "\(machine.id) takes no options" : "\(machine.id) takes: " + machine.options.map(\.name).joined(separator: ", ")
    }

    // MARK: Syntax

    static func notALine(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "expected an event, 'given', 'path', 'callbacks' or 'never'", notes: ["a comment line starts with '#'"])
    }

    static func unexpectedAfterEvent(_ head: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "expected '->', ':' or the end of the line after '\(head)'")
    }

    static func spaceAfterKeyword(_ keyword: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "expected a space after '\(keyword)'")
    }

    static func missingScene(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "expected a scene name after '@'")
    }

    static func missingName(_ kind: NameKind, piece: SourceLine.Piece, at location: SourceLocation) -> Diagnostic {
        if let before = piece.before {
            return .error(at: location, "expected a \(kind.rawValue) after '\(before.text)'")
        }
        return .error(at: location, "expected a \(kind.rawValue) before '\(piece.after?.text ?? "->")'")
    }

    static func givenNeedsState(machine: Machine?, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "'given' needs a state", notes: machine.map { [statesNote($0)] } ?? [])
    }

    static func givenTwice(at location: SourceLocation, first: SourceLocation, scene: String? = nil) -> Diagnostic {
        if let scene {
            return .error(
                at: location, "'given' can appear only once for scene '\(scene)'", notes: ["its start state is already given on line \(first.line)"])
        }
        return .error(at: location, "'given' can appear only once", notes: ["the start state is already given on line \(first.line)"])
    }

    static func givenAfterEvent(at location: SourceLocation, firstEvent: SourceLocation) -> Diagnostic {
        .error(at: location, "'given' must come before the first event", notes: ["the first event is on line \(firstEvent.line)"])
    }

    static func chainTooShort(_ kind: ChainLine.Kind, at location: SourceLocation) -> Diagnostic {
        let what = kind == .callbacks ? "callbacks" : "states"
        return .error(at: location, "'\(kind.rawValue)' needs at least two \(what) joined by '->'")
    }

    static func sceneOnSingleInstance(machine: Machine, scene: String, without line: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "\(machine.id) has a single instance: '@\(scene)' cannot name a scene", suggestion: line)
    }

    static func appNeedsState(machine: Machine?, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "'app' needs a state", notes: machine.map { [statesNote($0)] } ?? [])
    }

    static func appNeedsScenes(machine: Machine, at location: SourceLocation) -> Diagnostic {
        let multiScene = Machines.all.filter { $0.aggregateRule != nil }.map(\.id).joined(separator: ", ")
        return .error(at: location, "\(machine.id) has no app-level value: 'app' is for machines with scenes (\(multiScene))")
    }

    /// `scenes`: every scene's state, in order of appearance.
    static func wrongAppValue(
        _ value: String, written: String, scenes: [(name: String, state: String)], machine: Machine, at location: SourceLocation,
        keyword: String = "app"
    ) -> Diagnostic {
        var notes = ["the scenes: " + scenes.map { "\($0.name) \($0.state)" }.joined(separator: ", ")]
        if let rule = machine.aggregateRule { notes.append("\(machine.id)'s rule: " + rule.summary) }
        return .error(at: location, "the app-level value here is \(value), not \(written)", notes: notes, suggestion: "\(keyword) \(value)")
    }

    static func emptyBlock(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "this lifecycle block checks nothing: write an event, 'path', 'callbacks' or 'never' line")
    }

    // MARK: Names

    static func unknownEvent(_ name: String, machine: Machine, at location: SourceLocation) -> Diagnostic {
        let ids = machine.events.map(\.id)
        return unknown("event", name, machine: machine, at: location, suggestion: Names.suggestion(for: name, among: ids), ids: ids)
    }

    static func unknownState(_ name: String, machine: Machine, at location: SourceLocation) -> Diagnostic {
        unknown(
            "state", name, machine: machine, at: location, suggestion: Names.suggestion(for: name, among: machine.stateSpellings),
            ids: machine.states.map(\.id))
    }

    static func unknownCallback(_ name: String, machine: Machine, at location: SourceLocation) -> Diagnostic {
        unknown(
            "callback", name, machine: machine, at: location,
            suggestion: Names.suggestion(for: name, among: machine.callbackSpellings), ids: machine.callbacks.map(\.id))
    }

    static func noCallbacks(machine: Machine, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "\(machine.id) has no callbacks: its scene phases are states, written after '->'")
    }

    private static func unknown(
        _ what: String, _ name: String, machine: Machine, at location: SourceLocation, suggestion: String?, ids: [String]
    ) -> Diagnostic {
        .error(
            at: location, "unknown \(what) '\(name)' for \(machine.id)",
            notes: (suggestion == nil ? ["\(machine.id) \(what)s: " + ids.joined(separator: ", ")] : [])
                + lookalikeNote(name, suggestion: suggestion, location: location),
            suggestion: suggestion)
    }

    /// The model's names are ASCII: a letter of another script in one (a Cyrillic `е` typed on a
    /// Bulgarian keyboard) looks like its Latin twin, and the error and its suggestion would read
    /// alike. Names each such character, with its column, when the suggestion is as long as the
    /// name (a letter swapped, not a word of another language).
    static func lookalikeNote(_ name: String, suggestion: String?, location: SourceLocation) -> [String] {
        guard let suggestion, suggestion.count == name.count else { return [] }
        var found: [String] = []
        for (offset, character) in name.enumerated() where !character.isASCII {
            let scalars = character.unicodeScalars.map { scalar in
                "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + (scalar.properties.name.map { " " + $0 } ?? "")
            }
            found.append("'\(character)' at \(location.line):\(location.column + offset) is \(scalars.joined(separator: ", "))")
        }
        return found.isEmpty ? [] : ["the model's names are ASCII; " + found.joined(separator: "; ")]
    }

    private static func statesNote(_ machine: Machine) -> String {
        "\(machine.id) states: " + machine.states.map(\.id).joined(separator: ", ")
    }

    // MARK: The run

    static func wrongStates(
        event: String, subject: String, model: [String], unchanged: Bool, written: [String], at location: SourceLocation,
        notes: [String], suggestion: String?
    ) -> Diagnostic {
        let state = (unchanged ? "is still " : "is ") + model.joined(separator: ", then ")
        // The writer named where it ends but left out a state on the way ("created" for
        // "started, then created"): "not created" would contradict the message's own words.
        if !unchanged, written.count < model.count, written.last == model.last, isSubsequence(written, of: model) {
            return .error(
                at: location,
                "after '\(event)' \(subject) \(state): list every state it passes through, not only " + written.joined(separator: ", then "),
                notes: notes, suggestion: suggestion)
        }
        return .error(
            at: location, "after '\(event)' \(subject) \(state), not " + written.joined(separator: ", then "), notes: notes,
            suggestion: suggestion)
    }

    /// Whether `part` is `whole` with some of its items left out, in order.
    private static func isSubsequence(_ part: [String], of whole: [String]) -> Bool {
        var rest = whole[...]
        for item in part {
            guard let found = rest.firstIndex(of: item) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    static func wrongCallbacks(
        event: String, model: [CallbackCall], written: [String], at location: SourceLocation, notes: [String], suggestion: String?
    ) -> Diagnostic {
        let calls = model.isEmpty ? "no callback" : callbackList(model)
        // Callbacks left out, the others in order: "not applicationDidEnterBackground" would name one it calls.
        if written.count < model.count, !written.isEmpty, isSubsequence(written, of: model.map(\.name)) {
            return .error(
                at: location, "'\(event)' calls \(calls): list every callback it calls, not only " + written.joined(separator: ", "),
                notes: notes, suggestion: suggestion)
        }
        return .error(
            at: location, "'\(event)' calls \(calls), not " + written.joined(separator: ", "), notes: notes, suggestion: suggestion)
    }

    static func impossibleEvent(
        event: String, subject: String, state: String, possible: [String], conditions: [String], at location: SourceLocation,
        suggestion: String?
    ) -> Diagnostic {
        let possibleNote = possible.isEmpty ? "nothing can happen in \(state)" : "possible in \(state): " + possible.joined(separator: ", ")
        return .error(
            at: location, "'\(event)' cannot happen when \(subject) is \(state)", notes: [possibleNote] + conditions,
            suggestion: suggestion)
    }

    static func illegalPath(
        state: String, after prefix: [String], expected: [String], at location: SourceLocation, suggestion: String?
    ) -> Diagnostic {
        guard let previous = prefix.last else {
            return .error(at: location, "\(state) appears in no run of the model")
        }
        let message: String
        let note: String
        if prefix.count > 1 {
            let chain = prefix.joined(separator: " -> ")
            message = "\(state) cannot follow \(chain)"
            note = expected.isEmpty ? "nothing follows \(chain)" : "after \(chain) the model goes to: " + expected.joined(separator: ", ")
        } else {
            message = "\(state) cannot follow \(previous) directly"
            note = expected.isEmpty ? "nothing follows \(previous)" : "from \(previous) the model goes to: " + expected.joined(separator: ", ")
        }
        return .error(at: location, message, notes: [note], suggestion: suggestion)
    }

    static func impossibleOrder(
        _ order: [String], inserted: [String], machine: Machine, at location: SourceLocation, suggestion: String?
    ) -> Diagnostic {
        var notes: [String] = []
        if !inserted.isEmpty {
            let between = "the model calls " + inserted.joined(separator: ", ") + " in between, and "
            if let auxiliary = machine.callbacks.first(where: \.auxiliary) {
                notes.append(between + "only auxiliary callbacks such as \(auxiliary.id) may be left out")
            } else {
                notes.append(between + "a 'callbacks' line may leave none out")
            }
        }
        return .error(
            at: location, "the model never calls " + order.joined(separator: " -> ") + " in this order", notes: notes,
            suggestion: suggestion)
    }

    static func neverAllowed(
        _ path: [String], witnesses: [Transition], at location: SourceLocation, suggestion: String?
    ) -> Diagnostic {
        let rows = uniqued(witnesses.map(\.row))
        let rowText = rows.isEmpty ? "" : rows.count == 1 ? " (row \(rows[0]))" : " (rows " + rows.joined(separator: ", ") + ")"
        let notes = uniqued(witnesses.map { t in
            let label = t.confidence == .unconfirmed ? "\(t.row) (unconfirmed)" : t.row
            return "\(label): \(t.event) from \(t.from) goes " + ([t.from] + t.states).joined(separator: " -> ")
        })
        return .error(
            at: location, "the model allows " + path.joined(separator: " -> ") + rowText, notes: notes, suggestion: suggestion)
    }

    /// A chain of prose the model rules out, at the first name that cannot follow, with the
    /// fix a `path` or `callbacks` line would get (names as the model writes them).
    /// A chain whose names no one machine knows all of: each name with the machines that know it.
    static func unjudgedProseChain(_ chain: ChainFinder.Chain, _ text: String, at: (Int) -> SourceLocation) -> Diagnostic {
        let known = chain.names.map { name in
            let machines = Machines.all.filter { $0.resolveState(name.text) != nil || $0.resolveCallback(name.text) != nil }.map(\.id)
            return "'\(name.text)' (\(machines.joined(separator: ", ")))"
        }
        return .warning(
            at: at(chain.names[0].offset), "'\(text)' is not checked: no machine knows all of its names",
            notes: ["names of one platform make a chain the model can judge: " + known.joined(separator: ", ")])
    }

    /// A chain of prose that only an unconfirmed row allows: the page does not mark it.
    static func unconfirmedProseChain(
        _ chain: ChainFinder.Chain, _ check: ChainCheck, _ text: String, _ machine: Machine, at: (Int) -> SourceLocation
    ) -> Diagnostic {
        var rows: [Transition] = []
        if check.kind == .states, let confirmed = ModelQueries.confirmedMachines[machine.id] {
            rows = ModelQueries.unconfirmedWitnesses(of: check.ids, in: machine, confirmed: confirmed, options: nil)
        }
        let seen = rowsWithNotes(rows)
        let through = seen.isEmpty ? "" : ": " + seen.joined(separator: ", ")
        return .warning(
            at: at(chain.names[0].offset),
            "'\(text)' is possible in \(machine.id) only through an unconfirmed transition\(through); it is not marked as verified",
            notes: ["say in the text that the documentation does not confirm it, or write the documented path"])
    }

    static func wrongProseChain(
        _ chain: ChainFinder.Chain, _ check: ChainCheck, _ text: String, _ machine: Machine, at: (Int) -> SourceLocation
    ) -> Diagnostic {
        func display(_ ids: [String]) -> String { ids.map { machine.state($0)?.name ?? $0 }.joined(separator: " → ") }
        if let conflict = check.aliasConflict {
            let name = chain.names[conflict.index]
            let plain = display([check.ids[conflict.index]])
            return .error(
                at: at(name.offset),
                "'\(text)' is not possible in \(machine.id): " + aliasConflict(name.text, plain: plain, needed: conflict.needed.map { display([$0]) },
                    after: display([check.ids[conflict.index - 1]])),
                suggestion: machine.verdict(forPath: check.ids) == .legal ? display(check.ids) : nil)
        }
        guard check.kind == .states, let failure = check.failure, failure.index > 0 else {
            var notes = ["core callbacks cannot be skipped; see `lifecycle-docs trace \(machine.id) …` for real orders"]
            var suggestion: String?
            if check.kind == .callbacks, let order = ModelQueries.fixedOrder(for: check.ids, in: machine, options: MachineOptions(anyAPI: true)) {
                suggestion = order.joined(separator: " → ")
                let inserted = uniqued(order.filter { !check.ids.contains($0) })
                notes = inserted.isEmpty ? ["the model calls them in another order"] : ["the model calls " + inserted.joined(separator: ", ") + " in between"]
            }
            return .error(
                at: at(chain.names[0].offset), "'\(text)' is not an order of callbacks that \(machine.id) produces", notes: notes,
                suggestion: suggestion)
        }
        let previous = check.ids[failure.index - 1]
        let wrong = check.ids[failure.index]
        let fixed = ModelQueries.legalPath(
            near: check.ids, failingAt: failure.index, expected: failure.expected, in: machine, options: MachineOptions())
        return .error(
            at: at(chain.names[failure.index].offset),
            "'\(text)' is not possible in \(machine.id): \(display([wrong])) cannot follow \(display([previous])) directly",
            notes: ["from \(display([previous])) the model goes to: " + failure.expected.map { display([$0]) }.joined(separator: ", ")],
            suggestion: fixed.map(display))
    }

    /// A `path` or `never` line that names the guide's Paused or Stopped where it says otherwise.
    static func aliasInLine(
        _ alias: String, plain: String, needed: [String], after previous: String, at location: SourceLocation, suggestion: String
    ) -> Diagnostic {
        .error(at: location, aliasConflict(alias, plain: plain, needed: needed, after: previous), suggestion: suggestion)
    }

    /// "the guide's Paused is STARTED entered from RESUMED; here it follows CREATED".
    static func aliasConflict(_ alias: String, plain: String, needed: [String], after previous: String) -> String {
        "the guide's \(alias) is \(plain) entered after " + needed.joined(separator: " → ") + "; here it follows \(previous)"
    }

    static func eventNeedsOneAPILevel(at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "an event runs at one API level: 'api=any' is for path, callbacks and never lines",
            suggestion: "give the level the run is about, e.g. api=34, or move the events to a block of their own")
    }

    static func cannotContinue(event: String, row: String, at location: SourceLocation) -> Diagnostic {
        .warning(
            at: location,
            "later events are not checked: the simulator continues only from the first documented outcome of '\(event)' (\(row))")
    }

    static func unconfirmed(_ transitions: [Transition], at location: SourceLocation) -> Diagnostic {
        let seen = rowsWithNotes(transitions)
        let head = seen.count == 1 ? "an unconfirmed transition" : "unconfirmed transitions"
        let list = seen.isEmpty ? "" : ": " + seen.joined(separator: ", ")
        return .warning(at: location, "this example relies on \(head)\(list)")
    }

    /// Each transition's row with its note, `P5 (The alternative reading: …)`, once each.
    private static func rowsWithNotes(_ transitions: [Transition]) -> [String] {
        var seen: [String] = []
        for t in transitions {
            let text = t.note.map { "\(t.row) (\($0))" } ?? t.row
            if !seen.contains(text) { seen.append(text) }
        }
        return seen
    }

    // MARK: Helpers

    /// `a, b, c or d`.
    static func orList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    /// Callbacks as the model lists them: optional ones in brackets.
    static func callbackList(_ calls: [CallbackCall]) -> String {
        calls.map { $0.optional ? "[\($0.name)]" : $0.name }.joined(separator: ", ")
    }

    static func uniqued(_ items: [String]) -> [String] {
        var result: [String] = []
        for item in items where !result.contains(item) { result.append(item) }
        return result
    }
}

extension String {
    /// The string with `0`s before it up to `width` characters (a code point's hex digits).
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
