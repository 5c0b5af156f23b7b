import Encoding
import Foundation

/// What one page adds to its language's index: the weight of each term in each section and
/// the sections' lengths. Computed while the page renders (in parallel), then merged by
/// `SearchIndex` with every other page of the language.
public struct SearchEntry: Sendable, Equatable {
    /// A term of the page and where it occurs.
    public struct Term: Sendable, Equatable {
        public var name: String
        /// (section, counts) pairs, sections in order; counts pack where the word occurs
        /// (`Counts`) so the browser can weigh a heading or a title above the text.
        public var pairs: [Int]
    }

    /// A folded word whose stem differs from it, and that stem.
    public struct Form: Sendable, Equatable {
        public var folded: String
        public var stem: String
    }

    public var key: String
    /// Words per section; section 0 holds the title and the text before the first heading.
    public var lengths: [Int]
    /// Where the names of the page's terms (in the order they first occur) and forms (each
    /// once, in the order they first occur) come from.
    private var names: Names
    /// Every term's (section, counts) pairs, flattened in one array: term `i`'s are
    /// `pairValues[pairStarts[i]..<pairStarts[i + 1]]` (an array per term cost an allocation
    /// per term and page).
    var pairStarts: [Int32]
    var pairValues: [Int]
    /// The numbers the language's word memo gave the terms and forms, when the entry was indexed
    /// from a page: the language's `SearchIndexBuilder` files them by number, in arrays,
    /// instead of hashing their names on every page.
    var numbers: MemoNumbers?

    /// The names as strings, or as the numbers of the word memo that gave them, looked up only
    /// when asked: a builder files terms and forms by number and needs the name of a term or a
    /// form new to it, so making every name of every page cost an array of strings per page.
    private enum Names: Sendable {
        case strings(terms: [String], forms: [Form])
        case memo(TermMemo, terms: [Int32], forms: [Int32], stems: [Int32])
    }

    /// The page's terms in the order they first occur.
    var termNames: [String] {
        switch names {
        case .strings(let terms, _): terms
        case .memo(let memo, let terms, _, _): memo.termNames(terms)
        }
    }

    /// The page's forms, each once, in the order they first occur.
    public var formList: [Form] {
        get {
            switch names {
            case .strings(_, let forms): forms
            case .memo(let memo, _, let forms, let stems): memo.forms(forms, stems: stems)
            }
        }
        set { names = .strings(terms: termNames, forms: newValue) }
    }

    /// How many terms the page has.
    var termCount: Int { pairStarts.count - 1 }

    /// Term `index`'s name (one look-up, not the page's every name).
    func termName(_ index: Int) -> String {
        switch names {
        case .strings(let terms, _): terms[index]
        case .memo(let memo, let terms, _, _): memo.termName(terms[index])
        }
    }

    /// Form `index`'s folded word and stem.
    func form(_ index: Int) -> Form {
        switch names {
        case .strings(_, let forms): forms[index]
        case .memo(let memo, _, let forms, let stems): memo.form(forms[index], stem: stems[index])
        }
    }

    struct MemoNumbers: Sendable {
        /// Whose numbers they are: another memo numbers other words.
        var memo: ObjectIdentifier
        /// Aligned with `termNames` and `formList`.
        var terms: [Int32]
        var forms: [Int32]
        /// The term numbers of the forms' stems, aligned with `forms`: a folded word has one
        /// form number whatever its spelling, and two spellings can stem apart ("hacia", "hacía").
        var stems: [Int32]
    }

    /// The page's terms with their pairs, in the order they first occur.
    public var termList: [Term] {
        let names = termNames
        return names.indices.map { Term(name: names[$0], pairs: Array(pairs(of: $0))) }
    }

    /// Term `index`'s (section, counts) pairs, flattened.
    func pairs(of index: Int) -> ArraySlice<Int> { pairValues[Int(pairStarts[index])..<Int(pairStarts[index + 1])] }

    /// term → (section, counts) pairs, flattened.
    public var terms: [String: [Int]] { Dictionary(termList.map { ($0.name, $0.pairs) }, uniquingKeysWith: { first, _ in first }) }
    /// Words as folded → their stem, for the words whose stem differs.
    public var forms: [String: String] { Dictionary(formList.map { ($0.folded, $0.stem) }, uniquingKeysWith: { first, _ in first }) }

    public init(key: String, lengths: [Int], terms: [String: [Int]], forms: [String: String]) {
        self.key = key
        self.lengths = lengths
        let termNames = terms.keys.sorted()
        pairStarts = [0]
        pairValues = []
        for name in termNames {
            pairValues += terms[name] ?? []
            pairStarts.append(Int32(pairValues.count))
        }
        names = .strings(terms: termNames, forms: forms.keys.sorted().map { Form(folded: $0, stem: forms[$0] ?? "") })
    }

