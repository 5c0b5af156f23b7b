/// Sorting names by their UTF-8 bytes (the shards' order) on integers: each name's first
/// eight bytes as one big-endian number decide most comparisons, and only names that share
/// them are compared byte by byte. Comparing `String.UTF8View`s element by element cost more
/// than the rest of a run's sort, run after run, and again for the shards' layout.
enum UTF8Order {
    /// The first eight bytes of `name`, the first one most significant, zeros past its end:
    /// names whose prefixes differ are in the order of their prefixes.
    /// Read from the name's UTF-8 storage: stepping through its `utf8` view cost some 30
    /// instructions a byte, and every name was read to its end.
    static func prefix(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var value: UInt64 = 0
            for (index, byte) in bytes.prefix(8).enumerated() { value |= UInt64(byte) << UInt64(56 - 8 * index) }
            return value
        }
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes, given their prefixes.
    @inline(__always)
    static func precedes(_ a: String, _ prefixA: UInt64, _ b: String, _ prefixB: UInt64) -> Bool {
        if prefixA != prefixB { return prefixA < prefixB }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The positions of `names` in the order of their UTF-8 bytes, names of the same bytes in
    /// the order of their positions.
    static func sortedIndices<Names: RandomAccessCollection<String>>(_ names: Names) -> [Names.Index] {
        var keys = names.indices.map { (prefix: prefix(names[$0]), index: $0) }
        keys.sort { a, b in
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            // Bytes, not `!=`: canonically equivalent names may differ in bytes.
            let (first, second) = (names[a.index].utf8, names[b.index].utf8)
            if first.lexicographicallyPrecedes(second) { return true }
            if second.lexicographicallyPrecedes(first) { return false }
            return a.index < b.index
        }
        return keys.map(\.index)
    }
}
