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
public struct Transition: Sendable, Hashable {
    /// The spec's row: "A3", "S7", "D11b".
    public let row: String
    public let from: String
    public let event: String
    /// States passed through, in order, ending in the new state; empty when the state does not change.
    public let states: [String]
    public let callbacks: [CallbackCall]
    /// Source tags of the spec's index: "AP-WRA", "AD-LC".
    public let sources: [String]
    public let confidence: Confidence
    public let conditions: [Condition]
    /// The covers of the scene the transition can happen under; nil: any.
    public let covered: [Cover]?
    /// `covered` as bits of `Cover.bit` (all bits: any).
    let coverMask: UInt8
    public let effects: [Effect]
    public let note: String?

    public init(
        _ row: String, from: String, on event: String, to states: [String], callbacks: [CallbackCall] = [],
        covered: [Cover]? = nil, sources: [String], confidence: Confidence = .doc, when conditions: [Condition] = [],
        effects: [Effect] = [], note: String? = nil
    ) {
        self.covered = covered
        coverMask = covered.map { $0.reduce(0) { $0 | $1.bit } } ?? .max
        self.row = row
        self.from = from
        self.event = event
        self.states = states
        self.callbacks = callbacks
        self.sources = sources
        self.confidence = confidence
        self.conditions = conditions
        self.effects = effects
        self.note = note
    }

    /// The state after the transition.
    public var to: String { states.last ?? from }
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