    /// Two entries are equal when they index the same: the memo's numbers are bookkeeping.
    public static func == (a: SearchEntry, b: SearchEntry) -> Bool {
        a.key == b.key && a.lengths == b.lengths && a.termList == b.termList && a.forms == b.forms
    }

    /// A term's occurrences in one section as one number: `text + 1000 × heading + 100000 × title`
    /// (each capped below its factor). `search.js` unpacks it.
    public enum Counts {
        public static func pack(text: Int, heading: Int, title: Int) -> Int {
            min(text, 999) + 1000 * min(heading, 99) + 100_000 * min(title, 99)
        }

        public static func unpack(_ packed: Int) -> (text: Int, heading: Int, title: Int) {
            (packed % 1000, (packed / 1000) % 100, packed / 100_000)
        }
    }

    /// Indexes `page` in `language`; `stemmer` is the language's (nil: no stemming).
    public init(_ page: SearchPage, language: SearchLanguage, stemmer: Stemmer?) {
        // Words are cut from the UTF-8 bytes and numbered by their bytes (`PageCounter`), each
        // section's occurrences counted in arrays by number: no String or Dictionary per word.
        // Only words new to the build's memo become Strings, to be folded and stemmed once.
        let scratch = PageCounterPool.shared.take(bytes: page.sections.reduce(page.title.utf8.count) { $0 + $1.textBytes.count + $1.heading.utf8.count })
        defer { PageCounterPool.shared.give(scratch) }
        for (number, section) in page.sections.enumerated() {
            section.textBytes.withUnsafeBufferPointer { scratch.counter.add($0, field: 0) }
            scratch.counter.add(section.heading, field: 1)
            if number == 0 { scratch.counter.add(page.title, field: 2) }
            scratch.counter.endSection()
        }
        let memo = TermMemo.shared(language, stemmer)
        let resolved = memo.resolve(scratch.counter, language: language, stemmer: stemmer)

        // Per distinct word of the page, once: its term's place (`place(_:in:terms:forms:)`).
        let place = UnsafeMutableBufferPointer<Int32>.allocate(capacity: resolved.count)
        defer { place.deallocate() }
        let (termNumbers, formNumbers, formStems) = Self.place(resolved, in: place, terms: &scratch.termPlaces, forms: &scratch.formPlaces)

        let (lengths, pairStarts, pairValues) = Self.pairs(
            scratch.counter.records, place: UnsafeBufferPointer(place), termCount: termNumbers.count, sectionCount: page.sections.count)
        key = page.key
        self.lengths = lengths
        names = .memo(memo, terms: termNumbers, forms: formNumbers, stems: formStems)
        self.pairStarts = pairStarts
        self.pairValues = pairValues
        numbers = MemoNumbers(memo: ObjectIdentifier(memo), terms: termNumbers, forms: formNumbers, stems: formStems)
    }

