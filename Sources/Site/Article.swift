import Diagnostics
import Scenarios

/// One entry of a page's table of contents.
struct TOCEntry: Sendable {
    var level: Int
    var id: String
    var text: String
}

/// An article read, verified and rendered to its HTML body.
struct Article: Sendable {
    var lang: String
    var slug: String
    var displayPath: String
    var title: String
    var description: String
    var bodyHTML: String
    var toc: [TOCEntry]
    /// Arrow chains in the prose, each verified against the model.
    var chains: [ProseChain]
    /// Runnable `lifecycle` examples run on this page.
    var examples: Int = 0
    /// Where a translation comes from (nil for a source article).
    var translation: TranslationSource? = nil
    /// Sections still in the source language.
    var untranslated: [Int] = []
    var updated: ArticleDate? = nil
    /// A draft: published only by `serve` and `build --drafts`, with a badge.
    var draft = false
    /// The body cut at its `##` headings, for translation tracking.
    var sections: [ArticleSections.Section] = []
    /// Every fenced or indented code block, in order, for translation parity.
    var codeSamples: [CodeSample] = []
    /// Every link and image in the Markdown, for `check`'s link verification.
    var links: [MarkdownLink] = []

    /// What pages other than its own show of an article (homes, status pages, sitemap):
    /// a large site keeps this much of every article, and no more, until the end of a build.
    var listing: Article {
        Article(lang: lang, slug: slug, displayPath: displayPath, title: title, description: description, bodyHTML: "", toc: [], chains: [])
    }
}

/// A code block as written: `lifecycle` examples and code samples alike.
struct CodeSample: Sendable, Hashable {
    var info: String
    var code: String
    /// 1-based line of the fence in the file.
    var line: Int
}
