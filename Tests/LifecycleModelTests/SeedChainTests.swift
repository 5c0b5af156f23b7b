import Foundation
import Testing

@testable import LifecycleModel

/// Every arrow chain written in the seed articles is legal in some machine,
/// and the chains the specification rules out are not.
@Suite struct SeedChainTests {
    /// Any machine knows this as a state or a callback.
    static func known(_ name: String) -> Bool {
        LifecycleModel.machines.contains { $0.resolveState(name) != nil || $0.resolveCallback(name) != nil }
    }

    /// The candidate as written if known, else without surrounding punctuation: "(onPause" → "onPause".
    static func name(_ candidate: String) -> String? {
        let trimmed = candidate.trimmingCharacters(in: .whitespaces)
        if known(trimmed) { return trimmed }
        let bare = trimmed.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?()«»\"“”"))
        return known(bare) ? bare : nil
    }

    /// The names of each `→` chain in a line: the longest known words before the
    /// first arrow and after the last, the exact text between arrows.
    static func chains(in line: String) -> [[String]] {
        let parts = line.components(separatedBy: "→")
        guard parts.count > 1 else { return [] }
        var chains: [[String]] = []
        var current: [String] = []
        for (index, part) in parts.enumerated() {
            let words = part.split(separator: " ").map(String.init)
            let sizes = (1...max(1, min(3, words.count))).reversed()
            let head = index == 0 ? nil : sizes.lazy.compactMap { name(words.prefix($0).joined(separator: " ")) }.first
            let tail = index == parts.count - 1 ? nil : sizes.lazy.compactMap { name(words.suffix($0).joined(separator: " ")) }.first
            if index > 0 {
                if let head { current.append(head) } else { current = [] }
                // Text between arrows that is more than one name ends the chain.
                if index < parts.count - 1, words.count != head.map({ $0.split(separator: " ").count }) {
                    if current.count > 1 { chains.append(current) }
                    current = []
                }
            }
            if index < parts.count - 1, let tail, current.isEmpty { current = [tail] }
        }
        if current.count > 1 { chains.append(current) }
        return chains
    }

    static func seedChains() throws -> [(file: String, chain: [String])] {
        var dir = URL(filePath: #filePath).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appending(path: "shared/seeds").path) {
            dir = dir.deletingLastPathComponent()
        }
        let seeds = dir.appending(path: "shared/seeds")
        let files = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        return try files.flatMap { file in
            try String(contentsOf: seeds.appending(path: file), encoding: .utf8).split(separator: "\n")
                .flatMap { chains(in: String($0)) }.map { (file, $0) }
        }
    }

    @Test func everySeedChainIsLegal() throws {
        let found = try Self.seedChains()
        // es, pt, bg: rotation; it: the five-state path and three returns to Active.
        #expect(found.count == 7)
        for (file, chain) in found {
            let check = try #require(ChainCheck.check(chain), "\(file): no machine knows \(chain)")
            #expect(check.ok, "\(file): \(chain.joined(separator: " → ")) is illegal in \(check.machine)")
        }
    }

    @Test func extractsTheWholeChain() {
        #expect(Self.chains(in: "Su iOS il modello: Not Running → Inactive → Active → Background. Fine") == [["Not Running", "Inactive", "Active", "Background"]])
        #expect(Self.chains(in: "(secuencia: onPause → onStop → onDestroy)") == [["onPause", "onStop", "onDestroy"]])
        #expect(Self.chains(in: "Inactive → Active — ritorno") == [["Inactive", "Active"]])
    }

    @Test(arguments: [
        ["Background", "Active"], ["Suspended", "Active"], ["Not Running", "Active"],
    ])
    func ruledOutChainsAreIllegal(_ chain: [String]) throws {
        let check = try #require(ChainCheck.check(chain, machines: [Machines.iosApp]))
        #expect(!check.ok)
        #expect(check.machine == "ios-app")
    }

    @Test func aStateChainIsLegalIfAnyMachineThatKnowsItAllowsIt() throws {
        // "Background → Inactive → Active" is A9 in ios-app; swiftui's P5 alternative also knows these names.
        let check = try #require(ChainCheck.check(["Background", "Inactive", "Active"]))
        #expect(check.ok)
        #expect(check.kind == .states)
    }
}
