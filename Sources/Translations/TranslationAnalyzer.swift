import Diagnostics
import Highlight
import SiteContent

/// The state of one article in one language (the `status` command's cell).
public enum TranslationStatus: Sendable, Hashable {
    /// The article others are translated from (or that exists only here).
    case source
    /// A translation whose source has not changed since it was translated.
    case current
    /// The source changed in these sections (indexes into the source's sections).
    case stale(sections: [Int])
    /// The page has errors: an example fails, a chain is impossible, it drifted from its source.
    case broken
    case missing

    public var name: String {
        switch self {
        case .source: "source"
        case .current: "current"
        case .stale: "stale"
        case .broken: "broken"
        case .missing: "missing"
        }
    }
}

/// One cell of the matrix, with what a translator needs to act on it.
public struct TranslationCell: Sendable, Equatable {
    public var status: TranslationStatus
    /// The language it was translated from.
    public var from: String?
    /// Section titles (of this page) for the stale sections.
    public var staleTitles: [String] = []
    /// Sections a new translation still has in the source language.
    public var untranslated: [Int] = []

    public init(status: TranslationStatus, from: String? = nil, staleTitles: [String] = [], untranslated: [Int] = []) {
        self.status = status
        self.from = from
        self.staleTitles = staleTitles
        self.untranslated = untranslated
    }
}

/// Articles × languages, and the parity problems found between translations and sources.
public struct TranslationMatrix: Sendable {
    public struct Row: Sendable, Equatable {
        public var slug: String
        /// The title in the source language.
        public var title: String
        public var titleLang: String
        public var cells: [String: TranslationCell]

        package init(slug: String, title: String, titleLang: String, cells: [String: TranslationCell]) {
            self.slug = slug
            self.title = title
            self.titleLang = titleLang
            self.cells = cells
        }
    }

    public var languages: [String]
    public var rows: [Row]

    /// The cell of one article in one language (every page asks for its own: a dictionary, not a scan).
    package func cell(slug: String, lang: String) -> TranslationCell? { cellsBySlug[slug]?[lang] }

    private let cellsBySlug: [String: [String: TranslationCell]]

