import Foundation
import LifecycleModel
import Markdown
import Synchronization

/// Links and images in an article that name a source instead of a page, as on GitHub and
/// in Starlight or Docusaurus: `[x](active.md#part)`, `[x](../it/active.md)`,
/// `![](img/diagram.png)`, `![](../static/logo.svg)`. Each is resolved against the content
/// folder, first from the article's own folder (`Content/es/`), then from its page's
/// (`es/inactive/`), and rewritten as a relative link from the page to what the build
/// writes: the article's page in the same language, or its fallback when that language has
/// no version yet; or the published file, with an image's size.
package struct SourceLinks: Sendable {
    let config: SiteConfig
    /// slug → the languages that have the article.
    let languagesBySlug: [String: Set<String>]
    /// Published files by their path under the content folder (and the output).
    let files: [String: URL]
    /// Image sizes read so far in this build: a logo on every page is read once, not per page.
    private let sizes = ImageSizes()

    package init(config: SiteConfig, sources: [ArticleSource], files: [ContentFile]) {
        self.config = config
        // Each slug's set sized for every language at once: grown from empty, the sets of 2,000 articles were most of making this.
        let languages = config.languages.count
        languagesBySlug = sources.reduce(into: [:]) { $0[$1.slug, default: Set(minimumCapacity: languages)].insert($1.lang) }
        self.files = Dictionary(files.map { ($0.path, $0.url) }, uniquingKeysWith: { first, _ in first })
    }

    enum Outcome: Equatable {
        /// Not a link to a source: an external URL, an absolute path, a fragment, a page link.
        case unchanged
        case resolved(HTMLRenderer.ResolvedURL)
        /// A `.md` link that names no article; the slug it asked for.
        case missingArticle(String)
        /// A `.md` link into a folder that is no language of the site (`../fr/active.md`); the folder.
        case unknownLanguage(String)
    }

    func resolve(_ url: String, lang: String, slug: String, isImage: Bool) -> Outcome {
        guard Self.isRelativeReference(url) else { return .unchanged }
        let (written, fragment) = Self.pathAndFragment(url)
        let path = Self.removingPercentEncoding(written)
        let pageDir = SiteLinks.articleDir(lang, slug)
        let candidates = [SiteLinks.homeDir(lang), pageDir].compactMap { SiteLinks.resolve(path, from: $0) }

        if path.hasSuffix(".md") {
            for candidate in candidates {
                let pieces = candidate.split(separator: "/")
                guard pieces.count == 2, let languages = languagesBySlug[String(pieces[1].dropLast(3))],
                    config.language(String(pieces[0])) != nil
                else { continue }
                let target = String(pieces[1].dropLast(3))
                let wanted = String(pieces[0])
                let shown = languages.contains(wanted) ? wanted : fallback(languages)
                return .resolved(.init(url: SiteLinks.link(from: pageDir, to: SiteLinks.articleDir(shown, target)) + fragment))
            }
            // `../fr/active.md`: the article may well exist; the folder is no language of the site.
            for candidate in candidates {
                let pieces = candidate.split(separator: "/")
                if pieces.count == 2, config.language(String(pieces[0])) == nil { return .unknownLanguage(String(pieces[0])) }
            }
            return .missingArticle(String((path.split(separator: "/").last ?? "").dropLast(3)))
        }
        for candidate in candidates {
            guard let file = files[candidate] else { continue }
            let size = isImage ? sizes.of(file) : nil
            return .resolved(.init(url: SiteLinks.relative(from: pageDir, to: candidate) + fragment, width: size?.width, height: size?.height))
        }
        return .unchanged
    }

    /// Whether `url` is a relative reference: not empty, no leading slash, not a bare fragment or
    /// query, no scheme (no `:` before its first `/`, `?` or `#`). Most URLs are ASCII, where each
    /// byte is a Character and the bytes answer; Foundation's `contains` cost thousands of
    /// instructions a link.
    static func isRelativeReference(_ url: String) -> Bool {
        let answer = url.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard let first = bytes.first else { return false }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            if first == UInt8(ascii: "/") || first == UInt8(ascii: "#") || first == UInt8(ascii: "?") { return false }
            for byte in bytes {
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return true }
                if byte == UInt8(ascii: ":") { return false }
            }
            return true
        }
        if let answer, let answer { return answer }
        let head = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !url.isEmpty && !url.hasPrefix("/") && !url.hasPrefix("#") && !url.hasPrefix("?") && !head.contains(":")
    }

    /// `url` before its first `#` and `?`, and its fragment (`#` and what follows it, or ""). An
    /// ASCII URL, as most are, is cut at its bytes, each a Character ("\r\n" holds neither mark);
    /// a generic `split` of its Characters cost thousands of instructions a link.
    static func pathAndFragment(_ url: String) -> (path: String, fragment: String) {
        let utf8 = url.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let fragment = parts.count > 1 ? "#" + parts[1] : ""
            return (String(parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]), fragment)
        }
        let hash = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        let query = utf8[..<hash].firstIndex(of: UInt8(ascii: "?")) ?? hash
        return (String(url[..<query]), String(url[hash...]))
    }

    /// `path` with its %XX escapes decoded, as written when they are not valid. Foundation is asked
    /// only about a path with a `%`: without one it has nothing to decode, and cost thousands of
    /// instructions a link.
    static func removingPercentEncoding(_ path: String) -> String {
        path.utf8.contains(UInt8(ascii: "%")) ? path.removingPercentEncoding ?? path : path
    }

    /// The language a reader is sent to when the article has no version in theirs: the
    /// default language, else the first in the site's order (as the link checker suggests).
    private func fallback(_ languages: Set<String>) -> String {
        languages.contains(config.defaultLanguage)
            ? config.defaultLanguage : config.languages.map(\.code).first { languages.contains($0) } ?? config.defaultLanguage
    }

    /// The nearest article slug to a missing one, for a suggestion.
    func nearestSlug(to slug: String) -> String? {
        Names.suggestion(for: slug, among: languagesBySlug.keys.sorted())
    }
}

/// The sizes of the images a build has read, shared by the articles rendering on every core.
private final class ImageSizes: Sendable {
    private let known = Mutex<[URL: ImageSize.Size?]>([:])

    func of(_ file: URL) -> ImageSize.Size? {
        if let size = known.withLock({ $0[file] }) { return size }
        let size = ImageSize.of(file: file.path)
        known.withLock { $0[file] = size }
        return size
    }
}
