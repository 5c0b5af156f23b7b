import Diagnostics
import LifecycleModel

/// What running a `lifecycle` block found: the trace of its events (for the
/// static trace and the browser player), the verdict on each chain line,
/// and every diagnostic of the block (the parser's too).
public struct ExampleResult: Sendable {
    public let block: LifecycleBlock
    /// Where the run started (scene `main` for multi-scene machines).
    public let initialState: String
    /// The other scenes' start states (`given <state>@<scene>`), in order.
    public let givenScenes: [SceneState]
    /// The event lines that ran and matched the model, in order. After a
    /// failed event line the run stops, so this may end early (`complete`).
    public let steps: [ExampleStep]
    /// The `path`, `callbacks` and `never` lines whose names all resolved.
    public let checks: [ChainResult]
    /// Errors and warnings, sorted by place.
    public let diagnostics: [Diagnostic]
    /// Every scene's state at the end of the run, in order of appearance.
    public let scenes: [SceneState]
    /// The process at the end of the run.
    public let process: ProcessState
    /// The app-level value at the end, for multi-scene machines.
    public let aggregate: String?
    /// Whether every event line was run (false after a failed line or a problem of `given` or the options).
    public let complete: Bool

    /// No error (warnings allowed).
    public var passed: Bool { !diagnostics.contains { $0.severity == .error } }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// The state of `scene` at the end of the run.
    public func finalState(of scene: String = Simulation.mainScene) -> String? {
        scenes.first { $0.scene == scene }?.state
    }
}

/// One event of the run: the simulator's step and the documented outcome the written line matched.
public struct ExampleStep: Sendable, Hashable {
    /// What the simulator did; it always follows the event's first documented outcome.
    public let step: Step
    /// The outcome the line matched: `step.transition` or one of `step.alternatives`
    /// (below API 28, Android documents two orders of `onSaveInstanceState`).
    public let matched: Transition
    /// The line's index in `block.lines` (where it stands: `block.lines[lineIndex].location`).
    public let lineIndex: Int

    public var event: String { step.event }
    public var scene: String { step.scene }
    public var from: String { step.from }
    /// States passed through, ending in the new state (empty: unchanged), as the matched outcome has them.
    public var states: [String] { matched.states }
    /// The callbacks fired, in order; an optional one may not be called.
    public var callbacks: [CallbackCall] { matched.callbacks }
    /// The other documented outcomes of the event there.
    public var alternatives: [Transition] { ([step.transition] + step.alternatives).filter { $0 != matched } }
    /// The app-level value after the step, for multi-scene machines.
    public var aggregate: String? { step.aggregate }

    public var to: String { states.last ?? from }
    public var row: String { matched.row }
    public var sources: [String] { matched.sources }
    public var confidence: Confidence { matched.confidence }
}

/// The verdict on a `path`, `callbacks` or `never` line.
public struct ChainResult: Sendable, Hashable {
    public let kind: ChainLine.Kind
    /// The names resolved to the model's ids.
    public let ids: [String]
    /// The line holds: the path is legal, the order can happen, the `never` path is illegal.
    public let ok: Bool
    /// The line's index in `block.lines` (where it stands: `block.lines[lineIndex].location`).
    public let lineIndex: Int
    /// For a `path` that fails, or a `never` that holds: the index of the first state that cannot follow.
    public let failureIndex: Int?
}

/// A scene and its state.
public struct SceneState: Sendable, Hashable {
    public let scene: String
    public let state: String
}

/// What a block that ran without an error shows a reader: its trace and checks, with no
/// place in any file. Every copy of a block (translations share their blocks) shows the
/// same, so a build may run each distinct block once (`VerificationCache`).
public struct ExampleTrace: Sendable {
    public let machine: Machine
    public let options: MachineOptions
    /// Where the run started (scene `main` for multi-scene machines).
    public let initialState: String
    /// The other scenes' start states (`given <state>@<scene>`), in order.
    public let givenScenes: [SceneState]
    /// The block's `#` comments, joined: the figure's caption.
    public let caption: String
    public let steps: [ExampleStep]
    public let checks: [ChainResult]

    /// Nil for a run with an error: it shows nothing but the block as written.
    public init?(_ result: ExampleResult) {
        guard result.passed else { return nil }
        machine = result.block.machine
        options = result.block.options
        initialState = result.initialState
        givenScenes = result.givenScenes
        caption = result.block.commentText
        steps = result.steps
        checks = result.checks
    }
}
