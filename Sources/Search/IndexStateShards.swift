import Encoding

extension SearchIndexState {
    /// The number of shards of an encoded state (`encoded()`), read from its first line alone:
    /// an incremental build that leaves a language's index as it was needs no more of it.
    /// Nil when that line is not a state's totals.
    public static func shards(encoded bytes: ArraySlice<UInt8>) -> Int? {
        var fields: [Range<Int>] = []
        var lines = TabSeparatedLines(bytes)
        guard lines.next(into: &fields), fields.count == 5, bytes[fields[0]].elementsEqual([UInt8(ascii: "N")]),
            let shards = TabSeparatedLines.integer(bytes[fields[4]]), shards >= 0
        else { return nil }
        return shards
    }
}
