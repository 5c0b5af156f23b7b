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
        if value < 10 {
            bytes.append(0x30 + UInt8(value))
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
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
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
        for index in 0..<source.count {
            let byte = source[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
            runStart = index + 1
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
}
