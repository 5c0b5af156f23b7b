import Diagnostics
import Highlight
import Scenarios
import SiteContent

/// The state of one article in one language (the `status` command's cell).
public enum TranslationStatus: Sendable, Hashable {
    /// The article others are translated from (or that exists only here).
    case source
    /// A translation whose source has not changed since it was translated, every section translated.
    case current
    /// A translation whose source has not changed, with sections still in the source language
    /// (`untranslated`): not done, whatever its fingerprints say.
    case inProgress
    /// The source changed in these sections (indexes into the source's sections), or in its
    /// title and description only (no sections; `TranslationCell.staleMeta`).
    case stale(sections: [Int])
    /// The page has errors: an example fails, a chain is impossible, it drifted from its source.
    case broken
    case missing

    public var name: String {
        switch self {
        case .source: "source"
        case .current: "current"
        case .inProgress: "in-progress"
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
    /// The source's `title` or `description` changed since they were translated.
    public var staleMeta = false
    /// Sections (of this page) still in the source language.
    public var untranslated: [Int] = []
    /// Their titles ("" for the introduction).
    public var untranslatedTitles: [String] = []
    /// How many sections the page has.
    public var sectionCount: Int = 0
    /// Why a broken page is broken: its errors, as `file:line:column: message`.
    public var problems: [String] = []

    public init(
        status: TranslationStatus, from: String? = nil, staleTitles: [String] = [], untranslated: [Int] = [],
        untranslatedTitles: [String] = [], sectionCount: Int = 0, problems: [String] = [], staleMeta: Bool = false
    ) {
        self.status = status
        self.from = from
        self.staleTitles = staleTitles
        self.staleMeta = staleMeta
        self.untranslated = untranslated
        self.untranslatedTitles = untranslatedTitles
        self.sectionCount = sectionCount
        self.problems = problems
    }

    /// Sections translated so far.
    public var translatedCount: Int { max(0, sectionCount - untranslated.count) }
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
    /// The matrix of a set of articles, and `diagnostics` (what reading them found) as a
    /// translator should see them: an error a translation copied from its source is reported
    /// once, at the source; a chain that fails only in a translation shows the source's.
    /// `unreadable`: slug → the languages whose file is there but could not be read, with the
    /// file's display path (its errors are in `read`).
    package static func analyze(
        articles: [String: [String: Article]], languages: [String], diagnostics read: [Diagnostic], unreadable: [String: [String: String]] = [:]
    ) -> (matrix: TranslationMatrix, diagnostics: [Diagnostic]) {
        var diagnostics = read
        var added: [Diagnostic] = []
        var rows: [TranslationMatrix.Row] = []
        for slug in articles.keys.sorted() {
            let versions = articles[slug] ?? [:]
            // Each article's blocks in comparable form, once, however many translations compare with it.
            var forms: [String: [Comparable]] = [:]
            func comparableForms(_ article: Article) -> [Comparable] {
                if let known = forms[article.lang] { return known }
                let computed = article.codeSamples.map { computeComparable($0) }
                forms[article.lang] = computed
                return computed
            }
            // How each translation's blocks line up with its source's: for the errors and for the parity checks.
            var pairings: [String: BlockPairing] = [:]
            func pairing(_ lang: String, _ article: Article, _ source: Article) -> BlockPairing {
                if let known = pairings[lang] { return known }
                let computed = BlockPairing(ours: comparableForms(article), theirs: comparableForms(source))
                pairings[lang] = computed
                return computed
            }
            // A source's fingerprints, hashed once, however many translations compare with them.
            var fingerprints: [String: [String]] = [:]
            func currentFingerprints(_ source: Article) -> [String] {
                if let known = fingerprints[source.lang] { return known }
                let computed = source.sections.map(\.fingerprint)
                fingerprints[source.lang] = computed
                return computed
            }
            // Errors first, so that the cells below see what is left of them.
            var attribution = Attribution()
            for lang in versions.keys.sorted() {
                guard let article = versions[lang], let from = article.translation?.from, from != lang, let source = versions[from] else { continue }
                attributeToSource(diagnostics, translation: article, source: source, blocks: pairing(lang, article, source), into: &attribution)
            }
            diagnostics = attribution.applied(to: diagnostics)
            let errorsByFile = Dictionary(grouping: diagnostics.filter { $0.severity == .error }) { $0.location?.file ?? "" }
            var cells: [String: TranslationCell] = [:]
            for lang in languages {
                guard let article = versions[lang] else {
                    // A file that is there but could not be read is broken, with its errors: "missing"
                    // would send its translator to make a file that exists.
                    if let file = unreadable[slug]?[lang] {
                        cells[lang] = TranslationCell(status: .broken, problems: (errorsByFile[file] ?? []).map(describe))
                    } else {
                        cells[lang] = TranslationCell(status: .missing)
                    }
                    continue
                }
                var problems = (errorsByFile[article.displayPath] ?? []).map(describe)
                guard let translation = article.translation else {
                    cells[lang] = TranslationCell(
                        status: problems.isEmpty ? .source : .broken, sectionCount: article.sections.count, problems: problems)
                    continue
                }
                guard let source = versions[translation.from], translation.from != lang else {
                    // A source that is there but could not be read has its own errors: saying it does not exist would send the writer elsewhere.
                    if translation.from != lang, unreadable[slug]?[translation.from] != nil {
                        cells[lang] = TranslationCell(status: .broken, from: translation.from, sectionCount: article.sections.count, problems: problems)
                        continue
                    }
                    let error = Diagnostic.error(
                        at: translation.location,
                        translation.from == lang
                            ? "a page cannot be a translation of itself"
                            : "translated from '\(translation.from)', but there is no '\(slug)' article in that language")
                    added.append(error)
                    cells[lang] = TranslationCell(
                        status: .broken, from: translation.from, sectionCount: article.sections.count, problems: problems + [describe(error)])
                    continue
                }
                let matches = SectionAlignment.match(recorded: translation.fingerprints, current: currentFingerprints(source))
                let stale = matches.indices.filter { if case .same = matches[$0] { false } else { true } }
                // Which section of the translation stands for each of the source's: for the parity errors and the warnings below.
                let pairs = SectionAlignment.pair(source: source.sections, translation: article.sections)
                // A line of the translation the model already reports an error at is one mistake, told once.
                let ownErrorLines = Set(errorLines(article.displayPath, in: errorsByFile))
                let parity = parityProblems(
                    article, source, blocks: pairing(lang, article, source), sectionPairs: pairs, staleSourceSections: Set(stale),
                    sourceErrorLines: Set(errorLines(source.displayPath, in: errorsByFile)), slug: slug
                ).filter { !ownErrorLines.contains($0.location?.line ?? 0) }
                added.append(contentsOf: parity)
                added.append(contentsOf: sectionCountWarning(article, source, pairs: pairs))
                problems += parity.filter { $0.severity == .error }.map(describe)
                added.append(contentsOf: lostContentWarnings(article, source, pairs: pairs, staleSourceSections: Set(stale), slug: slug))
                added.append(contentsOf: copiedSectionWarnings(article, source, pairs: pairs))
                // Not recorded (a file older than `meta`): not tracked, rather than stale forever.
                let staleMeta = translation.meta.map { $0 != source.metaFingerprint } ?? false
                let untranslated = article.untranslated.filter { article.sections.indices.contains($0) }
                var cell = TranslationCell(
                    status: .current, from: translation.from, untranslated: untranslated,
                    untranslatedTitles: untranslated.map { article.sections[$0].title }, sectionCount: article.sections.count,
                    problems: problems, staleMeta: staleMeta)
                if !problems.isEmpty {
                    cell.status = .broken
                } else if !stale.isEmpty || staleMeta {
                    cell.status = .stale(sections: stale)
                } else if !untranslated.isEmpty {
                    cell.status = .inProgress
                }
                // A stale section is named by the heading that translates it, or, new in the source, by the source's.
                cell.staleTitles = stale.map { index in
                    let section = pairs[index].map { article.sections[$0] } ?? source.sections[index]
                    return section.title.isEmpty ? "#\(index)" : section.title
                }
                cells[lang] = cell
            }
            // In the site's language order: with several sources, every build names the same one.
            let ordered = languages.compactMap { versions[$0] } + versions.keys.sorted().filter { !languages.contains($0) }.compactMap { versions[$0] }
            let source = ordered.first { $0.translation == nil } ?? ordered.first
            rows.append(.init(slug: slug, title: source?.title ?? slug, titleLang: source?.lang ?? "", cells: cells))
        }
        return (TranslationMatrix(languages: languages, rows: rows), diagnostics + added)
    }

    /// The lines of `file` that have an error.
    static func errorLines(_ file: String, in errorsByFile: [String: [Diagnostic]]) -> [Int] {
        (errorsByFile[file] ?? []).compactMap { $0.location?.line }
    }

    /// `file:line:column: message`, as a broken cell says why.
    static func describe(_ diagnostic: Diagnostic) -> String {
        guard let location = diagnostic.location else { return diagnostic.message }
        return "\(location.file):\(location.line):\(location.column): \(diagnostic.message)"
    }

    /// A warning when a translation has more or fewer sections than its source, naming both files
    /// and the sections that have no counterpart (sections are matched by what they hold, not by their place).
    /// `pairs`: `SectionAlignment.pair` of the two articles' sections, as the analysis made it.
    static func sectionCountWarning(_ translation: Article, _ source: Article, pairs: [Int?]) -> [Diagnostic] {
        sectionCountWarning(
            translationPath: translation.displayPath, translation.sections, sourcePath: source.displayPath, source.sections, pairs: pairs)
    }

    /// `pairs`: the sections' `SectionAlignment.pair`, if the caller has it (made here otherwise).
    static func sectionCountWarning(
        translationPath: String, _ translation: [ArticleSections.Section], sourcePath: String, _ source: [ArticleSections.Section],
        pairs: [Int?]? = nil
    ) -> [Diagnostic] {
        guard translation.count != source.count else { return [] }
        let pairs = pairs ?? SectionAlignment.pair(source: source, translation: translation)
        let paired = Set(pairs.compactMap { $0 })
        func name(_ section: ArticleSections.Section) -> String { section.title.isEmpty ? "the introduction" : "'\(section.title)'" }
        var notes: [String] = []
        let extra = translation.indices.filter { !paired.contains($0) }
        for index in extra {
            notes.append("\(translationPath):\(translation[index].line): \(name(translation[index])) matches no section of the source")
        }
        for (index, pair) in pairs.enumerated() where pair == nil {
            notes.append("\(sourcePath):\(source[index].line): \(name(source[index])) has no translated section")
        }
        let line = extra.first.map { translation[$0].line } ?? translation.first?.line ?? 1
        return [.warning(
            at: SourceLocation(file: translationPath, line: line, column: 1),
            "\(translationPath) has \(Plural.counted(translation.count, "section")), its source \(sourcePath) has \(source.count)",
            notes: notes + ["a translation keeps the source's '##' headings, one for one, so that each section is tracked"])]
    }

    // MARK: - Errors of the source

    /// What the errors of translations become once compared with their sources', by index in the list.
    struct Attribution {
        /// Repeats of a source's error.
        var removed: Set<Int> = []
        /// A source's error → where translations copied it.
        var copies: [Int: [SourceLocation]] = [:]
        /// Errors told anew.
        var rewritten: [Int: Diagnostic] = [:]

        func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
            diagnostics.indices.compactMap { index in
                guard !removed.contains(index) else { return nil }
                var diagnostic = rewritten[index] ?? diagnostics[index]
                if let places = copies[index] {
                    let list = places.map { "\($0.file):\($0.line)" }.joined(separator: ", ")
                    diagnostic.notes.append("copied unchanged into \(list): fix it here, then there")
                }
                return diagnostic
            }
        }
    }

    /// Finds what `translation` repeats of its source's errors (a failing example or chain copied
    /// unchanged): the source has them, once, with a note naming where they were copied. A chain
    /// that fails only in the translation, where the source's holds, gets the source's chain as
    /// its suggestion rather than the model's advice.
    static func attributeToSource(
        _ diagnostics: [Diagnostic], translation: Article, source: Article, blocks: BlockPairing, into attribution: inout Attribution
    ) {
        let sameBlocks = blocks.same
        let ourChains = translation.chains
        let theirChains = source.chains
        let chainPairs = alignedWithGaps(
            SectionAlignment.commonSubsequence(ourChains.map(\.text), theirChains.map(\.text), equal: ==), ourChains.count, theirChains.count)

        func inBlock(_ location: SourceLocation, _ sample: CodeSample) -> Bool {
            location.line >= sample.line && location.line <= sample.line + sample.code.count { $0 == "\n" } + 1
        }
        func inChain(_ location: SourceLocation, _ chain: ProseChain) -> Bool {
            location.line == chain.location.line && location.column >= chain.location.column
                && location.column < chain.location.column + (chain.end - chain.start)
        }
        for (index, diagnostic) in diagnostics.enumerated() {
            guard let location = diagnostic.location, location.file == translation.displayPath else { continue }
            // The same message in the same block of the source.
            if let (mine, original) = sameBlocks.first(where: { inBlock(location, translation.codeSamples[$0.0]) }),
                let twin = diagnostics.firstIndex(where: {
                    $0.message == diagnostic.message && $0.severity == diagnostic.severity && $0.location?.file == source.displayPath
                        && $0.location.map { inBlock($0, source.codeSamples[original]) } == true
                })
            {
                attribution.copies[twin, default: []].append(SourceLocation(file: location.file, line: translation.codeSamples[mine].line, column: 1))
                attribution.removed.insert(index)
                continue
            }
            guard let (mine, original) = chainPairs.first(where: { inChain(location, ourChains[$0.0]) }), let original else { continue }
            let theirs = theirChains[original]
            if theirs.text == ourChains[mine].text {
                if let twin = diagnostics.firstIndex(where: { $0.location.map { $0.file == source.displayPath && inChain($0, theirs) } == true }) {
                    attribution.copies[twin, default: []].append(ourChains[mine].location)
                    attribution.removed.insert(index)
                }
            } else if theirs.ok {
                // The source's chain holds: the translator's fix is to write it as the source does.
                var fixed = diagnostic
                fixed.notes = diagnostic.notes.filter { !$0.contains("lifecycle-docs trace") }
                    + ["the source has '\(theirs.text)' here (\(source.displayPath):\(theirs.location.line):\(theirs.location.column)), which the model allows"]
                fixed.suggestion = theirs.text
                attribution.rewritten[index] = fixed
            }
        }
    }

    /// Index pairs of a common subsequence, with the items between two pairs paired in order;
    /// what is left over on our side is paired with nil.
    static func alignedWithGaps(_ pairs: [(Int, Int)], _ ours: Int, _ theirs: Int) -> [(Int, Int?)] {
        var result: [(Int, Int?)] = []
        var previous = (-1, -1)
        for pair in pairs + [(ours, theirs)] {
            let mine = Array((previous.0 + 1)..<pair.0)
            let others = Array((previous.1 + 1)..<pair.1)
            for (offset, index) in mine.enumerated() { result.append((index, offset < others.count ? others[offset] : nil)) }
            if pair.0 < ours { result.append((pair.0, pair.1)) }
            previous = pair
        }
        return result
    }

    // MARK: - Code parity

    /// Differences in examples and code between a translation and its source; each names both files.
    /// Blocks are lined up first (a longest common subsequence of their text without comments),
    /// so that one block left out is one error, not every later block compared with the wrong one.
    ///
    /// A difference in a section the source changed since the translation was synced
    /// (`staleSourceSections`) is a warning: the source's author did not break the translation, it is
    /// stale, says so on its page and keeps its own examples, each still run against the model.
    /// `sectionPairs`: `SectionAlignment.pair` of the two articles' sections.
    ///
    /// A source block with an error of its own (a line of `sourceErrorLines`) is not held up to
    /// its translations: the error is reported at the source, and each translation would be told
    /// to copy the broken line. They are compared again once it is fixed.
    static func parityProblems(
        _ translation: Article, _ source: Article, blocks: BlockPairing, sectionPairs: [Int?], staleSourceSections: Set<Int> = [],
        sourceErrorLines: Set<Int> = [], slug: String = ""
    ) -> [Diagnostic] {
        let ours = translation.codeSamples
        let theirs = source.codeSamples
        let a = blocks.ours
        let b = blocks.theirs
        var problems: [Diagnostic] = []
        let rule = "only comments and the text of strings may differ from the source; code, names and expectations may not"

        func sourceSection(line: Int) -> Int? { source.sections.lastIndex { $0.line <= line } }
        /// An error, or a warning when the source changed there since the translation was synced.
        func report(_ diagnostic: Diagnostic, sourceSection section: Int?) {
            guard let section, staleSourceSections.contains(section) else {
                problems.append(diagnostic)
                return
            }
            var warning = diagnostic
            warning.severity = .warning
            warning.notes.append(syncNote(slug: slug, lang: translation.lang, section: section))
            problems.append(warning)
        }

        func name(_ samples: [CodeSample], _ index: Int) -> String {
            let kind = blockKind(samples[index])
            let number = samples[..<index].count { blockKind($0) == kind } + 1
            return "\(kind) \(number)"
        }
        func differ(_ mine: Int, _ original: Int) {
            let sourceBlock = theirs[original].line...(theirs[original].line + theirs[original].code.count { $0 == "\n" } + 1)
            guard !sourceErrorLines.contains(where: sourceBlock.contains) else { return }
            let ourBlock = a[mine]
            let theirBlock = b[original]
            let at = { (line: Int) in SourceLocation(file: translation.displayPath, line: line, column: 1) }
            let section = sourceSection(line: theirs[original].line)
            guard ourBlock.info == theirBlock.info else {
                report(.error(
                    at: at(ours[mine].line),
                    "\(name(ours, mine)) opens with '```\(ours[mine].info)', its source \(source.displayPath):\(theirs[original].line) with '```\(theirs[original].info)'",
                    notes: [rule], suggestion: "```" + theirs[original].info), sourceSection: section)
                return
            }
            let first = ourBlock.firstDifference(from: theirBlock)
            let sourceLine = first < theirBlock.offsets.count ? theirs[original].line + 1 + theirBlock.offsets[first] : nil
            let sourceText = first < theirBlock.offsets.count ? theirBlock.originalLine(first) : nil
            let line: Int
            let column: Int
            if first < ourBlock.offsets.count {
                line = ours[mine].line + 1 + ourBlock.offsets[first]
                column = ourBlock.originalLine(first).prefix { $0 == " " }.count + 1
            } else {
                // The translation's block ends early: at its closing fence.
                line = ours[mine].line + ours[mine].code.count { $0 == "\n" } + 1
                column = 1
            }
            let message: String
            let suggestion: String
            if let sourceLine, let sourceText {
                message = "\(name(ours, mine)) differs from its source \(source.displayPath):\(sourceLine)"
                    + (first < ourBlock.offsets.count ? "" : ": the source has more lines")
                suggestion = String(sourceText.drop { $0 == " " || $0 == "\t" })
            } else {
                message = "\(name(ours, mine)) has a line that its source \(source.displayPath):\(theirs[original].line) does not have"
                suggestion = "remove this line"
            }
            report(.error(at: SourceLocation(file: translation.displayPath, line: line, column: column), message, notes: [rule], suggestion: suggestion), sourceSection: section)
        }

        let same = blocks.same
        var previous = (-1, -1)
        for pair in same + [(ours.count, theirs.count)] {
            let mine = Array((previous.0 + 1)..<pair.0)
            let others = Array((previous.1 + 1)..<pair.1)
            // Between two equal blocks: blocks of one kind and language are edits of each other, the rest are missing or extra.
            let kin = SectionAlignment.commonSubsequence(mine, others) { a[$0].info == b[$1].info }
            let pairedOurs = Set(kin.map { mine[$0.0] })
            let pairedTheirs = Set(kin.map { others[$0.1] })
            var left = others.filter { !pairedTheirs.contains($0) }
            var extra = mine.filter { !pairedOurs.contains($0) }
            // As many left out as added, in order: edits of another language, compared as such.
            while !left.isEmpty && !extra.isEmpty && left.count == extra.count {
                differ(extra.removeFirst(), left.removeFirst())
            }
            for (m, o) in kin { differ(mine[m], others[o]) }
            for original in left {
                // Where it belongs: in the section that translates the source's, else before the next block.
                let section = sourceSection(line: theirs[original].line)
                let line = section.flatMap { sectionPairs[$0] }.map { translation.sections[$0].line }
                    ?? (pair.0 < ours.count ? ours[pair.0].line : translation.sections.last?.line ?? 1)
                report(.error(
                    at: SourceLocation(file: translation.displayPath, line: line, column: 1),
                    "\(name(theirs, original)) of \(source.displayPath) (line \(theirs[original].line), '```\(theirs[original].info)') is missing here",
                    notes: ["examples and code samples are the same in every language; only their comments are translated"],
                    suggestion: "copy the block from \(source.displayPath):\(theirs[original].line) and translate its comments"),
                    sourceSection: section)
            }
            for mineIndex in extra {
                // The source section this translated one stands for.
                let ownSection = translation.sections.lastIndex { $0.line <= ours[mineIndex].line }
                let section = ownSection.flatMap { own in sectionPairs.firstIndex { $0 == own } }
                report(.error(
                    at: SourceLocation(file: translation.displayPath, line: ours[mineIndex].line, column: 1),
                    "\(name(ours, mineIndex)) is not in the source \(source.displayPath)",
                    notes: ["examples and code samples are the same in every language; only their comments are translated"],
                    suggestion: "remove it here, or add it to the source first"), sourceSection: section)
            }
            previous = pair
        }
        return problems.sorted { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }
    }

    /// What a warning in a section the source changed since the sync adds.
    static func syncNote(slug: String, lang: String, section: Int) -> String {
        "the source changed in this section since the translation was synced: update the translation here, "
            + "then run 'lifecycle-docs sync-translation \(slug) \(lang) --section \(section)'"
    }

    /// `section 'Title'`, or `the introduction`.
    static func sectionName(_ section: ArticleSections.Section) -> String {
        section.title.isEmpty ? "the introduction" : "section '\(section.title)'"
    }

    // MARK: - What a translation may not lose

    /// A warning for each paired section that has fewer GitHub alerts of a kind, or fewer arrow
    /// chains, than its source's: alerts carry the corrections and caveats, chains the verified
    /// transitions, and a translation that drops one loses what the source checked.
    static func lostContentWarnings(
        _ translation: Article, _ source: Article, pairs: [Int?], staleSourceSections: Set<Int> = [], slug: String = ""
    ) -> [Diagnostic] {
        func lines(in sections: [ArticleSections.Section], _ index: Int) -> Range<Int> {
            sections[index].line..<(index + 1 < sections.count ? sections[index + 1].line : Int.max)
        }
        var warnings: [Diagnostic] = []
        for (index, own) in pairs.enumerated() {
            guard let own else { continue }
            let theirLines = lines(in: source.sections, index)
            let ourLines = lines(in: translation.sections, own)
            var markers: [String] = []
            for alert in source.alerts where theirLines.contains(alert.line) && !markers.contains(alert.marker) { markers.append(alert.marker) }
            // Counted first: the lists and the messages are made only for what the translation has fewer of.
            let lostMarkers = markers.filter { marker in
                translation.alerts.count { ourLines.contains($0.line) && $0.marker == marker }
                    < source.alerts.count { theirLines.contains($0.line) && $0.marker == marker }
            }
            let losesChains = translation.chains.count { ourLines.contains($0.location.line) }
                < source.chains.count { theirLines.contains($0.location.line) }
            guard !lostMarkers.isEmpty || losesChains else { continue }
            let at = SourceLocation(file: translation.displayPath, line: translation.sections[own].line, column: 1)
            let sourceAt = "\(source.displayPath):\(source.sections[index].line)"
            var found: [(message: String, notes: [String])] = []
            for marker in lostMarkers {
                let theirs = source.alerts.filter { theirLines.contains($0.line) && $0.marker == marker }
                let ours = translation.alerts.filter { ourLines.contains($0.line) && $0.marker == marker }
                let missing = theirs.count - ours.count
                found.append((
                    "\(sectionName(translation.sections[own])) has \(missing) \(marker) fewer than its source \(sourceAt): a correction may have been left out",
                    ["the source's \(marker) alerts in this section: " + theirs.map { "\(source.displayPath):\($0.line)" }.joined(separator: ", ")
                        + "; here: " + (ours.isEmpty ? "none" : ours.map { "line \($0.line)" }.joined(separator: ", "))]))
            }
            if losesChains {
                let theirChains = source.chains.filter { theirLines.contains($0.location.line) }
                let ourChains = translation.chains.filter { ourLines.contains($0.location.line) }
                let missing = theirChains.count - ourChains.count
                let ourTexts = ourChains.map(\.text)
                // Those whose text the translation does not have are the likely ones, if any.
                let likely = theirChains.filter { !ourTexts.contains($0.text) }
                found.append((
                    "\(sectionName(translation.sections[own])) has \(missing) arrow \(Plural.noun("chain", missing)) fewer than its source \(sourceAt): "
                        + "a verified transition may have been left out",
                    ["the source's chains here: " + (likely.isEmpty ? theirChains : likely).map { "'\($0.text)' (line \($0.location.line))" }.joined(separator: ", "),
                     "a chain keeps the model's names, in every language, so that it is verified"]))
            }
            for (message, notes) in found {
                var warning = Diagnostic.warning(at: at, message, notes: notes)
                if staleSourceSections.contains(index) { warning.notes.append(syncNote(slug: slug, lang: translation.lang, section: index)) }
                warnings.append(warning)
            }
        }
        return warnings
    }

    /// A warning for each section marked translated (not in `untranslated`) that still reads
    /// exactly as its source, heading included. A section with nothing to translate (code, arrow
    /// chains, alert markers) reads the same in every language and is left alone, and so is one
    /// listed in `verbatim` (the same words in both languages, on purpose).
    static func copiedSectionWarnings(_ translation: Article, _ source: Article, pairs: [Int?]) -> [Diagnostic] {
        let listed = Set(translation.untranslated + translation.verbatim)
        return pairs.enumerated().compactMap { index, own -> Diagnostic? in
            guard let own, !listed.contains(own), translation.sections[own].hasSameText(as: source.sections[index]) else { return nil }
            let section = translation.sections[own]
            let end = own + 1 < translation.sections.count ? translation.sections[own + 1].line : Int.max
            guard translation.proseLines.contains(where: { (section.line..<end).contains($0) }) else { return nil }
            return .warning(
                at: SourceLocation(file: translation.displayPath, line: section.line, column: 1),
                "\(sectionName(section)) still reads exactly as in its source \(source.displayPath):\(source.sections[index].line): "
                    + "translate it, or list it in 'untranslated'",
                notes: ["to leave it for later, add \(own) to 'untranslated' in the front matter: the page then says it is still in '\(source.lang)'"],
                suggestion: "if it needs no translation, add \(own) to 'verbatim' in the front matter")
        }
    }

    /// Whether a block is a `lifecycle` example, as the verifier decides it (words split at
    /// spaces and tabs): a block the verifier runs is compared as one.
    static func isExample(_ sample: CodeSample) -> Bool {
        LifecycleBlockParser.isLifecycle(info: sample.info)
    }

    /// Whether a block is an exercise, as the verifier decides it.
    static func isExercise(_ sample: CodeSample) -> Bool {
        ExerciseBlockParser.isExercise(info: sample.info)
    }

    /// How a block is named in messages: `lifecycle example`, `exercise`, `code sample`.
    static func blockKind(_ sample: CodeSample) -> String {
        isExample(sample) ? "lifecycle example" : isExercise(sample) ? "exercise" : "code sample"
    }
}
