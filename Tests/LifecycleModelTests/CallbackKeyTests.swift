import LifecycleMachines
import Testing
import TestSupport

@testable import LifecycleModel

/// Callback keys are cut on bytes where the bytes decide: the same keys, byte for byte, as
/// `callbackKeyByCharacters` (the first way), for the machines' names and random ones with
/// argument lists after ASCII, Latin-1, combining and prepended marks, CR and LF.
@Suite struct CallbackKeyTests {
    static func agree(_ name: String) -> Bool {
        Array(Names.callbackKey(name).utf8) == Array(Names.callbackKeyByCharacters(name).utf8)
    }

    @Test func bytesCutAsCharactersDo() {
        var names = ["", "(", ")", "()", "(_:)", "_:)", "a()", "a(_:)", "a(_:)()", "a()(_:)", "é()", "e\u{301}()", "\u{600}()",
                     "a\u{600}(_:)", "a()\u{301}", "a(\u{301})", "\r()", "a\r\n()", "😀()", "a( )", "ab(_:)x"]
        for machine in Machines.all {
            for callback in machine.callbacks {
                for name in [callback.id] + callback.aliases { names += [name, name + "()", name + "(_:)", name + "(_:)()"] }
            }
        }
        for name in names { #expect(Self.agree(name), "\(Array(name.unicodeScalars.map(\.value)))") }
    }

    @Test func randomNamesAgree() {
        let seed = 0xCA11_BAC6 &+ SeededRandom.seedOffset("CALLBACK_KEY_SEED")
        var random = SeededRandom(seed: seed)
        let pieces = ["on", "Pause", "(", ")", "_", ":", "(_:)", "()", "é", "e", "\u{301}", "\u{600}", "\r", "\n", "ж", " ", "😀"]
        var cut = 0
        for n in 0..<5000 {
            let name = (0..<random.below(6)).map { _ in random.pick(pieces) }.joined()
            #expect(Self.agree(name), "#\(n) (seed \(seed)): \(Array(name.unicodeScalars.map(\.value)))")
            if Names.callbackKey(name) != name { cut += 1 }
        }
        #expect(cut > 300)
    }
}
