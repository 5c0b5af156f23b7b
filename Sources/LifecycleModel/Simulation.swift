/// What one event did: the states passed through and the callbacks fired.
public struct Step: Sendable, Hashable {
    public let event: String
    public let scene: String
    public let from: String
    /// States passed through, ending in the new state (empty: unchanged).
    public let states: [String]
    public let callbacks: [CallbackCall]
    public let transition: Transition
    /// Other documented outcomes of the same event here (alternative callback orders).
    public let alternatives: [Transition]
    /// The app-level value after the step, for multi-scene machines.
    public let aggregate: String?

    public var to: String { states.last ?? from }
}

/// An event that cannot happen in the current state.
public struct ImpossibleEvent: Error, Sendable, Hashable {
    public let event: String
    public let scene: String
    public let state: String
    /// The events that can happen there.
    public let possible: [String]
}

/// A running instance of a machine: the state of each scene (one, "main",
/// unless events name others) and of the process.
public struct Simulation: Sendable {
    public let machine: Machine
    public var options: MachineOptions {
        didSet { optionsHold = machine.transitionsAllowed(under: options) }
    }
    /// Per transition: its conditions on the options (api, configChanges, root) hold. They do not
    /// change while the options stay, so they are checked once, not on every fire.
    private var optionsHold: [Bool]
    /// Scene names in the order they appeared, and their state indexes (`mapScenes` is inlined
    /// into its callers, and reads them there).
    @usableFromInline private(set) var sceneNames: [String]
    @usableFromInline private(set) var sceneStates: [Int]
    /// What covers each scene, as a `Cover.bit` (Android: see `Cover`).
    private(set) var sceneCovers: [UInt8]
    public private(set) var process: ProcessState

    public static let mainScene = "main"

    public init(machine: Machine, options: MachineOptions = MachineOptions(), from state: String? = nil) {
        self.machine = machine
        self.options = options
        optionsHold = machine.transitionsAllowed(under: options)
        let start = state ?? machine.initialState
        sceneNames = [Self.mainScene]
        sceneStates = [machine.stateIndex[start] ?? 0]
        sceneCovers = [Cover.uncovered.bit]
        process = start == machine.initialState ? .notRunning : .running
    }

    /// Puts `scene` in `state` before any event, as a block's `given active@B` does: a scene of a
    /// running app (the process runs once a scene is in any state but the initial one).
    public mutating func place(_ scene: String, in state: String) {
        guard let index = machine.stateIndex[state] else { return }
        if let i = sceneNames.firstIndex(of: scene) {
            sceneStates[i] = index
        } else {
            sceneNames.append(scene)
            sceneStates.append(index)
            sceneCovers.append(Cover.uncovered.bit)
        }
        if process == .notRunning && state != machine.initialState { process = .running }
    }

    /// The current state of a scene; a scene not seen yet is in the initial state.
    public func state(of scene: String = Simulation.mainScene) -> String {
        guard let i = sceneNames.firstIndex(of: scene) else { return machine.initialState }
        return machine.states[sceneStates[i]].id
    }

    public var scenes: [(name: String, state: String)] { mapScenes { ($0, $1) } }

    /// Each scene's name and state, in order of appearance, made into one value each: one array,
    /// where mapping `scenes` made two. Inlinable: called from another module unspecialized, it
    /// looked its array's type up and reserved its room through the generic path (about 1,200
    /// instructions a run).
    @inlinable
    public func mapScenes<T>(_ transform: (_ name: String, _ state: String) -> T) -> [T] {
        var result: [T] = []
        result.reserveCapacity(sceneNames.count)
        for index in sceneNames.indices { result.append(transform(sceneNames[index], machine.states[sceneStates[index]].id)) }
        return result
    }

    /// The app-level value (the machine's `aggregateRule`, evaluated on state indexes: this runs on every fire).
    public var aggregate: String? { machine.indexedAggregate?.value(of: sceneStates, process: process) }

    /// The transitions `event` may take now, first the one `fire` takes.
    public func candidates(_ event: String, scene: String = Simulation.mainScene) -> [Transition] {
        guard let e = machine.eventIndex[event] else { return [] }
        let sceneIndex = sceneNames.firstIndex(of: scene)
        return applicable(event: e, sceneIndex: sceneIndex).map { machine.transitions[$0] }
    }

