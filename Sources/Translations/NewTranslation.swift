import Diagnostics
import Encoding
import LifecycleModel
import SiteContent
import YAML

extension TranslationScaffold {
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
                    at: .whole(target), "the '\(lang)' translation of '\(slug)' already exists",
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
        // The translation keeps the source's place in the reading order (without a weight it
        // would come after every weighted article) and a tutorial's is a tutorial too.
        if let weight = sourceMatter.weight { lines.append("weight: \(weight)") }
        if sourceMatter.layout != .article { lines.append("layout: " + sourceMatter.layout.rawValue) }
        lines += translationBlock(from: source.lang, fingerprints: fingerprints, meta: sourceMatter.metaFingerprint)
        lines.append(untranslatedLine(Array(sections.indices)))
        lines.append("---")
        let text = lines.joined(separator: "\n") + "\n" + sourceMatter.body

        // The file must read back as intended; anything else is a bug here, not the user's.
        let written = try parse(ArticleFile(lang: lang, slug: slug, path: target, text: text))
        guard written.translation?.from == source.lang, written.translation?.fingerprints == fingerprints,
            written.translation?.meta == sourceMatter.metaFingerprint,
            written.untranslated == Array(sections.indices), written.title == sourceMatter.title,
            written.description == sourceMatter.description, written.body == sourceMatter.body, written.layout == sourceMatter.layout,
            written.weight == sourceMatter.weight
        else {
            throw .content([.error(at: .whole(target), "internal error: the new front matter does not read back as written")])
        }
        return NewTranslation(
            path: target, text: text, source: source, sections: summaries(of: written))
    }
}
