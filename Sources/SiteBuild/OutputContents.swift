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

    /// Proves, right before a build replaces `output`, that all it holds is the tool's: written by
    /// the last build (its saved list) or, for a full build, written again by this one (`next`,
    /// the staged site). Returns the folder's entries (none when it does not exist), or the
    /// refusal naming the others; `name` is the folder as the user named it.
    static func prove(_ output: URL, named name: String, next: String?) -> Result<[String], OutputGuard.Refusal> {
        var info = stat()
        guard lstat(output.path, &info) == 0 else { return .success([]) }
        guard let found = foreign(in: output.path, written: load(for: output), next: next) else {
            return .failure(OutputGuard.Refusal(folder: name, reason: "it cannot be read to prove that all it holds is this tool's: \(String(cString: strerror(errno)))"))
        }
        guard !found.foreign.isEmpty else { return .success(found.entries) }
        let shown = found.foreign.prefix(5).joined(separator: ", ") + (found.foreign.count > 5 ? ", …" : "")
        let count = found.foreign.count == 1 ? "1 file" : "\(found.foreign.count) files"
        return .failure(OutputGuard.Refusal(
            folder: name,
            reason: "it holds \(count) this tool did not write: \(shown) (move them out of it; a file to publish belongs in the content folder)"))
    }

    /// Saves the list of what `output` holds after a build replaced it: `before` (its entries
    /// then) with `changed` (the paths an incremental build wrote or removed) brought up to date,
    /// or, after a full build (`changed` nil), the folder listed anew.
    static func record(_ output: URL, before: [String], changed: [String]?) {
        guard let changed else {
            save(entries(of: output.path) ?? [], for: output)
            return
        }
        var now = Set(before)
        for path in changed {
            // The path and the folders above it, as they are now: a new page's folder is new, a
            // removed page's may be gone.
            var entry = path
            while !entry.isEmpty {
                var info = stat()
                if lstat(output.path + "/" + entry, &info) == 0 { now.insert(entry) } else { now.remove(entry) }
                let folder = entry.hasSuffix("/") ? entry.dropLast() : entry[...]
                guard let slash = folder.lastIndex(of: "/") else { break }
                entry = String(folder[...slash])
            }
        }
        save(Array(now), for: output)
    }

    /// Every entry under `folder`, by its path from it: files (and symbolic links, not followed)
    /// as `a/b.html`, folders as `a/`, each folder before what it holds. Nil when `folder`
    /// cannot be read.
    static func entries(of folder: String) -> [String]? {
        walk(folder) { _ in true }
    }

    /// The entries of `folder` that are no build's, sorted: neither listed in `written` (what the
    /// last build wrote) nor present in `next` (the site about to replace it), with all the
    /// folder's entries. A folder that is no build's is named alone, not with what it holds. Nil
    /// when `folder` cannot be read.
    static func foreign(in folder: String, written: Set<String>, next: String?) -> (foreign: [String], entries: [String])? {
        var foreign: [String] = []
        guard let entries = walk(folder, keep: { path in
            if written.contains(path) { return true }
            var info = stat()
            if let next, lstat(next + "/" + path, &info) == 0 { return true }
            foreign.append(path)
            return false
        }) else { return nil }
        return (foreign.sorted(), entries)
    }

    /// The entries under `folder` that `keep` keeps (a folder it does not keep is not entered).
    private static func walk(_ folder: String, keep: (String) -> Bool) -> [String]? {
        var found: [String] = []
        var readable = true
        func collect(_ descriptor: Int32, prefix: String) {
            let listed = FolderEntries.forEach(in: descriptor) { name, isFolder in
                guard let isFolder else { return }  // gone since it was listed
                let path = prefix + String(cString: name) + (isFolder ? "/" : "")
                guard keep(path) else { return }
                found.append(path)
                guard isFolder else { return }
                let child = FolderEntries.openFolder(name, in: descriptor)
                guard child >= 0 else {
                    readable = false
                    return
                }
                collect(child, prefix: path)
                close(child)
            }
            if !listed { readable = false }
        }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        collect(descriptor, prefix: "")
        close(descriptor)
        return readable ? found : nil
    }

    /// Whether a list is saved beside `output`.
    static func isSaved(for output: URL) -> Bool { access(location(of: output).path, F_OK) == 0 }

    /// The list saved beside `output` by the last build, or empty when there is none (or it is
    /// not one): then only what the next site holds counts as the tool's.
    static func load(for output: URL) -> Set<String> {
        guard let bytes = try? Files.read(location(of: output).path) else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) else { return [] }
        return Set(lines.dropFirst().map(String.init))
    }

    /// Saves `entries` as the list of what the output holds: written beside it and renamed into
    /// place, so a build killed meanwhile leaves the old list or the new one. A list that cannot
    /// be saved is removed: the next build then counts only what it writes as the tool's.
    static func save(_ entries: [String], for output: URL) {
        let target = location(of: output).path
        let temporary = target + ".\(getpid())"
        let text = ([header] + entries.sorted()).joined(separator: "\n") + "\n"
        do {
            try Files.write(Data(text.utf8), to: temporary)
            guard rename(temporary, target) == 0 else { throw POSIXError(.EIO) }
        } catch {
            unlink(temporary)
            unlink(target)
        }
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
