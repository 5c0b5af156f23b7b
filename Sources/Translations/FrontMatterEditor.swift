import Diagnostics
import SiteContent

/// The lines of a file whose front matter is edited line by line: every line
/// keeps its own bytes and line end, and new lines take the file's line end.
struct FrontMatterLines {
    /// Every line of the file with its line end; the first may start with a byte-order mark.
    private(set) var lines: [[UInt8]]
    /// The index of the closing `---` (or `...`) line.
    let closing: Int
    let newline: [UInt8]

    /// Nil when the file has no (closed) front matter.
    init?(_ text: String) {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == 10 {
                lines.append(current)
                current = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        self.lines = lines
        guard let first = lines.first else { return nil }
        var opening = Self.strip(first)
        opening.removeFirst(SourceText.byteOrderMarkLength(opening))
        guard opening == Array("---".utf8), lines.count > 1,
            let closing = lines.indices.dropFirst().first(where: { [Array("---".utf8), Array("...".utf8)].contains(Self.strip(lines[$0])) })
        else { return nil }
        self.closing = closing
        newline = first.suffix(2) == [13, 10] ? [13, 10] : [10]
    }

    static func firstLineEndIsCRLF(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 10 { return previous == 13 }
            previous = byte
        }
        return false
    }

    /// A line without its line end.
    func content(_ index: Int) -> String { String(decoding: Self.strip(lines[index]), as: UTF8.self) }

    private static func strip(_ line: [UInt8]) -> [UInt8] {
        var line = line[...]
        if line.last == 10 { line = line.dropLast() }
        if line.last == 13 { line = line.dropLast() }
        return Array(line)
    }

    /// The lines of the top-level entry `key`: its own line and the indented
    /// (or `- ` item) lines after it, without trailing blank lines; nil if absent.
    func block(_ key: String) -> Range<Int>? {
        guard let start = (1..<closing).first(where: { Self.topLevelKey(Self.strip(lines[$0])) == key }) else { return nil }
        var end = start + 1
        while end < closing {
            let line = Self.strip(lines[end])
            guard line.allSatisfy({ $0 == 32 || $0 == 9 }) || line.first == 32 || line.first == 9
                || (line.first == UInt8(ascii: "-") && (line.count == 1 || line[1] == 32 || line[1] == 9))
            else { break }
            end += 1
        }
        while end - 1 > start && Self.strip(lines[end - 1]).allSatisfy({ $0 == 32 || $0 == 9 }) { end -= 1 }
        return start..<end
    }

    /// The key of a top-level mapping line (`key: …`, `"key": …`), nil for other lines.
    static func topLevelKey(_ line: [UInt8]) -> String? {
        guard let first = line.first, first != 32, first != 9, first != UInt8(ascii: "#"), first != UInt8(ascii: "-") else { return nil }
        let colon = UInt8(ascii: ":")
        var keyEnd: Int
        var key: ArraySlice<UInt8>
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
            key = line[1..<close]
            keyEnd = close + 1
            while keyEnd < line.count && line[keyEnd] == 32 { keyEnd += 1 }
            guard keyEnd < line.count, line[keyEnd] == colon else { return nil }
        } else {
            guard let index = line.indices.first(where: { line[$0] == colon && ($0 + 1 == line.count || line[$0 + 1] == 32 || line[$0 + 1] == 9) })
            else { return nil }
            key = line[..<index]
            while key.last == 32 || key.last == 9 { key = key.dropLast() }
            keyEnd = index
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The text with each range of lines replaced by new lines (ranges must not overlap).
    func replacing(_ edits: [(Range<Int>, [String])]) -> String {
        var lines = self.lines
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            lines.replaceSubrange(range, with: replacement.map { Array($0.utf8) + newline })
        }
        return String(decoding: lines.joined(), as: UTF8.self)
    }
}
