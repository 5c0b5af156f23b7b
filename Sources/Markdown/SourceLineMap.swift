import Diagnostics
import Encoding
import Glibc

/// Turns cmark's positions (1-based line, 1-based byte column) into `SourcePosition`s, mending
/// cmark's own quirks; lines come from a `LineIndex` (which counts lines as cmark does: "\n",
/// "\r\n" or "\r"). Columns stay in bytes: `MarkdownDocument.location(of:)` counts a
/// position's Characters when it is shown.
struct SourceLineMap {
    private let lines: LineIndex

    /// `lines` must index the exact text cmark parsed.
    init(lines: LineIndex) {
        self.lines = lines
    }

    /// The position of cmark's `line:byteColumn`, or nil when cmark gave no position (line 0).
    func position(line: Int, byteColumn: Int) -> SourcePosition? {
        guard line >= 1 else { return nil }
        var (line, byteColumn) = (line, byteColumn)
        // After a code span that goes over a line break, cmark goes on counting columns
        // from the span's first line, as if the lines were one: carry the excess into the
        // lines that follow (exact where continuation lines are not indented).
        while line < lines.lineCount, let start = lines.start(ofLine: line), let end = lines.end(ofLine: line),
            byteColumn - 1 > end - start, let next = lines.start(ofLine: line + 1) {
            byteColumn -= next - start
            line += 1
        }
        if let start = lines.start(ofLine: line), let end = lines.end(ofLine: line) {
            // Never past the end of the last line.
            byteColumn = min(byteColumn, end - start + 1)
        }
        // cmark reports column 0 for an end just before a line (e.g. a list that
        // ends at a blank line); clamp to the first column.
        return SourcePosition(line: line, byteColumn: max(byteColumn, 1))
    }

    /// The byte column where the text node whose literal is `wanted` (cmark's bytes) stands on
    /// `line`: `byteColumn` when it is there, as it nearly always is; nil when it is nowhere on the
    /// line (an entity or escape written differently), or is empty. cmark places the text of a
    /// lazy continuation line (a paragraph line less indented than the paragraph, which Markdown
    /// allows) as if it had the paragraph's indentation; the text is then found earlier on its line.
    /// `shift`: how far from cmark's column an earlier text of the same line was found, tried
    /// right after cmark's own column (see below).
    func textColumn(of wanted: UnsafeBufferPointer<UInt8>, line: Int, byteColumn: Int, shift: Int = 0) -> Int? {
        search(for: wanted, on: line) { length, matches, byte in
            if matches(byteColumn - 1) { return byteColumn }
            // The white space cmark strips from an indented line (below) shifts every later node of
            // the line too: the text after an emphasis in `   more _x_ y` stands that much further on.
            if shift != 0, matches(byteColumn - 1 + shift) { return byteColumn + shift }
            // cmark strips the white space that indents a paragraph's later line (`  more`, `>   more`)
            // but counts the text's column from where that white space starts: it stands after it.
            var indented = byteColumn - 1
            while indented >= 0, indented < length, byte(indented) == 0x20 || byte(indented) == 0x09 { indented += 1 }
            if indented > byteColumn - 1, matches(indented) { return indented + 1 }
            var offset = Swift.min(byteColumn - 1, length - wanted.count)
            while offset >= 0 {
                if matches(offset) { return offset + 1 }
                offset -= 1
            }
            return nil
        }
    }

    /// The byte column of the first `wanted` on `line` at or after byte column `from`, nil when
    /// it is nowhere there (or is empty): where a text node stands on a line cmark gave it no
    /// right column for.
    func firstTextColumn(of wanted: UnsafeBufferPointer<UInt8>, line: Int, from column: Int = 1) -> Int? {
        search(for: wanted, on: line) { length, matches, _ in
            let first = Swift.max(column - 1, 0)
            guard first <= length - wanted.count else { return nil }
            return (first...(length - wanted.count)).first(where: matches).map { $0 + 1 }
        }
    }

    /// Whether byte column `byteColumn` lies on `line` (not past its end, where `position` carries
    /// cmark's columns after a code span over a line break into the lines that follow).
    func isOnLine(_ line: Int, byteColumn: Int) -> Bool {
        guard let start = lines.start(ofLine: line), let end = lines.end(ofLine: line) else { return false }
        return byteColumn >= 1 && byteColumn - 1 < end - start
    }

