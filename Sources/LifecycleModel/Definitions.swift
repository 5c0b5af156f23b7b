/// A state of a machine, with the other spellings articles use for it.
public struct StateInfo: Sendable, Hashable {
    public let id: String
    /// How people write it: "Not Running", "Foreground Active".
    public let name: String
    public let aliases: [String]
    /// False for states no API reports (iOS Suspended, Not running).
    public let observable: Bool

    public init(_ id: String, name: String, aliases: [String] = [], observable: Bool = true) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.observable = observable
    }
}

/// Something that happens to an app: a user action or a system decision.
public struct EventInfo: Sendable, Hashable {
    public let id: String
    public let summary: String

    public init(_ id: String, _ summary: String) {
        self.id = id
        self.summary = summary
    }
}

/// A method the platform calls, spelled as the platform spells it, with the
/// spellings articles use (`applicationWillResignActive(_:)`, `onPause()`).
public struct CallbackInfo: Sendable, Hashable {
    public let id: String
    public let aliases: [String]
    /// An auxiliary callback (`onSaveInstanceState`, `onWindowFocusChanged`) may be
    /// left out of a written callback order; a core one (`onPause`) may not.
    public let auxiliary: Bool

    public init(_ id: String, aliases: [String] = [], auxiliary: Bool = false) {
        self.id = id
        self.aliases = aliases
        self.auxiliary = auxiliary
    }
}

/// One callback of a transition; an optional one may or may not be called
/// (Android: `onSaveInstanceState` "if called").
public struct CallbackCall: Sendable, Hashable {
    public let name: String
    public let optional: Bool

    public init(_ name: String, optional: Bool = false) {
        self.name = name
        self.optional = optional
    }
}

/// Whether the process of an iOS app exists and runs.
public enum ProcessState: String, Sendable, Hashable {
    case notRunning
    case running
    case suspended
}

/// When a transition applies, besides its state and event.
public enum Condition: Sendable, Hashable {
    /// Android: the device runs at least this API level.
    case apiAtLeast(Int)
    /// Android: the device runs a level below this one.
    case apiBelow(Int)
    /// Android: the app's `targetSdk` is at least this level (`MachineOptions.target`).
    case targetSDKAtLeast(Int)
    /// Android: the app's `targetSdk` is below this level.
    case targetSDKBelow(Int)
    /// Android: `android:configChanges` declares this change, so the activity handles it itself.
    case configHandled(String)
    case configNotHandled(String)
    /// Android: the activity is (or is not) the root of its task.
    case root(Bool)
    /// iOS scenes: the app process is in one of these states.
    case process(Set<ProcessState>)
    /// iOS scenes: every other scene is in one of these states.
    case otherScenesIn(Set<String>)
}

/// Android: what covers the activity or holds the input focus instead of it. `Simulation`
/// remembers one per scene (`uncovered` at first and after the process dies), so that only a
/// sequence that put a cover there can take it away: no dialog dismissed that was not shown.
public enum Cover: String, Sendable, Hashable, CaseIterable {
    case uncovered
    /// A translucent or dialog-themed activity on top (D5).
    case translucentActivity
    /// The activity's own Dialog window has the focus (D7).
    case dialog
    /// The notification shade or a system alert window has the focus (D8).
    case notificationShade
    /// Multi-window: another app's window has the focus (D11).
    case otherWindow
    /// The activity itself is in its picture-in-picture window, paused (D21).
    case pictureInPicture

    /// One bit per cover, for `Transition.coverMask`.
    @inline(__always) var bit: UInt8 {
        switch self {
        case .uncovered: 1
        case .translucentActivity: 2
        case .dialog: 4
        case .notificationShade: 8
        case .otherWindow: 16
        case .pictureInPicture: 32
        }
    }
}

/// What a transition changes beyond its own scene's state.
public enum Effect: Sendable, Hashable {
    case setProcess(ProcessState)
    /// Every scene (not only the event's) ends in this state: the process died.
    case allScenes(String)
    /// The scene's cover from now on (`.uncovered`: the cover is gone).
    case cover(Cover)
}

