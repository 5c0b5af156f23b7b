import Foundation
import Glibc
import SiteContent
import SiteRender
import Translations

/// Decides whether a build may replace its output folder. A build replaces the folder
/// whole, so the folder must be absent, empty, or a previous output of this tool: it holds
/// the marker file every build writes (and, checked again right before the swap by
/// `OutputContents`, nothing the tool did not write). Some folders are refused even then: the root, the home folder,
/// the current folder and its ancestors, the content and templates folders (and any
/// folder inside or around them), and a folder holding `.git` or `Package.swift`.
public enum OutputGuard {
    /// The file every build writes into its output: proof that the folder is ours to replace.
    public static let markerName = ".lifecycle-docs-output"
    static let markerText = Data("""
        This folder is written by lifecycle-docs: every build replaces it whole.
        Keep nothing else here; edit the sources (Content/, Templates/) instead.

        """.utf8)

    /// Why a folder may not be replaced.
    public struct Refusal: Error, Sendable, Equatable {
        /// The folder as the user named it.
        public var folder: String
        public var reason: String

        /// `refusing to replace 'Content': it holds …`.
        public var message: String { "refusing to replace '\(folder)': \(reason)" }
    }

    /// The real location of `output` (symbolic links followed) when a build may replace it.
    /// Relative paths are taken from `currentDirectory`; `home` is the user's home folder.
    public static func check(
        output: String, content: String, templates: String,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        home: String? = homeFolder()
    ) throws(Refusal) -> URL {
        func refuse(_ reason: String) -> Refusal { Refusal(folder: output, reason: reason) }
        guard !output.isEmpty else { throw refuse("the output folder needs a name") }
        let target = resolved(output, from: currentDirectory)
        let sources = [("content", content), ("templates", templates)].map { ($0, $1, resolved($1, from: currentDirectory)) }
        let here = resolved(".", from: currentDirectory)

        if target == "/" { throw refuse("it is the root folder") }
        if let home, !home.isEmpty, target == resolved(home, from: currentDirectory) { throw refuse("it is the home folder") }
        if target == here { throw refuse("it is the current folder") }
        if isAncestor(target, of: here) { throw refuse("it holds the current folder") }
        for (kind, name, path) in sources {
            if target == path { throw refuse("it is the \(kind) folder") }
            if isAncestor(target, of: path) { throw refuse("it holds the \(kind) folder '\(name)'") }
            if isAncestor(path, of: target) { throw refuse("it is inside the \(kind) folder '\(name)', where the site would be read as a source") }
        }

        var info = stat()
        guard lstat(target, &info) == 0 else { return URL(filePath: target, directoryHint: .isDirectory) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("it is a file, not a folder") }
        for project in [".git", "Package.swift"] where exists(target + "/" + project) {
            throw refuse("it holds \(project), so it is a project's folder, not an output")
        }
        let url = URL(filePath: target, directoryHint: .isDirectory)
        guard isEmpty(target) || exists(target + "/" + markerName) else {
            throw refuse("it holds files this tool did not write (use an empty folder or a previous output)")
        }
        return url
    }

    /// `$HOME`, else the home folder of the user in the password database.
    public static func homeFolder() -> String? {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, as the kernel
    /// would; the part of it that does not exist yet is appended as written (normalised).
    static func resolved(_ path: String, from currentDirectory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var existing = URL(filePath: absolute).standardizedFileURL.path
        var missing: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                guard !missing.isEmpty else { return base }
                return (base == "/" ? "" : base) + "/" + missing.reversed().joined(separator: "/")
            }
            let url = URL(filePath: existing)
            let parent = url.deletingLastPathComponent().path
            if parent == existing || parent.isEmpty { return absolute }
            missing.append(url.lastPathComponent)
            existing = parent
        }
    }

    /// Whether `folder` strictly contains `path` (both resolved).
    static func isAncestor(_ folder: String, of path: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func isEmpty(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { return false }
        }
        return true
    }
}
