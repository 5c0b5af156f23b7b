/// How the app-level value of a multi-scene machine follows from its scenes'
/// states, written as data so that the exported model carries it and the
/// browser player evaluates the same rule (`aggregateRule` in docs/model-schema.md).
///
/// Scenes in an `ignored` state do not count. With no scene counted the value
/// is `noneByProcess[process]` when the process state is listed there, else
/// `none` (ios-scene: a process running in the background without any attached
/// scene is an app in the background). Otherwise the first case that holds gives
/// the value, and `otherwise` applies when none does. Only which states occur
/// matters, not how often or in which order.
public struct AggregateRule: Sendable, Hashable {
    /// One test over the counted scenes and the value it gives.
    public struct Case: Sendable, Hashable {
        public enum Quantifier: String, Sendable, Hashable {
            /// Some counted scene is in one of `states`.
            case any
            /// Every counted scene is in one of `states`.
            case all
        }

        public let quantifier: Quantifier
        public let states: [String]
        public let value: String

        /// Holds when some counted scene is in one of `states`.
        public static func any(_ states: [String], _ value: String) -> Case { Case(quantifier: .any, states: states, value: value) }
        /// Holds when every counted scene is in one of `states` (there is at least one: see `none`).
        public static func all(_ states: [String], _ value: String) -> Case { Case(quantifier: .all, states: states, value: value) }
    }

    /// States whose scenes do not count (a scene that is not attached, or does not exist).
    public let ignored: [String]
    /// The value when no scene counts (and `noneByProcess` does not list the process state).
    public let none: String
    /// The value when no scene counts, by the process state; a state not listed gives `none`.
    public let noneByProcess: [ProcessState: String]
    /// Tried in order; the first that holds gives the value.
    public let cases: [Case]
    /// The value when no case holds.
    public let otherwise: String

    public init(
        ignoring ignored: [String], none: String, noneByProcess: [ProcessState: String] = [:], cases: [Case], otherwise: String
    ) {
        self.ignored = ignored
        self.none = none
        self.noneByProcess = noneByProcess
        self.cases = cases
        self.otherwise = otherwise
    }

    /// The app-level value over these scene states (any number, repeats allowed), with the
    /// process in `process` (nil: unknown, so `noneByProcess` does not apply).
    public func value(of sceneStates: some Collection<String>, process: ProcessState? = nil) -> String {
        let counted = sceneStates.lazy.filter { !ignored.contains($0) }
        guard !counted.isEmpty else { return process.flatMap { noneByProcess[$0] } ?? none }
        for rule in cases {
            let holds = switch rule.quantifier {
            case .any: counted.contains { rule.states.contains($0) }
            case .all: counted.allSatisfy { rule.states.contains($0) }
            }
            if holds { return rule.value }
        }
        return otherwise
    }

    /// The rule in words, for messages: `active if any scene is active; else background if every
    /// scene is background; else inactive (scenes in noScene do not count)`.
    public var summary: String {
        var parts = cases.map { rule in
            let states = rule.states.joined(separator: " or ")
            return rule.value + (rule.quantifier == .any ? " if any scene is " : " if every scene is ") + states
        }
        parts.append(otherwise)
        var text = parts.joined(separator: "; else ")
        if !ignored.isEmpty { text += " (scenes in \(ignored.joined(separator: " or ")) do not count)" }
        return text
    }

    /// Every state id the rule names, for integrity checks.
    public var namedStates: [String] {
        ignored + [none, otherwise] + noneByProcess.values.sorted() + cases.flatMap { $0.states + [$0.value] }
    }
}

/// An `AggregateRule` over one machine's state indexes: what `Simulation` evaluates
/// after every event, without building strings or arrays. Built once per machine;
/// it gives what the rule gives for the machine's states (AggregateRuleTests check it).
struct IndexedAggregateRule: Sendable {
    struct Case: Sendable {
        let quantifier: AggregateRule.Case.Quantifier
        /// By state index: the state is one the case lists.
        let listed: [Bool]
        let value: String
    }

    /// By state index: a scene in the state counts (it is not ignored).
    let counts: [Bool]
    let cases: [Case]
    /// `noneByProcess` for `.notRunning`, `.running`, `.suspended`, with `none` filled in.
    let noneNotRunning: String
    let noneRunning: String
    let noneSuspended: String
    let otherwise: String

    init(_ rule: AggregateRule, states: [StateInfo]) {
        counts = states.map { !rule.ignored.contains($0.id) }
        cases = rule.cases.map { c in Case(quantifier: c.quantifier, listed: states.map { c.states.contains($0.id) }, value: c.value) }
        noneNotRunning = rule.noneByProcess[.notRunning] ?? rule.none
        noneRunning = rule.noneByProcess[.running] ?? rule.none
        noneSuspended = rule.noneByProcess[.suspended] ?? rule.none
        otherwise = rule.otherwise
    }

    func value(of stateIndexes: [Int], process: ProcessState) -> String {
        guard stateIndexes.contains(where: { counts[$0] }) else {
            return switch process {
            case .notRunning: noneNotRunning
            case .running: noneRunning
            case .suspended: noneSuspended
            }
        }
        for rule in cases {
            let holds = switch rule.quantifier {
            case .any: stateIndexes.contains { counts[$0] && rule.listed[$0] }
            case .all: stateIndexes.allSatisfy { !counts[$0] || rule.listed[$0] }
            }
            if holds { return rule.value }
        }
        return otherwise
    }
}
