/// A template parsed once and rendered many times.
public struct MustacheTemplate: Sendable {
    /// Used as the `file` of error locations.
    public let name: String
    let body: TemplateBody

    /// Parses `source`; syntax errors carry the line and column of the offending tag.
    public init(source: String, name: String) throws(MustacheError) {
        self.name = name
        self.body = try Parser.parse(source: source, name: name)
    }
}