    /// A page's counted words (`PageCounter.records`: one per word and section, sections in
    /// order) made the entry's pairs by term, each word's term's place given by `place` (by the
    /// word's number: `uncounted`, `unindexed` or a term below `termCount`): the sections'
    /// lengths (at least 1), where each term's (section, counts) pairs start in `pairValues`
    /// (flattened, so twice the pairs before it), and the pairs, each term's in the order of its
    /// sections, two words of one term in one section adding up.
    ///
    /// One pass over the records makes the pairs in their order (a term's first word in a
    /// section opens its pair, the others add to it) and counts each term's; the pairs are then
    /// moved to their term's place, so nothing is zeroed first (two passes over the records,
    /// one to count and one to fill the places, zeroed the pairs and their sums per page).
    /// Scratch space in buffers: with arrays, bounds and uniqueness were checked per record.
    static func pairs(
        _ records: UnsafeBufferPointer<WordRecord>, place: UnsafeBufferPointer<Int32>, termCount: Int,
        sectionCount: Int
    ) -> (lengths: [Int], pairStarts: [Int32], pairValues: [Int]) {
        var lengths = [Int](repeating: 0, count: sectionCount)
        var pairStarts = [Int32](repeating: 0, count: termCount + 1)
        // Per term, the section of its last pair (-1: none yet) and that pair's number; then
        // where its next pair goes.
        let lastSection = UnsafeMutableBufferPointer<Int32>.allocate(capacity: termCount)
        defer { lastSection.deallocate() }
        lastSection.initialize(repeating: -1)
        let lastPair = UnsafeMutableBufferPointer<Int32>.allocate(capacity: termCount)
        defer { lastPair.deallocate() }
        // At most one pair per record: each pair's term, section and sums (text, heading, title).
        let pairTerms = UnsafeMutableBufferPointer<Int32>.allocate(capacity: records.count)
        defer { pairTerms.deallocate() }
        let pairSections = UnsafeMutableBufferPointer<Int32>.allocate(capacity: records.count)
        defer { pairSections.deallocate() }
        let sums = UnsafeMutableBufferPointer<Int32>.allocate(capacity: records.count * 3)
        defer { sums.deallocate() }
        var pairCount = 0
        // Places in the buffers (a pair's sums are three, its values two) are wrapping sums and
        // products: they stay within the buffers' sizes, and their checks were several
        // instructions a record.
        lengths.withUnsafeMutableBufferPointer { lengths in
            pairStarts.withUnsafeMutableBufferPointer { pairStarts in
                for record in records {
                    let term = Int(place[Int(record.word)])
                    // Words of one letter are not indexed, nor counted.
                    guard term != Int(uncounted) else { continue }
                    lengths[Int(record.section)] += Int(record.text) + Int(record.heading) + Int(record.title)
                    guard term >= 0 else { continue }
                    if lastSection[term] != record.section {
                        lastSection[term] = record.section
                        lastPair[term] = Int32(truncatingIfNeeded: pairCount)
                        pairTerms[pairCount] = Int32(truncatingIfNeeded: term)
                        pairSections[pairCount] = record.section
                        let sum = pairCount &* 3
                        sums[sum] = record.text
                        sums[sum &+ 1] = record.heading
                        sums[sum &+ 2] = record.title
                        pairCount &+= 1
                        pairStarts[term &+ 1] &+= 1
                    } else {
                        let sum = Int(lastPair[term]) &* 3
                        sums[sum] &+= record.text
                        sums[sum &+ 1] &+= record.heading
                        sums[sum &+ 2] &+= record.title
                    }
                }
                for term in 0..<termCount {
                    // The term's first pair goes where the pairs of the terms before it end.
                    lastPair[term] = pairStarts[term]
                    pairStarts[term + 1] += pairStarts[term]
                }
            }
        }
        // Every pair is written once, at its term's next place: nothing to zero first.
        let pairValues = [Int](unsafeUninitializedCapacity: pairCount * 2) { values, count in
            for pair in 0..<pairCount {
                let term = Int(pairTerms[pair])
                let at = Int(lastPair[term])
                lastPair[term] = Int32(truncatingIfNeeded: at &+ 1)
                let sum = pair &* 3
                values[at &* 2] = Int(pairSections[pair])
                values[at &* 2 &+ 1] = Counts.pack(text: Int(sums[sum]), heading: Int(sums[sum &+ 1]), title: Int(sums[sum &+ 2]))
            }
            count = pairCount * 2
        }
        return (lengths.map { max($0, 1) }, pairStarts.map { $0 * 2 }, pairValues)
    }

    /// A word's place: shorter than two scalars folded, neither indexed nor counted.
    static let uncounted: Int32 = -2
    /// A word's place: counted in its section's length, its term too short to index.
    static let unindexed: Int32 = -1

    /// Writes in `place`, per distinct word of the page (`resolved`, by number), its term's place
    /// among the page's terms, or `uncounted` or `unindexed`: words that share a term share the
    /// place. Returns the page's terms and forms (each once, in the order they first occur) with
    /// the forms' stems, by the memo's numbers. `terms` and `forms` are empty tables kept from
    /// page to page (`PageCounterPool.Box`): made anew per page, zeroing their thousands of
    /// slots cost more than using them.
    private static func place(
        _ resolved: [MemoWord], in place: UnsafeMutableBufferPointer<Int32>, terms: inout DenseNumbering, forms: inout DenseNumbering
    ) -> (terms: [Int32], forms: [Int32], stems: [Int32]) {
        // The terms, the forms and the forms' stems written through one buffer with room for
        // every word, each array made once at the end: appended to word by word, the arrays'
        // room and uniqueness were checked on every word.
        let count = resolved.count
        let found = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count * 3)
        defer { found.deallocate() }
        var termCount = 0
        var formCount = 0
        resolved.withUnsafeBufferPointer { resolved in
            guard let words = resolved.baseAddress, let termNumbers = found.baseAddress, let place = place.baseAddress else { return }
            let formNumbers = termNumbers + count
            let formStems = formNumbers + count
            for index in 0..<count {
                let word = words[index]
                if word.isForm && forms.number(Int(word.formNumber)) == formCount {
                    formNumbers[formCount] = word.formNumber
                    formStems[formCount] = word.termNumber
                    formCount &+= 1
                }
                guard word.foldedCounts else {
                    place[index] = uncounted
                    continue
                }
                guard word.termCounts else {
                    place[index] = unindexed
                    continue
                }
                let term = terms.number(Int(word.termNumber))
                place[index] = Int32(truncatingIfNeeded: term)
                if term == termCount {
                    termNumbers[termCount] = word.termNumber
                    termCount &+= 1
                }
            }
        }
        return (Array(found[0..<termCount]), Array(found[count..<(count + formCount)]), Array(found[(2 * count)..<(2 * count + formCount)]))
    }
}