    /// Where an inline node first on an indented paragraph line stands, when cmark's column points
    /// into the white space it stripped from the line (see `textColumn`): the column after that
    /// white space; for a code span, whose column is its text's (after the backticks), the column
    /// after the white space and the backticks, where `code` must stand. Nil when cmark's column is
    /// not in that white space, or the code is not found there.
    func columnPastIndentation(line: Int, byteColumn: Int, code: UnsafeBufferPointer<UInt8>? = nil) -> Int? {
        guard let start = lines.start(ofLine: line), let end = lines.end(ofLine: line), byteColumn >= 1 else { return nil }
        let length = end - start
        return lines.text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let line = base + start
            func isWhiteSpace(_ offset: Int) -> Bool { line[offset] == 0x20 || line[offset] == 0x09 }
            func isBacktick(_ offset: Int) -> Bool { line[offset] == UInt8(ascii: "`") }
            var offset = byteColumn - 1
            // A code span's column is past its backticks, so it may fall on one of them.
            guard offset < length, isWhiteSpace(offset) || (code != nil && isBacktick(offset)) else { return nil }
            while offset < length, isWhiteSpace(offset) { offset += 1 }
            guard let code else { return offset < length ? offset + 1 : nil }
            guard let codeBase = code.baseAddress, !code.isEmpty, offset < length, isBacktick(offset) else { return nil }
            while offset < length, isBacktick(offset) { offset += 1 }
            guard offset + code.count <= length, memcmp(line + offset, codeBase, code.count) == 0 else { return nil }
            return offset + 1
        } ?? nil
    }

    /// `body` with the length of `line`, a test of whether `wanted` stands at a byte offset of it and
    /// the line's byte at an offset (below its length); nil when the line does not exist or `wanted`
    /// is empty or longer than it. Compared in place with memcmp: a copy of every text node's bytes
    /// cost more than the search.
    private func search(
        for wanted: UnsafeBufferPointer<UInt8>, on line: Int,
        _ body: (_ length: Int, _ matches: (Int) -> Bool, _ byte: (Int) -> UInt8) -> Int?
    ) -> Int? {
        guard let start = lines.start(ofLine: line), let end = lines.end(ofLine: line),
            let wantedBase = wanted.baseAddress, !wanted.isEmpty, wanted.count <= end - start
        else { return nil }
        let length = end - start
        return lines.text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            return body(length, { offset in
                offset >= 0 && offset + wanted.count <= length && memcmp(base + start + offset, wantedBase, wanted.count) == 0
            }, { offset in base[start + offset] })
        } ?? nil
    }

    /// `wanted` (valid UTF-8) as a string copied from the source, when the source holds exactly
    /// those bytes from the start of `line` on; nil when it does not, or `wanted` is empty.
    func sourceText(matching wanted: UnsafeBufferPointer<UInt8>, fromLine line: Int) -> String? {
        guard let start = lines.start(ofLine: line), let wantedBase = wanted.baseAddress, !wanted.isEmpty else { return nil }
        let matches = lines.text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress, start + wanted.count <= bytes.count else { return false }
            return memcmp(base + start, wantedBase, wanted.count) == 0
        } ?? false
        // Equal bytes of valid UTF-8 from a line's start end on a scalar's end too.
        return matches ? sourceText(wanted, line: line, byteColumn: 1) : nil
    }

    /// The source's text at `line`:`byteColumn` whose bytes are `bytes` (cmark's, found there), as a
    /// string. ASCII bytes are made into one directly (a string checks ASCII eight bytes at a
    /// time, and the source is not touched); other text is copied from the source, as checking
    /// its UTF-8 again cost more. The place must start and end on scalars.
    func sourceText(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, byteColumn: Int) -> String {
        WordLanes.isASCII(bytes)
            ? String(decoding: bytes, as: UTF8.self) : sourceText(line: line, byteColumn: byteColumn, count: bytes.count)
    }

    /// The `count` bytes of the source from `line`:`byteColumn`, as a string: copied from a string
    /// (valid UTF-8 already) rather than checked again. The place must start and end on scalars.
    func sourceText(line: Int, byteColumn: Int, count: Int) -> String {
        let utf8 = lines.text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: (lines.start(ofLine: line) ?? 0) + byteColumn - 1)
        return String(Substring(utf8[from..<utf8.index(from, offsetBy: count)]))
    }
}
