/// UTF-8 checked quickly, and Strings made of bytes so checked without a second check.
///
/// Every source file of a build becomes a `String`, and the standard library's validation
/// (inside `String(validating:)` and `String(decoding:)`) reads it byte by byte: about 1.7 ns a
/// byte, 3% of a build's instructions. Our text is mostly ASCII: eight bytes at a time pass over
/// it, and only the other scalars are read one by one, against the table of well-formed byte
/// sequences of the Unicode Standard (chapter 3, table 3-7). The String is then copied from
/// the checked bytes (`UTF8Span(unchecked:)`): a String holding invalid UTF-8 would break the
/// standard library's memory safety, so `UTF8ValidationTests` holds this check to the standard
/// library's on every sequence of one to four bytes that matters and on random text.
public enum UTF8Validation {
    /// The offset of the first ill-formed sequence in `bytes` (where the scalar that cannot be
    /// read starts, as the standard library's decoder reports it), nil when all are well formed;
    /// and whether every byte is ASCII.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> (firstInvalid: Int?, isASCII: Bool) {
        guard let base = bytes.baseAddress else { return (nil, true) }
        let count = bytes.count
        var isASCII = true
        var index = 0
        while index < count {
            if index &+ 8 <= count {
                // Eight bytes at once; past the ASCII ones to the first that is not.
                let high = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) & 0x8080_8080_8080_8080
                if high == 0 {
                    index &+= 8
                    continue
                }
                index &+= high.trailingZeroBitCount >> 3
            } else if base[index] < 0x80 {
                index &+= 1
                continue
            }
            isASCII = false
            // A run of two-byte scalars (a Cyrillic word, accented Latin letters) without going
            // back to the ASCII test between them: it cost more than the check of each scalar.
            while index &+ 1 < count && base[index] &- 0xC2 <= 0xDF - 0xC2 && base[index &+ 1] & 0xC0 == 0x80 { index &+= 2 }
            guard index < count else { break }
            if base[index] < 0x80 { continue }
            guard let length = wellFormedLength(base, at: index, count: count) else { return (index, false) }
            index &+= length
        }
        return (nil, isASCII)
    }

    /// The length of the well-formed sequence of two to four bytes that starts at `index` (its
    /// lead byte 0x80 or above), nil when there is none there.
    @inline(__always)
    static func wellFormedLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        let lead = base[index]
        // The second byte's range depends on the lead (no overlong forms, no surrogates,
        // nothing above U+10FFFF); every other continuation byte is 0x80–0xBF.
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard count &- index >= length else { return nil }
        let second = base[index &+ 1]
        guard second >= low && second <= high else { return nil }
        if length >= 3 && base[index &+ 2] & 0xC0 != 0x80 { return nil }
        if length == 4 && base[index &+ 3] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// Bytes that are not well-formed UTF-8, and where the first ill-formed sequence starts.
    public struct Invalid: Error {
        public let offset: Int
    }

    /// The bytes as a String, or where they stop being well-formed UTF-8: one check either way
    /// (a String, then `check` for the place, read a bad file's bytes twice).
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(Invalid) -> String {
        let (firstInvalid, isASCII) = bytes.withUnsafeBufferPointer(check)
        if let firstInvalid { throw Invalid(offset: firstInvalid) }
        return String(copying: unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }
}
