import Diagnostics
import Foundation
import LifecycleMachines
import Markdown
import Mustache
import Scenarios
import Testing
import TestSupport

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender

/// The byte-level paths of the build answer as the `String` and `Character` forms they
/// replaced, on pseudo-random inputs (a fixed seed) mixing ASCII, accented and Cyrillic
/// text, combining marks, HTML entities, percent-encoding, fragments and queries.
@Suite struct ByteFastPathTests {
    typealias Generator = SeededRandom

    /// A text of `count` pieces drawn from `pieces`.
    static func text(_ pieces: [String], _ count: Int, _ random: inout Generator) -> String {
        (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    // MARK: Front matter

    /// The closing line as the `Character` loop found it before: lines split at `"\n"`
    /// Characters, the first after the opening one that equals `---` or `...`.
    static func closingByCharacters(_ text: String) -> (yamlEnd: String.Index, bodyStart: String.Index, line: Int)? {
        var lineNumber = 1
        var cursor = text.index(text.startIndex, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex
        while cursor < text.endIndex {
            lineNumber += 1
            let lineEnd = text[cursor...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[cursor..<lineEnd]
            if line == "---" || line == "..." {
                return (cursor, lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd, lineNumber)
            }
            cursor = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
        }
        return nil
    }

    static let frontMatterPieces = [
        "---", "...", "--", "-", ".", "\n", "\n", "\n", "title: x", "é", "e\u{301}", "ж", "\u{301}", " ", "— ", "-\u{301}",
        "..\u{301}", "🍎", "\t", "# x", "weight: 3", "\n---\n", "\n...\n", "\n---",
    ]

    @Test func closingDelimiterIsTheCharacterLoops() {
        var random = Generator(seed: 18)
        var texts = ["---", "---\n", "---\n---", "---\n---\n", "---\n...\nx", "---\nx\n--- \n---\ny", "---\n\n---\n", "---\n-\u{301}--\n---\n"]
        for _ in 0..<3000 { texts.append("---\n" + Self.text(Self.frontMatterPieces, Int.random(in: 0..<24, using: &random), &random)) }
        var closed = 0
        for text in texts {
            let expected = Self.closingByCharacters(text)
            let found = FrontMatter.closingDelimiter(text)
            #expect(found?.yamlEnd == expected?.yamlEnd && found?.bodyStart == expected?.bodyStart && found?.line == expected?.line, "\(text.debugDescription)")
            if expected != nil { closed += 1 }
        }
        #expect(closed > 500 && closed < texts.count - 500)
    }

    static let summaryLines = [
        "title: Активно\n", "title: \"Título: «x»\"\n", "title: 'e\u{301}'\n", "title:\n", "title: \"\"\n", "weight: 10\n", "weight: x\n",
        "draft: true\n", "draft: maybe\n", "layout: tutorial\n", "layout: list\n", "description: Desc\n", "translation:\n  from: es\n",
        "unknown: 1\n", "title: [a\n", "  - x\n", "\r\n", "weight: 1\r\n", "# comment\n", "\n",
    ]
    static let bodies = ["# Заглавие\n\nТекст.\n", "## Dos\n", "", "Texto &amp; más\n", "# Título\r\n\r\nx\n", "\n\n# Late\n"]

    /// Only the front matter is decoded when it holds the title: the summary is the one the whole
    /// file gives, with a byte-order mark, CRs, no front matter, broken YAML and titles from the body.
    @Test func summaryFromTheFrontMatterIsTheWholeFilesOne() throws {
        let root = try makeTemporaryDirectory("cpu8-summary")
        defer { try? FileManager.default.removeItem(at: root) }
        var random = Generator(seed: 2026)
        var fromFrontMatter = 0
        for index in 0..<600 {
            let lines = Self.text(Self.summaryLines, Int.random(in: 0..<6, using: &random), &random)
            let closing = ["---\n", "...\n", "---", "---\r\n", ""].randomElement(using: &random)!
            let opening = ["---\n", "---\n", "\u{FEFF}---\n", "---\r\n", "--- \n", ""].randomElement(using: &random)!
            let text = opening + lines + closing + Self.bodies.randomElement(using: &random)!
            let url = root.appending(path: "a\(index).md")
            try Data(text.utf8).write(to: url)
            let source = ArticleSource(lang: "bg", slug: "a\(index)", path: url.path, displayPath: "bg/a\(index).md")
            let whole = ArticleSummary.summary(source, wholeFile: Array(text.utf8))
            #expect(ArticleSummary.read(source) == whole, "\(text.debugDescription)")
            if ArticleSummary.frontMatterEnd(Array(text.utf8)) != nil && whole != nil { fromFrontMatter += 1 }
        }
        #expect(fromFrontMatter > 20)
    }

    /// Front matters whose closing line falls around `ArticleSummary.headLength`, the bytes a
    /// summary reads first (cut there, `----` and `---x` are no closing line): the summary is the
    /// whole file's, and the front matter handed on reads as one parsed again.
    @Test func summaryOfFrontMattersAroundTheHeadsEnd() throws {
        let root = try makeTemporaryDirectory("fm27-head")
        defer { try? FileManager.default.removeItem(at: root) }
        var random = Generator(seed: 2027 &+ SeededRandom.seedOffset("HEAD_SEED"))
        var shortReads = 0
        for index in 0..<400 {
            let title = Bool.random(using: &random) ? "title: Head\n" : ""
            let lines = title + Self.text(Self.summaryLines, Int.random(in: 0..<4, using: &random), &random)
            let opening = ["---\n", "\u{FEFF}---\n", "---\n"].randomElement(using: &random)!
            let closing = ["---\n", "...\n", "---", "----\n", "---x\n", "---\r\n"].randomElement(using: &random)!
            // A comment line long enough to put the closing line a few bytes from the head's end.
            let closingStart = ArticleSummary.headLength + Int.random(in: -12...6, using: &random)
            let padding = max(0, closingStart - opening.utf8.count - lines.utf8.count - 3)
            let body = (["", "-\n", "\n# Late\n"] + Self.bodies).randomElement(using: &random)!
            let text = opening + lines + "# " + String(repeating: "x", count: padding) + "\n" + closing + body
            let url = root.appending(path: "a\(index).md")
            try Data(text.utf8).write(to: url)
            let source = ArticleSource(lang: "bg", slug: "a\(index)", path: url.path, displayPath: "bg/a\(index).md")
            #expect(ArticleSummary.read(source) == ArticleSummary.summary(source, wholeFile: Array(text.utf8)), "\(text.debugDescription)")
            let handoff = FrontMatterHandoff()
            _ = ArticleSummary.read(source, handoff: handoff)
            let parsedAgain = Self.readingOf(ArticleReader().read(source))
            #expect(Self.readingOf(ArticleReader(frontMatters: handoff).read(source)) == parsedAgain, "\(text.debugDescription)")
            if ArticleSummary.frontMatterEnd(Array(text.utf8.prefix(ArticleSummary.headLength)), isWholeFile: text.utf8.count < ArticleSummary.headLength) != nil {
                shortReads += 1
            }
        }
        // Both sides of the head's end are asked.
        #expect(shortReads > 30 && shortReads < 360, "\(shortReads) front matters ended in the head")
    }

    /// `ArticleReader.alertsAndProse` as it was before its markers were a list: a set of them.
    static func alertsAndProseWithASet(_ document: MarkdownDocument, verification: Verification) -> ([ArticleAlert], [Int]) {
        var alerts: [ArticleAlert] = []
        var prose: [Int] = []
        var markers: Set<Int> = []
        var stack = [MarkdownDocument.rootIndex]
        while let index = stack.popLast() {
            switch document.nodes[index].kind {
            case .blockQuote:
                if let kind = document.alertKind(of: index) {
                    alerts.append(ArticleAlert(marker: "[!\(kind.rawValue.uppercased())]", line: document.nodes[index].start.line))
                    if let paragraph = document.nodes[index].children.first, let marker = document.nodes[paragraph].children.first { markers.insert(marker) }
                }
            case .text where !markers.contains(index):
                let chains = verification.chains(in: index)
                let ranges = chains.filter { $0.start <= $0.end }.map { $0.start..<$0.end }
                if ArticleReader.hasLetter(document.nodes[index].literal, outside: ranges) { prose.append(document.nodes[index].start.line) }
            default:
                break
            }
            document.pushChildren(of: index, onto: &stack)
        }
        return (alerts, prose)
    }

    static let alertPieces = [
        "> [!NOTE]\n> Текст на бележката.\n\n", "> [!WARNING]\n> 12\n\n", "> [!TIP]\n\n", "> quote, not an alert\n\n",
        "> [!IMPORTANT]\n> - item\n> - [!NOTE]\n\n", "Prose line.\n\n", "1234 — 56\n\n", "```swift\nlet x = 1\n```\n\n",
        "- item\n- 2\n\n", "## Section\n\n", "> > [!CAUTION]\n> > nested\n\n", "Text `code` and [a link](b.md).\n\n",
    ]

    /// The alerts and prose lines of random articles with many alerts (past the room made for
    /// them at the first) are the ones the set of markers gave.
    @Test func alertsAndProseAreTheSetOnes() throws {
        var random = Generator(seed: 0xA1E27 &+ SeededRandom.seedOffset("ALERT_SEED"))
        var alerts = 0
        for index in 0..<300 {
            let body = Self.text(Self.alertPieces, Int.random(in: 0..<40, using: &random), &random)
            let text = try SourceText.decode(Array(("---\ntitle: T\n---\n" + body).utf8), displayPath: "bg/a\(index).md")
            let read = try #require(try ArticleReader().read(text, lang: "bg", slug: "a\(index)").article)
            let (expectedAlerts, expectedProse) = Self.alertsAndProseWithASet(read.document, verification: read.verification)
            #expect(read.article.alerts == expectedAlerts && read.article.proseLines == expectedProse, "\(body.debugDescription)")
            alerts = max(alerts, expectedAlerts.count)
        }
        #expect(alerts > 16, "some article has more alerts than the room made at the first")
    }

    /// What a read makes of an article that tells one reading from another: its fields, its
    /// nodes and its diagnostics.
    static func readingOf(_ result: (article: ReadArticle?, diagnostics: [Diagnostic])) -> String {
        guard let read = result.article else { return "no article: \(result.diagnostics)" }
        let article = read.article
        let fields: [String] = [
            article.title, article.description, String(describing: article.translation), "\(article.untranslated)",
            "\(article.verbatim)", String(describing: article.updated), String(describing: article.weight), "\(article.draft)",
            "\(article.layout)", "\(article.sections)", article.metaFingerprint, "\(article.proseLines)", "\(read.document.nodes)",
            "\(result.diagnostics)",
        ]
        return fields.joined(separator: "|")
    }

    /// The front matter parsed for the sidebar and handed to the full read reads as one parsed
    /// there: with a byte-order mark, CRs in the body, unknown keys (warnings), broken YAML; and a
    /// file changed after the sidebar's read is parsed again.
    @Test func handedFrontMatterReadsAsParsedAgain() throws {
        let root = try makeTemporaryDirectory("md20-handoff")
        defer { try? FileManager.default.removeItem(at: root) }
        var random = Generator(seed: ProcessInfo.processInfo.environment["HANDOFF_SEED"].flatMap { UInt64($0) } ?? 2020)
        var handed = 0
        for index in 0..<300 {
            let lines = Self.text(Self.summaryLines, Int.random(in: 0..<6, using: &random), &random)
            let opening = ["---\n", "---\n", "\u{FEFF}---\n", "---\r\n", ""].randomElement(using: &random)!
            let body = Self.bodies.randomElement(using: &random)! + "\nText `code` and [a link](b.md).\r\n\n## Часть\n\nМир.\n"
            let text = opening + "title: Base\n" + lines + "---\n" + body
            let url = root.appending(path: "a\(index).md")
            try Data(text.utf8).write(to: url)
            let source = ArticleSource(lang: "bg", slug: "a\(index)", path: url.path, displayPath: "bg/a\(index).md")
            let handoff = FrontMatterHandoff()
            _ = ArticleSummary.read(source, handoff: handoff)
            let changed = index % 5 == 0
            if changed { try Data(text.replacingOccurrences(of: "title: Base", with: "title: Changed").utf8).write(to: url) }
            let parsedAgain = Self.readingOf(ArticleReader().read(source))
            let reader = ArticleReader(frontMatters: handoff)
            if let entry = handoff.take(source.path) {
                handoff.deposit(entry, for: source.path)
                if !changed { handed += 1 }
            }
            #expect(Self.readingOf(reader.read(source)) == parsedAgain, "\(text.debugDescription)")
            #expect(handoff.take(source.path) == nil, "a handed front matter is used once")
        }
        #expect(handed > 20, "the handed front matter was used")
    }

    // MARK: Links

    static let attributeValues = [
        "#s-1", "#s-2", "#активно", "#año", "#a%C3%B1o", "#s-1%0As-2", "#", "#gone", "#\u{301}s-1", "#e\u{301}", "#\u{483}x", "#&amp;x",
        "#a&quot;b", "../b/index.html#s-1", "../b/?q=1&amp;r=2", "https://docs.example.org/es/a/", "https://elsewhere.org/x", "//cdn.org/x",
        "//\u{301}x", "mailto:a@b.c", "../i.png", "/es/a/", "a&amp;b", "a&#39;b:c", "%D0%B6/", "x y", "é/", "ж", "",
    ]
    static let idValues = ["s-1", "s-2", "активно", "año", "e\u{301}", "a b", "x&amp;y", "a&quot;b", "s-1\ns-2", "", "gone-not"]

    /// A pseudo-random page of ids and links, attributes after spaces, newlines and tabs, and
    /// look-alikes that are not attributes.
    static func page(_ random: inout Generator) -> String {
        var html = ""
        for _ in 0..<Int.random(in: 0..<40, using: &random) {
            let gap = [" ", "\n", "\t", "x", " data-"].randomElement(using: &random)!
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1: html += "<a\(gap)href=\"\(attributeValues.randomElement(using: &random)!)\">т</a>"
            case 2: html += "<h2\(gap)id=\"\(idValues.randomElement(using: &random)!)\">é</h2>"
            case 3: html += "<img\(gap)src=\"\(attributeValues.randomElement(using: &random)!)\">\n"
            default: html += ["\n", "a=b", "=\"", " title=\"#s-1\"", "<p>— «x»</p>"].randomElement(using: &random)!
            }
        }
        return html
    }

    /// The scan of every page a build writes keeps the full scan's URLs, each once, in order.
    @Test func distinctURLsAreTheFullScansURLs() {
        var random = Generator(seed: 100 &+ SeededRandom.seedOffset("DISTINCT_URLS_SEED"))
        var kept = 0
        for _ in 0..<3000 {
            let html = Self.page(&random)
            for siteURL in ["", "https://docs.example.org/"] {
                var seen = Set<String>()
                let expected = PageLinks(html: Data(html.utf8), siteURL: siteURL).links.map(\.url).filter { seen.insert($0).inserted }
                let table = PageLinks.distinctURLs(html: Data(html.utf8), siteURL: siteURL)
                #expect((0..<UInt32(table.count)).map { table[$0] } == expected, "\(html.debugDescription)")
                kept += expected.count
            }
        }
        #expect(kept > 10_000)
    }

    /// Bytes that start a Character after `#`: dropping the first Character of `#` + them drops just the `#`.
    @Test func aCharacterStartsAfterTheHashWhereTheBytesSaySo() {
        var starts = 0
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let rest = String(Character(scalar)) + "x"
            let says = Array(rest.utf8).withUnsafeBufferPointer { PageLinks.startsACharacterAfterHash($0) }
            if says {
                starts += 1
                #expect(String(("#" + rest).dropFirst()) == rest, "U+\(String(value, radix: 16))")
            }
        }
        #expect(starts > 1000)
    }

    @Test func leavingTheSiteOnBytesIsTheStringAnswer() {
        var random = Generator(seed: 7)
        var decided = 0
        for _ in 0..<2000 {
            let url = Self.text(["/", ":", "h", "é", "\u{301}", "?", "#", "x", "https", "docs.example.org"], Int.random(in: 0..<6, using: &random), &random)
            for siteURL in ["", "https://docs.example.org/", "/"] {
                let bytes = Array(url.utf8), site = Array(siteURL.utf8)
                let answer = bytes.withUnsafeBufferPointer { url in site.withUnsafeBufferPointer { LinkChecker.leavesTheSite(bytes: url, siteURL: $0) } }
                if let answer {
                    decided += 1
                    #expect(answer == LinkChecker.leavesTheSite(url[...], siteURL: siteURL), "\(url.debugDescription)")
                }
            }
        }
        #expect(decided > 5000)
    }

    /// A URL after the site's URL, cut by bytes, is the rest the Characters gave: site URLs that
    /// end in ASCII, CR, a combining mark, a prepended mark or a regional indicator, and URLs
    /// that go on with marks, LF, ZWJ and non-ASCII.
    @Test func theURLAfterTheSitesIsTheCharactersRest() {
        var random = Generator(seed: 2929 &+ SeededRandom.seedOffset("AFTER_SITE_URL_SEED"))
        let pieces = ["/", "a", "é", "\u{301}", "\r", "\n", "\u{600}", "\u{200D}", "🇫", "🇷", "👩", "?", "#", "x", "ж"]
        let siteURLs = ["", "https://docs.example.org/", "/", "x\r", "a\u{301}", "a\u{600}", "🇫", "é", "h"]
        var cut = 0
        for _ in 0..<4000 {
            let siteURL = siteURLs.randomElement(using: &random)!
            let url = (Bool.random(using: &random) ? siteURL : "") + Self.text(pieces, Int.random(in: 0..<5, using: &random), &random)
            let expected = url.utf8.starts(with: siteURL.utf8) ? url[...].dropFirst(siteURL.count) : nil
            let rest = LinkChecker.afterSiteURL(url, siteURL: siteURL)
            #expect(rest == expected && rest?.startIndex == expected?.startIndex, "\(url.debugDescription) after \(siteURL.debugDescription)")
            if expected != nil { cut += 1 }
        }
        #expect(cut > 1000)
    }

    /// A link the bytes say leads to a file is one `problem(with:)` finds nothing wrong with:
    /// relative paths that climb, stay, go above the root, hold dot segments, queries,
    /// fragments, percent-encoding, schemes and non-ASCII, from ASCII and non-ASCII folders.
    @Test func aLinkThatPlainlyLeadsToAFileHasNoProblem() throws {
        for baseURL in ["https://docs.example.org/", "https://example.org/docs/"] {
            let config = try SiteConfig.parse(SourceText.decode(Array("""
                baseURL: "\(baseURL)"
                defaultLanguage: es
                languages:
                  - {code: es, name: Español, title: Sitio}

                """.utf8), displayPath: "site.yml"))
            let checker = LinkChecker(config: config, languagesBySlug: [:])
            var files = StringTable()
            for file in ["index.html", "es/index.html", "es/a/index.html", "es/b/index.html", "es/ж/index.html", "sitemap.xml", "es/a/i.png", "es/b"] {
                _ = files.number(file)
            }
            var random = Generator(seed: 404)
            var fine = 0
            for _ in 0..<4000 {
                let url = Self.text(["../", "../", "a/", "b/", "ж/", "index.html", "i.png", "sitemap.xml", "./", "/", "?q", "#x", "%41", ":", "b", "\u{301}"], Int.random(in: 0..<5, using: &random), &random)
                let from = ["", "es/", "es/a/", "es/ж/", "es/b/c/"].randomElement(using: &random)!
                let plain = Array(url.utf8).withUnsafeBufferPointer { url in
                    Array(from.utf8).withUnsafeBufferPointer { checker.leadsToAFile(url, from: $0, files: files) }
                }
                let problem = checker.problem(with: url, from: from, exists: { files.contains($0) }, ids: { _ in nil })
                if plain {
                    fine += 1
                    #expect(problem == nil, "\(url.debugDescription) from \(from)")
                }
            }
            #expect(fine > 300)
        }
    }

    // MARK: Figures

    /// A figure's names come from tables made once per machine and language: the values
    /// `ModelNames` makes, for the machine's states and events only.
    @Test(arguments: ModelNamesTests.languages)
    func figureNameTablesAreTheModelNames(lang: String) throws {
        for strings in [try ModelNamesTests.repositoryStrings(), UIStrings()] {
            let names = ModelNames(strings: strings, lang: lang)
            for machine in Machines.all {
                let states = StateNames(machine, names: names)
                let events = EventNames(machine, names: names)
                for id in machine.states.map(\.id) + ["unknown", ""] {
                    // Any id gets the value `ModelNames` gives it; only a state of the machine is known.
                    #expect(states.value(id) == names.value(names.state(machine, id)))
                    #expect(states.knownValue(id) == machine.state(id).map { _ in names.value(names.state(machine, id)) })
                }
                let walk = machine.states.map(\.id).reversed() + machine.states.map(\.id)
                #expect(states.walk(walk) == names.walk(machine, walk))
                #expect(states.walk(walk + ["unknown"]) == names.walk(machine, walk + ["unknown"]))
                for cut in [0, 1, walk.count / 2, walk.count - 1] where cut < walk.count {
                    let through = Array(walk[(cut + 1)...])
                    #expect(states.walk(from: walk[cut], through: through) == names.walk(machine, [walk[cut]] + through))
                    #expect(states.walk(from: "unknown", through: through) == names.walk(machine, ["unknown"] + through))
                    #expect(states.walk(from: walk[cut], through: through + ["unknown"]) == names.walk(machine, [walk[cut]] + through + ["unknown"]))
                }
                for id in machine.events.map(\.id) + ["unknown", ""] {
                    #expect(events.name(id) == names.event(id).text)
                    #expect(events.summary(id) == names.summary(machine, id))
                    let values = events.values(id)
                    #expect((values.name, values.summary) == (events.nameValue(id), events.summaryValue(id)))
                    // The id renders as itself: escaped once for an event of the machine.
                    let idText: String? = switch values.id {
                    case .text(let text): text.string
                    case .string(let string): string
                    default: nil
                    }
                    #expect(idText == id)
                }
            }
        }
    }

    /// A row's name of the state it leaves and its walk come from one look-up: the values of
    /// `value` and `ModelNames.walk`, over random steps of every machine (unknown ids among them).
    /// `FIGURE_STEP_SEED` shifts the seed.
    @Test(arguments: ModelNamesTests.languages)
    func aStepsNameAndWalkAreTheModelNames(lang: String) throws {
        var random = SeededRandom(seed: 26 &+ SeededRandom.seedOffset("FIGURE_STEP_SEED"))
        var compared = 0
        for strings in [try ModelNamesTests.repositoryStrings(), UIStrings()] {
            let names = ModelNames(strings: strings, lang: lang)
            for machine in Machines.all {
                let states = StateNames(machine, names: names)
                let ids = machine.states.map(\.id) + ["unknown"]
                for _ in 0..<200 {
                    let from = random.pick(ids)
                    let through = (0..<random.below(4)).map { _ in random.pick(ids) }
                    let step = states.step(from: from, through: through)
                    #expect(step.fromName == names.value(names.state(machine, from)))
                    #expect(step.walk == names.walk(machine, [from] + through))
                    compared += 1
                }
            }
        }
        #expect(compared >= 400, "no machines to compare")
    }

    /// A figure reads the shared object in place: the same one for every figure of a machine and
    /// language, holding what `machineValues` hands out.
    @Test(arguments: ModelNamesTests.languages)
    func aFiguresMachineValuesAreTheSharedOnes(lang: String) throws {
        let values = LanguageValues(strings: try ModelNamesTests.repositoryStrings())
        #expect(!Machines.all.isEmpty, "no machines to compare")
        for machine in Machines.all {
            let shared = values.figureValues(machine, lang: lang)
            #expect(values.figureValues(machine, lang: lang) === shared)
            let parts = values.machineValues(machine, lang: lang)
            #expect(parts.diagram === shared.diagram && parts.title == shared.title && shared.machine === machine)
            for id in machine.states.map(\.id) + ["unknown"] {
                #expect(parts.states.value(id) == shared.states.value(id))
            }
            for id in machine.events.map(\.id) + ["unknown"] {
                #expect(parts.events.values(id) == shared.events.values(id))
            }
        }
    }
}
