import Diagnostics
import FileIO
import Foundation

/// A user file decoded as UTF-8, with a leading byte-order mark dropped and
/// every line break folded to LF: CRLF and a lone CR too, which cmark, libyaml
/// and editors count as line breaks, so every part of the site counts the
/// same lines (line numbers stay the same).
struct SourceText {
    /// The path shown in diagnostics (relative to the working directory when possible).
    let displayPath: String
    let text: String

    /// Reads `url`; invalid UTF-8 becomes a diagnostic at the first bad byte.
    static func read(_ url: URL, displayPath: String) throws(DiagnosticError) -> SourceText {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(url.path)
        } catch {
            throw DiagnosticError([.error(at: SourceLocation(file: displayPath, line: 1, column: 1), "cannot read file: \(error.reason)")])
        }
        return try decode(bytes, displayPath: displayPath)
    }

    static func decode(_ bytes: [UInt8], displayPath: String) throws(DiagnosticError) -> SourceText {
        var bytes = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // The standard library's validation is fast; the slow scan only runs to place the error.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let bad = Files.firstInvalidUTF8Offset(bytes) ?? 0
            let location = location(ofByteOffset: bad, in: bytes, file: displayPath)
            throw DiagnosticError([.error(at: location, "file is not valid UTF-8")])
        }
        guard bytes.contains(13) else { return SourceText(displayPath: displayPath, text: text) }
        // CR is ASCII, never part of a multi-byte sequence: folding bytes keeps the text valid.
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == 13 {
                folded.append(10)
                if i + 1 < bytes.endIndex && bytes[i + 1] == 10 { i += 1 }
            } else {
                folded.append(bytes[i])
            }
            i += 1
        }
        return SourceText(displayPath: displayPath, text: String(decoding: folded, as: UTF8.self))
    }

    /// 1-based line and character column of a byte offset (the column counts
    /// the valid characters before it on its line). Lines end at LF, CRLF or
    /// a lone CR, as in the decoded text.
    static func location(ofByteOffset offset: Int, in bytes: ArraySlice<UInt8>, file: String) -> SourceLocation {
        let prefix = bytes.prefix(offset)
        var line = 1
        var lineStart = prefix.startIndex
        for i in prefix.indices where prefix[i] == 10 || (prefix[i] == 13 && (i + 1 == bytes.endIndex || bytes[i + 1] != 10)) {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}

/// Lines of a text by 1-based number, found by a byte scan (the text is not split up front).
struct SourceLines {
    private let text: String
    private var starts: [String.Index] = []

    init(_ text: String) {
        self.text = text
        let utf8 = text.utf8
        starts.append(utf8.startIndex)
        var index = utf8.startIndex
        while let newline = utf8[index...].firstIndex(of: 10) {
            index = utf8.index(after: newline)
            starts.append(index)
        }
    }

    subscript(line: Int) -> Substring? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        let end = line < starts.count ? text.utf8.index(before: starts[line]) : text.endIndex
        return text[start..<end]
    }
}
