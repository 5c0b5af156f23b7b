import Diagnostics

/// Converts cmark's positions (1-based line, 1-based BYTE column) into
/// `SourceLocation`s whose column counts characters, as a reader sees them:
/// "Привет" is 12 bytes but 6 columns.
///
/// Line starts are found once, in one pass. Pure-ASCII lines need no work at
/// all; a non-ASCII line gets a byte-to-column table the first time one of
/// its positions is asked for, so every lookup is O(1) and each line is
/// scanned at most once.
struct SourceLineMap {
    private let text: String
    private let file: String
    /// Byte offset of each line's first byte. Lines end at "\n", "\r\n" or
    /// "\r", exactly as cmark counts them.
    private var lineStarts: [Int] = [0]
    /// Byte offset just past each line's content (before its terminator).
    private var lineEnds: [Int] = []
    private var lineIsASCII: [Bool] = []
    /// Per non-ASCII line, once built: the character column of each byte.
    private var columnTables: [[Int32]?] = []

    /// `text` must be the exact text cmark parsed.
    init(text: String, file: String) {
        self.text = text
        self.file = file
        var text = text
        text.withUTF8 { bytes in
            var ascii = true
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                if byte >= 0x80 {
                    ascii = false
                } else if byte == 0x0A || byte == 0x0D {
                    lineEnds.append(offset - 1)
                    lineIsASCII.append(ascii)
                    ascii = true
                    // "\r\n" is one line ending.
                    if byte == 0x0D && offset < bytes.count && bytes[offset] == 0x0A { offset += 1 }
                    lineStarts.append(offset)
                }
            }
            lineEnds.append(bytes.count)
            lineIsASCII.append(ascii)
        }
        columnTables = Array(repeating: nil, count: lineStarts.count)
    }

    /// The location of cmark's `line:byteColumn`, or nil when cmark gave
    /// no position (line 0).
    mutating func location(line: Int, byteColumn: Int) -> SourceLocation? {
        guard line >= 1 else { return nil }
        var (line, byteColumn) = (line, byteColumn)
        // After a code span that goes over a line break, cmark goes on counting columns
        // from the span's first line, as if the lines were one: carry the excess into the
        // lines that follow (exact where continuation lines are not indented).
        while line < lineStarts.count, byteColumn - 1 > lineEnds[line - 1] - lineStarts[line - 1] {
            byteColumn -= lineStarts[line] - lineStarts[line - 1]
            line += 1
        }
        if line <= lineEnds.count {
            // Never past the end of the last line.
            byteColumn = min(byteColumn, lineEnds[line - 1] - lineStarts[line - 1] + 1)
        }
        return SourceLocation(file: file, line: line, column: characterColumn(line: line, byteColumn: byteColumn))
    }

    /// The byte column of `literal` on `line`: `byteColumn` when it is there, as it
    /// nearly always is. cmark places the text of a lazy continuation line (a paragraph
    /// line less indented than the paragraph, which Markdown allows) as if it had the
    /// paragraph's indentation; the text is then found earlier on its line.
    func textColumn(_ literal: String, line: Int, byteColumn: Int) -> Int {
        guard line >= 1, line <= lineEnds.count, !literal.isEmpty else { return byteColumn }
        let start = lineStarts[line - 1]
        let length = lineEnds[line - 1] - start
        let wanted = Array(literal.utf8)
        guard wanted.count <= length else { return byteColumn }
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            func matches(_ offset: Int) -> Bool {
                offset >= 0 && offset + wanted.count <= length
                    && bytes[(start + offset)..<(start + offset + wanted.count)].elementsEqual(wanted)
            }
            if matches(byteColumn - 1) { return byteColumn }
            var offset = Swift.min(byteColumn - 1, length - wanted.count)
            while offset >= 0 {
                if matches(offset) { return offset + 1 }
                offset -= 1
            }
            return byteColumn
        } ?? byteColumn
    }

    private mutating func characterColumn(line: Int, byteColumn: Int) -> Int {
        // cmark reports column 0 for an end just before a line (e.g. a list that
        // ends at a blank line); clamp to the first column.
        let byteColumn = max(byteColumn, 1)
        let lineIndex = line - 1
        guard lineIndex < lineStarts.count, !lineIsASCII[lineIndex] else { return byteColumn }
        if columnTables[lineIndex] == nil { columnTables[lineIndex] = makeColumnTable(lineIndex) }
        let table = columnTables[lineIndex]!
        let byteOffset = byteColumn - 1
        if byteOffset < table.count { return Int(table[byteOffset]) }
        // Past the content (a terminator or beyond): one column per byte.
        return Int(table.last ?? 0) + byteOffset - table.count + 1
    }

    /// Walks the line's characters (grapheme clusters). Most text is letters
    /// that never join their neighbours, where one scalar is one character
    /// and the UTF-8 is decoded directly; only around other scalars (accents,
    /// emoji...) does Swift's grapheme breaking say where a character ends.
    private func makeColumnTable(_ lineIndex: Int) -> [Int32] {
        let start = lineStarts[lineIndex]
        let end = lineEnds[lineIndex]
        let utf8 = text.utf8
        let lineStart = utf8.index(utf8.startIndex, offsetBy: start)
        let content = text[lineStart..<utf8.index(utf8.startIndex, offsetBy: end)]
        // Byte offset (in the line) where the character starting at `offset` ends.
        func characterEnd(_ offset: Int) -> Int {
            utf8.distance(from: lineStart, to: content.index(after: utf8.index(lineStart, offsetBy: offset)))
        }

        var table = [Int32](repeating: 0, count: end - start)
        let decoded: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            table.withUnsafeMutableBufferPointer { table in
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                var column: Int32 = 0
                var offset = 0
                var current = line.isEmpty ? (value: 0, length: 0) : Self.decode(line, at: 0)
                while offset < line.count {
                    var next = offset + current.length
                    let following = next < line.count ? Self.decode(line, at: next) : (value: 0, length: 0)
                    // Two scalars that never join: the character is the first alone.
                    let simple = Self.neverJoins(current.value) && (next == line.count || Self.neverJoins(following.value))
                    if simple {
                        current = following
                    } else {
                        next = characterEnd(offset)
                        if next < line.count { current = Self.decode(line, at: next) }
                    }
                    column += 1
                    for byte in offset..<next { table[byte] = column }
                    offset = next
                }
            }
        }
        if decoded == nil {
            var column: Int32 = 0
            var offset = 0
            while offset < table.count {
                let next = characterEnd(offset)
                column += 1
                for byte in offset..<next { table[byte] = column }
                offset = next
            }
        }
        return table
    }

    /// Decodes the scalar starting at `offset` in valid UTF-8.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[offset])
        func continuation(_ n: Int) -> UInt32 { UInt32(bytes[offset + n]) & 0x3F }
        switch lead {
        case ..<0x80: return (lead, 1)
        case ..<0xE0: return ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
    }

    /// Scalars with no grapheme-joining behaviour at all, so two of them in a
    /// row are always two characters: ASCII, Latin, Greek and Cyrillic
    /// letters and punctuation (their combining marks excluded).
    private static func neverJoins(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F: true
        default: false
        }
    }
}
