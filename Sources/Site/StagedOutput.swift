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
            throw Self.failure(displayName, "cannot create the output folder: \(Self.reason(creating: staging, otherwise: error))")
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
        if let reason = Self.writeFile(url.path, data) { throw Self.failure(displayName + "/" + relativePath, "cannot write: \(reason)") }
    }

    /// Writes `data` to `path` with plain POSIX calls; the reason when it fails. The staging folder
    /// is renamed into place at the end, and Foundation's Data.write would fsync every one of thousands of files.
    static func writeFile(_ path: String, _ data: Data) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        return data.withUnsafeBytes { bytes -> String? in
            guard let base = bytes.baseAddress else { return nil }
            var written = 0
            while written < bytes.count {
                let n = Glibc.write(fd, base + written, bytes.count - written)
                if n <= 0 { return n < 0 ? String(cString: strerror(errno)) : "nothing written" }
                written += n
            }
            return nil
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

    /// Why a folder cannot be created, in the words of the file system: Foundation's
    /// message ("The operation could not be completed") names no cause.
    static func reason(creating folder: URL, otherwise error: any Error) -> String {
        var ancestor = folder.deletingLastPathComponent()
        while ancestor.path != "/", !FileManager.default.fileExists(atPath: ancestor.path) {
            ancestor = ancestor.deletingLastPathComponent()
        }
        var info = stat()
        if stat(ancestor.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            return "\(ancestor.path) is a file, not a folder"
        }
        if access(ancestor.path, W_OK) != 0 { return "\(ancestor.path) is not writable (\(String(cString: strerror(errno))))" }
        return error.localizedDescription
    }

    static func failure(_ path: String, _ message: String) -> DiagnosticError {
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

/// The output of an incremental build: the few pages an edit touched are
/// kept in memory until every page has rendered, then each one replaces its
/// file with an atomic rename (only where the bytes differ), so a failed
/// build changes nothing and readers never see a half-written page.
final class InPlaceOutput: Sendable {
    private let output: URL
    private let displayName: String
    private let pending = Mutex<[(path: String, data: Data)]>([])

    init(_ output: URL, displayName: String) {
        self.output = output.standardizedFileURL
        self.displayName = displayName
    }

    func write(_ path: String, _ data: Data) {
        pending.withLock { $0.append((path, data)) }
    }

    /// Writes what changed and removes `deleted` pages (with their folders when empty).
    /// Returns the paths whose bytes changed, sorted.
    func apply(deleting deleted: [String]) throws(DiagnosticError) -> [String] {
        var changed: [String] = []
        for (path, data) in pending.withLock({ $0 }) {
            let url = output.appending(path: path)
            if let existing = try? Data(contentsOf: url), existing == data { continue }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw StagedOutput.failure(displayName + "/" + path, "cannot write: \(error.localizedDescription)")
            }
            let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).tmp-\(getpid())")
            if let reason = StagedOutput.writeFile(temporary.path, data) ?? (rename(temporary.path, url.path) == 0 ? nil : String(cString: strerror(errno))) {
                unlink(temporary.path)
                throw StagedOutput.failure(displayName + "/" + path, "cannot write: \(reason)")
            }
            changed.append(path)
        }
        for path in deleted {
            let url = output.appending(path: path)
            guard unlink(url.path) == 0 else { continue }
            changed.append(path)
            // The page's folder goes too, unless something else lives there.
            rmdir(url.deletingLastPathComponent().path)
        }
        return changed.sorted()
    }
}
