import LifecycleMachines
@testable import LifecycleModel
import Testing

@testable import Scenarios

/// `ChainFinder.isKnownName` answers from one index of every machine's keys: it must say what
/// asking each machine says, for every spelling a page may use.
@Suite struct KnownNameTests {
    static func spellings() -> [String] {
        var names = ["", " ", "Resumen", "the app", "onPauseX", "()", "(_:)", ".", "Not", "Running", "onPause(", "Activo", "не"]
        // Whole sentences between two arrows, which the index turns down by their length.
        names += [
            "Cuando el sistema destruye la actividad para liberar memoria, el estado guardado vuelve en onCreate",
            "Когато системата унищожи активността, за да освободи памет, състоянието се връща в onCreate",
            String(repeating: "onPause ", count: 20), String(repeating: "é", count: 200), String(repeating: "e\u{301}", count: 200),
        ]
        for machine in Machines.all {
            for state in machine.states {
                for name in [state.id, state.name] + state.aliases {
                    names += [name, name.lowercased(), name.uppercased(), "." + name, " " + name + " ", name.replacing(" ", with: "_"), name + "x"]
                    // Padding no key keeps, and the same letters decomposed (equal as Strings).
                    names += [String(repeating: " ", count: 90) + name + String(repeating: "_-", count: 40), name.replacing("é", with: "e\u{301}")]
                }
            }
            for callback in machine.callbacks {
                for name in [callback.id] + callback.aliases {
                    names += [name, name + "()", name + "(_:)", name.lowercased(), name + "(", "x" + name, name + String(repeating: "a", count: 60)]
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

    /// The length test counts ASCII scalars that no key function drops, and allows 3 more.
    @Test func longNamesAreToldByTheirASCIIScalars() {
        #expect(!Machine.NameIndex.keepsMoreScalars("abcde", than: 2))
        #expect(Machine.NameIndex.keepsMoreScalars("abcdef", than: 2))
        #expect(!Machine.NameIndex.keepsMoreScalars(" a_b-c.d e ", than: 2))
        #expect(!Machine.NameIndex.keepsMoreScalars("ééééééééé", than: 2))
        #expect(Machine.NameIndex.keepsMoreScalars("onPause(_:)", than: 4))
        #expect(!Machine.NameIndex.keepsMoreScalars("onPause(_:)", than: 7))
    }
}
