/// One scalar of UTF-8 read from its bytes, for byte loops over a string's own (valid) UTF-8:
/// its lead byte gives the length, its continuation bytes the rest of the value.
public enum UTF8Scalar {
    /// The length in bytes of the scalar whose lead byte is `lead`.
    @inlinable @inline(__always)
    public static func length(lead: UInt8) -> Int {
        switch lead {
        case ..<0x80: 1
        case ..<0xE0: 2
        case ..<0xF0: 3
        default: 4
        }
    }

    /// The value and length of the scalar starting at `offset` of valid UTF-8, whose bytes are all there.
    @inlinable @inline(__always)
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[offset])
        @inline(__always) func continuation(_ n: Int) -> UInt32 { UInt32(bytes[offset + n]) & 0x3F }
        switch lead {
        case ..<0x80: return (lead, 1)
        case ..<0xE0: return ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
    }
}
