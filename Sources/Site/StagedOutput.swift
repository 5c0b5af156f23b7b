import Diagnostics
import Foundation
import Glibc
import Synchronization

/// Writes a whole site into a hidden staging folder beside the output folder
/// and swaps it in only at the end, so a failed build never leaves a half site.
final class StagedOutput: Sendable {
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
        } catch {
            throw Self.failure(displayName + "/" + relativePath, "cannot write: \(error.localizedDescription)")
        }
        // Plain POSIX writes: the staging folder is renamed into place at the end, and Foundation's
        // Data.write would fsync every one of thousands of files.
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Self.failure(displayName + "/" + relativePath, "cannot write: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let complete = data.withUnsafeBytes { bytes -> Bool in
            var written = 0
            while written < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n <= 0 { return false }
                written += n
            }
            return true
        }
        if !complete { throw Self.failure(displayName + "/" + relativePath, "cannot write: \(String(cString: strerror(errno)))") }
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

/// A staged output created on the first write, so a build that fails before
/// writing anything never touches the disk. Safe to write from several threads.
final class LazyOutput: Sendable {
    private let staged = Mutex<StagedOutput?>(nil)
    private let target: URL
    private let displayName: String

    init(_ output: URL, displayName: String) {
        target = output
        self.displayName = displayName
    }

    private func stage() throws(DiagnosticError) -> StagedOutput {
        try staged.withLock { (current: inout StagedOutput?) throws(DiagnosticError) -> StagedOutput in
            if let current { return current }
            let created = try StagedOutput(output: target, displayName: displayName)
            current = created
            return created
        }
    }

    func write(_ path: String, _ data: Data) throws(DiagnosticError) {
        try stage().write(path, data)
    }

    func commit() throws(DiagnosticError) { try stage().commit() }

    func discard() { staged.withLock { $0?.discard() } }
}
