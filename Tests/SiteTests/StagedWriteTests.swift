import Foundation
import Testing

import Diagnostics
import TestSupport

@testable import SiteBuild

/// `StagedOutput.write` makes each file's folder (found again by the path's bytes up to its
/// last `/`) and writes the file there, from many threads at once.
@Suite struct StagedWriteTests {
    @Test func filesInSharedAndNestedFoldersAreWrittenFromEveryThread() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "staged-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var random = SeededRandom(seed: 3032 &+ SeededRandom.seedOffset("STAGED_WRITE_SEED"))
        // Folders that share prefixes, non-ASCII names, a name that is a prefix of another, files at the top.
        let folders = ["", "es/", "es/a/", "es/ab/", "es/a/b/", "es/ñandú/", "search/es/p/", "bg/жар/x/"]
        var paths = Set<String>()
        while paths.count < 400 {
            paths.insert(random.pick(folders) + "f\(random.below(60)).html")
        }
        let files = paths.sorted()
        #expect(files.count == 400)
        let staged = try StagedOutput(output: root.appending(path: "out"), displayName: "out")
        try Parallel.forEach(files.count) { index throws(DiagnosticError) in
            try staged.write(files[index], Data(files[index].utf8))
        }
        try staged.commit()
        for path in files {
            #expect(FileManager.default.contents(atPath: root.appending(path: "out").path + "/" + path) == Data(path.utf8), "\(path)")
        }
    }

    @Test func aFileWhereAFolderGoesIsAnErrorNamingTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "staged-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let staged = try StagedOutput(output: root.appending(path: "out"), displayName: "out")
        defer { staged.discard() }
        try staged.write("es/a", Data("file".utf8))
        #expect(throws: DiagnosticError.self) { try staged.write("es/a/index.html", Data()) }
        do throws(DiagnosticError) {
            try staged.write("es/a/index.html", Data())
        } catch {
            #expect(error.diagnostics.first?.location?.file == "out/es/a/index.html")
        }
    }
}
