/// Reads `--name value` and `--name=value` options; leaves positional words.
/// An option given twice is a usage error (which one would win is a guess),
/// unless it is read with `values(for:)`, for options documented as repeatable.
struct OptionParser {
    private var arguments: [String]
    private let command: String

    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    /// The value of `name`, removing it from the arguments; nil if absent.
    mutating func value(for name: String) throws(UsageError) -> String? {
        guard let value = try take(name) else { return nil }
        try refuseAnother(name)
        return value
    }

    /// Every value of a repeatable option, in order.
    mutating func values(for name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        while let value = try take(name) { values.append(value) }
        return values
    }

    /// Whether the flag `name` is present, removing it.
    mutating func flag(_ name: String) throws(UsageError) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        try refuseAnother(name)
        return true
    }

    /// The remaining positional words; an unknown option is a usage error.
    mutating func positionals() throws(UsageError) -> [String] {
        if let unknown = arguments.first(where: { $0.hasPrefix("-") }) {
            throw UsageError("unknown option '\(unknown)' for '\(command)'")
        }
        defer { arguments = [] }
        return arguments
    }

    /// Fails on anything left over.
    mutating func finish() throws(UsageError) {
        let rest = try positionals()
        if let first = rest.first { throw UsageError("unexpected argument '\(first)' for '\(command)'") }
    }

    /// Removes the first `name value` or `name=value` and returns the value.
    private mutating func take(_ name: String) throws(UsageError) -> String? {
        guard let index = arguments.firstIndex(where: { isOption($0, named: name) }) else { return nil }
        let word = arguments.remove(at: index)
        if word.count > name.count { return String(word.dropFirst(name.count + 1)) }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw UsageError("option '\(name)' needs a value")
        }
        return arguments.remove(at: index)
    }

    private func refuseAnother(_ name: String) throws(UsageError) {
        if arguments.contains(where: { isOption($0, named: name) }) { throw UsageError("option '\(name)' given twice") }
    }

    private func isOption(_ word: String, named name: String) -> Bool { word == name || word.hasPrefix(name + "=") }
}
