/// The renderer's output: one String with capacity reserved up front.
/// Escaping scans bytes and copies each run of ordinary text in one piece.
struct HTMLWriter {
    private(set) var html = ""

    init(capacity: Int) {
        html.reserveCapacity(capacity)
    }

    /// Markup written by the renderer (or trusted HTML from a callback).
    mutating func raw(_ s: String) {
        html += s
    }

    /// Starts a new line unless already at the start of one (or of the output).
    mutating func newlineIfNeeded() {
        if let last = html.utf8.last, last != UInt8(ascii: "\n") { html += "\n" }
    }

    /// Text content or an attribute value: escapes & < > ".
    mutating func text(_ s: String) {
        appendEscaping(s) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            default: nil
            }
        }
    }

    /// A URL inside a double-quoted attribute. Characters a valid URL cannot
    /// hold (spaces, controls, " < > \ ^ ` { | }) are percent-encoded, `&` is
    /// escaped; existing %XX escapes and non-ASCII text are kept.
    mutating func url(_ s: String) {
        appendEscaping(s) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                Self.percentEncoded(byte)
            default: nil
            }
        }
    }

    private static func percentEncoded(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    /// Copies `s`, replacing each byte for which `replacement` gives a string.
    /// Only ASCII bytes are replaced, so every cut falls between scalars.
    private mutating func appendEscaping(_ s: String, _ replacement: (UInt8) -> String?) {
        let utf8 = s.utf8
        var runStart = 0
        func flush(upTo end: Int) {
            if end > runStart {
                html += s[utf8.index(utf8.startIndex, offsetBy: runStart)..<utf8.index(utf8.startIndex, offsetBy: end)]
            }
        }
        let scanned: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            for i in bytes.indices {
                guard let escaped = replacement(bytes[i]) else { continue }
                flush(upTo: i)
                html += escaped
                runStart = i + 1
            }
        }
        if scanned == nil {
            for (i, byte) in utf8.enumerated() {
                guard let escaped = replacement(byte) else { continue }
                flush(upTo: i)
                html += escaped
                runStart = i + 1
            }
        }
        if runStart == 0 {
            html += s
        } else {
            flush(upTo: utf8.count)
        }
    }
}
