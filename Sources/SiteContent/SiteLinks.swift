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

    /// The folder of a language's translation-status page: `es/status/`.
    package static func statusDir(_ lang: String) -> String { lang + "/status/" }

    /// The folder of an article page: `es/inactive/`.
    package static func articleDir(_ lang: String, _ slug: String) -> String { lang + "/" + slug + "/" }

    /// The absolute URL of a page folder.
    package func absolute(_ dir: String) -> String { config.baseURL + dir }

    /// From a page in `fromDir` to the root: `../../` for `es/inactive/`.
    package static func rootPrefix(from fromDir: String) -> String {
        String(repeating: "../", count: fromDir.count { $0 == "/" })
    }

    /// A link from a page in `fromDir` to the page in `toDir`, through their common folder.
    package static func link(from fromDir: String, to toDir: String) -> String {
        relative(from: fromDir, to: toDir) + "index.html"
    }

    /// A relative URL from a page in `fromDir` to `path` (a folder ending in `/`, or a file).
    /// (Byte arithmetic: the status pages alone ask for thousands of these.)
    static func relative(from fromDir: String, to path: String) -> String {
        let from = Array(fromDir.utf8)
        let to = Array(path.utf8)
        // The longest common run of whole folders: it ends just after a `/` both share.
        var common = 0
        var i = 0
        while i < from.count, i < to.count, from[i] == to[i] {
            i += 1
            if from[i - 1] == UInt8(ascii: "/") { common = i }
        }
        let up = from[common...].count { $0 == UInt8(ascii: "/") }
        return String(repeating: "../", count: up) + String(decoding: to[common...], as: UTF8.self)
    }

    /// `path` relative to the folder `from` (both without a leading slash), `.` and `..`
    /// applied; nil when it climbs above the root.
    package static func resolve(_ path: String, from: String) -> String? {
        // Most links are `x/y` or `../../x/y` (the templates climb to the root): no dot segment
        // after the climb, no empty segment. Those need no splitting (every page is checked).
        var climbs = 0
        var rest = path[...]
        while rest.hasPrefix("../") {
            climbs += 1
            rest = rest.dropFirst(3)
        }
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        if rest.utf8.first != dot && rest.utf8.first != slash && !holds(rest, slash, dot) && !holds(rest, slash, slash) {
            var kept = from.utf8[...]
            if kept.last == UInt8(ascii: "/") { kept = kept.dropLast() }
            for _ in 0..<climbs {
                guard !kept.isEmpty else { return nil }
                kept = kept[..<(kept.lastIndex(of: UInt8(ascii: "/")) ?? kept.startIndex)]
            }
            let prefix = String(Substring(kept))
            return prefix.isEmpty ? String(rest) : prefix + "/" + rest
        }
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

    /// Whether `text` holds `first` directly followed by `second`.
    private static func holds(_ text: Substring, _ first: UInt8, _ second: UInt8) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == first && byte == second { return true }
            previous = byte
        }
        return false
    }
}
