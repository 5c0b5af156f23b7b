/// Convenience reads for config and front matter. Typed accessors follow the
/// YAML 1.2 core schema: only plain, untagged scalars (or scalars tagged with
/// the matching `!!` tag) resolve to booleans, integers and null.
extension YAMLNode {
    private static let boolTag = "tag:yaml.org,2002:bool"
    private static let intTag = "tag:yaml.org,2002:int"
    private static let nullTag = "tag:yaml.org,2002:null"

    public var isScalar: Bool {
        if case .scalar = value { true } else { false }
    }

    /// The text of a scalar of any style (a plain `null` gives "null"); nil for collections.
    public var string: String? {
        if case .scalar(let text) = value { text } else { nil }
    }

    /// The items of a sequence.
    public var array: [YAMLNode]? {
        if case .sequence(let items) = value { items } else { nil }
    }

    /// The entries of a mapping whose keys are all scalars, in document order;
    /// nil for other nodes or a mapping with a sequence or mapping as a key.
    public var entries: [(key: String, value: YAMLNode)]? {
        guard case .mapping(let pairs) = value else { return nil }
        var result: [(key: String, value: YAMLNode)] = []
        result.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = pair.key.string else { return nil }
            result.append((key, pair.value))
        }
        return result
    }

    /// The value for a scalar key (quoted or not) in a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs.first { $0.key.string == key }?.value
    }

    /// A plain `~`, `null`, `Null`, `NULL` or empty scalar, or one tagged `!!null`.
    public var isNull: Bool {
        guard let text = resolvable(as: Self.nullTag) else { return false }
        return tag != nil || text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// `true`/`True`/`TRUE` or `false`/`False`/`FALSE`, unquoted.
    public var bool: Bool? {
        switch resolvable(as: Self.boolTag) {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// A decimal (`-12`, `+3`), octal (`0o17`) or hexadecimal (`0x1F`) integer,
    /// unquoted; nil if it does not fit in `Int`.
    public var int: Int? {
        guard let text = resolvable(as: Self.intTag) else { return nil }
        // `Int(_:radix:)` would accept a sign after the prefix; the core schema does not.
        if text.hasPrefix("0x") || text.hasPrefix("0o") {
            let digits = text.dropFirst(2)
            guard let first = digits.first, first != "+", first != "-" else { return nil }
            return Int(digits, radix: text.hasPrefix("0x") ? 16 : 8)
        }
        return Int(text, radix: 10)
    }

    /// The scalar text if this node may be read as the type of `typeTag`:
    /// an untagged plain scalar, or any scalar explicitly tagged so.
    private func resolvable(as typeTag: String) -> String? {
        guard case .scalar(let text) = value else { return nil }
        if let tag { return tag == typeTag ? text : nil }
        return style == .plain ? text : nil
    }
}
