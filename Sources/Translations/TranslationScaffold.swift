import Diagnostics
import Encoding
import FileIO
import LifecycleModel
import SiteContent
import YAML

/// One article file as the translation commands see it.
public struct ArticleFile: Sendable, Hashable {
    public var lang: String
    public var slug: String
    /// The path shown in messages (`Content/es/inactive.md`).
    public var path: String
    /// The file's text exactly as stored: a byte-order mark and CRLF line ends are kept,
    /// so a rewrite leaves every byte it does not mean to change as it was.
    public var text: String

    public init(lang: String, slug: String, path: String, text: String) {
        self.lang = lang
        self.slug = slug
        self.path = path
        self.text = text
    }
}

/// What the translation commands need from a content folder: the site's
/// languages, every article slug (for suggestions) and the files of one article.
public struct TranslationContext: Sendable {
    public var config: SiteConfig
    /// The content folder as the user named it, with one trailing slash ("Content/").
    public var contentPrefix: String
    /// Every article slug of every language.
    public var slugs: Set<String>
    /// The article in question, in each language that has it.
    public var articles: [ArticleFile]

    public init(config: SiteConfig, contentDir: String, slugs: Set<String>, articles: [ArticleFile]) {
        self.config = config
        self.contentPrefix = Self.prefix(contentDir)
        self.slugs = slugs
        self.articles = articles
    }

    /// `dir` with exactly one trailing slash, as the build names files.
    public static func prefix(_ dir: String) -> String {
        var name = dir
        while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
        return name + "/"
    }

    public func path(lang: String, slug: String) -> String { contentPrefix + lang + "/" + slug + ".md" }

    func article(_ lang: String) -> ArticleFile? { articles.first { $0.lang == lang } }
}

/// Why a translation command stopped.
public enum TranslationError: Error, Sendable {
    /// A wrong argument: an unknown language or article, a section out of range…
    /// (the CLI makes it a usage error).
    case usage(String)
    /// A problem in a file, with its location (the CLI reports it as a content error).
    case content([Diagnostic])
}

/// One section of an article, as the commands list it.
public struct TranslationSection: Sendable, Hashable {
    public var index: Int
    /// The `##` heading text, "" for the introduction.
    public var title: String
    public var line: Int
    public var fingerprint: String
}

/// The file `new-translation` writes.
public struct NewTranslation: Sendable {
    public var path: String
    public var text: String
    public var source: ArticleFile
    /// The sections of the new file (the source's, copied), with their lines in the new file.
    public var sections: [TranslationSection]
}

/// What `sync-translation` changes in a translation.
public struct SyncedTranslation: Sendable {
    public var path: String
    /// The new text of the file (the old one when nothing changed).
    public var text: String
    public var changed: Bool
    public var source: ArticleFile
    /// The language recorded before (nil when tracking starts now).
    public var previousFrom: String?
    /// The source's sections now.
    public var sections: [TranslationSection]
    /// Sections whose recorded fingerprint was written or changed.
    public var updatedSections: [Int]
    /// The fingerprint of the source's title and description was written or changed.
    public var metaUpdated: Bool
    /// How many fingerprints were recorded before.
    public var previousCount: Int
    public var untranslatedBefore: [Int]
    public var untranslated: [Int]
    /// Sections left in `untranslated` because their text is still the source's.
    public var keptUntranslated: [Int]
    /// Sections `--force` listed in `verbatim` (still the source's text, on purpose).
    public var verbatimAdded: [Int] = []
    /// The translation's sections, and how many of them are translated now.
    public var translatedCount: Int
    public var sectionCount: Int
    /// Findings that do not stop the command (a translation whose sections do not line up with the source).
    public var warnings: [Diagnostic]
}

/// The logic of `new-translation` and `sync-translation`, over texts: the
/// command line reads the files, these functions decide and write the new text.
public enum TranslationScaffold {
    // MARK: - Reading

