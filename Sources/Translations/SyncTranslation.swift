import Diagnostics
import Encoding
import LifecycleModel
import SiteContent
import YAML

extension TranslationScaffold {
    /// The text of the translation of `slug` in `lang` marked current: its
    /// `translation:` block records the source's current fingerprints (all, or
    /// those of `sections`, keeping the others) and the same sections leave
    /// `untranslated`. Every other line of the file is kept byte for byte.
    /// `from` starts tracking a file without a `translation:` block (or changes its source).
    /// Without `sections`, a section still listed in `untranslated` whose text is the source's
    /// stays there (with a warning) unless `force`: a copy is not a translation.
    /// The fingerprint of the source's title and description (`meta`) is recorded without
    /// `sections`, or with `meta`; otherwise the recorded one is kept.
    public static func syncTranslation(
        slug: String, lang: String, from: String?, sections selected: [Int]?, meta: Bool = false, force: Bool = false,
        in context: TranslationContext
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
                    at: .whole(path), "file not found",
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
        /// The language another article of the slug is translated from, as its front matter says.
        func translatedFrom(_ other: ArticleFile) -> String? { (try? parse(other))?.translation?.from }
        guard let sourceLang = from ?? recordedFrom else {
            // The source of the others has nothing to sync: naming one of them as its source would make a cycle.
            let translations = context.articles.filter { $0.lang != lang && translatedFrom($0) == lang }.map(\.lang)
            if let first = translations.first {
                throw .content([
                    .error(
                        at: .whole(path),
                        "this is the source of '\(slug)' (\(translations.joined(separator: ", ")) \(translations.count == 1 ? "is" : "are") translated from it): there is nothing to sync",
                        suggestion: "mark a translation current with it: 'lifecycle-docs sync-translation \(slug) \(first)'")
                ])
            }
            let originals = context.articles.filter { $0.lang != lang && translatedFrom($0) == nil }.map(\.lang)
            let guess = originals.contains(context.config.defaultLanguage) ? context.config.defaultLanguage : originals.first ?? "LANG"
            throw .content([
                .error(
                    at: SourceLocation(file: path, line: 1, column: 1),
                    "not a translation: the front matter has no 'translation:' block naming the language it was translated from",
                    suggestion: "to start tracking it, name its source: 'lifecycle-docs sync-translation \(slug) \(lang) --from \(guess)'")
            ])
        }
        if let from, let named = context.article(from), translatedFrom(named) == lang {
            throw .usage("\(named.path) is itself translated from '\(lang)': an article cannot be translated from its own translation")
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
                    "section \(index) is out of range: \(source.path) has \(Plural.counted(current.count, "section"))"
                        + (current.count == 1 ? " (0)" : " (0 to \(current.count - 1))"))
            }
            chosen = Set(selected)
        }
        // Recorded fingerprints count only when they are of the same source. They are matched to the
        // source's sections by their text, not their place: a section added or removed moves no other.
        let sameSource = recordedFrom == sourceLang && !blockIsBroken
        let old = sameSource ? recorded?.fingerprints ?? [] : []
        let oldMeta = sameSource ? recorded?.meta : nil
        let newMeta = selected == nil || meta ? sourceMatter.metaFingerprint : oldMeta
        let matches = SectionAlignment.match(recorded: old, current: current)
        var fingerprints: [String] = []
        var missing: [Int] = []
        for index in current.indices {
            if chosen?.contains(index) ?? true {
                fingerprints.append(current[index])
            } else {
                switch matches[index] {
                case .same(let recordedIndex), .changed(let recordedIndex): fingerprints.append(old[recordedIndex])
                case .added: missing.append(index)
                }
            }
        }
        if !missing.isEmpty {
            let list = missing.map(String.init).joined(separator: ", ")
            throw .usage(
                "\(path) records no fingerprint for \(Plural.noun("section", missing.count)) \(list) of \(source.path): "
                    + "add " + missing.map { "--section \($0)" }.joined(separator: " ") + ", or run without --section to mark every section current")
        }
        // The translation's own sections, each paired with the source section it translates.
        let ownSections = ArticleSections(body: matter.body, firstLine: matter.bodyLineOffset + 1).sections
        let pairs = SectionAlignment.pair(source: sourceSections, translation: ownSections)
        var warnings: [Diagnostic] = []
        var keptUntranslated: [Int] = []
        var verbatim = matter.verbatim
        let untranslated: [Int]
        if let chosen {
            let done = Set(chosen.compactMap { pairs[$0] })
            untranslated = matter.untranslated.filter { !done.contains($0) }
        } else {
            // Still the source's text, word for word: not translated, whatever the command line says.
            let copies = Set(pairs.indices.compactMap { index in
                pairs[index].flatMap { own in ownSections[own].hasSameText(as: sourceSections[index]) ? own : nil }
            })
            let copied = matter.untranslated.filter { copies.contains($0) && ownSections.indices.contains($0) }
            keptUntranslated = force ? [] : copied
            // Forced: the same words on purpose, recorded so that the build does not call them untranslated copies.
            if force { verbatim = Array(Set(verbatim + copied)).sorted() }
            untranslated = keptUntranslated
            if let first = keptUntranslated.first {
                let names = keptUntranslated.map { index in
                    "\(index) (" + (ownSections[index].title.isEmpty ? "the introduction" : "'\(ownSections[index].title)'") + ")"
                }
                warnings.append(.warning(
                    at: SourceLocation(file: path, line: ownSections[first].line, column: 1),
                    "\(Plural.noun("section", names.count)) \(names.joined(separator: ", ")) still read\(names.count == 1 ? "s" : "") exactly as in \(source.path): left in 'untranslated'",
                    notes: ["translate \(names.count == 1 ? "it" : "them") and run sync-translation again, or mark only the sections you translated with --section N"],
                    suggestion: "if \(names.count == 1 ? "it needs" : "they need") no translation, run 'lifecycle-docs sync-translation \(slug) \(lang) --force'"))
            }
        }
        let updated = current.indices.filter { index in
            if case .same(let recordedIndex) = matches[index] { return fingerprints[index] != old[recordedIndex] }
            if case .changed(let recordedIndex) = matches[index] { return fingerprints[index] != old[recordedIndex] }
            return true
        }

        warnings += TranslationAnalyzer.sectionCountWarning(
            translationPath: path, ownSections, sourcePath: source.path, sourceSections)

        let translationCurrent = recorded != nil && !blockIsBroken && recorded?.from == sourceLang && old == fingerprints && oldMeta == newMeta
        let untranslatedCurrent = untranslated == matter.untranslated && verbatim == matter.verbatim
        var text = file.text
        if !(translationCurrent && untranslatedCurrent) {
            text = try rewrite(
                file, layout: layout, translation: translationCurrent ? nil : translationBlock(from: sourceLang, fingerprints: fingerprints, meta: newMeta),
                untranslated: untranslated == matter.untranslated ? nil : untranslated, verbatim: verbatim == matter.verbatim ? nil : verbatim)
            // The new front matter must say what was meant, and nothing else may have moved.
            let check = try parse(ArticleFile(lang: lang, slug: slug, path: path, text: text))
            guard check.translation?.from == sourceLang, check.translation?.fingerprints == fingerprints, check.translation?.meta == newMeta,
                check.untranslated == untranslated, check.verbatim == verbatim, check.body == matter.body, check.title == matter.title,
                check.description == matter.description, check.updated == matter.updated
            else {
                throw .content([
                    .error(
                        at: SourceLocation(file: path, line: 1, column: 1),
                        "cannot rewrite the front matter safely (its 'translation:' or 'untranslated:' entry has a layout this command does not edit)",
                        suggestion: "write them by hand: " + translationBlock(from: sourceLang, fingerprints: fingerprints, meta: newMeta).joined(separator: " ")
                            + (untranslated.isEmpty ? "" : " " + untranslatedLine(untranslated)))
                ])
            }
        }
        return SyncedTranslation(
            path: path, text: text, changed: text != file.text, source: source, previousFrom: recordedFrom,
            sections: sourceSections.enumerated().map {
                TranslationSection(index: $0.offset, title: $0.element.title, line: $0.element.line, fingerprint: $0.element.fingerprint)
            },
            updatedSections: updated, metaUpdated: newMeta != oldMeta, previousCount: old.count, untranslatedBefore: matter.untranslated, untranslated: untranslated,
            keptUntranslated: keptUntranslated, verbatimAdded: verbatim.filter { !matter.verbatim.contains($0) }, translatedCount: ownSections.count - untranslated.count, sectionCount: ownSections.count,
            warnings: warnings)
    }
}
