import Foundation
import Glibc

/// The entries of an open folder, read with readdir ("." and ".." left out): each name,
/// zero-terminated and valid during the call, and whether the entry is a folder itself (not a
/// link to one): readdir's type when the file system gives it, else `fstatat`'s; nil when the
/// entry is gone since it was listed. The build's folder walkers (the stamps, the linked copy of
/// the site, removing and listing a site) read folders through it, each entry named relative to
/// its open folder: no path is made per entry on sites of thousands of files.
enum FolderEntries {
    /// Calls `body` with every entry of the open folder `folder`, which stays open (it is read
    /// through a duplicate: `fdopendir` takes over the descriptor it is given). False if the
    /// folder cannot be read (`errno` says why).
    @discardableResult
    static func forEach<Failure: Error>(
        in folder: Int32, _ body: (_ name: UnsafePointer<CChar>, _ isFolder: Bool?) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        let listed = dup(folder)
        guard listed >= 0 else { return false }
        guard let directory = fdopendir(listed) else {
            close(listed)
            return false
        }
        defer { closedir(directory) }
        // The duplicate shares the folder's reading position: from the start, whoever read it before.
        rewinddir(directory)
        while let entry = readdir(directory) {
            let type = entry.pointee.d_type
            try withUnsafePointer(to: &entry.pointee.d_name) { tuple throws(Failure) in
                try tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name throws(Failure) in
                    if name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { return }
                    try body(name, isFolder(type, name, in: folder))
                }
            }
        }
        return true
    }

    private static func isFolder(_ type: UInt8, _ name: UnsafePointer<CChar>, in folder: Int32) -> Bool? {
        switch Int32(type) {
        case Int32(DT_DIR): return true
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return info.st_mode & S_IFMT == S_IFDIR
        default: return false
        }
    }

    /// Opens the folder `name` of the open folder `folder` for reading, not through a link
    /// (a link to a folder is an entry of its own, never walked into); -1 if it cannot.
    static func openFolder(_ name: UnsafePointer<CChar>, in folder: Int32) -> Int32 {
        openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
}

/// Removing and listing a folder's tree (a site of thousands of files: no Foundation URL per entry).
enum FileTree {
    /// Removes `root` and everything in it, on every core (Foundation's removeItem takes
    /// several times longer on a site of thousands of folders). What cannot be removed stays.
    /// A link is removed itself, never what it points to.
    static func remove(_ root: String) {
        var info = stat()
        guard lstat(root, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(root)
            return
        }
        // The marker goes last: a build killed while it removes a folder of its own leaves one the
        // next build still knows as the tool's (`removeOwnFolder`).
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0 != OutputGuard.markerName }
        _ = Parallel.map(entries.count) { index in removeTree(root + "/" + entries[index]) }
        unlink(root + "/" + OutputGuard.markerName)
        rmdir(root)
    }

    /// Removes `folder` (a staging folder or an old site beside the output) only when it holds
    /// the marker every folder the tool makes there holds, or nothing at all (a build killed
    /// between making it and writing the marker): a folder of the user's that happens to bear
    /// such a name (`.public.old-20261205`, a backup) is left alone. True if it is gone.
    @discardableResult
    static func removeOwnFolder(_ folder: String) -> Bool {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return true }
        guard info.st_mode & S_IFMT == S_IFDIR else { return false }
        if rmdir(folder) == 0 { return true }
        guard lstat(folder + "/" + OutputGuard.markerName, &info) == 0 else { return false }
        remove(folder)
        return lstat(folder, &info) != 0
    }

    private static func removeTree(_ path: String) {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            unlink(path)  // a file or a link (or nothing: then this fails harmlessly)
            return
        }
        removeContents(of: folder)
        close(folder)
        rmdir(path)
    }

    /// Removes what the open folder `folder` holds, folders after their contents.
    private static func removeContents(of folder: Int32) {
        FolderEntries.forEach(in: folder) { name, isFolder in
            guard isFolder == true else {
                unlinkat(folder, name, 0)
                return
            }
            let child = FolderEntries.openFolder(name, in: folder)
            if child >= 0 {
                removeContents(of: child)
                close(child)
            }
            unlinkat(folder, name, AT_REMOVEDIR)
        }
    }

    /// Every file (not folder) under `root`, by relative path; a link counts as a file and is
    /// not followed. A folder that cannot be read adds nothing; none if `root` cannot be read.
    static func files(under root: String) -> Set<String> {
        var found = Set<String>()
        func collect(_ folder: Int32, prefix: String) {
            FolderEntries.forEach(in: folder) { name, isFolder in
                guard let isFolder else { return }  // gone since it was listed
                let path = prefix + String(cString: name)
                guard isFolder else {
                    found.insert(path)
                    return
                }
                let child = FolderEntries.openFolder(name, in: folder)
                guard child >= 0 else { return }
                collect(child, prefix: path + "/")
                close(child)
            }
        }
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return [] }
        collect(folder, prefix: "")
        close(folder)
        return found
    }
}
