import Diagnostics
import Foundation
import YAML

/// One language of the site, in menu order.
public struct SiteLanguage: Sendable, Hashable {
    public var code: String
    /// The language's own name for itself (Español, Български…).
    public var name: String
    public var siteTitle: String
    public var siteDescription: String?
}

/// `Content/site.yml`: languages, titles, default language and base URL.
public struct SiteConfig: Sendable {
    public var baseURL: String
    public var defaultLanguage: String
    public var languages: [SiteLanguage]
    /// What a broken internal link does to a build: fail it (the default), or only warn.
    public var brokenLinks: BrokenLinks = .error
    /// Where an article's source can be edited: `editURL` + `<lang>/<slug>.md` ("Edit this page").
    public var editURL: String? = nil
    /// The site's name in every language (`name`), the heading of the language chooser, which
    /// belongs to no one language. Without it the chooser is headed by the default language's title.
    public var name: String? = nil

    public enum BrokenLinks: String, Sendable {
        case error, warn
    }

    public func language(_ code: String) -> SiteLanguage? { languages.first { $0.code == code } }

    /// The path part of the base URL ("/" or "/docs/"), for pages served at any depth (404).
    public var basePath: String {
        var rest = baseURL[...]
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        let path = String(rest[slash...])
        return path.hasSuffix("/") ? path : path + "/"
    }

    static let fileName = "site.yml"

