import Glibc

/// Lines of tab-separated fields read in place: each line's fields as ranges of the bytes, so
/// that a reader makes Strings only of the fields it keeps (the build cache, the search
/// index's state).
public struct TabSeparatedLines {
    private let bytes: ArraySlice<UInt8>
    /// Where the next line starts; a reader that finds a block of bytes after a line moves it on.
    public var position: Int

    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// Puts the next line's fields (cut at tabs; the line at "\n" or the end) in `fields`;
    /// false after the last line.
    public mutating func next(into fields: inout [Range<Int>]) -> Bool {
        guard position < bytes.endIndex else { return false }
        fields.removeAll(keepingCapacity: true)
        let base = bytes.startIndex
        let start = position - base
        // The line's end and its tabs found with memchr, through a pointer: a byte-by-byte loop
        // over the slice was most of the time spent reading a cache of 16,000 lines.
        let lineEnd = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let pointer = buffer.baseAddress else { return base + start }
            let newline = memchr(pointer + start, 10, buffer.count - start)
            let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(pointer) } ?? buffer.count
            var fieldStart = start
            while let tab = memchr(pointer + fieldStart, 9, end - fieldStart) {
                let at = UnsafeRawPointer(tab) - UnsafeRawPointer(pointer)
                fields.append((base + fieldStart)..<(base + at))
                fieldStart = at + 1
            }
            fields.append((base + fieldStart)..<(base + end))
            return base + end
        }
        position = lineEnd + 1
        return true
    }

    /// A decimal integer as `String(Int)` writes it (an optional sign, then digits), or nil.
    public static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.endIndex else { return nil }
        var value = 0
        while index < bytes.endIndex {
            let digit = Int(bytes[index]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
