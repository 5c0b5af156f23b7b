import Foundation
import Testing

@testable import Site

/// A build with no changed input leaves the previous site as it is, at once.
@Suite struct UpToDateTests {
    static let content = [
        "site.yml": "baseURL: \"https://docs.example.org/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: Sitio}\n",
        "es/a.md": "---\ntitle: A\n---\nTexto.\n",
    ]

    func identity(_ root: URL) throws -> UInt64 {
        try #require(BuildManifest.outputIdentity(root.appending(path: "public"))).inode
    }

    @Test func aSecondBuildWithNothingChangedDoesNothing() throws {
        let root = try makeProject(content: Self.content)
        let first = SiteBuilder.build(buildOptions(root))
        #expect(first.succeeded && first.upToDate == nil)
        let inode = try identity(root)
        let second = SiteBuilder.build(buildOptions(root))
        #expect(second.upToDate != nil)
        #expect(second.summaryLine.hasPrefix("Up to date: no input changed since the last build"))
        #expect(second.filesWritten == first.filesWritten)
        #expect(try identity(root) == inode, "the output folder was not replaced")
    }

    @Test func anEditedArticleIsRebuiltAndTheResultMatchesACleanBuild() throws {
        let root = try makeProject(content: Self.content)
        _ = SiteBuilder.build(buildOptions(root))
        try write(["Content/es/a.md": "---\ntitle: A\n---\nTexto nuevo.\n"], under: root)
        let rebuilt = SiteBuilder.build(buildOptions(root))
        #expect(rebuilt.upToDate == nil)
        #expect(try read(root.appending(path: "public/es/a/index.html")).contains("Texto nuevo."))
        var clean = buildOptions(root)
        clean.outputDir = root.appending(path: "clean").path
        #expect(SiteBuilder.build(clean).succeeded)
        #expect(try read(root.appending(path: "public/es/a/index.html")) == read(root.appending(path: "clean/es/a/index.html")))
    }

    @Test func forceRebuildsAndAReplacedOutputIsRebuilt() throws {
        let root = try makeProject(content: Self.content)
        _ = SiteBuilder.build(buildOptions(root))
        var forced = buildOptions(root)
        forced.force = true
        #expect(SiteBuilder.build(forced).upToDate == nil)
        try FileManager.default.removeItem(at: root.appending(path: "public"))
        let afterDelete = SiteBuilder.build(buildOptions(root))
        #expect(afterDelete.upToDate == nil)
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "public/es/a/index.html").path))
    }

    @Test func aBuildWithWarningsIsNeverSkipped() throws {
        var content = Self.content
        content["es/a.md"] = "---\ntitle: A\nautor: Ana\n---\nTexto.\n"
        let root = try makeProject(content: content)
        _ = SiteBuilder.build(buildOptions(root))
        let second = SiteBuilder.build(buildOptions(root))
        #expect(second.upToDate == nil)
        #expect(second.diagnostics.count == 1, "the warning is shown again")
    }
}
