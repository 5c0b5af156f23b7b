import Diagnostics
import Foundation

/// Writes a whole site into a hidden staging folder beside the output folder
/// and swaps it in only at the end, so a failed build never leaves a half site.
final class StagedOutput {
    let output: URL
    let staging: URL
    private let displayName: String

    init(output: URL, displayName: String) throws(DiagnosticError) {
        self.output = output.standardizedFileURL
        self.displayName = displayName
        let parent = self.output.deletingLastPathComponent()
        let name = self.output.lastPathComponent
        staging = parent.appending(path: ".\(name).staging-\(getpid())")
        do {
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw Self.failure(displayName, "cannot create the output folder: \(error.localizedDescription)")
        }
    }

    func write(_ relativePath: String, _ text: String) throws(DiagnosticError) {
        try write(relativePath, Data(text.utf8))
    }

    func write(_ relativePath: String, _ data: Data) throws(DiagnosticError) {
        let url = staging.appending(path: relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw Self.failure(displayName + "/" + relativePath, "cannot write: \(error.localizedDescription)")
        }
    }

    /// Replaces the output folder with the staged one.
    func commit() throws(DiagnosticError) {
        let fm = FileManager.default
        let old = output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).old-\(getpid())")
        try? fm.removeItem(at: old)
        let hadOutput = fm.fileExists(atPath: output.path)
        do {
            if hadOutput { try fm.moveItem(at: output, to: old) }
        } catch {
            discard()
            throw Self.failure(displayName, "cannot replace the output folder: \(error.localizedDescription)")
        }
        do {
            try fm.moveItem(at: staging, to: output)
        } catch {
            if hadOutput { try? fm.moveItem(at: old, to: output) }
            discard()
            throw Self.failure(displayName, "cannot replace the output folder: \(error.localizedDescription)")
        }
        try? fm.removeItem(at: old)
    }

    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    private static func failure(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError([.error(at: SourceLocation(file: path, line: 1, column: 1), message)])
    }
}
