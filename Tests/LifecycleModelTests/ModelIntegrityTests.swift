import Testing
@testable import LifecycleMachines

@testable import LifecycleModel

/// Every machine refers only to its own states, events and callbacks, and to known sources.
@Suite struct ModelIntegrityTests {
    @Test(arguments: Machines.ids)
    func transitionsUseKnownNames(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let states = Set(machine.states.map(\.id))
        let events = Set(machine.events.map(\.id))
        let callbacks = Set(machine.callbacks.map(\.id))
        #expect(states.contains(machine.initialState))
        #expect(!machine.transitions.isEmpty)
        for t in machine.transitions {
            #expect(states.contains(t.from), "\(t.row): unknown state \(t.from)")
            #expect(events.contains(t.event), "\(t.row): unknown event \(t.event)")
            for s in t.states { #expect(states.contains(s), "\(t.row): unknown state \(s)") }
            for c in t.callbacks { #expect(callbacks.contains(c.name), "\(t.row): unknown callback \(c.name)") }
            #expect(!t.sources.isEmpty, "\(t.row) has no source")
            for tag in t.sources { #expect(SourceIndex.source(tag) != nil, "\(t.row): unknown source \(tag)") }
        }
    }

    @Test(arguments: Machines.ids)
    func spellingsAreUnambiguous(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        var owners: [String: String] = [:]
        for state in machine.states {
            for name in [state.id, state.name] + state.aliases {
                let key = Names.stateKey(name)
                #expect(owners[key, default: state.id] == state.id, "'\(name)' names two states")
                owners[key] = state.id
            }
        }
    }
}