/// A page's words counted by number and section, in storage of its own (unsafe buffers grown
/// by doubling): every word of every page passes here, and with arrays each occurrence paid for
/// bounds, uniqueness and capacity checks, nearly half its cost (issue 13). Not copyable, so
/// one owner frees the buffers; the memo reads the words (`word(_:)`) while the counter lives.
struct PageCounter: WordSink, ~Copyable {
    /// The page's distinct words, numbered in order of first occurrence: word `n` is
    /// `arena[starts[n]..<starts[n + 1]]`, its `ByteTable.hash` `hashes[n]`.
    private(set) var count = 0
    private var capacity = 1024
    /// `capacity * 2 - 1`: the slots' mask, kept rather than computed per word.
    private var mask: Int
    private var hashes: UnsafeMutablePointer<UInt64>
    private var starts: UnsafeMutablePointer<Int>
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCount = 0
    private var arenaCapacity: Int
    /// Each slot a word's hash, number and length (a length of 0: empty), and its counts in the
    /// current section, twice as many slots as words can be held: a probe reads one slot, where
    /// a table of numbers read the hash and the start of each candidate from two more arrays.
    private var slots: UnsafeMutablePointer<Slot>
    /// The slot each word took: `reset` empties those, not the whole table.
    private var slotOfWord: UnsafeMutablePointer<Int32>

    struct Slot {
        var hash: UInt64
        var word: Int32
        var length: Int32
        /// The section the counts are of: counts of an earlier one are zero in this one.
        var section: Int32
        var text: Int32
        var heading: Int32
        var title: Int32

        static let empty = Slot(hash: 0, word: 0, length: 0, section: -1, text: 0, heading: 0, title: 0)
    }
    /// One record per word and section, sections in order, a section's words in the order they
    /// first occur there: each word counted in its slot, whose section tells whether the count
    /// starts there (its first occurrence in the section, which lists the word in `touched`),
    /// and the section's records written from the slots of `touched` as it ends. (A record
    /// written per occurrence, kept by the count's step when it was the word's first, cost
    /// about 20 instructions an occurrence; counts per word in arrays, copied to records and
    /// zeroed as each section ended, about 40 a record and three loads an occurrence.)
    private var recordStorage: UnsafeMutablePointer<WordRecord>
    private var recordCount = 0
    private var recordCapacity: Int
    /// The words of the current section, in the order they first occur there (room for every word).
    private var touched: UnsafeMutablePointer<Int32>
    private var touchedCount = 0
    /// The current section's number.
    private var section: Int32 = 0
    /// Where in a slot `add` counts: the offset of its field's count (text, heading, title).
    private var countOffset = 0

    /// The records of the page's sections ended so far (valid while the counter lives and counts no more).
    var records: UnsafeBufferPointer<WordRecord> { UnsafeBufferPointer(start: recordStorage, count: recordCount) }

    /// A counter for a page of about `bytes` bytes of text (its words' bytes fit in that).
    init(bytes: Int) {
        hashes = .allocate(capacity: capacity)
        starts = .allocate(capacity: capacity + 1)
        starts[0] = 0
        arenaCapacity = max(bytes, 64)
        arena = .allocate(capacity: arenaCapacity)
        slots = .allocate(capacity: capacity * 2)
        slots.initialize(repeating: .empty, count: capacity * 2)
        mask = capacity * 2 - 1
        slotOfWord = .allocate(capacity: capacity)
        touched = .allocate(capacity: capacity)
        recordCapacity = max(bytes / 16, 64)
        recordStorage = .allocate(capacity: recordCapacity)
    }

    /// Empties the counter for a page of about `bytes` bytes of text, keeping its storage (see
    /// `PageCounterPool`): the words go, and with them every count and record.
    mutating func reset(bytes: Int) {
        for word in 0..<count { slots[Int(slotOfWord[word])].length = 0 }
        count = 0
        arenaCount = 0
        if arenaCapacity < bytes {
            arena.deallocate()
            arenaCapacity = bytes
            arena = .allocate(capacity: arenaCapacity)
        }
        recordCount = 0
        touchedCount = 0
        section = 0
    }

    deinit {
        hashes.deallocate()
        starts.deallocate()
        arena.deallocate()
        slots.deallocate()
        slotOfWord.deallocate()
        touched.deallocate()
        recordStorage.deallocate()
    }

    /// Whether `PageCounterPool` may keep the counter: its capacities capped directly, since
    /// every buffer is sized by one of them (a byte count written out by hand had to follow
    /// each buffer added to the counter). At the caps the counter holds about 4.5 MiB.
    var fitsPool: Bool {
        capacity <= Self.keptWords && arenaCapacity <= Self.keptArenaBytes && recordCapacity <= Self.keptRecords
    }