    package init(languages: [String], rows: [Row]) {
        self.languages = languages
        self.rows = rows
        cellsBySlug = Dictionary(rows.map { ($0.slug, $0.cells) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Compares each translation with its source: which sections went stale,
/// and whether its examples and code samples still match (only comments and
/// prose may be translated).
package enum TranslationAnalyzer {
    package static func analyze(
        articles: [String: [String: Article]], languages: [String], brokenFiles: Set<String>
    ) -> (matrix: TranslationMatrix, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var rows: [TranslationMatrix.Row] = []
        for slug in articles.keys.sorted() {
            let versions = articles[slug] ?? [:]
            var cells: [String: TranslationCell] = [:]
            for lang in languages {
                guard let article = versions[lang] else {
                    cells[lang] = TranslationCell(status: .missing)
                    continue
                }
                guard let translation = article.translation else {
                    cells[lang] = TranslationCell(status: brokenFiles.contains(article.displayPath) ? .broken : .source)
                    continue
                }
                guard let source = versions[translation.from], translation.from != lang else {
                    diagnostics.append(.error(
                        at: translation.location,
                        translation.from == lang
                            ? "a page cannot be a translation of itself"
                            : "translated from '\(translation.from)', but there is no '\(slug)' article in that language"))
                    cells[lang] = TranslationCell(status: .broken, from: translation.from)
                    continue
                }
                let parity = parityProblems(article, source)
                diagnostics.append(contentsOf: parity)
                let stale = source.sections.indices.filter { index in
                    index >= translation.fingerprints.count || translation.fingerprints[index] != source.sections[index].fingerprint
                }
                var cell = TranslationCell(status: .current, from: translation.from, untranslated: article.untranslated)
                if brokenFiles.contains(article.displayPath) || !parity.isEmpty {
                    cell.status = .broken
                } else if !stale.isEmpty {
                    cell.status = .stale(sections: stale)
                }
                // Sections line up by position; name them by this page's headings where it has them.
                cell.staleTitles = stale.map { index in
                    let section = index < article.sections.count ? article.sections[index] : source.sections[index]
                    return section.title.isEmpty ? "#\(index)" : section.title
                }
                cells[lang] = cell
            }
            // In the site's language order: with several sources, every build names the same one.
            let ordered = languages.compactMap { versions[$0] } + versions.keys.sorted().filter { !languages.contains($0) }.compactMap { versions[$0] }
            let source = ordered.first { $0.translation == nil } ?? ordered.first
            rows.append(.init(slug: slug, title: source?.title ?? slug, titleLang: source?.lang ?? "", cells: cells))
        }
        return (TranslationMatrix(languages: languages, rows: rows), diagnostics)
    }

    /// Differences in examples and code between a translation and its source; each names both files.
    static func parityProblems(_ translation: Article, _ source: Article) -> [Diagnostic] {
        let ours = translation.codeSamples
        let theirs = source.codeSamples
        var problems: [Diagnostic] = []
        for (index, (mine, original)) in zip(ours, theirs).enumerated() {
            let a = comparable(mine)
            let b = comparable(original)
            guard a != b else { continue }
            let kind = isExample(mine) || isExample(original) ? "lifecycle example" : "code sample"
            let firstDifference = zip(a.lines, b.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.lines.count, b.lines.count)
            var notes = ["only comments and the text of strings may differ from the source; code, names and expectations may not"]
            if a.info != b.info {
                notes.append("source opens with '```\(original.info)', this one with '```\(mine.info)'")
            } else {
                notes.append("source:      " + (firstDifference < b.lines.count ? b.lines[firstDifference] : "(ends here)"))
                notes.append("translation: " + (firstDifference < a.lines.count ? a.lines[firstDifference] : "(ends here)"))
            }
            problems.append(.error(
                at: SourceLocation(file: translation.displayPath, line: mine.line, column: 1),
                "\(kind) \(index + 1) differs from its source \(source.displayPath):\(original.line)",
                notes: notes))
        }
        if ours.count != theirs.count {
            let line = ours.count > theirs.count ? ours[theirs.count].line : (ours.last?.line ?? 1)
            problems.append(.error(
                at: SourceLocation(file: translation.displayPath, line: line, column: 1),
                "this translation has \(ours.count) code blocks, its source \(source.displayPath) has \(theirs.count)",
                notes: ["examples and code samples are the same in every language; only their comments are translated"]))
        }
        return problems
    }

    static func isExample(_ sample: CodeSample) -> Bool {
        sample.info.split(separator: " ").first == "lifecycle"
    }

    struct Comparable: Sendable, Hashable {
        var info: String
        var lines: [String]
    }

    static let comparables = Memo<TextKey, Comparable>()

    /// A code block reduced to what must not be translated: comments and blank lines removed, spaces folded.
    static func comparable(_ sample: CodeSample) -> Comparable {
        comparables.value(for: TextKey(sample.info, sample.code)) { computeComparable(sample) }
    }

    static func computeComparable(_ sample: CodeSample) -> Comparable {
        let info = sample.info.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var code = sample.code
        if isExample(sample) {
            // `#` starts a comment in a lifecycle block.
            code = sample.code.split(separator: "\n").map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
                .joined(separator: "\n")
        } else if let language = CodeLanguage(infoString: sample.info) {
            // Comments and the text of string literals are for people and may be translated
            // (the seed articles translate `print("…")` messages); the code around them may not.
            code = Highlighter.tokens(sample.code, language: language).compactMap { token -> String? in
                switch token.kind {
                case .comment: nil
                case .string, .escape: token.text.contains("\"") ? "\"" : "…"
                default: token.text
                }
            }.joined()
        }
        let lines = code.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }
        return Comparable(info: info, lines: lines)
    }
}
