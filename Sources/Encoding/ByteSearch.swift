import Glibc

/// Finding a run of bytes in a buffer: memchr jumps to each byte equal to the pattern's first,
/// memcmp compares the rest (a byte-by-byte loop cost more than the work around it, for
/// rendered pages' slots and the search index's tags).
public enum ByteSearch {
    /// Where the first `pattern` starting in `range` of `bytes` (and ending within it) begins,
    /// or nil; the empty pattern is found nowhere.
    @inline(__always)
    public static func firstIndex(
        of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>
    ) -> Int? {
        guard let first = pattern.first, let wanted = pattern.baseAddress, let base = bytes.baseAddress,
            range.lowerBound >= 0, range.upperBound <= bytes.count
        else { return nil }
        let last = range.upperBound - pattern.count
        var start = range.lowerBound
        while start <= last, let found = memchr(base + start, Int32(first), last + 1 - start) {
            let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if memcmp(base + at, wanted, pattern.count) == 0 { return at }
            start = at + 1
        }
        return nil
    }

    /// Where the last `byte` of `bytes` is, or nil.
    /// (A loop from the end: Glibc's module has no memrchr, and the byte is near the end
    /// where this is asked, a path's last `/`.)
    @inline(__always)
    public static func lastIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = bytes.count
        while index > 0 {
            index -= 1
            if bytes[index] == byte { return index }
        }
        return nil
    }

    /// Where the first `byte` in `range` of `bytes` is, or nil.
    @inline(__always)
    public static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress, !range.isEmpty, range.lowerBound >= 0, range.upperBound <= bytes.count,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
}
