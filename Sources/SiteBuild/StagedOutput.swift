import Diagnostics
import Encoding
import FileIO
import Foundation
import Glibc
import SiteContent
import SiteRender
import Synchronization
import Translations

/// Writes a whole site into a hidden staging folder beside the output folder
/// and swaps it in only at the end, so a failed build never leaves a half site.
final class StagedOutput: Sendable {
    let output: URL
    let staging: URL
    /// `staging.path`, and its folders made so far (paths from it).
    private let stagingPath: String
    /// `stagingPath` and a `/`: a file's path is this and its path in the site, one concatenation.
    private let stagingPrefix: String
    private let folders = Mutex(StringTable())
    private let displayName: String

    /// A new staging folder beside `output`; or `reusing` a folder of ours that is already
    /// there (an incremental build's copy of the previous site).
    init(output: URL, displayName: String, reusing existing: URL? = nil) throws(DiagnosticError) {
        self.output = output.standardizedFileURL
        self.displayName = displayName
        let parent = self.output.deletingLastPathComponent()
        let name = self.output.lastPathComponent
        staging = existing ?? parent.appending(path: ".\(name).staging-\(getpid())")
        stagingPath = staging.path
        stagingPrefix = stagingPath + "/"
        if existing != nil { return }
        guard FileTree.removeOwnFolder(staging.path) else {
            throw Self.failure(displayName, "cannot create the output folder: \(staging.path) is in the way, and it is not this tool's")
        }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw Self.failure(displayName, "cannot create the output folder: \(Self.reason(creating: staging, otherwise: error))")
        }
        // The new site keeps the output folder's mode, owner and group (a web root shared with a
        // group, with its setgid bit): it takes the folder's place. A change not allowed is left.
        var old = stat()
        if lstat(self.output.path, &old) == 0, old.st_mode & S_IFMT == S_IFDIR {
            if chown(stagingPath, old.st_uid, old.st_gid) != 0 { _ = chown(stagingPath, uid_t.max, old.st_gid) }
            chmod(stagingPath, old.st_mode & 0o7777)
        }
        // The marker first: a build killed before the end leaves a folder the next one knows as its own.
        try write(OutputGuard.markerName, OutputGuard.markerText)
    }

    func write(_ relativePath: String, _ text: String) throws(DiagnosticError) {
        try write(relativePath, Data(text.utf8))
    }

    func write(_ relativePath: String, _ data: Data) throws(DiagnosticError) {
        // Each folder is made once (files share folders: a page's assets, the search index's),
        // by `Files.makeFolders`: one mkdir where Foundation's `createDirectory` cost more than
        // the file's write.
        // The folder is looked up by the path's bytes up to its last `/`: no String made
        // per file, and a cheaper hash than a Set's (the generic `lastIndex(of:)`, the folder's
        // String and its hashing cost some 1,200 instructions a file).
        let known = relativePath.withUTF8Bytes { path -> (length: Int, made: Bool)? in
            guard let slash = ByteSearch.lastIndex(of: UInt8(ascii: "/"), in: path) else { return nil }
            let folder = UnsafeBufferPointer(rebasing: path[..<slash])
            return (slash, folders.withLock { $0.find(folder) != nil })
        }
        if let known, !known.made {
            let folder = String(decoding: relativePath.utf8.prefix(known.length), as: UTF8.self)
            do {
                try Files.makeFolders(stagingPrefix + folder)
            } catch {
                throw Self.failure(displayName + "/" + relativePath, "cannot write: \(error.reason)")
            }
            folders.withLock { _ = $0.number(folder) }
        }
        // Plain POSIX writes: the staging folder is renamed into place at the end, and
        // Foundation's Data.write would fsync every one of thousands of files.
        do {
            try Files.write(data, to: stagingPrefix + relativePath)
        } catch {
            throw Self.failure(displayName + "/" + relativePath, "cannot write: \(error.reason)")
        }
    }

    /// Replaces the output folder with the staged one in one step: the two folders swap names
    /// atomically (renameat2 with RENAME_EXCHANGE), so a build killed at any moment leaves the
    /// old site or the new one at the output's path, never a mix and never nothing. Then the
    /// old site, now under the staging name, is removed. On a file system that cannot swap,
    /// the old site is moved aside first (a moment without an output folder, but never a mix).
    /// With `keep`, the previous site is kept there instead (an incremental build's next
    /// staging folder); returns whether it was.
    @discardableResult
    func commit(keepingPreviousAt keep: URL? = nil) throws(DiagnosticError) -> Bool {
        let fm = FileManager.default
        var info = stat()
        guard lstat(output.path, &info) == 0 else {
            guard rename(staging.path, output.path) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw Self.failure(displayName, "cannot replace the output folder: \(reason)")
            }
            return false
        }
        if FolderSwap.exchange(staging.path, output.path) {
            // The staging name now holds the previous site.
            guard let keep else {
                discard()
                return false
            }
            if keep.path == staging.path { return true }
            if FileTree.removeOwnFolder(keep.path), rename(staging.path, keep.path) == 0 { return true }
            discard()
            return false
        }
        let old = output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).old-\(getpid())")
        guard FileTree.removeOwnFolder(old.path) else {
            discard()
            throw Self.failure(displayName, "cannot replace the output folder: \(old.path) is in the way, and it is not this tool's")
        }
        do {
            try fm.moveItem(at: output, to: old)
        } catch {
            discard()
            throw Self.failure(displayName, "cannot replace the output folder: \(error.localizedDescription)")
        }
        do {
            try fm.moveItem(at: staging, to: output)
        } catch {
            try? fm.moveItem(at: old, to: output)
            discard()
            throw Self.failure(displayName, "cannot replace the output folder: \(error.localizedDescription)")
        }
        FileTree.removeOwnFolder(old.path)
        return false
    }

    /// Makes the staging folder, a copy of the site before the last build, a copy of `source`
    /// again: `paths` are those the last build changed, added or removed. Every other file of
    /// the two already shares its inode (hard links), so only these are linked anew.
    func sync(_ paths: [String], from source: URL) throws(DiagnosticError) {
        for path in paths {
            let target = staging.appending(path: path)
            unlink(target.path)
            let original = source.path + "/" + path
            guard access(original, F_OK) == 0 else {
                // Removed by the last build: its page's folder goes too, unless something else lives there.
                rmdir(target.deletingLastPathComponent().path)
                continue
            }
            do {
                try Files.makeFolders(target.deletingLastPathComponent().path)
            } catch {
                throw Self.failure(displayName + "/" + path, "cannot copy: \(error.reason)")
            }
            guard link(original, target.path) == 0 else {
                throw Self.failure(displayName + "/" + path, "cannot copy: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Fills the staging folder with hard links to every file of `source` (folders are made
    /// anew): a copy of the site that costs no bytes. A file that changes must then be
    /// unlinked before it is written, or the old site would change with it.
    func linkTree(from source: URL) throws(DiagnosticError) {
        // Folder by folder, each entry named relative to its open folders (`linkat`, `mkdirat`):
        // no path made per file (a String path per file was most of copying a 9,000-file site).
        let from = open(source.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let into = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer {
            if from >= 0 { close(from) }
            if into >= 0 { close(into) }
        }
        guard from >= 0 else { throw Self.failure(displayName + "/", "cannot read: \(String(cString: strerror(errno)))") }
        guard into >= 0 else { throw Self.failure(displayName + "/", "cannot copy: \(String(cString: strerror(errno)))") }
        try linkContents(of: from, into: into, path: "")
    }

    /// Links the files of the open folder `from` into the open folder `into` and makes its
    /// folders there, recursively; `path` is the folder's path in the site ("" or ending in "/"),
    /// for the error messages. Both descriptors stay open.
    private func linkContents(of from: Int32, into: Int32, path: String) throws(DiagnosticError) {
        let read = try FolderEntries.forEach(in: from) { name, isFolder throws(DiagnosticError) in
            func failure(_ verb: String) -> DiagnosticError {
                Self.failure(displayName + "/" + path + String(cString: name), "\(verb): \(String(cString: strerror(errno)))")
            }
            guard let isFolder else { return }  // gone since it was listed: nothing to copy
            guard isFolder else {
                // Flags 0: a symbolic link is linked itself, not what it points to (as link(2) does).
                // The staging folder holds its own marker from the start: kept (the same text), never
                // unlinked, so a build killed here leaves a folder the next one knows as its own.
                if linkat(from, name, into, name, 0) == 0 { return }
                guard errno == EEXIST, path.isEmpty, strcmp(name, OutputGuard.markerName) == 0 else { throw failure("cannot copy") }
                return
            }
            guard mkdirat(into, name, 0o755) == 0 else { throw failure("cannot copy") }
            let child = FolderEntries.openFolder(name, in: from)
            guard child >= 0 else { throw failure("cannot read") }
            defer { close(child) }
            let copy = FolderEntries.openFolder(name, in: into)
            guard copy >= 0 else { throw failure("cannot copy") }
            defer { close(copy) }
            try linkContents(of: child, into: copy, path: path + String(cString: name) + "/")
        }
        guard read else { throw Self.failure(displayName + "/" + path, "cannot read: \(String(cString: strerror(errno)))") }
    }

    /// Removes what builds that were killed left beside the output: staging folders and old
    /// sites named after a process that no longer runs (`.public.staging-123`, `.public.old-123`),
    /// each holding the marker (a folder of the user's with such a name stays).
    static func removeLeftovers(beside output: URL) {
        let output = output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).staging-", ".\(output.lastPathComponent).old-"]
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            guard let prefix = prefixes.first(where: name.hasPrefix), let pid = pid_t(name.dropFirst(prefix.count)) else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists: a running build keeps its folder.
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                FileTree.removeOwnFolder(parent.appending(path: name).path)
            }
        }
    }

    func discard() {
        FileTree.remove(staging.path)
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
        DiagnosticError([.error(at: .whole(path), message)])
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

    /// The bytes of a file written into the staging folder; nil if it cannot be read.
    func read(_ path: String) -> [UInt8]? {
        guard let folder = staged.withLock({ $0?.staging.path }) else { return nil }
        return try? Files.read(folder + "/" + path)
    }

    /// The staging folder, made now if it is not yet; nil when it cannot be.
    func folder() -> String? { try? stage().staging.path }

    func discard() { staged.withLock { $0?.discard() } }
}

/// The output of an incremental build: the few pages an edit touched are kept in memory
/// until every page has rendered. Then, if any file's bytes differ, they are written into a
/// copy of the site made of hard links, pages of deleted articles are removed there, and the
/// copy is swapped in like a full build's: a failed or killed build changes nothing.
///
/// The copy is double-buffered: the site before the swap stays beside the output
/// (`.public.previous`) and becomes the next build's copy, brought up to date by linking
/// anew only the files the last build changed. So an edit costs its own files, not a copy of
/// the whole tree; only the first incremental build after a full one copies every file.
final class IncrementalOutput: Sendable {
    private let output: URL
    private let displayName: String
    /// The files rendered, each with whether its bytes differ from the output's.
    private let pending = Mutex<[(path: String, data: Data, changed: Bool)]>([])

    /// The copy of the site before the last build, and what that build changed since.
    struct Previous: Sendable {
        var changes: [String]
        var inode: UInt64
    }

    init(_ output: URL, displayName: String) {
        self.output = output.standardizedFileURL
        self.displayName = displayName
    }

    /// `.public.previous` beside `public`.
    static func previousLocation(of output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).previous")
    }

    /// Keeps a rendered file, compared here with the output's (on the rendering core, not
    /// later one by one); returns whether the output already holds these bytes.
    @discardableResult
    func write(_ path: String, _ data: Data) -> Bool {
        let same = Self.holds(output.path + "/" + path, data)
        pending.withLock { $0.append((path, data, !same)) }
        return same
    }

    /// Whether the file at `path` holds exactly `data` (compared with memcmp, not byte by byte).
    static func holds(_ path: String, _ data: Data) -> Bool {
        guard let bytes = try? Files.read(path), bytes.count == data.count else { return false }
        return bytes.withUnsafeBytes { old in
            data.withUnsafeBytes { new in
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return true }
                return memcmp(oldBase, newBase, old.count) == 0
            }
        }
    }

    /// The files rendered so far, by path.
    var written: [(path: String, data: Data)] { pending.withLock { $0.map { ($0.path, $0.data) } } }

    /// Writes what changed and removes `deleted` pages (with their folders when empty).
    /// Returns the paths whose bytes changed, sorted, and the previous copy's state to record.
    func apply(deleting deleted: [String], previous: Previous?) throws(DiagnosticError) -> (changed: [String], previous: Previous?) {
        let changed = pending.withLock { $0 }.filter(\.changed).map { (path: $0.path, data: $0.data) }
        let removed = deleted.filter { access(output.appending(path: $0).path, F_OK) == 0 }
        guard !changed.isEmpty || !removed.isEmpty else { return ([], previous) }

        let keep = Self.previousLocation(of: output)
        let reusable = previous.flatMap { previous in
            BuildCache.outputIdentity(keep)?.inode == previous.inode ? previous : nil
        }
        let staged = try StagedOutput(output: output, displayName: displayName, reusing: reusable == nil ? nil : keep)
        let kept: Bool
        do throws(DiagnosticError) {
            if let reusable {
                try staged.sync(reusable.changes, from: output)
            } else {
                try staged.linkTree(from: output)
            }
            for (path, data) in changed {
                // Unlinked first: the file is shared with the live site until now.
                unlink(staged.staging.appending(path: path).path)
                try staged.write(path, data)
            }
            for path in removed {
                let url = staged.staging.appending(path: path)
                unlink(url.path)
                rmdir(url.deletingLastPathComponent().path)
            }
            kept = try staged.commit(keepingPreviousAt: keep)
        } catch {
            staged.discard()
            throw error
        }
        let paths = (changed.map(\.path) + removed).sorted()
        guard kept, let inode = BuildCache.outputIdentity(keep)?.inode else { return (paths, nil) }
        return (paths, Previous(changes: paths, inode: inode))
    }
}
