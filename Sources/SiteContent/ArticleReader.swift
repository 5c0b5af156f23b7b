import Diagnostics
import Highlight
import Markdown
import Scenarios

/// Reads one article file and verifies it: front matter, title, Markdown, every example run
/// and every prose chain judged (`ArticleVerifier`), links to sources resolved. That is all
/// `check` needs; `ArticleRenderer` (SiteRender) writes the HTML from what it found.
package struct ArticleReader: Sendable {
    /// What `.md` links and relative images resolve to; nil leaves every URL as written.
    var sourceLinks: SourceLinks? = nil
    /// What this build verified already (one reader per build).
    let verified = VerificationMemo()

    /// Front matters the build parsed already (for the sidebar), taken instead of parsing again.
    let frontMatters: FrontMatterHandoff?

    package init(sourceLinks: SourceLinks? = nil, frontMatters: FrontMatterHandoff? = nil) {
        self.sourceLinks = sourceLinks
        self.frontMatters = frontMatters
    }

    package func read(_ source: ArticleSource) -> (article: ReadArticle?, diagnostics: [Diagnostic]) {
        do {
            let bytes = try SourceText.readBytes(source.url, displayPath: source.displayPath)
            let text = try SourceText.decode(bytes, displayPath: source.displayPath)
            var frontMatter: FrontMatter?
            if let known = frontMatters?.take(source.path), bytes.starts(with: known.head) {
                // The head has no CR, so folding left its bytes where they were; only a byte-order mark is gone.
                frontMatter = known.frontMatter
                let bodyStart = known.head.count - SourceText.byteOrderMarkLength(bytes)
                frontMatter?.body = text.text[text.text.utf8.index(text.text.startIndex, offsetBy: bodyStart)...]
            }
            return try read(text, lang: source.lang, slug: source.slug, frontMatter: frontMatter)
        } catch {
            return (nil, error.diagnostics)
        }
    }

    /// `frontMatter`: the text's, when parsed already.
    func read(_ text: SourceText, lang: String, slug: String, frontMatter known: FrontMatter? = nil) throws(DiagnosticError)
        -> (article: ReadArticle?, diagnostics: [Diagnostic])
    {
        let frontMatter: FrontMatter
        if let known { frontMatter = known } else { frontMatter = try FrontMatter.parse(text, keepingValueErrors: true) }
        // Blank lines in place of the front matter keep Markdown line numbers equal to file line numbers.
        let body = String(repeating: "\n", count: frontMatter.bodyLineOffset) + frontMatter.body
        // The document keeps the index of the body's lines, for the verifier and the warnings. Body
        // line N is file line N, with the same text from the body's first line on.
        var document = MarkdownDocument.parse(body, file: text.displayPath)

        var title = frontMatter.title
        if title == nil, let first = document.children(of: 0).first,
            case .heading = document.nodes[first].kind, document.nodes[first].headingLevel == 1
        {
            // A page without a front matter title takes its leading `# ` heading as the title.
            title = document.plainText(of: first)
            document.nodes[0].children.removeFirst()
        }
        // A title that could not be read is reported already: the body is read all the same, under the slug.
        if title == nil && frontMatter.invalidKeys.contains("title") { title = slug }
        guard let title, !title.allSatisfy(\.isWhitespace) else {
            throw DiagnosticError(frontMatter.problems + [
                .error(
                    at: SourceLocation(file: text.displayPath, line: 1, column: 1),
                    "the article has no title",
                    suggestion: "add 'title: …' to the front matter or start the article with a '# ' heading")
            ])
        }

        let (targets, missing, linkProblems) = resolveLinks(in: document, lang: lang, slug: slug)
        let verification = ArticleVerifier.verify(document, cache: verified)
        let description = frontMatter.description ?? Self.summary(of: document)
        let sections = ArticleSections(body: frontMatter.body, firstLine: frontMatter.bodyLineOffset + 1).sections
        // Nodes' fields are read in place: a copy of a node retained its kind, children and literal.
        let codeSamples = document.nodes.indices.compactMap { index -> CodeSample? in
            guard case .codeBlock(let info, _) = document.nodes[index].kind else { return nil }
            return CodeSample(info: info, code: document.nodes[index].literal, line: document.nodes[index].start.line, node: index)
        }
        // A link to an article that does not exist is reported above, where it is written: the
        // link check knows it as the Markdown's but does not report it again.
        let links = document.nodes.indices.compactMap { index -> MarkdownLink? in
            let key: LinkKey
            switch document.nodes[index].kind {
            case .link(let url, _): key = LinkKey(url: url, isImage: false)
            case .image(let url, _): key = LinkKey(url: url, isImage: true)
            default: return nil
            }
            // As the page writes it: its fragment precomposed like the ids.
            let href = HeadingSlugger.precomposingFragment(targets[key]?.url ?? key.url)
            return MarkdownLink(url: key.url, href: href, location: document.start(of: index), reportedWhenRead: missing.contains(key))
        }
        var article = Article(
            lang: lang, slug: slug, displayPath: text.displayPath, title: title,
            description: description, bodyUTF8: [], toc: [], chains: verification.chains, examples: verification.examples.count,
            translation: frontMatter.translation, untranslated: frontMatter.untranslated, updated: frontMatter.updated, draft: frontMatter.draft,
            sections: sections, codeSamples: codeSamples, links: links)
        article.weight = frontMatter.weight
        article.layout = frontMatter.layout
        article.exercises = verification.exercises.count
        article.platforms = verification.platforms
        let outline = article.layout == .tutorial ? TutorialOutline(document, isExercise: { verification.exercise(at: $0) != nil }) : nil
        article.tutorialSteps = outline?.steps ?? 0
        article.metaFingerprint = frontMatter.metaFingerprint
        article.verbatim = frontMatter.verbatim
        (article.alerts, article.proseLines) = Self.alertsAndProse(document, verification: verification)
        return (
            ReadArticle(article: article, document: document, verification: verification, targets: targets, tutorial: outline),
            frontMatter.problems + linkProblems + verification.diagnostics + Self.untranslatedWarnings(article, places: frontMatter.untranslatedPlaces)
                + Self.sectionNumberErrors("verbatim", article.verbatim, places: frontMatter.verbatimPlaces, article: article)
                + ContentWarnings.of(document) + document.languageSpanErrors()
        )
    }

    package struct LinkKey: Hashable, Sendable {
        var url: String
        var isImage: Bool

        package init(url: String, isImage: Bool) {
            self.url = url
            self.isImage = isImage
        }
    }

    /// Where each link and image that names a source leads (`SourceLinks`), and an error for
    /// each `.md` link that names no article (`missing`).
    private func resolveLinks(in document: MarkdownDocument, lang: String, slug: String)
        -> (targets: [LinkKey: HTMLRenderer.ResolvedURL], missing: Set<LinkKey>, problems: [Diagnostic])
    {
        guard let sourceLinks else { return ([:], [], []) }
        var targets: [LinkKey: HTMLRenderer.ResolvedURL] = [:]
        var missing: Set<LinkKey> = []
        var problems: [Diagnostic] = []
        for index in document.nodes.indices {
            let key: LinkKey
            switch document.nodes[index].kind {
            case .link(let url, _): key = LinkKey(url: url, isImage: false)
            case .image(let url, _): key = LinkKey(url: url, isImage: true)
            default: continue
            }
            switch sourceLinks.resolve(key.url, lang: lang, slug: slug, isImage: key.isImage) {
            case .unchanged: continue
            case .resolved(let target): targets[key] = target
            case .missingArticle(let article):
                missing.insert(key)
                // The nearest slug in the folder the link names (`../pt/Active.md` → `../pt/active.md`).
                let folder = key.url.range(of: "/", options: .backwards).map { String(key.url[..<$0.upperBound]) } ?? ""
                problems.append(.error(
                    at: document.start(of: index), "broken link '\(key.url)': no article '\(article)' in any language",
                    suggestion: sourceLinks.nearestSlug(to: article).map { folder + "\($0).md" }))
            case .unknownLanguage(let folder):
                missing.insert(key)
                let languages = sourceLinks.config.languages.map(\.code)
                problems.append(.error(
                    at: document.start(of: index),
                    "broken link '\(key.url)': '\(folder)' is not a language of this site (\(languages.joined(separator: ", ")))",
                    suggestion: key.url.replacing("\(folder)/", with: "\(lang)/", maxReplacements: 1)))
            }
        }
        return (targets, missing, problems)
    }

    /// The alerts of the page, and the lines where it has words to translate: text outside code,
    /// arrow chains (the model's names, the same in every language) and alert markers.
    static func alertsAndProse(_ document: MarkdownDocument, verification: Verification) -> ([ArticleAlert], [Int]) {
        var alerts: [ArticleAlert] = []
        var prose: [Int] = []
        // One marker an alert, a handful a page: a list, not a set that hashed every text node.
        var markers: [Int] = []
        let alertsReserved = 16
        // Pre-order over `children`, as the page shows it: a title heading taken out is not prose here.
        // The stack never holds more than every node: made once at that size, not grown.
        var stack: [Int] = []
        stack.reserveCapacity(document.nodes.count)
        stack.append(MarkdownDocument.rootIndex)
        while let index = stack.popLast() {
            // The node's fields are read in place: a copy of it retained its children, literal and locations.
            switch document.nodes[index].kind {
            case .blockQuote:
                if let kind = document.alertKind(of: index) {
                    // A page with alerts has a dozen or so: room for them at the first, not grown one by one.
                    if alerts.isEmpty {
                        alerts.reserveCapacity(alertsReserved)
                        markers.reserveCapacity(alertsReserved)
                    }
                    alerts.append(ArticleAlert(marker: "[!\(kind.rawValue.uppercased())]", line: document.nodes[index].start.line))
                    if let paragraph = document.nodes[index].children.first, let marker = document.nodes[paragraph].children.first { markers.append(marker) }
                }
            case .text where !markers.contains(index):
                let chains = verification.chains(in: index)
                // Most text has no chain: its Characters are read up to the first letter, no copy.
                if chains.isEmpty {
                    if Self.hasLetter(document.nodes[index].literal) { prose.append(document.nodes[index].start.line) }
                    break
                }
                let ranges = chains.filter { $0.start <= $0.end }.map { $0.start..<$0.end }
                if Self.hasLetter(document.nodes[index].literal, outside: ranges) {
                    prose.append(document.nodes[index].start.line)
                }
            default:
                break
            }
            document.pushChildren(of: index, onto: &stack)
        }
        return (alerts, prose)
    }

    /// `text.contains(where: \.isLetter)`. A Character is a letter by its first scalar, and a letter
    /// of ASCII, Latin-1 or Cyrillic after only the scalars read here (none of them a Prepend, the
    /// only kind that joins what follows) starts a Character: most text answers from its first
    /// bytes, prose in Russian or Bulgarian too; the rest by Characters.
    static func hasLetter(_ text: String) -> Bool {
        let early: Bool? = text.utf8.withContiguousStorageIfAvailable(Self.letterByBytes) ?? nil
        return early ?? text.contains(where: \.isLetter)
    }

    /// Whether `bytes` (valid UTF-8) hold a letter, read up to the first one; nil at a scalar
    /// outside ASCII, the two-byte letters of Latin-1 (U+00C0–U+00FF, where only × and ÷ are not
    /// letters) and Cyrillic (U+0400–U+047F, all letters), General Punctuation up to U+203F and the
    /// arrows U+2190–U+21FF (prose writes `—`, `„“` and `→`; none of them a letter).
    static func letterByBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0xD0, 0xD1:
                return true
            case ..<0x80:
                i += 1
            case 0xC3:
                if bytes[i + 1] != 0x97 && bytes[i + 1] != 0xB7 { return true }
                i += 2
            case 0xE2 where bytes[i + 1] == 0x80 || (bytes[i + 1] == 0x86 && bytes[i + 2] >= 0x90) || bytes[i + 1] == 0x87:
                i += 3
            default:
                return nil
            }
        }
        return false
    }

    /// Whether `text` has a letter once the `Character` ranges `chains` are cut out of it (a range
    /// past the text's end is left in, as `removeSubrange` could not cut it). Ranges in order, apart,
    /// are walked Character by Character up to the first letter outside them (a paragraph's
    /// Characters copied into an array cost 90 k instructions); any others are cut from a copy.
    static func hasLetter(_ text: String, outside chains: [Range<Int>]) -> Bool {
        guard zip(chains, chains.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else {
            var characters = Array(text)
            for chain in chains.reversed() where chain.upperBound <= characters.count { characters.removeSubrange(chain) }
            return characters.contains(where: \.isLetter)
        }
        var next = 0  // the first chain that does not end before the current Character
        var lettersInChains: [Int] = []  // chains holding a letter: they count if they end past the text
        var position = 0
        for character in text {
            defer { position += 1 }
            while next < chains.count, chains[next].upperBound <= position { next += 1 }
            guard character.isLetter else { continue }
            guard next < chains.count, chains[next].contains(position) else { return true }
            if lettersInChains.last != next { lettersInChains.append(next) }
        }
        return lettersInChains.contains { chains[$0].upperBound > position }
    }

    /// A warning per section a new translation has not translated yet; an error at a number
    /// (`places`: where each is written) that names no section.
    static func untranslatedWarnings(_ article: Article, places: [SourceLocation]) -> [Diagnostic] {
        sectionNumberErrors("untranslated", article.untranslated, places: places, article: article) + article.untranslated.compactMap { index in
            guard index < article.sections.count else { return nil }
            let section = article.sections[index]
            let name = section.title.isEmpty ? "the introduction" : "'\(section.title)'"
            return .warning(
                at: SourceLocation(file: article.displayPath, line: section.line, column: 1),
                "section \(index) (\(name)) is not translated yet",
                notes: ["translate it, then mark it done: 'lifecycle-docs sync-translation \(article.slug) \(article.lang) --section \(index)'"])
        }
    }

    /// An error at each number of a front-matter list of sections (`key`) that names no section of the article.
    static func sectionNumberErrors(_ key: String, _ indexes: [Int], places: [SourceLocation], article: Article) -> [Diagnostic] {
        zip(indexes, places).compactMap { index, place in
            guard index >= article.sections.count else { return nil }
            return .error(
                at: place,
                "'\(key)' lists section \(index), but the article has \(article.sections.count) sections (0 to \(article.sections.count - 1))")
        }
    }

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

/// An article read and verified, its body not rendered yet.
package struct ReadArticle: Sendable {
    /// Everything but the body and the table of contents.
    package var article: Article
    package var document: MarkdownDocument
    package var verification: Verification
    package var targets: [ArticleReader.LinkKey: HTMLRenderer.ResolvedURL]
    /// A tutorial's steps (nil for a page of prose).
    package var tutorial: TutorialOutline? = nil
}
