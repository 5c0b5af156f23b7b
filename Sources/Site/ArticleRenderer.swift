import Encoding
import Diagnostics
import Highlight
import LifecycleModel
import Markdown
import Mustache
import Scenarios

/// Turns one article file into an `Article` in two steps: `read` parses and verifies it
/// (front matter, title, Markdown, examples and chains, links), which is all `check` needs;
/// `render` writes its HTML body (highlighted code, example figures, marked chains, heading
/// anchors) and table of contents from what `read` found.
struct ArticleRenderer: Sendable {
    let strings: UIStrings
    /// What `.md` links and relative images resolve to; nil leaves every URL as written.
    var sourceLinks: SourceLinks? = nil
    /// The example figures of this build (`ExampleFigure`).
    let figures = Memo<TextKey, [String]>()

    /// An article read and verified, its body not rendered yet.
    struct ReadArticle: Sendable {
        /// Everything but the body and the table of contents.
        var article: Article
        var document: MarkdownDocument
        var verification: Verification
        var targets: [LinkKey: HTMLRenderer.ResolvedURL]
    }

    func read(_ source: ArticleSource) -> (article: ReadArticle?, diagnostics: [Diagnostic]) {
        do {
            let text = try SourceText.read(source.url, displayPath: source.displayPath)
            return try read(text, lang: source.lang, slug: source.slug)
        } catch {
            return (nil, error.diagnostics)
        }
    }

    /// Reads and renders in one go (the fuzzer's way in): the article, or nil when it cannot
    /// be read or rendered, and every problem found.
    func render(_ text: SourceText, lang: String, slug: String, templates: TemplateSet) throws(DiagnosticError) -> (article: Article?, diagnostics: [Diagnostic]) {
        let (read, diagnostics) = try read(text, lang: lang, slug: slug)
        guard let read else { return (nil, diagnostics) }
        return (try render(read, templates: templates), diagnostics)
    }

    func read(_ text: SourceText, lang: String, slug: String) throws(DiagnosticError) -> (article: ReadArticle?, diagnostics: [Diagnostic]) {
        let frontMatter = try FrontMatter.parse(text)
        // Blank lines in place of the front matter keep Markdown line numbers equal to file line numbers.
        let body = String(repeating: "\n", count: frontMatter.bodyLineOffset) + frontMatter.body
        var document = MarkdownDocument.parse(body, file: text.displayPath)

        var title = frontMatter.title
        if title == nil, let first = document.children(of: 0).first,
            case .heading = document.nodes[first].kind, document.nodes[first].headingLevel == 1
        {
            // A page without a front matter title takes its leading `# ` heading as the title.
            title = document.plainText(of: first)
            document.nodes[0].children.removeFirst()
        }
        guard let title, !title.allSatisfy(\.isWhitespace) else {
            throw DiagnosticError([
                .error(
                    at: SourceLocation(file: text.displayPath, line: 1, column: 1),
                    "the article has no title",
                    suggestion: "add 'title: …' to the front matter or start the article with a '# ' heading")
            ])
        }

        let (targets, linkProblems) = resolveLinks(in: document, lang: lang, slug: slug)
        let verification = ArticleVerifier.verify(document, source: text.text)
        let description = frontMatter.description ?? Self.summary(of: document)
        let sections = ArticleSections(body: frontMatter.body, firstLine: frontMatter.bodyLineOffset + 1).sections
        let codeSamples = document.nodes.compactMap { node -> CodeSample? in
            guard case .codeBlock(let info, _) = node.kind else { return nil }
            return CodeSample(info: info, code: node.literal, line: node.start.line)
        }
        let links = document.nodes.compactMap { node -> MarkdownLink? in
            switch node.kind {
            case .link(let url, _): MarkdownLink(url: url, href: targets[LinkKey(url: url, isImage: false)]?.url ?? url, location: node.start)
            case .image(let url, _): MarkdownLink(url: url, href: targets[LinkKey(url: url, isImage: true)]?.url ?? url, location: node.start)
            default: nil
            }
        }
        let article = Article(
            lang: lang, slug: slug, displayPath: text.displayPath, title: title,
            description: description, bodyHTML: "", toc: [], chains: verification.chains, examples: verification.examples.count,
            translation: frontMatter.translation, untranslated: frontMatter.untranslated, updated: frontMatter.updated, draft: frontMatter.draft,
            sections: sections, codeSamples: codeSamples, links: links)
        return (
            ReadArticle(article: article, document: document, verification: verification, targets: targets),
            frontMatter.warnings + linkProblems + verification.diagnostics + Self.untranslatedWarnings(article)
                + ContentWarnings.of(document, source: body)
        )
    }

