import LifecycleMachines
import Testing
import TestSupport

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

    /// Other names are keyed on their bytes: the same scalars as the scalar walk, on random names
    /// of accented, Cyrillic, Greek and combining scalars among the ignored ones (`STATE_KEY_SEED` tries other seeds).
    @Test func otherKeysAreTheScalarOnes() {
        let pieces = [".", " ", "_", "-", "Not", "running", "É", "é", "e\u{301}", "Активно", "ж", "ΣΑΣ", "İ", "\u{212A}", "ß", "ﬁ", "状态", "\t", "\u{A0}", "→"]
        let seed = 0x57A7_E0E1 &+ SeededRandom.seedOffset("STATE_KEY_SEED")
        var random = SeededRandom(seed: seed)
        var nonASCII = 0
        for n in 0..<20_000 {
            var name = ""
            for _ in 0..<random.below(7) { name += random.pick(pieces) }
            #expect(Names.stateKey(name).unicodeScalars.elementsEqual(Names.stateKeyByScalars(name).unicodeScalars), "#\(n) (seed \(seed)): \(name.debugDescription)")
            if Names.asciiStateKey(name) == nil { nonASCII += 1 }
        }
        #expect(nonASCII > 10_000, "\(nonASCII) names took the byte path")
    }
}

/// A callback order's witness among allowed transitions is that of a machine of only those.
@Suite struct AllowedWitnessTests {
    @Test func aWitnessAmongAllowedTransitionsIsThatOfARestrictedMachine() {
        var compared = 0
        for machine in Machines.all {
            // Every other transition, and those without conditions.
            let rules: [(Int, Transition) -> Bool] = [{ i, _ in i % 2 == 0 }, { _, t in t.conditions.isEmpty }]
            for rule in rules {
                let kept = machine.transitions.enumerated().filter { rule($0.offset, $0.element) }.map(\.element)
                let restricted = Machine(
                    id: machine.id, title: machine.title, states: machine.states, events: machine.events, callbacks: machine.callbacks,
                    transitions: kept, initialState: machine.initialState, options: machine.options, multiScene: machine.multiScene)
                let orders = machine.transitions.map { $0.callbacks.map(\.name) } + [machine.callbacks.map(\.id)]
                for order in orders where order.count >= 2 {
                    let allowed = Set(kept.map(\.self))
                    let asked = machine.witness(forCallbacks: order, allowed: { allowed.contains($0) })
                    #expect(asked == restricted.witness(forCallbacks: order), "\(machine.id): \(order)")
                    if !asked.isEmpty { compared += 1 }
                }
            }
        }
        #expect(compared > 10)
    }
}

/// `witness(forCallbacks:)` compares callbacks by their numbers in the machine; the same walks of
/// names give the same witness, for orders with unknown names, repeats, auxiliary callbacks and
/// names that differ only by case or by a composed letter.
@Suite struct NumberedWitnessTests {
    @Test func numbersGiveTheWitnessOfNames() {
        var shown = 0
        for machine in Machines.all {
            let names = machine.callbacks.map(\.id)
            var orders: [[String]] = [[], ["onNothing"], names, names.reversed(), names.map { $0.uppercased() }, ["é", "e\u{301}"] + names.prefix(2)]
            orders += machine.transitions.map { $0.callbacks.map(\.name) }
            orders += machine.transitions.indices.dropFirst().map { t in
                machine.transitions[t - 1].callbacks.map(\.name).suffix(2) + ["onNothing"] + machine.transitions[t].callbacks.map(\.name)
            }
            orders += zip(names, names.dropFirst()).map { [$0, $1, $0, $1] }
            for order in orders {
                let walks = machine.transitions.map { transition in
                    transition.callbacks.map(\.name).filter { order.contains($0) || machine.coreCallbackIDs.contains($0) }
                }
                let expected = Machine.witness(order, walks: walks).map { machine.transitions[$0] }
                #expect(machine.witness(forCallbacks: order) == expected, "\(machine.id): \(order)")
                if !expected.isEmpty { shown += 1 }
            }
        }
        #expect(shown > 20)
    }
}

/// `witness(forPath:)` compares state names by their numbers in the machine (`StateWalks`); the
/// walks of names give the same witness, on random paths with unknown names, repeats and names
/// that are equal only as Strings (a composed and a decomposed letter).
@Suite struct NumberedPathWitnessTests {
    static let seedOffset = SeededRandom.seedOffset("PATH_WITNESS_SEED")

    @Test func numbersGiveTheWitnessOfNames() {
        var random = SeededRandom(seed: 0x5717_E55 &+ Self.seedOffset)
        var shown = 0
        for machine in Machines.all {
            let walks = machine.transitions.map { [$0.from] + $0.states }
            let names = Array(Set(walks.joined())).sorted() + ["Nowhere", "é", "e\u{301}"]
            var paths: [[String]] = [[], ["Nowhere"], names]
            for _ in 0..<300 {
                // Mostly a stretch of walks one after another, sometimes a name changed.
                var path: [String] = []
                for _ in 0..<(1 + random.below(3)) { path += random.pick(walks) }
                if random.below(3) == 0 { path[random.below(path.count)] = random.pick(names) }
                if random.below(4) == 0 { path.removeFirst() }
                paths.append(path)
            }
            for path in paths {
                let expected = Machine.witness(path, walks: walks).map { machine.transitions[$0] }
                #expect(machine.witness(forPath: path) == expected, "\(machine.id): \(path) (seed offset \(Self.seedOffset))")
                if !expected.isEmpty { shown += 1 }
            }
        }
        #expect(shown > 100)
    }
}

