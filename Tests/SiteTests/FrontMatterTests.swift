import Diagnostics
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

@Suite struct FrontMatterTests {
    func parse(_ text: String) throws(DiagnosticError) -> FrontMatter {
        try FrontMatter.parse(SourceText.decode(Array(text.utf8), displayPath: "Content/es/a.md"))
    }

    func messages(_ text: String) -> [String] {
        do {
            let frontMatter = try parse(text)
            return frontMatter.problems.map(DiagnosticFormatter.text)
        } catch {
            return error.diagnostics.map(DiagnosticFormatter.text)
        }
    }

    @Test func readsTitleDescriptionAndBodyLines() throws {
        let fm = try parse("---\ntitle: \"Título: «x»\"\ndescription: >\n  Dos\n  líneas\n---\n## Uno\n")
        #expect(fm.title == "Título: «x»")
        #expect(fm.description == "Dos líneas\n")
        #expect(fm.body == "## Uno\n")
        #expect(fm.bodyLineOffset == 6)
    }

    @Test func noFrontMatterMeansTheWholeFileIsBody() throws {
        let fm = try parse("# Título\n\nTexto.\n")
        #expect(fm.title == nil)
        #expect(fm.bodyLineOffset == 0)
        #expect(fm.body == "# Título\n\nTexto.\n")
    }