    /// The article with its HTML body and table of contents. Every node rendered elsewhere is
    /// computed first: example figures, marked chains, highlighted code.
    func render(_ read: ReadArticle, templates: TemplateSet) throws(DiagnosticError) -> Article {
        let lang = read.article.lang
        let document = read.document
        var nodeHTML: [Int: String] = [:]
        let figure = ExampleFigure(lang: lang, strings: strings, templates: templates, memo: figures)
        let codeLabel = strings.string("codeLabel", lang: lang)
        for (index, node) in document.nodes.enumerated() {
            guard case .codeBlock(let info, _) = node.kind else { continue }
            let example = try read.verification.example(at: index).flatMap { example throws(DiagnosticError) in try figure.html(example) }
            if let html = example ?? highlightedHTML(info: info, code: node.literal, label: codeLabel) {
                nodeHTML[index] = html
            }
        }
        let chainTitle = strings.string("verifiedChain", lang: lang)
        for index in read.verification.nodesWithChains {
            nodeHTML[index] = ChainMarkup.html(
                document.nodes[index].literal, chains: read.verification.chains(in: index), insideLink: document.isInsideLink(index),
                title: chainTitle)
        }
        var renderer = makeRenderer(lang: lang)
        let targets = read.targets
        renderer.linkTarget = { url, isImage in targets[LinkKey(url: url, isImage: isImage)] }
        let rendered = renderer.render(document, replacing: nodeHTML)
        var article = read.article
        article.bodyHTML = rendered.html
        article.toc = rendered.headings.filter { (2...3).contains($0.level) }.map {
            TOCEntry(level: $0.level, id: $0.id, text: $0.text)
        }
        return article
    }

    struct LinkKey: Hashable, Sendable {
        var url: String
        var isImage: Bool
    }

    /// Where each link and image that names a source leads (`SourceLinks`), and an error for
    /// each `.md` link that names no article.
    private func resolveLinks(in document: MarkdownDocument, lang: String, slug: String)
        -> (targets: [LinkKey: HTMLRenderer.ResolvedURL], problems: [Diagnostic])
    {
        guard let sourceLinks else { return ([:], []) }
        var targets: [LinkKey: HTMLRenderer.ResolvedURL] = [:]
        var problems: [Diagnostic] = []
        for node in document.nodes {
            let key: LinkKey
            switch node.kind {
            case .link(let url, _): key = LinkKey(url: url, isImage: false)
            case .image(let url, _): key = LinkKey(url: url, isImage: true)
            default: continue
            }
            switch sourceLinks.resolve(key.url, lang: lang, slug: slug, isImage: key.isImage) {
            case .unchanged: continue
            case .resolved(let target): targets[key] = target
            case .missingArticle(let missing):
                problems.append(.error(
                    at: node.start, "broken link '\(key.url)': no article '\(missing)' in any language",
                    suggestion: sourceLinks.nearestSlug(to: missing).map { "\($0).md" }))
            }
        }
        return (targets, problems)
    }

