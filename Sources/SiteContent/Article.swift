import Diagnostics
import Encoding
import Highlight
import Scenarios

/// One entry of a page's table of contents.
package struct TOCEntry: Sendable {
    package var level: Int
    package var id: String
    package var text: String
    /// The entry's HTML: `text` escaped, its words in another language in `<span lang>`.
    package var html: String

    package init(level: Int, id: String, text: String, html: String? = nil) {
        self.level = level
        self.id = id
        self.text = text
        self.html = html ?? HTML.escape(text)
    }
}

/// An article read, verified and rendered to its HTML body.
package struct Article: Sendable {
    package var lang: String
    package var slug: String
    package var displayPath: String
    package var title: String
    package var description: String
    /// The body's HTML as UTF-8 bytes: made as bytes, written into the page and read by the search index as bytes.
    package var bodyUTF8: [UInt8]
    package var toc: [TOCEntry]
    /// Arrow chains in the prose, each verified against the model.
    package var chains: [ProseChain]
    /// Runnable `lifecycle` examples run on this page.
    package var examples: Int = 0
    /// Where a translation comes from (nil for a source article).
    package var translation: TranslationSource? = nil
    /// Sections still in the source language.
    package var untranslated: [Int] = []
    package var updated: ArticleDate? = nil
    /// Sidebar order (`weight` in front matter): lower first, none after all weighted.
    package var weight: Int? = nil
    /// A draft: published only by `serve` and `build --drafts`, with a badge.
    package var draft = false
    /// `layout:` in front matter: a page of prose or a tutorial of numbered steps.
    package var layout: ArticleLayout = .article
    /// A tutorial's numbered steps (`TutorialOutline`), counted when it is read: the tutorials home shows them.
    package var tutorialSteps: Int = 0
    /// Exercises checked on this page (`exercise` blocks); the page loads the exercise script.
    package var exercises: Int = 0
    /// The platforms its examples and exercises run ("iOS", "Android"): the homes show them.
    package var platforms: [String] = []
    /// The body cut at its `##` headings, for translation tracking.
    package var sections: [ArticleSections.Section] = []
    /// Every fenced or indented code block, in order, for translation parity.
    package var codeSamples: [CodeSample] = []
    /// Every link and image in the Markdown, for the link check; a `.md` link to an article that
    /// does not exist, which the reader reports where it is written, is marked `reportedWhenRead`.
    package var links: [MarkdownLink] = []
    /// Sections that read exactly as the source's on purpose (`verbatim:`).
    package var verbatim: [Int] = []
    /// The fingerprint of the front matter's `title` and `description` (`FrontMatter.metaFingerprint`).
    package var metaFingerprint: String = ""
    /// Every GitHub alert (`> [!WARNING]`…), in order: a translation keeps them all.
    package var alerts: [ArticleAlert] = []
    /// Lines where prose a translator would translate starts: text outside code, arrow chains and
    /// alert markers. A section with none (only code) may read exactly as its source's.
    package var proseLines: [Int] = []

    package init(
        lang: String, slug: String, displayPath: String, title: String, description: String, bodyUTF8: [UInt8], toc: [TOCEntry],
        chains: [ProseChain], examples: Int = 0, translation: TranslationSource? = nil, untranslated: [Int] = [],
        updated: ArticleDate? = nil, draft: Bool = false, sections: [ArticleSections.Section] = [], codeSamples: [CodeSample] = [],
        links: [MarkdownLink] = []
    ) {
        self.lang = lang
        self.slug = slug
        self.displayPath = displayPath
        self.title = title
        self.description = description
        self.bodyUTF8 = bodyUTF8
        self.toc = toc
        self.chains = chains
        self.examples = examples
        self.translation = translation
        self.untranslated = untranslated
        self.updated = updated
        self.draft = draft
        self.sections = sections
        self.codeSamples = codeSamples
        self.links = links
    }

    /// What pages other than its own show of an article (homes, status pages, sitemap):
    /// a large site keeps this much of every article, and no more, until the end of a build.
    package var listing: Article {
        Self.listing(lang: lang, slug: slug, displayPath: displayPath, title: title, description: description,
                     weight: weight, layout: layout, tutorialSteps: tutorialSteps, exercises: exercises, platforms: platforms)
    }

    /// `listing` made from its fields, for an article known only by what a build cache keeps of it.
    package static func listing(lang: String, slug: String, displayPath: String, title: String, description: String,
                                weight: Int?, layout: ArticleLayout, tutorialSteps: Int, exercises: Int, platforms: [String]) -> Article {
        var listing = Article(lang: lang, slug: slug, displayPath: displayPath, title: title, description: description, bodyUTF8: [], toc: [], chains: [])
        listing.weight = weight
        listing.layout = layout
        listing.tutorialSteps = tutorialSteps
        listing.exercises = exercises
        listing.platforms = platforms
        return listing
    }
}

/// A code block as written: `lifecycle` examples and code samples alike.
package struct CodeSample: Sendable, Hashable {
    package let info: String
    package let code: String
    /// 1-based line of the fence in the file.
    package let line: Int
    /// The index of its code block in the document's nodes: what pairs the sample with the
    /// block when the page is rendered (nil for a sample made without a document).
    package let node: Int?
    /// The language the info string names and the code's tokens in it, when the site highlights
    /// it (nil otherwise): found and lexed once, for the page's highlighted code and for the
    /// comparison of a translation with its source.
    package let lexed: LexedCode?

    package init(info: String, code: String, line: Int, node: Int? = nil) {
        self.info = info
        self.code = code
        self.line = line
        self.node = node
        lexed = CodeLanguage(infoString: info).map { LexedCode(language: $0, source: Highlighter.lex(code, language: $0)) }
    }
}

/// Code in a language the highlighter knows, lexed.
package struct LexedCode: Sendable, Hashable {
    package let language: CodeLanguage
    /// The code's UTF-8 and its tokens as spans of it.
    package let source: LexedSource

    /// The tokens with their texts.
    package var tokens: [Token] { source.tokens }
}

/// A GitHub alert (`> [!NOTE]`…) and the line of its block quote.
package struct ArticleAlert: Sendable, Hashable {
    /// As messages name it: `[!WARNING]`.
    package var marker: String
    package var line: Int
}

/// A link written in an article's Markdown, where the writer put it.
package struct MarkdownLink: Sendable, Hashable {
    /// As written in the Markdown.
    package var url: String
    /// As written in the page: a link to a source (`other.md`) is rewritten to its page.
    package var href: String
    package var location: SourceLocation
    /// A `.md` link to no article, reported where it is written when the article was read: a
    /// link check that meets it on a page (`check` renders pages with errors) says nothing more.
    package var reportedWhenRead = false
}