    /// Indexes of the transitions of event `e` whose conditions hold, in definition order.
    private func applicable(event e: Int, sceneIndex: Int?) -> [Int] {
        let s = sceneIndex.map { sceneStates[$0] } ?? initialIndex
        return machine.table[s * machine.events.count + e].filter { holds($0, sceneIndex: sceneIndex) }
    }

    /// The first transition of event `e` whose conditions hold (the hot path: no allocation).
    private func firstApplicable(event e: Int, sceneIndex: Int?) -> Int? {
        let s = sceneIndex.map { sceneStates[$0] } ?? initialIndex
        for t in machine.table[s * machine.events.count + e] where holds(t, sceneIndex: sceneIndex) {
            return t
        }
        return nil
    }

    private var initialIndex: Int { machine.stateIndex[machine.initialState] ?? 0 }

    /// What covers a scene now; a scene not seen yet is uncovered.
    public func cover(of scene: String = Simulation.mainScene) -> Cover {
        guard let i = sceneNames.firstIndex(of: scene) else { return .uncovered }
        return Cover.allCases.first { $0.bit == sceneCovers[i] } ?? .uncovered
    }

    /// Whether transition `t` can be taken now: its cover, its option conditions (precomputed),
    /// and its conditions on the process and the other scenes.
    private func holds(_ t: Int, sceneIndex: Int?) -> Bool {
        let transition = machine.transitions[t]
        if transition.coverMask != .max, transition.coverMask & (sceneIndex.map { sceneCovers[$0] } ?? Cover.uncovered.bit) == 0 {
            return false
        }
        guard optionsHold[t] else { return false }
        if !machine.hasStateConditions[t] { return true }
        return transition.conditions.allSatisfy { condition in
            switch condition {
            case .process:
                return condition.holds(options, process: process, otherScenes: EmptyCollection())
            case .otherScenesIn:
                let others = sceneStates.indices.lazy.filter { $0 != sceneIndex }.map { machine.states[sceneStates[$0]].id }
                return condition.holds(options, process: process, otherScenes: others)
            default:
                return true
            }
        }
    }

    /// Runs `event` in `scene`.
    public mutating func fire(_ event: String, scene: String = Simulation.mainScene) -> Result<Step, ImpossibleEvent> {
        let sceneIndex = sceneNames.firstIndex(of: scene)
        guard let e = machine.eventIndex[event], let chosen = firstApplicable(event: e, sceneIndex: sceneIndex) else {
            return .failure(ImpossibleEvent(event: event, scene: scene, state: state(of: scene), possible: possibleEvents(scene: scene)))
        }
        let transition = machine.transitions[chosen]
        // Alternatives are rare (a few Android rows); look for them only where the table has more than one entry.
        let alternatives = machine.table[(sceneIndex.map { sceneStates[$0] } ?? initialIndex) * machine.events.count + e].count > 1
            ? applicable(event: e, sceneIndex: sceneIndex).filter { $0 != chosen }.map { machine.transitions[$0] } : []
        let from = state(of: scene)
        var index = sceneIndex ?? -1
        if index < 0 {
            sceneNames.append(scene)
            sceneStates.append(initialIndex)
            sceneCovers.append(Cover.uncovered.bit)
            index = sceneNames.count - 1
        }
        if let to = machine.targetIndex[chosen] { sceneStates[index] = to }
        for effect in transition.effects {
            switch effect {
            case .setProcess(let state): process = state
            case .allScenes(let state):
                if let s = machine.stateIndex[state] { sceneStates = sceneStates.map { _ in s } }
                sceneCovers = sceneCovers.map { _ in Cover.uncovered.bit }
            case .cover(let cover): sceneCovers[index] = cover.bit
            }
        }
        return .success(Step(
            event: event, scene: scene, from: from, states: transition.states, callbacks: transition.callbacks,
            transition: transition, alternatives: alternatives, aggregate: aggregate))
    }

    /// Events that can happen in `scene` now, in the machine's event order.
    public func possibleEvents(scene: String = Simulation.mainScene) -> [String] {
        let sceneIndex = sceneNames.firstIndex(of: scene)
        let s = sceneIndex.map { sceneStates[$0] } ?? initialIndex
        // Only events with a transition from this state can be possible; their conditions decide.
        var possible: [String] = []
        for e in machine.eventsByState[s] where firstApplicable(event: e, sceneIndex: sceneIndex) != nil {
            possible.append(machine.events[e].id)
        }
        return possible
    }
}
