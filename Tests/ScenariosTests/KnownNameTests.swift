import LifecycleMachines
import LifecycleModel
import Testing

@testable import Scenarios

/// `ChainFinder.isKnownName` answers from one index of every machine's keys: it must say what
/// asking each machine says, for every spelling a page may use.
@Suite struct KnownNameTests {
    static func spellings() -> [String] {
        var names = ["", " ", "Resumen", "the app", "onPauseX", "()", "(_:)", ".", "Not", "Running", "onPause(", "Activo", "не"]
        for machine in Machines.all {
            for state in machine.states {
                for name in [state.id, state.name] + state.aliases {
                    names += [name, name.lowercased(), name.uppercased(), "." + name, " " + name + " ", name.replacing(" ", with: "_"), name + "x"]
                }
            }
            for callback in machine.callbacks {
                for name in [callback.id] + callback.aliases {
                    names += [name, name + "()", name + "(_:)", name.lowercased(), name + "(", "x" + name]
                }
            }
        }
        return names
    }

    @Test func theIndexAgreesWithEveryMachine() {
        var known = 0
        for name in Self.spellings() {
            let asked = Machines.all.contains { $0.resolveState(name) != nil || $0.resolveCallback(name) != nil }
            #expect(ChainFinder.isKnownName(name) == asked, "\(name)")
            if asked { known += 1 }
        }
        // Both answers occur: the comparison is not of two constant functions.
        #expect(known > 100)
        #expect(known < Self.spellings().count)
    }
}
