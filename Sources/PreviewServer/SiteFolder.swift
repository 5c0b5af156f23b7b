import FileIO
import Glibc

/// The built site on disk. Every lookup goes through realpath() and must land
/// inside the root's own real path, which also stops symlinks that lead out.
/// The root is resolved on every request: a build replaces the whole folder.
struct SiteFolder: Sendable {
    let root: String

    enum Entry: Equatable {
        case file(String)
        case directory(String)
        case missing
    }

    /// What `segments` (already decoded and checked) name below the root.
    func lookup(_ segments: [String]) -> Entry {
        guard let base = Self.realPath(root) else { return .missing }
        let candidate = segments.isEmpty ? base : base + "/" + segments.joined(separator: "/")
        guard let real = Self.realPath(candidate), Self.isInside(real, base) else { return .missing }
        var info = stat()
        guard stat(real, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory(real)
        case S_IFREG: return .file(real)
        default: return .missing
        }
    }

    static func isInside(_ path: String, _ base: String) -> Bool {
        path == base || path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A regular file opened for a response, with what its ETag is made of.
struct OpenFile {
    let descriptor: Int32
    let size: UInt64
    /// Inode, size and modification time in hex: changes whenever the file does.
    let identity: String

    /// Opens `path`, a real path from `SiteFolder.lookup`. O_NOFOLLOW: its last
    /// part cannot have been swapped for a symlink since it was resolved.
    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = UInt64(info.st_size)
        let modified = UInt64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ UInt64(info.st_mtim.tv_nsec)
        identity = String(UInt64(info.st_ino), radix: 16) + "-" + String(size, radix: 16) + "-" + String(modified, radix: 16)
    }

    /// The whole file (for HTML, which gets the live-reload script); closes it.
    func readAll() -> [UInt8]? {
        defer { close(descriptor) }
        return try? Files.readToEnd(descriptor, path: "", sizeHint: Int(size))
    }

    func discard() {
        close(descriptor)
    }
}

/// Content types by file extension; text types say they are UTF-8.
enum ContentType {
    static let html = "text/html; charset=utf-8"
    static let plainText = "text/plain; charset=utf-8"

    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return html
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml; charset=utf-8"
        case "xml": return "application/xml; charset=utf-8"
        case "txt": return plainText
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}
