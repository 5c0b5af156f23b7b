import Diagnostics
import LifecycleMachines
import LifecycleModel
import Testing
import TestSupport

@testable import Scenarios

/// A name written as the model spells it takes the model's String and id (`ModelSpellings`)
/// instead of a String cut from the line and looked up. On random lines of every catalog
/// machine (names as the model spells them, in other cases, with argument lists, unknown, not
/// ASCII), the reader with the spellings reads the same lines and diagnostics as one without.
@Suite struct ModelSpellingTests {
    static func spellings(of machine: Machine) -> [String] {
        machine.states.flatMap { [$0.id, $0.name] + $0.aliases } + machine.events.map(\.id)
            + machine.callbacks.flatMap { [$0.id] + $0.aliases }
    }

    static func variant(_ name: String, _ random: inout SeededRandom) -> String {
        switch random.below(8) {
        case 0: name.uppercased()
        case 1: name + "()"
        case 2: name + "(_:)"
        case 3: String(name.dropLast())
        case 4: name + "é"
        case 5: "Ж" + name
        default: name
        }
    }

    static func randomLine(_ names: [String], _ events: [String], _ random: inout SeededRandom) -> String {
        func name() -> String { random.below(3) == 0 ? variant(random.pick(names), &random) : random.pick(names) }
        func list() -> String { (0..<(1 + random.below(3))).map { _ in name() }.joined(separator: random.pick([", ", ",", " → "])) }
        let indent = random.pick(["", "  ", "\t"])
        switch random.below(5) {
        case 0: return indent + "given " + name()
        case 1: return indent + random.pick(["path ", "callbacks ", "never "]) + (0..<(1 + random.below(4))).map { _ in name() }.joined(separator: " -> ")
        default:
            let event = random.below(4) == 0 ? variant(random.pick(events), &random) : random.pick(events)
            var line = indent + event + (random.below(5) == 0 ? "@" + random.pick(["main", "A", "é"]) : "")
            if random.below(3) != 0 { line += " -> " + list() }
            if random.below(2) == 0 { line += " : " + list() }
            if random.below(4) == 0 { line += " # " + name() }
            return line
        }
    }

    @Test func spelledNamesReadAsCutOnes() {
        let seed = 0x5BE1_1ED &+ SeededRandom.seedOffset("MODEL_SPELLING_SEED")
        var random = SeededRandom(seed: seed)
        var spelled = 0
        for machine in Machines.all {
            guard let table = ModelSpellings.of(machine) else {
                Issue.record("no spellings for \(machine.id)")
                continue
            }
            let names = Self.spellings(of: machine)
            let events = machine.events.map(\.id)
            for n in 0..<1_500 {
                let text = Self.randomLine(names, events, &random)
                let line = SourceLine(text[...], file: "f.md", line: 7, columnOffset: 2)
                var fast = LineReader(machine: machine)
                var reference = LineReader(machine: machine, spellings: nil)
                fast.read(line, text: text[...])
                reference.read(line, text: text[...])
                let context: Comment = "\(machine.id) #\(n) (seed \(seed)): \(text.debugDescription)"
                #expect(fast.lines == reference.lines, context)
                #expect(fast.diagnostics == reference.diagnostics, context)
                // Every name range the table finds is the line's text there.
                for start in 0..<line.count {
                    let end = line.identifierEnd(from: start, to: line.count)
                    guard end > start else { continue }
                    for kind in [ModelSpellings.Kind.state, .event, .callback] {
                        let found = table.spelling(kind, of: start..<end, in: line)
                        let cut = line.text(start..<end)
                        #expect(found?.text == (table.list(kind).spellings.contains { $0.text == cut } ? cut : nil), context)
                        if found != nil { spelled += 1 }
                    }
                }
            }
        }
        #expect(spelled > 5_000, "\(spelled) names found spelled")
    }

    /// Each spelling resolves as the machine resolves it.
    @Test func spellingsResolveAsTheMachine() {
        for machine in Machines.all {
            guard let table = ModelSpellings.of(machine) else {
                Issue.record("no spellings for \(machine.id)")
                continue
            }
            #expect(!table.states.spellings.isEmpty && !table.events.spellings.isEmpty)
            for spelling in table.states.spellings { #expect(spelling.id == machine.resolveState(spelling.text)) }
            for spelling in table.events.spellings { #expect(spelling.id == machine.resolveEvent(spelling.text)) }
            for spelling in table.callbacks.spellings { #expect(spelling.id == machine.resolveCallback(spelling.text)) }
            // Each length's indexes hold exactly the spellings of that length.
            for list in [table.states, table.events, table.callbacks] {
                for length in 0..<(list.starts.count + 2) {
                    let expected = list.spellings.indices.filter { list.spellings[$0].text.utf8.count == length }
                    #expect(Array(list.indexes(ofLength: length)) == expected, "\(machine.id), length \(length)")
                }
            }
        }
    }
}
