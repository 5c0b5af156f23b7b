import Foundation
import Glibc
import Testing
import TestSupport

/// A build killed with SIGKILL at any moment leaves the output as the old site or the
/// new one, never a mix, and the next build repairs whatever the cache says. The real
/// binary builds a copy of the repository's site; each round builds version 1, starts a
/// build of version 2, kills it after a random delay, compares the output with the two
/// possible sites file by file, then lets a build of version 2 finish and compares again.
@Suite(.serialized) struct CrashSafetyTests {

    /// What version 2 changes: a template (every page is rebuilt into a staging folder) or
    /// one article edited and another deleted (an incremental build on a hard-linked copy).
    enum Change: String, CaseIterable, Sendable {
        case full, incremental
    }

    final class Project {
        let root: URL
        let change: Change
        var output: URL { root.appending(path: "public") }

        init(_ change: Change) throws {
            self.change = change
            root = try makeTemporaryDirectory("crash-\(change)")
            let fm = FileManager.default
            try fm.copyItem(at: repositoryRoot.appending(path: "Templates"), to: root.appending(path: "Templates"))
            try fm.copyItem(at: repositoryRoot.appending(path: "Content"), to: root.appending(path: "Content"))
            // More pages widen the window a kill can fall into: every article under more slugs.
            for lang in ["es", "pt", "bg", "it"] {
                let folder = root.appending(path: "Content/\(lang)")
                for name in try fm.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
                    let text = try read(folder.appending(path: name))
                    for copy in 1...4 {
                        try write(Data(text.utf8), to: folder.appending(path: "\(name.dropLast(3))-\(copy).md"))
                    }
                }
            }
        }

        /// Puts the content and templates of `version` (1 or 2) in place.
        func use(version: Int) throws {
            switch change {
            case .full:
                let template = root.appending(path: "Templates/article.mustache")
                var text = try read(template)
                text = text.replacing(/<!-- crash-safety version \d+ -->\n/, with: "") + "<!-- crash-safety version \(version) -->\n"
                try write(Data(text.utf8), to: template)
            case .incremental:
                let article = root.appending(path: "Content/es/inactive-1.md")
                var text = try read(article)
                text = text.replacing(/\nVersión \d+ del artículo\.\n/, with: "") + (version == 2 ? "\nVersión 2 del artículo.\n" : "")
                try write(Data(text.utf8), to: article)
                let deleted = root.appending(path: "Content/pt/inactive-2.md")
                if version == 2 {
                    try? FileManager.default.removeItem(at: deleted)
                } else if !FileManager.default.fileExists(atPath: deleted.path) {
                    try FileManager.default.copyItem(at: root.appending(path: "Content/pt/inactive.md"), to: deleted)
                }
            }
        }

        func start() throws -> Process {
            let process = Process()
            process.executableURL = toolBinary
            process.arguments = ["build"]
            process.currentDirectoryURL = root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        /// Builds to the end; the build's wall time.
        func build() throws -> Double {
            let began = ContinuousClock.now
            let process = try start()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "the build of \(root.path) failed")
            let elapsed = ContinuousClock.now - began
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }

        /// Every file of the output, by path.
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            guard let walker = FileManager.default.enumerator(atPath: output.path) else { return files }
            while let path = walker.nextObject() as? String {
                var info = stat()
                guard lstat(output.appending(path: path).path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
                files[path] = try Data(contentsOf: output.appending(path: path))
            }
            return files
        }

        /// Folders a build leaves beside the output while it runs.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix(".public.staging-") || $0.hasPrefix(".public.old-") }
        }
    }

    @Test(arguments: Change.allCases)
    func killedBuildsLeaveTheOldSiteOrTheNew(change: Change) throws {
        try #require(FileManager.default.isExecutableFile(atPath: toolBinary.path), "build the tool first (swift build)")
        let project = try Project(change)
        defer { try? FileManager.default.removeItem(at: project.root) }

        // The two sites a killed build may leave, and how long a build of version 2 takes.
        try project.use(version: 1)
        _ = try project.build()
        let old = try project.snapshot()
        try project.use(version: 2)
        let duration = try project.build()
        let new = try project.snapshot()
        try #require(old != new && !old.isEmpty && !new.isEmpty)

        var generator = SystemRandomNumberGenerator()
        var outcomes = (old: 0, new: 0)
        var round = 0
        /// One kill after a delay drawn from `window` (in builds of version 2), then the repair.
        func killOnce(within window: ClosedRange<Double>) throws {
            round += 1
            try project.use(version: 1)
            _ = try project.build()
            #expect(try project.snapshot() == old, "round \(round): a build of version 1 after a kill wrote another site")

            try project.use(version: 2)
            let process = try project.start()
            usleep(UInt32(Double.random(in: window, using: &generator) * duration * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let after = try project.snapshot()
            if after == old { outcomes.old += 1 } else if after == new { outcomes.new += 1 } else {
                let differing = Set(after.keys).union(new.keys).filter { after[$0] != new[$0] && after[$0] != old[$0] }.sorted()
                Issue.record("round \(round): the killed build left a mix of the two sites; not as in either: \(differing.prefix(5))")
            }

            _ = try project.build()
            #expect(try project.snapshot() == new, "round \(round): the build after a kill did not repair the site")
            #expect(try project.leftovers().isEmpty, "round \(round): staging folders of the killed build were left beside the output")
        }
        // Anywhere from the start to a little past the end of a build; every other round near
        // the end, where the pages are written and the folders swapped.
        for index in 1...30 { try killOnce(within: index.isMultiple(of: 2) ? 0...1.2 : 0.8...1.1) }
        // A busy machine stretches builds: kills must land on both sides of the swap, so a side
        // none reached gets up to 20 more, aimed at it.
        for _ in 0..<20 where outcomes.new == 0 { try killOnce(within: 1.0...3.0) }
        for _ in 0..<20 where outcomes.old == 0 { try killOnce(within: 0...0.3) }
        #expect(outcomes.old > 0 && outcomes.new > 0, "\(outcomes)")
    }
}
