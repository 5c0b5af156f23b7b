import Encoding

/// Sorting names by their UTF-8 bytes (the shards' order) on integers: each name's first
/// eight bytes as one big-endian number decide most comparisons, and only names that share
/// them are compared byte by byte. Comparing `String.UTF8View`s element by element cost more
/// than the rest of a run's sort, run after run, and again for the shards' layout.
enum UTF8Order {
    /// The first eight bytes of `name`, the first one most significant, zeros past its end:
    /// names whose prefixes differ are in the order of their prefixes.
    /// Read from the name's UTF-8 storage: stepping through its `utf8` view cost some 30
    /// instructions a byte, and every name was read to its end.
    static func prefix(_ name: String) -> UInt64 { prefixes(name).first }

    /// The first eight bytes of `name` and the next eight, as `prefix` reads them: names whose
    /// first sixteen bytes differ are in the order of these pairs. Many terms share their first
    /// eight (`interrupción`, `interrupciones`), few their first sixteen.
    static func prefixes(_ name: String) -> (first: UInt64, second: UInt64) {
        name.withUTF8Bytes { bytes in
            var first: UInt64 = 0
            var second: UInt64 = 0
            for (index, byte) in bytes.prefix(16).enumerated() {
                if index < 8 { first |= UInt64(byte) << UInt64(56 - 8 * index) } else { second |= UInt64(byte) << UInt64(120 - 8 * index) }
            }
            return (first, second)
        }
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes, given their prefixes.
    @inline(__always)
    static func precedes(_ a: String, _ prefixA: UInt64, _ b: String, _ prefixB: UInt64) -> Bool {
        if prefixA != prefixB { return prefixA < prefixB }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The positions of `names` in the order of their UTF-8 bytes, names of the same bytes in
    /// the order of their positions. Sorted by their first sixteen bytes and their offset,
    /// integers compared without a call; then each run of names that share their first sixteen
    /// bytes (few, short) is sorted again by its bytes. One sort whose comparison also reached
    /// the names (through a closure over the generic collection, called per comparison) cost
    /// about 1,500 instructions a name.
    static func sortedIndices<Names: RandomAccessCollection<String>>(_ names: Names) -> [Names.Index] {
        let indices = Array(names.indices)
        var keys = indices.indices.map { offset in
            let prefixes = prefixes(names[indices[offset]])
            return (first: prefixes.first, second: prefixes.second, offset: offset)
        }
        keys.sort { ($0.first, $0.second, $0.offset) < ($1.first, $1.second, $1.offset) }
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count && (keys[end].first, keys[end].second) == (keys[start].first, keys[start].second) { end += 1 }
            if end - start > 1 {
                keys[start..<end].sort { a, b in
                    // Bytes, not `!=`: canonically equivalent names may differ in bytes.
                    let (first, second) = (names[indices[a.offset]].utf8, names[indices[b.offset]].utf8)
                    if first.lexicographicallyPrecedes(second) { return true }
                    if second.lexicographicallyPrecedes(first) { return false }
                    return a.offset < b.offset
                }
            }
            start = end
        }
        return keys.map { indices[$0.offset] }
    }
}