    private func makeRenderer(lang: String) -> HTMLRenderer {
        var renderer = HTMLRenderer()
        renderer.anchorLabel = strings.string("anchorLabel", lang: lang)
        renderer.footnoteBackLabel = strings.string("footnoteBack", lang: lang)
        renderer.footnotesTitle = strings.string("footnotes", lang: lang)
        renderer.taskLabel = strings.string("taskItem", lang: lang)
        renderer.reservedIDs = Self.isReservedID
        let strings = self.strings
        renderer.alertTitle = { kind in
            switch kind {
            case .note: strings.string("alertNote", lang: lang)
            case .tip: strings.string("alertTip", lang: lang)
            case .important: strings.string("alertImportant", lang: lang)
            case .warning: strings.string("alertWarning", lang: lang)
            case .caution: strings.string("alertCaution", lang: lang)
            }
        }
        return renderer
    }

    /// A code block in a language the highlighter knows; nil for any other (written as is).
    private func highlightedHTML(info: String, code: String, label: String) -> String? {
        // Focusable and labelled: a scrolling code block must be reachable by keyboard.
        guard let language = CodeLanguage(infoString: info) else { return nil }
        return "<pre class=\"code\" data-lang=\"\(language.rawValue)\" tabindex=\"0\" role=\"region\" aria-label=\"\(HTML.escape(label))\">"
            + "<code class=\"language-\(language.rawValue)\">"
            + Self.highlighted.value(for: TextKey(code, language.rawValue)) {
                Highlighter.html(code, language: language, options: Self.highlightOptions)
            } + "</code></pre>\n"
    }

    /// Whether an article page gives this id to something outside the
    /// Markdown, so no heading may take it: the templates' ids (all `ld-…`),
    /// the examples' (`ex-N`, and `ex-N-diagram-…` inside their diagrams) and
    /// the verified chains' (`chain-N`).
    static func isReservedID(_ id: String) -> Bool {
        if id.hasPrefix("ld-") { return true }
        for prefix in ["ex-", "chain-"] where id.hasPrefix(prefix) {
            let rest = id.utf8.dropFirst(prefix.utf8.count)
            let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard !digits.isEmpty else { continue }
            let tail = rest.dropFirst(digits.count)
            if tail.isEmpty || (prefix == "ex-" && tail.starts(with: "-diagram-".utf8)) { return true }
        }
        return false
    }

    /// A warning per section a new translation has not translated yet.
    static func untranslatedWarnings(_ article: Article) -> [Diagnostic] {
        article.untranslated.map { index in
            guard index < article.sections.count else {
                return .error(
                    at: article.translation?.location ?? SourceLocation(file: article.displayPath, line: 1, column: 1),
                    "'untranslated' lists section \(index), but the article has \(article.sections.count) sections (0 to \(article.sections.count - 1))")
            }
            let section = article.sections[index]
            let name = section.title.isEmpty ? "the introduction" : "'\(section.title)'"
            return .warning(
                at: SourceLocation(file: article.displayPath, line: section.line, column: 1),
                "section \(index) (\(name)) is not translated yet",
                notes: ["translate it, then remove \(index) from 'untranslated' in the front matter"])
        }
    }

    static let highlighted = Memo<TextKey, String>()

    /// Callback names in code carry `data-callback`, so the player can light the handler a step calls.
    static let highlightOptions = HighlightOptions(taggedIdentifiers: Set(Machines.all.flatMap { machine in
        machine.callbacks.flatMap { [$0.id] + $0.aliases }.filter { name in name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
    }))

    /// The first paragraph as plain text, cut at a word boundary near 160 characters.
    static func summary(of document: MarkdownDocument) -> String {
        guard let paragraph = document.nodes.indices.first(where: {
            if case .paragraph = document.nodes[$0].kind { return true } else { return false }
        }) else { return "" }
        let text = document.plainText(of: paragraph).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard text.count > 160 else { return text }
        let cut = text.prefix(159)
        let words = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return words + "…"
    }
}
