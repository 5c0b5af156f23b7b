import LifecycleMachines
import Testing

@testable import LifecycleModel

/// `witness(forCallbacks:)` keeps, of each transition's calls, those the order names and those
/// of core callbacks, told by a set made with the machine.
@Suite struct WitnessTests {
    @Test func coreCallbacksAreThoseNotAuxiliary() {
        var asked = 0
        for machine in Machines.all {
            let names = machine.transitions.flatMap { $0.callbacks.map(\.name) } + machine.callbacks.map(\.id) + ["", "onNothing", "onPause()"]
            for name in names {
                let plain = machine.callbacks.contains { $0.id == name && !$0.auxiliary }
                #expect(machine.coreCallbackIDs.contains(name) == plain, "\(machine.id): \(name)")
                if plain { asked += 1 }
            }
            #expect(machine.coreCallbackIDs.count < machine.callbacks.count || !machine.callbacks.contains(where: \.auxiliary))
        }
        #expect(asked > 0)
    }

    /// A transition's own core calls, in order, are shown by that transition (or one that carries them as far).
    @Test func aTransitionsCallsAreWitnessed() {
        var shown = 0
        for machine in Machines.all {
            for transition in machine.transitions {
                let order = transition.callbacks.map(\.name).filter { machine.coreCallbackIDs.contains($0) }
                guard order.count >= 2 else { continue }
                let witness = machine.witness(forCallbacks: order)
                #expect(!witness.isEmpty, "\(machine.id): \(order)")
                // The first transition shown carries the first two calls, one after the other.
                let calls = witness.first.map { $0.callbacks.map(\.name).filter { order.contains($0) || machine.coreCallbackIDs.contains($0) } } ?? []
                #expect(zip(calls, calls.dropFirst()).contains { $0 == order[0] && $1 == order[1] }, "\(machine.id): \(order)")
                shown += 1
            }
        }
        #expect(shown > 10)
    }
}

/// State keys of ASCII names, and exact keys, are made on bytes: the same keys as by scalars.
@Suite struct StateKeyTests {
    @Test func asciiKeysAreTheScalarOnes() {
        var names = ["", ".", " ", "..", ". .x", "Not Running", "NOT_RUNNING", "not-running", ".background", "Background.", " a.b ", "X_-_Y",
                     "onPause()", "AZaz@[`{", "\t tab", "~!#"]
        for machine in Machines.all {
            for state in machine.states {
                for name in [state.id, state.name] + state.aliases {
                    names += [name, "." + name, "  " + name.uppercased(), name.replacing(" ", with: "_") + "-"]
                }
            }
        }
        for name in names + ["\u{600} ", " .é ", "ж ", "e\u{301}  ", ". . "] {
            #expect(Names.exactKey(name).unicodeScalars.elementsEqual(Names.exactKeyByScalars(name).unicodeScalars), "\(name)")
        }
        for name in names {
            #expect(Names.asciiStateKey(name) == Names.stateKeyByScalars(name), "\(name)")
            #expect(Names.stateKey(name) == Names.stateKeyByScalars(name))
        }
        // Other names are left to the scalar path.
        #expect(Names.asciiStateKey("Активно") == nil && Names.stateKey("Активно") == "активно")
        #expect(Names.asciiStateKey("İ") == nil && Names.stateKey(" Éa_b") == "éab")
    }
}
