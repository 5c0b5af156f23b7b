import Foundation
import TestSupport
import Testing

import LifecycleModel
@testable import LifecycleMachines
@testable import Scenarios

/// Every arrow chain written in the seed articles is legal in some machine,
/// and the chains the specification rules out are not.
struct SeedsMissing: Error {
    var folder: String
    var found: [String]
}

@Suite struct SeedChainTests {
    static func chains(in line: String) -> [[String]] {
        ChainFinder.chains(in: line).map { $0.names.map(\.text) }
    }

    static func seedChains() throws -> [(file: String, chain: [String])] {
        // A missing folder throws and fails the test.
        let seeds = seedsDirectory
        let files = try FileManager.default.contentsOfDirectory(atPath: seeds.path).filter { $0.hasSuffix(".txt") }.sorted()
        guard files.count == 4 else { throw SeedsMissing(folder: seeds.path, found: files) }
        return try files.flatMap { file in
            try read(seeds.appending(path: file)).split(separator: "\n")
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
        #expect(Self.chains(in: "A → B") == [])
        #expect(Self.chains(in: "Active → home → Background") == [], "text between arrows that is not a name ends the chain")
        #expect(Self.chains(in: "onPause -> onStop, luego Active → Background") == [["onPause", "onStop"], ["Active", "Background"]])
        let found = ChainFinder.chains(in: "Ciclo: Not Running → Inactive")
        #expect(found.first?.names.map(\.offset) == [7, 21])
        #expect(found.first?.start == 7)
        #expect(found.first?.end == 29)
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

    /// `.active` is SwiftUI's spelling as written; UIKit's app machine knows it only once the dot
    /// and case are set aside. Both allow the exit, so the spelling decides whose it is.
    @Test func aChainIsCreditedToTheMachineThatSpellsItsNamesAsWritten() throws {
        let dotted = try #require(ChainCheck.check([".active", ".inactive", ".background"]))
        #expect(dotted.ok && !dotted.unconfirmed)
        #expect(dotted.machine == "swiftui")
        let plain = try #require(ChainCheck.check(["Active", "Inactive", "Background"]))
        #expect(plain.machine == "ios-app")
        let ids = try #require(ChainCheck.check(["inactive", "active"]))
        #expect(ids.machine == "ios-app")
    }

    /// A chain only an unconfirmed row allows is legal but not confirmed; a machine whose
    /// documented rows allow it is preferred to one that needs such a row.
    @Test func aChainLegalOnlyThroughAnUnconfirmedRowSaysSo() throws {
        let back = try #require(ChainCheck.check([".background", ".active"]))
        #expect(back.ok && back.unconfirmed)
        #expect(back.machine == "swiftui")
        let documented = try #require(ChainCheck.check([".background", ".inactive", ".active"]))
        #expect(documented.ok && !documented.unconfirmed)
        let home = try #require(ChainCheck.check(["onPause", "onStop"]))
        #expect(home.ok && !home.unconfirmed)
    }

    @Test func aStateChainIsLegalIfAnyMachineThatKnowsItAllowsIt() throws {
        // "Background → Inactive → Active" is A9 in ios-app; swiftui's P5 alternative also knows these names.
        let check = try #require(ChainCheck.check(["Background", "Inactive", "Active"]))
        #expect(check.ok)
        #expect(check.kind == .states)
    }
}
