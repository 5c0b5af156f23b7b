import Encoding
import Glibc
import Synchronization

/// The lines of a text, found once by a byte scan, and the 1-based line and column of any
/// UTF-8 offset in it: the one place every module turns offsets into `line:col`.
///
/// Lines end at "\n", "\r\n" or a lone "\r", as cmark, libyaml and editors count them (files
/// read through the site's SourceText have only "\n" left). A text ending in a line break has
/// an empty last line after it. Columns count Characters (grapheme clusters), as
/// `SourceLocation` does: "Привет" is 12 bytes but 6 columns.
///
/// Finding a line is a binary search. On a pure-ASCII line a column is its byte offset. On
/// another line it is counted from the line's start, eight bytes at a time, while the scalars
/// are letters that never join; a line with others gets a byte-to-column table the first time
/// one of its offsets is asked for, so it is decoded at most once however many are asked.
/// Columns are counted only when asked (a diagnostic, a link or a block's place), never for
/// every node of a parse.
public struct LineIndex: Sendable, Equatable {
    public let text: String
    /// UTF-8 offset of each line's first byte.
    @usableFromInline let starts: [Int]
    /// UTF-8 offset just past each line's content (before its line break).
    @usableFromInline let ends: [Int]
    let asciiLines: [Bool]
    private let tables: ColumnTables

