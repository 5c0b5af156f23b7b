import Diagnostics
import FileIO
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
    /// Only the front matter is decoded when it holds the title: the body's UTF-8 is checked by
    /// the article's full read, which fails the build before the sidebar is of any use.
    /// A front matter parsed from the head alone is left in `handoff` for the article's full read.
    /// Only the file's first `headLength` bytes are read when the front matter ends in them and
    /// holds the title (the article's full read reads the whole file anyway).
    package static func read(_ source: ArticleSource, handoff: FrontMatterHandoff? = nil) -> ArticleSummary? {
        let path = source.url.path
        guard var bytes = try? Files.readPrefix(path, count: headLength) else { return nil }
        var isWholeFile = bytes.count < headLength
        func readWholeFile() -> Bool {
            guard let whole = try? Files.read(path) else { return false }
            (bytes, isWholeFile) = (whole, true)
            return true
        }
        var end = frontMatterEnd(bytes, isWholeFile: isWholeFile)
        if end == nil && !isWholeFile {
            guard readWholeFile() else { return nil }
            end = frontMatterEnd(bytes)
        }
        if let end {
            let headBytes = Array(bytes[..<end])
            guard let head = try? SourceText.decode(headBytes, displayPath: source.displayPath),
                let frontMatter = try? FrontMatter.parse(head)
            else { return nil }
            handoff?.deposit(.init(head: headBytes, frontMatter: frontMatter), for: source.path)
            if frontMatter.title != nil { return summary(source, frontMatter, title: frontMatter.title) }
        }
        guard isWholeFile || readWholeFile() else { return nil }
        return summary(source, wholeFile: bytes)
    }

    /// How many bytes of an article are read first for its summary: front matters are far shorter.
    static let headLength = 4096

    /// The summary from the whole file's bytes decoded and parsed.
    static func summary(_ source: ArticleSource, wholeFile bytes: [UInt8]) -> ArticleSummary? {
        guard let text = try? SourceText.decode(bytes, displayPath: source.displayPath),
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
        return summary(source, frontMatter, title: title)
    }

    private static func summary(_ source: ArticleSource, _ frontMatter: FrontMatter, title: String?) -> ArticleSummary? {
        guard let title, !title.allSatisfy(\.isWhitespace) else { return nil }
        var summary = ArticleSummary(lang: source.lang, slug: source.slug, title: title, weight: frontMatter.weight, draft: frontMatter.draft)
        summary.layout = frontMatter.layout
        return summary
    }

    /// Where the front matter of a file ends (after its closing line), when the file opens with
    /// one (after a byte-order mark) and holds no CR up to there: those bytes decode and parse as
    /// the front matter of the whole file does. Nil otherwise (the whole file is decoded). Of the
    /// first bytes of a file (not `isWholeFile`), only a closing line ended by its LF counts: the
    /// line may go on past them.
    static func frontMatterEnd(_ bytes: [UInt8], isWholeFile: Bool = true) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            let start = SourceText.byteOrderMarkLength(bytes)
            guard bytes[start...].starts(with: FrontMatter.openingLine.utf8),
                let closing = FrontMatter.closingLine(in: bytes, from: start + FrontMatter.openingLine.utf8.count),
                isWholeFile || bytes[closing.bodyStart - 1] == UInt8(ascii: "\n"),
                !bytes[start..<closing.bodyStart].contains(13)
            else { return nil }
            return closing.bodyStart
        }
    }
}
