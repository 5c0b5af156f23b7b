import Foundation
import Glibc
import Synchronization
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

        /// `lifecycle-docs ARGS` started in the project, its output thrown away.
        func start(_ arguments: [String]) -> Process {
            let process = Process()
            process.executableURL = toolBinary
            process.arguments = arguments
            process.currentDirectoryURL = root
            process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { Issue.record("cannot start the tool: \(error)") }
            return process
        }

        /// The files under `folder` of the project, by path from it, with their text.
        func files(under folder: String) throws -> [String: String] {
            var files: [String: String] = [:]
            let base = root.appending(path: folder)
            for path in try FileManager.default.subpathsOfDirectory(atPath: base.path) {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: base.appending(path: path).path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[path] = try read(base.appending(path: path))
                }
            }
            return files
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

    /// The marker is what makes a folder an output: a previous output without it is refused, and
    /// so is a new folder made where an output was (its inode may be the old one's).
    @Test func anOutputWithoutItsMarkerIsRefused() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        try FileManager.default.removeItem(at: project.root.appending(path: "public/" + OutputGuard.markerName))
        var before = try project.snapshot()
        var result = try project.run(["build", "--output", "public", "--force"])
        #expect(result.code == 2)
        #expect(result.err == "error: refusing to replace 'public': it holds files this tool did not write (use an empty folder or a previous output)\n")
        #expect(try project.snapshot() == before)

        try FileManager.default.removeItem(at: project.root.appending(path: "public"))
        try project.write("my thesis\n", "public/thesis.txt")
        before = try project.snapshot()
        result = try project.run(["build", "--output", "public"])
        #expect(result.code == 2)
        #expect(try project.snapshot() == before)
    }

    /// A file a user put into an output (notes, an upload) is never deleted: a full build and an
    /// incremental one both refuse, name the files and change nothing; once they are moved out the
    /// build goes on. A web root the site was copied into (marker included) is refused alike.
    @Test func filesAUserAddedToAnOutputAreNeverDeleted() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        try project.write("my notes\n", "public/MYNOTES.txt")
        try project.write("photo\n", "public/es/uploads/p.jpg")
        for arguments in [["--force"], []] {
            try project.write("---\ntitle: A\n---\n## Uno\n\nTexto \(arguments.count).\n", "Content/es/a.md")
            let before = try project.snapshot()
            let result = try project.run(["build", "--output", "public"] + arguments)
            #expect(result.code == 2, "\(arguments): \(result.err)")
            #expect(result.err == "error: refusing to replace 'public': it holds 2 files this tool did not write: MYNOTES.txt, es/uploads/ (move them out of it; a file to publish belongs in the content folder)\n")
            #expect(try project.snapshot() == before, "\(arguments)")
        }
        try FileManager.default.removeItem(at: project.root.appending(path: "public/MYNOTES.txt"))
        try FileManager.default.removeItem(at: project.root.appending(path: "public/es/uploads"))
        var result = try project.run(["build", "--output", "public"])
        #expect(result.code == 0, "\(result.err)")
        #expect(try read(project.root.appending(path: "public/es/a/index.html")).contains("Texto 0."))

        // The site copied into a web root that holds other files.
        try project.write("mine\n", "www/user-page.html")
        try FileManager.default.copyItem(at: project.root.appending(path: "public/es"), to: project.root.appending(path: "www/es"))
        try FileManager.default.copyItem(
            at: project.root.appending(path: "public/" + OutputGuard.markerName), to: project.root.appending(path: "www/" + OutputGuard.markerName))
        let before = try project.snapshot()
        result = try project.run(["build", "--output", "www"])
        #expect(result.code == 2)
        #expect(result.err == "error: refusing to replace 'www': it holds 1 file this tool did not write: user-page.html (move them out of it; a file to publish belongs in the content folder)\n")
        #expect(try project.snapshot() == before)
    }

    /// Without the list of what the last build wrote, a build is a full one, and a file it no
    /// longer writes (a deleted article's page) cannot be told from a user's: it is refused.
    @Test func withoutTheListOfItsFilesAnOutputHoldsOnlyWhatABuildWritesAgain() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        try project.write("---\ntitle: B\n---\nOtro.\n", "Content/es/b.md")
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        let list = project.root.appending(path: ".public.files")
        #expect(try read(list).hasPrefix("lifecycle-docs output files 1\n"))
        #expect(try read(list).contains("\nes/b/index.html\n"))

        // An edit right after the first build is built in full (its stamps were not settled yet).
        try project.write("---\ntitle: A\n---\n## Uno\n\nOtro texto.\n", "Content/es/a.md")
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        try FileManager.default.removeItem(at: list)
        try project.write("---\ntitle: A\n---\n## Uno\n\nY otro.\n", "Content/es/a.md")
        var result = try project.run(["build", "--output", "public", "--verbose"])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("full build: the list of the files the last build wrote is missing"), "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: list.path))

        try FileManager.default.removeItem(at: list)
        try FileManager.default.removeItem(at: project.root.appending(path: "Content/es/b.md"))
        result = try project.run(["build", "--output", "public"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: refusing to replace 'public': it holds 2 files this tool did not write: es/b/, search/es/p/b.js (move"), "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: project.root.appending(path: "public/es/b/index.html").path))
    }

    /// A build whose cache or list of files cannot be saved (here: a folder of the user's holds
    /// the name) succeeds, says so, and leaves that folder alone; the next build is a full one.
    @Test func aCacheOrListThatCannotBeSavedIsAWarningAndTheirNamesakesStay() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        for name in [".public.cache", ".public.files"] {
            try FileManager.default.removeItem(at: project.root.appending(path: name))
            try project.write("mine\n", name + "/keep.txt")
        }
        Thread.sleep(forTimeInterval: 0.06)
        try project.write("---\ntitle: A\n---\n## Uno\n\nOtro.\n", "Content/es/a.md")
        let result = try project.run(["build", "--output", "public"])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("warning: could not save the list of the files in public ("), "\(result.err)")
        #expect(result.err.contains("warning: could not save the build cache beside public ("), "\(result.err)")
        for name in [".public.cache", ".public.files"] {
            #expect(try read(project.root.appending(path: name + "/keep.txt")) == "mine\n", "\(name)")
        }
        #expect(try read(project.root.appending(path: "public/es/a/index.html")).contains("Otro."))
    }

    /// Folders of the user's that bear the names of the tool's own beside an output (a dated
    /// backup, a `.previous`) are never removed: only a folder holding the marker is the tool's.
    @Test func foldersBesideTheOutputWithTheToolsNamesAreLeftAloneWithoutTheMarker() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        let mine = [".public.old-20261205/important.txt", ".public.staging-4194000/draft.txt", ".public.previous/keep.txt"]
        for path in mine { try project.write("mine\n", path) }
        // A build killed between making its staging folder and marking it leaves it empty: removed.
        let empty = project.root.appending(path: ".public.staging-4194001")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for round in 0..<3 {
            Thread.sleep(forTimeInterval: 0.06)
            try project.write("---\ntitle: A\n---\n## Uno\n\nTexto \(round).\n", "Content/es/a.md")
            let result = try project.run(["build", "--output", "public"] + (round == 2 ? ["--force"] : []))
            #expect(result.code == 0, "\(round): \(result.err)")
            #expect(try read(project.root.appending(path: "public/es/a/index.html")).contains("Texto \(round)."))
            for path in mine { #expect(try read(project.root.appending(path: path)) == "mine\n", "\(round): \(path)") }
            #expect(!FileManager.default.fileExists(atPath: empty.path), "\(round): an empty staging folder stays")
        }
    }

    /// Two builds of one output at once (`serve` rebuilding while `make site` runs) take turns: the
    /// second waits for the first, so neither updates the output from a state the other replaced.
    @Test func aSecondBuildWaitsForTheFirst() throws {
        let folder = try makeTemporaryDirectory("lock")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appending(path: "public")
        var first = OutputLock(beside: output) { Issue.record("nothing held the lock") }
        #expect(first != nil)
        let waited = Mutex(false)
        let taken = Mutex(false)
        let thread = Thread {
            let second = OutputLock(beside: output) { waited.withLock { $0 = true } }
            taken.withLock { $0 = true }
            withExtendedLifetime(second) {}
        }
        thread.start()
        var tries = 0
        while !waited.withLock({ $0 }) && tries < 500 {
            Thread.sleep(forTimeInterval: 0.01)
            tries += 1
        }
        #expect(waited.withLock { $0 }, "the second build was told it waits")
        Thread.sleep(forTimeInterval: 0.05)
        #expect(!taken.withLock { $0 }, "the second build went on while the first held the lock")
        first = nil
        tries = 0
        while !taken.withLock({ $0 }) && tries < 500 {
            Thread.sleep(forTimeInterval: 0.01)
            tries += 1
        }
        #expect(taken.withLock { $0 }, "the second build went on once the first was done")
    }

    /// Builds run two at a time after each edit still leave exactly what a clean build writes.
    @Test func buildsRunTwoAtATimeLeaveWhatACleanBuildWrites() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        #expect(try project.run(["build", "--output", "public"]).code == 0)
        for round in 0..<4 {
            Thread.sleep(forTimeInterval: 0.06)
            try project.write("---\ntitle: A\n---\n## Uno\n\nTexto \(round) con más palabras \(String(repeating: "x", count: round)).\n", "Content/es/a.md")
            try project.write("---\ntitle: B\n---\nOtra \(round).\n", "Content/es/b.md")
            Thread.sleep(forTimeInterval: 0.06)
            let builds = [project.start(["build", "--output", "public"]), project.start(["build", "--output", "public"])]
            for build in builds {
                build.waitUntilExit()
                #expect(build.terminationStatus == 0)
            }
        }
        #expect(try project.run(["build", "--output", "clean"]).code == 0)
        let built = try project.files(under: "public")
        let clean = try project.files(under: "clean")
        #expect(built.keys.sorted() == clean.keys.sorted())
        for (path, text) in clean where built[path] != text { Issue.record("\(path) differs from a clean build's") }
    }

    /// A folder prepared for a web server (group-writable, setgid) keeps its mode and group when a
    /// build replaces it, full or incremental.
    @Test func aReplacedOutputKeepsItsModeAndGroup() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        let webroot = project.root.appending(path: "webroot")
        try FileManager.default.createDirectory(at: webroot, withIntermediateDirectories: true)
        let group: gid_t = getuid() == 0 ? 65534 : getgid()
        #expect(chown(webroot.path, uid_t.max, group) == 0)
        #expect(chmod(webroot.path, 0o2775) == 0)
        for round in 0..<3 {
            Thread.sleep(forTimeInterval: 0.06)
            try project.write("---\ntitle: A\n---\n## Uno\n\nTexto \(round).\n", "Content/es/a.md")
            #expect(try project.run(["build", "--output", "webroot"] + (round == 2 ? ["--force"] : [])).code == 0)
            var info = stat()
            #expect(lstat(webroot.path, &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o2775, "round \(round): \(String(info.st_mode & 0o7777, radix: 8))")
            #expect(info.st_gid == group, "round \(round)")
        }
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
