/// Collects diagnostics through a whole run.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func report(contentsOf other: [Diagnostic]) {
        // Nothing yet (as for most blocks): the other array is taken as it is, not copied.
        if diagnostics.isEmpty {
            diagnostics = other
        } else {
            diagnostics.append(contentsOf: other)
        }
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Sorted by file, line and column so output is stable across parallel runs.
    public var sorted: [Diagnostic] {
        // None or one (most blocks and runs): sorted already, without the pairs sorting makes.
        guard diagnostics.count > 1 else { return diagnostics }
        return diagnostics.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
