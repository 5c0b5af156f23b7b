import Diagnostics
import FileIO
import Foundation
import LifecycleMachines

/// An article file found under `Content/<lang>/<slug>.md`.
package struct ArticleSource: Sendable {
    package var lang: String
    package var slug: String
    /// The file's path; its URL is made only for the few articles a build reads (2,000 URLs cost more than the scan's stats).
    package var path: String
    package var displayPath: String

    package var url: URL { URL(filePath: path) }

    package init(lang: String, slug: String, path: String, displayPath: String) {
        self.lang = lang
        self.slug = slug
        self.path = path
        self.displayPath = displayPath
    }
}

/// A file published as it is, at the same path under the output as under the content
/// folder: `Content/es/img/diagram.png` → `es/img/diagram.png`; the shared
/// `Content/static/logo.svg` → `static/logo.svg`, once for every language.
package struct ContentFile: Sendable, Hashable {
    /// The path under the content folder, which is also its path under the output.
    package var path: String
    package var url: URL
    package var displayPath: String
}

/// Finds the language folders, article files and published files of a content folder.
package struct ContentLoader {
    /// The folder of files every language shares; never a language.
    static let sharedFolder = "static"

    package let contentDir: URL
    /// The content folder as the user named it, with a trailing slash, for diagnostics.
    package let displayPrefix: String

    package init(contentDir: URL, displayName: String) {
        self.contentDir = contentDir
        var name = displayName
        while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
        self.displayPrefix = name + "/"
    }

    /// The sub-folders of the content folder (candidate languages), sorted.
    package func languageFolders() throws(DiagnosticError) -> [String] {
        languageFolders(among: try entries(of: contentDir, display: displayPrefix))
    }

    /// The sub-folders among the content folder's `entries`, sorted.
    private func languageFolders(among entries: [Entry]) -> [String] {
        entries.filter { $0.name != Self.sharedFolder && isDirectory($0, in: contentDir.path) }.map(\.name).sorted()
    }

    /// Every article of the configured languages and every file to publish beside them;
    /// reports stray folders, bad slugs and links that leave the content folder.
    package func scan(config: SiteConfig, diagnostics: inout DiagnosticCollector) throws(DiagnosticError) -> (articles: [ArticleSource], files: [ContentFile]) {
        let known = Set(config.languages.map(\.code))
        let root = contentDir.resolvingSymlinksInPath().standardizedFileURL.path
        var found: [ArticleSource] = []
        var files: [ContentFile] = []
        if Files.isFolder(contentDir.appending(path: Self.sharedFolder).path) {
            try collectFiles(in: Self.sharedFolder, root: root, into: &files, diagnostics: &diagnostics)
        }
        let top = try entries(of: contentDir, display: displayPrefix)
        // An article written beside the language folders is no article: say where it belongs.
        for entry in top where entry.name.hasSuffix(".md") && !Self.isEditorsCopy(entry.name) && !isDirectory(entry, in: contentDir.path) {
            let language = config.defaultLanguage
            diagnostics.report(.warning(
                at: .whole(displayPrefix + entry.name),
                "an article must be in a language folder: this one is not published",
                suggestion: "move it to \(displayPrefix)\(language)/\(entry.name)"))
        }
        for folder in languageFolders(among: top) {
            let folderDisplay = displayPrefix + folder
            guard known.contains(folder) else {
                diagnostics.report(.error(
                    at: .whole(folderDisplay),
                    "unknown language folder '\(folder)'",
                    notes: ["the languages in \(displayPrefix)site.yml are: " + config.languages.map(\.code).joined(separator: ", ")],
                    suggestion: "add '\(folder)' to the languages in site.yml, or rename the folder"))
                continue
            }
            let folderURL = contentDir.appending(path: folder)
            let folderPath = folderURL.path
            let resolvedFolder = folderURL.resolvingSymlinksInPath().standardizedFileURL.path
            let folderIsInside = Self.isUnder(resolvedFolder, root: root, orIs: true)
            // Each file's path and display name are the folder's with the name appended, the folder's
            // part made once (made again per file, it was 14% of scanning 2,000 articles).
            let pathPrefix = folderPath.hasSuffix("/") ? folderPath : folderPath + "/"
            let displayFolder = folderDisplay + "/"
            for entry in try entries(of: folderURL, display: displayFolder) where !Self.isEditorsCopy(entry.name) {
                let name = entry.name
                // Paths as strings: a URL's path and last component cost more than the stat (2,000 articles).
                let path = pathPrefix + name
                let display = displayFolder + name
                // What is wrong is the file's name or place, not a line of it.
                let location = SourceLocation.whole(display)
                if isDirectory(entry, in: folderPath) {
                    try collectFiles(in: folder + "/" + name, root: root, into: &files, diagnostics: &diagnostics)
                    continue
                }
                guard isInside(
                    path: path, entry: entry, root: root, folder: resolvedFolder, folderIsInside: folderIsInside, location: location,
                    diagnostics: &diagnostics)
                else {
                    continue
                }
                guard name.hasSuffix(".md") else {
                    files.append(ContentFile(path: folder + "/" + name, url: folderURL.appending(path: name), displayPath: display))
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
                found.append(ArticleSource(lang: folder, slug: slug, path: path, displayPath: display))
            }
        }
        return (found, try published(files, articles: found, languages: config.languages.map(\.code)))
    }

    /// Every file under `folder` (relative to the content folder), hidden files and editors'
    /// backups left out. Markdown there is not an article: a warning says so.
    private func collectFiles(
        in folder: String, root: String, into files: inout [ContentFile], diagnostics: inout DiagnosticCollector
    ) throws(DiagnosticError) {
        let folderURL = contentDir.appending(path: folder)
        let resolvedFolder = folderURL.resolvingSymlinksInPath().standardizedFileURL.path
        let folderIsInside = Self.isUnder(resolvedFolder, root: root, orIs: true)
        for entry in try entries(of: folderURL, display: displayPrefix + folder + "/") where !Self.isEditorsCopy(entry.name) {
            let name = entry.name
            let path = folder + "/" + name
            let url = folderURL.appending(path: name)
            let location = SourceLocation.whole(displayPrefix + path)
            if isDirectory(entry, in: folderURL.path) {
                try collectFiles(in: path, root: root, into: &files, diagnostics: &diagnostics)
            } else if name.hasSuffix(".md") {
                diagnostics.report(.warning(
                    at: location, "Markdown in a sub-folder is not an article and is not published",
                    notes: ["articles live directly in a language folder: \(displayPrefix)<lang>/<slug>.md"]))
            } else if isInside(
                path: url.path, entry: entry, root: root, folder: resolvedFolder, folderIsInside: folderIsInside, location: location,
                diagnostics: &diagnostics)
            {
                files.append(ContentFile(path: path, url: url, displayPath: displayPrefix + path))
            }
        }
    }

    /// Whether `path` stays inside the content folder once a symbolic link is followed (an error if not).
    /// `entry` is its last component, as its folder lists it; `folder` is that folder resolved,
    /// and `folderIsInside` whether it is under `root` (`isUnder`, asked once per folder).
    private func isInside(
        path: String, entry: Entry, root: String, folder: String, folderIsInside: Bool, location: SourceLocation,
        diagnostics: inout DiagnosticCollector
    ) -> Bool {
        let name = entry.name
        // Only a link needs resolving (a call per path component); a plain file is where its folder is.
        // The folder's listing tells a link from a file, without a call, on most file systems.
        var info = stat()
        let isLink = entry.kind == .link || (entry.kind == .unknown && lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        // A name holds no "/": a plain file is inside exactly when its folder is.
        let linked = isLink ? URL(filePath: path).resolvingSymlinksInPath().standardizedFileURL.path : nil
        guard linked.map({ Self.isUnder($0, root: root) }) ?? folderIsInside else {
            let resolved = linked ?? folder + "/" + name
            diagnostics.report(.error(at: location, "'\(name)' links to a file outside the content folder (\(resolved))"))
            return false
        }
        return true
    }

    /// Whether `path` is `root`, a "/" and more (or, with `orIs`, `root` itself), compared as
    /// bytes: as characters, a name that starts with a combining mark makes one character of the
    /// "/" before it, and two spellings of an accent are equal.
    static func isUnder(_ path: String, root: String, orIs: Bool = false) -> Bool {
        let (path, root) = (path.utf8, root.utf8)
        guard path.starts(with: root) else { return false }
        if path.count == root.count { return orIs }
        return path.count > root.count + 1 && path[path.index(path.startIndex, offsetBy: root.count)] == UInt8(ascii: "/")
    }

    /// The files, less any that would overwrite a page the site generates (an error each).
    private func published(_ files: [ContentFile], articles: [ArticleSource], languages: [String]) throws(DiagnosticError) -> [ContentFile] {
        // No file, no clash (and no set of 2,000 page paths to make).
        guard !files.isEmpty else { return files }
        var pages = Set(articles.map { SiteLinks.articleDir($0.lang, $0.slug) + "index.html" })
        for lang in languages {
            for dir in [SiteLinks.homeDir(lang), SiteLinks.playgroundDir(lang), SiteLinks.statusDir(lang), SiteLinks.tutorialsDir(lang), SiteLinks.modelDir(lang)] {
                pages.insert(dir + "index.html")
            }
            for machine in Machines.all { pages.insert(SiteLinks.machineDir(lang, machine.id) + "index.html") }
            pages.insert(SiteLinks.homeDir(lang) + "404.html")  // each language's 404 page
        }
        let clashes = files.filter { pages.contains($0.path) }
        guard clashes.isEmpty else {
            throw DiagnosticError(clashes.map {
                .error(at: .whole($0.displayPath), "'\($0.path)' would replace a page the site generates; rename the file")
            })
        }
        return files
    }

    /// Whether a path under the content folder is a file the site publishes as it is (the
    /// same rule as `scan`, for the build cache's key).
    package static func isPublishedFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, let name = parts.last else { return false }
        return !name.hasSuffix(".md") && !isEditorsCopy(name) && !parts.contains { $0.hasPrefix(".") }
    }

    /// An editor's backup (`x~`) or autosave (`#x#`): never an article, never published.
    static func isEditorsCopy<Name: StringProtocol>(_ name: Name) -> Bool {
        name.hasSuffix("~") || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
    }

    /// Folders the generator writes inside each language.
    package static let reservedSlugs: Set<String> = ["playground", "status", "tutorials", "model"]

    package static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && !slug.hasPrefix("-") && !slug.hasSuffix("-")
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// A valid name near `slug`: accents dropped (`canción` → `cancion`), Cyrillic written in Latin
    /// letters as Bulgaria's official system does (`живот` → `zhivot`), anything else a `-`.
    static func suggestedSlug(_ slug: String) -> String {
        var out = ""
        for scalar in slug.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if let latin = cyrillicInLatin[scalar] {
                out += latin
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "article" : out
    }

    /// Bulgarian's letters in the Streamlined System (2009), after a decomposition (`й` is `и` with a mark).
    private static let cyrillicInLatin: [Unicode.Scalar: String] = {
        let letters = "абвгдезиклмнопрстуфхцчшщъьюяжэыё"
        let latin = ["a", "b", "v", "g", "d", "e", "z", "i", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f", "h", "ts", "ch", "sh",
                     "sht", "a", "y", "yu", "ya", "zh", "e", "y", "e"]
        var table: [Unicode.Scalar: String] = [:]
        for (letter, spelled) in zip(letters.unicodeScalars, latin) { table[letter] = spelled }
        return table
    }()

    /// A name in a folder and what readdir says it is.
    struct Entry {
        enum Kind { case folder, link, other, unknown }
        var name: String
        var kind: Kind
    }

    /// The entries of a folder but hidden ones, in the order of their names, with their type
    /// from readdir: the scan then needs no `stat` for a plain file or folder (two per article otherwise).
    private func entries(of url: URL, display: String) throws(DiagnosticError) -> [Entry] {
        guard let directory = opendir(url.path) else {
            let reason = String(cString: strerror(errno))
            throw DiagnosticError([.error(at: .whole(display), "cannot read folder: \(reason)")])
        }
        defer { closedir(directory) }
        var found: [Entry] = []
        // The names one after another, each with its terminating zero, and where each starts: they
        // are sorted with strcmp (sorting 2,000 names as Strings was a third of the scan).
        var names: [UInt8] = []
        var starts: [Int] = []
        var ascii = true
        while let entry = readdir(directory) {
            // A hidden entry is skipped before its bytes are kept for the sort.
            let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                let name = String(decoding: bytes, as: UTF8.self)
                guard !name.hasPrefix(".") else { return nil }
                starts.append(names.count)
                names += bytes
                names.append(0)
                ascii = ascii && bytes.allSatisfy { $0 < 0x80 }
                return name
            }
            guard let name else { continue }
            let kind: Entry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .folder
            case Int32(DT_LNK): kind = .link
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            found.append(Entry(name: name, kind: kind))
        }
        // strcmp compares bytes as unsigned: for ASCII names, the order of Strings. Other names are
        // compared as Strings (two spellings of one accented letter compare equal there).
        guard ascii else { return found.sorted { $0.name < $1.name } }
        return names.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return found }
            // UInt8 and CChar may name the same memory (a signed and an unsigned integer of one size).
            let characters = UnsafeRawPointer(first).assumingMemoryBound(to: CChar.self)
            return found.indices.sorted { strcmp(characters + starts[$0], characters + starts[$1]) < 0 }.map { found[$0] }
        }
    }

    /// Whether an entry of `folder` is a folder, or a link to one (as FileManager's
    /// `fileExists(atPath:isDirectory:)` says): a link, or an entry of unknown type, is asked.
    private func isDirectory(_ entry: Entry, in folder: String) -> Bool {
        switch entry.kind {
        case .folder: return true
        case .other: return false
        case .link, .unknown: return Files.isFolder(folder.hasSuffix("/") ? folder + entry.name : folder + "/" + entry.name)
        }
    }
}
