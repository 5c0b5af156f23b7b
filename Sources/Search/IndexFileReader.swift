/// Reads back the index files a build wrote (`SearchIndex`): an incremental build takes the
/// postings it does not change from the shards, and a page's old entry from its page file.
/// Only the exact shapes `SearchIndex` writes are accepted; anything else is nil.
enum IndexFileReader {
    /// A shard's terms with their postings as written (the bytes inside `[…]`), and its forms.
    static func shard(_ bytes: [UInt8]) -> (terms: [String: ArraySlice<UInt8>], forms: [String: String])? {
        var scanner = JSONScanner(bytes)
        guard scanner.literal("ldSearch.shard("), scanner.string() != nil, scanner.literal(","), scanner.string() != nil,
            scanner.literal(",{\"t\":{")
        else { return nil }
        var terms: [String: ArraySlice<UInt8>] = [:]
        while !scanner.literal("}") {
            if !terms.isEmpty && !scanner.literal(",") { return nil }
            guard let term = scanner.string(), scanner.literal(":"), let value = scanner.array() else { return nil }
            terms[term] = value.dropFirst().dropLast()
        }
        guard scanner.literal(",\"f\":{") else { return nil }
        var forms: [String: String] = [:]
        while !scanner.literal("}") {
            if !forms.isEmpty && !scanner.literal(",") { return nil }
            guard let form = scanner.string(), scanner.literal(":"), let stem = scanner.string() else { return nil }
            forms[form] = stem
        }
        guard scanner.literal("});\n"), scanner.atEnd else { return nil }
        return (terms, forms)
    }

    /// A term's postings cut into the pages' arrays, each with its page's key.
    static func chunks(_ postings: ArraySlice<UInt8>) -> [(key: String, bytes: ArraySlice<UInt8>)]? {
        var scanner = JSONScanner(postings)
        var chunks: [(key: String, bytes: ArraySlice<UInt8>)] = []
        while !scanner.atEnd {
            if !chunks.isEmpty && !scanner.literal(",") { return nil }
            guard let chunk = scanner.array() else { return nil }
            var inner = JSONScanner(chunk)
            guard inner.literal("["), let key = inner.string() else { return nil }
            chunks.append((key, chunk))
        }
        return chunks
    }

    /// The page a page file holds (`SearchIndex.fragment`).
    static func page(_ bytes: [UInt8]) -> SearchPage? {
        var scanner = JSONScanner(bytes)
        guard scanner.literal("ldSearch.page("), scanner.string() != nil, scanner.literal(","), let key = scanner.string(),
            scanner.literal(",{\"path\":"), let path = scanner.string(), scanner.literal(",\"title\":"), let title = scanner.string(),
            scanner.literal(",\"sections\":[")
        else { return nil }
        var sections: [SearchPage.Section] = []
        while !scanner.literal("]") {
            if !sections.isEmpty && !scanner.literal(",") { return nil }
            guard scanner.literal("["), let anchor = scanner.string(), scanner.literal(","), let heading = scanner.string(),
                scanner.literal(","), let text = scanner.string(), scanner.literal("]")
            else { return nil }
            sections.append(SearchPage.Section(anchor: anchor, heading: heading, text: text))
        }
        guard scanner.literal("});\n"), scanner.atEnd else { return nil }
        return SearchPage(key: key, path: path, title: title, sections: sections)
    }
}

/// A cursor over JSON text as `JSONBytes` writes it (no white space between tokens).
struct JSONScanner {
    let bytes: ArraySlice<UInt8>
    var index: Int

    init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var atEnd: Bool { index >= bytes.endIndex }

    /// Steps over `text` if it comes next.
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.endIndex - index >= count else { return false }
        let matches = text.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        if matches { index += count }
        return matches
    }

    /// A string, unescaped.
    mutating func string() -> String? {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var cursor = index + 1
        var out: [UInt8] = []
        var runStart = cursor
        while cursor < bytes.endIndex {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<cursor])
                index = cursor + 1
                return String(decoding: out, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                cursor += 1
                continue
            }
            out.append(contentsOf: bytes[runStart..<cursor])
            guard cursor + 1 < bytes.endIndex else { return nil }
            switch bytes[cursor + 1] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                // Only control characters are written as \u00XX.
                guard cursor + 5 < bytes.endIndex,
                    let value = UInt8(String(decoding: bytes[(cursor + 2)...(cursor + 5)], as: UTF8.self), radix: 16), value < 0x80
                else { return nil }
                out.append(value)
                cursor += 4
            default: return nil
            }
            cursor += 2
            runStart = cursor
        }
        return nil
    }

    /// An array with everything in it (strings may hold brackets), brackets included.
    mutating func array() -> ArraySlice<UInt8>? {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") else { return nil }
        let start = index
        var depth = 0
        var inString = false
        var cursor = index
        while cursor < bytes.endIndex {
            let byte = bytes[cursor]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    cursor += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 {
                    index = cursor + 1
                    return bytes[start..<index]
                }
            }
            cursor += 1
        }
        return nil
    }
}
