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

    /// Lets `write` put at most `maximum` bytes after the last; it returns how many it wrote.
    @inline(__always)
    mutating func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        output.append(atMost: maximum, write)
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
        var index = 0
        while index < count {
            // The bytes up to the next that needs escaping, copied as they are scanned: a page's
            // text is most of its search file and has few quotes, and scanning it, then copying
            // each stretch between two escapes (a call to memcpy, byte by byte past a few KiB),
            // read every byte twice.
            let start = index
            append(atMost: count - start + Self.copySlack) { out in
                let copied = Self.copyUnescaped(base, from: start, to: count, into: out)
                index = start + copied
                return copied
            }
            guard index < count else { break }
            let escaped = base[index]
            index += 1
            byte(UInt8(ascii: "\\"))
            switch escaped {
            case UInt8(ascii: "\""): byte(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): byte(UInt8(ascii: "\\"))
            case 0x0A: byte(UInt8(ascii: "n"))
            case 0x0D: byte(UInt8(ascii: "r"))
            case 0x09: byte(UInt8(ascii: "t"))
            default:
                raw([UInt8(ascii: "u"), 0x30, 0x30, HexDigits.lowercase(escaped >> 4), HexDigits.lowercase(escaped)])
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// Bytes past those copied that `copyUnescaped` may write: it stores sixteen at a time.
    static let copySlack = 16

    /// Copies `base[from..<to]` to `out` up to the first byte that needs escaping (excluded);
    /// returns how many it copied. `out` has room for them and `copySlack` bytes more: sixteen
    /// bytes are checked and stored at once (those past an escape are overwritten next).
    @inline(__always)
    static func copyUnescaped(_ base: UnsafePointer<UInt8>, from: Int, to count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var index = from
        // Offsets within the text are wrapping sums and differences: they cannot overflow.
        while index &+ 16 <= count {
            let source = UnsafeRawPointer(base + index)
            let bytes = source.loadUnaligned(as: (UInt64, UInt64).self)
            UnsafeMutableRawPointer(out + (index &- from)).storeBytes(of: bytes, as: (UInt64, UInt64).self)
            if ByteLanes.vectorized {
                let escapes = ByteLanes.jsonEscapes(source)
                if escapes != 0 { return index &+ escapes.trailingZeroBitCount &- from }
            } else {
                let first = escapeLanes(bytes.0)
                let second = escapeLanes(bytes.1)
                if first | second != 0 { return index &+ (first != 0 ? first.trailingZeroBitCount >> 3 : 8 &+ second.trailingZeroBitCount >> 3) &- from }
            }
            index &+= 16
        }
        while index < count && !needsEscape(base[index]) {
            out[index &- from] = base[index]
            index &+= 1
        }
        return index &- from
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