    static let keptWords = 1 << 15
    static let keptArenaBytes = 1 << 20
    static let keptRecords = 1 << 15

    /// Counts the words of `source` in `field` (0 text, 1 heading, 2 title) of the current section.
    mutating func add(_ source: String, field: Int) {
        source.withUTF8Bytes { add($0, field: field) }
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, field: Int) {
        countOffset = Self.countOffset(field: field)
        Words.scan(bytes, into: &self)
    }

    /// Counts one occurrence of the word `base[start..<end]` in the current field.
    @inline(__always)
    mutating func word(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ hash: UInt64) {
        let length = end &- start
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let stored = slots[slot]
            if stored.length == 0 {
                // A word new to the page; the table may grow, and its slot move (read after the
                // insertion: growing replaces `slotOfWord` too).
                let word = insert(base + start, length, hash, at: slot)
                slot = Int(slotOfWord[word])
                break
            }
            // Up to eight bytes, equal hashes and lengths are equal words (`ByteTable.hash`).
            if stored.hash == hash && Int(stored.length) == length
                && (length <= 8 || ByteTable.same(arena + starts[Int(stored.word)], base + start, length))
            {
                break
            }
            slot = (slot &+ 1) & mask
        }
        // The word's first occurrence in the section starts its counts and lists it.
        let counts = slots + slot
        if counts.pointee.section != section {
            counts.pointee.section = section
            counts.pointee.text = 0
            counts.pointee.heading = 0
            counts.pointee.title = 0
            touched[touchedCount] = counts.pointee.word
            touchedCount &+= 1
        }
        // The field's count, read and written as raw bytes of the slot (a switch on the field
        // per occurrence cost a compare and a jump more).
        let counted = UnsafeMutableRawPointer(counts)
        counted.storeBytes(of: counted.load(fromByteOffset: countOffset, as: Int32.self) &+ 1, toByteOffset: countOffset, as: Int32.self)
    }

    /// The byte offset in a slot of field `field`'s count (0 text, 1 heading, 2 title).
    static func countOffset(field: Int) -> Int {
        switch field {
        case 0: MemoryLayout<Slot>.offset(of: \.text) ?? 20
        case 1: MemoryLayout<Slot>.offset(of: \.heading) ?? 24
        default: MemoryLayout<Slot>.offset(of: \.title) ?? 28
        }
    }

    /// Adds a word not seen before at the empty `slot` its probe ended on; returns its number.
    private mutating func insert(_ bytes: UnsafePointer<UInt8>, _ length: Int, _ hash: UInt64, at slot: Int) -> Int {
        if arenaCount + length > arenaCapacity {
            let larger = (arenaCount + length) * 2
            arena = Self.moved(arena, count: arenaCount, to: larger)
            arenaCapacity = larger
        }
        (arena + arenaCount).update(from: bytes, count: length)
        arenaCount += length
        let word = count
        hashes[word] = hash
        starts[word + 1] = arenaCount
        slots[slot] = Slot(hash: hash, word: Int32(word), length: Int32(length), section: -1, text: 0, heading: 0, title: 0)
        slotOfWord[word] = Int32(truncatingIfNeeded: slot)
        count += 1
        if count == capacity { grow() }
        return word
    }

    private static func moved<Element>(_ old: UnsafeMutablePointer<Element>, count: Int, to size: Int) -> UnsafeMutablePointer<Element> {
        let new = UnsafeMutablePointer<Element>.allocate(capacity: size)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }

    /// Twice the room, each word's slot (with its counts) moved to its place in a table made
    /// anew (kept at most half full).
    private mutating func grow() {
        let larger = capacity * 2
        hashes = Self.moved(hashes, count: count, to: larger)
        starts = Self.moved(starts, count: count + 1, to: larger + 1)
        touched = Self.moved(touched, count: touchedCount, to: larger)
        let old = slots
        slots = .allocate(capacity: larger * 2)
        slots.initialize(repeating: .empty, count: larger * 2)
        let oldSlotOfWord = slotOfWord
        slotOfWord = .allocate(capacity: larger)
        capacity = larger
        mask = larger * 2 - 1
        for word in 0..<count {
            var slot = Int(truncatingIfNeeded: hashes[word] ^ (hashes[word] >> 29)) & mask
            while slots[slot].length != 0 { slot = (slot + 1) & mask }
            slots[slot] = old[Int(oldSlotOfWord[word])]
            slotOfWord[word] = Int32(truncatingIfNeeded: slot)
        }
        old.deallocate()
        oldSlotOfWord.deallocate()
    }

    /// Ends the current section: its records, from the counts of the words it met, in the
    /// order it first met them. The next section is numbered one more; sections are numbered
    /// from 0 in each page.
    mutating func endSection() {
        if recordCount + touchedCount > recordCapacity {
            let larger = max(recordCount + touchedCount, recordCapacity * 2)
            recordStorage = Self.moved(recordStorage, count: recordCount, to: larger)
            recordCapacity = larger
        }
        for index in 0..<touchedCount {
            let word = touched[index]
            let counts = slots[Int(slotOfWord[Int(word)])]
            recordStorage[recordCount &+ index] = WordRecord(word: word, section: section, text: counts.text, heading: counts.heading, title: counts.title)
        }
        recordCount &+= touchedCount
        touchedCount = 0
        section &+= 1
    }

    /// Word `word`'s bytes and hash, for the memo (valid while the counter lives).
    func word(_ word: Int) -> (bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        (UnsafeBufferPointer(start: arena + starts[word], count: starts[word + 1] - starts[word]), hashes[word])
    }
}

