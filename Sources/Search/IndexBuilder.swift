import Foundation

/// A language's index made while its pages render, on every core. Each page's postings go
/// into the run being filled as soon as the page is indexed; past `runLimit` bytes the run is
/// sorted (terms by name, pages by key) and put aside, in a file when the builder has a
/// folder for one. `finish` merges the runs term by term into the shards, in their order: a
/// build holds one run and the pages' keys, not the index (issue 18).
public final class SearchIndexBuilder: @unchecked Sendable {
    private let lang: String
    private let lock = NSLock()
    private var state = SearchIndexState()
    /// Every page's key, by the page's number (the order pages came).
    private var keys: [String] = []
    /// Every chunk of a page starts with the same head (`["key",length`): kept once per page,
    /// page `n`'s is `heads[headEnds[n - 1]..<headEnds[n]]`.
    private var heads: [UInt8] = []
    private var headEnds: [Int] = []
    private var terms = BuilderTerms()
    /// Each term's bytes in its shard's postings so far, a comma after each chunk.
    private var termBytes: [Int] = []
    private var pending: PendingRun
    private var runs: [StoredRun] = []
    /// Past this many bytes the pending run is sorted and put aside.
    private let runLimit: Int
    /// Where the runs' file may go (asked once, when the first run is put aside); nil: memory.
    private let spillFolder: (@Sendable () -> String?)?
    private var spill: SpillFile?
    private var askedForSpill = false
    /// A run goes to the spill file through this buffer, `spillChunk` bytes at a time.
    private var spillBuffer: [UInt8] = []
    private let spillChunk: Int
    /// The word memo whose numbers the entries carry (`SearchEntry.numbers`); entries of
    /// another memo, or without numbers, are filed by name.
    private var memo: ObjectIdentifier?
    /// The memo's term number → the term's number in `terms` (-1: not seen yet).
    private var termOfMemo: [Int32] = []
    /// The memo's form number → its place in `memoForms` (-1: not seen yet).
    private var formOfMemo: [Int32] = []
    /// Forms filed by number and how many pages hold each (apart: a count kept beside two
    /// strings was copied out and back on each increment); they join `state` at the end.
    private var memoForms: [SearchEntry.Form] = []
    private var memoFormPages: [Int] = []
    /// The stem's term number of each of `memoForms`; a page whose spelling of the word stems
    /// otherwise (rare: "hacía" beside "hacia") files that form by name in `otherStems`.
    private var memoFormStems: [Int32] = []
    private var otherStems: [SearchEntry.Form] = []

    /// A run of 4 MiB: a language's index of 500 unique pages is about 16 MB.
    public static let defaultRunLimit = 4 << 20

    /// `spillFolder` gives a folder for the runs' file (a build's staging folder); without
    /// one, or when no file can be made there, the runs stay in memory.
    public convenience init(lang: String, runLimit: Int = defaultRunLimit, spillFolder: (@Sendable () -> String?)? = nil) {
        self.init(lang: lang, runLimit: runLimit, spillChunk: 1 << 20, spillFolder: spillFolder)
    }

