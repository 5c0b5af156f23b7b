import Foundation

/// The `id`, `href` and `src` attributes of generated HTML, the only ones the link check reads.
/// A page holds some 2,000 `=`, most of them other attributes' (`class`, `lang`, an SVG's `x`):
/// each is turned away by the one byte before it before any name is compared.
struct AttributeScan: Sequence, IteratorProtocol {
    /// An `id` (`isID`), `href` or `src` attribute, and the range of its value.
    struct Attribute {
        var isID: Bool
        var value: Range<Int>
    }

    private let base: UnsafePointer<UInt8>?
    private let count: Int
    private var from = 0

    /// The attributes of `bytes`, in order. Attributes are always double-quoted in generated
    /// HTML, and a `"` in text or in a URL is always escaped, so ` id="` and ` href="` only
    /// ever start attributes. An iterator, not a closure: the caller's tables stay plain locals.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        base = bytes.baseAddress
        count = bytes.count
    }

    /// The next attribute: memchr jumps from one `=` to the next.
    mutating func next() -> Attribute? {
        guard let base else { return nil }
        while from < count, let found = memchr(base + from, Int32(UInt8(ascii: "=")), count - from) {
            let equals = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            from = equals + 1
            guard equals + 1 < count, base[equals + 1] == UInt8(ascii: "\""), let isID = Self.name(before: equals, in: base) else { continue }
            let valueStart = equals + 2
            let quote = memchr(base + valueStart, Int32(UInt8(ascii: "\"")), count - valueStart)
            let valueEnd = quote.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
            from = valueEnd
            return Attribute(isID: isID, value: valueStart..<valueEnd)
        }
        from = count
        return nil
    }

    /// Whether the attribute whose `=` is at `equals` is `id` (true), `href` or `src` (false),
    /// a whole name after a space, a newline or a tab; nil for any other attribute. The last
    /// letter tells the one name it can end (`d`, `f`, `c`); only that name is compared.
    @inline(__always)
    private static func name(before equals: Int, in base: UnsafePointer<UInt8>) -> Bool? {
        guard equals >= 3 else { return nil }
        switch base[equals - 1] {
        case UInt8(ascii: "d"):
            return base[equals - 2] == UInt8(ascii: "i") && isGap(base[equals - 3]) ? true : nil
        case UInt8(ascii: "f"):
            return equals >= 5 && base[equals - 4] == UInt8(ascii: "h") && base[equals - 3] == UInt8(ascii: "r")
                && base[equals - 2] == UInt8(ascii: "e") && isGap(base[equals - 5]) ? false : nil
        case UInt8(ascii: "c"):
            return equals >= 4 && base[equals - 3] == UInt8(ascii: "s") && base[equals - 2] == UInt8(ascii: "r")
                && isGap(base[equals - 4]) ? false : nil
        default:
            return nil
        }
    }

    /// A space, a newline or a tab: what may stand before an attribute's name.
    @inline(__always)
    private static func isGap(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 10 || byte == 9
    }
}
