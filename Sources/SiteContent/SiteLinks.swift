import Encoding

/// The URL contract: where each page lives, as an output path, as an absolute
/// URL (canonical, hreflang, sitemap) and as a relative link between pages.
///
/// Links between pages are relative and name `index.html` explicitly, so the
/// site works from any sub-path of a server and straight from disk (file://).
package struct SiteLinks: Sendable {
    let config: SiteConfig

    package init(config: SiteConfig) { self.config = config }

    /// The folder of a language home, relative to the site root: `es/`.
    package static func homeDir(_ lang: String) -> String { lang + "/" }

    /// The folder of a language's playground: `es/playground/`. Articles cannot take this
    /// slug (ContentLoader refuses it), so the two never collide.
    package static func playgroundDir(_ lang: String) -> String { lang + "/playground/" }

    /// The folder of a language's tutorials home: `es/tutorials/` (a reserved slug, like `playground`).
    package static func tutorialsDir(_ lang: String) -> String { lang + "/tutorials/" }

    /// The folder of a language's model reference: `es/model/` (a reserved slug, like `playground`).
    package static func modelDir(_ lang: String) -> String { lang + "/model/" }

    /// The folder of a machine's page in a language's model reference: `es/model/ios-app/`.
    package static func machineDir(_ lang: String, _ machine: String) -> String { modelDir(lang) + machine + "/" }

    /// The folder of a language's translation-status page: `es/status/`.
    package static func statusDir(_ lang: String) -> String { lang + "/status/" }

    /// The folder of an article page: `es/inactive/`.
    package static func articleDir(_ lang: String, _ slug: String) -> String {
        // Written once into the result: four appends to a string cost more than its bytes, and
        // every page's alternates, each home's and status page's lists ask for these.
        lang.withUTF8Bytes { lang in
            slug.withUTF8Bytes { slug in
                String(unsafeUninitializedCapacity: lang.count + slug.count + 2) { out in
                    var writer = PieceWriter(out: out)
                    writer.append(lang)
                    writer.append("/")
                    writer.append(slug)
                    writer.append("/")
                    return writer.count
                }
            }
        }
    }

    /// The absolute URL of a page folder.
    package func absolute(_ dir: String) -> String { config.baseURL + dir }

    /// From a page in `fromDir` to the root: `../../` for `es/inactive/`.
    package static func rootPrefix(from fromDir: String) -> String {
        // Counting bytes skips grapheme breaking; a page folder is a language code and slugs
        // (ASCII), so no "/" there starts a cluster with a combining mark and the counts agree.
        String(repeating: "../", count: fromDir.utf8.count { $0 == UInt8(ascii: "/") })
    }

    /// A link from a page in `fromDir` to the page in `toDir`, through their common folder.
    package static func link(from fromDir: String, to toDir: String) -> String {
        relative(from: fromDir, to: toDir, then: "index.html")
    }

    /// `link(from: articleDir(lang, fromSlug), to: articleDir(lang, toSlug))`, made without either
    /// folder: two articles of one language are sibling folders, so the link is `index.html` to the
    /// page itself and `../<slug>/index.html` to another. Every page's sidebar asks for forty.
    package static func articleLink(lang: String, from fromSlug: String, to toSlug: String) -> String {
        // A slug is one folder name (ContentLoader.isValidSlug); any other takes the general way.
        let general = { link(from: articleDir(lang, fromSlug), to: articleDir(lang, toSlug)) }
        guard isFolderName(fromSlug), isFolderName(toSlug) else { return general() }
        // Compared as bytes, as `relative` compares the folders.
        if fromSlug.utf8.elementsEqual(toSlug.utf8) { return "index.html" }
        return siblingArticleLink(to: toSlug) ?? general()
    }

    /// `../<slug>/index.html`, the link to the article `slug` from another article of its
    /// language (`articleLink`), or nil when `slug` is not one folder name.
    package static func siblingArticleLink(to slug: String) -> String? {
        slug.withUTF8Bytes { to in
            guard isFolderName(to) else { return nil }
            let prefix: StaticString = "../", suffix: StaticString = "/index.html"
            let length = prefix.utf8CodeUnitCount + to.count + suffix.utf8CodeUnitCount
            // Whole UTF-8 sequences one after the other: the result is valid.
            return String(unsafeUninitializedCapacity: length) { out in
                var writer = PieceWriter(out: out)
                writer.append(prefix)
                writer.append(to)
                writer.append(suffix)
                return writer.count
            }
        }
    }

    /// Whether `name` is one folder name: not empty, no `/`.
    package static func isFolderName(_ name: String) -> Bool {
        name.withUTF8Bytes(isFolderName)
    }

    /// Whether `name` is one folder name: not empty, no `/`.
    private static func isFolderName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        !name.isEmpty && !name.contains(UInt8(ascii: "/"))
    }

    /// A relative URL from a page in `fromDir` to `path` (a folder ending in `/`, or a file),
    /// with `suffix` after it. On the bytes, written once into the result: every page's sidebar
    /// asks for forty of these, the status pages for thousands.
    static func relative(from fromDir: String, to path: String, then suffix: StaticString = "") -> String {
        fromDir.withUTF8Bytes { from in
            path.withUTF8Bytes { to in
                let slash = UInt8(ascii: "/")
                // The longest common run of whole folders: it ends just after a `/` both share.
                var common = 0
                var index = 0
                while index < from.count, index < to.count, from[index] == to[index] {
                    index += 1
                    if from[index - 1] == slash { common = index }
                }
                var up = 0
                for byte in from[common...] where byte == slash { up += 1 }
                let rest = UnsafeBufferPointer(rebasing: to[common...])
                let length = up * 3 + rest.count + suffix.utf8CodeUnitCount
                // The pieces are whole UTF-8 sequences (`to` is cut after a `/`), so the result is valid.
                return String(unsafeUninitializedCapacity: length) { out in
                    var at = 0
                    for _ in 0..<up {
                        out[at] = UInt8(ascii: ".")
                        out[at + 1] = UInt8(ascii: ".")
                        out[at + 2] = slash
                        at += 3
                    }
                    for byte in rest {
                        out[at] = byte
                        at += 1
                    }
                    suffix.withUTF8Buffer { tail in
                        for byte in tail {
                            out[at] = byte
                            at += 1
                        }
                    }
                    return at
                }
            }
        }
    }

    /// `path` relative to the folder `from` (both without a leading slash), `.` and `..`
    /// applied; nil when it climbs above the root.
    package static func resolve(_ path: String, from: String) -> String? {
        // Most links are `x/y` or `../../x/y` (the templates climb to the root): no dot segment
        // after the climb, no empty segment. Those need no splitting (every page is checked).
        switch climbed(path, from: from) {
        case .resolved(let resolved): return resolved
        case .aboveRoot: return nil
        case .otherKind: return resolveBySegments(path, from: from)
        }
    }

    /// What the byte-level fast path of `resolve` made of a path.
    enum Climb: Equatable {
        /// Not `../` climbs then a plain rest: the segments decide.
        case otherKind
        /// It climbs above the root.
        case aboveRoot
        case resolved(String)
    }

    /// `resolve` of a path that is `../` climbs then a rest without a dot segment or an empty
    /// segment, on bytes (a `Substring`'s `hasPrefix` and UTF-8 view went through generic code,
    /// thousands of instructions a link).
    static func climbed(_ path: String, from: String) -> Climb {
        path.withUTF8Bytes { bytes in
            from.withUTF8Bytes { fromBytes in
                switch climb(bytes, from: fromBytes) {
                case .otherKind: return .otherKind
                case .aboveRoot: return .aboveRoot
                case .resolved(let kept, let restStart):
                    let prefix = String(decoding: UnsafeBufferPointer(rebasing: fromBytes[..<kept]), as: UTF8.self)
                    let restText = String(decoding: UnsafeBufferPointer(rebasing: bytes[restStart...]), as: UTF8.self)
                    return .resolved(prefix.isEmpty ? restText : prefix + "/" + restText)
                }
            }
        }
    }

    /// `climbed` on UTF-8: a path resolves to the first `kept` bytes of `from`, a `/` when they
    /// are not empty, and the path from `restStart` on.
    package enum ByteClimb: Equatable {
        case otherKind
        case aboveRoot
        case resolved(kept: Int, restStart: Int)
    }

    package static func climb(_ path: UnsafeBufferPointer<UInt8>, from: UnsafeBufferPointer<UInt8>) -> ByteClimb {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var start = 0
        var climbs = 0
        while start + 3 <= path.count, path[start] == dot, path[start + 1] == dot, path[start + 2] == slash {
            // `hasPrefix("../")` compared Characters: a mark after the `/` joins it, and the
            // rest then starts with a dot, which the segments handle.
            if start + 3 < path.count, path[start + 3] >= 0x80 { return .otherKind }
            climbs += 1
            start += 3
        }
        let rest = UnsafeBufferPointer(rebasing: path[start...])
        if rest.first == dot || rest.first == slash || holdsSlashBeforeDotOrSlash(rest) { return .otherKind }
        var kept = from.count
        if kept > 0, from[kept - 1] == slash { kept -= 1 }
        for _ in 0..<climbs {
            guard kept > 0 else { return .aboveRoot }
            // The last `/` before `kept`, by `ByteSearch` (the generic `lastIndex(of:)` of a slice
            // cost some 400 instructions a link, and every link of every page climbs here).
            kept = ByteSearch.lastIndex(of: slash, in: UnsafeBufferPointer(rebasing: from[..<kept])) ?? 0
        }
        return .resolved(kept: kept, restStart: start)
    }

    /// `resolve` by splitting both paths into segments: any path.
    static func resolveBySegments(_ path: String, from: String) -> String? {
        var parts = from.split(separator: "/").map(String.init)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case "" where index < segments.count - 1: continue
            default: parts.append(segment)
            }
        }
        let joined = parts.filter { !$0.isEmpty }.joined(separator: "/")
        return path.hasSuffix("/") || path.isEmpty || segments.last == "." || segments.last == ".." ? (joined.isEmpty ? "" : joined + "/") : joined
    }

    /// Whether `text` holds a `/` directly followed by a `.` or another `/` (a dot segment or an
    /// empty one may follow): one pass, where a pass for each pair cost twice as much.
    private static func holdsSlashBeforeDotOrSlash(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in text {
            if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")) { return true }
            previous = byte
        }
        return false
    }
}

/// Writes whole UTF-8 sequences one after another into a new string's storage
/// (`String(unsafeUninitializedCapacity:)`), so the string is valid.
private struct PieceWriter {
    let out: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0

    init(out: UnsafeMutableBufferPointer<UInt8>) { self.out = out }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            out[count] = byte
            count += 1
        }
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }
}
