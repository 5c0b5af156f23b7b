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

    /// A scalar that is always a Character of its own: its grapheme break property is Other or
    /// Control (no Extend, SpacingMark, Prepend, ZWJ, Hangul jamo or regional indicator), and not
    /// CR (which joins a following LF). ASCII, Latin-1 to the spacing modifiers, most of Cyrillic,
    /// Latin Extended Additional, general punctuation (without the zero-width and direction marks)
    /// and arrows: the prose of this site's languages; anything else goes the Character way.
    @inlinable @inline(__always)
    public static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x0D: false
        case 0...0x7F, 0xA0...0x2FF, 0x400...0x482, 0x48A...0x52F, 0x1E00...0x1EFF,
             0x2000...0x200A, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF: true
        default: false
        }
    }
}
