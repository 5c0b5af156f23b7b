import Foundation
import Testing
import TestSupport

@testable import YAML

/// `BlockSubsetParser` against libyaml (`YAMLParser.parseWithLibYAML`) as the reference: what it
/// parses must be exactly libyaml's tree, marks included; what it leaves goes to libyaml.
@Suite struct BlockSubsetParserTests {
    private static let seedOffset = SeededRandom.seedOffset("YAML_SEED_OFFSET")

    private func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(body)
    }

    private func subset(_ text: String) -> YAMLNode? {
        withBytes(text) { BlockSubsetParser.parse($0) }
    }

    /// libyaml's result, after the byte-order mark `YAMLParser.parse` strips.
    private func reference(_ text: String) -> Result<YAMLNode?, YAMLError> {
        withBytes(text) { bytes in
            let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
            let rest = UnsafeBufferPointer(rebasing: bytes[(hasBOM ? 3 : 0)...])
            return rest.isEmpty ? .success(nil) : YAMLParser.parseWithLibYAML(rest)
        }
    }

    /// The subset's tree, when it gives one, is libyaml's; the public parse always is libyaml's.
    private func expectSameAsLibYAML(_ text: String, mustBeInSubset: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = reference(text)
        let fast = subset(text)
        if mustBeInSubset {
            #expect(fast != nil, "left to libyaml: \(text.debugDescription)", sourceLocation: sourceLocation)
        }
        if let fast {
            #expect(expected == .success(fast), "differs from libyaml: \(text.debugDescription)", sourceLocation: sourceLocation)
        }
        let publicResult: Result<YAMLNode?, YAMLError>
        do { publicResult = .success(try YAMLParser.parse(text)) } catch { publicResult = .failure(error) }
        #expect(publicResult == expected, "public parse differs: \(text.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func frontMatterShapes() {
        let texts = [
            "\ntitle: \"Как приложението · 0008\"\ndescription: \"Урок: стъпка\"\nweight: 30\nlayout: tutorial\ntranslation:\n  from: es\n  meta: \"51869447715a99d2\"\n  sections: [\"d2aa2467bd923e8b\", \"f3548f0fbd2d75ab\"]\n",
            "title: plain words here\nuntranslated: [0, 2]\nverbatim: []\ndraft: true\nupdated: 2026-11-29\n",
            "a:\nb: ~\nc: 'it''s'\nd: \"x\\\"y\\\\z \\u00e9 \\x41 \\U0001F600 \\n\\t\\/\\N\\_\\L\\P\\0\"\n",
            "list:\n  - one\n  - \"two\"\n  - 'three'\nnext: 1\n",
            "list:\n- one\n- two\nnext: 1\n",
            "# comment\n\nkey: value # trailing\n   # indented comment\nother: a#b\n",
            "  indented: root\n  second: x",
            "a:\n  b:\n    c: deep\n  d: e\nf: g\n",
            "ключ: значение\n日本: 語\n🇪🇸: flag\ne\u{301}: combining\n",
            "title: é  \u{301}x\nk: [é, \"\u{301}\", x]\n",
            "k: a: b\n",
            "k: \"unclosed\n",
            "k: v\nk: w\n",
            "k:\n\tv: 1\n",
            "k: |\n  block\n",
            "k: &a v\nl: *a\n",
            "k: v\n---\nl: w\n",
            "k: v\n  continued\n",
            "k: [a, ]\n",
            "k: {a: b}\n",
            "- a\n- b\n",
            "plain\n",
            "",
            "\n",
            "# only a comment\n",
        ]
        for text in texts {
            expectSameAsLibYAML(text, mustBeInSubset: false)
        }
        #expect(subset(texts[0]) != nil)
        #expect(subset(texts[1]) != nil)
        #expect(subset(texts[2]) != nil)
    }

    /// Every front matter of the repository's articles is in the subset and parses as libyaml's.
    @Test func repositoryFrontMatters() throws {
        let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Content")
        let files = try FileManager.default.subpathsOfDirectory(atPath: content.path).filter { $0.hasSuffix(".md") }
        try #require(files.count >= 10, "the repository's articles are missing from \(content.path)")
        for file in files {
            let text = try String(contentsOf: content.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            try #require(lines.first == "---", "\(file) has no front matter")
            let closing = try #require(lines.dropFirst().firstIndex(of: "---"))
            let yaml = "\n" + lines[1..<closing].joined(separator: "\n") + "\n"
            expectSameAsLibYAML(yaml, mustBeInSubset: true)
        }
        let site = try String(contentsOf: content.appendingPathComponent("site.yml"), encoding: .utf8)
        expectSameAsLibYAML(site, mustBeInSubset: false)
    }

    /// Generated documents of the subset: each is parsed by the subset parser, as libyaml does.
    @Test func generatedDocumentsInSubset() {
        var random = SeededRandom(seed: 0x5EED_0027 &+ Self.seedOffset)
        for _ in 0..<1500 {
            let text = Generator.document(&random)
            expectSameAsLibYAML(text, mustBeInSubset: true)
        }
    }

    /// Generated documents broken by random edits (tabs, CR, quotes, indicators, indentation):
    /// whatever the subset parser accepts is libyaml's tree, and everything else libyaml's result.
    @Test func mutatedDocuments() {
        var random = SeededRandom(seed: 0xBAD_0027 &+ Self.seedOffset)
        var accepted = 0
        let rounds = 3000
        for _ in 0..<rounds {
            var text = Generator.document(&random)
            for _ in 0..<(1 + random.below(3)) { text = Generator.mutate(text, &random) }
            if subset(text) != nil { accepted += 1 }
            expectSameAsLibYAML(text, mustBeInSubset: false)
        }
        // Both paths are exercised.
        #expect(accepted > rounds / 10 && accepted < rounds * 9 / 10, "accepted \(accepted) of \(rounds)")
    }
}

