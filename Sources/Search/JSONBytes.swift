import Encoding
import Foundation

/// JSON text written straight into bytes: the index's files hold a few hundred thousand strings
/// and numbers, and building each as a `String` (then joining them) cost more than the indexing.
/// Writes exactly what `Encoding.JSON.quote` and `String(Int)` write.
struct JSONBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    var data: Data { Data(bytes) }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func raw(_ buffer: [UInt8]) { bytes.append(contentsOf: buffer) }

    /// `value` in decimal.
    mutating func int(_ value: Int) { DecimalDigits.append(value, to: &bytes) }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest
    /// (all of non-ASCII included) as is.
    mutating func quoted(_ text: String) {
        var text = text
        text.withUTF8 { quoted($0) }
    }

    /// `source` (valid UTF-8) as a JSON string.
    mutating func quoted(_ source: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = source.count
        while index < count {
            // Eight bytes at once while none of them needs escaping: a page's text is most of
            // its search file, and it has few quotes.
            if index + 8 <= count, let base = source.baseAddress,
                !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let at = index
            let byte = source[at]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < at { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<at])) }
            runStart = at + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            }
        }
        if runStart < source.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...])) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether one of the eight bytes of `word` may be a control character, a quote or a
    /// backslash (exact when false): the usual tests for a zero or a smaller byte in a word.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeros = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
        return below20 | zeros != 0
    }
}
