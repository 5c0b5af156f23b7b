import Testing
import TestSupport

@testable import Markdown

/// `HTMLWriter.url` reads the URL's bytes in place (it copied them into an array) and makes its
/// `%XX` without arrays: it must write exactly what the old code wrote, kept here as the reference.
@Suite struct HTMLWriterURLTests {
    /// The old `url(_:)`, over a copy of the bytes, writing into a string. The authority is found
    /// as before (only the way its bytes are passed changed).
    static func reference(_ s: String) -> String {
        let bytes = Array(s.utf8)
        let host = bytes.withUnsafeBufferPointer { HTMLWriter.authority(of: $0) }
        var fragment = false
        var out: [UInt8] = []
        func percentEncoded(_ byte: UInt8) -> [UInt8] {
            let digits = Array("0123456789ABCDEF".utf8)
            return [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
        }
        func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                out += percentEncoded(byte)
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                out += host.contains(i) ? [byte] : percentEncoded(byte)
            case UInt8(ascii: "%"):
                let escape = i + 2 < bytes.count && isHexDigit(bytes[i + 1]) && isHexDigit(bytes[i + 2])
                out += escape ? [byte] : percentEncoded(byte)
            case UInt8(ascii: "#"):
                out += fragment ? percentEncoded(byte) : [byte]
                fragment = true
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `HTML_URL_SEED` when set (to try others), else a fixed one.
    static let seed: UInt64 = 0x0005_1D27 &+ SeededRandom.seedOffset("HTML_URL_SEED")

    @Test func writesAsTheOldCode() {
        let pieces = [
            "https:", "http:", "//", "/", "a", "B", "9", "+", "-", ".", ":", "[", "]", "::1", "%", "%2F", "%g1", "#", "?",
            "&", " ", "\t", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "\u{7F}", "\u{1}", "é", "Привет", "🍎",
            "user@host", "x.md", "mailto:", "", "%4", "%%",
        ]
        var random = SeededRandom(seed: Self.seed)
        var encodedSome = 0
        for _ in 0..<4000 {
            let url = (0..<random.below(16)).map { _ in random.pick(pieces) }.joined()
            let reference = Self.reference(url)
            if reference.utf8.count != url.utf8.count { encodedSome += 1 }
            #expect(Self.written(url) == "x" + reference, "\(url.debugDescription)")
        }
        #expect(encodedSome > 1000)
    }

    @Test func everyByteAlone() {
        for byte in UInt8(0)..<0x80 {
            let url = "https://h/a" + String(UnicodeScalar(byte)) + "b"
            #expect(Self.written(url) == "x" + Self.reference(url), "\(byte)")
        }
    }

    /// What `url` writes after an "x" already written.
    static func written(_ url: String) -> String {
        var writer = HTMLWriter(capacity: 8)
        writer.raw("x")
        writer.url(url)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes `url` passes over eight at a time are exactly those it never replaces.
    @Test func bytesPassedOverAreNeverReplaced() {
        let replaceable = Set(Array(0...0x20) + [0x7F] + Array("\"#%&<>[\\]^`{|}".utf8).map(Int.init))
        for byte in UInt8.min...UInt8.max {
            #expect(HTMLWriter.mayReplaceInURL(byte) == replaceable.contains(Int(byte)), "\(byte)")
            let word = UInt64(byte) << 40 | 0x6161_0061_6161_6161
            #expect(HTMLWriter.holdsNoURLSpecial(word) == !replaceable.contains(Int(byte)), "\(byte)")
        }
    }
}
