import Glibc

#if arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel
#endif

/// Sixteen bytes classified at once into bit masks (bit `i` for byte `i`, in memory order):
/// the scanners of words and of page text look at every byte of every page, and a compare per
/// byte cost more than the rest of their work. On x86-64 the compares are SSE2's (part of every
/// x86-64 CPU: a compare and a mask take one instruction each for sixteen bytes); elsewhere the
/// same masks come from a loop over the bytes (`ByteLanesTests` holds both to the same answers).
enum ByteLanes {
    /// Whether the masks come from vector compares (else from a loop over the bytes, which the
    /// scanners do not use: their scalar paths are faster than that).
    @inline(__always)
    static var vectorized: Bool {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        return true
        #else
        return false
        #endif
    }

    /// White space and `&` in sixteen bytes read at `pointer`, as `CleanText` treats them:
    /// `spaces`, the byte 0x20; `special`, HTML's white space (space, tab, line feed, form feed,
    /// carriage return) and `&`.
    @inline(__always)
    static func textBytes(_ pointer: UnsafeRawPointer) -> (spaces: UInt64, special: UInt64) {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        let bytes = pointer.loadUnaligned(as: __m128i.self)
        let spaces = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x20))
        // 9 to 13 (a signed compare after an offset), but 11 (a vertical tab is text).
        let controls = _mm_andnot_si128(
            _mm_cmpeq_epi8(bytes, _mm_set1_epi8(11)), _mm_cmplt_epi8(_mm_add_epi8(bytes, _mm_set1_epi8(0x77)), _mm_set1_epi8(-123)))
        let ampersands = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x26))
        return (mask(spaces), mask(_mm_or_si128(_mm_or_si128(spaces, controls), ampersands)))
        #else
        return textBytesOneByOne(pointer)
        #endif
    }

    /// `textBytes` from a loop over the sixteen bytes.
    static func textBytesOneByOne(_ pointer: UnsafeRawPointer) -> (spaces: UInt64, special: UInt64) {
        var result: (spaces: UInt64, special: UInt64) = (0, 0)
        for offset in 0..<16 {
            let byte = pointer.load(fromByteOffset: offset, as: UInt8.self)
            let bit: UInt64 = 1 << UInt64(offset)
            if byte == 0x20 { result.spaces |= bit }
            if CleanText.isSpace(byte) || byte == UInt8(ascii: "&") { result.special |= bit }
        }
        return result
    }

    /// Bytes of words as `Words.scan` cuts them, in sixteen bytes read at `pointer`:
    /// - `word`: an ASCII letter or digit, a UTF-8 continuation byte, or a lead byte whose
    ///   scalars are all word scalars (0xC3: U+00C0–U+00FF but × and ÷; 0xD0 and 0xD1: Cyrillic
    ///   U+0400–U+047F);
    /// - `other`: any other byte from 0x80 up (the lead of a scalar that may not be a letter);
    /// - `c3`: the byte 0xC3; `timesOrDivide`: 0x97 or 0xB7 (× and ÷ are C3 97 and C3 B7).
    @inline(__always)
    static func wordBytes(_ pointer: UnsafeRawPointer) -> (word: UInt64, other: UInt64, c3: UInt64, timesOrDivide: UInt64) {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        let bytes = pointer.loadUnaligned(as: __m128i.self)
        // Signed compares: a byte plus an offset lands below a bound only within its range.
        let lower = _mm_or_si128(bytes, _mm_set1_epi8(0x20))
        let letter = _mm_cmplt_epi8(_mm_add_epi8(lower, _mm_set1_epi8(0x1F)), _mm_set1_epi8(-102))
        let digit = _mm_cmplt_epi8(_mm_add_epi8(bytes, _mm_set1_epi8(0x50)), _mm_set1_epi8(-118))
        let asciiWord = mask(_mm_or_si128(letter, digit))
        // Sixteen ASCII bytes (a third of a page's text in the Latin languages) need no more.
        let high = mask(bytes)
        if high == 0 { return (asciiWord, 0, 0, 0) }
        let continuation = _mm_cmplt_epi8(bytes, _mm_set1_epi8(-64))
        let c3 = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(Int8(bitPattern: 0xC3)))
        let cyrillic = _mm_cmpeq_epi8(_mm_and_si128(bytes, _mm_set1_epi8(Int8(bitPattern: 0xFE))), _mm_set1_epi8(Int8(bitPattern: 0xD0)))
        let timesOrDivide = _mm_or_si128(
            _mm_cmpeq_epi8(bytes, _mm_set1_epi8(Int8(bitPattern: 0x97))), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(Int8(bitPattern: 0xB7))))
        let wordBits = asciiWord | mask(_mm_or_si128(continuation, _mm_or_si128(c3, cyrillic)))
        return (wordBits, high & ~wordBits, mask(c3), mask(timesOrDivide))
        #else
        return wordBytesOneByOne(pointer)
        #endif
    }

    /// `wordBytes` from a loop over the sixteen bytes: where there are no vector compares, and
    /// for the tests.
    static func wordBytesOneByOne(_ pointer: UnsafeRawPointer) -> (word: UInt64, other: UInt64, c3: UInt64, timesOrDivide: UInt64) {
        var result: (word: UInt64, other: UInt64, c3: UInt64, timesOrDivide: UInt64) = (0, 0, 0, 0)
        for offset in 0..<16 {
            let byte = pointer.load(fromByteOffset: offset, as: UInt8.self)
            let bit: UInt64 = 1 << UInt64(offset)
            if isWordByte(byte) { result.word |= bit } else if byte >= 0x80 { result.other |= bit }
            if byte == 0xC3 { result.c3 |= bit }
            if byte == 0x97 || byte == 0xB7 { result.timesOrDivide |= bit }
        }
        return result
    }

    /// ASCII letters and digits (the bytes of a tag's name) in sixteen bytes read at `pointer`.
    @inline(__always)
    static func nameBytes(_ pointer: UnsafeRawPointer) -> UInt64 {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        let bytes = pointer.loadUnaligned(as: __m128i.self)
        // As in `wordBytes`.
        let lower = _mm_or_si128(bytes, _mm_set1_epi8(0x20))
        let letter = _mm_cmplt_epi8(_mm_add_epi8(lower, _mm_set1_epi8(0x1F)), _mm_set1_epi8(-102))
        let digit = _mm_cmplt_epi8(_mm_add_epi8(bytes, _mm_set1_epi8(0x50)), _mm_set1_epi8(-118))
        return mask(_mm_or_si128(letter, digit))
        #else
        return nameBytesOneByOne(pointer)
        #endif
    }

    /// `nameBytes` from a loop over the sixteen bytes.
    static func nameBytesOneByOne(_ pointer: UnsafeRawPointer) -> UInt64 { bitsOneByOne(pointer, where: BodyText.isNameByte) }

    /// The bit of each of the sixteen bytes at `pointer` for which `test` holds, byte by byte.
    private static func bitsOneByOne(_ pointer: UnsafeRawPointer, where test: (UInt8) -> Bool) -> UInt64 {
        var result: UInt64 = 0
        for offset in 0..<16 where test(pointer.load(fromByteOffset: offset, as: UInt8.self)) {
            result |= 1 << UInt64(offset)
        }
        return result
    }

    /// Whether `pattern` (two bytes or more) starts and ends within `base[from..<to]`, the
    /// `readable` bytes from `base` being there to read. Sixteen places at once are tested for
    /// the pattern's first and last bytes, and only those that have both are compared whole:
    /// a start tag holds few such places, where memchr stopped at each byte equal to the first.
    static func contains(_ pattern: UnsafeBufferPointer<UInt8>, in base: UnsafePointer<UInt8>, from: Int, to: Int, readable: Int) -> Bool {
        guard let wanted = pattern.baseAddress, pattern.count >= 2 else { return false }
        let length = pattern.count
        var index = from
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        let first = _mm_set1_epi8(Int8(bitPattern: wanted[0]))
        let last = _mm_set1_epi8(Int8(bitPattern: wanted[length - 1]))
        // Places `index` to `index + 15`, while the last one's last byte's sixteen can be read.
        while index + length <= to && index + length + 15 <= readable {
            let firsts = mask(_mm_cmpeq_epi8(UnsafeRawPointer(base + index).loadUnaligned(as: __m128i.self), first))
            let lasts = mask(_mm_cmpeq_epi8(UnsafeRawPointer(base + index + length - 1).loadUnaligned(as: __m128i.self), last))
            // Only places whose pattern ends within `to`.
            let places = min(16, to - length + 1 - index)
            var candidates = firsts & lasts & (places == 16 ? 0xFFFF : (1 << UInt64(places)) - 1)
            while candidates != 0 {
                let at = index + candidates.trailingZeroBitCount
                if memcmp(base + at + 1, wanted + 1, length - 2) == 0 { return true }
                candidates &= candidates &- 1
            }
            index += 16
        }
        #endif
        // The rest (near the end of what can be read), place by place.
        while index + length <= to {
            if base[index] == wanted[0] && memcmp(base + index + 1, wanted + 1, length - 1) == 0 { return true }
            index += 1
        }
        return false
    }

    /// Where the first `byte` in `base[from..<to]` is, nil when there is none. The first 64 bytes
    /// are searched here, sixteen at a time, the rest by memchr: most runs of text between two
    /// tags and most tags are short, and a call to memchr (with the registers its caller saves
    /// around it) cost more than such a search.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var index = from
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        let wanted = _mm_set1_epi8(Int8(bitPattern: byte))
        let inlineEnd = from &+ 64
        // Offsets within the page are wrapping sums, as in the page's tag loop.
        while index &+ 16 <= to && index < inlineEnd {
            let found = mask(_mm_cmpeq_epi8(UnsafeRawPointer(base + index).loadUnaligned(as: __m128i.self), wanted))
            if found != 0 { return index &+ found.trailingZeroBitCount }
            index &+= 16
        }
        #endif
        guard index < to, let found = memchr(base + index, Int32(byte), to &- index) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Bytes JSON escapes (`JSONBytes.needsEscape`: control characters, `"` and `\`) in
    /// sixteen bytes read at `pointer`.
    @inline(__always)
    static func jsonEscapes(_ pointer: UnsafeRawPointer) -> UInt64 {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        let bytes = pointer.loadUnaligned(as: __m128i.self)
        // Up to 0x1F: the unsigned maximum with 0x1F is 0x1F.
        let controls = _mm_cmpeq_epi8(_mm_max_epu8(bytes, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F))
        let quotes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x22))
        let backslashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x5C))
        return mask(_mm_or_si128(controls, _mm_or_si128(quotes, backslashes)))
        #else
        return jsonEscapesOneByOne(pointer)
        #endif
    }

    /// `jsonEscapes` from a loop over the sixteen bytes.
    static func jsonEscapesOneByOne(_ pointer: UnsafeRawPointer) -> UInt64 { bitsOneByOne(pointer, where: JSONBytes.needsEscape) }

    /// One byte of `wordBytes`'s `word` mask.
    static func isWordByte(_ byte: UInt8) -> Bool {
        Words.isASCIIWordByte(byte) && byte < 0x80 || (0x80...0xBF).contains(byte) || byte == 0xC3 || byte & 0xFE == 0xD0
    }

    #if arch(x86_64) && canImport(_Builtin_intrinsics)
    /// The high bit of each of the sixteen bytes, as bits 0–15.
    @inline(__always)
    private static func mask(_ bytes: __m128i) -> UInt64 { UInt64(truncatingIfNeeded: UInt16(truncatingIfNeeded: _mm_movemask_epi8(bytes))) }
    #endif
}
