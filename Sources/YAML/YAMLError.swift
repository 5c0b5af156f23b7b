/// A syntax error reported by libyaml, or a rule of this module that the
/// document breaks.
///
/// `message` has one of these forms:
/// - libyaml errors without a context: the problem, e.g.
///   `mapping values are not allowed in this context`.
/// - libyaml errors with a context: `<context>: <problem>`, e.g.
///   `while scanning for the next token: found character that cannot start any token`.
///   When the context starts elsewhere than the problem (an unclosed bracket or
///   quote), its position is named: `while parsing a flow sequence at 1:7: did not find expected ',' or ']'`.
/// - input errors (bad UTF-8, control characters): the problem and the offending
///   value in hex, e.g. `invalid leading UTF-8 octet (#xFF)`.
/// - this module's own rules: `duplicate key 'title'`, `expected a single document`,
///   `nesting deeper than 256 levels`, `alias expansion too large`, `unknown alias 'name'`.
///
/// `mark` is where the problem was found.
public struct YAMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public var mark: YAMLMark
    public var message: String

    public init(mark: YAMLMark, message: String) {
        self.mark = mark
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(mark): \(message)" }
}
