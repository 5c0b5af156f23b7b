/// One node of a parsed YAML document, with where it starts in the text.
/// Equality compares marks too, so two equal-looking nodes from different
/// places differ; an alias copy keeps its anchor's inner marks.
public struct YAMLNode: Sendable, Equatable {
    public var value: YAMLValue
    /// Where the node starts: its first character, or its anchor or tag if it has one.
    public var mark: YAMLMark
    /// The resolved tag as libyaml reports it (`!!str` becomes
    /// `tag:yaml.org,2002:str`), or nil when the node has no explicit tag.
    public var tag: String?
    public var style: YAMLStyle

    public init(value: YAMLValue, mark: YAMLMark, tag: String? = nil, style: YAMLStyle) {
        self.value = value
        self.mark = mark
        self.tag = tag
        self.style = style
    }
}

/// The content of a node. Mappings keep their entries in document order.
public enum YAMLValue: Sendable, Equatable {
    case scalar(String)
    case sequence([YAMLNode])
    case mapping([YAMLEntry])
}

/// One key/value pair of a mapping.
public struct YAMLEntry: Sendable, Equatable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// How a node was written. Scalars use the first five; sequences and
/// mappings use `block` or `flow`. Only plain scalars are resolved to
/// booleans, numbers and null, so `"yes"` and `yes` differ.
public enum YAMLStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    /// `|`
    case literal
    /// `>`
    case folded
    /// Indentation-based sequence or mapping.
    case block
    /// `[...]` or `{...}`.
    case flow
}
