import Diagnostics
import Markdown

/// What the sidebar needs of an article, read before any article is verified: every
/// article page lists its language's articles in order, so their titles and weights
/// are known before the first page is rendered.
package struct ArticleSummary: Sendable, Hashable {
    package var lang: String
    package var slug: String
    package var title: String
    package var weight: Int?
    package var draft: Bool
    /// `layout:` in front matter (the tutorials home lists the tutorials).
    package var layout: ArticleLayout = .article

    package init(lang: String, slug: String, title: String, weight: Int?, draft: Bool) {
        self.lang = lang
        self.slug = slug
        self.title = title
        self.weight = weight
        self.draft = draft
    }

    /// The summary of `source`, or nil when it cannot be read (its full read reports why).
    /// The title is the one `ArticleReader` finds: front matter, or a leading `# ` heading,
    /// parsed from the first block only, which is where that heading must be.
    package static func read(_ source: ArticleSource) -> ArticleSummary? {
        guard let text = try? SourceText.read(source.url, displayPath: source.displayPath),
            let frontMatter = try? FrontMatter.parse(text)
        else { return nil }
        var title = frontMatter.title
        if title == nil {
            let body = frontMatter.body.drop { $0 == "\n" || $0 == " " || $0 == "\t" || $0 == "\r" }
            let firstBlock = body.range(of: "\n\n").map { body[..<$0.lowerBound] } ?? body
            let document = MarkdownDocument.parse(String(firstBlock), file: source.displayPath)
            if let first = document.children(of: 0).first, case .heading = document.nodes[first].kind,
                document.nodes[first].headingLevel == 1
            {
                title = document.plainText(of: first)
            }
        }
        guard let title, !title.allSatisfy(\.isWhitespace) else { return nil }
        var summary = ArticleSummary(lang: source.lang, slug: source.slug, title: title, weight: frontMatter.weight, draft: frontMatter.draft)
        summary.layout = frontMatter.layout
        return summary
    }
}
