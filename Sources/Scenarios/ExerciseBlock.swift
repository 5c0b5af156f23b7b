import Diagnostics
import LifecycleModel

/// A parsed `exercise` block: a question whose answer key the model checks when the site is built.
///
/// ````markdown
/// ```exercise android-activity api=28
/// # What does the activity go through when the user presses Home?
/// kind order
/// given resumed
/// event home
/// answer onPause -> onStop -> onSaveInstanceState
/// ```
/// ````
///
/// The info string is a `lifecycle` block's: `exercise <machine> [api=N|any] [targetSdk=N]
/// [configChanges=a|b] [root=true]`, and every line is judged under its options. One
/// exercise per block; blank lines are ignored; `#` comments are the only part a translator
/// changes, and the comment lines before the first other line are the question.
///
/// - `kind predict|order|choose|reach`: what the reader is asked (exactly once).
/// - `given <state>`: where the run starts (predict, order, reach; optional for choose): the
///   state of the scene the event names (predict, order), the first event names (reach), or
///   the main scene (choose).
/// - `given <state>@<scene>` (machines with scenes): another scene already in a state before
///   the event, once per scene, as in `lifecycle` blocks.
/// - `event <event>[@scene]`: the event (predict, order).
/// - `target <state>`: the state to reach (reach).
/// - `answer …`: the key. predict: one state, or `app <state>` for the app-level value after
///   the event (machines with scenes); order: `<callback> -> <callback> -> …` (at least
///   two); reach: events separated by spaces or commas (`@scene` as in `lifecycle` blocks).
/// - `option <statement>` / `option* <statement>` (choose; `*` marks a correct one): a
///   `lifecycle` block line, `path …`, `callbacks …`, `never …` or
///   `<event> [-> states] [: callbacks]` (judged from `given`).
/// A class, not a struct: the runner, its result and the trace each keep the block, and each
/// copy of a struct of this many parts retained and released every one of them.
public final class ExerciseBlock: Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The state after an event.
        case predict
        /// The callbacks of an event, in order.
        case order
        /// Which statements hold.
        case choose
        /// Events that lead from one state to another.
        case reach
    }

    public let machine: Machine
    /// The place of the info string's first character (`exercise`).
    public let infoLocation: SourceLocation
    public let machineLocation: SourceLocation
    /// The options, parsed; the defaults when `optionsValid` is false.
    public let options: MachineOptions
    /// The options as written, in order.
    public let optionPairs: [BlockOption]
    public let optionsValid: Bool
    /// Nil when the block has no `kind` line or names an unknown kind (reported).
    public let kind: Kind?
    /// The place of the `kind` keyword (the info string's when there is none).
    public let kindLocation: SourceLocation
    public let given: WrittenName?
    /// The `given <state>@<scene>` lines, in order.
    public let givenScenes: [ExerciseGivenScene]
    /// The `event` line's event (no states or callbacks).
    public let event: EventLine?
    public let target: WrittenName?
    public let answer: ExerciseAnswer?
    /// The place of the `answer` keyword.
    public let answerLocation: SourceLocation?
    /// The `option` lines of a `choose` exercise, in order.
    public let choices: [ExerciseChoice]
    /// Every comment, whole-line and trailing, in order.
    public let comments: [BlockComment]
    /// The comment lines before the first other line: the question.
    public let questionLines: [String]
    /// The problems found while parsing.
    public let diagnostics: [Diagnostic]

    init(
        machine: Machine, infoLocation: SourceLocation, machineLocation: SourceLocation,
        options: MachineOptions, optionPairs: [BlockOption], optionsValid: Bool, kind: Kind?,
        kindLocation: SourceLocation, given: WrittenName?, givenScenes: [ExerciseGivenScene], event: EventLine?, target: WrittenName?,
        answer: ExerciseAnswer?, answerLocation: SourceLocation?, choices: [ExerciseChoice],
        comments: [BlockComment], questionLines: [String], diagnostics: [Diagnostic]
    ) {
        self.machine = machine
        self.infoLocation = infoLocation
        self.machineLocation = machineLocation
        self.options = options
        self.optionPairs = optionPairs
        self.optionsValid = optionsValid
        self.kind = kind
        self.kindLocation = kindLocation
        self.given = given
        self.givenScenes = givenScenes
        self.event = event
        self.target = target
        self.answer = answer
        self.answerLocation = answerLocation
        self.choices = choices
        self.comments = comments
        self.questionLines = questionLines
        self.diagnostics = diagnostics
    }

    /// The question as one text (the comment lines before the first other line).
    public var question: String { questionLines.joined(separator: " ") }

    /// The scene whose start `given` is, when the block names it: the event's (predict, order),
    /// the first answer event's (reach); nil for the main scene and for choose.
    public func followedScene(_ kind: Kind) -> String? {
        switch kind {
        case .predict, .order: event?.scene
        case .reach: if case .events(let events)? = answer { events.first?.scene } else { nil }
        case .choose: nil
        }
    }

    /// Where the run starts: the `given` state, else the machine's initial state.
    public var initialState: String { given?.id ?? machine.initialState }
}

/// The answer key of an exercise, as written.
public enum ExerciseAnswer: Sendable, Hashable {
    /// predict: the state after the event.
    case state(WrittenName)
    /// predict: the app-level value after the event (`answer app <state>`).
    case app(WrittenName)
    /// order: the callbacks, in order.
    case callbacks([WrittenName])
    /// reach: the events, in order (each without states or callbacks).
    case events([EventLine])
}

/// A `given <state>@<scene>` line of an exercise: a scene other than the one the run follows.
public struct ExerciseGivenScene: Sendable, Hashable {
    public let state: WrittenName
    public let scene: String
    /// The place of the `given` keyword.
    public let location: SourceLocation
}

/// An `option` line of a `choose` exercise.
public struct ExerciseChoice: Sendable, Hashable {
    /// 1-based, in order of the block.
    public let number: Int
    /// `option*`: the statement holds in the model.
    public let correct: Bool
    /// The place of the `option` keyword.
    public let location: SourceLocation
    /// The statement, read as a line of a `lifecycle` block: `.event` or `.chain` (`.invalid` when it could not be read).
    public let statement: BlockLine.Content
    /// The statement as written, without the keyword and any trailing comment.
    public let text: String
    /// The place of the statement's first character.
    public let statementLocation: SourceLocation
}
