import Diagnostics
import Encoding
import FileIO
import Foundation

/// A user file decoded as UTF-8, with a leading byte-order mark dropped and
/// every line break folded to LF: CRLF and a lone CR too, which cmark, libyaml
/// and editors count as line breaks, so every part of the site counts the
/// same lines (line numbers stay the same).
package struct SourceText {
    /// The path shown in diagnostics (relative to the working directory when possible).
    let displayPath: String
    package let text: String

    /// Reads `url`; invalid UTF-8 becomes a diagnostic at the first bad byte.
    package static func read(_ url: URL, displayPath: String) throws(DiagnosticError) -> SourceText {
        try decode(readBytes(url, displayPath: displayPath), displayPath: displayPath)
    }

    /// The bytes of `url`, undecoded; a diagnostic when it cannot be read.
    package static func readBytes(_ url: URL, displayPath: String) throws(DiagnosticError) -> [UInt8] {
        do {
            return try Files.read(url.path)
        } catch {
            throw DiagnosticError([.error(at: .whole(displayPath), "cannot read file: \(error.reason)")])
        }
    }

    /// The UTF-8 byte-order mark a user file may open with; every reader of user files skips it.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many bytes at the start of `bytes` are a byte-order mark: 3 or 0.
    package static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    package static func decode(_ bytes: [UInt8], displayPath: String) throws(DiagnosticError) -> SourceText {
        let bytes = bytes.dropFirst(byteOrderMarkLength(bytes))
        // Checked eight ASCII bytes at a time (the standard library's check went byte by byte,
        // 3% of a build); the check that refuses the bytes also places the error.
        let text: String
        do {
            text = try UTF8Validation.decode(bytes)
        } catch {
            let location = location(ofByteOffset: error.offset, in: bytes, file: displayPath)
            throw DiagnosticError([.error(at: location, "file is not valid UTF-8")])
        }
        guard containsCarriageReturn(bytes) else { return SourceText(displayPath: displayPath, text: text) }
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

    /// Whether `bytes` hold a CR, asked of memchr: `contains` went byte by byte, a third of the decoding.
    static func containsCarriageReturn(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 13, buffer.count) != nil
        }
    }

    /// 1-based line and character column of a byte offset (the column counts
    /// the valid characters before it on its line). Lines end at LF, CRLF or
    /// a lone CR, as in the decoded text.
    package static func location(ofByteOffset offset: Int, in bytes: ArraySlice<UInt8>, file: String) -> SourceLocation {
        // The bytes before the offset are what is known to be valid; a CR last among them
        // is a line break of its own, as the byte after it is not LF (it is the offset's).
        let prefix = bytes.prefix(offset)
        return LineIndex(String(decoding: prefix, as: UTF8.self)).sourceLocation(ofByteOffset: prefix.count, file: file)
    }
}
