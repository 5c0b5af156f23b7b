/// Integers written in decimal as bytes, as `String(Int)` writes them (the reader is
/// `TabSeparatedLines.integer`): the search index and the build cache write millions of numbers,
/// and a `String` each cost more than the digits.
public enum DecimalDigits {
    /// The most digits a non-negative `Int` has (`Int.max`: 19).
    public static let maxCount = 19

    /// Writes `value` (not negative) at `out`; returns how many digits it wrote, at most `maxCount`.
    /// Inlinable: the index's page chunks write three numbers a posting, and a call across
    /// modules for each cost more than most numbers' digits.
    @inlinable @inline(__always)
    public static func write(_ value: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: max(value, 0))
            return 1
        }
        // Below 1,000 without the loops of divisions: most numbers written are such (the
        // search index's sections, counts and lengths), and the loops were a tenth of filing a page.
        if value < 100 {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10)
            out[1] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
            return 2
        }
        if value < 1000 {
            let rest = value % 100
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: value / 100)
            out[1] = 0x30 &+ UInt8(truncatingIfNeeded: rest / 10)
            out[2] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            return 3
        }
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        rest = value
        var index = count
        while index > 0 {
            index -= 1
            out[index] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return count
    }

    /// Appends `value`, sign included, to `bytes`.
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            // -Int.min does not fit in an Int: its digits are its magnitude's.
            guard value != Int.min else {
                bytes += String(value.magnitude).utf8
                return
            }
            append(-value, to: &bytes)
            return
        }
        if value < 10 {
            bytes.append(0x30 + UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = write(value, into: base)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}

/// Lowercase hexadecimal digits as bytes (shard names, `\u00XX` escapes).
public enum HexDigits {
    /// The ASCII digit of `nibble` (0–15; only its low four bits are read).
    @inlinable
    public static func lowercase(_ nibble: UInt8) -> UInt8 {
        let value = nibble & 0xF
        return value < 10 ? 0x30 &+ value : 0x57 &+ value
    }
}
