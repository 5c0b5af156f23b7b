import Glibc

/// Whole-file reads and writes with plain POSIX calls: the one place that loops over
/// EINTR and short reads and writes. Bytes are `[UInt8]`, which callers can hand to a
/// parser without the extra copy Foundation's `Data(contentsOf:)` makes.
public enum Files {
    /// How `write` treats a file that is already there.
    public enum WriteMode: Sendable {
        /// Creates the file or truncates it and writes in place (mode 0644 before the umask).
        case replace
        /// Fails with EEXIST when the file is there: never overwrites.
        case createNew
        /// Writes a temporary file beside it, flushes it to disk and renames it over the
        /// file: readers and a crash see the old bytes or the new, never a torn file.
        case atomic
    }

    /// Whether `path` is a folder, or a link to one.
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Makes the folder at `path` and the missing folders above it (mode 0777 before the umask),
    /// as `mkdir -p` does; a folder already there, or made meanwhile by another thread, is fine.
    /// One `mkdir` when the parent is there: Foundation's `createDirectory` cost a build more
    /// than the writes of the pages it made folders for.
    public static func makeFolders(_ path: String) throws(FileError) {
        if mkdir(path, 0o777) == 0 { return }
        var code = errno
        if code == ENOENT, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex {
            try makeFolders(String(path[..<slash]))
            if mkdir(path, 0o777) == 0 { return }
            code = errno
        }
        if code == EEXIST {
            if isFolder(path) { return }
            code = ENOTDIR
        }
        throw FileError(path: path, errno: code)
    }

