import Diagnostics
import YAML

/// Places YAML marks in the file they came from.
///
/// libyaml also ends a line at NEL (U+0085), LS (U+2028) and PS (U+2029), which
/// editors, cmark and the rest of the site do not: without this a mark after
/// one of them would name a line further down, possibly past the end of the
/// file. Such a mark is moved back to the file line that holds it, its column
/// counted from that line's start.
struct YAMLLocator {
    let file: String
    /// Per YAML line (index `mark.line - 1`): the file line it lies on and the
    /// Characters before it there. Empty when the two kinds of line are the same.
    private var starts: [(line: Int, column: Int)] = []

    /// `text` is what was given to the YAML parser, its first line file line 1.
    init(_ text: String, file: String) {
        self.file = file
        var text = text
        guard let offsets = text.withUTF8(Self.yamlLineStarts) else { return }
        // Where each YAML line starts in file lines: the Characters before it on its file line.
        let lines = LineIndex(text)
        starts = offsets.map { offset in
            let (line, column) = lines.location(ofByteOffset: offset)
            return (line, column - 1)
        }
    }

    /// The byte offset of each line as libyaml counts them (also after NEL, LS and PS), or nil
    /// when the text has none of those three, whose lines are then the file's.
    static func yamlLineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        // Most texts have none: they are answered by a scan, without the list.
        guard (0..<bytes.count).contains(where: { unicodeBreakWidth(at: $0, in: bytes) > 0 }) else { return nil }
        var offsets = [0]
        var i = 0
        while i < bytes.count {
            let width: Int
            switch bytes[i] {
            case 0x0A: width = 1
            case 0x0D: width = i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            default: width = unicodeBreakWidth(at: i, in: bytes)
            }
            if width == 0 {
                i += 1
                continue
            }
            i += width
            offsets.append(i)
        }
        return offsets
    }

    /// The length of NEL (C2 85), LS (E2 80 A8) or PS (E2 80 A9) at `i`, or 0.
    private static func unicodeBreakWidth(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch bytes[i] {
        case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: 2
        case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9): 3
        default: 0
        }
    }

    /// Where `mark` is in the file; line 1, column 1 without a mark.
    func location(_ mark: YAMLMark?) -> SourceLocation {
        guard let mark else { return SourceLocation(file: file, line: 1, column: 1) }
        guard !starts.isEmpty else { return SourceLocation(file: file, line: mark.line, column: mark.column) }
        let start = starts[min(max(mark.line, 1), starts.count) - 1]
        return SourceLocation(file: file, line: start.line, column: start.column + mark.column)
    }

    /// Parses YAML text (site.yml, UI strings, front matter): its root node, nil for an empty
    /// text, and the locator of its marks. A syntax error is a diagnostic at its place.
    static func parse(_ text: String, file: String) throws(DiagnosticError) -> (root: YAMLNode?, locator: YAMLLocator) {
        let locator = YAMLLocator(text, file: file)
        do {
            return (try YAMLParser.parse(text), locator)
        } catch {
            let advice = tabAdvice(text, line: error.mark.line) ?? colonAdvice(text, line: error.mark.line, message: error.message)
            throw DiagnosticError([.error(at: locator.location(error.mark), error.message, suggestion: advice)])
        }
    }

    /// The error's line, when the text has one.
    private static func line(_ line: Int, of text: String) -> Substring? {
        guard line >= 1 else { return nil }
        let lines = text.split(separator: "\n", maxSplits: line, omittingEmptySubsequences: false)
        return line <= lines.count ? lines[line - 1] : nil
    }

    /// libyaml's "mapping values are not allowed in this context" is most often a plain value
    /// with ': ' in it (`title: Active: qué es`), which YAML reads as a second key: the line
    /// with its value in double quotes is the fix.
    private static func colonAdvice(_ text: String, line number: Int, message: String) -> String? {
        guard message == "mapping values are not allowed in this context", let errorLine = line(number, of: text),
            let separator = errorLine.range(of: ": ")
        else { return nil }
        let key = errorLine[..<separator.lowerBound]
        let value = errorLine[separator.upperBound...].trimmingCharacters(in: .whitespaces)
        let keyName = key.trimmingCharacters(in: .whitespaces).drop { $0 == "-" }.trimmingCharacters(in: .whitespaces)
        guard !keyName.isEmpty, !keyName.contains(" "), let first = value.first, first != "\"", first != "'", value.contains(": ") else { return nil }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "put a value that contains ': ' in double quotes: \(key.trimmingCharacters(in: .whitespaces)): \"\(escaped)\""
    }

    /// libyaml's words for a tab that indents a line ("found character that cannot start any
    /// token") do not name it: said plainly when the error's line starts with one.
    private static func tabAdvice(_ text: String, line number: Int) -> String? {
        guard let errorLine = line(number, of: text) else { return nil }
        let indentation = errorLine.prefix { $0 == " " || $0 == "\t" }
        return indentation.contains("\t") ? "indent YAML with spaces: a tab cannot indent it" : nil
    }
}
