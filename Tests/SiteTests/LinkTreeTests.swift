import Foundation
import Glibc
import Testing

import Diagnostics

@testable import SiteBuild

/// The copy of the site an incremental build keeps (`StagedOutput.linkTree`): every file
/// hard-linked, every folder made anew, links copied as links, and an error naming the file
/// that could not be copied.
@Suite struct LinkTreeTests {
    private func makeTemporaryFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "linktree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    private func info(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// Every path under `root` (relative, sorted), as FileManager lists it, hidden files included.
    private func paths(under root: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
    }

    @Test func everyFileIsLinkedAndEveryFolderMadeAnew() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appending(path: "public")
        // An output holds the marker, which the staging folder holds from its start: the staging
        // folder keeps its own (never unlinked, so a killed build leaves a folder marked as the tool's).
        let files = ["index.html", ".hidden", OutputGuard.markerName, "es/a/index.html", "es/ñandú/index.html", "search/es/p/a.js", "deep/1/2/3/4/file.txt"]
        for path in files {
            let url = site.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: site.appending(path: "empty"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.appending(path: "es/latest").path, withDestinationPath: "a")

        let staged = try StagedOutput(output: root.appending(path: "out"), displayName: "out")
        defer { staged.discard() }
        try staged.linkTree(from: site)

        let copied = try paths(under: staged.staging)
        #expect(copied == (try paths(under: site)))
        #expect(copied.contains("empty") && copied.contains("es/latest") && copied.contains("es/ñandú/index.html"))
        for path in copied {
            let original = try #require(info(site.path + "/" + path))
            let copy = try #require(info(staged.staging.path + "/" + path))
            #expect(copy.st_mode & S_IFMT == original.st_mode & S_IFMT, "\(path)")
            if original.st_mode & S_IFMT == S_IFDIR {
                #expect(copy.st_ino != original.st_ino, "a folder is made anew: \(path)")
            } else if path == OutputGuard.markerName {
                #expect(copy.st_ino != original.st_ino, "the staging folder keeps its own marker")
                #expect(try Data(contentsOf: URL(filePath: staged.staging.path + "/" + path)) == OutputGuard.markerText)
            } else {
                #expect(copy.st_ino == original.st_ino, "a file or link shares its inode: \(path)")
            }
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: staged.staging.path + "/es/latest") == "a")
    }

    @Test func aFileThatCannotBeCopiedIsNamed() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appending(path: "public")
        try FileManager.default.createDirectory(at: site.appending(path: "es/a"), withIntermediateDirectories: true)
        try Data("page".utf8).write(to: site.appending(path: "es/a/index.html"))

        let staged = try StagedOutput(output: root.appending(path: "out"), displayName: "out")
        defer { staged.discard() }
        // Something already in the way: the link cannot be made.
        try FileManager.default.createDirectory(at: staged.staging.appending(path: "es/a"), withIntermediateDirectories: true)
        #expect {
            try staged.linkTree(from: site)
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostics.first
            return diagnostic?.location?.file == "out/es" && diagnostic?.message.contains("cannot copy: File exists") == true
        }
    }

    /// `write` makes a file's folders (found by the path's last `/` byte) and writes its bytes
    /// under the staging folder: at the root, one folder down, deep, in folders with non-ASCII
    /// names and a name starting with a mark, and again in a folder it already made.
    @Test func writtenFilesLandAtTheirPaths() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let staged = try StagedOutput(output: root.appending(path: "out"), displayName: "out")
        defer { staged.discard() }
        let files = ["index.html", "es/a/index.html", "es/b/index.html", "es/ñandú/index.html", "search/es/p/a.js", "deep/1/2/3/4/file.txt", "es/\u{301}x/index.html"]
        for path in files { try staged.write(path, Data(path.utf8)) }
        for path in files {
            #expect(FileManager.default.contents(atPath: staged.staging.path + "/" + path) == Data(path.utf8), "\(path)")
        }
    }
}
