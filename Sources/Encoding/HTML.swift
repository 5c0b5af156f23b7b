/// Escaping for HTML and SVG: the one escaper of the project.
public enum HTML {
    /// `s` with `& < > " '` escaped: safe as element text and inside a single- or
    /// double-quoted attribute value.
    public static func escape(_ s: String) -> String {
        var out = ""
        append(escaping: s, to: &out)
        return out
    }

    /// Appends `s` escaped to `out`. The five specials are ASCII, so the UTF-8 bytes are
    /// scanned directly: most values have none and are appended whole; the others are
    /// escaped into one byte buffer (appending a slice per run cost more than the text).
    public static func append(escaping s: String, to out: inout String) {
        var s = s
        let escaped = s.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: isSpecial) else { return nil }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(bytes.count + 32)
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
            for byte in UnsafeBufferPointer(rebasing: bytes[first...]) {
                if let replacement = replacement(for: byte) {
                    buffer.append(contentsOf: replacement.utf8)
                } else {
                    buffer.append(byte)
                }
            }
            return String(decoding: buffer, as: UTF8.self)
        }
        out += escaped ?? s
    }

    private static func isSpecial(_ byte: UInt8) -> Bool { replacement(for: byte) != nil }

    private static func replacement(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
