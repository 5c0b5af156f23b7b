import Diagnostics
import Encoding
import FileIO
import LifecycleModel
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
    /// A wrong argument: an unknown language or article, a section out of range… (exit code 2).
    case usage(String)
    /// A problem in a file, with its location (exit code 1).
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
    /// How many fingerprints were recorded before.
    public var previousCount: Int
    public var untranslatedBefore: [Int]
    public var untranslated: [Int]
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
        guard let yaml else {
            let codes = languageFolders.sorted()
            return SiteConfig(
                baseURL: "/", defaultLanguage: codes.first ?? "en",
                languages: codes.map { SiteLanguage(code: $0, name: $0, siteTitle: "LifecycleDocs", siteDescription: nil) })
        }
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

    // MARK: - new-translation

    /// A new translation of `slug` into `lang`: the source's title, description and
    /// body, its current section fingerprints, and every section marked untranslated.
    /// The source is `from`, or else the one article of `slug` that is not a
    /// translation, or else the one in the site's default language.
    public static func newTranslation(
        slug: String, lang: String, from: String?, in context: TranslationContext
    ) throws(TranslationError) -> NewTranslation {
        try checkLanguage(lang, in: context)
        if let from { try checkLanguage(from, in: context) }
        try checkSlug(slug, in: context)
        let (source, sourceMatter) = try resolveSource(slug: slug, from: from, in: context)
        guard source.lang != lang else {
            throw .usage(
                "'\(lang)' is the source language of '\(slug)' (\(source.path)); name the language to translate it into"
                    + (from == nil ? ", or choose another source with --from LANG" : ""))
        }
        let target = context.path(lang: lang, slug: slug)
        if let existing = context.article(lang) {
            let tracked = (try? parse(existing))?.translation != nil
            throw .content([
                .error(
                    at: SourceLocation(file: target, line: 1, column: 1), "the '\(lang)' translation of '\(slug)' already exists",
                    notes: ["new-translation never overwrites a file"],
                    suggestion: "after updating it, mark it current with 'lifecycle-docs sync-translation \(slug) \(lang)"
                        + (tracked ? "" : " --from \(source.lang)") + "'")
            ])
        }

        let sections = ArticleSections(body: sourceMatter.body, firstLine: sourceMatter.bodyLineOffset + 1).sections
        let fingerprints = sections.map(\.fingerprint)
        var lines = ["---"]
        if let title = sourceMatter.title { lines.append("title: " + YAMLText.doubleQuoted(title)) }
        if let description = sourceMatter.description { lines.append("description: " + YAMLText.doubleQuoted(description)) }
        lines += translationBlock(from: source.lang, fingerprints: fingerprints)
        lines.append(untranslatedLine(Array(sections.indices)))
        lines.append("---")
        let text = lines.joined(separator: "\n") + "\n" + sourceMatter.body

        // The file must read back as intended; anything else is a bug here, not the user's.
        let written = try parse(ArticleFile(lang: lang, slug: slug, path: target, text: text))
        guard written.translation?.from == source.lang, written.translation?.fingerprints == fingerprints,
            written.untranslated == Array(sections.indices), written.title == sourceMatter.title,
            written.description == sourceMatter.description, written.body == sourceMatter.body
        else {
            throw .content([.error(at: SourceLocation(file: target, line: 1, column: 1), "internal error: the new front matter does not read back as written")])
        }
        return NewTranslation(
            path: target, text: text, source: source, sections: summaries(of: written))
    }

    // MARK: - sync-translation

    /// The text of the translation of `slug` in `lang` marked current: its
    /// `translation:` block records the source's current fingerprints (all, or
    /// those of `sections`, keeping the others) and the same sections leave
    /// `untranslated`. Every other line of the file is kept byte for byte.
    /// `from` starts tracking a file without a `translation:` block (or changes its source).
    public static func syncTranslation(
        slug: String, lang: String, from: String?, sections selected: [Int]?, in context: TranslationContext
    ) throws(TranslationError) -> SyncedTranslation {
        try checkLanguage(lang, in: context)
        if let from {
            try checkLanguage(from, in: context)
            guard from != lang else { throw .usage("a translation cannot come from its own language: --from \(from) is the language of the translation") }
        }
        try checkSlug(slug, in: context)
        let path = context.path(lang: lang, slug: slug)
        guard let file = context.article(lang) else {
            let others = context.articles.map(\.lang)
            throw .content([
                .error(
                    at: SourceLocation(file: path, line: 1, column: 1), "file not found",
                    notes: ["'\(slug)' exists in: " + others.joined(separator: ", ")],
                    suggestion: "start the translation with 'lifecycle-docs new-translation \(slug) \(lang)'")
            ])
        }
        let layout = FrontMatterLines(file.text)

        // The front matter as it is; a broken `translation:` block is what this command rewrites,
        // so when only that block is wrong, read the rest without it.
        let matter: FrontMatter
        var recorded: TranslationSource?
        var recoveredFrom: String?
        var blockIsBroken = false
        do {
            matter = try parse(file)
            recorded = matter.translation
        } catch {
            guard case .content(let diagnostics) = error, let layout, let block = layout.block("translation"),
                let rest = try? parse(ArticleFile(lang: lang, slug: slug, path: path, text: layout.replacing([(block, [])])))
            else { throw error }
            matter = rest
            blockIsBroken = true
            let blockText = block.map { layout.content($0) }.joined(separator: "\n")
            if let code = (try? YAMLParser.parse(blockText))?["translation"]?["from"]?.string, SiteConfig.isLanguageCode(code) {
                recoveredFrom = code
            }
            if from == nil && recoveredFrom == nil {
                throw .content(diagnostics.map { d in
                    var d = d
                    d.notes.append("sync-translation rewrites this block: name its source with --from LANG")
                    return d
                })
            }
        }
        let recordedFrom = recorded?.from ?? recoveredFrom
        guard let sourceLang = from ?? recordedFrom else {
            let guess = context.config.defaultLanguage != lang && context.article(context.config.defaultLanguage) != nil
                ? context.config.defaultLanguage : context.articles.first { $0.lang != lang }?.lang ?? "LANG"
            throw .content([
                .error(
                    at: SourceLocation(file: path, line: 1, column: 1),
                    "not a translation: the front matter has no 'translation:' block naming the language it was translated from",
                    suggestion: "to start tracking it, name its source: 'lifecycle-docs sync-translation \(slug) \(lang) --from \(guess)'")
            ])
        }
        guard sourceLang != lang else {
            throw .content([.error(at: recorded?.location ?? SourceLocation(file: path, line: 1, column: 1), "a translation cannot come from its own language ('\(lang)')")])
        }
        if let from, let recordedFrom, from != recordedFrom, selected != nil {
            throw .usage(
                "\(path) is translated from '\(recordedFrom)'; --from \(from) changes its source, which needs every section: run it without --section")
        }
        guard let source = context.article(sourceLang) else {
            if from != nil {
                throw .usage("no article '\(slug)' in '\(sourceLang)' (\(context.path(lang: sourceLang, slug: slug))); '\(slug)' exists in: " + context.articles.map(\.lang).joined(separator: ", "))
            }
            throw .content([
                .error(
                    at: recorded?.location ?? SourceLocation(file: path, line: 1, column: 1),
                    "the source of this translation, \(context.path(lang: sourceLang, slug: slug)), does not exist",
                    notes: ["'translation.from' names the language the article was translated from"])
            ])
        }
        let sourceMatter = try parse(source)
        let sourceSections = ArticleSections(body: sourceMatter.body, firstLine: sourceMatter.bodyLineOffset + 1).sections
        let current = sourceSections.map(\.fingerprint)

        var chosen: Set<Int>?
        if let selected {
            for index in selected where !current.indices.contains(index) {
                throw .usage(
                    "section \(index) is out of range: \(source.path) has \(current.count) section\(current.count == 1 ? "" : "s")"
                        + (current.count == 1 ? " (0)" : " (0 to \(current.count - 1))"))
            }
            chosen = Set(selected)
        }
        // Recorded fingerprints count only when they are of the same source.
        let old = recordedFrom == sourceLang && !blockIsBroken ? recorded?.fingerprints ?? [] : []
        var fingerprints: [String] = []
        var missing: [Int] = []
        for index in current.indices {
            if chosen?.contains(index) ?? true {
                fingerprints.append(current[index])
            } else if index < old.count {
                fingerprints.append(old[index])
            } else {
                missing.append(index)
            }
        }
        if !missing.isEmpty {
            let list = missing.map(String.init).joined(separator: ", ")
            throw .usage(
                "\(path) records no fingerprint for section\(missing.count == 1 ? "" : "s") \(list) of \(source.path): "
                    + "add " + missing.map { "--section \($0)" }.joined(separator: " ") + ", or run without --section to mark every section current")
        }
        let untranslated = chosen.map { chosen in matter.untranslated.filter { !chosen.contains($0) } } ?? []
        let updated = current.indices.filter { $0 >= old.count || old[$0] != fingerprints[$0] }

        var warnings: [Diagnostic] = []
        let ownCount = ArticleSections(body: matter.body, firstLine: matter.bodyLineOffset + 1).sections.count
        if ownCount != current.count {
            warnings.append(.warning(
                at: SourceLocation(file: path, line: matter.bodyLineOffset + 1, column: 1),
                "the translation has \(ownCount) section\(ownCount == 1 ? "" : "s") and \(source.path) has \(current.count)",
                notes: ["fingerprints are matched to sections by position: check that every section of the source is translated, in the same order"]))
        }

        let translationCurrent = recorded != nil && !blockIsBroken && recorded?.from == sourceLang && old == fingerprints
        let untranslatedCurrent = untranslated == matter.untranslated
        var text = file.text
        if !(translationCurrent && untranslatedCurrent) {
            text = try rewrite(
                file, layout: layout, translation: translationCurrent ? nil : translationBlock(from: sourceLang, fingerprints: fingerprints),
                untranslated: untranslatedCurrent ? nil : untranslated)
            // The new front matter must say what was meant, and nothing else may have moved.
            let check = try parse(ArticleFile(lang: lang, slug: slug, path: path, text: text))
            guard check.translation?.from == sourceLang, check.translation?.fingerprints == fingerprints,
                check.untranslated == untranslated, check.body == matter.body, check.title == matter.title,
                check.description == matter.description, check.updated == matter.updated
            else {
                throw .content([
                    .error(
                        at: SourceLocation(file: path, line: 1, column: 1),
                        "cannot rewrite the front matter safely (its 'translation:' or 'untranslated:' entry has a layout this command does not edit)",
                        suggestion: "write them by hand: " + translationBlock(from: sourceLang, fingerprints: fingerprints).joined(separator: " ")
                            + (untranslated.isEmpty ? "" : " " + untranslatedLine(untranslated)))
                ])
            }
        }
        return SyncedTranslation(
            path: path, text: text, changed: text != file.text, source: source, previousFrom: recordedFrom,
            sections: sourceSections.enumerated().map {
                TranslationSection(index: $0.offset, title: $0.element.title, line: $0.element.line, fingerprint: $0.element.fingerprint)
            },
            updatedSections: updated, previousCount: old.count, untranslatedBefore: matter.untranslated, untranslated: untranslated,
            warnings: warnings)
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
    static func translationBlock(from: String, fingerprints: [String]) -> [String] {
        ["translation:", "  from: \(from)", "  sections: [" + fingerprints.map(YAMLText.doubleQuoted).joined(separator: ", ") + "]"]
    }

    static func untranslatedLine(_ indexes: [Int]) -> String {
        "untranslated: [" + indexes.map(String.init).joined(separator: ", ") + "]"
    }

    /// `file` with its `translation:` block and `untranslated:` entry replaced
    /// (nil: left as they are; an empty `untranslated` removes the entry). Absent
    /// entries are added before the closing `---`; a file without front matter gets one.
    static func rewrite(
        _ file: ArticleFile, layout: FrontMatterLines?, translation: [String]?, untranslated: [Int]?
    ) throws(TranslationError) -> String {
        let untranslatedLines = untranslated.map { $0.isEmpty ? [] : [untranslatedLine($0)] }
        guard let layout else {
            // No front matter: the new one goes first (after a byte-order mark, if any).
            let lines = ["---"] + (translation ?? []) + (untranslatedLines ?? []) + ["---"]
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
        if !appended.isEmpty { edits.append((layout.closing..<layout.closing, appended)) }
        return layout.replacing(edits)
    }
}

/// The lines of a file whose front matter is edited line by line: every line
/// keeps its own bytes and line end, and new lines take the file's line end.
struct FrontMatterLines {
    /// Every line of the file with its line end; the first may start with a byte-order mark.
    private(set) var lines: [[UInt8]]
    /// The index of the closing `---` (or `...`) line.
    let closing: Int
    let newline: [UInt8]

    /// Nil when the file has no (closed) front matter.
    init?(_ text: String) {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == 10 {
                lines.append(current)
                current = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        self.lines = lines
        guard let first = lines.first else { return nil }
        var opening = Self.strip(first)
        if opening.starts(with: [0xEF, 0xBB, 0xBF]) { opening.removeFirst(3) }
        guard opening == Array("---".utf8), lines.count > 1,
            let closing = lines.indices.dropFirst().first(where: { [Array("---".utf8), Array("...".utf8)].contains(Self.strip(lines[$0])) })
        else { return nil }
        self.closing = closing
        newline = first.suffix(2) == [13, 10] ? [13, 10] : [10]
    }

    static func firstLineEndIsCRLF(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 10 { return previous == 13 }
            previous = byte
        }
        return false
    }

    /// A line without its line end.
    func content(_ index: Int) -> String { String(decoding: Self.strip(lines[index]), as: UTF8.self) }

    private static func strip(_ line: [UInt8]) -> [UInt8] {
        var line = line[...]
        if line.last == 10 { line = line.dropLast() }
        if line.last == 13 { line = line.dropLast() }
        return Array(line)
    }

    /// The lines of the top-level entry `key`: its own line and the indented
    /// (or `- ` item) lines after it, without trailing blank lines; nil if absent.
    func block(_ key: String) -> Range<Int>? {
        guard let start = (1..<closing).first(where: { Self.topLevelKey(Self.strip(lines[$0])) == key }) else { return nil }
        var end = start + 1
        while end < closing {
            let line = Self.strip(lines[end])
            guard line.allSatisfy({ $0 == 32 || $0 == 9 }) || line.first == 32 || line.first == 9
                || (line.first == UInt8(ascii: "-") && (line.count == 1 || line[1] == 32 || line[1] == 9))
            else { break }
            end += 1
        }
        while end - 1 > start && Self.strip(lines[end - 1]).allSatisfy({ $0 == 32 || $0 == 9 }) { end -= 1 }
        return start..<end
    }

    /// The key of a top-level mapping line (`key: …`, `"key": …`), nil for other lines.
    static func topLevelKey(_ line: [UInt8]) -> String? {
        guard let first = line.first, first != 32, first != 9, first != UInt8(ascii: "#"), first != UInt8(ascii: "-") else { return nil }
        let colon = UInt8(ascii: ":")
        var keyEnd: Int
        var key: ArraySlice<UInt8>
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
            key = line[1..<close]
            keyEnd = close + 1
            while keyEnd < line.count && line[keyEnd] == 32 { keyEnd += 1 }
            guard keyEnd < line.count, line[keyEnd] == colon else { return nil }
        } else {
            guard let index = line.indices.first(where: { line[$0] == colon && ($0 + 1 == line.count || line[$0 + 1] == 32 || line[$0 + 1] == 9) })
            else { return nil }
            key = line[..<index]
            while key.last == 32 || key.last == 9 { key = key.dropLast() }
            keyEnd = index
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The text with each range of lines replaced by new lines (ranges must not overlap).
    func replacing(_ edits: [(Range<Int>, [String])]) -> String {
        var lines = self.lines
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            lines.replaceSubrange(range, with: replacement.map { Array($0.utf8) + newline })
        }
        return String(decoding: lines.joined(), as: UTF8.self)
    }
}
