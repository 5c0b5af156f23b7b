/// A name in a context object. Its hash is computed once, when the key is made, by a short
/// multiply-xor pass over its UTF-8: a tag's keys are made when the template is parsed, so a
/// lookup (one per context the name walks past) hashes no text. Keys come from templates and
/// from the code that builds contexts, never from untrusted input, so a seedless hash is fine.
public struct MustacheKey: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    private let code: UInt64

    public init(_ name: String) {
        self.name = name
        code = Self.code(name)
    }

    public var description: String { name }

    /// FNV-1a over the bytes, eight at a time where there are eight (most keys are short).
    static func code(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var name = name
        name.withUTF8 { bytes in
            var offset = 0
            if let base = bytes.baseAddress {
                while offset + 8 <= bytes.count {
                    let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                    hash = (hash ^ word) &* 0x0000_0100_0000_01B3
                    hash ^= hash >> 29
                    offset += 8
                }
            }
            while offset < bytes.count {
                hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
        }
        // Length last, so that keys differing only in trailing zero bytes differ.
        return (hash ^ UInt64(truncatingIfNeeded: name.utf8.count)) &* 0x0000_0100_0000_01B3
    }

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
