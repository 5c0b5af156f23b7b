import Diagnostics
import Markdown
import Testing
import TestSupport

@testable import Scenarios

/// `Verification.places` finds a block's lines and their column offsets on the block's bytes
/// (line breaks by `memchr`). These tests compare it with the Character walk it stands for
/// (`split` at "\n", each line's offset where its file line ends with it, `blockLines`) on
/// random blocks: indented, in lists and quotes, with "\r", tabs, accents and combining marks.
@Suite struct BlockPlacesTests {
    /// The Character walk: what `places` answers for text without contiguous UTF-8.
    static func reference(code: String, fence: Diagnostics.SourceLocation, lines: LineIndex) -> (offsets: [Int], lines: [Substring]) {
        let offsets = code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, content in
            guard let written = lines[fence.line + 1 + index], written.hasSuffix(content) else { return fence.column - 1 }
            return written.count - content.count
        }
        return (offsets, code.blockLines)
    }

    static let pieces = ["given", " active", "\t", "->", " : ", "é", "e\u{301}", "→", "\r", "\r\n", "\n", "\n\n", "#", " ", "añil", "状态", "x"]
    static let containers = ["", " ", "  ", "   ", "- ", "1. ", "> ", "> - "]

    static func document(_ random: inout SeededRandom) -> String {
        let prefix = random.pick(containers)
        // Content lines keep the container's prefix, or part of it (a lazy or less indented line).
        var text = prefix + "```lifecycle ios-app\n"
        for _ in 0..<(1 + random.below(6)) {
            var line = random.below(3) == 0 ? String(prefix.prefix(random.below(prefix.count + 1))) : String(repeating: " ", count: prefix.count)
            if prefix.hasPrefix(">") { line = "> " + line.dropFirst(min(2, line.count)) }
            for _ in 0..<random.below(8) { line += random.pick(pieces) }
            text += line + "\n"
        }
        return text + prefix + "```\n"
    }

    @Test func bytesGiveTheCharacterWalk() {
        let seed = 0xB10C_0FF5 &+ SeededRandom.seedOffset("BLOCK_PLACES_SEED")
        var random = SeededRandom(seed: seed)
        var blocks = 0
        var withCR = 0
        for n in 0..<3_000 {
            let text = Self.document(&random)
            let lines = LineIndex(text)
            let document = MarkdownDocument.parse(text, file: "es/a.md")
            for (index, node) in document.nodes.enumerated() {
                guard case .codeBlock = node.kind else { continue }
                let fence = document.start(of: index)
                // cmark ends every line with "\n": "\r" is put in by hand, before some of them or alone.
                var withBreaks = ""
                for c in node.literal {
                    if c == "\n" && random.below(3) == 0 { withBreaks += random.pick(["\r\n", "\r", "\r\n\n"]) } else { withBreaks.append(c) }
                }
                for code in [node.literal, withBreaks] {
                    let places = Verification.places(code: code, fence: fence, lines: lines)
                    let expected = Self.reference(code: code, fence: fence, lines: lines)
                    #expect(
                        places.offsets == expected.offsets && places.lines == expected.lines,
                        "#\(n) (seed \(seed)): \(text.debugDescription) \(code.debugDescription)")
                    blocks += 1
                    if code.contains("\r") { withCR += 1 }
                }
            }
        }
        // The blocks were read, and some hold a "\r".
        #expect(blocks > 5_000 && withCR > 1_000, "\(blocks) blocks, \(withCR) with \\r")
    }
}
