/// A member of a language's index as its shard holds it: a term and its postings
/// (`"term":[…]`), or a form and its stem (`"form":"stem"`).
struct IndexMember: Equatable {
    var name: String
    var isForm: Bool
    /// Its bytes in the shard, without the comma between members.
    var size: Int

    /// Members in their shards' order: by the name's UTF-8 bytes (which keeps every name that
    /// starts with a prefix together), a term before a form of the same name.
    static func inOrder(_ a: IndexMember, _ b: IndexMember) -> Bool {
        if !a.name.utf8.elementsEqual(b.name.utf8) { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
        return !a.isForm && b.isForm
    }
}

/// One shard: its prefix and its members, in order.
struct Shard: Equatable {
    var key: String
    var members: [IndexMember]
}

/// Which members go to which shard. A function of the members' names and sizes alone, so an
/// incremental build that knows them (`SearchIndexState`) lays the shards out as a clean
/// build does, without reading them.
///
/// A prefix's members share one shard while they fit in `limit` bytes; past it the members
/// equal to the prefix keep its shard and the others go one character deeper.
enum ShardLayout {
    static func shards(_ members: [IndexMember], limit: Int) -> [Shard] {
        let names = members.map { Array($0.name.utf8) }
        var sums = [0]
        sums.reserveCapacity(members.count + 1)
        for member in members { sums.append(sums[sums.count - 1] + member.size) }
        var shards: [Shard] = []
        var pending: [(range: Range<Int>, keyBytes: Int, depth: Int)] = [(0..<members.count, 0, 0)]
        // Depth first, children in order, so the shards come out sorted by key.
        while let (range, keyBytes, depth) = pending.popLast() {
            guard !range.isEmpty else { continue }
            let key = String(decoding: names[range.lowerBound][0..<keyBytes], as: UTF8.self)
            if sums[range.upperBound] - sums[range.lowerBound] <= limit || depth > 16 || range.count <= 1 {
                shards.append(Shard(key: key, members: Array(members[range])))
                continue
            }
            // Names no longer than the key (the key itself) stay; the rest go one character deeper.
            var index = range.lowerBound
            while index < range.upperBound && names[index].count == keyBytes { index += 1 }
            if index > range.lowerBound { shards.append(Shard(key: key, members: Array(members[range.lowerBound..<index]))) }
            var children: [(Range<Int>, Int, Int)] = []
            while index < range.upperBound {
                let next = keyBytes + scalarLength(names[index][keyBytes])
                var end = index + 1
                while end < range.upperBound && names[end].count >= next && names[end][keyBytes..<next] == names[index][keyBytes..<next] {
                    end += 1
                }
                children.append((index..<end, next, depth + 1))
                index = end
            }
            pending.append(contentsOf: children.reversed())
        }
        return shards
    }

    /// The bytes of the UTF-8 sequence that `lead` starts.
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }
}