/// `witness(forCallbacks:options:)` reads the machine's table of allowed transitions for the
/// option set; it gives the witness the closure over each transition's conditions gave.
@Suite struct OptionsWitnessTests {
    @Test(arguments: Machines.all.map(\.id))
    func theTableGivesTheWitnessOfTheConditions(_ id: String) throws {
        let machine = try #require(Machines.all.first { $0.id == id })
        let seed = 41 + UInt64(id.utf8.count) &+ SeededRandom.seedOffset("OPTIONS_WITNESS_SEED")
        var shown = 0
        for (n, order) in CallbackOrderSearchTests.orders(of: machine, count: 120, seed: seed).enumerated() {
            for case let options? in CallbackOrderSearchTests.optionSets(of: machine) where !options.anyAPI {
                let expected = machine.witness(forCallbacks: order, allowed: { t in t.conditions.allSatisfy { $0.holds(for: options) } })
                #expect(machine.witness(forCallbacks: order, options: options) == expected, "\(id) #\(n) (seed \(seed)): \(order) \(options)")
                if !expected.isEmpty { shown += 1 }
            }
            #expect(machine.witness(forCallbacks: order, options: nil) == machine.witness(forCallbacks: order), "\(id) #\(n) (seed \(seed)): \(order)")
        }
        #expect(machine.callbacks.isEmpty || shown > 15, "\(id): \(shown) witnesses shown")
    }
}

/// `witness(forCallbacks:)` looks for each name only where a transition calls it; it gives the
/// witness of every allowed transition's walk made whole (`witnessByWalks`), on random orders
/// (unknown names, swaps, repeats) and random sets of allowed transitions (`CALLBACK_WITNESS_SEED`
/// tries other seeds).
@Suite struct PlacedWitnessTests {
    static let seedOffset = SeededRandom.seedOffset("CALLBACK_WITNESS_SEED")

    @Test(arguments: Machines.all.map(\.id))
    func placesGiveTheWitnessOfTheWalks(_ id: String) throws {
        let machine = try #require(Machines.all.first { $0.id == id })
        let seed = 0xC411_BAC5 &+ UInt64(id.utf8.count) &+ Self.seedOffset
        var random = SeededRandom(seed: seed)
        var shown = 0
        var restricted = 0
        for (n, order) in CallbackOrderSearchTests.orders(of: machine, count: 300, seed: seed).enumerated() {
            let expected = machine.witnessByWalks(forCallbacks: order)
            #expect(machine.witness(forCallbacks: order) == expected, "\(id) #\(n) (seed \(seed)): \(order)")
            if !expected.isEmpty { shown += 1 }
            // Each transition allowed with a chance of one in two to three in four.
            let chance = 2 + random.below(2)
            let allowed = Set(machine.transitions.indices.filter { _ in random.below(4) < chance }.map { machine.transitions[$0] })
            let expectedAllowed = machine.witnessByWalks(forCallbacks: order, allowed: { allowed.contains($0) })
            #expect(machine.witness(forCallbacks: order, allowed: { allowed.contains($0) }) == expectedAllowed, "\(id) #\(n) (seed \(seed)): \(order) allowed")
            if !expectedAllowed.isEmpty && expectedAllowed != expected { restricted += 1 }
        }
        // Questions with witnesses, some of which the allowed set changes (SwiftUI calls no callbacks).
        #expect(machine.callbacks.isEmpty || (shown > 50 && restricted > 5), "\(id): \(shown) shown, \(restricted) restricted")
    }
}

/// Between transitions that carry a path equally far, the one whose run stops where the path
/// does is shown: the prose's "Resumed → Started → Created → Destroyed" is Back's or finish()'s,
/// not a rotation's, whose run goes on to a new instance the sentence does not speak of.
@Suite struct EndingWitnessTests {
    @Test func aRunThatStopsWithThePathIsPreferred() throws {
        let machine = try #require(Machines.all.first { $0.id == "android-activity" })
        let path = ["resumed", "started", "created", "destroyed"]
        let witness = machine.witness(forPath: path)
        #expect(witness.count == 1)
        let shown = try #require(witness.first)
        #expect([shown.from] + shown.states == path, "\(shown.event): \([shown.from] + shown.states)")
        // A rotation also carries the path this far, and comes first in the table.
        let rotation = try #require(machine.transitions.firstIndex { $0.event == "rotate" && $0.from == "resumed" && Array($0.states.prefix(3)) == ["started", "created", "destroyed"] })
        let shownAt = try #require(machine.transitions.firstIndex(of: shown))
        #expect(rotation < shownAt, "the test no longer asks the preference: rotation is after \(shown.event)")
        // A path that goes on to the new instance is the rotation's.
        #expect(machine.witness(forPath: path + ["initialized"]).first?.event == "rotate")
    }
}
