/// The data a template is rendered against: a JSON-like tree. Not `indirect`: lists and objects
/// hold their elements in their own storage already, and boxing every value cost an allocation
/// per string, number and flag of a page's context.
public enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// A string escaped once, when it was made (`MustacheText`); renders as `string` does.
    case text(MustacheText)
    case array([MustacheValue])
    case object([MustacheKey: MustacheValue])
    /// An object of a shape shared with many others (`MustacheRecord`); renders as `object` does.
    case record(MustacheRecord)
}

extension MustacheValue {
    /// Whether a section renders. `null`, `false`, empty lists and empty
    /// strings are falsy; numbers (including 0) and objects (even empty) are
    /// truthy. The spec only pins down null/false/empty list; treating `""`
    /// as falsy lets `{{#summary}}…{{/summary}}` skip blank front matter.
    @inline(__always)
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .array(let items): !items.isEmpty
        case .string(let s): !s.isEmpty
        case .text(let text): !text.string.isEmpty
        case .int, .double, .object, .record: true
        }
    }

    /// The text an interpolation tag writes. Lists and objects have no
    /// sensible text form, so they interpolate as nothing.
    var interpolationText: String {
        switch self {
        case .null, .array, .object, .record: ""
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .string(let s): s
        case .text(let text): text.string
        case .double(let d): Self.format(d)
        }
    }

    /// Shortest round-trip form, but integral values print without ".0"
    /// (JSON does not distinguish 1 from 1.0, so neither should the output).
    static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 9_007_199_254_740_992 {  // 2^53: exact as Int
            return String(Int(d))
        }
        return d.description
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Later duplicates win, like assigning keys one by one.
    public init(dictionaryLiteral elements: (MustacheKey, MustacheValue)...) {
        var dict: [MustacheKey: MustacheValue] = [:]
        dict.reserveCapacity(elements.count)
        for (key, value) in elements { dict[key] = value }
        self = .object(dict)
    }
}

extension MustacheValue {
    /// The value of `key` in an object or a record; nil for any other value.
    subscript(key: MustacheKey) -> MustacheValue? {
        switch self {
        case .object(let dictionary): dictionary[key]
        case .record(let record): record[key]
        default: nil
        }
    }

    /// An object from a dictionary keyed by plain strings (parsed JSON, UI strings).
    public init(object: [String: MustacheValue]) {
        var dict: [MustacheKey: MustacheValue] = [:]
        dict.reserveCapacity(object.count)
        for (key, value) in object { dict[MustacheKey(key)] = value }
        self = .object(dict)
    }
}