    /// The whole of the regular file at `path`.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        return try readToEnd(fd, path: path, sizeHint: size)
    }

    /// The file at `path` as UTF-8 text; invalid UTF-8 is an error naming the first bad byte.
    public static func readText(_ path: String) throws(FileError) -> String {
        let bytes = try read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(path: path, kind: .invalidUTF8(byteOffset: firstInvalidUTF8Offset(bytes[...]) ?? 0))
        }
        return text
    }

    /// At most the first `count` bytes of the regular file at `path` (fewer when it is shorter).
    public static func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8] {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        return try readToEnd(fd, path: path, sizeHint: size, limit: max(count, 0))
    }

    /// Reads `descriptor` until end of file (or `limit` bytes), starting with room for
    /// `sizeHint` bytes. The file may be a pipe that delivers a few bytes per read, or
    /// a file that grows while it is read. `path` is only for the error.
    ///
    /// The expected bytes are read straight into the array's storage, never zeroed first; the
    /// end is then told by a read into a small buffer on the stack. Growing the array to find
    /// the end had copied every file once more and touched half as many pages again.
    public static func readToEnd(_ descriptor: Int32, path: String, sizeHint: Int? = nil, limit: Int = .max) throws(FileError) -> [UInt8] {
        let limit = max(limit, 0)
        let capacity = min(max(sizeHint ?? fileSize(descriptor) ?? 0, 0), limit)
        var failure: Int32?
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = 0
            guard let start = buffer.baseAddress else { return }
            while initialized < buffer.count {
                let count = Glibc.read(descriptor, start + initialized, buffer.count - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if count == 0 {
                    ended = true
                    return
                }
                initialized += count
            }
        }
        if let failure { throw FileError(path: path, errno: failure) }
        // Past the size expected (a pipe, or the file grew): read on in pieces.
        while !ended && bytes.count < limit {
            let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16384) { piece in
                let count = Glibc.read(descriptor, piece.baseAddress, min(piece.count, limit - bytes.count))
                if count > 0 { bytes.append(contentsOf: piece[..<count]) }
                return count
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, errno: errno)
            }
            ended = count == 0
        }
        return bytes
    }

    /// Writes `bytes` as the whole file at `path`. The folder must exist.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, mode: WriteMode = .replace) throws(FileError) {
        // Data, arrays and String.UTF8View are contiguous: no copy. Anything else is copied once.
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(FileError) in try write(UnsafeRawBufferPointer(buffer), to: path, mode: mode) }
        } ?? Result { () throws(FileError) in
            try Array(bytes).withUnsafeBytes { buffer in Result { () throws(FileError) in try write(buffer, to: path, mode: mode) } }.get()
        }
        try result.get()
    }

    /// Writes `text` as UTF-8 as the whole file at `path`.
    public static func write(_ text: String, to path: String, mode: WriteMode = .replace) throws(FileError) {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(FileError) in try write(UnsafeRawBufferPointer(buffer), to: path, mode: mode) }
        }
        try result.get()
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to path: String, mode: WriteMode) throws(FileError) {
        switch mode {
        case .replace:
            try writeNew(buffer, path: path, reportedAs: path, flags: O_TRUNC)
        case .createNew:
            try writeNew(buffer, path: path, reportedAs: path, flags: O_EXCL)
        case .atomic:
            try writeAtomically(buffer, to: path)
        }
    }

    private static func writeNew(
        _ buffer: UnsafeRawBufferPointer, path: String, reportedAs reported: String, flags: Int32, sync: Bool = false
    ) throws(FileError) {
        let fd = try retrying(reported) { open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0o644) }
        var closed = false
        defer { if !closed { close(fd) } }
        try writeAll(fd, buffer, path: reported)
        if sync { _ = try retrying(reported) { fsync(fd) } }
        closed = true
        // close can report a write the file system deferred (NFS, a full disk).
        if close(fd) != 0 && errno != EINTR { throw FileError(path: reported, errno: errno) }
    }

    /// Writes every byte of `buffer` to `descriptor`, again after EINTR and short writes.
    public static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(FileError) {
        guard let base = buffer.baseAddress else { return }
        var written = 0
        while written < buffer.count {
            let count = Glibc.write(descriptor, base + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, errno: errno)
            }
            // write(2) returns 0 only for a zero-byte request; never spin on it.
            if count == 0 { throw FileError(path: path, errno: EIO) }
            written += count
        }
    }

    private static func writeAtomically(_ buffer: UnsafeRawBufferPointer, to path: String) throws(FileError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "." + name + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // A file that is replaced keeps its permissions (set after the open: the umask cuts those).
        var info = stat()
        let existing = stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
        do throws(FileError) {
            try writeNew(buffer, path: temporary, reportedAs: path, flags: O_EXCL, sync: true)
            if let existing { chmod(temporary, existing) }
            guard rename(temporary, path) == 0 else { throw FileError(path: path, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Opens `path` for reading, with its size when opened (the reads' first guess: one fstat
    /// a file, not a second one in `readToEnd`); a folder or anything else that is not a
    /// regular file is an error, and O_NONBLOCK keeps a FIFO without a writer from blocking the open.
    private static func openRegularFile(_ path: String) throws(FileError) -> (descriptor: Int32, size: Int) {
        let fd = try retrying(path) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        var info = stat()
        if fstat(fd, &info) != 0 {
            let code = errno
            close(fd)
            throw FileError(path: path, errno: code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return (fd, Int(info.st_size))
        case S_IFDIR:
            close(fd)
            throw FileError(path: path, errno: EISDIR)
        default:
            close(fd)
            throw FileError(path: path, kind: .notARegularFile)
        }
    }

    private static func fileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Calls `body` again while it fails with EINTR; any other failure (-1) becomes the error.
    private static func retrying(_ path: String, _ body: () -> Int32) throws(FileError) -> Int32 {
        while true {
            let result = body()
            if result >= 0 { return result }
            if errno != EINTR { throw FileError(path: path, errno: errno) }
        }
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence; nil when all are valid.
    public static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        // The decoder consumes a whole scalar per step; track byte offsets by scalar length.
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// Why a file could not be read or written: the path, and errno or what was wrong with its bytes.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A system call failed with this errno.
        case system(errno: Int32)
        /// A FIFO, socket or device where a regular file was expected.
        case notARegularFile
        /// Text that is not UTF-8, from this byte on.
        case invalidUTF8(byteOffset: Int)
    }

    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public init(path: String, errno code: Int32) {
        self.init(path: path, kind: .system(errno: code))
    }

    /// The errno, for a failed system call.
    public var errno: Int32? {
        if case .system(let code) = kind { return code }
        return nil
    }

    /// What went wrong, without the path: "No such file or directory".
    public var reason: String {
        switch kind {
        case .system(let code): String(cString: strerror(code))
        case .notARegularFile: "not a regular file"
        case .invalidUTF8(let offset): "not valid UTF-8 (byte \(offset))"
        }
    }

    public var description: String { "\(path): \(reason)" }
}
