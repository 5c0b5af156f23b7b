import Glibc

/// The stamps of everything under a folder, as text: a line "<path> <stamp>" per file and
/// folder. Each folder is opened once and its entries are stamped relative to it (`fstatat`),
/// so the kernel looks up one name per file, not its whole path, and no String is made per
/// file: a build with nothing to do, and every incremental one, stamps the whole content folder.
enum StampWalk {
    typealias Visit = (_ path: ArraySlice<UInt8>, _ stamp: FileStamp?, _ line: ArraySlice<UInt8>) -> Void

    /// Appends "<root> <stamp>" and then the line of every entry under `root`, each folder's
    /// entries in the byte order of their names, right after the folder. Links are stamped as
    /// what they point to (`stat`) and not followed into. `visit` gets each entry's path
    /// (relative to `root`), stamp and line. A folder that cannot be read adds no lines.
    static func run(_ root: String, into text: inout [UInt8], visit: Visit = { _, _, _ in }) {
        text += root.utf8
        text.append(UInt8(ascii: " "))
        if let stamp = FileStamp(path: root) { stamp.appendText(to: &text) } else { text.append(UInt8(ascii: "-")) }
        text.append(10)
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        var path: [UInt8] = []
        walk(folder, path: &path, now: FileStamp.now(), into: &text, visit: visit)
    }

    /// Walks the open folder `folder` (closed on return); `path` is its path from the root,
    /// with a trailing slash unless it is the root.
    private static func walk(_ folder: Int32, path: inout [UInt8], now: Int64, into text: inout [UInt8], visit: Visit) {
        defer { close(folder) }
        // The names one after another in one buffer, each with its terminating zero (ready for the
        // calls; it sorts before any byte): an array per name cost more than the name's stat.
        var names: [UInt8] = []
        var entries: [(start: Int, length: Int, isFolder: Bool)] = []
        FolderEntries.forEach(in: folder) { name, isFolder in
            let length = strlen(name)
            entries.append((names.count, length, isFolder ?? false))
            names += UnsafeRawBufferPointer(start: name, count: length + 1)
        }
        let base = path.count
        names.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            // UInt8 and CChar may name the same memory (a signed and an unsigned integer of one size).
            let characters = UnsafeRawPointer(first).assumingMemoryBound(to: CChar.self)
            // strcmp compares bytes as unsigned: the order of the names' UTF-8.
            entries.sort { strcmp(characters + $0.start, characters + $1.start) < 0 }
            for entry in entries {
                let name = characters + entry.start
                path.removeSubrange(base...)
                path += buffer[entry.start..<(entry.start + entry.length)]
                var info = stat()
                let stamp = fstatat(folder, name, &info, 0) == 0 ? FileStamp(info, now: now) : nil
                let start = text.count
                text += path
                text.append(UInt8(ascii: " "))
                if let stamp { stamp.appendText(to: &text) } else { text.append(UInt8(ascii: "-")) }
                text.append(10)
                visit(path[...], stamp, text[start...])
                guard entry.isFolder else { continue }
                let child = FolderEntries.openFolder(name, in: folder)
                guard child >= 0 else { continue }
                path.append(UInt8(ascii: "/"))
                walk(child, path: &path, now: now, into: &text, visit: visit)
            }
        }
        path.removeSubrange(base...)
    }
}
