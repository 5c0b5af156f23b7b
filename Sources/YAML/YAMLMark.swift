/// A 1-based position in the parsed text. `column` counts Characters
/// (grapheme clusters) on the line, so it matches what a reader sees in an
/// editor even after Cyrillic text or emoji.
public struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
