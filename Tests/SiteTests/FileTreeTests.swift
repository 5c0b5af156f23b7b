import Foundation
import Glibc
import Testing
import TestSupport

@testable import SiteBuild

/// The readdir walkers of the build: `FolderEntries` (names and folder-ness relative to an open
/// folder), `FileTree.files` (what the link check lists) and `FileTree.remove` (which must never
/// reach through a link into a folder the build does not own).
@Suite struct FileTreeTests {
    /// Each path's file holds its path.
    private func write(_ paths: [String], under root: URL) throws {
        try TestSupport.write(Dictionary(uniqueKeysWithValues: paths.map { ($0, $0) }), under: root)
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    @Test func entriesAreNamedWithWhetherTheyAreFolders() throws {
        let root = try makeTemporaryDirectory("filetree")
        defer { try? FileManager.default.removeItem(at: root) }
        try write(["a.html", ".hidden", "ñandú/index.html"], under: root)
        try FileManager.default.createDirectory(at: root.appending(path: "empty"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "to-folder").path, withDestinationPath: "ñandú")
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "dangling").path, withDestinationPath: "nowhere")

        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(folder >= 0)
        defer { close(folder) }
        var seen: [String: Bool?] = [:]
        let read = FolderEntries.forEach(in: folder) { name, isFolder in seen[String(cString: name)] = isFolder }
        #expect(read)
        #expect(seen == [
            "a.html": false, ".hidden": false, "ñandú": true, "empty": true,
            "to-folder": false, "dangling": false,  // links are entries of their own
        ])
        // The descriptor stays usable: a second reading lists the same entries.
        var again = 0
        FolderEntries.forEach(in: folder) { _, _ in again += 1 }
        #expect(again == seen.count)
    }

    @Test func aFolderThatCannotBeReadIsReported() {
        var called = false
        #expect(!FolderEntries.forEach(in: -1) { _, _ in called = true })
        #expect(!called)
    }

    @Test func anErrorOfTheBodyStopsTheReading() throws {
        struct Stop: Error {}
        let root = try makeTemporaryDirectory("filetree")
        defer { try? FileManager.default.removeItem(at: root) }
        try write(["1", "2", "3"], under: root)
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(folder >= 0)
        defer { close(folder) }
        var calls = 0
        #expect(throws: Stop.self) {
            try FolderEntries.forEach(in: folder) { (_, _) throws(Stop) in
                calls += 1
                throw Stop()
            }
        }
        #expect(calls == 1)
    }

    @Test func filesListsFilesAndLinksButNotFolders() throws {
        let root = try makeTemporaryDirectory("filetree")
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = try makeTemporaryDirectory("filetree")
        defer { try? FileManager.default.removeItem(at: outside) }
        try write(["secret.html"], under: outside)
        try write(["index.html", ".nojekyll", "es/a/index.html", "es/ñandú/index.html", "deep/1/2/3/file.txt"], under: root)
        try FileManager.default.createDirectory(at: root.appending(path: "empty/inner"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "es/outside").path, withDestinationPath: outside.path)

        #expect(FileTree.files(under: root.path) == [
            "index.html", ".nojekyll", "es/a/index.html", "es/ñandú/index.html", "deep/1/2/3/file.txt", "es/outside",
        ])
        #expect(FileTree.files(under: root.path + "/missing").isEmpty)
    }

    @Test func removeTakesTheTreeAndLeavesWhatLinksPointTo() throws {
        let root = try makeTemporaryDirectory("filetree")
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = try makeTemporaryDirectory("filetree")
        defer { try? FileManager.default.removeItem(at: outside) }
        try write(["keep/me.txt"], under: outside)
        let site = root.appending(path: "site")
        try write(["index.html", ".hidden", "es/a/index.html", "es/ñandú/index.html", "deep/1/2/3/4/5/file.txt"], under: site)
        try FileManager.default.createDirectory(at: site.appending(path: "empty"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.appending(path: "es/outside").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: site.appending(path: "top-link").path, withDestinationPath: outside.path)

        FileTree.remove(site.path)
        #expect(!exists(site.path))
        #expect(try String(contentsOf: outside.appending(path: "keep/me.txt"), encoding: .utf8) == "keep/me.txt")

        // A link given as the root is removed itself.
        let link = root.appending(path: "link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside.path)
        FileTree.remove(link)
        #expect(!exists(link))
        #expect(exists(outside.appending(path: "keep/me.txt").path))
        FileTree.remove(root.appending(path: "never-there").path)  // nothing to do, no crash
    }
}
