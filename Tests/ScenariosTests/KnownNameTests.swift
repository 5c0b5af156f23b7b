import Encoding
import Foundation
import LifecycleMachines
@testable import LifecycleModel
import Testing
import TestSupport

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

    /// What the index must answer: whether some machine resolves the name as a state or a callback.
    static func someMachineKnows(_ name: String) -> Bool {
        Machines.all.contains { $0.resolveState(name) != nil || $0.resolveCallback(name) != nil }
    }

    /// `name` with `mark` put in at a random scalar, and sometimes the scalar after it taken out.
    static func insert(_ mark: String, into name: String, random: inout SeededRandom) -> String {
        var scalars = Array(name.unicodeScalars)
        let at = random.below(scalars.count + 1)
        scalars.insert(contentsOf: mark.unicodeScalars, at: at)
        if random.below(3) == 0, at + mark.unicodeScalars.count < scalars.count { scalars.remove(at: at + mark.unicodeScalars.count) }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test func theIndexAgreesWithEveryMachine() {
        var known = 0
        for name in Self.spellings() {
            let asked = Self.someMachineKnows(name)
            #expect(ChainFinder.isKnownName(name) == asked, "\(name)")
            if asked { known += 1 }
        }
        // Both answers occur: the comparison is not of two constant functions.
        #expect(known > 100)
        #expect(known < Self.spellings().count)
    }

    /// A name with a Cyrillic scalar is turned down before its keys are made (no machine's key
    /// holds one): seeded names of the machines' spellings with Cyrillic letters, look-alikes
    /// (Cyrillic "А", "о", "с" for the Latin ones), accents and HTML special characters mixed in,
    /// against asking every machine.
    @Test func cyrillicNamesAreToldWithoutTheirKeys() {
        let known = Self.spellings().filter(Self.someMachineKnows)
        let marks = ["ж", "й", "и\u{306}", "А", "о", "с", "Ѐ", "ӏ", "é", "e\u{301}", "<", "&amp;", "\"", " ", "()", "."]
        var random = SeededRandom(seed: 0xC1_2111C)
        var cyrillic = 0
        for _ in 0..<3_000 {
            var name = random.pick(known)
            if random.below(4) > 0 {
                name = Self.insert(random.pick(marks), into: name, random: &random)
            }
            if Machine.NameIndex.holdsCyrillic(name) { cyrillic += 1 }
            let asked = Self.someMachineKnows(name)
            #expect(ChainFinder.isKnownName(name) == asked, "\(name.debugDescription)")
        }
        // Names with and without Cyrillic scalars were asked, known names among them.
        #expect(cyrillic > 500)
        #expect(cyrillic < 2_500)
    }

    @Test func cyrillicIsFoundByItsLeadBytes() {
        for value in 0x80...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Machine.NameIndex.holdsCyrillic("a" + String(scalar) + "b") == (0x400...0x4FF).contains(value), "U+\(String(value, radix: 16))")
        }
        #expect(!Machine.NameIndex.holdsCyrillic("onPause"))
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

    /// A name with a scalar of U+0080–U+00FF or U+2000–U+207F is turned down when every key is
    /// ASCII, and an ASCII one by its key's byte length: seeded names of the machines' spellings with Latin-1 letters, quotes,
    /// ASCII letters and separators put in or taken out, against asking every machine
    /// (`KNOWN_NAME_SEED` to try others).
    @Test func latinNamesAreToldWithoutTheirKeys() {
        let known = Self.spellings().filter(Self.someMachineKnows)
        let marks = ["é", "e\u{301}", "Ñ", "ß", "ÿ", "×", "À", "ç", "\u{A0}", "«", "“", "\u{2000}", "ⁱ", "\u{212A}", "x", "A", " ", "_", "-", ".", "()", "(_:)", "(", ":"]
        let seed = 0x1A7_1411 &+ SeededRandom.seedOffset("KNOWN_NAME_SEED")
        var random = SeededRandom(seed: seed)
        var latin = 0
        var knownAsked = 0
        for _ in 0..<4_000 {
            var name = random.pick(known)
            for _ in 0..<random.below(3) {
                name = Self.insert(random.pick(marks), into: name, random: &random)
            }
            if Machine.NameIndex.scan(name).offASCII { latin += 1 }
            let asked = Self.someMachineKnows(name)
            if asked { knownAsked += 1 }
            #expect(ChainFinder.isKnownName(name) == asked, "seed \(seed): \(name.debugDescription)")
        }
        #expect(latin > 800 && latin < 3_200, "\(latin) names with a Latin-1 letter")
        #expect(knownAsked > 500, "\(knownAsked) known names")
    }

    /// Why such a scalar settles it: lowercased, every scalar of U+0080–U+00FF and U+2000–U+207F
    /// stays in its block, and its canonical decomposition holds a scalar that is not ASCII; the
    /// scan finds exactly these (and U+212A, the Kelvin sign that decomposes to "K", it does not).
    @Test func latinLettersStayOffASCIIKeys() {
        let blocks: [ClosedRange<UInt32>] = [0x80...0xFF, 0x2000...0x207F]
        for value in UInt32(0x80)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let inBlocks = blocks.contains { $0.contains(value) }
            #expect(Machine.NameIndex.scan("a" + String(scalar) + "b").offASCII == inBlocks, "U+\(String(value, radix: 16))")
            guard inBlocks else { continue }
            let lowered = String(scalar).lowercased()
            let block = blocks.first { $0.contains(value) } ?? 0...0
            #expect(lowered.unicodeScalars.count == 1 && block.contains(lowered.unicodeScalars.first?.value ?? 0), "U+\(String(value, radix: 16))")
            #expect(lowered.decomposedStringWithCanonicalMapping.unicodeScalars.contains { $0.value >= 0x80 }, "U+\(String(value, radix: 16))")
        }
        #expect(!Machine.NameIndex.scan("onPause").offASCII && Machine.NameIndex.scan("onPause").ascii)
        #expect(!Machine.NameIndex.scan("\u{212A}").offASCII)
    }

    /// An ASCII name is looked up by its keys' bytes: seeded ASCII names of the machines' ASCII
    /// spellings cut and joined with separators, case changed and argument lists added, against
    /// asking every machine (`KNOWN_NAME_SEED` to try others).
    @Test func asciiNamesAgreeWithEveryMachine() {
        let ascii = Self.spellings().filter { $0.utf8.allSatisfy { $0 < 0x80 } && $0.utf8.count < 40 }
        let separators = ["", " ", "_", "-", ".", "()", "(_:)", "(", ")", ":", "  "]
        let seed = 0xA5C1_1E55 &+ SeededRandom.seedOffset("KNOWN_NAME_SEED")
        var random = SeededRandom(seed: seed)
        var known = 0
        for _ in 0..<4_000 {
            var name = random.pick(ascii)
            switch random.below(5) {
            case 0: name = random.pick(separators) + name + random.pick(separators)
            case 1: name = name.uppercased()
            case 2: name = String(name.prefix(random.below(name.count + 1))) + random.pick(separators)
            case 3: name += random.pick(separators) + random.pick(ascii)
            default: break
            }
            let asked = Self.someMachineKnows(name)
            if asked { known += 1 }
            #expect(ChainFinder.isKnownName(name) == asked, "seed \(seed): \(name.debugDescription)")
        }
        #expect(known > 800 && known < 3_800, "\(known) known names")
    }
}

/// The name index's byte questions asked of a `String`, as the tests write names.
extension Machine.NameIndex {
    static func scan(_ name: String) -> (ascii: Bool, offASCII: Bool, cyrillic: Bool) { name.withUTF8Bytes(scan) }

    /// Whether `name` holds a scalar of U+0400–U+04FF (UTF-8 lead bytes D0–D3).
    static func holdsCyrillic(_ name: String) -> Bool { scan(name).cyrillic }

    static func keepsMoreScalars(_ name: String, than limit: Int) -> Bool { name.withUTF8Bytes { keepsMoreScalars($0, than: limit) } }
}