    public init(_ text: String) {
        var text = text
        var starts: [Int] = []
        var ends: [Int] = []
        var asciiLines: [Bool] = []
        text.withUTF8 { bytes in
            // Most texts (every file read through SourceText) have no CR: memchr finds each "\n",
            // faster than testing every word for both breaks.
            if let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) == nil {
                // The lines are counted first, so that each list is made once at its size and filled
                // in place: appending checked each list's uniqueness once a line.
                let lineCount = Self.lineFeedCount(bytes) + 1
                // Each line but the last ends at one of the lineCount - 1 line feeds; the last at the end.
                starts = [Int](unsafeUninitializedCapacity: lineCount) { starts, startCount in
                    ends = [Int](unsafeUninitializedCapacity: lineCount) { ends, endCount in
                        asciiLines = [Bool](unsafeUninitializedCapacity: lineCount) { asciiLines, asciiCount in
                            var lineStart = 0
                            for line in 0..<lineCount {
                                let lineEnd = memchr(base + lineStart, 0x0A, bytes.count - lineStart)
                                    .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
                                starts.initializeElement(at: line, to: lineStart)
                                ends.initializeElement(at: line, to: lineEnd)
                                asciiLines.initializeElement(at: line, to: WordLanes.isASCII(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])))
                                lineStart = min(lineEnd + 1, bytes.count)
                            }
                            asciiCount = lineCount
                        }
                        endCount = lineCount
                    }
                    startCount = lineCount
                }
                return
            }
            starts.append(0)
            var ascii = true
            var offset = 0
            while offset < bytes.count {
                // Eight bytes at a time up to the next line break (most of a text is within lines),
                // then straight to the break: the bytes before it are the line's.
                if offset + 8 <= bytes.count, let base = bytes.baseAddress {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                    let breaks = WordLanes.mask(of: 0x0A, in: word) | WordLanes.mask(of: 0x0D, in: word)
                    if breaks == 0 {
                        if word & 0x8080_8080_8080_8080 != 0 { ascii = false }
                        offset += 8
                        continue
                    }
                    let before = breaks.trailingZeroBitCount / 8
                    if word & ((1 << (UInt64(before) * 8)) &- 1) & 0x8080_8080_8080_8080 != 0 { ascii = false }
                    offset += before
                }
                let byte = bytes[offset]
                offset += 1
                if byte >= 0x80 {
                    ascii = false
                } else if byte == 0x0A || byte == 0x0D {
                    ends.append(offset - 1)
                    asciiLines.append(ascii)
                    ascii = true
                    // "\r\n" is one line break.
                    if byte == 0x0D && offset < bytes.count && bytes[offset] == 0x0A { offset += 1 }
                    starts.append(offset)
                }
            }
            ends.append(bytes.count)
            asciiLines.append(ascii)
        }
        self.text = text
        self.starts = starts
        self.ends = ends
        self.asciiLines = asciiLines
        tables = ColumnTables(lineCount: starts.count)
    }

    /// An index is a function of its text: two are equal when their texts are (a parsed
    /// document compares its lines so).
    public static func == (a: LineIndex, b: LineIndex) -> Bool { a.text == b.text }

    /// How many LF bytes `bytes` hold, found by memchr.
    static func lineFeedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
            count += 1
            offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    /// How many lines there are: at least 1, even for an empty text.
    /// (These three are inlinable: the parser asks them several times a node.)
    @inlinable public var lineCount: Int { starts.count }

    /// The UTF-8 offset where 1-based `line` starts; nil past the last line.
    @inlinable public func start(ofLine line: Int) -> Int? {
        line >= 1 && line <= starts.count ? starts[line - 1] : nil
    }

    /// The UTF-8 offset just past `line`'s content, where its line break begins.
    @inlinable public func end(ofLine line: Int) -> Int? {
        line >= 1 && line <= ends.count ? ends[line - 1] : nil
    }

    /// The text of 1-based `line` without its line break; nil past the last line.
    public subscript(line: Int) -> Substring? {
        guard let start = start(ofLine: line), let end = end(ofLine: line) else { return nil }
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    /// The 1-based line that holds UTF-8 `offset` (a line break belongs to the line it ends).
    /// Offsets before the text are on line 1, past it on the last line.
    public func line(ofByteOffset offset: Int) -> Int {
        // The last start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The 1-based line and Character column of UTF-8 `offset`. An offset inside a
    /// Character gets that Character's column; one at the text's end, the column after it.
    public func location(ofByteOffset offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), text.utf8.count)
        let line = line(ofByteOffset: offset)
        return (line, column(line: line, byteOffsetInLine: offset - starts[line - 1]))
    }

    /// `location(ofByteOffset:)` as a `SourceLocation` in `file`.
    public func sourceLocation(ofByteOffset offset: Int, file: String) -> SourceLocation {
        let (line, column) = location(ofByteOffset: offset)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The 1-based Character column of the byte `byteOffsetInLine` bytes into 1-based `line`.
    /// Past the line's content (its line break, or beyond) each byte is one more column.
    public func column(line: Int, byteOffsetInLine: Int) -> Int {
        let byteOffset = max(byteOffsetInLine, 0)
        guard line >= 1, line <= starts.count, !asciiLines[line - 1] else { return byteOffset + 1 }
        return walkedColumn(line: line, byteOffset: byteOffset) ?? tableColumn(line: line, byteOffset: byteOffset)
    }

    /// The column of `byteOffset` on non-ASCII `line`, from the line's table of columns (made the
    /// first time a place on the line needs it).
    func tableColumn(line: Int, byteOffset: Int) -> Int {
        let table = tables.table(line - 1) { makeColumnTable(line - 1) }
        if byteOffset < table.count { return Int(table[byteOffset]) }
        return Int(table.last ?? 0) + byteOffset - table.count + 1
    }

    /// The column of `byteOffset` on non-ASCII `line`, counted by walking the line's scalars from
    /// its start, when every scalar up to the place never joins its neighbours (nil otherwise: the
    /// table answers). A place asked is mostly a link's or a block's in a paragraph of prose: the
    /// walk reads the line up to it eight bytes at a time, where a table decoded the whole line.
    func walkedColumn(line: Int, byteOffset offset: Int) -> Int? {
        let start = starts[line - 1]
        let length = ends[line - 1] - start
        // Past the line's content, each byte is one more column (as in the table).
        let target = min(offset, length)
        var byte = 0
        var column = 1
        let walked: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            let content = UnsafeBufferPointer(rebasing: bytes[start..<start + length])
            guard let base = content.baseAddress else { return target == 0 }
            while byte < target {
                // Eight ASCII bytes other than DEL: eight columns. Or eight bytes of ASCII and the
                // two-byte letters below: one column a letter.
                if byte + 8 <= target {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + byte).loadUnaligned(as: UInt64.self))
                    if word & 0x8080_8080_8080_8080 == 0 && WordLanes.mask(of: 0x7F, in: word) == 0 {
                        byte += 8
                        column += 8
                        continue
                    }
                    if let (bytes, columns) = Self.twoByteLetterColumns(word) {
                        byte += bytes
                        column += columns
                        continue
                    }
                }
                // Two-byte letters of Latin-1 (U+00C0–U+00FF) and Cyrillic (U+0400–U+047F) never
                // join: no need to decode them (the bytes are valid UTF-8).
                let lead = content[byte]
                if lead == 0xC3 || lead == 0xD0 || lead == 0xD1 {
                    byte += 2
                    column += 1
                    continue
                }
                let scalar = UTF8Scalar.decode(content, at: byte)
                guard Self.neverJoins(scalar.value) else { return false }
                byte += scalar.length
                column += 1
            }
            // On a scalar's start, and that scalar does not join the one before.
            return byte == target && (byte == length || Self.neverJoins(UTF8Scalar.decode(content, at: byte).value))
        }
        return walked == true ? column + offset - target : nil
    }

    /// The bytes and columns of eight bytes (little-endian) that start on a scalar and hold only
    /// ASCII other than DEL and the two-byte letters of Latin-1 (lead 0xC3) and Cyrillic (0xD0,
    /// 0xD1), which never join: each byte other than a continuation starts a Character. A lead last
    /// leaves its letter to the next word (7 bytes). Nil for any other byte.
    @inline(__always)
    static func twoByteLetterColumns(_ word: UInt64) -> (bytes: Int, columns: Int)? {
        let high: UInt64 = 0x8080_8080_8080_8080
        // The top bit of each byte that is zero (exact: no carry leaves a byte).
        func zeroBytes(_ v: UInt64) -> UInt64 { ~(((v & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | v) & high }
        let nonASCII = word & high
        let secondBitSet = (word << 1) & high
        let leads = nonASCII & secondBitSet
        let continuations = nonASCII & ~secondBitSet
        let letterLeads = zeroBytes((word & 0xFEFE_FEFE_FEFE_FEFE) ^ 0xD0D0_D0D0_D0D0_D0D0) | zeroBytes(word ^ 0xC3C3_C3C3_C3C3_C3C3)
        guard leads & ~letterLeads == 0, zeroBytes(word ^ 0x7F7F_7F7F_7F7F_7F7F) == 0 else { return nil }
        let bytes = leads >> 63 == 0 ? 8 : 7
        let counted = bytes == 8 ? continuations : continuations & 0x00FF_FFFF_FFFF_FFFF
        // The continuations, one bit a byte, summed into the top byte.
        let continuationCount = Int(((counted >> 7) &* 0x0101_0101_0101_0101) >> 56)
        return (bytes, bytes - continuationCount)
    }

    /// The Character column of each byte of a line's content. Most text is letters that never
    /// join their neighbours, where one scalar is one Character and the UTF-8 is decoded
    /// directly; only around other scalars (accents, emoji...) does Swift's grapheme breaking
    /// say where a Character ends.
    private func makeColumnTable(_ lineIndex: Int) -> [Int32] {
        let start = starts[lineIndex]
        let end = ends[lineIndex]
        let utf8 = text.utf8
        let lineStart = utf8.index(utf8.startIndex, offsetBy: start)
        let content = text[lineStart..<utf8.index(utf8.startIndex, offsetBy: end)]
        // Byte offset (in the line) where the Character starting at `offset` ends.
        func characterEnd(_ offset: Int) -> Int {
            utf8.distance(from: lineStart, to: content.index(after: utf8.index(lineStart, offsetBy: offset)))
        }

        // Not zeroed first: either way below gives every byte its column.
        return [Int32](unsafeUninitializedCapacity: end - start) { table, initialized in
            initialized = end - start
            // `text` is native, so its UTF-8 is contiguous; the slow walk below is only a fallback.
            let decoded: Void? = utf8.withContiguousStorageIfAvailable { bytes in
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                // Most lines hold only scalars that never join: each is a Character.
                if Self.fillSingleScalarColumns(line, table) { return }
                var column: Int32 = 0
                var offset = 0
                var current = line.isEmpty ? (value: 0, length: 0) : UTF8Scalar.decode(line, at: 0)
                while offset < line.count {
                    var next = offset + current.length
                    let following = next < line.count ? UTF8Scalar.decode(line, at: next) : (value: 0, length: 0)
                    // Two scalars that never join: the Character is the first alone.
                    if Self.neverJoins(current.value) && (next == line.count || Self.neverJoins(following.value)) {
                        current = following
                    } else {
                        next = characterEnd(offset)
                        if next < line.count { current = UTF8Scalar.decode(line, at: next) }
                    }
                    column += 1
                    for byte in offset..<next { table[byte] = column }
                    offset = next
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
        }
    }

    /// Fills `table` for a line whose every scalar never joins (one column per scalar); false,
    /// with the table partly filled, at the first scalar that may.
    private static func fillSingleScalarColumns(_ line: UnsafeBufferPointer<UInt8>, _ table: UnsafeMutableBufferPointer<Int32>) -> Bool {
        var column: Int32 = 0
        var offset = 0
        while offset < line.count {
            let lead = line[offset]
            column += 1
            if lead < 0x7F {
                table[offset] = column
                offset += 1
                continue
            }
            let scalar = UTF8Scalar.decode(line, at: offset)
            guard neverJoins(scalar.value) else { return false }
            for byte in offset..<offset + scalar.length { table[byte] = column }
            offset += scalar.length
        }
        return true
    }

    /// Scalars with no grapheme-joining behaviour at all, so two of them in a row are always
    /// two Characters: ASCII, Latin, Greek and Cyrillic letters and punctuation (their
    /// combining marks excluded), dashes, quotes and the rest of General Punctuation before
    /// its invisible controls, and arrows (prose writes `—`, `„…“` and `→`).
    private static func neverJoins(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF: true
        default: false
        }
    }
}

/// The column tables of the non-ASCII lines asked so far, shared by the copies of one index
/// (a class under a lock, so a `LineIndex` stays a Sendable value with non-mutating lookups).
/// One slot per line, made at the first question: a line's table is found by its number, not
/// hashed (the parser asks for tens of thousands of columns per build).
private final class ColumnTables: Sendable {
    private let tables = Mutex<[[Int32]?]>([])
    private let lineCount: Int

    init(lineCount: Int) { self.lineCount = lineCount }

    /// The table of 0-based `line`, made by `make` the first time.
    func table(_ line: Int, make: () -> [Int32]) -> [Int32] {
        let found = tables.withLock { tables -> [Int32]? in
            if tables.isEmpty { tables = Array(repeating: nil, count: lineCount) }
            return tables[line]
        }
        if let found { return found }
        let table = make()
        tables.withLock { $0[line] = table }
        return table
    }
}