/// One documented way to leave a state (a row of the spec's tables).
/// Its fields live in one immutable object: steps, witnesses and a page's traces copy
/// transitions often, and a copy of a dozen Strings and arrays retained each of them.
public struct Transition: Sendable, Hashable {
    private let fields: Fields

    private final class Fields: Sendable {
        let row: String
        let from: String
        let event: String
        let states: [String]
        let callbacks: [CallbackCall]
        let sources: [String]
        let confidence: Confidence
        let conditions: [Condition]
        let covered: [Cover]?
        let coverMask: UInt8
        let effects: [Effect]
        let note: String?

        init(
            row: String, from: String, event: String, states: [String], callbacks: [CallbackCall], sources: [String],
            confidence: Confidence, conditions: [Condition], covered: [Cover]?, effects: [Effect], note: String?
        ) {
            self.row = row
            self.from = from
            self.event = event
            self.states = states
            self.callbacks = callbacks
            self.sources = sources
            self.confidence = confidence
            self.conditions = conditions
            self.covered = covered
            coverMask = covered.map { $0.reduce(0) { $0 | $1.bit } } ?? .max
            self.effects = effects
            self.note = note
        }
    }

    /// The spec's row: "A3", "S7", "D11b".
    public var row: String { fields.row }
    public var from: String { fields.from }
    public var event: String { fields.event }
    /// States passed through, in order, ending in the new state; empty when the state does not change.
    public var states: [String] { fields.states }
    public var callbacks: [CallbackCall] { fields.callbacks }
    /// Source tags of the spec's index: "AP-WRA", "AD-LC".
    public var sources: [String] { fields.sources }
    public var confidence: Confidence { fields.confidence }
    public var conditions: [Condition] { fields.conditions }
    /// The covers of the scene the transition can happen under; nil: any.
    public var covered: [Cover]? { fields.covered }
    /// `covered` as bits of `Cover.bit` (all bits: any).
    var coverMask: UInt8 { fields.coverMask }
    public var effects: [Effect] { fields.effects }
    public var note: String? { fields.note }

    public init(
        _ row: String, from: String, on event: String, to states: [String], callbacks: [CallbackCall] = [],
        covered: [Cover]? = nil, sources: [String], confidence: Confidence = .doc, when conditions: [Condition] = [],
        effects: [Effect] = [], note: String? = nil
    ) {
        fields = Fields(
            row: row, from: from, event: event, states: states, callbacks: callbacks, sources: sources, confidence: confidence,
            conditions: conditions, covered: covered, effects: effects, note: note)
    }

    /// Field by field, as when they were the struct's own (one object is equal to itself).
    public static func == (a: Transition, b: Transition) -> Bool {
        if a.fields === b.fields { return true }
        return a.row == b.row && a.from == b.from && a.event == b.event && a.states == b.states && a.callbacks == b.callbacks
            && a.sources == b.sources && a.confidence == b.confidence && a.conditions == b.conditions && a.covered == b.covered
            && a.coverMask == b.coverMask && a.effects == b.effects && a.note == b.note
    }

    /// The fields in the order the struct declared them: the same hash as when they were its own.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(row)
        hasher.combine(from)
        hasher.combine(event)
        hasher.combine(states)
        hasher.combine(callbacks)
        hasher.combine(sources)
        hasher.combine(confidence)
        hasher.combine(conditions)
        hasher.combine(covered)
        hasher.combine(coverMask)
        hasher.combine(effects)
        hasher.combine(note)
    }

    /// The state after the transition.
    public var to: String { states.last ?? from }

    /// Shared by every copy of this transition and by no other transition while one exists: what
    /// a page made once of each of a machine's transitions is found by it, without hashing the fields.
    public var identity: ObjectIdentifier { ObjectIdentifier(fields) }
}

/// An option a machine accepts in `lifecycle` blocks and on the command line.
public struct OptionInfo: Sendable, Hashable {
    public let name: String
    public let summary: String
    /// The default, as written: "34", "false", "" (none).
    public let defaultValue: String

    public init(name: String, summary: String, defaultValue: String) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
    }
}