/// A word's occurrences in one section of a page (`PageCounter.records`): in its text, its
/// heading and the page's title.
struct WordRecord: Equatable {
    var word: Int32
    var section: Int32
    var text: Int32
    var heading: Int32
    var title: Int32
}

/// A page's scratch kept from one page to the next: its counter, and the tables that place its
/// words' terms and forms. Fresh ones cost their allocations and tables of thousands of empty
/// slots, grown again for a page of over 1,024 distinct words or a memo's later numbers. Only storage is
/// kept: `take` empties the scratch before its next page.
final class PageCounterPool: @unchecked Sendable {
    /// A page's scratch, in a class so the pool can hold it (an array holds copyable values only).
    final class Box {
        var counter: PageCounter
        var termPlaces = DenseNumbering(capacity: 1024)
        var formPlaces = DenseNumbering(capacity: 1024)

        init(bytes: Int) { counter = PageCounter(bytes: bytes) }

        /// Whether the pool may keep the scratch: each part's capacities capped directly (at the
        /// caps, about 4.5 MiB for the counter and 8 MiB for each table).
        var fitsPool: Bool {
            counter.fitsPool && termPlaces.capacity <= DenseNumbering.keptKeys && formPlaces.capacity <= DenseNumbering.keptKeys
        }
    }

    private let lock = NSLock()
    private var free: [Box] = []
    /// At most this many scratches are kept (one per core is what a build uses), each within
    /// `Box.fitsPool`: a page of exceptional size does not pin its storage for the process.
    private let limit = 16

    static let shared = PageCounterPool()

    /// An empty scratch for a page of about `bytes` bytes of text.
    func take(bytes: Int) -> Box {
        lock.lock()
        let box = free.popLast()
        lock.unlock()
        guard let box else { return Box(bytes: bytes) }
        box.counter.reset(bytes: bytes)
        box.termPlaces.removeAll()
        box.formPlaces.removeAll()
        return box
    }

    /// Gives back a scratch its page is done with.
    func give(_ box: Box) {
        guard box.fitsPool else { return }
        lock.lock()
        defer { lock.unlock() }
        if free.count < limit { free.append(box) }
    }
}

/// Keys numbered in order of first insertion: a page's terms, a language's terms, the memo's.
struct Numbering<Key: Hashable> {
    private(set) var keys: [Key] = []
    private var numbers: [Key: Int] = [:]

    /// The key's number, given now if it is new (then it equals the count before). One look-up:
    /// the `default:` subscript, accessed in place, inserts a new key with the next number (a
    /// look-up, then an insertion, hashed every new key twice).
    mutating func number(_ key: Key) -> Int {
        let next = keys.count
        let number = Self.read(&numbers[key, default: next])
        if number == next { keys.append(key) }
        return number
    }

    @inline(__always)
    private static func read(_ value: inout Int) -> Int { value }

    func find(_ key: Key) -> Int? { numbers[key] }
}

/// Strings numbered in order of first insertion as `Numbering<String>` numbers them, found by
/// their UTF-8 bytes in a `ByteTable`: a dictionary of strings hashed each one with SipHash and
/// rehashed them all each time it grew, about 1,500 instructions a term new to the word memo.
/// Two keys are one key when their bytes are equal, where a `String` compares by canonical
/// equivalence: the same numbering for keys in one normalization form, as the memo's terms and
/// forms are (folding gives NFC: `Words.fold`).
struct BytesNumbering {
    private(set) var keys: [String] = []
    private var table = ByteTable()

    /// The key's number, given now if it is new (then it equals the count before).
    mutating func number(_ key: String) -> Int {
        let number = key.withUTF8Bytes { bytes in table.number(bytes, 0, bytes.count, hash: Self.hash(bytes)) }
        if number == keys.count { keys.append(key) }
        return number
    }

