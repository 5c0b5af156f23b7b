import Diagrams
import LifecycleModel
import Mustache
import Synchronization

/// What the figures' rows show of one of a machine's transitions in one language, made once with
/// the machine's other values (`LanguageValues.MachineValues`): every step of every figure looked
/// its states, event, callbacks and source up by their ids, a String hashed for each (about 400
/// instructions), escaped its ids when they were written, and marked its diagram state by state.
final class TransitionRow: Sendable {
    /// The state and event of the step the row is made for: a step from another state or on
    /// another event (none the simulator makes) makes its own row.
    let from: String
    let event: String
    /// `ExampleFigure.rowValues` of the transition.
    let example: [MustacheValue]
    /// `ExerciseFigure.rowValues` of the transition, with the event in the main scene.
    let exercise: [MustacheValue]
    /// What the step marks on the machine's diagram.
    let marks: DiagramStepMarks
    /// The records of `example` and `exercise` as the step numbered `n` shows them (at `n - 1`,
    /// `.null` until a figure asks for one): a step copied the row's values to set its number, a
    /// retain of each, and a release of each with its figure.
    private let numbered = Mutex<(example: [MustacheValue], exercise: [MustacheValue])>(([], []))
    /// Steps numbered past it (long runs, rare) make their own record.
    static let numberedLimit = 64

    init(
        _ transition: Transition, multiScene: Bool, states: StateNames, events: EventNames, diagram: PreparedDiagram,
        text: (String) -> String
    ) {
        from = transition.from
        event = transition.event
        let (fromName, walk) = states.step(from: from, through: transition.states)
        example = ExampleFigure.rowValues(from: from, event: event, transition: transition, fromName: fromName, walk: walk, events: events)
        let eventValue = ExerciseFigure.eventValue(event, scene: nil, first: nil, multiScene: multiScene, events: events)
        exercise = ExerciseFigure.rowValues(event: eventValue, transition: transition, fromName: fromName, walk: walk, text: text)
        marks = diagram.path().stepMarks(from: from, through: transition.states)
    }

    /// `example` with `number` as a record of `ExampleFigure.stepShape`, made once for each number.
    func exampleRecord(number: Int) -> MustacheValue {
        numbered.withLock { Self.record(number, in: &$0.example, shape: ExampleFigure.stepShape, values: example) }
    }

    /// `exercise` (in the main scene) with `number` as a record of `ExerciseFigure.stepShape`, made once for each number.
    func exerciseRecord(number: Int) -> MustacheValue {
        numbered.withLock { Self.record(number, in: &$0.exercise, shape: ExerciseFigure.stepShape, values: exercise) }
    }

    /// The record of `values` with the first set to `number`, found in `table` or made and kept there.
    private static func record(_ number: Int, in table: inout [MustacheValue], shape: MustacheShape, values: [MustacheValue]) -> MustacheValue {
        let index = number - 1
        if table.indices.contains(index), case .record = table[index] { return table[index] }
        var values = values
        values[0] = .int(number)
        let made = MustacheValue.record(MustacheRecord(shape, values))
        guard index >= 0 && index < numberedLimit else { return made }
        while table.count <= index { table.append(.null) }
        table[index] = made
        return made
    }
}

/// The rows of a machine's transitions in one language, found by a transition's identity (a copy
/// of one of the machine's transitions has it: no field is hashed), each made the first time a
/// figure shows it (a site's figures show some of a machine's transitions in some languages).
final class TransitionRows: Sendable {
    /// By identity, the number of each of the machine's transitions (which the machine keeps alive,
    /// so no other transition takes one of their identities).
    private let numbers: [Key: Int]
    private let rows: Mutex<[TransitionRow?]>

    init(_ transitions: [Transition]) {
        numbers = Dictionary(transitions.enumerated().map { (Key(identity: $1.identity), $0) }, uniquingKeysWith: { first, _ in first })
        rows = Mutex(Array(repeating: nil, count: transitions.count))
    }

    /// The row of `transition`, made by `make` the first time; nil for a transition the machine does not hold.
    func row(_ transition: Transition, make: (Transition) -> TransitionRow) -> TransitionRow? {
        guard let number = numbers[Key(identity: transition.identity)] else { return nil }
        return rows.withLock { rows in
            if let made = rows[number] { return made }
            let made = make(transition)
            rows[number] = made
            return made
        }
    }

    private struct Key: Hashable, Sendable {
        let identity: ObjectIdentifier

        func hash(into hasher: inout Hasher) { hasher.combine(identity) }

        /// What `Dictionary` asks for: the object's address mixed with the table's seed, with no
        /// `Hasher` run (as `MustacheKey` does).
        func _rawHashValue(seed: Int) -> Int {
            var mixed = UInt64(UInt(bitPattern: identity)) ^ UInt64(bitPattern: Int64(seed))
            mixed = (mixed ^ (mixed >> 32)) &* 0x9E37_79B9_7F4A_7C15
            return Int(bitPattern: UInt(truncatingIfNeeded: mixed ^ (mixed >> 29)))
        }
    }
}
