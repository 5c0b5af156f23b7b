import Diagnostics
import LifecycleModel
import YAML

/// Where a translation comes from: `translation: {from: es, sections: [...]}`.
package struct TranslationSource: Sendable, Hashable {
    package var from: String
    package var fingerprints: [String]
    /// The fingerprint of the source's `title` and `description` when they were last translated
    /// (`meta:`); nil in a file written before it was recorded, which is then not tracked for them.
    package var meta: String? = nil
    package var location: SourceLocation
}

/// A calendar date from front matter, shown in the page's language.
package struct ArticleDate: Sendable, Hashable, Comparable {
    package var year: Int
    package var month: Int
    package var day: Int

    /// A day of the calendar written `YYYY-MM-DD` (from year 1: HTML's `datetime` has no year 0);
    /// nil for any other text, and for a day its month does not have (`2026-02-30`).
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.indices.allSatisfy({ $0 == 4 || $0 == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
        else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) } }
        let (y, m, d) = (number(0..<4), number(5..<7), number(8..<10))
        guard y >= 1, (1...12).contains(m), (1...Self.days(inMonth: m, of: y)).contains(d) else { return nil }
        (year, month, day) = (y, m, d)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    package static func < (a: ArticleDate, b: ArticleDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    package var iso: String {
        func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// How an article's page is laid out (`layout:` in front matter).
package enum ArticleLayout: String, Sendable, Hashable, CaseIterable {
    /// A page of prose (the default).
    case article
    /// A lesson: an introduction, then each `## ` section as a numbered step, with its code,
    /// examples and exercises beside the text on wide screens, and the reader's progress.
    case tutorial
}

/// The YAML block between `---` lines at the top of an article.
package struct FrontMatter: Sendable {
    package var title: String?
    package var description: String?
    /// For a translation: the language it was translated from, and the
    /// fingerprint of each source section at the time (`translation:` block).
    package var translation: TranslationSource?
    /// Indexes of sections still in the source language (new translations).
    package var untranslated: [Int] = []
    /// Indexes of sections that read exactly as the source's on purpose (they need no translation).
    package var verbatim: [Int] = []
    /// Where each number of `untranslated` and `verbatim` is written, for an error about it.
    var untranslatedPlaces: [SourceLocation] = []
    var verbatimPlaces: [SourceLocation] = []
    /// The date the article was last revised (`updated: 2026-11-29`).
    package var updated: ArticleDate?
    /// Where the article goes in the sidebar and previous/next order (`weight: 10`):
    /// lower first; articles without one follow, by title.
    package var weight: Int?
    /// `draft: true`: left out of `build` unless `--drafts`, shown by `serve` with a badge.
    var draft = false
    /// `layout: tutorial` renders the article as a lesson of numbered steps (`ArticleLayout`).
    package var layout: ArticleLayout = .article
    /// The article body after the closing `---`.
    package var body: Substring
    /// How many lines precede the body, so body line N is file line N + offset.
    package var bodyLineOffset: Int
    /// The fingerprint of `title` and `description` as written here, which a translation records
    /// (`translation.meta`). A title or description taken from the body is tracked with its section.
    package var metaFingerprint: String {
        // U+001F between them: moving words from one to the other is a change too.
        Fingerprint.of((title ?? "") + "\u{1F}" + (description ?? ""))
    }
    /// Warnings (unknown keys) and, when parsed `keepingValueErrors`, the errors of values that
    /// could not be read (their keys keep their defaults).
    var problems: [Diagnostic] = []
    /// The keys whose values could not be read (reported in `problems`).
    var invalidKeys: Set<String> = []

    private static let knownKeys: Set<String> = ["title", "description", "translation", "untranslated", "verbatim", "updated", "draft", "weight", "layout"]

    /// The line that opens front matter, at the very start of a file (after a byte-order mark).
    static let openingLine = "---\n"

    /// Splits and parses the front matter of `source`. A file without a
    /// leading `---` line has no front matter.
    /// `keepingValueErrors`: a value of the wrong kind (`weight: abc`) is reported in `problems`
    /// and its key keeps its default, so the article's body is still read and checked (all of a
    /// run's errors at once); otherwise it throws, as a tool that rewrites the file must.
    package static func parse(_ source: SourceText, keepingValueErrors: Bool = false) throws(DiagnosticError) -> FrontMatter {
        let text = source.text
        let file = source.displayPath
        guard text.hasPrefix(openingLine) || text == "---" else {
            return FrontMatter(title: nil, description: nil, body: text[...], bodyLineOffset: 0)
        }
        var yamlStart = text.utf8.index(text.startIndex, offsetBy: openingLine.utf8.count, limitedBy: text.endIndex) ?? text.endIndex
        guard let closing = closingDelimiter(text) else {
            throw DiagnosticError([
                .error(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "front matter is not closed: add a line '---' after it")
            ])
        }
        if yamlStart > closing.yamlEnd { yamlStart = closing.yamlEnd }
        // A blank first line stands for the opening `---`, so YAML marks are file lines.
        let yaml = "\n" + text[yamlStart..<closing.yamlEnd]
        let (root, locator) = try YAMLLocator.parse(yaml, file: file)
        var result = FrontMatter(
            title: nil, description: nil, body: text[closing.bodyStart...], bodyLineOffset: closing.line)
        guard let root else { return result }
        guard let entries = root.entries else {
            throw DiagnosticError([
                .error(at: locator.location(root.mark), "front matter must be a mapping of keys to values, like 'title: …'")
            ])
        }
        var problems: [Diagnostic] = []
        for (key, value) in entries {
            let reported = problems.count
            defer { if problems[reported...].contains(where: { $0.severity == .error }) { result.invalidKeys.insert(key) } }
            switch key {
            case "title", "description":
                guard let string = value.string, value.isScalar else {
                    problems.append(.error(at: locator.location(value.mark), "'\(key)' must be a string"))
                    continue
                }
                if key == "title" { result.title = string } else { result.description = string }
            case "translation":
                guard let from = value["from"], from.isScalar, let code = from.string, SiteConfig.isLanguageCode(code) else {
                    problems.append(.error(at: locator.location(value["from"]?.mark ?? value.mark), "'translation' needs 'from: <language code>', the language it was translated from"))
                    continue
                }
                var fingerprints: [String] = []
                if let list = value["sections"] {
                    guard let items = list.array, items.allSatisfy({ $0.isScalar && $0.string?.count == 16 }) else {
                        problems.append(.error(at: locator.location(list.mark), "'translation.sections' must be a list of 16-digit fingerprints; run `lifecycle-docs sync-translation` to write it"))
                        continue
                    }
                    fingerprints = items.compactMap(\.string)
                }
                var meta: String?
                if let value = value["meta"] {
                    guard value.isScalar, let text = value.string, text.count == 16 else {
                        problems.append(.error(at: locator.location(value.mark), "'translation.meta' must be a 16-digit fingerprint; run `lifecycle-docs sync-translation` to write it"))
                        continue
                    }
                    meta = text
                }
                // A misspelt `section:` would leave the fingerprints out unseen: every section then reads stale.
                if case .mapping(let pairs) = value.value {
                    let translationKeys = ["from", "meta", "sections"]
                    for pair in pairs {
                        guard let name = pair.key.string, !translationKeys.contains(name) else { continue }
                        problems.append(.warning(
                            at: locator.location(pair.key.mark), "unknown key 'translation.\(name)' is ignored",
                            notes: ["'translation' knows: " + translationKeys.joined(separator: ", ")],
                            suggestion: Names.suggestion(for: name, among: translationKeys)))
                    }
                }
                result.translation = TranslationSource(from: code, fingerprints: fingerprints, meta: meta, location: locator.location(from.mark))
            case "untranslated":
                guard let items = value.array, items.allSatisfy({ $0.int.map { $0 >= 0 } == true }) else {
                    problems.append(.error(at: locator.location(value.mark), "'untranslated' must be a list of section numbers, like [0, 2]"))
                    continue
                }
                result.untranslated = items.compactMap(\.int)
                result.untranslatedPlaces = items.map { locator.location($0.mark) }
            case "verbatim":
                guard let items = value.array, items.allSatisfy({ $0.int.map { $0 >= 0 } == true }) else {
                    problems.append(.error(at: locator.location(value.mark), "'verbatim' must be a list of section numbers, like [0, 2]"))
                    continue
                }
                result.verbatim = items.compactMap(\.int)
                result.verbatimPlaces = items.map { locator.location($0.mark) }
            case "updated":
                guard value.isScalar, let text = value.string, let date = ArticleDate(text) else {
                    problems.append(.error(at: locator.location(value.mark), "'updated' must be a day of the calendar written YYYY-MM-DD, like 2026-11-29"))
                    continue
                }
                result.updated = date
            case "weight":
                // A whole number in a sane range: `weight: 1.5` or `weight: high` is a typo, not an order.
                guard value.isScalar, let text = value.string, let number = Int(text), abs(number) <= 1_000_000 else {
                    problems.append(.error(at: locator.location(value.mark), "'weight' must be a whole number between -1000000 and 1000000, like 10 (lower comes first)"))
                    continue
                }
                result.weight = number
            case "draft":
                guard value.isScalar, let flag = value.bool else {
                    problems.append(.error(at: locator.location(value.mark), "'draft' must be true or false"))
                    continue
                }
                result.draft = flag
            case "layout":
                guard value.isScalar, let text = value.string, let layout = ArticleLayout(rawValue: text) else {
                    let allowed = ArticleLayout.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                    problems.append(.error(
                        at: locator.location(value.mark), "'layout' must be \(allowed)",
                        notes: ["'article' (the default) is a page of prose; 'tutorial' makes each '## ' section a numbered step"]))
                    continue
                }
                result.layout = layout
            default:
                // At the key, with the known key it may stand for (`titel`, `Title`).
                var keyMark = value.mark
                if case .mapping(let pairs) = root.value, let pair = pairs.first(where: { $0.key.string == key }) { keyMark = pair.key.mark }
                problems.append(.warning(
                    at: locator.location(keyMark), "unknown front matter key '\(key)' is ignored",
                    notes: ["known keys: " + knownKeys.sorted().joined(separator: ", ")],
                    suggestion: Names.suggestion(for: key, among: knownKeys.sorted())))
            }
        }
        if result.title?.allSatisfy(\.isWhitespace) == true {
            problems.append(.error(at: locator.location(root["title"]?.mark), "'title' must not be empty"))
        }
        if !keepingValueErrors && problems.contains(where: { $0.severity == .error }) { throw DiagnosticError(problems) }
        result.problems = problems
        return result
    }

    /// The line that closes front matter opened by `---`: the first line after it that is `---`
    /// or `...`, with where the YAML ends, where the body starts and its line number. Found on
    /// bytes (walking `Character`s cost a third of reading the front matter): the text has no
    /// CR (`SourceText` folds them), so every LF is a `Character` of its own, and a line that
    /// equals `---` as `Character`s is those three bytes.
    static func closingDelimiter(_ text: String) -> (yamlEnd: String.Index, bodyStart: String.Index, line: Int)? {
        var text = text
        guard let found = text.withUTF8({ closingLine(in: $0, from: min(openingLine.utf8.count, $0.count)) }) else { return nil }
        let utf8 = text.utf8
        return (utf8.index(utf8.startIndex, offsetBy: found.start), utf8.index(utf8.startIndex, offsetBy: found.bodyStart), found.line + 1)
    }

    /// The first line from byte `start` on that is `---` or `...`: its start, where the line
    /// after it starts, and its number counted from 1 at `start`.
    static func closingLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (start: Int, bodyStart: Int, line: Int)? {
        var lineNumber = 0
        var cursor = start
        while cursor < bytes.count {
            lineNumber += 1
            var lineEnd = cursor
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if lineEnd - cursor == 3, bytes[cursor] == bytes[cursor + 1], bytes[cursor] == bytes[cursor + 2],
                bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: ".")
            {
                return (cursor, min(lineEnd + 1, bytes.count), lineNumber)
            }
            cursor = lineEnd + 1
        }
        return nil
    }
}
