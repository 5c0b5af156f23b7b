import Foundation

/// A language's index made while its pages render, on every core: each page's postings go
/// into one byte arena as soon as the page is indexed, so a build holds the index's bytes,
/// not every page's entry, until the last page is done (`finish`).
public final class SearchIndexBuilder: @unchecked Sendable {
    private let lang: String
    private let lock = NSLock()
    private var state = SearchIndexState()
    private var keys: [String] = []
    private var terms = Numbering<String>()
    /// Per term, its chunks: the page's number in `keys` and the chunk's bytes in `arena`.
    private var chunks: [[(page: Int32, start: Int, end: Int)]] = []
    private var arena: [UInt8] = []

    public init(lang: String) { self.lang = lang }

    /// Adds a page (safe from any thread).
    public func add(_ entry: SearchEntry) {
        // The chunks are written outside the lock; only their filing takes it.
        var bytes: [UInt8] = []
        var pieces: [(term: String, start: Int, end: Int)] = []
        pieces.reserveCapacity(entry.termList.count)
        SearchIndex.forEachChunk(entry) { term, chunk in
            let start = bytes.count
            bytes.append(contentsOf: chunk)
            pieces.append((term, start, bytes.count))
        }
        lock.lock()
        defer { lock.unlock() }
        state.add(entry)
        let page = Int32(keys.count)
        keys.append(entry.key)
        let base = arena.count
        arena.append(contentsOf: bytes)
        for piece in pieces {
            let number = terms.number(piece.term)
            if number == chunks.count { chunks.append([]) }
            chunks[number].append((page, base + piece.start, base + piece.end))
        }
    }

    /// The manifest and the shards, each term's postings in the order of the pages' keys, and
    /// the state an incremental build starts from.
    public func finish(limit: Int = SearchIndex.shardLimit) -> (files: [(path: String, data: Data)], state: SearchIndexState) {
        lock.lock()
        defer { lock.unlock() }
        var rank = [Int](repeating: 0, count: keys.count)
        for (position, page) in keys.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() { rank[page] = position }
        var postings: [[UInt8]] = []
        let names = terms.keys
        postings.reserveCapacity(names.count)
        for number in names.indices {
            var list = chunks[number]
            list.sort { rank[Int($0.page)] < rank[Int($1.page)] }
            var joined: [UInt8] = []
            joined.reserveCapacity(list.reduce(0) { $0 + $1.end - $1.start + 1 })
            for (index, chunk) in list.enumerated() {
                if index > 0 { joined.append(UInt8(ascii: ",")) }
                joined.append(contentsOf: arena[chunk.start..<chunk.end])
            }
            chunks[number] = []
            state.terms[names[number]] = SearchIndex.termSize(names[number], postings: joined.count)
            postings.append(joined)
        }
        arena = []
        state.updateNeeded(Array(state.forms.keys))
        let shards = ShardLayout.shards(state.members, limit: limit)
        state.shards = shards.count
        let numbers = terms
        let forms = state.forms
        var files = shards.map { shard in
            SearchIndex.shardFile(lang: lang, shard, postings: { postings[numbers.find($0) ?? 0] }, stem: { forms[$0]?.stem ?? "" })
        }
        files.append(SearchIndex.manifest(lang: lang, state: state, shards: shards))
        return (files, state)
    }
}
