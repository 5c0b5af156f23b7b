/// Eight bytes read as one little-endian word, tested all at once.
public enum WordLanes {
    /// The top bit of each byte of `word` equal to `byte` (below 0x80), by the usual zero-byte
    /// test on the word XORed with it: exact up to the first such byte (a borrow can only mark
    /// bytes after it, the higher ones); zero exactly when there is none.
    @inlinable @inline(__always)
    public static func mask(of byte: UInt8, in word: UInt64) -> UInt64 {
        let v = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
    }

    /// Whether no byte has its top bit set, eight bytes at a time: up to the first word that has
    /// one (a line of Cyrillic or accented prose answers at once, not after all its bytes).
    @inlinable
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var seen: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            seen |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            if seen & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            seen |= UInt64(bytes[offset])
            offset += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }
}