    func find(_ key: String) -> Int? {
        key.withUTF8Bytes { bytes in table.find(bytes, 0, bytes.count, hash: Self.hash(bytes)) }
    }

    /// `ByteTable.hash` of the whole of `bytes` (the empty key too, whose buffer may have no address).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        return ByteTable.hash(base, 0, bytes.count, bytes.count)
    }
}

/// A memo's numbers (dense, from 0) numbered in order of first insertion, page after page: a
/// slot per key, read straight at the key, holds the page that numbered it (its generation, in
/// the high half) and its number (low half). A page empties the table by starting a new
/// generation, so neither a hash nor a probe nor a clearing per key: in an open-addressing
/// table (hashed, probed, its taken slots emptied after each page) a page's distinct words cost
/// about 60 instructions each to place.
struct DenseNumbering: ~Copyable {
    private var slots: UnsafeMutablePointer<UInt64>
    /// Keys below this have a slot.
    private(set) var capacity: Int
    /// Slots of an older generation are empty; 0 is no page's.
    private var generation: UInt64
    private(set) var count = 0

    /// Past this many slots (8 MiB) the pool lets a table go: a memo of a million terms.
    static let keptKeys = 1 << 20

    /// Slots for keys below `capacity` before the table grows; `generation`, the first page's
    /// (the tests start near the last).
    init(capacity: Int, generation: UInt64 = 1) {
        self.generation = generation
        self.capacity = max(capacity, 16)
        slots = .allocate(capacity: self.capacity)
        memset(slots, 0, self.capacity * MemoryLayout<UInt64>.stride)
    }

    deinit { slots.deallocate() }

    /// Forgets every key: a new generation (the slots are cleared only when the generations,
    /// 32 bits, run out).
    mutating func removeAll() {
        count = 0
        generation += 1
        if generation > UInt64(UInt32.max) {
            memset(slots, 0, capacity * MemoryLayout<UInt64>.stride)
            generation = 1
        }
    }

    /// The key's number, given now if it is new (then it equals the count before). `key` ≥ 0.
    @inline(__always)
    mutating func number(_ key: Int) -> Int {
        if key >= capacity { grow(past: key) }
        let stored = slots[key]
        if stored >> 32 == generation { return Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) }
        slots[key] = generation << 32 | UInt64(truncatingIfNeeded: count)
        count &+= 1
        return count &- 1
    }

    /// Room for `key`, at least twice the slots, the numbered ones kept.
    private mutating func grow(past key: Int) {
        let larger = max(key + 1, capacity * 2)
        let new = UnsafeMutablePointer<UInt64>.allocate(capacity: larger)
        new.initialize(from: slots, count: capacity)
        memset(new + capacity, 0, (larger - capacity) * MemoryLayout<UInt64>.stride)
        slots.deallocate()
        slots = new
        capacity = larger
    }
}

/// Distinct byte strings (words), numbered in order of first insertion, found by their UTF-8
/// bytes in an open-addressing table over one byte arena: a word costs a hash and a compare,
/// and no `String` is made: the build's memo of words.
struct ByteTable {
    private(set) var arena: [UInt8] = []
    private(set) var starts: [Int] = [0]
    /// Per slot a word's hash, number + 1 (0: empty) and length: a probe reads one slot, where
    /// a slot of numbers read the hash and the length of each candidate from two more arrays,
    /// three reads at random places in a memo of thousands of words. The count is a power of
    /// two, kept at most half full.
    private var slots = [Slot](repeating: Slot(hash: 0, word: 0, length: 0), count: 1024)

    struct Slot {
        var hash: UInt64
        var word: Int32
        var length: Int32
    }

    var count: Int { starts.count - 1 }

