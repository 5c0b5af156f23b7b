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
            guard bytes.contains(where: isSpecial) else { return nil }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(bytes.count + 32)
            forEachPiece(escaping: bytes) { buffer.append(contentsOf: $0) }
            return String(decoding: buffer, as: UTF8.self)
        }
        out += escaped ?? s
    }

    /// Appends `s` escaped to `out`, as bytes (the Mustache renderer and the highlighter build
    /// their output as bytes: appending to a `String` cost several hundred instructions a piece).
    public static func append(escaping s: String, to out: inout ByteOutput) {
        s.withUTF8Bytes { bytes in append(escaping: bytes, to: &out) }
    }

    /// Appends the UTF-8 `bytes` escaped to `out`.
    public static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteOutput) {
        forEachPiece(escaping: bytes) { out.append($0) }
    }

    /// Calls `emit` with the pieces of `bytes` escaped, in order: runs of the text as they are,
    /// and the replacements of the specials between them.
    @inline(__always)
    private static func forEachPiece(escaping bytes: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time up to the first special: most values hold none.
            if index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let before = specialLanes(word).trailingZeroBitCount / 8
                index += before
                if before == 8 { continue }
            }
            // Every special is at most ">" (0x3E): most bytes of a text are past it.
            if bytes[index] <= UInt8(ascii: ">"), let replacement = replacement(for: bytes[index]) {
                emit(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                replacement.withUTF8Buffer(emit)
                start = index + 1
            }
            index += 1
        }
        emit(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// The top bit of the bytes of `word` that are specials, exact up to the first one: each
    /// byte's mark is, and a wrong mark only ever follows a right one. Zero when there is none.
    /// Three tests rather than five: "<" (0x3C) and ">" (0x3E) differ only in bit 1, and "&" (0x26)
    /// and "'" (0x27) only in bit 0, so clearing that bit of every byte leaves one byte to look for
    /// each pair (no other byte becomes it; bytes past 0x7F stay past it).
    static func specialLanes(_ word: UInt64) -> UInt64 {
        WordLanes.mask(of: UInt8(ascii: "<"), in: word & 0xFDFD_FDFD_FDFD_FDFD)
            | WordLanes.mask(of: UInt8(ascii: "&"), in: word & 0xFEFE_FEFE_FEFE_FEFE)
            | WordLanes.mask(of: UInt8(ascii: "\""), in: word)
    }

    private static func isSpecial(_ byte: UInt8) -> Bool { replacement(for: byte) != nil }

    private static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    /// The longest name `breakable(name:)` writes whole: one of 12 characters fits a narrow
    /// trace cell as it is, a longer one is given places to break.
    public static let unbrokenNameLimit = 12

    /// `name` (a callback such as `applicationWillResignActive` or
    /// `application(_:didFinishLaunchingWithOptions:)`) escaped, with a `<wbr>` where a line
    /// may break inside it: after a `:` that more of the name follows, and before a
    /// capital letter that follows a lowercase letter or a digit, unless that would leave fewer
    /// than three characters before it since the last break (`onUser`, not `on` alone at a line's
    /// end). A trace table's cell can then wrap a long name at its words ("applicationWillResign /
    /// Active") instead of pushing the table past a narrow column (a tutorial's examples beside
    /// its text, a phone). A name of `unbrokenNameLimit` characters or fewer is only escaped: a
    /// `<wbr>` costs five bytes.
    public static func breakable(name: String) -> String {
        var out = ByteOutput(capacity: name.utf8.count + 32)
        append(breakable: name, to: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `breakable(name:)` appended to `out`, read on the name's bytes: the rule's characters
    /// are ASCII, and a scalar of any other kind only counts towards the three before a break
    /// (a String piece made and escaped for each part cost some 27,000 instructions a name).
    public static func append(breakable name: String, to out: inout ByteOutput) {
        name.withUTF8Bytes { bytes in
            // Scalars, not bytes, are counted: a lead byte starts one, a continuation byte does not.
            var scalars = 0
            for byte in bytes where byte & 0xC0 != 0x80 { scalars += 1 }
            guard scalars > unbrokenNameLimit else { return append(escaping: bytes, to: &out) }
            var start = 0  // where the piece since the last break starts, in bytes
            var sinceBreak = 0  // scalars since it
            var previous: UInt8 = 0  // the last scalar's first byte
            for index in bytes.indices where bytes[index] & 0xC0 != 0x80 {
                let byte = bytes[index]
                if index > 0, sinceBreak >= 3, breaksBefore(byte, after: previous) {
                    append(escaping: UnsafeBufferPointer(rebasing: bytes[start..<index]), to: &out)
                    out.append(utf8: "<wbr>")
                    start = index
                    sinceBreak = 0
                }
                previous = byte
                sinceBreak += 1
            }
            append(escaping: UnsafeBufferPointer(rebasing: bytes[start...]), to: &out)
        }
    }

    /// Whether `breakable(name:)` puts a `<wbr>` between the scalars starting with these bytes
    /// (only ASCII ones matter: a non-ASCII lead byte is no `:`, `)`, capital, lowercase or digit).
    private static func breaksBefore(_ byte: UInt8, after previous: UInt8) -> Bool {
        if byte == UInt8(ascii: ")") { return false }
        if previous == UInt8(ascii: ":") { return true }
        let isCapital = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        return isCapital && ((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(previous) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(previous))
    }
}
