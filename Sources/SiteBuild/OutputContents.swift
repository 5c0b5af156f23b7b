import Diagnostics
import FileIO
import Foundation
import Glibc

/// What a build wrote into its output folder, kept beside it (`.public.files`) so the next build
/// can prove, before it replaces the folder, that everything in it is the tool's: a marker file
/// says a folder was an output once, not that nobody added a file since (a user's notes, a web
/// root the site was copied into). A build refuses to replace a folder holding anything that
/// neither the last build wrote nor this one writes again.
enum OutputContents {
    /// `.public.files` beside `public`.
    static func location(of output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).files")
    }

    static let header = "lifecycle-docs output files 1"

    /// What the last build left in the output: its paths as bytes (a site of 10,000 files is
    /// looked up on every build that replaces it: no String per path).
    struct Listed: Sendable {
        var paths = StringTable(OwnedBytes())

        func contains(_ path: UnsafeBufferPointer<UInt8>) -> Bool { paths.find(path) != nil }
    }

    /// What the output folder holds that its list does not, looked for while the build renders (on
    /// another core: walking a site of 2,000 folders took ~12 ms of an edit's 40). The folder is
    /// the last build's until the swap, and the build holds the lock; `prove` looks again should
    /// its top have changed meanwhile.
    struct Survey: Sendable {
        var exists = false
        var readable = true
        var reason = ""
        var listed = Listed()
        var unlisted: [String] = []
        /// The folder's modification time when surveyed (seconds, nanoseconds).
        var modified = (Int64(0), Int64(0))
    }

    static func survey(_ output: URL) -> Survey {
        var survey = Survey()
        var info = stat()
        guard lstat(output.path, &info) == 0 else { return survey }
        survey.exists = true
        survey.modified = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        let listed = load(for: output)
        var unlisted: [String] = []
        // Into unlisted folders too: without a list, a full build's own folders are unlisted, and
        // what they hold is judged one by one against the site it stages.
        survey.readable = walk(output.path) { path, _ in
            if !listed.contains(path) { unlisted.append(String(decoding: path, as: UTF8.self)) }
            return true
        }
        if !survey.readable { survey.reason = String(cString: strerror(errno)) }
        survey.listed = listed
        survey.unlisted = unlisted
        return survey
    }

    /// Proves, right before a build replaces `output`, that all it holds is the tool's: written by
    /// the last build (its saved list) or, for a full build, written again by this one (`next`,
    /// the staged site). Returns the list (empty when the folder does not exist), or the refusal
    /// naming the others; `name` is the folder as the user named it.
    static func prove(_ surveyed: Survey?, _ output: URL, named name: String, next: String?) -> Result<Listed, OutputGuard.Refusal> {
        var survey = surveyed ?? self.survey(output)
        var info = stat()
        let exists = lstat(output.path, &info) == 0
        if exists != survey.exists || (exists && (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)) != survey.modified) {
            survey = self.survey(output)
        }
        guard survey.exists else { return .success(Listed()) }
        guard survey.readable else {
            return .failure(OutputGuard.Refusal(folder: name, reason: "it cannot be read to prove that all it holds is this tool's: \(survey.reason)"))
        }
        // A folder that is no build's is named alone, not with what it holds (it sorts before it).
        var foreign: [String] = []
        for path in survey.unlisted.sorted() {
            if let folder = foreign.last, folder.hasSuffix("/"), path.hasPrefix(folder) { continue }
            var info = stat()
            if let next, lstat(next + "/" + path, &info) == 0 { continue }
            foreign.append(path)
        }
        guard !foreign.isEmpty else { return .success(survey.listed) }
        let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", …" : "")
        let count = Plural.counted(foreign.count, "file")
        return .failure(OutputGuard.Refusal(
            folder: name,
            reason: "it holds \(count) this tool did not write: \(shown) (move them out of it; a file to publish belongs in the content folder)"))
    }

    /// Saves the list of what `output` holds after a build replaced it: `before` (the last list,
    /// which held all the folder held) with `changed` (the paths an incremental build wrote or
    /// removed) brought up to date, or, after a full build (`changed` nil), the folder listed anew.
    /// Saves the list of what the new output holds; nil when saved, else why not.
    static func record(_ output: URL, before: Listed, changed: [String]?) -> String? {
        var text = Array((header + "\n").utf8)
        guard let changed else {
            _ = walk(output.path) { path, _ in
                text += path
                text.append(10)
                return true
            }
            return save(text, for: output)
        }
        // The changed paths and the folders above them, as they are now: a new page's folder is
        // new, a removed page's may be gone.
        var now: [String: Bool] = [:]
        for path in changed {
            var entry = path
            while !entry.isEmpty {
                var info = stat()
                now[entry] = lstat(output.path + "/" + entry, &info) == 0
                let folder = entry.hasSuffix("/") ? entry.dropLast() : entry[...]
                guard let slash = folder.lastIndex(of: "/") else { break }
                entry = String(folder[...slash])
            }
        }
        for number in 0..<UInt32(before.paths.count) {
            before.paths.withBytes(of: number) { path in
                if let there = now[String(decoding: path, as: UTF8.self)], !there { return }
                text += path
                text.append(10)
            }
        }
        for (path, there) in now where there {
            let known = path.utf8.withContiguousStorageIfAvailable { before.contains($0) } ?? false
            if !known {
                text += Array(path.utf8)
                text.append(10)
            }
        }
        return save(text, for: output)
    }

    /// Whether a list is saved beside `output`.
    static func isSaved(for output: URL) -> Bool { access(location(of: output).path, F_OK) == 0 }

    /// The list saved beside `output` by the last build, or an empty one when there is none (or
    /// it is not one): then only what the next site holds counts as the tool's.
    static func load(for output: URL) -> Listed {
        var listed = Listed()
        guard let bytes = try? Files.read(location(of: output).path) else { return listed }
        let head = Array((header + "\n").utf8)
        guard bytes.starts(with: head) else { return listed }
        bytes.withUnsafeBufferPointer { all in
            var start = head.count
            while start < all.count {
                var end = start
                while end < all.count && all[end] != 10 { end += 1 }
                if end > start { _ = listed.paths.number(UnsafeBufferPointer(rebasing: all[start..<end])) }
                start = end + 1
            }
        }
        return listed
    }

    /// Saves `text` as the list: written beside the output and renamed into place, so a build
    /// killed meanwhile leaves the old list or the new one. A list that cannot be saved is
    /// removed: the next build then counts only what it writes as the tool's.
    /// Nil when saved, else why not (the system's words; any older list is gone then).
    private static func save(_ text: [UInt8], for output: URL) -> String? {
        let target = location(of: output).path
        let temporary = target + ".\(getpid())"
        do throws(FileError) {
            try Files.write(Data(text), to: temporary)
            guard rename(temporary, target) == 0 else { throw FileError(path: target, errno: errno) }
            return nil
        } catch {
            unlink(temporary)
            unlink(target)
            return error.reason
        }
    }

    /// Walks the entries under `folder`, each by its path from it as bytes (a folder's with a
    /// trailing `/`), a folder before what it holds; `visit` says whether to go on into a
    /// folder. False when a folder could not be read.
    private static func walk(_ folder: String, _ visit: (UnsafeBufferPointer<UInt8>, Bool) -> Bool) -> Bool {
        var path: [UInt8] = []
        var readable = true
        func collect(_ descriptor: Int32) {
            let listed = FolderEntries.forEach(in: descriptor) { name, isFolder in
                guard let isFolder else { return }  // gone since it was listed
                let length = path.count
                defer { path.removeSubrange(length...) }
                path.append(contentsOf: UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name)))
                if isFolder { path.append(UInt8(ascii: "/")) }
                let goOn = path.withUnsafeBufferPointer { visit($0, isFolder) }
                guard goOn, isFolder else { return }
                let child = FolderEntries.openFolder(name, in: descriptor)
                guard child >= 0 else {
                    readable = false
                    return
                }
                collect(child)
                close(child)
            }
            if !listed { readable = false }
        }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        collect(descriptor)
        close(descriptor)
        return readable
    }
}

/// One build at a time beside an output folder: two at once (`serve` rebuilding while `make site`
/// runs) would both update the output from the same last build, and the second would keep a mix.
/// The lock is the parent folder's (`flock`), so no file is added; it goes with the process.
final class OutputLock {
    private let descriptor: Int32

    /// Waits for the lock, calling `waiting` first when another build holds it. Nil when the
    /// parent folder cannot be opened (the build then reports why it cannot write there).
    init?(beside output: URL, waiting: () -> Void) {
        descriptor = open(output.standardizedFileURL.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
