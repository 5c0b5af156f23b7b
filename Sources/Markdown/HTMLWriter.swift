import Encoding

/// The renderer's output: UTF-8 bytes with capacity reserved up front (appending bytes is a
/// copy; appending to a String cost more, and HTML made elsewhere as bytes would have been
/// checked again to become one). Escaping scans bytes and copies each run of ordinary text in one piece.
struct HTMLWriter: ~Copyable {
    private var output: ByteOutput

    init(capacity: Int) {
        output = ByteOutput(capacity: capacity)
    }

    /// How many bytes have been written.
    var count: Int { output.count }

    /// Calls `body` with the bytes written, read where they are.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        output.withBytes(body)
    }

    /// Markup written by the renderer (or trusted HTML from a callback).
    mutating func raw(_ s: String) {
        output.append(utf8: s)
    }

    /// Markup made elsewhere as UTF-8 bytes (an example's figure).
    mutating func raw(_ utf8: UnsafeBufferPointer<UInt8>) {
        output.append(utf8)
    }

    /// Starts a new line unless already at the start of one (or of the output).
    mutating func newlineIfNeeded() {
        if let last = output.last, last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
    }

    /// Text content or an attribute value: escapes & < > ".
    mutating func text(_ s: String) {
        appendEscaping(s, skipping: Self.holdsNoTextSpecial) { _, byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            default: nil
            }
        }
    }

    /// A name in code (`applicationWillResignActive(_:)`), escaped, with its line-break
    /// opportunities (`HTML.append(breakable:to:)`), written in place.
    mutating func breakable(_ name: String) {
        HTML.append(breakable: name, to: &output)
    }

    /// A URL inside a double-quoted attribute, made valid where the author's
    /// intent is plain: characters a valid URL cannot hold (spaces, controls,
    /// " < > \ ^ ` { | }, and [ ] outside the host, where only an IPv6 address
    /// may use them) are percent-encoded, and so are a `%` that starts no %XX
    /// escape and every `#` after the first; `&` is escaped. Existing escapes
    /// and non-ASCII text are kept. The URL's bytes are read in place: a copy was an
    /// allocation for every link.
    mutating func url(_ s: String) {
        s.withUTF8Bytes { bytes in
            let host = Self.authority(of: bytes)
            var fragment = false
            appendEscaping(bytes, skipping: Self.holdsNoURLSpecial) { i, byte in
                switch byte {
                case UInt8(ascii: "&"): return "&amp;"
                case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                    UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                    return Self.percentEncoded(byte)
                case UInt8(ascii: "["), UInt8(ascii: "]"):
                    return host.contains(i) ? nil : Self.percentEncoded(byte)
                case UInt8(ascii: "%"):
                    let escape = i + 2 < bytes.count && Self.isHexDigit(bytes[i + 1]) && Self.isHexDigit(bytes[i + 2])
                    return escape ? nil : Self.percentEncoded(byte)
                case UInt8(ascii: "#"):
                    defer { fragment = true }
                    return fragment ? Self.percentEncoded(byte) : nil
                default:
                    return nil
                }
            }
        }
    }

    /// The byte offsets of the authority (`user@host:port`) of `scheme://…` or
    /// `//…`; empty for other URLs.
    static func authority(of bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isSchemeStart(bytes[0]),
            bytes[1..<colon].allSatisfy(isSchemeByte)
        {
            start = colon + 1
        }
        guard bytes.count >= start + 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") else {
            return 0..<0
        }
        let from = start + 2
        let end = bytes[from...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        return from..<(end ?? bytes.count)
    }

    private static func isSchemeStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isSchemeStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// `%XX`, as a small string (three bytes: no allocation).
    private static func percentEncoded(_ byte: UInt8) -> String {
        let hexDigits: StaticString = "0123456789ABCDEF"
        return String(unsafeUninitializedCapacity: 3) { out in
            out[0] = UInt8(ascii: "%")
            out[1] = hexDigits.utf8Start[Int(byte >> 4)]
            out[2] = hexDigits.utf8Start[Int(byte & 0xF)]
            return 3
        }
    }

    /// Whether `url` may replace `byte`: a control or space, " # % & < > [ \\ ] ^ ` { | } or DEL. Read
    /// from two words with a bit for each ASCII byte: every byte of every link asks.
    static func mayReplaceInURL(_ byte: UInt8) -> Bool {
        byte < 0x40 ? (0x5000_006D_FFFF_FFFF as UInt64) >> byte & 1 != 0
            : byte < 0x80 && (0xB800_0001_7800_0000 as UInt64) >> (byte - 0x40) & 1 != 0
    }

    /// Whether `url` leaves all eight bytes of `word` as they are (most of a URL).
    static func holdsNoURLSpecial(_ word: UInt64) -> Bool {
        var rest = word
        for _ in 0..<8 {
            if mayReplaceInURL(UInt8(truncatingIfNeeded: rest)) { return false }
            rest >>= 8
        }
        return true
    }

    /// Whether none of the eight bytes of `word` is & < > or ".
    static func holdsNoTextSpecial(_ word: UInt64) -> Bool {
        WordLanes.mask(of: UInt8(ascii: "&"), in: word) | WordLanes.mask(of: UInt8(ascii: "<"), in: word)
            | WordLanes.mask(of: UInt8(ascii: ">"), in: word) | WordLanes.mask(of: UInt8(ascii: "\""), in: word) == 0
    }

    /// Copies `s`, replacing each byte for which `replacement` (given its
    /// offset and value) returns a string. Only ASCII bytes are replaced, so
    /// every cut falls between scalars. Eight bytes for which `skipping` says none is
    /// replaced are passed over at once (a text's words, most of it).
    private mutating func appendEscaping(_ s: String, skipping: (UInt64) -> Bool = { _ in false }, _ replacement: (Int, UInt8) -> String?) {
        s.withUTF8Bytes { appendEscaping($0, skipping: skipping, replacement) }
    }

    /// `appendEscaping` of valid UTF-8 bytes.
    private mutating func appendEscaping(
        _ text: UnsafeBufferPointer<UInt8>, skipping: (UInt64) -> Bool = { _ in false }, _ replacement: (Int, UInt8) -> String?
    ) {
        var runStart = 0
        var i = 0
        while i < text.count {
            if i + 8 <= text.count, let base = text.baseAddress, skipping(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            if let escaped = replacement(i, text[i]) {
                output.append(UnsafeBufferPointer(rebasing: text[runStart..<i]))
                raw(escaped)
                runStart = i + 1
            }
            i += 1
        }
        output.append(UnsafeBufferPointer(rebasing: text[runStart...]))
    }
}
