/// Escaping for HTML and SVG: the one escaper of the project.
public enum HTML {
    /// `s` with `& < > " '` escaped: safe as element text and inside a single- or
    /// double-quoted attribute value.
    public static func escape(_ s: String) -> String {
        var out = ""
        append(escaping: s, to: &out)
        return out
    }

    /// Appends `s` escaped to `out` without an intermediate string. Unescaped runs are
    /// copied as whole slices; the five specials are ASCII, so a UTF-8 index at one of
    /// them is always a valid `String` index.
    public static func append(escaping s: String, to out: inout String) {
        // Most values need no escaping: the raw bytes are far cheaper to check than String indices.
        let clean = s.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains(where: isSpecial) }
        if clean ?? !s.utf8.contains(where: isSpecial) {
            out += s
            return
        }
        let utf8 = s.utf8
        var runStart = utf8.startIndex
        var i = runStart
        while i != utf8.endIndex {
            guard let replacement = replacement(for: utf8[i]) else {
                utf8.formIndex(after: &i)
                continue
            }
            if runStart != i { out += s[runStart..<i] }
            out += replacement
            utf8.formIndex(after: &i)
            runStart = i
        }
        if runStart != utf8.endIndex { out += s[runStart...] }
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
