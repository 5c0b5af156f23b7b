/// Reads `--name value` and `--name=value` options; leaves positional words.
struct OptionParser {
    private var arguments: [String]
    private let command: String

    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    /// The value of `name`, removing it from the arguments; nil if absent.
    mutating func value(for name: String) throws(UsageError) -> String? {
        guard let index = arguments.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) else { return nil }
        let word = arguments.remove(at: index)
        if word.count > name.count { return String(word.dropFirst(name.count + 1)) }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw UsageError("option '\(name)' needs a value")
        }
        return arguments.remove(at: index)
    }

    /// Whether the flag `name` is present, removing it.
    mutating func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
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
}
