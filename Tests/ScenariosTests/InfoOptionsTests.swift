import Diagnostics
import LifecycleMachines
import LifecycleModel
import Testing
import TestSupport

@testable import Scenarios

/// `readInfo` sets a block's options pair by pair as it checks them. It must give what the
/// earlier reading gave: each pair parsed alone to judge it, then all of them parsed together
/// (whose failure added one more diagnostic), the default options when any pair was bad.
@Suite struct InfoOptionsTests {
    static let words = [
        "api=any", "api=30", "api=28", "api=0", "api=x", "api=", "api", "=30", "apii=30", "targetSdk=27", "targetSdk=zz",
        "configChanges=orientation|screenSize", "configChanges=", "configChanges=||keyboard", "root=true", "root=false",
        "root=maybe", "bogus=1", "Root=true", "api=any=1",
    ]
    /// Pairs every Android block takes, so that many blocks have valid options.
    static let goodWords = ["api=any", "api=30", "api=28", "targetSdk=27", "configChanges=orientation|screenSize", "root=true"]
    static let machineWords = ["android-activity", "android-activity", "ios-app", "swiftui", "ios-scene", "android", ""]

    /// The options the earlier reading made of `text`'s pairs for `machine`, whether they were
    /// valid, and whether parsing all pairs failed where each alone passed.
    static func reference(_ text: String, machine: Machine?) -> (options: MachineOptions, valid: Bool, extraProblem: Bool) {
        var valid = true
        var pairs: [(name: String, value: String)] = []
        for word in text.split(separator: " ").dropFirst(2) {
            guard let equals = word.firstIndex(of: "="), equals > word.startIndex else { valid = false; continue }
            let pair = (name: String(word[..<equals]), value: String(word[word.index(after: equals)...]))
            if pairs.contains(where: { $0.name == pair.name }) { valid = false; continue }
            pairs.append(pair)
            guard let machine else { continue }
            do { _ = try MachineOptions.parse([pair], for: machine) } catch { valid = false }
        }
        guard let machine, valid else { return (MachineOptions(), valid, false) }
        do {
            return (try MachineOptions.parse(pairs, for: machine), true, false)
        } catch {
            return (MachineOptions(), false, true)
        }
    }

    @Test func optionsSetPairByPairAreTheOptionsOfAllPairs() throws {
        let seed = 0x1F0_0000 &+ SeededRandom.seedOffset("INFO_OPTIONS_SEED")
        var random = SeededRandom(seed: seed)
        var validWithOptions = 0
        var invalid = 0
        for n in 0..<3000 {
            var parts = ["lifecycle"]
            let machineWord = random.pick(Self.machineWords)
            if !machineWord.isEmpty { parts.append(machineWord) }
            if !machineWord.isEmpty {
                for _ in 0..<random.below(5) { parts.append(random.pick(random.below(2) == 0 ? Self.goodWords : Self.words)) }
            }
            let text = parts.joined(separator: random.below(3) == 0 ? "  " : " ")
            let location = SourceLocation(file: "Content/en/a.md", line: 7, column: 4)
            let info = try #require(LifecycleBlockParser.readInfo(info: text, infoLocation: location, machines: Machines.all, keyword: "lifecycle"))
            let expected = Self.reference(text, machine: info.machine)
            #expect(!expected.extraProblem, "#\(n) (seed \(seed)): \(text): all pairs failed where each alone passed")
            #expect(info.optionsValid == expected.valid, "#\(n) (seed \(seed)): \(text)")
            #expect(info.options == expected.options, "#\(n) (seed \(seed)): \(text)")
            if info.machine != nil {
                if info.optionsValid && info.options != MachineOptions() { validWithOptions += 1 }
                if !info.optionsValid { invalid += 1 }
            }
        }
        #expect(validWithOptions > 100)
        #expect(invalid > 200)
    }
}
