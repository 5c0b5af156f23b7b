import Encoding

/// A string with its HTML-escaped UTF-8 worked out once: a value that many renders write escaped
/// (a UI string, a state's or an event's name in every figure of a language) is escaped when it
/// is made, not at every `{{name}}` that writes it. Renders as the string does.
public final class MustacheText: Sendable, Equatable {
    public let string: String
    /// `string` escaped as `HTML.append(escaping:)` escapes it.
    let escapedUTF8: [UInt8]

    public init(_ string: String) {
        self.string = string
        var escaped = ByteOutput(capacity: string.utf8.count + 16)
        HTML.append(escaping: string, to: &escaped)
        escapedUTF8 = escaped.bytes
    }

    public static func == (a: MustacheText, b: MustacheText) -> Bool { a.string == b.string }
}
