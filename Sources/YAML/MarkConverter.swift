/// Turns libyaml positions into `YAMLMark`s.
///
/// libyaml counts `index` and `column` in Unicode scalars (0-based, a CRLF is
/// two), while a `YAMLMark` column counts Characters. Events arrive in text
/// order, so the converter keeps cursors and a per-line checkpoint and does
/// linear work overall, even for one very long line.
struct MarkConverter {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var positionCursor = ScalarCursor()
    private var lineStartCursor = ScalarCursor()
    // A grapheme boundary on the current line and its 1-based column.
    private var lineStart = -1
    private var checkpoint = 0
    private var checkpointColumn = 1

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// A mark from libyaml's 0-based scalar `index`, `line` and `column`.
    mutating func mark(index: Int, line: Int, column: Int) -> YAMLMark {
        let position = positionCursor.move(to: index, in: bytes)
        let start = lineStartCursor.move(to: index - column, in: bytes)
        return mark(line: line, lineStart: start, position: position)
    }

    /// A mark from a 0-based `line` and the byte offsets of its start and of the position, for a
    /// parser that walks the bytes itself (`BlockSubsetParser`); marks must come in text order.
    mutating func mark(line: Int, lineStart: Int, position: Int) -> YAMLMark {
        YAMLMark(line: line + 1, column: characterColumn(lineStart: lineStart, position: position))
    }

    /// A mark for a UTF-8 byte offset. libyaml gives only an offset for input
    /// errors, whose bytes may be invalid, so this scans from the start.
    func mark(byteOffset: Int) -> YAMLMark {
        let end = min(byteOffset, bytes.count)
        var line = 1
        var start = 0
        var i = 0
        while i < end {
            let width = Self.lineBreakWidth(at: i, in: bytes)
            if width > 0 {
                line += 1
                start = i + width
                i += width
            } else {
                i += 1
            }
        }
        let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return YAMLMark(line: line, column: prefix.count + 1)
    }

    /// The 1-based column of the Character that contains the scalar at `position`.
    private mutating func characterColumn(lineStart start: Int, position: Int) -> Int {
        if start != lineStart || position < checkpoint {
            lineStart = start
            checkpoint = start
            checkpointColumn = 1
        }
        // Fast path: every ASCII scalar (other than CR before LF, which never
        // sits inside a line) is a Character of its own.
        var i = checkpoint
        while i < position && bytes[i] < 0x80 { i += 1 }
        if i == position && (position == bytes.count || bytes[position] < 0x80) {
            checkpointColumn += position - checkpoint
            checkpoint = position
            return checkpointColumn
        }
        // Decode from the checkpoint through the scalar at `position`: whether
        // a Character boundary falls at `position` depends only on what comes
        // before it and the scalar itself.
        var end = position
        if end < bytes.count {
            end += 1
            while end < bytes.count && Self.isContinuation(bytes[end]) { end += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[checkpoint..<end]), as: UTF8.self)
        let target = position - checkpoint
        var offset = 0
        var characters = 0
        var lastStart = 0
        for character in text {
            if offset > target { break }
            characters += 1
            lastStart = offset
            offset += character.utf8.count
        }
        checkpoint += lastStart
        checkpointColumn += characters - 1
        return checkpointColumn
    }

    static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }

    /// The byte length of the line break libyaml recognizes at `i` (LF, CR,
    /// CRLF, NEL, LS, PS), or 0.
    private static func lineBreakWidth(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        switch bytes[i] {
        case 0x0A:
            return 1
        case 0x0D:
            return i + 1 < count && bytes[i + 1] == 0x0A ? 2 : 1
        case 0xC2:
            return i + 1 < count && bytes[i + 1] == 0x85 ? 2 : 0
        case 0xE2:
            let isSeparator = i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
            return isSeparator ? 3 : 0
        default:
            return 0
        }
    }
}

/// Maps a scalar index to a byte offset by walking from the previous answer.
private struct ScalarCursor {
    private var scalarIndex = 0
    private var byteOffset = 0

    mutating func move(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        while scalarIndex < target && byteOffset < bytes.count {
            byteOffset += 1
            while byteOffset < bytes.count && MarkConverter.isContinuation(bytes[byteOffset]) { byteOffset += 1 }
            scalarIndex += 1
        }
        while scalarIndex > target && byteOffset > 0 {
            byteOffset -= 1
            while byteOffset > 0 && MarkConverter.isContinuation(bytes[byteOffset]) { byteOffset -= 1 }
            scalarIndex -= 1
        }
        return byteOffset
    }
}
