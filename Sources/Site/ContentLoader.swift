import Diagnostics
import Foundation

/// An article file found under `Content/<lang>/<slug>.md`.
struct ArticleSource: Sendable {
    var lang: String
    var slug: String
    var url: URL
    var displayPath: String
}

/// Finds the language folders and article files of a content folder.
struct ContentLoader {
    let contentDir: URL
    /// The content folder as the user named it, with a trailing slash, for diagnostics.
    let displayPrefix: String

    init(contentDir: URL, displayName: String) {
        self.contentDir = contentDir
        var name = displayName
        while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
        self.displayPrefix = name + "/"
    }

    /// The sub-folders of the content folder (candidate languages), sorted.
    func languageFolders() throws(DiagnosticError) -> [String] {
        try entries(of: contentDir, display: displayPrefix).filter { isDirectory(contentDir.appending(path: $0)) }.sorted()
    }

    /// Every article of the configured languages; reports stray folders,
    /// bad slugs and links that leave the content folder.
    func articles(config: SiteConfig, diagnostics: inout DiagnosticCollector) throws(DiagnosticError) -> [ArticleSource] {
        let known = Set(config.languages.map(\.code))
        let root = contentDir.resolvingSymlinksInPath().standardizedFileURL.path
        var found: [ArticleSource] = []
        for folder in try languageFolders() {
            let folderDisplay = displayPrefix + folder
            guard known.contains(folder) else {
                diagnostics.report(.error(
                    at: SourceLocation(file: folderDisplay, line: 1, column: 1),
                    "unknown language folder '\(folder)'",
                    notes: ["the languages in \(displayPrefix)site.yml are: " + config.languages.map(\.code).joined(separator: ", ")],
                    suggestion: "add '\(folder)' to the languages in site.yml, or rename the folder"))
                continue
            }
            let folderURL = contentDir.appending(path: folder)
            let resolvedFolder = folderURL.resolvingSymlinksInPath().standardizedFileURL.path
            for name in try entries(of: folderURL, display: folderDisplay + "/").sorted() {
                let url = folderURL.appending(path: name)
                let display = folderDisplay + "/" + name
                let location = SourceLocation(file: display, line: 1, column: 1)
                if isDirectory(url) {
                    diagnostics.report(.warning(at: location, "sub-folders of a language folder are not read; '\(name)' is ignored"))
                    continue
                }
                guard name.hasSuffix(".md") else { continue }
                // Only a link needs resolving (a call per path component); a plain file is where its folder is.
                var info = stat()
                let isLink = lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                let resolved = isLink ? url.resolvingSymlinksInPath().standardizedFileURL.path : resolvedFolder + "/" + name
                guard resolved.hasPrefix(root + "/") else {
                    diagnostics.report(.error(at: location, "'\(name)' links to a file outside the content folder (\(resolved))"))
                    continue
                }
                let slug = String(name.dropLast(3))
                guard !Self.reservedSlugs.contains(slug) else {
                    diagnostics.report(.error(at: location, "'\(slug)' is reserved for a page the site generates; rename the article"))
                    continue
                }
                guard Self.isValidSlug(slug) else {
                    diagnostics.report(.error(
                        at: location, "'\(slug)' is not a valid article name: use lowercase letters, digits and '-'",
                        suggestion: "rename it to '\(Self.suggestedSlug(slug)).md'"))
                    continue
                }
                found.append(ArticleSource(lang: folder, slug: slug, url: url, displayPath: display))
            }
        }
        return found
    }

    /// Folders the generator writes inside each language.
    static let reservedSlugs: Set<String> = ["playground", "status"]

    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && !slug.hasPrefix("-") && !slug.hasSuffix("-")
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    static func suggestedSlug(_ slug: String) -> String {
        var out = ""
        for scalar in slug.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "article" : out
    }

    private func entries(of url: URL, display: String) throws(DiagnosticError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }
        } catch {
            throw DiagnosticError([.error(at: SourceLocation(file: display, line: 1, column: 1), "cannot read folder: \(error.localizedDescription)")])
        }
    }

    private func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }
}
