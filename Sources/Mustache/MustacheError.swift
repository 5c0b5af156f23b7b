import Diagnostics

/// A syntax or render error, located at the offending tag.
public struct MustacheError: Error, Equatable, CustomStringConvertible {
    /// `file` is the template name; line and column are 1-based, columns in Characters.
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location.description): error: \(message)" }
}
