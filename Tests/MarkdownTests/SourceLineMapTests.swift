import Foundation
import Diagnostics
import Testing
import TestSupport

@testable import Markdown

/// `SourceLineMap.textColumn(of:)` compares a text node's bytes in place (memcmp); it copied them
/// into an array first. Both must find the same column on every line of the site's articles, and
/// the source text there must be the literal.
@Suite struct SourceLineMapTests {
    /// The search as it was: the literal copied into an array, compared slice by slice. The
    /// text's bytes and line starts are taken once per text (per call, they made the test
    /// quadratic in the article's length and its slowest by far).
    struct CopyingSearch {
        let bytes: [UInt8]
        let starts: [Int]

        init(_ text: String) {
            let bytes = Array(text.utf8)
            self.bytes = bytes
            starts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        }

        func textColumn(_ literal: String, line: Int, byteColumn: Int) -> Int {
            guard line >= 1, line <= starts.count, !literal.isEmpty else { return byteColumn }
            let start = starts[line - 1]
            let end = line < starts.count ? starts[line] - 1 : bytes.count
            let length = end - start
            let wanted = Array(literal.utf8)
            guard wanted.count <= length else { return byteColumn }
            func matches(_ offset: Int) -> Bool {
                offset >= 0 && offset + wanted.count <= length && bytes[(start + offset)..<(start + offset + wanted.count)].elementsEqual(wanted)
            }
            if matches(byteColumn - 1) { return byteColumn }
            // A paragraph's indented later line: the text after the white space at cmark's column.
            let from = byteColumn - 1
            let indent = from >= 0 && from < length ? bytes[(start + from)..<(start + length)].prefix { $0 == 0x20 || $0 == 0x09 }.count : 0
            if indent > 0, matches(byteColumn - 1 + indent) { return byteColumn + indent }
            var offset = min(byteColumn - 1, length - wanted.count)
            while offset >= 0 {
                if matches(offset) { return offset + 1 }
                offset -= 1
            }
            return byteColumn
        }
    }

    static func articles() -> [String] {
        let content = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Content")
        let files = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    @Test func textColumnsAreTheCopyingSearchs() {
        let texts = Self.articles() + ["- item\n  - deeper\nlazy text\n", "Привет, мир\n  мир\n", "a\n\nb b b\n", "a\n \t b\n>  \tc\n"]
        #expect(texts.count > 10)
        var moved = 0
        for text in texts {
            let map = SourceLineMap(lines: LineIndex(text))
            let copying = CopyingSearch(text)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(separator: " ")
                var literals = ["not on this line", String(line)]
                if let first = words.first { literals.append(String(first)) }
                if let last = words.last { literals.append(String(last) + " ") }
                literals.append(String(line.dropFirst(3)))
                for literal in literals {
                    for byteColumn in [1, 2, 4, line.utf8.count / 2 + 1, line.utf8.count, line.utf8.count + 1, line.utf8.count + 5] {
                        var bytes = literal
                        let place = bytes.withUTF8 { map.textColumn(of: $0, line: index + 1, byteColumn: byteColumn) }
                        let found = place ?? byteColumn
                        #expect(found == copying.textColumn(literal, line: index + 1, byteColumn: byteColumn), "\(literal) \(index + 1):\(byteColumn)")
                        // Where the bytes were found, the source there is the literal.
                        if let place {
                            #expect(map.sourceText(line: index + 1, byteColumn: place, count: literal.utf8.count) == literal)
                        }
                        if found != byteColumn { moved += 1 }
                    }
                }
            }
        }
        // The search moved columns often: both of its ways were taken.
        #expect(moved > 100)
    }

    /// `sourceText(_:line:byteColumn:)` makes ASCII pieces from cmark's bytes and copies others as a
    /// slice of the source: both must give the source's text there, as the slice alone did.
    @Test func sourceTextIsTheSourcesSlice() {
        let pieces = ["a", "word ", " ", "\t", "é", "Привет", "🍎", "e\u{301}", "&", "0123456789"]
        var random = SeededRandom(seed: 0x5EED_0027 &+ SeededRandom.seedOffset("SOURCE_TEXT_SEED"))
        var (ascii, other) = (0, 0)
        for _ in 0..<300 {
            let lineCount = 1 + random.below(4)
            let lines = (0..<lineCount).map { _ in (0..<random.below(12)).map { _ in random.pick(pieces) } }
            let text = lines.map { $0.joined() }.joined(separator: "\n")
            let map = SourceLineMap(lines: LineIndex(text))
            for (index, line) in lines.enumerated() where !line.isEmpty {
                // A run of whole pieces: it starts and ends on scalars.
                let first = random.below(line.count)
                let last = first + random.below(line.count - first)
                let byteColumn = line[..<first].joined().utf8.count + 1
                let expected = line[first...last].joined()
                let count = expected.utf8.count
                let utf8 = text.utf8
                let from = utf8.index(utf8.startIndex, offsetBy: (LineIndex(text).start(ofLine: index + 1) ?? 0) + byteColumn - 1)
                let reference = String(Substring(utf8[from..<utf8.index(from, offsetBy: count)]))
                #expect(reference == expected)
                var bytes = expected
                let made = bytes.withUTF8 { map.sourceText($0, line: index + 1, byteColumn: byteColumn) }
                #expect(made == reference, "\(text.debugDescription) \(index + 1):\(byteColumn)")
                if expected.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 } else { other += 1 }
            }
        }
        // Both ways were taken, often.
        #expect(ascii > 100 && other > 100)
    }
}