    /// `spillChunk`: the bytes a run is written to the spill file in (tests make it small).
    init(lang: String, runLimit: Int, spillChunk: Int, spillFolder: (@Sendable () -> String?)?) {
        self.spillChunk = max(spillChunk, 1)
        self.lang = lang
        self.runLimit = runLimit
        self.spillFolder = spillFolder
        pending = PendingRun(capacity: runLimit)
    }

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
            Self.countForms(
                entry, numbers: numbers, formOfMemo: &formOfMemo, forms: &memoForms, pages: &memoFormPages, stems: &memoFormStems,
                otherStems: &otherStems)
        } else {
            state.add(entry)
        }
        let page = Int32(keys.count)
        keys.append(entry.key)
        heads.append(contentsOf: bytes[0..<head])
        headEnds.append(heads.count)
        pending.pages.append((page, Int32(pending.records.count)))
        let base = pending.arena.count
        pending.arena.append(contentsOf: bytes[head...])
        Self.file(
            entry, numbers: numbers, ends: ends, head: head, at: base, page: page, termOfMemo: &termOfMemo, terms: &terms,
            termBytes: &termBytes, records: &pending.records)
        if pending.bytes >= runLimit { putPendingAside() }
    }

    /// Counts the page of `entry` for each of its forms (`numbers.forms`), adding those new to
    /// the builder: a static function over its state, passed in once, as `file` is (each access
    /// to a class's property in the loop was checked at run time, twice per form).
    private static func countForms(
        _ entry: SearchEntry, numbers: SearchEntry.MemoNumbers, formOfMemo: inout [Int32], forms: inout [SearchEntry.Form], pages: inout [Int],
        stems: inout [Int32], otherStems: inout [SearchEntry.Form]
    ) {
        for (index, number) in numbers.forms.enumerated() {
            var place = place(Int(number), in: formOfMemo)
            if place < 0 {
                place = forms.count
                set(Int(number), to: place, in: &formOfMemo)
                forms.append(entry.form(index))
                pages.append(0)
                stems.append(numbers.stems[index])
            }
            guard stems[place] == numbers.stems[index] else {
                otherStems.append(entry.form(index))
                continue
            }
            pages[place] += 1
        }
    }

    /// Files the page's chunks, which end at `ends` in its bytes (after a head of `head` bytes,
    /// the rest at `base` in the pending run): a static function over its state, passed in
    /// once, since each access to a class's property in the loop is checked at run time.
    /// First each term's number (new terms numbered in their order), then the terms' sizes and
    /// records through buffers: added to the arrays term by term, each size and record paid for
    /// checks of room and uniqueness, about a hundred instructions a term of a page.
    private static func file(
        _ entry: SearchEntry, numbers: SearchEntry.MemoNumbers?, ends: [Int], head: Int, at base: Int, page: Int32,
        termOfMemo: inout [Int32], terms: inout BuilderTerms, termBytes: inout [Int],
        records: inout [(term: Int32, page: Int32, start: UInt32, end: UInt32)]
    ) {
        let termNumbers = [Int32](unsafeUninitializedCapacity: ends.count) { termNumbers, count in
            for index in ends.indices {
                var number = numbers.map { place(Int($0.terms[index]), in: termOfMemo) } ?? -1
                if number < 0 {
                    number = terms.number(entry.termName(index), fromMemo: numbers != nil)
                    if let numbers { set(Int(numbers.terms[index]), to: number, in: &termOfMemo) }
                }
                termNumbers[index] = Int32(number)
            }
            count = ends.count
        }
        // A size for each term numbered (new ones come last, in order).
        if terms.count > termBytes.count { termBytes.append(contentsOf: repeatElement(0, count: terms.count - termBytes.count)) }
        // Offsets in the pending run are wrapping sums truncated to 32 bits, as the run keeps
        // them (its bytes stay far below 4 GiB: it is put aside past `runLimit`); their checks
        // were a third of a term's filing.
        let filed = [(term: Int32, page: Int32, start: UInt32, end: UInt32)](unsafeUninitializedCapacity: ends.count) { filed, count in
            termBytes.withUnsafeMutableBufferPointer { sizes in
                ends.withUnsafeBufferPointer { ends in
                    var start = head
                    for index in ends.indices {
                        let number = termNumbers[index]
                        sizes[Int(number)] &+= head &+ ends[index] &- start &+ 1
                        filed[index] = (
                            number, page, UInt32(truncatingIfNeeded: base &+ start &- head), UInt32(truncatingIfNeeded: base &+ ends[index] &- head)
                        )
                        start = ends[index]
                    }
                }
            }
            count = ends.count
        }
        records.append(contentsOf: filed)
    }

    /// Sorts the pending run and stores it: in the spill file when there is one, else in memory.
    /// The pending run's storage is kept for the next one.
    private func putPendingAside() {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll() }
        if !askedForSpill {
            askedForSpill = true
            spill = spillFolder?().flatMap(SpillFile.init(folder:))
        }
        if let spill {
            let offset = spill.size
            if spillBuffer.capacity == 0 { spillBuffer.reserveCapacity(spillChunk + (spillChunk >> 4)) }
            let written = pending.writeSorted(names: terms.keys, keys: keys, into: &spillBuffer, flushAt: spillChunk) { buffer in
                defer { buffer.removeAll(keepingCapacity: true) }
                return spill.append(buffer) != nil
            }
            if written {
                runs.append(.file(offset: offset, count: spill.size - offset))
                return
            }
            // What was written of the run is left in the file unread; the run stays in memory.
        }
        runs.append(.memory(pending.sortedRun(names: terms.keys, keys: keys)))
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
        let state = finish(limit: limit) { path, data in files.append((path, data)) } ?? SearchIndexState()
        return (files, state)
    }

    /// `finish`, handing each file to `write` as soon as it is made (the shards, then the
    /// manifest): the runs are merged term by term in the shards' order, so neither the
    /// postings nor the index's files are ever all in memory (issue 18). nil when a run put
    /// in the spill file cannot be read back, or a term of the layout has no number (never
    /// expected): the files written are then incomplete.
    public func finish(limit: Int = SearchIndex.shardLimit, write: (String, Data) -> Void) -> SearchIndexState? {
        lock.lock()
        defer { lock.unlock() }
        // The last run stays in memory: it is read once, right away.
        if !pending.isEmpty {
            runs.append(.memory(pending.sortedRun(names: terms.keys, keys: keys)))
            pending = PendingRun()
        }
        let names = terms.keys
        // Room for every term and form at once: grown from empty, the tables were rehashed
        // some forty times per build.
        state.terms.reserveCapacity(state.terms.count + names.count)
        state.forms.reserveCapacity(state.forms.count + memoForms.count)
        for number in names.indices {
            state.terms[names[number]] = SearchIndex.termSize(names[number], postings: max(0, termBytes[number] - 1))
        }
        for (form, pages) in zip(memoForms, memoFormPages) { state.addForm(form.folded, stem: form.stem, pages: pages) }
        for form in otherStems { state.addForm(form.folded, stem: form.stem, pages: 1) }
        memoForms = []
        memoFormPages = []
        memoFormStems = []
        otherStems = []
        state.updateAllNeeded()
        let shards = ShardLayout.shards(state.members, limit: limit)
        state.shards = shards.count

        // Ranks: the pages' in the order of their keys, the terms' in the order of their names
        // (the runs' and the shards' order).
        var pageRank = [Int32](repeating: 0, count: keys.count)
        for (rank, page) in keys.indices.sorted(by: { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }).enumerated() {
            pageRank[page] = Int32(rank)
        }
        let termOrder = UTF8Order.sortedIndices(names)
        var termRank = [Int32](repeating: 0, count: names.count)
        for (rank, number) in termOrder.enumerated() {
            termRank[number] = Int32(rank)
        }
        var merger = PostingsMerger(
            readers: runs.map { RunReader($0, spill: spill) }, pageRank: pageRank, termRank: termRank, heads: heads, headEnds: headEnds)
        runs = []
        let numbers = terms
        let forms = state.forms
        var unknownTerm = false
        // The shards hold the terms in the order of their names, `termOrder`'s: each term is
        // the next one there, checked by name (a look-up by name hashed each term again).
        var nextTerm = 0
        for shard in shards {
            let file = SearchIndex.shardFile(
                lang: lang, shard,
                postings: { name, out in
                    // The shards are laid out from these very terms; a name without a number
                    // would be a bug, reported as a failed index rather than filed under another term.
                    var number: Int?
                    if nextTerm < termOrder.count && names[termOrder[nextTerm]] == name {
                        number = termOrder[nextTerm]
                        nextTerm += 1
                    } else {
                        number = numbers.find(name)
                    }
                    if let number { merger.write(number, into: &out) } else { unknownTerm = true }
                }, stem: { forms[$0]?.stem ?? "" })
            write(file.path, file.data)
        }
        let failed = unknownTerm || merger.readers.contains { $0.failed }
        merger.readers = []
        spill = nil
        let manifest = SearchIndex.manifest(lang: lang, state: state, shards: shards)
        write(manifest.path, manifest.data)
        return failed ? nil : state
    }
}

