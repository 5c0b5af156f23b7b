import Testing

import TestSupport

@testable import LifecycleModel

/// A `configChanges` value read by bytes (ASCII) gives the changes the Characters give.
@Suite struct ConfigChangesTests {
    @Test func bytesReadAsCharactersDo() {
        let seed = 0xC0_F1C5 &+ SeededRandom.seedOffset("CONFIG_CHANGES_SEED")
        var random = SeededRandom(seed: seed)
        // "|" before a combining mark is one Character, not a separator: such values go the Character way.
        let pool: [String] = ["|", "|", "orientation", "screenSize", "a", "", " ", "\r\n", "\u{301}", "é", "ж"]
        var split = 0
        for n in 0..<3000 {
            let value = (0..<random.below(7)).map { _ in random.pick(pool) }.joined()
            let expected = MachineOptions.configChangesByCharacters(value)
            #expect(MachineOptions.configChanges(value) == expected, "#\(n) (seed \(seed)): \(value.debugDescription)")
            if expected.count > 1 { split += 1 }
        }
        #expect(split > 300)
    }

    @Test func knownValues() {
        #expect(MachineOptions.configChanges("orientation|screenSize") == ["orientation", "screenSize"])
        #expect(MachineOptions.configChanges("|orientation||") == ["orientation"])
        #expect(MachineOptions.configChanges("") == [])
        #expect(MachineOptions.configChanges("a|\u{301}b") == ["a|\u{301}b"])
    }
}
