import LifecycleMachines
import Testing
import TestSupport

@testable import LifecycleModel

/// `Transition` keeps its fields in one object; its equality and hash are written by hand. These
/// tests compare them with those of a struct of the same fields in the same order (what the
/// compiler made when the fields were the transition's own) on every transition of every
/// machine, made again field by field, and on seeded random changes of one field.
@Suite struct TransitionFieldsTests {
    struct Plain: Hashable {
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

        init(_ t: Transition) {
            row = t.row
            from = t.from
            event = t.event
            states = t.states
            callbacks = t.callbacks
            sources = t.sources
            confidence = t.confidence
            conditions = t.conditions
            covered = t.covered
            coverMask = t.coverMask
            effects = t.effects
            note = t.note
        }
    }

    /// The same transition made again (another object), or with one field changed.
    static func remade(_ t: Transition, change: Int) -> Transition {
        Transition(
            change == 1 ? t.row + "x" : t.row, from: change == 2 ? t.to : t.from, on: change == 3 ? "other" : t.event,
            to: change == 4 ? t.states.reversed() : t.states, callbacks: change == 5 ? t.callbacks.dropLast() : t.callbacks,
            covered: change == 6 ? (t.covered == nil ? [.dialog] : nil) : t.covered, sources: change == 7 ? [] : t.sources,
            confidence: change == 8 ? (t.confidence == .doc ? .inferred : .doc) : t.confidence,
            when: change == 9 ? [.root(true)] : t.conditions, effects: change == 10 ? [.setProcess(.running)] : t.effects,
            note: change == 11 ? nil : t.note)
    }

    @Test func equalityAndHashAreThoseOfTheFields() {
        let seed = 0x7E4A_0517 &+ SeededRandom.seedOffset("TRANSITION_FIELDS_SEED")
        var random = SeededRandom(seed: seed)
        let transitions = Machines.all.flatMap(\.transitions)
        var equal = 0
        var unequal = 0
        for (n, t) in transitions.enumerated() {
            let others = [t, Self.remade(t, change: 0), Self.remade(t, change: 1 + random.below(11)), random.pick(transitions)]
            for other in others {
                let context: Comment = "#\(n) (seed \(seed)): \(t.row) / \(other.row)"
                #expect((t == other) == (Plain(t) == Plain(other)), context)
                #expect(t.hashValue == Plain(t).hashValue, context)
                if t == other { equal += 1 } else { unequal += 1 }
            }
        }
        #expect(equal > 2 * transitions.count && unequal > transitions.count / 2, "\(equal) equal, \(unequal) not")
    }
}
