/// A fast hash of byte strings for tables inside one process: a multiply-xor pass eight bytes
/// at a time (`Hasher` took three to four instructions a byte for whole code blocks and
/// paragraphs). It is not seeded, so its users compare equal hashes byte for byte and feed the
/// result to a seeded `Hasher` or mix it with the table's seed: a crafted collision costs a
/// comparison, never a wrong answer. Used by `MustacheKey` and the build's memo keys.
public enum ByteHash {
    /// Where a hash starts (FNV-1a's offset basis: any odd constant would do).
    public static let start: UInt64 = 0xCBF2_9CE4_8422_2325

    @usableFromInline static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// `hash` with `bytes` mixed in.
    @inlinable
    public static func mix(_ hash: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = hash
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                hash = (hash ^ UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) &* multiplier
                hash ^= hash >> 29
                offset += 8
            }
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* multiplier
            offset += 1
        }
        return hash ^ (hash >> 29)
    }

    /// `hash` with a part's length mixed in, to end the part: without it, ("ab", "c") and
    /// ("a", "bc") would hash alike, and so would texts differing only in trailing zero bytes.
    @inlinable
    public static func end(_ hash: UInt64, length: Int) -> UInt64 {
        (hash ^ UInt64(truncatingIfNeeded: length)) &* multiplier
    }

    /// The hash of one string's UTF-8 bytes, its length included.
    @inlinable
    public static func of(_ text: String) -> UInt64 {
        text.withUTF8Bytes { end(mix(start, $0), length: $0.count) }
    }
}
