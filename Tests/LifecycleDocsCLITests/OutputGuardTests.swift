import Foundation
import Glibc
import Testing
import TestSupport

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// The output guard, tried as a user would: the real `lifecycle-docs` binary runs in a
/// project folder (a git repository with Content/, Templates/ and notes) with the
/// `--output` a typo could produce. Every refusal exits with 2, prints one line naming
/// the folder, and leaves every file of the project exactly as it was.
@Suite struct OutputGuardTests {

    /// A project as a writer has it: sources, templates, a repository, notes, a fake home.
    struct Project {
        let root: URL
        var home: URL { root.appending(path: "home") }

        init() throws {
            root = try makeTemporaryDirectory("guard").resolvingSymlinksInPath()
            let fm = FileManager.default
            try fm.copyItem(at: repositoryRoot.appending(path: "Templates"), to: root.appending(path: "Templates"))
            try write("---\ntitle: A\n---\n## Uno\n\nTexto.\n", "Content/es/a.md")
            try write("[core]\n\trepositoryformatversion = 0\n", ".git/config")
            try write("ideas for the next article\n", "notes.txt")
            try write("// swift-tools-version:6.0\n", "tool/Package.swift")
            try write("my photos\n", "home/photos.txt")
            try write("not ours\n", "foreign/index.html")
            try fm.createDirectory(at: root.appending(path: "sub/deeper"), withIntermediateDirectories: true)
            try fm.createDirectory(at: root.appending(path: "empty"), withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: root.appending(path: "content-link").path, withDestinationPath: "Content")
        }

        func write(_ text: String, _ path: String) throws {
            try TestSupport.write([path: text], under: root)
        }

        /// `lifecycle-docs ARGS` run from `folder` (relative to the project), with `HOME` in the project.
        func run(_ arguments: [String], in folder: String = ".") throws -> (code: Int32, out: String, err: String) {
            let process = Process()
            process.executableURL = toolBinary
            process.arguments = arguments
            process.currentDirectoryURL = root.appending(path: folder)
            process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }

