import Diagnostics
import YAML

/// The YAML block between `---` lines at the top of an article.
struct FrontMatter {
    var title: String?
    var description: String?
    /// The article body after the closing `---`.
    var body: Substring
    /// How many lines precede the body, so body line N is file line N + offset.
    var bodyLineOffset: Int
    /// Non-fatal findings (unknown keys).
    var warnings: [Diagnostic] = []

    private static let knownKeys: Set<String> = ["title", "description"]

    /// Splits and parses the front matter of `source`. A file without a
    /// leading `---` line has no front matter.
    static func parse(_ source: SourceText) throws(DiagnosticError) -> FrontMatter {
        let text = source.text
        let file = source.displayPath
        guard text.hasPrefix("---\n") || text == "---" else {
            return FrontMatter(title: nil, description: nil, body: text[...], bodyLineOffset: 0)
        }
        // Find the closing delimiter line: `---` (or `...`) alone on a line.
        var lineNumber = 1
        var yamlStart = text.index(text.startIndex, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex
        var cursor = yamlStart
        var closing: (yamlEnd: String.Index, bodyStart: String.Index, line: Int)?
        while cursor < text.endIndex {
            lineNumber += 1
            let lineEnd = text[cursor...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[cursor..<lineEnd]
            if line == "---" || line == "..." {
                let bodyStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
                closing = (cursor, bodyStart, lineNumber)
                break
            }
            cursor = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
        }
        guard let closing else {
            throw DiagnosticError([
                .error(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "front matter is not closed: add a line '---' after it")
            ])
        }
        if yamlStart > closing.yamlEnd { yamlStart = closing.yamlEnd }
        // A blank first line stands for the opening `---`, so YAML marks are file lines.
        let yaml = "\n" + text[yamlStart..<closing.yamlEnd]

        let root: YAMLNode?
        do {
            root = try YAML.parse(yaml)
        } catch {
            throw DiagnosticError([.error(at: location(error.mark, file), error.message)])
        }
        var result = FrontMatter(
            title: nil, description: nil, body: text[closing.bodyStart...], bodyLineOffset: closing.line)
        guard let root else { return result }
        guard let entries = root.entries else {
            throw DiagnosticError([
                .error(at: location(root.mark, file), "front matter must be a mapping of keys to values, like 'title: …'")
            ])
        }
        var problems: [Diagnostic] = []
        for (key, value) in entries {
            switch key {
            case "title", "description":
                guard let string = value.string, value.isScalar else {
                    problems.append(.error(at: location(value.mark, file), "'\(key)' must be a string"))
                    continue
                }
                if key == "title" { result.title = string } else { result.description = string }
            default:
                problems.append(.warning(
                    at: location(value.mark, file), "unknown front matter key '\(key)' is ignored",
                    notes: ["known keys: " + knownKeys.sorted().joined(separator: ", ")]))
            }
        }
        if result.title?.allSatisfy(\.isWhitespace) == true {
            problems.append(.error(at: location(root["title"]?.mark, file), "'title' must not be empty"))
        }
        if problems.contains(where: { $0.severity == .error }) { throw DiagnosticError(problems) }
        result.warnings = problems
        return result
    }

    private static func location(_ mark: YAMLMark?, _ file: String) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }
}
