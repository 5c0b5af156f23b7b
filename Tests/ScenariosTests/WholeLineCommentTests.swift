import Testing
import TestSupport

import Encoding
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
                #expect(text.unicodeScalars.contains { !UTF8Scalar.standsAlone($0.value) }, context)
            }
        }
        #expect(fast > 3_000 && slow > 1_000, "\(fast) read from bytes, \(slow) by the line")
    }

    /// The eight-bytes-at-a-time reading agrees with the scalar-by-scalar one on long lines: runs
    /// of ASCII of every length, a "\r" or a scalar that joins its neighbours anywhere in them.
    @Test func wordsGiveTheScalarReading() {
        let seed = 0x5CA1_A125 &+ SeededRandom.seedOffset("STAND_ALONE_SEED")
        var random = SeededRandom(seed: seed)
        let rare = ["\r", "é", "e\u{301}", "Ж", "→", "状态", "😀", "\u{A0}", "\u{200B}", "\u{7F}", "\u{80}"]
        var standing = 0
        var joining = 0
        for n in 0..<20_000 {
            var text = ""
            for _ in 0..<random.below(5) {
                text += String(repeating: random.pick(["a", " ", "#", "-", "~"]), count: random.below(20))
                if random.below(3) == 0 { text += random.pick(rare) }
            }
            let bytes = Array(text.utf8)
            // Every scalar boundary as a start.
            let starts = [0] + text.unicodeScalars.indices.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
            let start = random.pick(starts)
            let fast = bytes.withUnsafeBufferPointer { SourceLine.scalarsStandAlone($0, from: start) }
            let reference = bytes.withUnsafeBufferPointer { SourceLine.scalarsStandAloneByScalars($0, from: start) }
            #expect(fast == reference, "#\(n) (seed \(seed)) from \(start): \(text.debugDescription)")
            if reference { standing += 1 } else { joining += 1 }
        }
        #expect(standing > 3_000 && joining > 3_000, "\(standing) stand alone, \(joining) do not")
    }
}
