import Diagnostics
import LifecycleModel

/// The diagnostics of `exercise` blocks, in the style of `Messages` (tests check these texts
/// exactly). Names, the info string and the statements of `option` lines share the
/// `lifecycle` block's messages.
///
/// Syntax:
/// - `'{word}' is not an exercise line: expected 'kind', 'given', 'event', 'target', 'answer' or 'option'` (at the
///   line; without `'{word}' …:` when the line starts with no word), suggestion: the nearest
///   keyword, or `option {line}` for a `path`, `callbacks` or `never` line or an event line
/// - `'{keyword}' can appear only once`, note `it is already on line {n}`
/// - `an exercise needs a 'kind' line: predict, order, choose or reach` (at `exercise`)
/// - `'kind' needs one of predict, order, choose or reach`; `unknown exercise kind '{word}'`, suggestion the nearest kind
/// - `'{keyword}' is not part of a {kind} exercise`, note `a {kind} exercise has: …`
/// - `a {kind} exercise needs a '{keyword}' line` (at `kind`; `an order exercise…`); a missing answer gets the model's as suggestion
/// - `'given' needs a state` / `'target' needs a state`, note `{machine} states: …`
/// - `'event' needs an event`, note `{machine} events: …`
/// - `an exercise's 'event' line names only the event: its outcome is the answer`
/// - `'answer' needs …` per kind; `a predict answer is one state`; `an order exercise needs at least two callbacks: nothing to order`
/// - `expected an event, not '{token}'` (reach answers)
/// - `a choose exercise needs at least two 'option' lines`; `no option is marked correct: write 'option*' for each statement that holds`
/// - `'option' needs a statement: path, callbacks, never or an event line`; `'{word}' is not a statement: …`
/// - `an event option is judged from the 'given' state: add a 'given' line`
///
/// The model:
/// - predict: `after '{event}' {subject} is {state}, not {answer}`, note `the model goes: {run}`, suggestion `answer {state}`;
///   `the state after '{event}' depends on the run: …`
/// - order: `'{event}' calls {callbacks}, not {answer}` (at the first callback no documented order explains),
///   `the order of '{event}' from {state} depends on the run: the model documents {n} orders`
/// - choose: `option {n} is marked wrong but the model allows it: {run}`; `option {n} is marked wrong but
///   the model never allows it: {reason}`; for an `option*` that does not hold, the `lifecycle` line's error with
///   note `option {n} is marked correct`
/// - reach: `{target} cannot be reached from {given}`; `{target} is where the run starts: nothing to reach`;
///   `the run ends in {state}, not {target}`, note `the run: {steps}`, suggestion `answer {events}`
/// - `'{event}' cannot happen when …` as in `lifecycle` blocks, at the event
extension Messages {
    // MARK: Syntax

    static func notAnExerciseLine(_ word: String, rest: String, at location: SourceLocation) -> Diagnostic {
        var suggestion = Names.suggestion(for: word, among: ExerciseBlockParser.keywords)
        var notes = ["a comment line starts with '#'"]
        if ["path", "callbacks", "never"].contains(word) || word.isEmpty == false && suggestion == nil {
            suggestion = "option " + rest
            notes = ["in an exercise a statement is an option of a choose exercise: 'option' (wrong) or 'option*' (right)"]
        }
        // The word is named: in a long block "expected …" alone leaves the writer to find it.
        let expected = "expected 'kind', 'given', 'event', 'target', 'answer' or 'option'"
        let message = word.isEmpty ? expected : "'\(word)' is not an exercise line: " + expected
        return .error(at: location, message, notes: notes, suggestion: suggestion)
    }

    static func exerciseLineTwice(_ keyword: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        .error(at: location, "'\(keyword)' can appear only once", notes: ["it is already on line \(first.line)"])
    }

    static var kindList: String { orList(ExerciseBlock.Kind.allCases.map(\.rawValue)) }

