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
    mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            // -Int.min does not fit; no count here comes near it, but stay correct.
            if value == Int.min {
                bytes.append(contentsOf: String(value).utf8.dropFirst())
                return
            }
            int(-value)
            return
        }
        // Most numbers of the index (sections, counts, lengths) have one to four digits:
        // written digit by digit with divisions by constants, no buffer to copy.
        if value < 10 {
            bytes.append(0x30 + UInt8(value))
            return
        }
        if value < 100 {
            bytes.append(0x30 + UInt8(value / 10))
            bytes.append(0x30 + UInt8(value % 10))
            return
        }
        if value < 1000 {
            bytes.append(0x30 + UInt8(value / 100))
            bytes.append(0x30 + UInt8(value / 10 % 10))
            bytes.append(0x30 + UInt8(value % 10))
            return
        }
        if value < 10000 {
            bytes.append(0x30 + UInt8(value / 1000))
            bytes.append(0x30 + UInt8(value / 100 % 10))
            bytes.append(0x30 + UInt8(value / 10 % 10))
            bytes.append(0x30 + UInt8(value % 10))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = 0x30 + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(20 - count)...]))
        }
    }

    /// The most digits `decimal` writes (`Int.max` has 19).
    static let maxDecimalDigits = 19

    /// Writes `value` (not negative: counts, sections, lengths) in decimal at `out`; returns
    /// how many digits it wrote, at most `maxDecimalDigits`.
    @inline(__always)
    static func decimal(_ value: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: max(value, 0))
            return 1
        }
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = value
        var index = digits
        while index > 0 {
            index -= 1
            out[index] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return digits
    }

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
