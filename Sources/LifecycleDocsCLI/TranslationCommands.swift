import Diagnostics
import FileIO
import Foundation
import SiteBuild
import SiteContent
import Translations

/// `new-translation` and `sync-translation`: the files and the messages. What
/// to write is decided by `TranslationScaffold` in the Translations module.
extension CLI {
    static func newTranslation(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "new-translation")
        let contentDir = try parser.value(for: "--content") ?? "Content"
        let from = try parser.value(for: "--from")
        let (slug, lang) = try slugAndLanguage(try parser.positionals(), command: "new-translation")

        let created: NewTranslation
        do throws(TranslationError) {
            let context = try translationContext(contentDir: contentDir, slug: slug)
            created = try TranslationScaffold.newTranslation(slug: slug, lang: lang, from: from, in: context)
            let folder = URL(filePath: contentDir).appending(path: lang)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .content([.error(at: .whole(created.path), "cannot write file: \(error.localizedDescription)")])
            }
            do {
                try Files.write(created.text, to: folder.appending(path: slug + ".md").path, mode: .createNew)
            } catch {
                throw .content([.error(at: .whole(created.path), "cannot write file: \(error.reason)")])
            }
        } catch {
            return try fail(error, console: &console)
        }

        let source = created.source
        let count = created.sections.count
        let indexes = created.sections.map { String($0.index) }.joined(separator: ", ")
        console.out("Created \(created.path), a translation of \(source.path) (\(source.lang) → \(lang)).")
        console.out("")
        console.out("Its \(count) section\(count == 1 ? " is" : "s are") still in '\(source.lang)' and listed in 'untranslated: [\(indexes)]':")
        printSections(created.sections, console: &console)
        console.out("")
        console.out("Next steps:")
        console.out("  1. Translate 'title', 'description' and the prose of \(created.path). Keep code blocks and")
        console.out("     'lifecycle' examples as they are: only their comments are translated.")
        console.out("  2. Each time you have translated a section, mark it with")
        console.out("     'lifecycle-docs sync-translation \(slug) \(lang) --section N' (N as listed above): it leaves")
        console.out("     'untranslated'. Until then the build warns about it, and the page shows it in '\(source.lang)'.")
        console.out("  3. Run 'lifecycle-docs status' to see what is left, and 'lifecycle-docs build' to check the page.")
        console.out("     When \(source.path) changes later, translate what changed and mark those sections the same way.")
        return ExitCode.success
    }

    static func syncTranslation(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "sync-translation")
        let contentDir = try parser.value(for: "--content") ?? "Content"
        let from = try parser.value(for: "--from")
        let force = try parser.flag("--force")
        let meta = try parser.flag("--meta")
        var sections: [Int]?
        // Repeatable: `--section 1 --section 3`.
        for word in try parser.values(for: "--section") {
            guard let index = Int(word), index >= 0 else {
                throw UsageError("'--section' needs a section number (0 is the first section), not '\(word)'")
            }
            sections = (sections ?? []) + [index]
        }
        let (slug, lang) = try slugAndLanguage(try parser.positionals(), command: "sync-translation")
        // `--meta` alone marks the title and description only, no section.
        if meta && sections == nil { sections = [] }

        let synced: SyncedTranslation
        do throws(TranslationError) {
            let context = try translationContext(contentDir: contentDir, slug: slug)
            synced = try TranslationScaffold.syncTranslation(slug: slug, lang: lang, from: from, sections: sections, meta: meta, force: force, in: context)
            if synced.changed {
                let url = URL(filePath: contentDir).appending(path: lang).appending(path: slug + ".md")
                do {
                    try Files.write(synced.text, to: url.path, mode: .atomic)
                } catch {
                    throw .content([.error(at: .whole(synced.path), "cannot write file: \(error.reason)")])
                }
            }
        } catch {
            return try fail(error, console: &console)
        }

        console.report(synced.warnings)
        let source = synced.source
        guard synced.changed else {
            console.out("\(synced.path) already records the current sections of \(source.path): nothing to change.")
            return ExitCode.success
        }
        console.out("Updated the front matter of \(synced.path):")
        let count = synced.sections.count
        switch synced.previousFrom {
        case nil:
            console.out("  translation: from \(source.lang) (tracking starts now), \(count) section \(Plural.noun("fingerprint", count)) recorded")
        case let previous? where previous != source.lang:
            console.out("  translation: from \(source.lang) (was \(previous)), \(count) section \(Plural.noun("fingerprint", count)) recorded")
        default:
            let updated = synced.updatedSections
            let which = updated.isEmpty ? "none changed" : "updated for \(Plural.noun("section", updated.count)) " + updated.map(String.init).joined(separator: ", ")
            let resized = synced.previousCount != count ? " (the source had \(synced.previousCount) when last synced)" : ""
            console.out("  translation: from \(source.lang), \(count) section \(Plural.noun("fingerprint", count))\(resized), \(which)")
        }
        if synced.metaUpdated {
            console.out("  translation.meta: the fingerprint of the source's title and description recorded")
        }
        if synced.untranslated != synced.untranslatedBefore {
            let removed = synced.untranslatedBefore.filter { !synced.untranslated.contains($0) }
            let left = synced.untranslated.isEmpty ? "none left" : "[\(synced.untranslated.map(String.init).joined(separator: ", "))] left"
            console.out("  untranslated: removed \(removed.map(String.init).joined(separator: ", ")); \(left)")
        }
        if !synced.verbatimAdded.isEmpty {
            console.out("  verbatim: added \(synced.verbatimAdded.map(String.init).joined(separator: ", ")) (the source's text, kept on purpose)")
        }
        let named = Array(Set(sections ?? [])).sorted().map(String.init)
        var scopes = named.isEmpty ? [] : ["\(Plural.noun("section", named.count)) " + named.joined(separator: ", ")]
        if meta { scopes.append("its title and description") }
        let scope = scopes.isEmpty ? "" : " for " + scopes.joined(separator: " and ")
        if synced.untranslated.isEmpty {
            console.out("It now counts as current with \(source.path)\(scope). Run 'lifecycle-docs status' to see every translation.")
        } else {
            console.out(
                "It is now in progress: \(synced.translatedCount) of \(synced.sectionCount) sections translated, up to date with \(source.path)\(scope). "
                    + "Run 'lifecycle-docs status' to see every translation.")
        }
        return ExitCode.success
    }

    // MARK: - Shared

    static func slugAndLanguage(_ words: [String], command: String) throws(UsageError) -> (String, String) {
        guard words.count == 2 else {
            if words.count > 2 { throw UsageError("unexpected argument '\(words[2])' for '\(command)'") }
            throw UsageError("\(command) needs an article and a language: \(command) <slug> <lang>, for example '\(command) inactive it'")
        }
        return (words[0], words[1])
    }

    /// Prints a content error's diagnostics (exit 1) or turns a wrong argument into a usage error (exit 2).
    static func fail(_ error: TranslationError, console: inout Console) throws(UsageError) -> Int32 {
        switch error {
        case .usage(let message):
            throw UsageError(message)
        case .content(let diagnostics):
            console.report(diagnostics)
            return ExitCode.contentError
        }
    }

    static func printSections(_ sections: [TranslationSection], console: inout Console) {
        let width = String(sections.count - 1).count
        for section in sections {
            let number = String(section.index)
            let title = section.title.isEmpty ? "(introduction)" : section.title
            console.out("  " + String(repeating: " ", count: width - number.count) + number + "  line \(section.line): " + title)
        }
    }

    /// Reads what the translation commands need: `site.yml`, the slugs of every
    /// language folder, and the files of `slug`. A slug that names no article
    /// file reads nothing (so it can never reach outside the content folder).
    static func translationContext(contentDir: String, slug: String) throws(TranslationError) -> TranslationContext {
        let files = FileManager.default
        let root = URL(filePath: contentDir)
        let prefix = TranslationContext.prefix(contentDir)
        guard Files.isFolder(root.path) else {
            throw .content([.error(at: .whole(contentDir), "content folder not found")])
        }
        let folders = ((try? files.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { !$0.hasPrefix(".") && Files.isFolder(root.appending(path: $0).path) }.sorted()
        let siteFile = root.appending(path: "site.yml")
        let yaml = files.fileExists(atPath: siteFile.path) ? try readText(siteFile, path: prefix + "site.yml") : nil
        let config = try TranslationScaffold.siteConfig(yaml: yaml, path: prefix + "site.yml", languageFolders: folders)

        var slugs: Set<String> = []
        var articles: [ArticleFile] = []
        for language in config.languages {
            let folder = root.appending(path: language.code)
            let names = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names {
                guard let found = TranslationScaffold.slug(ofFileName: name), !Files.isFolder(folder.appending(path: name).path) else { continue }
                slugs.insert(found)
                if found == slug {
                    let path = prefix + language.code + "/" + name
                    articles.append(ArticleFile(lang: language.code, slug: slug, path: path, text: try readText(folder.appending(path: name), path: path)))
                }
            }
        }
        return TranslationContext(config: config, contentDir: contentDir, slugs: slugs, articles: articles)
    }

    static func readText(_ url: URL, path: String) throws(TranslationError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(url.path)
        } catch {
            throw .content([.error(at: .whole(path), "cannot read file: \(error.reason)")])
        }
        return try TranslationScaffold.decode(bytes, path: path)
    }
}
