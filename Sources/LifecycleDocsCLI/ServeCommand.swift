import Diagnostics
import Foundation
import PreviewServer
import SiteBuild
import SiteContent
import Translations
import Synchronization

/// Set by SIGINT and SIGTERM; the watch loop checks it between polls.
private let stopRequested = Atomic<Bool>(false)

/// `serve`: build, serve the output with live reload, rebuild on every change.
extension CLI {
    static func serve(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "serve")
        var (options, baseURLOrigin) = try renderOptions(&parser, output: true, environment: console.environment)
        // A preview shows drafts too, each with its badge.
        options.drafts = true
        let portText = try parser.value(for: "--port") ?? "8080"
        guard let port = UInt16(portText) else { throw UsageError("--port needs a number from 0 to 65535, not '\(portText)'") }
        let host = try parser.value(for: "--host") ?? "127.0.0.1"
        guard PreviewServer.isAddress(host) else {
            throw UsageError("--host needs an IP address such as 127.0.0.1, ::1 or 0.0.0.0, not '\(host)'")
        }
        console.verbosity = try verbosity(&parser)
        try parser.finish()

        // Refuse a folder that is not ours before anything else: every rebuild would replace it.
        do throws(OutputGuard.Refusal) {
            _ = try OutputGuard.check(output: options.outputDir, content: options.contentDir, templates: options.templatesDir)
        } catch {
            console.error(message: error.message)
            return ExitCode.usageError
        }

        // Listen first: a port in use is reported before a long build.
        let server = PreviewServer(root: options.outputDir)
        do {
            try server.start(host: host, port: port)
        } catch {
            console.error(message: "\(error)")
            return ExitCode.contentError
        }
        if !PreviewServer.isLoopback(host) {
            console.warning(message:
                "serving on \(host), not on loopback: anyone who can reach this machine can read the site, "
                    + "its drafts and the build's diagnostics. Leave out --host to serve on 127.0.0.1 only.")
        }
        signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in stopRequested.store(true, ordering: .relaxed) }
        // A browser that goes away mid-response must not end the process.
        signal(SIGPIPE, SIG_IGN)

        // The snapshot is taken before the build, so an edit made during it is seen next.
        var watcher = SourceWatcher(folders: [options.contentDir, options.templatesDir])
        rebuild(options, baseURLOrigin: baseURLOrigin, changed: [], server: server, console: &console)
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        // Printed even with --quiet: it is the one thing the user needs from this command.
        console.out("Serving \(options.outputDir) at http://\(shownHost):\(server.port)/ (Ctrl-C to stop)")
        flushStandardOutput()

        while !stopRequested.load(ordering: .relaxed) {
            usleep(250_000)
            guard let changed = watcher.changes(), !stopRequested.load(ordering: .relaxed) else { continue }
            let names = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            console.summary("Changed: \(names)")
            rebuild(options, baseURLOrigin: baseURLOrigin, changed: changed, server: server, console: &console)
        }
        console.summary("Stopping the preview server.")
        flushStandardOutput()
        server.stop()
        return ExitCode.success
    }

    /// Builds, reports in the terminal, and tells open pages: reload, or the errors.
    /// A failed build leaves the output folder as it was, so the last good site is still served.
    private static func rebuild(
        _ options: BuildOptions, baseURLOrigin: String?, changed: [String], server: PreviewServer, console: inout Console
    ) {
        let result = SiteBuilder.build(options)
        // The overlay's words in each language, read again on every build (a writer may edit them).
        if let strings = overlayStrings(templatesDir: options.templatesDir) { server.setOverlayStrings(strings) }
        if let refusal = result.refusal {
            console.error(message: "\(refusal.message); nothing was built")
            flushStandardOutput()
            return
        }
        console.report(result.diagnostics)
        printDetails(result, baseURLOrigin: baseURLOrigin, console: &console)
        if result.succeeded {
            console.summary(result.summaryLine)
            server.publish(.reload(changed: changed))
        } else {
            let errors = result.diagnostics.count { $0.severity == .error }
            console.error("Build failed with \(Plural.counted(errors, "error")); \(options.outputDir) was left unchanged and open pages show the errors.")
            server.publish(.error(diagnostics: result.diagnostics))
        }
        flushStandardOutput()
    }

    /// The UI strings of every language of `Templates/i18n/`, for the preview's overlay; nil when
    /// they cannot be read (the build reports why, and the overlay keeps the words it had).
    static func overlayStrings(templatesDir: String) -> [String: [String: String]]? {
        let folder = URL(filePath: templatesDir).appending(path: "i18n")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        let codes = names.filter { $0.hasSuffix(".yml") && !$0.hasPrefix(".") }.map { String($0.dropLast(4)) }.sorted()
        guard !codes.isEmpty, let strings = try? UIStrings.load(i18nDir: folder, displayPrefix: "", languages: codes) else { return nil }
        return Dictionary(uniqueKeysWithValues: codes.map { ($0, strings.strings(for: $0)) })
    }

    /// Standard output is a pipe under a test or a supervisor: print each line as it comes.
    private static func flushStandardOutput() {
        fflush(nil)  // nil: every stream (the global stdout is not concurrency-safe to name)
    }
}

/// Notices changes in the content and template folders by comparing a stat
/// signature of every file, every 250 ms. Polling rather than inotify: no watch
/// to add for each new subfolder, a folder replaced whole (a git checkout, an
/// editor that writes a new file and renames it) is seen like any edit, and it
/// works on any file system; the cost is one stat per file per poll.
struct SourceWatcher {
    struct Signature: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt
        var mode: UInt32
    }

    let folders: [String]
    private var snapshot: [String: Signature]

    init(folders: [String]) {
        self.folders = folders
        snapshot = Self.scan(folders)
    }

    /// The paths that changed since the last call, once the folders have been
    /// quiet for 100 ms (an editor or a checkout may write several files); nil if none.
    mutating func changes() -> [String]? {
        var current = Self.scan(folders)
        guard current != snapshot else { return nil }
        for _ in 0..<50 {
            usleep(100_000)
            let again = Self.scan(folders)
            if again == current { break }
            current = again
        }
        let changed = Set(current.keys).union(snapshot.keys).filter { current[$0] != snapshot[$0] }.sorted()
        snapshot = current
        return changed
    }

    static func scan(_ folders: [String]) -> [String: Signature] {
        var found: [String: Signature] = [:]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            while let path = walker.nextObject() as? String {
                // Editors' swap and backup files (.x.swp, x~) are not inputs and change often.
                let name = path.split(separator: "/").last ?? ""
                if name.hasPrefix(".") || name.hasSuffix("~") {
                    walker.skipDescendants()
                    continue
                }
                let full = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + path
                var info = stat()
                // Files only: a folder's own time changes with every file an editor replaces.
                guard lstat(full, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
                found[full] = Signature(
                    size: Int(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec,
                    inode: UInt(info.st_ino), mode: info.st_mode)
            }
        }
        return found
    }
}