    @Test func readsLayout() throws {
        #expect(try parse("---\ntitle: A\nlayout: tutorial\n---\n").layout == .tutorial)
        #expect(try parse("---\ntitle: A\nlayout: article\n---\n").layout == .article)
        #expect(try parse("---\ntitle: A\n---\n").layout == .article)
        #expect(messages("---\ntitle: A\nlayout: lesson\n---\n") == [
            "Content/es/a.md:3:9: error: 'layout' must be 'article' or 'tutorial'\n"
                + "    note: 'article' (the default) is a page of prose; 'tutorial' makes each '## ' section a numbered step"
        ])
        #expect(messages("---\ntitle: A\nlayout: [tutorial]\n---\n").first?.hasPrefix("Content/es/a.md:3:9: error: 'layout' must be") == true)
    }

    /// `updated` is a day of the calendar: the page's `<time datetime>` and the date it shows
    /// must be the day the writer meant, never the next one.
    @Test func anUpdatedDateIsADayOfTheCalendar() {
        for text in ["2026-11-29", "2024-02-29", "2000-02-29", "0001-01-01", "2026-12-31", "2026-04-30"] {
            #expect(ArticleDate(text)?.iso == text, "\(text)")
        }
        for text in ["2026-02-29", "1900-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "0000-01-01",
                     "2026-1-005", "2026-1-5", "+026-01-05", "2026-01-05 ", "2026/01/05", "２０２６-01-05", ""] {
            #expect(ArticleDate(text) == nil, "\(text)")
        }
    }

    @Test func readsWeight() throws {
        #expect(try parse("---\ntitle: A\nweight: -3\n---\n").weight == -3)
        #expect(try parse("---\ntitle: A\nweight: 20\n---\n").weight == 20)
        #expect(try parse("---\ntitle: A\n---\n").weight == nil)
    }

    @Test func emptyFrontMatterIsAllowed() throws {
        let fm = try parse("---\n---\nTexto.\n")
        #expect(fm.title == nil)
        #expect(fm.body == "Texto.\n")
    }

    @Test(arguments: [
        ("---\ntitle: A\n", "Content/es/a.md:1:1: error: front matter is not closed: add a line '---' after it"),
        ("---\ntitle: [A\n---\n", "Content/es/a.md:3:1: error: while parsing a flow sequence at 2:8: did not find expected ',' or ']'"),
        ("---\ntitle: A\n  desc: b\n---\n", "Content/es/a.md:3:7: error: mapping values are not allowed in this context"),
        ("---\ntitle: Active: qué es\n---\n", "Content/es/a.md:2:14: error: mapping values are not allowed in this context\n    suggestion: put a value that contains ': ' in double quotes: title: \"Active: qué es\""),
        ("---\ntitle: El \"Active\": guía\n---\n", "Content/es/a.md:2:19: error: mapping values are not allowed in this context\n    suggestion: put a value that contains ': ' in double quotes: title: \"El \\\"Active\\\": guía\""),
        ("---\ntitle: \"Active\": qué es\n---\n", "Content/es/a.md:2:16: error: mapping values are not allowed in this context"),
        ("---\n- a\n---\n", "Content/es/a.md:2:1: error: front matter must be a mapping of keys to values, like 'title: …'"),
        ("---\ntitle: A\ntitle: B\n---\n", "Content/es/a.md:3:1: error: duplicate key 'title'"),
        ("---\ntitle:\n  - A\n---\n", "Content/es/a.md:3:3: error: 'title' must be a string"),
        ("---\ntitle: \"  \"\n---\n", "Content/es/a.md:2:8: error: 'title' must not be empty"),
        ("---\ntitle: Б\n\tdescription: x\n---\n", "Content/es/a.md:3:1: error: while scanning a plain scalar at 2:8: found a tab character that violates indentation\n    suggestion: indent YAML with spaces: a tab cannot indent it"),
        ("---\ntitle: \"A\"\n\tweight: 10\n---\n", "Content/es/a.md:3:1: error: while scanning for the next token: found character that cannot start any token\n    suggestion: indent YAML with spaces: a tab cannot indent it"),
        ("---\ntitle: A\nweight:\t10\n---\n", nil),
        ("---\ntitle: A\nweight: alto\n---\n", "Content/es/a.md:3:9: error: 'weight' must be a whole number between -1000000 and 1000000, like 10 (lower comes first)"),
        ("---\ntitle: A\nweight: 1.5\n---\n", "Content/es/a.md:3:9: error: 'weight' must be a whole number between -1000000 and 1000000, like 10 (lower comes first)"),
        ("---\ntitle: A\nweight: [1]\n---\n", "Content/es/a.md:3:9: error: 'weight' must be a whole number between -1000000 and 1000000, like 10 (lower comes first)"),
        ("---\ntitle: A\nweight: 99999999\n---\n", "Content/es/a.md:3:9: error: 'weight' must be a whole number between -1000000 and 1000000, like 10 (lower comes first)"),
        ("---\ntitle: A\nverbatim: [uno]\n---\n", "Content/es/a.md:3:11: error: 'verbatim' must be a list of section numbers, like [0, 2]"),
        ("---\ntitle: A\ntranslation:\n  from: es\n  section: []\n---\n", "Content/es/a.md:5:3: warning: unknown key 'translation.section' is ignored\n    note: 'translation' knows: from, meta, sections\n    suggestion: sections"),
        ("---\ntitle: A\nautor: Ana\n---\n", "Content/es/a.md:3:1: warning: unknown front matter key 'autor' is ignored\n    note: known keys: description, draft, layout, title, translation, untranslated, updated, verbatim, weight"),
        ("---\ntitle: A\nweigth: 3\n---\n", "Content/es/a.md:3:1: warning: unknown front matter key 'weigth' is ignored\n    note: known keys: description, draft, layout, title, translation, untranslated, updated, verbatim, weight\n    suggestion: weight"),
    ])
    func reportsExactMessages(text: String, expected: String?) {
        #expect(messages(text) == (expected.map { [$0] } ?? []))
    }

    // Found by fuzzing (Fuzz/frontmatter.swift): the lines a reader counts and libyaml's differ.

    @Test func loneCarriageReturnsEndLines() throws {
        let fm = try parse("---\rtitle: A\r---\rTexto.\r")
        #expect(fm.title == "A")
        #expect(fm.body == "Texto.\n")
        #expect(fm.bodyLineOffset == 3)
        #expect(messages("---\rtitle: A\r  desc: b\r---\r") == [
            "Content/es/a.md:3:7: error: mapping values are not allowed in this context"
        ])
    }

    @Test func invalidUTF8AfterLoneCarriageReturnsIsOnItsLine() {
        do {
            _ = try SourceText.decode([0x61, 0x0D, 0x62, 0x0D, 0x0A, 0x63, 0xFF], displayPath: "Content/es/a.md")
            Issue.record("decoded invalid UTF-8")
        } catch {
            #expect(error.diagnostics.map(DiagnosticFormatter.text) == ["Content/es/a.md:3:2: error: file is not valid UTF-8"])
        }
    }

    /// A CR is looked for with memchr: the same answer as `contains`, on slices that start anywhere.
    @Test func carriageReturnsAreFoundAsContainsFindsThem() {
        let texts = ["", "\r", "a\r\nb", "\u{FEFF}x\ry", "no break at all", "\u{FEFF}", "Привет\r", String(repeating: "x", count: 100) + "\r"]
        for text in texts {
            let bytes = Array(text.utf8)
            for start in 0...bytes.count {
                let slice = bytes[start...]
                #expect(SourceText.containsCarriageReturn(slice) == slice.contains(13), "\(text.debugDescription) from \(start)")
            }
        }
        // Decoding keeps folding CR and CRLF to LF after a byte-order mark.
        #expect((try? SourceText.decode(Array("\u{FEFF}a\r\nb\rc".utf8), displayPath: "x.md").text) == "a\nb\nc")
    }

    /// libyaml starts a new line at NEL, LS and PS; editors and cmark do not.
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func unicodeLineSeparatorsKeepFileLines(separator: String) {
        let note = "\n    note: known keys: description, draft, layout, title, translation, untranslated, updated, verbatim, weight"
        // After the separator, on the same file line: 'title: "x"' and the separator are 11 characters.
        #expect(messages("---\ntitle: \"x\"\(separator)autor: Ana\n---\n") == [
            "Content/es/a.md:2:12: warning: unknown front matter key 'autor' is ignored" + note
        ])
        // Inside a quoted title, on the lines below.
        #expect(messages("---\ntitle: \"x\(separator)y\"\nautor: Ana\n---\n") == [
            "Content/es/a.md:3:1: warning: unknown front matter key 'autor' is ignored" + note
        ])
    }
}