        /// Every entry under the root (symbolic links as links), with the bytes of each file.
        func snapshot() throws -> [String: String] {
            var entries: [String: String] = [:]
            for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
                let full = root.appending(path: path).path
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: entries[path] = "folder"
                case S_IFLNK: entries[path] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
                default: entries[path] = try read(URL(filePath: full))
                }
            }
            return entries
        }
    }

    static let refusals: [(output: String, folder: String, reason: String)] = [
        (".", ".", "it is the current folder"),
        ("..", "sub", "it holds the current folder"),
        ("../..", "sub/deeper", "it holds the current folder"),
        ("Content", ".", "it is the content folder"),
        ("Content/", ".", "it is the content folder"),
        ("./Content/../Content", ".", "it is the content folder"),
        ("content-link", ".", "it is the content folder"),
        ("content-link/", ".", "it is the content folder"),
        ("Templates", ".", "it is the templates folder"),
        ("Content/es", ".", "it is inside the content folder 'Content', where the site would be read as a source"),
        ("home", ".", "it is the home folder"),
        ("tool", ".", "it holds Package.swift, so it is a project's folder, not an output"),
        ("foreign", ".", "it holds files this tool did not write (use an empty folder or a previous output)"),
        ("foreign/", ".", "it holds files this tool did not write (use an empty folder or a previous output)"),
        ("notes.txt", ".", "it is a file, not a folder"),
    ]

    @Test(arguments: refusals)
    func refusesAndTouchesNothing(output: String, folder: String, reason: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: toolBinary.path), "build the tool first (swift build)")
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        let contentArguments = folder == "." ? [] : ["--content", project.root.appending(path: "Content").path,
                                                     "--templates", project.root.appending(path: "Templates").path]
        let before = try project.snapshot()
        for command in ["build", "serve"] {
            let extra = command == "serve" ? ["--port", "0"] : []
            let result = try project.run([command, "--output", output] + contentArguments + extra, in: folder)
            #expect(result.code == 2, "\(command) --output \(output): \(result.err)")
            #expect(result.err == "error: refusing to replace '\(output)': \(reason)\n")
            #expect(result.out.isEmpty)
            #expect(try project.snapshot() == before, "\(command) --output \(output) changed the project")
        }
    }

    /// A marker does not make a forbidden folder replaceable.
    @Test(arguments: ["home", ".", "Content", "tool"])
    func aMarkerDoesNotUnlockAForbiddenFolder(output: String) throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        try project.write("forged\n", output + "/" + OutputGuard.markerName)
        let before = try project.snapshot()
        let result = try project.run(["build", "--output", output])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: refusing to replace '\(output)': "))
        #expect(try project.snapshot() == before)
    }

    @Test func aFolderHoldingARepositoryIsRefusedEvenWithAMarker() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        try project.write("[core]\n", "site/.git/config")
        try project.write("forged\n", "site/" + OutputGuard.markerName)
        let before = try project.snapshot()
        let result = try project.run(["build", "--output", "site"])
        #expect(result.code == 2)
        #expect(result.err == "error: refusing to replace 'site': it holds .git, so it is a project's folder, not an output\n")
        #expect(try project.snapshot() == before)
    }

    @Test func theRootFolderAndItsAliasesAreRefused() {
        for output in ["/", "//", "/.", "/tmp/..", "/../.."] {
            #expect(throws: OutputGuard.Refusal(folder: output, reason: "it is the root folder")) {
                try OutputGuard.check(output: output, content: "/nonexistent/Content", templates: "/nonexistent/Templates", currentDirectory: "/tmp", home: nil)
            }
        }
    }

    @Test func absentEmptyAndPreviousOutputsAreReplaced() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        // Absent, then a previous output (its marker), rebuilt in full.
        var result = try project.run(["build", "--output", "public"])
        #expect(result.code == 0, "\(result.err)")
        let marker = project.root.appending(path: "public/" + OutputGuard.markerName)
        #expect(FileManager.default.fileExists(atPath: marker.path))
        result = try project.run(["build", "--output", "public", "--force"])
        #expect(result.code == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: project.root.appending(path: "public/es/a/index.html").path))

        // Empty; with a trailing slash.
        result = try project.run(["build", "--output", "empty/"])
        #expect(result.code == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: project.root.appending(path: "empty/es/a/index.html").path))
    }

    /// An output written before outputs carried a marker is still recognised by the cache
    /// beside it, which was saved for that very folder; without either, it is refused.
    @Test func aPreviousOutputWithoutMarkerIsRecognisedByItsCache() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        try FileManager.default.removeItem(at: project.root.appending(path: "public/" + OutputGuard.markerName))
        var result = try project.run(["build", "--output", "public", "--force"])
        #expect(result.code == 0, "\(result.err)")

        // A cache that describes another folder proves nothing.
        try FileManager.default.removeItem(at: project.root.appending(path: "public/" + OutputGuard.markerName))
        try FileManager.default.moveItem(at: project.root.appending(path: "public"), to: project.root.appending(path: "moved"))
        try FileManager.default.copyItem(at: project.root.appending(path: "moved"), to: project.root.appending(path: "public"))
        result = try project.run(["build", "--output", "public", "--force"])
        #expect(result.code == 2)
        #expect(result.err == "error: refusing to replace 'public': it holds files this tool did not write (use an empty folder or a previous output)\n")
    }

    /// Through a symbolic link, the build replaces the folder the link leads to and keeps the link.
    @Test func aLinkToAnOutputStaysALink() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        try FileManager.default.createSymbolicLink(atPath: project.root.appending(path: "deploy").path, withDestinationPath: "empty")
        var result = try project.run(["build", "--output", "deploy"])
        #expect(result.code == 0, "\(result.err)")
        result = try project.run(["build", "--output", "deploy/", "--force"])
        #expect(result.code == 0, "\(result.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: project.root.appending(path: "deploy").path) == "empty")
        #expect(FileManager.default.fileExists(atPath: project.root.appending(path: "empty/es/a/index.html").path))
    }
}
