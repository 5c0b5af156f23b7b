/// JSON text: the one quoter of the project, and an object written member by member.
public enum JSON {
    /// `s` as a JSON string: quotes, backslashes and control characters escaped.
    public static func quote(_ s: String) -> String {
        // Every byte to escape is ASCII and each is a scalar of its own: the UTF-8 is read
        // directly, and a string with none is quoted whole.
        let quoted = s.utf8.withContiguousStorageIfAvailable { bytes -> String in
            guard let first = bytes.firstIndex(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return "\"" + s + "\""
            }
            var out: [UInt8] = [UInt8(ascii: "\"")]
            out.reserveCapacity(bytes.count + 16)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
            for byte in UnsafeBufferPointer(rebasing: bytes[first...]) {
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case ..<0x20: out += Array(("\\u" + hex(UInt32(byte), width: 4)).utf8)
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        }
        if let quoted { return quoted }
        // A string without contiguous UTF-8 (bridged): quoted as a contiguous copy.
        var contiguous = s
        contiguous.makeContiguousUTF8()
        return quote(contiguous)
    }

    /// `["a","b"]`.
    public static func array(_ strings: [String]) -> String {
        "[" + strings.map(quote).joined(separator: ",") + "]"
    }

    /// An object built in order: `{"api":28,"root":false}`.
    public struct Object: Sendable {
        private var members: [String] = []

        public init() {}

        public mutating func add(_ key: String, _ value: String) { add(key, raw: quote(value)) }
        public mutating func add(_ key: String, _ value: Int) { add(key, raw: String(value)) }
        public mutating func add(_ key: String, _ value: Bool) { add(key, raw: value ? "true" : "false") }
        public mutating func add(_ key: String, _ values: [String]) { add(key, raw: array(values)) }

        /// A member whose value is already JSON text (an object or array written elsewhere).
        public mutating func add(_ key: String, raw value: String) { members.append(quote(key) + ":" + value) }

        public var text: String { "{" + members.joined(separator: ",") + "}" }
    }
}

/// YAML text, for the front matter the tools write.
public enum YAMLText {
    /// `text` as a YAML double-quoted scalar: `"` and `\` escaped, and every character YAML
    /// does not allow as is (controls, line separators, byte-order marks) written as an escape.
    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}": out += "\\0"
            case "\u{85}": out += "\\N"
            case "\u{A0}": out += "\\_"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) {
                    out += "\\x" + hex(value, width: 2, uppercase: true)
                } else if value == 0xFEFF || value == 0xFFFE || value == 0xFFFF {
                    out += "\\u" + hex(value, width: 4, uppercase: true)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// `value` in hexadecimal, zero-padded to `width` digits.
func hex(_ value: UInt32, width: Int, uppercase: Bool = false) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
