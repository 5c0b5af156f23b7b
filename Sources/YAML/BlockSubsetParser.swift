/// Parses the plain YAML that front matter and config files are written in, straight from the
/// bytes, into the nodes and marks libyaml's events give (libyaml cost ~200 k instructions a page).
///
/// The subset: block mappings of plain keys, one entry a line; values that are single-line plain,
/// single- or double-quoted scalars, a one-line flow sequence of such scalars, a nested block
/// mapping, a block sequence of single-line scalars, or nothing; blank and comment lines. Anything
/// else (anchors, aliases, tags, block scalars, flow mappings, multi-line scalars, tabs, CR, NEL,
/// LS, PS, a BOM, control characters, document markers, duplicate keys, odd indentation, every
/// error) gives nil, and libyaml parses the text with its own messages and places.
struct BlockSubsetParser: ~Copyable {
    /// Deeper nesting is left to libyaml (and `TreeBuilder`'s limit).
    static let maxDepth = 32
    /// libyaml ends a simple key after 1024 characters; longer ones are left to it.
    static let maxKeyLength = 1000

    private let bytes: UnsafeBufferPointer<UInt8>
    private var marks: MarkConverter
    /// Start of the line being read, its 0-based number, and the reading position on it.
    private var lineStart = 0
    private var line = 0
    private var cursor = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.marks = MarkConverter(bytes: bytes)
    }

    /// The document's root, or nil when the text is not in the subset (an empty text included).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> YAMLNode? {
        guard charactersAreInSubset(bytes) else { return nil }
        var parser = BlockSubsetParser(bytes)
        guard let first = parser.nextContentLine(), let root = parser.mapping(indent: first.indent, depth: 1), parser.nextContentLine() == nil
        else { return nil }
        return root
    }

    // MARK: Characters

    /// Every byte is valid UTF-8 of a character libyaml reads as itself: printable, no tab, CR,
    /// NEL, LS, PS or byte-order mark (libyaml errors on the rest, or treats them specially).
    static func charactersAreInSubset(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F || byte == 0x0A else { return false }
                i += 1
                continue
            }
            guard let (scalar, length) = decodeScalar(bytes, at: i) else { return false }
            // C1 controls (NEL among them), LS and PS, the byte-order mark and non-characters.
            if scalar < 0xA0 || scalar == 0x2028 || scalar == 0x2029 || scalar == 0xFEFF || scalar == 0xFFFE || scalar == 0xFFFF {
                return false
            }
            i += length
        }
        return true
    }

    /// The scalar of the well-formed UTF-8 sequence at `i` and its length, or nil.
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
        let lead = bytes[i]
        let length: Int
        var scalar: UInt32
        var lowest: UInt32
        switch lead {
        case 0xC2...0xDF: (length, scalar, lowest) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, scalar, lowest) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, scalar, lowest) = (4, UInt32(lead & 0x07), 0x10000)
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let next = bytes[i + k]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return (scalar, length)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether a plain scalar in block context may start at `i`: a letter, digit or other
    /// character that is no indicator; `-`, `.`, `+`, `?` and `:` only before a letter or digit.
    private func startsPlain(at i: Int) -> Bool {
        let byte = bytes[i]
        if byte >= 0x80 || Self.isAlphanumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: "~"), UInt8(ascii: "$"),
            UInt8(ascii: "^"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "<"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "+"):
            return i + 1 < bytes.count && Self.isAlphanumeric(bytes[i + 1])
        default:
            return false
        }
    }

    private func isLineEnd(_ i: Int) -> Bool { i >= bytes.count || bytes[i] == 0x0A }

    // MARK: Lines

    /// Moves to the next line that holds content, past blank and comment lines; its start and
    /// indentation, or nil at the end of the text. A document marker is content: callers reject it.
    private mutating func nextContentLine() -> (start: Int, indent: Int)? {
        while lineStart < bytes.count {
            var i = lineStart
            while i < bytes.count && bytes[i] == 0x20 { i += 1 }
            if i < bytes.count && bytes[i] != 0x0A && bytes[i] != UInt8(ascii: "#") {
                cursor = lineStart
                return (lineStart, i - lineStart)
            }
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            startLine(at: i + 1)
        }
        cursor = bytes.count
        return nil
    }

    private mutating func startLine(at start: Int) {
        lineStart = start
        line += 1
        cursor = start
    }

    /// After a value: only spaces and a comment may follow on the line; moves to the next line.
    private mutating func finishLine() -> Bool {
        var i = cursor
        while i < bytes.count && bytes[i] == 0x20 { i += 1 }
        if i < bytes.count && bytes[i] == UInt8(ascii: "#") {
            // A comment must be set off by white space (here always a space or the line start).
            guard i > cursor || i == lineStart else { return false }
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
        }
        guard isLineEnd(i) else { return false }
        startLine(at: i + 1)
        return true
    }

    private mutating func mark(at position: Int) -> YAMLMark {
        marks.mark(line: line, lineStart: lineStart, position: position)
    }

    /// `---` or `...` with nothing after it but white space, at the start of a line.
    private func isDocumentMarker(_ start: Int) -> Bool {
        guard start + 3 <= bytes.count else { return false }
        let first = bytes[start]
        return (first == UInt8(ascii: "-") || first == UInt8(ascii: "."))
            && bytes[start + 1] == first && bytes[start + 2] == first
            && (start + 3 == bytes.count || bytes[start + 3] == 0x20 || bytes[start + 3] == 0x0A)
    }

    // MARK: Nodes

    /// A block mapping whose keys start at column `indent`, from the current content line on.
    private mutating func mapping(indent: Int, depth: Int) -> YAMLNode? {
        guard depth <= Self.maxDepth else { return nil }
        var entries: [YAMLEntry] = []
        var keyIndex: Set<String> = []
        var mappingMark: YAMLMark?
        while let next = nextContentLine(), next.indent >= indent {
            guard next.indent == indent, !isDocumentMarker(next.start) else { return nil }
            let keyStart = next.start + indent
            guard startsPlain(at: keyStart), let keyEnd = plainEnd(from: keyStart, isKey: true) else { return nil }
            // `plainEnd` stopped at `:` and a space or the line's end.
            var colon = keyEnd
            while bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            guard colon - keyStart <= Self.maxKeyLength else { return nil }
            let keyText = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), as: UTF8.self)
            // Keys are compared by text, as `TreeBuilder` does; a duplicate is libyaml's path's error.
            guard isNewKey(keyText, in: entries, index: &keyIndex) else { return nil }
            let keyMark = mark(at: keyStart)
            if mappingMark == nil { mappingMark = keyMark }
            let key = YAMLNode(value: .scalar(keyText), mark: keyMark, style: .plain)
            cursor = colon + 1
            guard let value = mappingValue(indent: indent, depth: depth) else { return nil }
            entries.append(YAMLEntry(key: key, value: value))
        }
        guard let mappingMark else { return nil }
        return YAMLNode(value: .mapping(entries), mark: mappingMark, style: .block)
    }

    /// Whether `key` is not among the keys of `entries`: a scan of a short mapping, a set
    /// (`index`, filled at the first question past `indexedFrom` entries) in a long one.
    private func isNewKey(_ key: String, in entries: [YAMLEntry], index: inout Set<String>) -> Bool {
        let indexedFrom = 16
        guard entries.count >= indexedFrom else { return !entries.contains { $0.key.string == key } }
        if index.isEmpty { index = Set(entries.compactMap(\.key.string)) }
        return index.insert(key).inserted
    }

    /// The value after a key's `:` at `cursor`: on the same line, or on the lines below it.
    private mutating func mappingValue(indent: Int, depth: Int) -> YAMLNode? {
        let afterColon = cursor
        while cursor < bytes.count && bytes[cursor] == 0x20 { cursor += 1 }
        if !isLineEnd(cursor) && bytes[cursor] != UInt8(ascii: "#") {
            guard let value = inlineValue(allowsFlow: true), finishLine() else { return nil }
            return value
        }
        // Nothing on the key's line: the value is a nested block, or empty.
        let emptyMark = mark(at: afterColon)
        cursor = afterColon
        guard finishLine() else { return nil }
        guard let next = nextContentLine(), next.indent >= indent else {
            return YAMLNode(value: .scalar(""), mark: emptyMark, style: .plain)
        }
        if isBlockEntry(next.start + next.indent) {
            return sequence(indent: next.indent)
        }
        guard next.indent > indent else { return YAMLNode(value: .scalar(""), mark: emptyMark, style: .plain) }
        return mapping(indent: next.indent, depth: depth + 1)
    }

    /// A `-` followed by a space or the line's end.
    private func isBlockEntry(_ i: Int) -> Bool {
        bytes[i] == UInt8(ascii: "-") && (i + 1 >= bytes.count || bytes[i + 1] == 0x20 || bytes[i + 1] == 0x0A)
    }

    /// A block sequence whose `-` are at column `indent`, each with a single-line scalar.
    private mutating func sequence(indent: Int) -> YAMLNode? {
        var items: [YAMLNode] = []
        var sequenceMark: YAMLMark?
        while let next = nextContentLine(), next.indent >= indent {
            let dash = next.start + indent
            // A line at the same column that is no entry ends a sequence written level with its key.
            guard next.indent == indent, isBlockEntry(dash) else {
                if next.indent == indent && !isDocumentMarker(next.start) { break }
                return nil
            }
            if sequenceMark == nil { sequenceMark = mark(at: dash) }
            cursor = dash + 1
            while cursor < bytes.count && bytes[cursor] == 0x20 { cursor += 1 }
            guard !isLineEnd(cursor), bytes[cursor] != UInt8(ascii: "#"), let item = inlineValue(allowsFlow: false), finishLine() else {
                return nil
            }
            items.append(item)
        }
        guard let sequenceMark else { return nil }
        return YAMLNode(value: .sequence(items), mark: sequenceMark, style: .block)
    }

    /// A scalar (or, with `allowsFlow`, a flow sequence of scalars) starting at `cursor` on one line.
    private mutating func inlineValue(allowsFlow: Bool) -> YAMLNode? {
        switch bytes[cursor] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return quoted()
        case UInt8(ascii: "["):
            return allowsFlow ? flowSequence() : nil
        default:
            let start = cursor
            guard startsPlain(at: start), let end = plainEnd(from: start, isKey: false) else { return nil }
            cursor = end
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return YAMLNode(value: .scalar(text), mark: mark(at: start), style: .plain)
        }
    }

    /// Where a one-line plain scalar in block context from `start` ends, trailing spaces left out.
    /// A key ends at `:` before a space or the line's end (nil without one); a value ends at the
    /// line's end or a comment, and gives nil at such a `:` (libyaml's error, or a nested mapping).
    private func plainEnd(from start: Int, isKey: Bool) -> Int? {
        var i = start
        var end = start
        while !isLineEnd(i) {
            let byte = bytes[i]
            if byte == UInt8(ascii: ":") && (isLineEnd(i + 1) || bytes[i + 1] == 0x20) {
                return isKey ? end : nil
            }
            if byte == 0x20 {
                if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "#") { break }
            } else {
                end = i + 1
            }
            i += 1
        }
        return isKey ? nil : end
    }

    /// A one-line flow sequence of scalars, `[a, "b"]`, at `cursor`.
    private mutating func flowSequence() -> YAMLNode? {
        let sequenceMark = mark(at: cursor)
        var items: [YAMLNode] = []
        cursor += 1
        skipSpaces()
        if cursor < bytes.count && bytes[cursor] == UInt8(ascii: "]") {
            cursor += 1
            return YAMLNode(value: .sequence([]), mark: sequenceMark, style: .flow)
        }
        while true {
            guard !isLineEnd(cursor) else { return nil }
            let item: YAMLNode?
            switch bytes[cursor] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): item = quoted()
            default: item = flowPlain()
            }
            guard let item else { return nil }
            items.append(item)
            skipSpaces()
            guard !isLineEnd(cursor) else { return nil }
            if bytes[cursor] == UInt8(ascii: "]") {
                cursor += 1
                return YAMLNode(value: .sequence(items), mark: sequenceMark, style: .flow)
            }
            guard bytes[cursor] == UInt8(ascii: ",") else { return nil }
            cursor += 1
            skipSpaces()
        }
    }

    /// A plain scalar in a flow sequence: a word of letters, digits and `_ . + - /`, or other
    /// characters past ASCII; a sign only before a digit.
    private mutating func flowPlain() -> YAMLNode? {
        let start = cursor
        let first = bytes[start]
        let signed = (first == UInt8(ascii: "-") || first == UInt8(ascii: "+"))
            && start + 1 < bytes.count && (0x30...0x39).contains(bytes[start + 1])
        guard first >= 0x80 || Self.isAlphanumeric(first) || first == UInt8(ascii: "_") || signed else { return nil }
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            guard byte >= 0x80 || Self.isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
            else { break }
            end += 1
        }
        // Only a separator may follow the word.
        guard end < bytes.count, [UInt8(ascii: ","), UInt8(ascii: "]"), 0x20].contains(bytes[end]) else { return nil }
        cursor = end
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return YAMLNode(value: .scalar(text), mark: mark(at: start), style: .plain)
    }

    private mutating func skipSpaces() {
        while cursor < bytes.count && bytes[cursor] == 0x20 { cursor += 1 }
    }

    /// A single- or double-quoted scalar closed on its line, at `cursor`.
    private mutating func quoted() -> YAMLNode? {
        let quote = bytes[cursor]
        let start = cursor
        let isDouble = quote == UInt8(ascii: "\"")
        var i = start + 1
        // Plain runs are taken as they are; the text is only copied once an escape shows up.
        var unescaped: [UInt8]?
        var runStart = i
        while true {
            guard !isLineEnd(i) else { return nil }
            let byte = bytes[i]
            if byte == quote {
                if !isDouble && i + 1 < bytes.count && bytes[i + 1] == quote {
                    // `''` is one quote.
                    unescaped = (unescaped ?? []) + bytes[runStart...i]
                    i += 2
                    runStart = i
                    continue
                }
                break
            }
            if isDouble && byte == UInt8(ascii: "\\") {
                var text = unescaped ?? []
                text += bytes[runStart..<i]
                guard let length = Self.appendEscape(at: i, in: bytes, to: &text) else { return nil }
                unescaped = text
                i += length
                runStart = i
                continue
            }
            i += 1
        }
        let text: String
        if var collected = unescaped {
            collected += bytes[runStart..<i]
            text = String(decoding: collected, as: UTF8.self)
        } else {
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]), as: UTF8.self)
        }
        cursor = i + 1
        return YAMLNode(value: .scalar(text), mark: mark(at: start), style: isDouble ? .doubleQuoted : .singleQuoted)
    }

    /// Appends the UTF-8 of the escape at `i` (a backslash) in a double-quoted scalar, as
    /// libyaml decodes it; its length, or nil for one libyaml rejects or a line continuation.
    private static func appendEscape(at i: Int, in bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) -> Int? {
        guard i + 1 < bytes.count else { return nil }
        let simple: UInt32?
        switch bytes[i + 1] {
        case UInt8(ascii: "0"): simple = 0
        case UInt8(ascii: "a"): simple = 7
        case UInt8(ascii: "b"): simple = 8
        case UInt8(ascii: "t"): simple = 9
        case UInt8(ascii: "n"): simple = 10
        case UInt8(ascii: "v"): simple = 11
        case UInt8(ascii: "f"): simple = 12
        case UInt8(ascii: "r"): simple = 13
        case UInt8(ascii: "e"): simple = 0x1B
        case UInt8(ascii: " "): simple = 0x20
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "N"): simple = 0x85
        case UInt8(ascii: "_"): simple = 0xA0
        case UInt8(ascii: "L"): simple = 0x2028
        case UInt8(ascii: "P"): simple = 0x2029
        default: simple = nil
        }
        if let simple {
            appendUTF8(simple, to: &text)
            return 2
        }
        let digits: Int
        switch bytes[i + 1] {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: return nil
        }
        guard i + 2 + digits <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(i + 2)..<(i + 2 + digits)] {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | digit
        }
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        appendUTF8(value, to: &text)
        return 2 + digits
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Appends the UTF-8 of scalar `value` (checked by the caller: at most U+10FFFF, no surrogate).
    private static func appendUTF8(_ value: UInt32, to text: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else { return }
        UTF8.encode(scalar) { text.append($0) }
    }
}