/// Random YAML documents of the subset, and edits that may take them out of it.
private enum Generator {
    static let words = ["title", "a", "b_c", "x1", "weight", "ключ", "título", "é", "日本", "🇪🇸🇮🇹", "e\u{301}", "k-v", "a.b", "(p)", "~", "null", "true", "-3", "+4", "0x1F", "1.5", "a:b", "a#b", "x'y", "q\"r", "2026-11-29", "a[b]", "c,d", "=", "<<", "$v", "^w", ";s", "/p"]
    static let flowWords = ["a", "0", "12", "-3", "+4", "é", "日本", "x_y", "1.5", "a-b", "a/b", "🇪🇸"]
    static let quotedPieces = ["a", " ", "é", "日本", "🇪🇸", "\u{301}", ":", "#", " #", ": ", "[", "]", "{", ",", "'", "\"", "\\", "\u{A0}", "x y"]
    static let escapes = ["\\\"", "\\\\", "\\/", "\\n", "\\t", "\\0", "\\a", "\\e", "\\ ", "\\N", "\\_", "\\L", "\\P", "\\x41", "\\xe9", "\\u00E9", "\\u263a", "\\U0001F600"]

    static func document(_ random: inout SeededRandom) -> String {
        var lines: [String] = []
        if random.below(2) == 0 { lines.append("") }
        let rootIndent = random.below(6) == 0 ? 1 + random.below(3) : 0
        mapping(indent: rootIndent, depth: 0, into: &lines, &random)
        var text = lines.joined(separator: "\n")
        if random.below(4) != 0 { text += "\n" }
        return text
    }

    static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    static func mapping(indent: Int, depth: Int, into lines: inout [String], _ random: inout SeededRandom) {
        var used: Set<String> = []
        // Now and then a long mapping, whose keys are checked for duplicates through a set.
        let count = random.below(8) == 0 ? 16 + random.below(12) : 1 + random.below(5)
        for _ in 0..<count {
            var key = random.pick(words)
            if key == "~" || key == "=" { key = "k" }
            key += used.isEmpty ? "" : String(used.count)
            guard used.insert(key).inserted else { continue }
            filler(indent: indent, into: &lines, &random)
            let head = spaces(indent) + key + (random.below(8) == 0 ? " :" : ":")
            switch random.below(depth < 3 ? 10 : 7) {
            case 0:
                lines.append(head + (random.below(2) == 0 ? "" : "   ") + comment(&random))
            case 1...5:
                lines.append(head + spaces(1 + random.below(2)) + scalar(&random) + comment(&random))
            case 6:
                lines.append(head + " " + flowSequence(&random) + comment(&random))
            case 7:
                lines.append(head + comment(&random))
                let itemIndent = random.below(3) == 0 ? indent : indent + 1 + random.below(3)
                for _ in 0..<(1 + random.below(3)) {
                    filler(indent: itemIndent, into: &lines, &random)
                    lines.append(spaces(itemIndent) + "-" + spaces(1 + random.below(2)) + scalar(&random) + comment(&random))
                }
            default:
                lines.append(head + comment(&random))
                mapping(indent: indent + 1 + random.below(4), depth: depth + 1, into: &lines, &random)
            }
        }
    }

