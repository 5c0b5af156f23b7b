import Testing
import TestSupport

@testable import Scenarios

/// `SourceLine.wholeLineComment` reads a comment line from its bytes. These tests compare it
/// with the reading of the whole line (`skipSpaces`, `commentStart`, `trimEnd`, `trimmedText`)
/// on random lines: spaces, tabs, `#` anywhere, accents, Cyrillic, combining marks, CJK, "\r".
@Suite struct WholeLineCommentTests {
    static let pieces = [
        " ", "\t", "#", "# ", " #", "a", "x#", "é", "e\u{301}", "#\u{301}", " \u{301}", "状态", "→", "Приложението", "\r", "\u{A0}",
        "\u{2003}", "😀", "onPause -> onStop",
    ]

    @Test func bytesGiveTheLineReading() {
        let seed = 0xC0_44E4 &+ SeededRandom.seedOffset("WHOLE_LINE_COMMENT_SEED")
        var random = SeededRandom(seed: seed)
        var fast = 0
        var slow = 0
        for n in 0..<20_000 {
            var text = random.below(2) == 0 ? String(repeating: " ", count: random.below(4)) + "#" : ""
            for _ in 0..<random.below(7) { text += random.pick(Self.pieces) }
            let line = SourceLine(text[...], file: "f.md", line: 3, columnOffset: 2)
            let start = line.skipSpaces(from: 0, to: line.count)
            let isComment = start < line.count && line.trimEnd(line.commentStart, start: start) == start
            let context: Comment = "#\(n) (seed \(seed)): \(text.debugDescription)"
            if let comment = SourceLine.wholeLineComment(text[...]) {
                fast += 1
                #expect(isComment, context)
                #expect(comment.hash == line.commentStart, context)
                #expect(comment.text == line.trimmedText(from: comment.hash + 1, to: line.count), context)
            } else if isComment {
                // Left to the line's reading only when a scalar may join its neighbours.
                slow += 1
                #expect(text.unicodeScalars.contains { !ChainFinder.Text.standsAlone($0.value) }, context)
            }
        }
        #expect(fast > 3_000 && slow > 1_000, "\(fast) read from bytes, \(slow) by the line")
    }
}
