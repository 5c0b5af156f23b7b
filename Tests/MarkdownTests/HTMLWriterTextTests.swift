import Foundation
import Testing
import TestSupport

@testable import Markdown

/// `HTMLWriter.text` passes over eight bytes at a time when none is & < > or ": it must escape
/// exactly as a byte-by-byte escaper, wherever the specials fall.
@Suite struct HTMLWriterTextTests {
    static func reference(_ text: String) -> String {
        let escapes: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]
        return text.unicodeScalars.map { escapes[$0] ?? String($0) }.joined()
    }

    /// The seed of the random texts: `HTML_TEXT_SEED` when set (to try others), else a fixed one.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["HTML_TEXT_SEED"].flatMap { UInt64($0) } ?? 0x7E47_0018
    }

    @Test func escapesAsTheByteByByteEscaper() {
        let pieces = ["a", "word ", "&", "<", ">", "\"", "'", "%", "=", "?", "Привет", "é", "🍎", " ", "\n", "\u{0}", "&amp;", "\u{26}\u{301}"]
        var random = SeededRandom(seed: Self.seed)
        var escapedSome = 0
        for _ in 0..<3000 {
            let text = (0..<random.below(40)).map { _ in random.pick(pieces) }.joined()
            var writer = HTMLWriter(capacity: 16)
            writer.raw("x")
            writer.text(text)
            let expected = "x" + Self.reference(text)
            if expected.utf8.count != text.utf8.count + 1 { escapedSome += 1 }
            #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == expected, "\(text.debugDescription)")
        }
        #expect(escapedSome > 1000)
    }

    /// Every special at every place of a 24-byte text, and each of the eight-byte tests.
    @Test func everySpecialAtEveryOffset() {
        for special in ["&", "<", ">", "\"", "'"] {
            for offset in 0..<24 {
                var bytes = Array(repeating: UInt8(ascii: "b"), count: 24)
                bytes[offset] = special.utf8.first ?? 0
                let text = String(decoding: bytes, as: UTF8.self)
                var writer = HTMLWriter(capacity: 16)
                writer.text(text)
                #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == Self.reference(text), "\(special) at \(offset)")
            }
        }
        for byte in UInt8.min...UInt8.max {
            let word = UInt64(byte) << 24 | 0x6161_6161_0061_6161
            let special = byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            #expect(HTMLWriter.holdsNoTextSpecial(word) == !special, "\(byte)")
        }
    }
}
