// The text of a fenced block as the block fuzz targets (`lifecycle`, `exercise`) take it
// (the fence's info string on the first line, the block's content after it), and their
// shared promise: every diagnostic points into the block.
//
// Compiled into each of those fuzzers by build.sh and into ScenariosTests (a symlink there).

import Diagnostics

struct FuzzBlockText {
    let info: String
    /// The content's lines (`lines(of:)`).
    let codeLines: [Substring]
    /// Where the block pretends to sit.
    let file: String
    let firstLine: Int
    let columnOffset: Int

    init(info: String, code: String, file: String, firstLine: Int, columnOffset: Int) {
        self.info = info
        codeLines = Self.lines(of: code)
        self.file = file
        self.firstLine = firstLine
        self.columnOffset = columnOffset
    }

    /// Splits the input into info string and content at the first line break
    /// (cmark never puts one in an info string).
    static func split(_ bytes: [UInt8]) -> (info: String, code: String) {
        // The site only ever sees valid UTF-8 (SourceText checks it); decode like it would be repaired.
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { return (text, "") }
        return (String(text[..<end]), String(text[text.index(after: end)...]))
    }

    /// The content's lines, split here rather than by the parser so a wrong split
    /// there shows up as a misplaced diagnostic. A final line break ends the last line.
    static func lines(of code: String) -> [Substring] {
        var lines = code.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The info string starts after "```" at the fence's indentation, on the line before the content.
    static func infoLocation(file: String, firstLine: Int, columnOffset: Int) -> SourceLocation {
        SourceLocation(file: file, line: firstLine - 1, column: columnOffset + 4)
    }

    /// What a block parser made of one input, and the promises every parse keeps.
    struct Parsed<Block> {
        let text: FuzzBlockText
        let block: Block?
        let diagnostics: [Diagnostic]
        var violations: [String] = []
    }

    /// Cuts `bytes` into info string and content, parses them as a block of `language` with
    /// `parse` (whose arguments are the content and where the info string sits) and checks what
    /// every parse promises: its diagnostics point into the block, a block of the language that
    /// names no machine gets one, and the block carries the diagnostics the parser returned.
    static func parse<Block>(
        _ bytes: [UInt8], file: String, firstLine: Int, columnOffset: Int, language: String, isBlock: (String) -> Bool,
        diagnosticsOf: (Block) -> [Diagnostic], parse: (_ info: String, _ code: String, SourceLocation) -> (Block?, [Diagnostic])
    ) -> Parsed<Block> {
        let (info, code) = split(bytes)
        let (block, diagnostics) = parse(info, code, infoLocation(file: file, firstLine: firstLine, columnOffset: columnOffset))
        let text = FuzzBlockText(info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset)
        var parsed = Parsed(text: text, block: block, diagnostics: diagnostics)
        parsed.violations = diagnostics.compactMap { text.misplacement(of: $0).map { "parse: " + $0 } }
        if let block {
            if diagnosticsOf(block) != diagnostics { parsed.violations.append("parse: the block's diagnostics differ from the returned ones") }
        } else if isBlock(info), diagnostics.isEmpty {
            parsed.violations.append("parse: a \(language) block without a machine got no diagnostic")
        }
        return parsed
    }

    /// Why `diagnostic` does not point into the block (the info line or one of its content
    /// lines, one past a line's last character included); nil when it does.
    func misplacement(of diagnostic: Diagnostic) -> String? {
        guard let location = diagnostic.location else { return "diagnostic without a location: \(diagnostic.message)" }
        let width: Int
        let firstColumn: Int
        if location.line == firstLine - 1 {
            (firstColumn, width) = (Self.infoLocation(file: file, firstLine: firstLine, columnOffset: columnOffset).column, info.count)
        } else if location.line >= firstLine, location.line < firstLine + codeLines.count {
            (firstColumn, width) = (columnOffset + 1, codeLines[location.line - firstLine].count)
        } else {
            return "line \(location.line) is outside the block: \(diagnostic.message)"
        }
        // One past the last character is a fair place ("expected a state here").
        if location.file != file || location.column < firstColumn || location.column > firstColumn + width {
            return "\(location) is outside its line: \(diagnostic.message)"
        }
        return nil
    }
}