/// Merges the stored runs term by term, in the shards' order: a term's postings are its blocks
/// in every run (each in the order of the pages' keys) merged by the pages' ranks, each chunk its
/// page's head and its part. A struct of its own, not a function nested in `finish`: the
/// variables such a function captures are boxed and every access to them is checked at run
/// time, once per posting.
struct PostingsMerger: ~Copyable {
    var readers: [RunReader]
    /// A page's rank in the order of the pages' keys, a term's in the order of the names.
    let pageRank: [Int32]
    let termRank: [Int32]
    /// Page `n`'s head is `heads[headEnds[n - 1]..<headEnds[n]]`.
    let heads: [UInt8]
    let headEnds: [Int]
    /// Room for a term's postings found in the runs, kept from term to term: an array appended
    /// to paid for a check of its uniqueness and room per posting.
    private var foundStorage = UnsafeMutableBufferPointer<Found>.allocate(capacity: 1 << 10)

    init(readers: [RunReader], pageRank: [Int32], termRank: [Int32], heads: [UInt8], headEnds: [Int]) {
        self.readers = readers
        self.pageRank = pageRank
        self.termRank = termRank
        self.heads = heads
        self.headEnds = headEnds
    }

    deinit { foundStorage.deallocate() }

    /// Writes term `number`'s postings (without brackets) and moves the runs past it.
    mutating func write(_ number: Int, into out: inout JSONBytes) {
        // The runs moved to the term, and room for all its postings (a posting takes eight
        // bytes at least, so a block cannot ask for more room than its bytes hold).
        var room = 0
        for index in readers.indices {
            while readers[index].term >= 0 && termRank[Int(readers[index].term)] < termRank[number] { readers[index].advance() }
            guard readers[index].term == Int32(number) else { continue }
            room += min(readers[index].postings, readers[index].block.count / 8)
        }
        if room > foundStorage.count {
            foundStorage.deallocate()
            foundStorage = .allocate(capacity: max(room, foundStorage.count * 2))
        }
        // Pages are filed in turns, so the runs' postings mostly come in order already.
        var inOrder = true
        var count = 0
        for index in readers.indices where readers[index].term == Int32(number) {
            let (block, postings) = (readers[index].block, readers[index].postings)
            // Each block read through its buffer's pointer, taken once: per posting, the array's
            // access and its bounds' checks cost more than the posting's reading.
            readers[index].buffer.withUnsafeBufferPointer { buffer in
                Self.gather(buffer, block, postings, reader: index, pageRank: pageRank, into: foundStorage, count: &count, inOrder: &inOrder)
            }
        }
        var found = UnsafeMutableBufferPointer(rebasing: foundStorage[0..<count])
        if !inOrder { found.sort { $0.rank < $1.rank } }
        // Written straight into the shard (its storage is its own, as a scratch's was); each
        // stretch of postings from one run copied within one look at its buffer (all of a
        // run's, when they came in order).
        heads.withUnsafeBufferPointer { heads in
            let found = UnsafeBufferPointer(found)
            var first = 0
            while first < found.count {
                let reader = found[first].reader
                var end = first + 1
                while end < found.count && found[end].reader == reader { end += 1 }
                readers[Int(reader)].buffer.withUnsafeBufferPointer { part in
                    Self.copy(found[first..<end], from: part, heads: heads, headEnds: headEnds, commaFirst: first > 0, into: &out)
                }
                first = end
            }
        }
        for index in readers.indices where readers[index].term == Int32(number) { readers[index].advance() }
    }

