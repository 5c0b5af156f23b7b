import Foundation

/// The "nothing changed" shortcut: after a successful build, a small manifest
/// beside the output records every input (each content and template file's
/// size and modification time, the tool itself) and the output folder's
/// identity. A build whose inputs all match it leaves the output as it is,
/// which is what a full build would write: builds are deterministic.
struct BuildManifest: Codable, Equatable {
    var inputs: String
    var outputInode: UInt64
    var outputModified: Int64
    var articlesPerLanguage: [[String]]
    var files: Int
    var examples: Int
    var chains: Int

    /// Where the manifest of `output` lives: `.public.manifest` beside `public`.
    static func location(of output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).manifest")
    }

    /// A fingerprint of every input file's path, size and modification time, and of this program.
    static func inputs(_ options: BuildOptions) -> String {
        var text = ""
        for root in [options.contentDir, options.templatesDir] {
            let base = URL(filePath: root)
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: base.path))?.sorted() ?? []
            text += "\(root)\n"
            for path in paths {
                var info = stat()
                guard stat(base.appending(path: path).path, &info) == 0 else { continue }
                text += "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_mode)\n"
            }
        }
        var tool = stat()
        if stat(CommandLine.arguments.first.flatMap(Self.executablePath) ?? "", &tool) == 0 {
            text += "tool \(tool.st_size) \(tool.st_mtim.tv_sec).\(tool.st_mtim.tv_nsec)\n"
        }
        return Fingerprint.of(text) + String(text.utf8.count, radix: 16)
    }

    /// The running executable (argv[0] may be a bare name found on PATH).
    private static func executablePath(_ argument: String) -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? argument
    }

    static func outputIdentity(_ output: URL) -> (inode: UInt64, modified: Int64)? {
        var info = stat()
        guard stat(output.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return (UInt64(info.st_ino), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    static func load(for output: URL) -> BuildManifest? {
        guard let data = try? Data(contentsOf: location(of: output)) else { return nil }
        return try? JSONDecoder().decode(BuildManifest.self, from: data)
    }

    func save(for output: URL) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? data.write(to: Self.location(of: output))
    }
}