    /// Sometimes a blank line, a line of spaces or a comment line.
    static func filler(indent: Int, into lines: inout [String], _ random: inout SeededRandom) {
        switch random.below(8) {
        case 0: lines.append("")
        case 1: lines.append(spaces(random.below(5)))
        case 2: lines.append(spaces(random.below(6)) + "# note: é, [x]")
        default: break
        }
    }

    static func comment(_ random: inout SeededRandom) -> String {
        switch random.below(6) {
        case 0: " # comment"
        case 1: "  #: x"
        case 2: spaces(1 + random.below(2))
        default: ""
        }
    }

    static func scalar(_ random: inout SeededRandom) -> String {
        switch random.below(6) {
        case 0, 1:
            var text = random.pick(words)
            for _ in 0..<random.below(3) { text += spaces(1 + random.below(2)) + random.pick(words) }
            return text
        case 2, 3:
            var text = "\""
            for _ in 0..<random.below(6) {
                text += random.below(3) == 0 ? random.pick(escapes) : random.pick(quotedPieces).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            }
            return text + "\""
        default:
            var text = "'"
            for _ in 0..<random.below(6) { text += random.pick(quotedPieces).replacingOccurrences(of: "'", with: "''") }
            return text + "'"
        }
    }

    static func flowSequence(_ random: inout SeededRandom) -> String {
        let count = random.below(4)
        var items: [String] = []
        for _ in 0..<count {
            switch random.below(3) {
            case 0: items.append(random.pick(flowWords))
            case 1: items.append("\"" + random.pick(["d2aa2467bd923e8b", "é", "a, b", "]"]) + "\"")
            default: items.append("'" + random.pick(["x", "y z", "[", "it''s"]) + "'")
            }
        }
        let separator = random.pick([", ", ",", " , "])
        let padding = count == 0 ? random.pick(["", " "]) : random.pick(["", " "])
        return "[" + padding + items.joined(separator: separator) + padding + "]"
    }

    static let insertions = ["\t", "\r", "\r\n", ":", ": ", "#", " #", "&a ", "*a", "!", "!!str ", "|", ">", "{", "}", "[", "]", ",", "- ", "-", "'", "\"", "\\", "\\q", "\\x4", "\\uD800", " ", "  ", "\n", "\n  ", "\u{85}", "\u{2028}", "\u{FEFF}", "\n---\n", "\n...\n", "? ", "%", "@", "`", "\u{7}", "\u{7F}", "\u{80}", "é", "title: x\n", "\n  more words", "\n\"", "\\\n"]

    static func mutate(_ text: String, _ random: inout SeededRandom) -> String {
        var scalars = Array(text.unicodeScalars)
        let position = scalars.isEmpty ? 0 : random.below(scalars.count + 1)
        switch random.below(5) {
        case 0 where !scalars.isEmpty:
            // Delete a short run.
            let end = min(scalars.count, position + 1 + random.below(4))
            if position < end { scalars.removeSubrange(position..<end) }
        case 1:
            // Duplicate a line: a duplicate key, or an entry in another place.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if !lines.isEmpty {
                let line = lines[random.below(lines.count)]
                lines.insert(line, at: random.below(lines.count + 1))
            }
            return lines.joined(separator: "\n")
        case 2:
            // Change a line's indentation.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if !lines.isEmpty {
                let index = random.below(lines.count)
                lines[index] = random.below(2) == 0 ? " " + lines[index] : String(lines[index].drop { $0 == " " })
            }
            return lines.joined(separator: "\n")
        default:
            scalars.insert(contentsOf: random.pick(insertions).unicodeScalars, at: position)
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }
}
