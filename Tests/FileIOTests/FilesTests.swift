import FileIO
import Foundation
import Glibc
import Synchronization
import Testing

@Suite struct FilesTests {
    /// A fresh folder for one test, removed when the test ends.
    final class Folder {
        let path: String

        init() throws {
            var template = Array((NSTemporaryDirectory() + "/fileio-tests-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { throw FileError(path: "mkdtemp", errno: errno) }
            path = String(cString: made)
        }

        func file(_ name: String) -> String { path + "/" + name }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func emptyFileRoundTrips() throws {
        let folder = try Folder()
        try Files.write([UInt8](), to: folder.file("empty"))
        #expect(try Files.read(folder.file("empty")) == [])
        #expect(try Files.readText(folder.file("empty")) == "")
        #expect(try Files.readPrefix(folder.file("empty"), count: 10) == [])
    }

    @Test func largeFileRoundTrips() throws {
        let folder = try Folder()
        // 3 MiB and a bit: more than one read and one write call on most systems.
        let bytes = (0..<(3 << 20) + 123).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        try Files.write(bytes, to: folder.file("large"))
        #expect(try Files.read(folder.file("large")) == bytes)
        #expect(try Files.readPrefix(folder.file("large"), count: 5000) == Array(bytes.prefix(5000)))
        // Data, as the site's callers hand it over.
        try Files.write(Data(bytes.reversed()), to: folder.file("large"), mode: .atomic)
        #expect(try Files.read(folder.file("large")) == bytes.reversed())
    }

    @Test func writeReplacesAndTruncates() throws {
        let folder = try Folder()
        let path = folder.file("a.txt")
        try Files.write("a longer first text", to: path)
        try Files.write("short", to: path)
        #expect(try Files.readText(path) == "short")
        var info = stat()
        #expect(stat(path, &info) == 0)
        // 0644 less whatever the umask takes; never more.
        #expect(info.st_mode & 0o600 == 0o600 && info.st_mode & 0o133 == 0)
    }

    @Test func createNewNeverOverwrites() throws {
        let folder = try Folder()
        let path = folder.file("new.md")
        try Files.write("first", to: path, mode: .createNew)
        #expect(throws: FileError(path: path, errno: EEXIST)) { try Files.write("second", to: path, mode: .createNew) }
        #expect(try Files.readText(path) == "first")
    }

    @Test func atomicWriteKeepsPermissionsAndLeavesNoTemporaryFile() throws {
        let folder = try Folder()
        let path = folder.file("cache")
        try Files.write("old", to: path)
        #expect(chmod(path, 0o600) == 0)
        try Files.write("new", to: path, mode: .atomic)
        #expect(try Files.readText(path) == "new")
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cache"])
    }

    @Test func atomicWriteIntoAMissingFolderFailsAndNamesTheFile() throws {
        let folder = try Folder()
        let path = folder.file("missing/cache")
        #expect(throws: FileError(path: path, errno: ENOENT)) { try Files.write("x", to: path, mode: .atomic) }
    }

    @Test func missingFile() throws {
        let folder = try Folder()
        let path = folder.file("nothing-here")
        let error = #expect(throws: FileError.self) { try Files.read(path) }
        #expect(error == FileError(path: path, errno: ENOENT))
        #expect(error?.reason == "No such file or directory")
        #expect(error?.description == path + ": No such file or directory")
        #expect(throws: FileError(path: path, errno: ENOENT)) { try Files.readPrefix(path, count: 4) }
    }

    @Test func folderIsNotAFile() throws {
        let folder = try Folder()
        let error = #expect(throws: FileError.self) { try Files.read(folder.path) }
        #expect(error?.errno == EISDIR)
        #expect(error?.reason == "Is a directory")
        #expect(throws: FileError(path: folder.path, errno: EISDIR)) { try Files.write("x", to: folder.path) }
    }

    @Test(.enabled(if: getuid() != 0, "root reads and writes files whatever their permissions say"))
    func permissionDenied() throws {
        let folder = try Folder()
        let path = folder.file("secret")
        try Files.write("hidden", to: path)
        #expect(chmod(path, 0o000) == 0)
        #expect(throws: FileError(path: path, errno: EACCES)) { try Files.read(path) }
        #expect(throws: FileError(path: path, errno: EACCES)) { try Files.write("x", to: path) }
        #expect(chmod(folder.path, 0o500) == 0)
        defer { chmod(folder.path, 0o700) }
        #expect(throws: FileError(path: folder.file("other"), errno: EACCES)) { try Files.write("x", to: folder.file("other"), mode: .atomic) }
    }

    /// A pipe hands over what its writer wrote so far: many short reads, some interrupted by
    /// nothing but the writer's pace. Every byte arrives, in order.
    @Test func readsAPipeToTheEndAcrossShortReads() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let chunks = (0..<200).map { index in (0..<(index % 7 + 1) * 13).map { UInt8(truncatingIfNeeded: index &+ $0) } }
        let writer = Thread {
            for chunk in chunks {
                chunk.withUnsafeBytes { buffer in _ = try? Files.writeAll(writeEnd, buffer, path: "pipe") }
                usleep(200)
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        #expect(try Files.readToEnd(readEnd, path: "pipe") == Array(chunks.joined()))
    }

    /// Files of every size around the pieces the reader works in come back whole, and a
    /// prefix stops where it was asked to (or at the end of a shorter file).
    @Test func readsFilesOfManySizesWholeAndByPrefix() throws {
        let folder = try Folder()
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 4095, 4096, 4097, 16383, 16384, 16385, 100_003, 1_000_000] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = folder.file("f\(size)")
            try Files.write(bytes, to: path)
            #expect(try Files.read(path) == bytes, "size \(size)")
            for count in Set([0, 1, size / 2, size, size + 10]) {
                #expect(try Files.readPrefix(path, count: count) == Array(bytes.prefix(count)), "size \(size), prefix \(count)")
            }
        }
    }

    /// The size hint is only where the reader starts: a file longer than it (one that grew
    /// since its size was taken) is read to its end, and one shorter gives only its bytes.
    @Test func readsPastAWrongSizeHint() throws {
        let folder = try Folder()
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = folder.file("f")
        try Files.write(bytes, to: path)
        for hint in [0, 10, 16384, 49_999, 50_000, 50_001, 200_000] {
            let descriptor = open(path, O_RDONLY)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            #expect(try Files.readToEnd(descriptor, path: path, sizeHint: hint) == bytes, "hint \(hint)")
        }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        #expect(try Files.readToEnd(descriptor, path: path, sizeHint: 10, limit: 20_000) == Array(bytes.prefix(20_000)))
    }

    /// A FIFO where a file was expected is refused at once, not read forever or waited on.
    @Test func fifoIsNotARegularFile() throws {
        let folder = try Folder()
        let path = folder.file("fifo")
        #expect(mkfifo(path, 0o644) == 0)
        let error = #expect(throws: FileError.self) { try Files.read(path) }
        #expect(error == FileError(path: path, kind: .notARegularFile))
        #expect(error?.reason == "not a regular file")
    }

    @Test func invalidUTF8NamesTheFirstBadByte() throws {
        let folder = try Folder()
        let path = folder.file("latin1.txt")
        try Files.write(Array("caf".utf8) + [0xE9, 0x21], to: path)
        let error = #expect(throws: FileError.self) { try Files.readText(path) }
        #expect(error == FileError(path: path, kind: .invalidUTF8(byteOffset: 3)))
        #expect(error?.reason == "not valid UTF-8 (byte 3)")
        // Valid multi-byte text reads as it is.
        try Files.write("café ✓", to: path)
        #expect(try Files.readText(path) == "café ✓")
    }

    @Test func firstInvalidOffsetCountsWholeSequences() {
        #expect(Files.firstInvalidUTF8Offset(Array("añ✓".utf8)[...]) == nil)
        #expect(Files.firstInvalidUTF8Offset((Array("añ".utf8) + [0xFF])[...]) == 3)
        // A sequence cut short by the end of the bytes.
        #expect(Files.firstInvalidUTF8Offset((Array("ab".utf8) + [0xE2, 0x9C])[...]) == 2)
    }

    @Test func makeFoldersMakesTheMissingFoldersAboveAndAcceptsOnesThere() throws {
        let folder = try Folder()
        let deep = folder.file("a/b/c")
        try Files.makeFolders(deep)
        #expect(Files.isFolder(folder.file("a")) && Files.isFolder(folder.file("a/b")) && Files.isFolder(deep))
        try Files.write("x", to: deep + "/f")
        // Made already (or by another thread meanwhile): nothing to do, nothing lost.
        try Files.makeFolders(deep)
        try Files.makeFolders(folder.file("a/b"))
        #expect(try Files.readText(deep + "/f") == "x")
        // Beside an existing one: one more level only.
        try Files.makeFolders(folder.file("a/b/d"))
        #expect(Files.isFolder(folder.file("a/b/d")))
    }

    @Test func makeFoldersRefusesAFileInTheWay() throws {
        let folder = try Folder()
        try Files.write("not a folder", to: folder.file("blocker"))
        // The file itself, and a folder under it.
        for path in [folder.file("blocker"), folder.file("blocker/public/es")] {
            let error = #expect(throws: FileError.self) { try Files.makeFolders(path) }
            #expect(error?.errno == ENOTDIR, "\(path)")
            #expect(error?.reason == String(cString: strerror(ENOTDIR)))
        }
        #expect(try Files.readText(folder.file("blocker")) == "not a folder")
    }

    @Test func makeFoldersOnManyThreadsMakesEachFolderOnce() throws {
        let folder = try Folder()
        // Pages of one language written at once: siblings and a shared parent raced for.
        let root = folder.path
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            do {
                try Files.makeFolders(root + "/es/page-\(index % 16)/assets")
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        let made = try FileManager.default.contentsOfDirectory(atPath: folder.file("es")).sorted()
        #expect(made == (0..<16).map { "page-\($0)" }.sorted())
    }
}
