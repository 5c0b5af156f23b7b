import Encoding

/// A name in a context object. Its hash (`ByteHash`) is computed once, when the key is made: a
/// tag's keys are made when the template is parsed, so a lookup (one per context the name walks
/// past) hashes no text. Keys come from templates and from the code that builds contexts, never
/// from untrusted input, so a seedless hash is fine.
public struct MustacheKey: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// `ByteHash` of the name.
    let code: UInt64

    public init(_ name: String) {
        self.name = name
        code = ByteHash.of(name)
    }

    public var description: String { name }

    public static func == (a: MustacheKey, b: MustacheKey) -> Bool {
        a.code == b.code && a.name == b.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    /// What `Dictionary` asks for: the stored code mixed with the table's seed, with no
    /// `Hasher` run (the multiply and shift spread the code's bits into the low ones that
    /// pick a bucket).
    public func _rawHashValue(seed: Int) -> Int {
        var mixed = code ^ UInt64(bitPattern: Int64(seed))
        mixed = (mixed ^ (mixed >> 32)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: UInt(truncatingIfNeeded: mixed ^ (mixed >> 29)))
    }
}

extension MustacheKey: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(value) }
}
