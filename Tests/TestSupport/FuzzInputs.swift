// The inputs of one fuzz target, read from the repository, for the test targets that
// run a fuzz harness.

import Foundation
import Testing

/// One input of a fuzz target: a seed (`Fuzz/corpus/<target>/`) or a saved
/// crash (`Tests/<Module>Tests/FuzzRegressions/<target>/`).
public struct FuzzInput: Sendable, CustomTestStringConvertible {
    /// `corpus/<file>` or `regression/<file>`.
    public var name: String
    public var bytes: [UInt8]
    /// Set when the folder could not be read: the test then fails instead of
    /// quietly running no case.
    public var loadError: String?

    public var testDescription: String { name }
    public var fileName: String { String(name.split(separator: "/").last ?? "") }

    public init(name: String, bytes: [UInt8], loadError: String? = nil) {
        self.name = name
        self.bytes = bytes
        self.loadError = loadError
    }
}

public enum FuzzInputs {
    /// The seed corpus of `target`; a target always has seeds.
    public static func seeds(_ target: String) -> [FuzzInput] {
        let inputs = read("Fuzz/corpus/\(target)", as: "corpus")
        return inputs.isEmpty ? [FuzzInput(name: "corpus", bytes: [], loadError: "no seeds in Fuzz/corpus/\(target)")] : inputs
    }

    /// The saved crashes of `target` kept by `testTarget` (none is fine).
    public static func regressions(_ target: String, in testTarget: String) -> [FuzzInput] {
        read("Tests/\(testTarget)/FuzzRegressions/\(target)", as: "regression")
    }

    private static func read(_ folder: String, as kind: String) -> [FuzzInput] {
        let url = repositoryRoot.appending(path: folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
            do {
                return FuzzInput(name: "\(kind)/\(name)", bytes: try readBytes(url.appending(path: name)))
            } catch {
                return FuzzInput(name: "\(kind)/\(name)", bytes: [], loadError: "cannot read \(folder)/\(name): \(error)")
            }
        }
    }
}
