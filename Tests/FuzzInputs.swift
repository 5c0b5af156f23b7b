// Shared by the test targets that run a fuzz harness (each holds a symlink to
// this file): the inputs of one fuzz target, read from the repository.

import Foundation
import Testing

/// One input of a fuzz target: a seed (`Fuzz/corpus/<target>/`) or a saved
/// crash (`Tests/<Module>Tests/FuzzRegressions/<target>/`).
struct FuzzInput: Sendable, CustomTestStringConvertible {
    /// `corpus/<file>` or `regression/<file>`.
    var name: String
    var bytes: [UInt8]
    /// Set when the folder could not be read: the test then fails instead of
    /// quietly running no case.
    var loadError: String?

    var testDescription: String { name }
    var fileName: String { String(name.split(separator: "/").last ?? "") }
}

enum FuzzInputs {
    /// The folder holding Package.swift, found upwards from this file.
    static let repository: URL? = {
        var dir = URL(filePath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appending(path: "Package.swift").path) { return dir }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    /// The seed corpus of `target`; a target always has seeds.
    static func seeds(_ target: String) -> [FuzzInput] {
        let inputs = read("Fuzz/corpus/\(target)", as: "corpus")
        return inputs.isEmpty ? [FuzzInput(name: "corpus", bytes: [], loadError: "no seeds in Fuzz/corpus/\(target)")] : inputs
    }

    /// The saved crashes of `target` kept by `testTarget` (none is fine).
    static func regressions(_ target: String, in testTarget: String) -> [FuzzInput] {
        read("Tests/\(testTarget)/FuzzRegressions/\(target)", as: "regression")
    }

    private static func read(_ folder: String, as kind: String) -> [FuzzInput] {
        guard let repository else { return [FuzzInput(name: kind, bytes: [], loadError: "no Package.swift above \(#filePath)")] }
        let url = repository.appending(path: folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
            do {
                return FuzzInput(name: "\(kind)/\(name)", bytes: Array(try Data(contentsOf: url.appending(path: name))))
            } catch {
                return FuzzInput(name: "\(kind)/\(name)", bytes: [], loadError: "cannot read \(folder)/\(name): \(error)")
            }
        }
    }
}