    static func kindMissing(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "an exercise needs a 'kind' line: \(kindList)", suggestion: "kind predict")
    }

    static func kindNeeded(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "'kind' needs one of \(kindList)")
    }

    static func unknownKind(_ word: String, at location: SourceLocation) -> Diagnostic {
        let kinds = ExerciseBlock.Kind.allCases.map(\.rawValue)
        let suggestion = Names.suggestion(for: word, among: kinds)
        return .error(
            at: location, "unknown exercise kind '\(word)'", notes: suggestion == nil ? ["kinds: " + kinds.joined(separator: ", ")] : [],
            suggestion: suggestion)
    }

    /// "a predict exercise", "an order exercise".
    static func exercise(_ kind: ExerciseBlock.Kind) -> String {
        (kind == .order ? "an " : "a ") + kind.rawValue + " exercise"
    }

    static func notPartOfKind(_ keyword: String, kind: ExerciseBlock.Kind, parts: [String], at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "'\(keyword)' is not part of \(exercise(kind))",
            notes: ["\(exercise(kind)) has: kind, " + parts.map { kind == .choose && $0 == "given" ? "given (optional)" : $0 }.joined(separator: ", ")])
    }

    static func exercisePartMissing(_ keyword: String, kind: ExerciseBlock.Kind, at location: SourceLocation) -> Diagnostic {
        let article = keyword == "answer" || keyword == "event" ? "an" : "a"
        return .error(at: location, "\(exercise(kind)) needs \(article) '\(keyword)' line")
    }

    /// What names the scene an exercise follows: its event, or for reach its answer's first event.
    private static func follower(_ kind: ExerciseBlock.Kind) -> String { kind == .reach ? "the first event" : "the event" }

    static func followedSceneNeedsGiven(kind: ExerciseBlock.Kind, at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "\(exercise(kind)) needs a 'given <state>' line for the scene \(follower(kind)) names",
            notes: ["'given <state>@<scene>' puts another scene in a state before the run"])
    }

    /// A `given <state>@<scene>` line for the scene the exercise follows, whose start is the plain `given`'s.
    static func givenSceneIsFollowed(_ scene: String, state: String, kind: ExerciseBlock.Kind, at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "scene '\(scene)' is the one \(follower(kind)) names: its start state is written 'given <state>', without '@\(scene)'",
            suggestion: "given \(state)")
    }

    static func keywordNeedsState(_ keyword: String, machine: Machine?, at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "'\(keyword)' needs a state",
            notes: machine.map { ["\($0.id) states: " + $0.states.map(\.id).joined(separator: ", ")] } ?? [])
    }

    static func eventNeeded(machine: Machine?, at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "'event' needs an event",
            notes: machine.map { ["\($0.id) events: " + $0.events.map(\.id).joined(separator: ", ")] } ?? [])
    }

    static func eventLineHasOutcome(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "an exercise's 'event' line names only the event: its outcome is the answer")
    }

    static func answerNeeded(_ kind: ExerciseBlock.Kind, at location: SourceLocation) -> Diagnostic {
        let what: String
        switch kind {
        case .predict: what = "the state after the event"
        case .order: what = "the callbacks in order, joined by '->'"
        case .reach: what = "the events that lead to the target, separated by spaces"
        case .choose: what = "nothing"
        }
        return .error(at: location, "'answer' needs \(what)")
    }

    static func predictOneState(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "a predict answer is one state: the one the event leads to")
    }

    static func nothingToOrder(at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "an order exercise needs at least two callbacks: nothing to order",
            notes: ["for the state after an event, write 'kind predict'"])
    }

    static func expectedEvent(_ token: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "expected an event, not '\(token)'", notes: ["events are separated by spaces or commas"])
    }

    static func tooFewOptions(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "a choose exercise needs at least two 'option' lines")
    }

    static func noCorrectOption(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "no option is marked correct: write 'option*' for each statement that holds")
    }

    static func optionNeedsStatement(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "'option' needs a statement: a path, callbacks, never or event line")
    }

    static func notAStatement(_ word: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "'\(word)' is not a statement: write a path, callbacks, never or event line after 'option'")
    }

    static func eventOptionNeedsGiven(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "an event option is judged from the 'given' state: add a 'given' line")
    }

    // MARK: The model

    /// A step as the messages write it: `pause: resumed -> started : onPause (D3, doc)`.
    static func run(_ t: Transition, from: String? = nil) -> String {
        let start = from ?? t.from
        var text = t.event + ": " + ([start] + (t.states.isEmpty ? [start] : t.states)).joined(separator: " -> ")
        if !t.callbacks.isEmpty { text += " : " + callbackList(t.callbacks) }
        return text + " (\(t.row), \(t.confidence.rawValue))"
    }

    static func wrongPrediction(
        event: String, subject: String, model: String, unchanged: Bool, written: String, at location: SourceLocation, run: String
    ) -> Diagnostic {
        .error(
            at: location, "after '\(event)' \(subject) is \(unchanged ? "still " : "")\(model), not \(written)",
            notes: ["the model goes: " + run], suggestion: "answer " + model)
    }

    static func undecidedOutcome(event: String, from: String, alternatives: [Transition], at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "the state after '\(event)' from \(from) depends on the run: the model documents \(alternatives.count) outcomes",
            notes: alternatives.map { "documented: " + run($0) })
    }

    static func undecidedOrder(
        event: String, from: String, alternatives: [Transition], at location: SourceLocation, suggestion: String?
    ) -> Diagnostic {
        .error(
            at: location,
            "the order of '\(event)' from \(from) depends on the run: the model documents \(alternatives.count) orders, and the answer is only one of them",
            notes: alternatives.map { "documented: " + run($0) } + ["an optional callback, in brackets, may be left out of the answer"],
            suggestion: suggestion)
    }

    static func distractorHolds(_ number: Int, runs: [Transition], at location: SourceLocation) -> Diagnostic {
        let text = runs.isEmpty ? "" : ": " + runs.map { run($0) }.joined(separator: "; ")
        return .error(
            at: location, "option \(number) is marked wrong but the model allows it\(text)",
            notes: ["mark it 'option*', or write a statement the model rules out"], suggestion: "option*")
    }

    static func distractorNever(_ number: Int, reason: String, at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "option \(number) is marked wrong but the model never allows it: \(reason)",
            notes: ["mark it 'option*', or write a path the model allows"], suggestion: "option*")
    }

    static func targetUnreachable(_ target: String, from: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "\(target) cannot be reached from \(from) under the block's options")
    }

    static func targetIsStart(_ target: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "\(target) is where the run starts: nothing to reach")
    }

    static func reachEndsElsewhere(
        _ state: String, target: String, steps: [String], at location: SourceLocation, suggestion: String?
    ) -> Diagnostic {
        .error(
            at: location, "the run ends in \(state), not \(target)",
            notes: ["the run: " + (steps.isEmpty ? "no event" : steps.joined(separator: "; "))], suggestion: suggestion)
    }
}
