/// A 1-based position in a source file. Columns count Unicode characters
/// (grapheme clusters), so a Cyrillic word reports the column a reader sees.
public struct SourceLocation: Hashable, Sendable, Comparable, Codable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `path:line:col`, the form editors and CI annotators understand.
    public var description: String { "\(file):\(line):\(column)" }
}
