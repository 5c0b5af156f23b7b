import Foundation
import Testing
import TestSupport

@testable import Highlight

/// `Cursor` decodes its input's UTF-8 itself; the string's own scalars and their widths, as it
/// read them before, are the reference.
@Suite struct CursorDecodingTests {
    static func reference(_ text: String) -> (scalars: [Unicode.Scalar], offsets: [Int]?) {
        let scalars = Array(text.unicodeScalars)
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return (scalars, nil) }
        var offsets = [0]
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + UTF8.width(scalar)) }
        return (scalars, offsets)
    }

    static func check(_ text: String) {
        let (scalars, offsets) = Array(text.utf8).withUnsafeBufferPointer(Cursor.scalarsAndOffsets)
        let expected = Self.reference(text)
        #expect(scalars == expected.scalars, "\(text.debugDescription)")
        #expect(offsets == expected.offsets, "\(text.debugDescription)")
    }

    @Test func everyWidthAndItsEdges() {
        let edges: [UInt32] = [0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF]
        for value in edges {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            for sample in [text, "a" + text, text + "b", text + text] { Self.check(sample) }
        }
        for sample in ["", "let a = 1\n", "// Привет\nlet é = \"e\u{301}\"\t// 🍎👩‍👩‍👧\r\n", "\r\n\t"] { Self.check(sample) }
    }

    @Test func randomCode() {
        let pieces = [
            "let", " ", "\t", "\n", "\r\n", "\"", "\\(", ")", "//", "/*", "*/", "é", "e\u{301}", "ж", "слово", "—", "→", "🍎",
            "👍🏽", "日本", "\u{0}", "\u{7F}", "\u{80}", "\u{FEFF}", "𝔘", "1_000", "#", "`",
        ]
        let seed = ProcessInfo.processInfo.environment["CURSOR_DECODING_SEED"].flatMap { UInt64($0) } ?? 0xC0_0025
        var random = SeededRandom(seed: seed)
        for _ in 0..<3000 {
            Self.check((0..<random.below(30)).map { _ in random.pick(pieces) }.joined())
        }
    }

    /// ASCII is found eight bytes at a time: runs of every length around a scalar that is not
    /// ASCII, at every place within a word, and inputs of ASCII only.
    @Test func asciiRunsOfEveryLength() {
        for length in 0..<40 {
            let run = String(repeating: "x", count: length)
            for other in ["", "é", "ж", "→", "🍎", "\u{7F}", "\u{80}"] {
                for sample in [run + other, other + run, run + other + run, run + other + "y" + other + run] { Self.check(sample) }
            }
        }
    }
}

/// Identifiers are read with a table for ASCII: the same scalars as `isIdentifierContinue` takes.
@Suite struct IdentifierScanTests {
    @Test func asciiTableIsTheProperty() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(Cursor.continuesASCIIIdentifier(value) == scalar.isIdentifierContinue, "\(value)")
        }
    }

    /// From every position of random code, the identifier scan stops where `advance(while:)` does.
    @Test func scanStopsWhereThePropertyDoes() {
        let pieces = ["let", "x", "_", "9", "Z", " ", ".", "(", "é", "e\u{301}", "ж", "٣", "😀", "@", "`", "$0", "\u{7F}", "\n"]
        var random = SeededRandom(seed: 0x1DE_0001)
        var stops = Set<Int>()
        for _ in 0..<1000 {
            let text = (0..<random.below(12)).map { _ in random.pick(pieces) }.joined()
            for start in 0..<(text.unicodeScalars.count + 1) {
                var fast = Cursor(text)
                fast.advance(start)
                var reference = fast
                fast.advanceOverIdentifier()
                reference.advance(while: \.isIdentifierContinue)
                #expect(fast.position == reference.position, "\(text.debugDescription) from \(start)")
                stops.insert(fast.position - start)
            }
        }
        #expect(stops.count > 5, "\(stops.sorted()) scalars taken")
    }
}
