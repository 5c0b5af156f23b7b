import Testing

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
        for value in UInt32(0)...0x21FF where ChainFinder.Text.standsAlone(value) {
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
        for value in UInt32(0)...0x21FF where ChainFinder.Text.standsAlone(value) {
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
