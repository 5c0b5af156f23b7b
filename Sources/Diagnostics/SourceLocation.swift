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

    /// A whole file or folder, with no line in it (`content folder not found`): line and column 0.
    public static func whole(_ path: String) -> SourceLocation { SourceLocation(file: path, line: 0, column: 0) }

    /// Whether the location names a line (not a whole file or folder).
    public var hasLine: Bool { line > 0 }

    /// `path:line:col`, the form editors and CI annotators understand; `path` alone for a whole
    /// file or folder (a `:1:1` there would point at a line that is not the problem).
    public var description: String { hasLine ? "\(file):\(line):\(column)" : file }
}