    /// A posting found in a run: its page's rank and number, its run, where its part lies in
    /// the run's buffer.
    typealias Found = (rank: Int32, page: Int32, reader: Int32, start: Int32, length: Int32)

    /// Writes into `found` from `count` on (moving `count`) the `postings` of the block `block`
    /// of a run's `buffer` (run `reader`), clearing `inOrder` when one does not come after the
    /// last by rank; stops where `found` is full.
    private static func gather(
        _ buffer: UnsafeBufferPointer<UInt8>, _ block: Range<Int>, _ postings: Int, reader: Int, pageRank: [Int32],
        into found: UnsafeMutableBufferPointer<Found>, count: inout Int, inOrder: inout Bool
    ) {
        guard block.upperBound <= buffer.count, block.lowerBound >= 0, buffer.count <= Int(Int32.max) else { return }
        var at = block.lowerBound
        var last = count > 0 ? found[count - 1].rank : -1
        // Offsets within the run (below `Int32.max`, checked above: a run is put aside past
        // `runLimit`, far below that) are wrapping sums and truncated to 32 bits: their checks
        // were a third of a posting's gathering.
        pageRank.withUnsafeBufferPointer { pageRank in
            for _ in 0..<postings where at &+ 8 <= block.upperBound && count < found.count {
                let page = Int(buffer.word(at: at))
                let stored = Int(buffer.word(at: at &+ 4))
                let length = min(stored, block.upperBound &- at &- 8)
                guard page < pageRank.count else { break }
                let rank = pageRank[page]
                // As the sort's test had it: equal ranks are not in order either.
                if rank <= last { inOrder = false }
                last = rank
                found[count] = (
                    rank, Int32(truncatingIfNeeded: page), Int32(truncatingIfNeeded: reader), Int32(truncatingIfNeeded: at &+ 8),
                    Int32(truncatingIfNeeded: length)
                )
                count &+= 1
                at &+= 8 &+ length
            }
        }
    }

