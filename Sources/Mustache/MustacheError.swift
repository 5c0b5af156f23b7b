import Diagnostics

/// A syntax or render error, located at the offending tag.
public struct MustacheError: Error, Equatable, CustomStringConvertible {
    /// `file` is the template name; line and column are 1-based, columns in Characters.
    public var location: SourceLocation
    public var message: String
    /// For a variable no context has (`MissingVariable.fail`): its name, and the names the
    /// contexts searched did have, for a caller to suggest the nearest.
    public var unknownName: String?
    public var knownNames: [String] = []

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location.description): error: \(message)" }
}