    /// Reads `site.yml` in `contentDir`, or, without one, takes the language
    /// folders as the languages (sorted, the first as default).
    package static func load(contentDir: URL, displayPrefix: String, languageFolders: [String]) throws(DiagnosticError) -> SiteConfig {
        let url = contentDir.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return withoutFile(languageFolders: languageFolders) }
        let source = try SourceText.read(url, displayPath: displayPrefix + fileName)
        return try parse(source)
    }

    /// A site without `site.yml`: its language folders are its languages (sorted, the first as default).
    package static func withoutFile(languageFolders: [String]) -> SiteConfig {
        let codes = languageFolders.sorted()
        return SiteConfig(
            baseURL: "/", defaultLanguage: codes.first ?? "en",
            languages: codes.map { SiteLanguage(code: $0, name: $0, siteTitle: "LifecycleDocs", siteDescription: nil) })
    }

    package static func parse(_ source: SourceText) throws(DiagnosticError) -> SiteConfig {
        let (root, locator) = try YAMLLocator.parse(source.text, file: source.displayPath)
        func at(_ mark: YAMLMark?) -> SourceLocation { locator.location(mark) }
        guard let root, root.entries != nil else {
            throw DiagnosticError([.error(at: at(root?.mark), "site.yml must be a mapping with 'languages', 'defaultLanguage' and 'baseURL'")])
        }
        var problems: [Diagnostic] = []
        func string(_ node: YAMLNode?, _ key: String, in parent: YAMLNode, required: Bool = true) -> String? {
            guard let node else {
                if required { problems.append(.error(at: at(parent.mark), "missing key '\(key)'")) }
                return nil
            }
            guard node.isScalar, let value = node.string, !value.isEmpty else {
                problems.append(.error(at: at(node.mark), "'\(key)' must be a non-empty string"))
                return nil
            }
            return value
        }

        let baseURL = string(root["baseURL"], "baseURL", in: root) ?? "/"
        let defaultLanguage = string(root["defaultLanguage"], "defaultLanguage", in: root)
        var languages: [SiteLanguage] = []
        if let list = root["languages"] {
            if let items = list.array, !items.isEmpty {
                for item in items {
                    guard item.entries != nil else {
                        problems.append(.error(at: at(item.mark), "each language must be a mapping with 'code', 'name' and 'title'"))
                        continue
                    }
                    guard let code = string(item["code"], "code", in: item),
                        let name = string(item["name"], "name", in: item),
                        let title = string(item["title"], "title", in: item)
                    else { continue }
                    if !isLanguageCode(code) {
                        problems.append(.error(at: at(item["code"]?.mark), "'\(code)' is not a language code like 'es' or 'pt-BR'"))
                    } else if languages.contains(where: { $0.code == code }) {
                        problems.append(.error(at: at(item["code"]?.mark), "language '\(code)' is listed twice"))
                    }
                    let description = string(item["description"], "description", in: item, required: false)
                    languages.append(SiteLanguage(code: code, name: name, siteTitle: title, siteDescription: description))
                }
            } else {
                problems.append(.error(at: at(list.mark), "'languages' must be a non-empty list"))
            }
        } else {
            problems.append(.error(at: at(root.mark), "missing key 'languages'"))
        }
        if let defaultLanguage, !languages.isEmpty, !languages.contains(where: { $0.code == defaultLanguage }) {
            problems.append(.error(
                at: at(root["defaultLanguage"]?.mark),
                "default language '\(defaultLanguage)' is not among the languages (\(languages.map(\.code).joined(separator: ", ")))"))
        }
        let validBaseURL = normalizedBaseURL(baseURL)
        if validBaseURL == nil {
            problems.append(.error(at: at(root["baseURL"]?.mark), "'baseURL' must be an absolute http:// or https:// URL or a path starting with /"))
        }
        var brokenLinks = BrokenLinks.error
        if let node = root["brokenLinks"] {
            if let value = node.string, node.isScalar, let setting = BrokenLinks(rawValue: value) {
                brokenLinks = setting
            } else {
                problems.append(.error(at: at(node.mark), "'brokenLinks' must be 'error' (a broken link fails the build) or 'warn'"))
            }
        }
        var editURL: String?
        if let node = root["editURL"] {
            if node.isScalar, let value = node.string, let url = normalizedEditURL(value) {
                editURL = url
            } else {
                problems.append(.error(
                    at: at(node.mark),
                    "'editURL' must be an absolute http:// or https:// URL of the content folder, like 'https://github.com/org/repo/edit/main/Content/'"))
            }
        }
        let name = root["name"].flatMap { string($0, "name", in: root) }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        var config = SiteConfig(
            baseURL: validBaseURL ?? "/",
            defaultLanguage: defaultLanguage ?? languages[0].code,
            languages: languages, brokenLinks: brokenLinks)
        config.editURL = editURL
        config.name = name
        return config
    }

    /// `text` as a base URL ending in `/`, or nil unless it is an absolute `http://` or
    /// `https://` URL with a host, or a path from the root (`/docs`). One rule for
    /// `site.yml`, `--base-url` and `LIFECYCLE_DOCS_BASE_URL`. A query, a fragment or a
    /// character a URL cannot hold would end up in every canonical and sitemap URL.
    public static func normalizedBaseURL(_ text: String) -> String? {
        let forbidden = Set("?#\\\"<>^`{|}")
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }),
            !text.contains(where: forbidden.contains)
        else { return nil }
        if let scheme = ["https://", "http://"].first(where: text.lowercased().hasPrefix) {
            let host = text.dropFirst(scheme.count).prefix { $0 != "/" }
            guard !host.isEmpty else { return nil }
        } else if !text.hasPrefix("/") || text.hasPrefix("//") {
            // `//host/` would be a URL relative to the scheme, not a path.
            return nil
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// `text` as the URL of the content folder, ending in `/`, or nil unless it is an absolute
    /// `http://` or `https://` URL with a host and nothing a URL cannot hold (a query or fragment
    /// would end up in the middle of every page's link).
    static func normalizedEditURL(_ text: String) -> String? {
        guard let scheme = ["https://", "http://"].first(where: text.lowercased().hasPrefix),
            !text.dropFirst(scheme.count).prefix(while: { $0 != "/" }).isEmpty,
            normalizedBaseURL(text) != nil
        else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// The page where `lang/slug.md` can be edited, when `editURL` is set.
    public func editLink(lang: String, slug: String) -> String? {
        editURL.map { $0 + lang + "/" + slug + ".md" }
    }

    /// BCP 47-ish: two or three lowercase letters, optionally a region or script.
    /// Read on bytes (every front matter of a translation asks): a Character that is not one ASCII
    /// byte is never a letter or digit of a code, so each part's Characters are its bytes.
    package static func isLanguageCode(_ code: String) -> Bool {
        var part = 0
        var length = 0
        func isWhole() -> Bool { part == 0 ? (2...3).contains(length) : (2...8).contains(length) }
        for byte in code.utf8 {
            if byte == UInt8(ascii: "-") {
                guard isWhole() else { return false }
                part += 1
                length = 0
                continue
            }
            let isLowercase = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            let isUppercaseOrDigit = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLowercase || (part > 0 && isUppercaseOrDigit) else { return false }
            length += 1
        }
        return isWhole()
    }
}