    /// The site configuration from the text of `site.yml`, or, without one, the
    /// language folders as the languages (the first, sorted, as default), as the build does.
    public static func siteConfig(yaml: String?, path: String, languageFolders: [String]) throws(TranslationError) -> SiteConfig {
        guard let yaml else { return SiteConfig.withoutFile(languageFolders: languageFolders) }
        do {
            return try SiteConfig.parse(SourceText.decode(Array(yaml.utf8), displayPath: path))
        } catch {
            throw .content(error.diagnostics)
        }
    }

    /// The text of a file as stored; invalid UTF-8 is an error at the first bad byte.
    public static func decode(_ bytes: [UInt8], path: String) throws(TranslationError) -> String {
        if let bad = Files.firstInvalidUTF8Offset(bytes[...]) {
            throw .content([.error(at: SourceText.location(ofByteOffset: bad, in: bytes[...], file: path), "file is not valid UTF-8")])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The slug of an article file name (`inactive.md` → `inactive`); nil for
    /// other files and for names the build refuses.
    public static func slug(ofFileName name: String) -> String? {
        guard name.hasSuffix(".md"), !name.hasPrefix(".") else { return nil }
        let slug = String(name.dropLast(3))
        guard ContentLoader.isValidSlug(slug), !ContentLoader.reservedSlugs.contains(slug) else { return nil }
        return slug
    }

    // MARK: - Helpers

    static func parse(_ file: ArticleFile) throws(TranslationError) -> FrontMatter {
        do {
            return try FrontMatter.parse(SourceText.decode(Array(file.text.utf8), displayPath: file.path))
        } catch {
            throw .content(error.diagnostics)
        }
    }

    static func summaries(of matter: FrontMatter) -> [TranslationSection] {
        ArticleSections(body: matter.body, firstLine: matter.bodyLineOffset + 1).sections.enumerated().map {
            TranslationSection(index: $0.offset, title: $0.element.title, line: $0.element.line, fingerprint: $0.element.fingerprint)
        }
    }

    static func checkLanguage(_ code: String, in context: TranslationContext) throws(TranslationError) {
        guard context.config.language(code) == nil else { return }
        let codes = context.config.languages.map(\.code)
        throw .usage(
            "unknown language '\(code)'; the site's languages are: " + codes.joined(separator: ", ")
                + (languageSuggestion(code, among: codes).map { " (did you mean '\($0)'?)" } ?? "")
                + "; a new language needs an entry in \(context.contentPrefix)site.yml")
    }

    /// A likely slip in a language code: another case, `_` for `-`, or a region too many or
    /// too few ("pt_br" → "pt-BR", "pt" → "pt-BR"). Edit distance says little about two-letter
    /// codes (any two are at most two edits apart), so it is not used here.
    static func languageSuggestion(_ code: String, among codes: [String]) -> String? {
        let normalized = code.lowercased().replacing("_", with: "-")
        if let same = codes.first(where: { $0.lowercased() == normalized }) { return same }
        let primary = normalized.split(separator: "-").first.map(String.init) ?? normalized
        return codes.first { $0.lowercased().split(separator: "-").first.map(String.init) == primary }
    }

    static func checkSlug(_ slug: String, in context: TranslationContext) throws(TranslationError) {
        if context.slugs.contains(slug) && !context.articles.isEmpty { return }
        throw .usage(
            "no article '\(slug)' in \(context.contentPrefix)"
                + (Names.suggestion(for: slug, among: context.slugs.sorted()).map { "; did you mean '\($0)'?" } ?? ""))
    }

    /// The source for a new translation: `from`, or the only article of the slug
    /// that is not a translation, or among several the default language's.
    static func resolveSource(slug: String, from: String?, in context: TranslationContext) throws(TranslationError) -> (ArticleFile, FrontMatter) {
        if let from {
            guard let file = context.article(from) else {
                throw .usage(
                    "no article '\(slug)' in '\(from)' (\(context.path(lang: from, slug: slug))); '\(slug)' exists in: "
                        + context.articles.map(\.lang).joined(separator: ", "))
            }
            return (file, try parse(file))
        }
        var originals: [(ArticleFile, FrontMatter)] = []
        var problems: [Diagnostic] = []
        for file in context.articles {
            do {
                let matter = try parse(file)
                if matter.translation == nil { originals.append((file, matter)) }
            } catch {
                if case .content(let diagnostics) = error { problems += diagnostics }
            }
        }
        if !problems.isEmpty { throw .content(problems) }
        if originals.count == 1 { return originals[0] }
        if let preferred = originals.first(where: { $0.0.lang == context.config.defaultLanguage }) { return preferred }
        let options = (originals.isEmpty ? context.articles.map(\.lang) : originals.map(\.0.lang))
        if originals.isEmpty {
            throw .usage(
                "every '\(slug)' article is a translation (\(options.joined(separator: ", "))), so there is no source to take by default; "
                    + "--from is required: " + options.map { "--from \($0)" }.joined(separator: " or "))
        }
        throw .usage(
            "'\(slug)' has several articles that are not translations (\(options.joined(separator: ", "))) and none is in the default language "
                + "'\(context.config.defaultLanguage)'; --from is required to choose the source: " + options.map { "--from \($0)" }.joined(separator: " or "))
    }

    /// `translation:` with the language and the fingerprints, as front matter lines.
    static func translationBlock(from: String, fingerprints: [String], meta: String?) -> [String] {
        ["translation:", "  from: \(from)"] + (meta.map { ["  meta: " + YAMLText.doubleQuoted($0)] } ?? [])
            + ["  sections: [" + fingerprints.map(YAMLText.doubleQuoted).joined(separator: ", ") + "]"]
    }

    static func untranslatedLine(_ indexes: [Int]) -> String {
        "untranslated: [" + indexes.map(String.init).joined(separator: ", ") + "]"
    }

    /// `file` with its `translation:` block, `untranslated:` and `verbatim:` entries replaced
    /// (nil: left as they are; an empty `untranslated` removes the entry). Absent
    /// entries are added before the closing `---`; a file without front matter gets one.
    static func rewrite(
        _ file: ArticleFile, layout: FrontMatterLines?, translation: [String]?, untranslated: [Int]?, verbatim: [Int]? = nil
    ) throws(TranslationError) -> String {
        let untranslatedLines = untranslated.map { $0.isEmpty ? [] : [untranslatedLine($0)] }
        let verbatimLines = verbatim.map { $0.isEmpty ? [] : ["verbatim: [" + $0.map(String.init).joined(separator: ", ") + "]"] }
        guard let layout else {
            // No front matter: the new one goes first (after a byte-order mark, if any).
            let lines = ["---"] + (translation ?? []) + (untranslatedLines ?? []) + (verbatimLines ?? []) + ["---"]
            let bom = "\u{FEFF}"
            let hasBOM = file.text.unicodeScalars.first == "\u{FEFF}"
            let rest = hasBOM ? String(file.text.unicodeScalars.dropFirst()) : file.text
            let newline = FrontMatterLines.firstLineEndIsCRLF(rest) ? "\r\n" : "\n"
            return (hasBOM ? bom : "") + lines.joined(separator: newline) + newline + rest
        }
        var edits: [(Range<Int>, [String])] = []
        var appended: [String] = []
        if let translation {
            if let block = layout.block("translation") { edits.append((block, translation)) } else { appended += translation }
        }
        if let untranslatedLines {
            if let block = layout.block("untranslated") {
                edits.append((block, untranslatedLines))
            } else {
                appended += untranslatedLines
            }
        }
        if let verbatimLines {
            if let block = layout.block("verbatim") { edits.append((block, verbatimLines)) } else { appended += verbatimLines }
        }
        if !appended.isEmpty { edits.append((layout.closing..<layout.closing, appended)) }
        return layout.replacing(edits)
    }
}
