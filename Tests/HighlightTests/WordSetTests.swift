import Encoding
import Foundation
import Testing
import TestSupport

@testable import Highlight

/// `WordSet` looks ASCII names up by their bytes; it must answer as the `Set<String>` it
/// replaced, including for names `String` equality finds equal to a word by canonical equivalence.
@Suite struct WordSetTests {
    /// The seed of the random names: `WORDSET_SEED` when set (to try others), else a fixed one.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["WORDSET_SEED"].flatMap { UInt64($0) } ?? 0x5EED_1818
    }

    static let keywords: Set<String> = [
        "func", "fun", "let", "var", "in", "is", "as", "Self", "self", "init", "precedencegroup", "associatedtype",
        "applicationWillResignActive", "onPause", "onCreate", "K",
    ]
    /// Words with non-ASCII letters: every look-up then goes to the strings.
    static let accented: Set<String> = ["café", "naïve", "Kelvin", "\u{212A}elvin", "ж"]

    /// A random name: a word of the set, one changed by a byte, cut or made longer, or random letters
    /// (some not ASCII, among them scalars canonically equal to ASCII ones and combining marks).
    static func name(_ random: inout SeededRandom, words: [String]) -> String {
        let letters = ["a", "e", "f", "K", "n", "s", "_", "1", "é", "e\u{301}", "\u{212A}", "\u{037E}", "ж", "🍎", ";"]
        var name = random.pick(words)
        switch random.below(6) {
        case 0: return name
        case 1: name += random.pick(letters)
        case 2: name = String(name.dropLast())
        case 3: name = random.pick(letters) + String(name.dropFirst())
        case 4: name = String(repeating: name, count: 1 + random.below(3))
        default: name = (0..<random.below(20)).map { _ in random.pick(letters) }.joined()
        }
        return name
    }

    @Test(arguments: [keywords, accented, [], ["only"]])
    func answersAsASetOfStrings(_ words: Set<String>) {
        let set = WordSet(words)
        #expect(set.isEmpty == words.isEmpty)
        for word in words { #expect(set.contains(word), "\(word)") }
        var random = SeededRandom(seed: Self.seed)
        let pool = Array(words.union(["x", "func"])).sorted()
        var found = 0
        for _ in 0..<5000 {
            let name = Self.name(&random, words: pool)
            let expected = words.contains(name)
            if expected { found += 1 }
            #expect(set.contains(name) == expected, "\(name.debugDescription)")
        }
        #expect(words.isEmpty || found > 100)
    }

    /// `String` equality: "\u{212A}" (KELVIN SIGN) is canonically "K", and "e\u{301}" is "é".
    @Test func canonicalEquivalenceIsKept() {
        #expect(WordSet(["K", "x"]).contains("\u{212A}"))
        #expect(WordSet(["café"]).contains("cafe\u{301}"))
        #expect(WordSet(["\u{212A}elvin"]).contains("Kelvin"))
        #expect(!WordSet(["K"]).contains("k"))
    }
}
