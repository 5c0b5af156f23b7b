import Testing
import TestSupport

import Encoding
@testable import Scenarios

/// `ChainFinder` reads prose by scalars when each is a Character of its own, and by Characters
/// otherwise: both readings must find the same chains at the same Character offsets.
@Suite struct ChainFinderScalarTests {
    static let texts: [String] = [
        "Not Running → Inactive → Active",
        "(onPause → onStop), then onDestroy.",
        "«Not Running → Inactive» y luego → Active",
        "Ако приложението е в Not Running → Inactive → Active, то onCreate() -> onStart() -> onResume().",
        "„onPause“ → „onStop“ – това е всичко…",
        "é\u{301} Not Running → Inactive",  // a combining mark: read by Characters
        "👩‍💻 onPause → onStop 🇪🇸 → onDestroy",  // ZWJ and regional indicators
        "line one\r\nonPause -> onStop",  // CR LF is one Character
        "Active\u{00A0}→\u{2009}Background → Suspended",  // no-break and thin spaces
        "Ελληνικά onPause → onStop",  // Greek: read by Characters
        "**Not Running** → *Inactive* → `Active`",
        "→ → onPause →",
        "-> ->",
        "",
    ]

    @Test(arguments: texts) func scalarsAndCharactersAgree(_ text: String) {
        let byScalars = ChainFinder.chains(in: text, isKnown: ChainFinder.isKnownName, byCharacters: false)
        let byCharacters = ChainFinder.chains(in: text, isKnown: ChainFinder.isKnownName, byCharacters: true)
        #expect(byScalars == byCharacters)
        // A chain's text is cut from the bytes: the Characters between its first and last name's ends.
        for chain in byScalars {
            #expect(chain.text == String(text.dropFirst(chain.start).prefix(chain.end - chain.start)))
        }
    }

    @Test func offsetsCountCharacters() {
        // "ñ" written as n + a combining tilde is one Character: the chain starts at Character 2.
        let chains = ChainFinder.chains(in: "n\u{303} Not Running → Inactive")
        #expect(chains.count == 1)
        #expect(chains.first?.start == 2)
        let bulgarian = ChainFinder.chains(in: "Ако Not Running → Inactive")
        #expect(bulgarian.first?.start == 4)
        #expect(bulgarian.first?.names.map(\.text) == ["Not Running", "Inactive"])
    }

    /// What the scalar reading takes for white space is `Character.isWhitespace` for every scalar it reads.
    @Test func whiteSpaceOfTheScalarsReadAlone() {
        var checked = 0
        for value in UInt32(0)...0x21FF where UTF8Scalar.standsAlone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = ChainFinder.Text(String(scalar))
            text.findWhitespace()
            #expect(text.units == [value])
            #expect(text.isWhitespace(0) == Character(scalar).isWhitespace, "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 1000)
    }

    /// Every scalar `standsAlone` accepts is one Character next to any other it accepts.
    @Test func scalarsReadAloneAreCharacters() {
        let samples: [UInt32] = [0x41, 0x20, 0x0A, 0xE9, 0x2C6, 0x416, 0x481, 0x48A, 0x1EA1, 0x2009, 0x2014, 0x201C, 0x2192, 0x21A9]
        var joined: [String] = []
        var pairs = 0
        for value in UInt32(0)...0x21FF where UTF8Scalar.standsAlone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for other in samples {
                guard let next = Unicode.Scalar(other) else { continue }
                for (a, b) in [(scalar, next), (next, scalar)] {
                    var pair = String.UnicodeScalarView()
                    pair.append(a)
                    pair.append(b)
                    if String(pair).count != 2 { joined.append("U+\(String(a.value, radix: 16)) U+\(String(b.value, radix: 16))") }
                    pairs += 1
                }
            }
        }
        #expect(joined.isEmpty, "\(joined.prefix(20))")
        #expect(pairs > 10_000)
    }
}

/// `ChainFinder.name` finds only the three words next to the arrow; the first way listed every
/// word of the segment. Both give the same name on random segments of known names, other
/// words, punctuation and white space, from either end (`CHAIN_NAME_SEED` tries other seeds).
@Suite struct ChainNameWordsTests {
    /// The first way: every word of the segment, then the longest known span of up to three.
    static func reference(in chars: ChainFinder.Text, _ bounds: (start: Int, end: Int), fromEnd: Bool) -> ChainFinder.Name? {
        var words: [(start: Int, end: Int)] = []
        var i = bounds.start
        while i < bounds.end {
            while i < bounds.end, chars.isWhitespace(i) { i += 1 }
            let start = i
            while i < bounds.end, !chars.isWhitespace(i) { i += 1 }
            if i > start { words.append((start, i)) }
        }
        guard !words.isEmpty else { return nil }
        for count in stride(from: min(3, words.count), through: 1, by: -1) {
            let span = fromEnd ? (words[words.count - count].start, words[words.count - 1].end) : (words[0].start, words[count - 1].end)
            if let found = ChainFinder.known(chars, span.0, span.1, ChainFinder.isKnownName) { return found }
        }
        return nil
    }

    @Test func nearestWordsGiveTheNameAllWordsGave() {
        let seed = 0xC4A1_0000 &+ SeededRandom.seedOffset("CHAIN_NAME_SEED")
        var random = SeededRandom(seed: seed)
        let pieces = ["Not", "Running", "Inactive", "Active", "onPause", "onStop()", "(onStart", "the", "app", "«Background»", "„onResume“",
                      " ", "  ", "\t", "\u{00A0}", ",", ".", "ж", "é"]
        var named = 0
        for n in 0..<3000 {
            let text = (0..<random.below(9)).map { _ in random.pick(pieces) + (random.below(2) == 0 ? " " : "") }.joined()
            var chars = ChainFinder.Text(text)
            chars.findWhitespace()
            let start = random.below(chars.count + 1)
            let bounds = (start: start, end: start + random.below(chars.count - start + 1))
            for fromEnd in [false, true] {
                let expected = Self.reference(in: chars, bounds, fromEnd: fromEnd)
                #expect(ChainFinder.name(in: chars, bounds, fromEnd: fromEnd, isKnown: ChainFinder.isKnownName) == expected,
                        "#\(n) (seed \(seed)): \(text) \(bounds) \(fromEnd)")
                if expected != nil { named += 1 }
            }
        }
        #expect(named > 100)
    }
}
