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
            guard let first = firstSpecial(bytes) else { return nil }
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

    /// The offset of the first special byte: eight bytes at a time while none of them is one
    /// (most values have none at all), then byte by byte.
    static func firstSpecial(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count, !mayHoldSpecial(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) {
                offset += 8
            }
        }
        while offset < bytes.count {
            if isSpecial(bytes[offset]) { return offset }
            offset += 1
        }
        return nil
    }

    /// Whether one of eight bytes is `& < > " '` (the usual zero-byte test on the word XORed
    /// with each: exact about whether there is one).
    private static func mayHoldSpecial(_ word: UInt64) -> Bool {
        func hasZero(_ v: UInt64) -> Bool { (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080 != 0 }
        return hasZero(word ^ 0x2626_2626_2626_2626) || hasZero(word ^ 0x3C3C_3C3C_3C3C_3C3C) || hasZero(word ^ 0x3E3E_3E3E_3E3E_3E3E)
            || hasZero(word ^ 0x2222_2222_2222_2222) || hasZero(word ^ 0x2727_2727_2727_2727)
    }

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