    /// The hash of the word `base[start..<end]`, in a buffer of `count` bytes: eight bytes at a
    /// time, multiplied and folded (words are short: most take one load, where a hash byte by
    /// byte chained a multiplication per byte). Only this process compares these hashes.
    @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ count: Int) -> UInt64 {
        // Most words: up to eight bytes with eight to read, one load and one `mix` (what
        // `hashByLoop` gives them, without its tests).
        if UInt(bitPattern: end &- start &- 1) < 8 && start &+ 8 <= count {
            return hash(firstBytes: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self), length: end &- start)
        }
        return hashByLoop(base, start, end, count)
    }

    /// `hash` of any word: its bytes eight at a time, then the rest masked (or read byte by byte
    /// at the buffer's end).
    @inline(__always)
    static func hashByLoop(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ count: Int) -> UInt64 {
        // Wrapping sums and differences, as the scan's offsets (computed for every word that
        // `hash` is given, their checks cost a few instructions a word).
        var hash = UInt64(truncatingIfNeeded: end &- start) &* 0x9E37_79B9_7F4A_7C15
        var index = start
        while index &+ 8 <= end {
            hash = mix(hash, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            index &+= 8
        }
        let rest = end &- index
        guard rest > 0 else { return hash }
        var last: UInt64 = 0
        if index &+ 8 <= count {
            // Eight bytes are there to read; those past the word are masked off.
            last = lowBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), rest)
        } else {
            for offset in 0..<rest { last |= UInt64(base[index + offset]) << UInt64(8 * offset) }
        }
        return mix(hash, last)
    }

    /// `hash` of a word of `length` bytes (1 to 7) that starts the eight bytes `bytes` (in memory
    /// order, as loaded): the scanner cuts most words from one load and hashes them from it.
    @inline(__always)
    static func hash(firstBytes bytes: UInt64, length: Int) -> UInt64 {
        mix(UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15, lowBytes(bytes, length))
    }

    /// The first `length` bytes (1 to 8) of the eight loaded as `bytes`, the rest zero.
    @inline(__always)
    private static func lowBytes(_ bytes: UInt64, _ length: Int) -> UInt64 {
        bytes.littleEndian & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 31)
    }


    /// The table's storage through pointers, for look-ups in a row (`TermMemo.resolve` looks up
    /// every distinct word of a page): each look-up in the arrays themselves checked four
    /// reads against their bounds and retained and released them.
    struct Storage {
        fileprivate let arena: UnsafeBufferPointer<UInt8>
        fileprivate let starts: UnsafeBufferPointer<Int>
        fileprivate let slots: UnsafeBufferPointer<Slot>

        /// The slot holding the word `bytes[start..<end]`, or the empty slot where it would go.
        @inline(__always)
        func probe(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ hash: UInt64) -> (slot: Int, found: Int?) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            let length = end - start
            while true {
                let stored = slots[slot]
                if stored.word == 0 { return (slot, nil) }
                let word = Int(stored.word) - 1
                // Up to eight bytes, equal hashes and lengths are equal words: `hash` is then one
                // `mix` of the zero-padded bytes with a seed of the length, a bijection.
                if stored.hash == hash && Int(stored.length) == length,
                    length <= 8 || ByteTable.same(arena, starts[word], bytes, start, length)
                {
                    return (slot, word)
                }
                slot = (slot + 1) & mask
            }
        }

        /// The number of the word `bytes`, nil when the table does not hold it.
        @inline(__always)
        func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? { probe(bytes, 0, bytes.count, hash).found }
    }

    /// Calls `body` with the table's storage (valid only during the call).
    @inline(__always)
    func withStorage<Result>(_ body: (Storage) -> Result) -> Result {
        arena.withUnsafeBufferPointer { arena in
            starts.withUnsafeBufferPointer { starts in
                slots.withUnsafeBufferPointer { slots in body(Storage(arena: arena, starts: starts, slots: slots)) }
            }
        }
    }

    /// The slot holding the word, or the empty slot where it would go.
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ hash: UInt64) -> (slot: Int, found: Int?) {
        withStorage { $0.probe(bytes, start, end, hash) }
    }

    /// Whether `length` bytes of `stored` from `storedStart` equal those of `asked` from `askedStart`.
    private static func same(
        _ stored: UnsafeBufferPointer<UInt8>, _ storedStart: Int, _ asked: UnsafeBufferPointer<UInt8>, _ askedStart: Int, _ length: Int
    ) -> Bool {
        guard let stored = stored.baseAddress, let asked = asked.baseAddress else { return false }
        return same(stored + storedStart, asked + askedStart, length)
    }

    /// Whether the `length` bytes at `a` and at `b` are equal. From 8 to 16 bytes (most long
    /// words), the first eight and the last eight compared as two loads each, which overlap and
    /// read nothing past the words: a call to memcmp per long word cost about three times that.
    @inline(__always)
    static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        guard length >= 8 && length <= 16 else { return memcmp(a, b, length) == 0 }
        let last = length - 8
        return UnsafeRawPointer(a).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(b).loadUnaligned(as: UInt64.self)
            && UnsafeRawPointer(a + last).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(b + last).loadUnaligned(as: UInt64.self)
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash: UInt64) -> Int? {
        probe(bytes, start, end, hash).found
    }

    /// The word's number, added if new.
    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash: UInt64) -> Int {
        let (slot, found) = probe(bytes, start, end, hash)
        if let found { return found }
        let word = count
        arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        starts.append(arena.count)
        slots[slot] = Slot(hash: hash, word: Int32(word + 1), length: Int32(end - start))
        if count * 2 > slots.count { grow() }
        return word
    }

    /// Twice the slots, each word placed anew from its slot.
    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, word: 0, length: 0), count: old.count * 2)
        let mask = slots.count - 1
        for stored in old where stored.word != 0 {
            var slot = Int(truncatingIfNeeded: stored.hash ^ (stored.hash >> 29)) & mask
            while slots[slot].word != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }
}