    /// Appends each posting of `found` (all from the run whose bytes are `part`): its page's head
    /// and its part, a comma between two (and before the first unless `commaFirst` is false).
    /// One look at the room per posting, and most heads and parts (up to 32 bytes) copied with
    /// a load and a store or two (`CleanText.copyRun`), not a call to memmove each.
    private static func copy(
        _ found: Slice<UnsafeBufferPointer<Found>>,
        from part: UnsafeBufferPointer<UInt8>, heads: UnsafeBufferPointer<UInt8>, headEnds: [Int], commaFirst: Bool, into out: inout JSONBytes
    ) {
        guard let partBase = part.baseAddress, let headBase = heads.baseAddress else { return }
        var comma = commaFirst
        headEnds.withUnsafeBufferPointer { headEnds in
            for posting in found {
                let page = Int(posting.page)
                let headStart = page > 0 ? headEnds[page - 1] : 0
                let headLength = headEnds[page] - headStart
                let start = Int(posting.start)
                let length = Int(posting.length)
                out.append(atMost: 1 + headLength + length + CleanText.slack) { at in
                    at[0] = UInt8(ascii: ",")
                    let first = comma ? 1 : 0
                    CleanText.copyRun(from: headBase + headStart, count: headLength, readable: heads.count &- headStart, to: at + first)
                    CleanText.copyRun(from: partBase + start, count: length, readable: part.count &- start, to: at + first + headLength)
                    return first + headLength + length
                }
                comma = true
            }
        }
    }
}

/// A builder's terms numbered by name in order of first insertion, as `Numbering<String>`
/// numbers them. By their bytes (`BytesNumbering`) while every name came from the builder's word
/// memo, whose names are NFC, so that bytes and strings number them alike: a dictionary of
/// strings cost about 2,300 instructions a term new to the builder. The first name filed by
/// name alone (an entry of another memo, or of names of its own) turns the numbering to strings,
/// which compare by canonical equivalence, the names so far renumbered in their order (the same
/// numbers: distinct NFC names are distinct strings).
struct BuilderTerms {
    private var byBytes = BytesNumbering()
    private var byStrings = Numbering<String>()
    private var asStrings = false

    /// The names, by number.
    var keys: [String] { asStrings ? byStrings.keys : byBytes.keys }

    /// How many names are numbered.
    var count: Int { asStrings ? byStrings.keys.count : byBytes.keys.count }

    /// The number of `name`, given now if it is new; `fromMemo`: the name is the memo's.
    mutating func number(_ name: String, fromMemo: Bool) -> Int {
        if !fromMemo && !asStrings {
            for key in byBytes.keys { _ = byStrings.number(key) }
            byBytes = BytesNumbering()
            asStrings = true
        }
        return asStrings ? byStrings.number(name) : byBytes.number(name)
    }

    /// The number of `name`, nil when it has none. Compared as strings, as `Numbering<String>`
    /// finds it (by bytes, a name written in another normalization form would be missed): a
    /// search through the names, which `finish` makes only for a name the layout did not bring
    /// in its order (never expected).
    func find(_ name: String) -> Int? { asStrings ? byStrings.find(name) : byBytes.keys.firstIndex(of: name) }
}
