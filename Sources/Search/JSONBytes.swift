import Encoding
import Foundation

/// JSON text written straight into bytes: the index's files hold a few hundred thousand strings
/// and numbers, and building each as a `String` (then joining them) cost more than the indexing.
/// Writes exactly what `Encoding.JSON.quote` and `String(Int)` write.
///
/// The bytes gather in a `ByteOutput` whose storage is handed whole to the `Data` of the file
/// (`data()`): every shard and page file was copied once more from an array into its `Data`.
struct JSONBytes: ~Copyable {
    private var output: ByteOutput

    init(capacity: Int = 0) {
        output = ByteOutput(capacity: capacity)
    }

    var count: Int { output.count }

    /// The bytes as the file's `Data`, which takes their storage (no copy) and frees it.
    consuming func data() -> Data {
        let storage = output.takeStorage()
        return Data(bytesNoCopy: storage.base, count: storage.count, deallocator: .custom { bytes, _ in bytes.deallocate() })
    }

    /// A copy of the bytes.
    var bytes: [UInt8] { output.bytes }

    /// Calls `body` with the bytes (valid only during the call).
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        output.withBytes(body)
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) { output.append(value) }

    mutating func raw(_ buffer: [UInt8]) { buffer.withUnsafeBufferPointer { append($0) } }

    mutating func raw(_ buffer: ArraySlice<UInt8>) { buffer.withUnsafeBufferPointer { append($0) } }

    /// Appends `source`'s bytes as they are.
    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        append(start, count: source.count)
    }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        output.append(source, count: length)
    }

    /// `value` in decimal.
    mutating func int(_ value: Int) {
        guard value >= 0 else {
            // Never written by the index (counts and lengths); as `String(Int)` has it.
            raw(Array(String(value).utf8))
            return
        }
        output.append(atMost: DecimalDigits.maxCount) { DecimalDigits.write(value, into: $0) }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest
    /// (all of non-ASCII included) as is.
    mutating func quoted(_ text: String) {
        text.withUTF8Bytes { quoted($0) }
    }

    /// `source` (valid UTF-8) as a JSON string.
    mutating func quoted(_ source: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        guard let base = source.baseAddress else {
            byte(UInt8(ascii: "\""))
            return
        }
        let count = source.count
        var runStart = 0
        var index = 0
        while index < count {
            // Sixteen bytes at once while none of them needs escaping (a page's text is most of
            // its search file, and it has few quotes), else straight to the first that does: an
            // inexact test made each quote cost a look at up to eight windows.
            if ByteLanes.vectorized && index + 16 <= count {
                // The same, from one vector compare.
                let escapes = ByteLanes.jsonEscapes(UnsafeRawPointer(base + index))
                if escapes == 0 {
                    index += 16
                    continue
                }
                index += escapes.trailingZeroBitCount
            } else if index + 16 <= count {
                let first = Self.escapeLanes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let second = Self.escapeLanes(UnsafeRawPointer(base + index + 8).loadUnaligned(as: UInt64.self))
                if first | second == 0 {
                    index += 16
                    continue
                }
                index += first != 0 ? first.trailingZeroBitCount >> 3 : 8 + second.trailingZeroBitCount >> 3
            } else if !Self.needsEscape(base[index]) {
                index += 1
                continue
            }
            let escaped = base[index]
            if runStart < index { append(base + runStart, count: index - runStart) }
            index += 1
            runStart = index
            byte(UInt8(ascii: "\\"))
            switch escaped {
            case UInt8(ascii: "\""): byte(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): byte(UInt8(ascii: "\\"))
            case 0x0A: byte(UInt8(ascii: "n"))
            case 0x0D: byte(UInt8(ascii: "r"))
            case 0x09: byte(UInt8(ascii: "t"))
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                raw([UInt8(ascii: "u"), 0x30, 0x30, hex[Int(escaped >> 4)], hex[Int(escaped & 15)]])
            }
        }
        if runStart < count { append(base + runStart, count: count - runStart) }
        byte(UInt8(ascii: "\""))
    }

    /// A control character, a quote or a backslash: what JSON escapes.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }

    /// `needsEscape` of eight bytes at once (in memory order, read as a little-endian word):
    /// the high bit of each lane set when its byte needs escaping. Exact lane by lane: each sum
    /// stays below 0x100, so no carry crosses into the next lane.
    @inline(__always)
    static func escapeLanes(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highs: UInt64 = 0x8080_8080_8080_8080
        // The high bit set in each lane that is not the byte sought: 0x20 and up (or 0x80 and up),
        // or any byte but a quote, or any byte but a backslash.
        let notControl = (word & lows) &+ 0x6060_6060_6060_6060 | word
        let quotes = word ^ 0x2222_2222_2222_2222
        let notQuote = (quotes & lows) &+ lows | quotes
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let notBackslash = (backslashes & lows) &+ lows | backslashes
        return ~(notControl & notQuote & notBackslash) & highs
    }
}
