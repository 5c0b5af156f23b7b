/// Escapes `& < > " '` for use in HTML text and quoted attribute values.
public func htmlEscape(_ s: String) -> String {
    var out = ""
    appendHTMLEscaped(s, to: &out)
    return out
}

/// Appends `s` escaped to `out` without building an intermediate string.
/// Copies unescaped runs as whole slices; all five specials are ASCII, so a
/// UTF-8 index at one of them is always a valid `String` index.
func appendHTMLEscaped(_ s: String, to out: inout String) {
    // Most values need no escaping: check the raw bytes first, which is far
    // cheaper than walking String indices.
    let clean = s.utf8.withContiguousStorageIfAvailable { bytes in
        !bytes.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
    }
    if clean == true {
        out += s
        return
    }
    let utf8 = s.utf8
    var runStart = utf8.startIndex
    var i = runStart
    while i != utf8.endIndex {
        let replacement: String
        switch utf8[i] {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        case UInt8(ascii: "'"): replacement = "&#39;"
        default:
            utf8.formIndex(after: &i)
            continue
        }
        if runStart != i { out += s[runStart..<i] }
        out += replacement
        utf8.formIndex(after: &i)
        runStart = i
    }
    if runStart == utf8.startIndex {
        out += s  // nothing to escape: no slicing at all
    } else if runStart != utf8.endIndex {
        out += s[runStart...]
    }
}
