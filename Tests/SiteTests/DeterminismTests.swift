import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// Pages are rendered in parallel, yet two builds of the same input write the same bytes.
@Suite struct DeterminismTests {
    @Test func twoBuildsOfTheRepositoryWriteIdenticalFiles() throws {
        var snapshots: [[String: Data]] = []
        for _ in 0..<2 {
            let output = try makeTemporaryDirectory().appending(path: "public")
            let result = SiteBuilder.build(BuildOptions(
                contentDir: repositoryRoot.appending(path: "Content").path,
                templatesDir: repositoryRoot.appending(path: "Templates").path,
                outputDir: output.path))
            #expect(result.succeeded)
            snapshots.append(try snapshot(output))
        }
        #expect(snapshots[0].count > 20)
        #expect(snapshots[0].keys.sorted() == snapshots[1].keys.sorted())
        for (path, data) in snapshots[0] { #expect(snapshots[1][path] == data, "\(path) differs between two builds") }
    }

    /// The command-line build leaves its big values to the process's exit (`ExitKeeper`): that
    /// must change nothing it writes, in a full build or in an incremental one.
    @Test func leavingMemoryToExitWritesTheSameFiles() throws {
        let project = try makeProject(content: [
            "site.yml": "baseURL: \"https://docs.example.org/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: Sitio}\n  - {code: it, name: Italiano, title: Sito}\n",
            "es/a.md": "---\ntitle: Uno\n---\n\nTexto.\n",
            "it/a.md": "---\ntitle: Uno\ntranslation:\n  from: es\n---\n\nTesto.\n",
        ])
        // A file written in the last 50 ms is not trusted to be unchanged (`IncrementalBuildTests.settle`).
        Thread.sleep(forTimeInterval: 0.06)
        var snapshots: [[String: Data]] = []
        for leaves in [false, true] {
            var options = buildOptions(project)
            options.outputDir = project.appending(path: leaves ? "kept" : "freed").path
            options.leavesMemoryToExit = leaves
            #expect(SiteBuilder.build(options).succeeded)
            try Data("---\ntitle: Uno\n---\n\nTexto cambiado.\n".utf8).write(to: project.appending(path: "Content/es/a.md"))
            let again = SiteBuilder.build(options)
            #expect(again.succeeded)
            #expect(again.decision == .incremental)
            try Data("---\ntitle: Uno\n---\n\nTexto.\n".utf8).write(to: project.appending(path: "Content/es/a.md"))
            Thread.sleep(forTimeInterval: 0.06)
            snapshots.append(try snapshot(URL(filePath: options.outputDir)))
        }
        #expect(snapshots[0].count > 5)
        #expect(snapshots[0].keys.sorted() == snapshots[1].keys.sorted())
        for (path, data) in snapshots[0] {
            #expect(snapshots[1][path] == data, "\(path) differs")
        }
    }

    @Test func exitKeeperKeepsWhatItIsGiven() {
        final class Probe {}
        weak var probe: Probe?
        do {
            let made = Probe()
            probe = made
            ExitKeeper.keep([made])
        }
        #expect(probe != nil)
    }
}
