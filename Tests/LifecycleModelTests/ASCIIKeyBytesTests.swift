import Testing
import TestSupport

@testable import LifecycleModel

/// The name index cuts an ASCII name's keys from its bytes in stack memory: the same bytes as
/// the keys `stateKey`, `exactKey` and `callbackKey` make as Strings, on random ASCII names of
/// the pieces the keys drop or keep (`ASCII_KEY_SEED` to try others).
@Suite struct ASCIIKeyBytesTests {
    static func keyBytes(_ name: String) -> (state: [UInt8], exact: [UInt8], callback: [UInt8]) {
        var name = name
        return name.withUTF8 { bytes in
            let state = [UInt8](unsafeUninitializedCapacity: bytes.count) { out, count in
                count = Names.writeWithoutIgnoredBytes(bytes, lowercasingASCII: true, into: out)
            }
            let exact = Array(bytes[Names.exactKeyRange(bytes)])
            let callback = Array(bytes[..<(Names.argumentListStart(bytes) ?? bytes.count)])
            return (state, exact, callback)
        }
    }

    @Test func bytesAreTheStringKeys() {
        let seed = 0xA5C1_1CE7 &+ SeededRandom.seedOffset("ASCII_KEY_SEED")
        var random = SeededRandom(seed: seed)
        let pieces = ["on", "Pause", "NOT", "running", " ", ".", "_", "-", "(", ")", ":", "()", "(_:)", "_:)", "A", "z", "0", "\t"]
        var cut = (state: 0, exact: 0, callback: 0)
        for n in 0..<6_000 {
            let name = (0..<random.below(7)).map { _ in random.pick(pieces) }.joined()
            let bytes = Self.keyBytes(name)
            let context: Comment = "#\(n) (seed \(seed)): \(name.debugDescription)"
            #expect(bytes.state == Array(Names.stateKey(name).utf8), context)
            #expect(bytes.exact == Array(Names.exactKey(name).utf8), context)
            #expect(bytes.callback == Array(Names.callbackKey(name).utf8), context)
            if bytes.state.count < name.utf8.count { cut.state += 1 }
            if bytes.exact.count < name.utf8.count { cut.exact += 1 }
            if bytes.callback.count < name.utf8.count { cut.callback += 1 }
        }
        // Every key was cut from some names, and left whole for others.
        #expect(cut.state > 1_000 && cut.exact > 500 && cut.callback > 300, "\(cut)")
        #expect(cut.state < 6_000 && cut.exact < 6_000 && cut.callback < 6_000, "\(cut)")
    }
}
