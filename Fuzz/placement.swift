// Shared by the fuzz targets that read a whole article file (`frontmatter`, `article`):
// where a diagnostic may point in the file. Compiled into each of those fuzzer
// binaries by build.sh, and into SiteTests through a symlink.

import Diagnostics

/// The lines of an article file, to tell whether a diagnostic's place exists.
struct FuzzFileLines {
    let file: String
    /// The Characters of each line as an editor and cmark count them: lines end at
    /// LF, CRLF or CR; a byte-order mark is no character; each bad UTF-8 sequence
    /// counts as one (or more) characters.
    let widths: [Int]

    init(_ bytes: [UInt8], file: String) {
        self.file = file
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        var widths: [Int] = []
        var start = content.startIndex
        var i = start
        while i < content.endIndex {
            if content[i] == 10 || content[i] == 13 {
                widths.append(String(decoding: content[start..<i], as: UTF8.self).count)
                if content[i] == 13, i + 1 < content.endIndex, content[i + 1] == 10 { i += 1 }
                start = i + 1
            }
            i += 1
        }
        widths.append(String(decoding: content[start...], as: UTF8.self).count)
        self.widths = widths
    }

    /// Why `diagnostic` does not point into the file, or nil when it does.
    func misplacement(_ diagnostic: Diagnostic, _ stage: String) -> String? {
        guard let location = diagnostic.location else {
            return "\(stage): diagnostic without a location: \(diagnostic.message)"
        }
        guard location.file == file, (1...widths.count).contains(location.line) else {
            return "\(stage): \(location) is outside the file (\(widths.count) lines): \(diagnostic.message)"
        }
        // One past the last character is a fair place ("expected a value here").
        if location.column < 1 || location.column > widths[location.line - 1] + 1 {
            return "\(stage): \(location) is outside its line: \(diagnostic.message)"
        }
        return nil
    }
}
