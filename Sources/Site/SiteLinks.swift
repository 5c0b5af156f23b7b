/// The URL contract: where each page lives, as an output path, as an absolute
/// URL (canonical, hreflang, sitemap) and as a relative link between pages.
///
/// Links between pages are relative and name `index.html` explicitly, so the
/// site works from any sub-path of a server and straight from disk (file://).
struct SiteLinks: Sendable {
    let config: SiteConfig

    /// The folder of a language home, relative to the site root: `es/`.
    static func homeDir(_ lang: String) -> String { lang + "/" }

    /// The folder of a language's playground: `es/playground/`. Articles cannot take this
    /// slug (ContentLoader refuses it), so the two never collide.
    static func playgroundDir(_ lang: String) -> String { lang + "/playground/" }

    /// The folder of a language's translation-status page: `es/status/`.
    static func statusDir(_ lang: String) -> String { lang + "/status/" }

    /// The folder of an article page: `es/inactive/`.
    static func articleDir(_ lang: String, _ slug: String) -> String { lang + "/" + slug + "/" }

    /// The absolute URL of a page folder.
    func absolute(_ dir: String) -> String { config.baseURL + dir }

    /// From a page in `fromDir` to the root: `../../` for `es/inactive/`.
    static func rootPrefix(from fromDir: String) -> String {
        String(repeating: "../", count: fromDir.count { $0 == "/" })
    }

    /// A link from a page in `fromDir` to the page in `toDir`, through their common folder.
    static func link(from fromDir: String, to toDir: String) -> String {
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
}
