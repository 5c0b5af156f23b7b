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
    /// Every page's chunks, one record each, in the order they came: the term's number in
    /// `terms`, the page's in `keys`, and where the chunk's bytes lie in the page's part of
    /// `arena` (which starts at `pageStarts[page]`). One flat array, sorted by term only at
    /// the end: an array per term cost an allocation per term.
    private var records: [(term: Int32, page: Int32, start: UInt32, end: UInt32)] = []
    private var arena: [UInt8] = []
    private var pageStarts: [Int] = []
    /// Where each page's records start in `records` (a page's are added together).
    private var recordStarts: [Int] = []
    /// Memory (issue 18): every chunk of a page starts with the same head (`["key",length`),
    /// kept once at the page's start; the records point at what follows it.
    private var pageHeads: [UInt32] = []
    /// The word memo whose numbers the entries carry (`SearchEntry.numbers`); entries of
    /// another memo, or without numbers, are filed by name.
    private var memo: ObjectIdentifier?
    /// The memo's term number → the term's number in `terms` (-1: not seen yet).
    private var termOfMemo: [Int32] = []
    /// The memo's form number → its place in `memoForms` (-1: not seen yet).
    private var formOfMemo: [Int32] = []
    /// Forms filed by number and how many pages hold each; they join `state` at the end.
    private var memoForms: [(form: SearchEntry.Form, pages: Int)] = []

    public init(lang: String) { self.lang = lang }

    /// Adds a page (safe from any thread).
    public func add(_ entry: SearchEntry) {
        // The chunks are written outside the lock; only their filing takes it.
        let (bytes, ends, head) = SearchIndex.chunkBytes(entry)
        lock.lock()
        defer { lock.unlock() }
        if memo == nil { memo = entry.numbers?.memo }
        let numbers = entry.numbers.flatMap { $0.memo == memo ? $0 : nil }
        if let numbers {
            state.addTotals(entry)
            for (form, number) in zip(entry.formList, numbers.forms) {
                var place = Self.place(Int(number), in: formOfMemo)
                if place < 0 {
                    place = memoForms.count
                    Self.set(Int(number), to: place, in: &formOfMemo)
                    memoForms.append((form, 0))
                }
                memoForms[place].pages += 1
            }
        } else {
            state.add(entry)
        }
        let page = Int32(keys.count)
        keys.append(entry.key)
        recordStarts.append(records.count)
        pageStarts.append(arena.count)
        pageHeads.append(UInt32(head))
        arena.append(contentsOf: bytes)
        var start = head
        for index in ends.indices {
            var number = numbers.map { Self.place(Int($0.terms[index]), in: termOfMemo) } ?? -1
            if number < 0 {
                number = terms.number(entry.termNames[index])
                if let numbers { Self.set(Int(numbers.terms[index]), to: number, in: &termOfMemo) }
            }
            records.append((Int32(number), page, UInt32(start), UInt32(ends[index])))
            start = ends[index]
        }
    }

    /// The place `map` gives the memo's `number` (-1: none yet).
    private static func place(_ number: Int, in map: [Int32]) -> Int { number < map.count ? Int(map[number]) : -1 }

    private static func set(_ number: Int, to place: Int, in map: inout [Int32]) {
        if number >= map.count { map.append(contentsOf: repeatElement(-1, count: number + 1 - map.count)) }
        map[number] = Int32(place)
    }

    /// The manifest and the shards, each term's postings in the order of the pages' keys, and
    /// the state an incremental build starts from.
    public func finish(limit: Int = SearchIndex.shardLimit) -> (files: [(path: String, data: Data)], state: SearchIndexState) {
        var files: [(path: String, data: Data)] = []
        let state = finish(limit: limit) { path, data in files.append((path, data)) }
        return (files, state)
    }

    /// `finish`, handing each file to `write` as soon as it is made (the shards, then the
    /// manifest): a term's postings are written only into its shard, as that is made, so the
    /// index's files are never all in memory at once (issue 18).
    public func finish(limit: Int = SearchIndex.shardLimit, write: (String, Data) -> Void) -> SearchIndexState {
        lock.lock()
        defer { lock.unlock() }
        let names = terms.keys
        // The records grouped by term in a counting sort that takes the pages in the order of
        // their keys (a page's records lie together), so each term's come in that order already:
        // no sort per term.
        var firsts = [Int](repeating: 0, count: names.count + 1)
        for record in records { firsts[Int(record.term) + 1] += 1 }
        for number in names.indices { firsts[number + 1] += firsts[number] }
        var next = firsts
        var byTerm = [Int32](repeating: 0, count: records.count)
        recordStarts.append(records.count)
        for page in keys.indices.sorted(by: { keys[$0] < keys[$1] }) {
            for index in recordStarts[page]..<recordStarts[page + 1] {
                byTerm[next[Int(records[index].term)]] = Int32(index)
                next[Int(records[index].term)] += 1
            }
        }
        // Each term's size, counted without joining its postings: the shards' layout needs it first.
        for number in names.indices {
            let chunks = byTerm[firsts[number]..<firsts[number + 1]]
            let bytes = chunks.reduce(0) { sum, record in
                let chunk = records[Int(record)]
                return sum + Int(pageHeads[Int(chunk.page)]) + Int(chunk.end - chunk.start) + 1
            }
            state.terms[names[number]] = SearchIndex.termSize(names[number], postings: max(0, bytes - 1))
        }
        for (form, pages) in memoForms { state.addForm(form.folded, stem: form.stem, pages: pages) }
        memoForms = []
        state.updateNeeded(Array(state.forms.keys))
        let shards = ShardLayout.shards(state.members, limit: limit)
        state.shards = shards.count
        let numbers = terms
        let forms = state.forms
        // A term's postings, its pages' chunks (each its page's head and its own part), written
        // straight into the shard.
        func postings(_ number: Int, into out: inout JSONBytes) {
            for position in firsts[number]..<firsts[number + 1] {
                if position > firsts[number] { out.byte(UInt8(ascii: ",")) }
                let chunk = records[Int(byTerm[position])]
                let base = pageStarts[Int(chunk.page)]
                out.bytes.append(contentsOf: arena[base..<(base + Int(pageHeads[Int(chunk.page)]))])
                out.bytes.append(contentsOf: arena[(base + Int(chunk.start))..<(base + Int(chunk.end))])
            }
        }
        for shard in shards {
            let file = SearchIndex.shardFile(
                lang: lang, shard, postings: { postings(numbers.find($0) ?? 0, into: &$1) }, stem: { forms[$0]?.stem ?? "" })
            write(file.path, file.data)
        }
        records = []
        recordStarts = []
        pageStarts = []
        pageHeads = []
        arena = []
        let manifest = SearchIndex.manifest(lang: lang, state: state, shards: shards)
        write(manifest.path, manifest.data)
        return state
    }
}
