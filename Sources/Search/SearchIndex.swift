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
    /// The page's terms in the order they first occur (an array: a dictionary keyed by
    /// `String` cost a hash per term and page, twice).
    public var termList: [Term]
    /// The page's forms, each once, in the order they first occur.
    public var formList: [Form]
    /// The numbers the language's word memo gave the terms and forms, when the entry was indexed
    /// from a page: the language's `SearchIndexBuilder` files them by number, in arrays,
    /// instead of hashing their names on every page.
    var numbers: MemoNumbers?

    struct MemoNumbers: Sendable {
        /// Whose numbers they are: another memo numbers other words.
        var memo: ObjectIdentifier
        /// Aligned with `termList` and `formList`.
        var terms: [Int32]
        var forms: [Int32]
    }

    /// term → (section, counts) pairs, flattened.
    public var terms: [String: [Int]] { Dictionary(termList.map { ($0.name, $0.pairs) }, uniquingKeysWith: { first, _ in first }) }
    /// Words as folded → their stem, for the words whose stem differs.
    public var forms: [String: String] { Dictionary(formList.map { ($0.folded, $0.stem) }, uniquingKeysWith: { first, _ in first }) }

    public init(key: String, lengths: [Int], terms: [String: [Int]], forms: [String: String]) {
        self.key = key
        self.lengths = lengths
        termList = terms.keys.sorted().map { Term(name: $0, pairs: terms[$0] ?? []) }
        formList = forms.keys.sorted().map { Form(folded: $0, stem: forms[$0] ?? "") }
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
        // Words are cut from the UTF-8 bytes and numbered by their bytes (`PageWords`), each
        // section's occurrences counted in arrays by number: no String or Dictionary per word.
        // Only each distinct word becomes a String, once, to be looked up in the build's memo.
        var counter = PageCounter()
        for (number, section) in page.sections.enumerated() {
            counter.add(section.text, field: 0)
            counter.add(section.heading, field: 1)
            if number == 0 { counter.add(page.title, field: 2) }
            counter.endSection(number)
        }
        let memo = TermMemo.shared(language, stemmer)
        let resolved = memo.resolve(counter.words.table, language: language, stemmer: stemmer)

        // Per distinct word of the page, once: whether it counts, and its term's place in
        // `termList` (-1: too short to index). Words that share a term share the place, words
        // that fold alike share a form.
        var formList: [Form] = []
        var formNumbers: [Int32] = []
        var counts = [Bool](repeating: false, count: resolved.count)
        var place = [Int](repeating: -1, count: resolved.count)
        var placeOfTerm = IntNumbering(capacity: resolved.count)
        var placeOfForm = IntNumbering(capacity: resolved.count)
        var names: [String] = []
        var termNumbers: [Int32] = []
        // Fields read in place: copying a word would retain and release its two strings.
        resolved.withUnsafeBufferPointer { words in
            for index in words.indices {
                if words[index].isForm && placeOfForm.number(words[index].formNumber) == formList.count {
                    formList.append(Form(folded: words[index].folded, stem: words[index].term))
                    formNumbers.append(Int32(words[index].formNumber))
                }
                counts[index] = words[index].foldedCounts
                guard words[index].foldedCounts && words[index].termCounts else { continue }
                place[index] = placeOfTerm.number(words[index].termNumber)
                if place[index] == names.count {
                    names.append(words[index].term)
                    termNumbers.append(Int32(words[index].termNumber))
                }
            }
        }

        // The records come section by section; each term's pairs are appended in that order,
        // two words of one term in one section adding up.
        var lengths = Array(repeating: 0, count: page.sections.count)
        var pairs = [[Int]](repeating: [], count: names.count)
        var lastSection = [Int](repeating: -1, count: names.count)
        var sums = [(text: Int, heading: Int, title: Int)](repeating: (0, 0, 0), count: names.count)
        for record in counter.records {
            // Words of one letter are not indexed, nor counted.
            guard counts[record.word] else { continue }
            lengths[record.section] += Int(record.text) + Int(record.heading) + Int(record.title)
            let term = place[record.word]
            guard term >= 0 else { continue }
            if lastSection[term] != record.section {
                if lastSection[term] >= 0 {
                    pairs[term].append(lastSection[term])
                    pairs[term].append(Counts.pack(text: sums[term].text, heading: sums[term].heading, title: sums[term].title))
                }
                lastSection[term] = record.section
                sums[term] = (0, 0, 0)
            }
            sums[term].text += Int(record.text)
            sums[term].heading += Int(record.heading)
            sums[term].title += Int(record.title)
        }
        var termList: [Term] = []
        termList.reserveCapacity(names.count)
        for term in names.indices {
            if lastSection[term] >= 0 {
                pairs[term].append(lastSection[term])
                pairs[term].append(Counts.pack(text: sums[term].text, heading: sums[term].heading, title: sums[term].title))
            }
            termList.append(Term(name: names[term], pairs: pairs[term]))
        }
        key = page.key
        self.lengths = lengths.map { max($0, 1) }
        self.termList = termList
        self.formList = formList
        numbers = MemoNumbers(memo: ObjectIdentifier(memo), terms: termNumbers, forms: formNumbers)
    }
}

/// A page's words counted by number and section. A struct with mutating methods, not local
/// variables captured by a closure: captured variables are boxed and every access to them is
/// checked for exclusivity at run time, which cost as much as the counting.
struct PageCounter {
    var words = PageWords()
    private var text: [Int32] = [], heading: [Int32] = [], title: [Int32] = []
    private var touched: [Int] = []
    /// (word, section, text, heading, title), sections in order.
    var records: [(word: Int, section: Int, text: Int32, heading: Int32, title: Int32)] = []

    /// Counts the words of `source` in `field` (0 text, 1 heading, 2 title) of the current section.
    mutating func add(_ source: String, field: Int) {
        var source = source
        source.withUTF8 { bytes in
            Words.scan(bytes) { start, end in count(words.number(bytes, start, end), field: field) }
        }
    }

    @inline(__always)
    private mutating func count(_ number: Int, field: Int) {
        if number == text.count {
            text.append(0)
            heading.append(0)
            title.append(0)
        }
        if text[number] == 0 && heading[number] == 0 && title[number] == 0 { touched.append(number) }
        switch field {
        case 0: text[number] += 1
        case 1: heading[number] += 1
        default: title[number] += 1
        }
    }

    /// Records the counts of section `section`, which ends here, and starts the next at zero.
    mutating func endSection(_ section: Int) {
        for word in touched {
            records.append((word, section, text[word], heading[word], title[word]))
            text[word] = 0
            heading[word] = 0
            title[word] = 0
        }
        touched.removeAll(keepingCapacity: true)
    }
}

/// Keys numbered in order of first insertion: a page's terms, a language's terms, the memo's.
struct Numbering<Key: Hashable> {
    private(set) var keys: [Key] = []
    private var numbers: [Key: Int] = [:]

    /// The key's number, given now if it is new (then it equals the count before).
    mutating func number(_ key: Key) -> Int {
        if let known = numbers[key] { return known }
        numbers[key] = keys.count
        keys.append(key)
        return keys.count - 1
    }

    func find(_ key: Key) -> Int? { numbers[key] }
}

/// Non-negative integers (a memo's numbers) numbered in order of first insertion, in an
/// open-addressing table: a page numbers its hundreds of words without a `Hasher` each.
struct IntNumbering {
    private var keys: [Int]
    private var numbers: [Int32]
    private(set) var count = 0

    /// Room for `capacity` keys before the table grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = [Int](repeating: -1, count: size)
        numbers = [Int32](repeating: 0, count: size)
    }

    /// The key's number, given now if it is new (then it equals the count before).
    mutating func number(_ key: Int) -> Int {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        // Fibonacci hashing: consecutive numbers land far apart.
        var slot = Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while keys[slot] >= 0 {
            if keys[slot] == key { return Int(numbers[slot]) }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        numbers[slot] = Int32(count)
        count += 1
        return count - 1
    }

    private mutating func grow() {
        let old = zip(keys, numbers).filter { $0.0 >= 0 }.sorted { $0.1 < $1.1 }
        self = IntNumbering(capacity: keys.count)
        for (key, _) in old { _ = number(key) }
    }
}

/// Distinct byte strings (words), numbered in order of first insertion, found by their UTF-8
/// bytes in an open-addressing table over one byte arena: a word costs a hash and a compare,
/// and no `String` is made. A page's words are one (`PageWords`), the build's memo another.
struct ByteTable {
    private(set) var arena: [UInt8] = []
    private(set) var starts: [Int] = [0]
    private(set) var hashes: [UInt64] = []
    /// Word number + 1 per slot (0: empty); the count is a power of two, kept at most half full.
    private var slots = [Int32](repeating: 0, count: 1024)

    var count: Int { hashes.count }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        // FNV-1a: words are short, and a simple hash beats Hasher's setup on each.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in start..<end { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        return hash
    }

    /// The slot holding the word, or the empty slot where it would go.
    @inline(__always)
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ hash: UInt64) -> (slot: Int, found: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        let length = end - start
        return arena.withUnsafeBufferPointer { arena in
            while true {
                let stored = Int(slots[slot])
                if stored == 0 { return (slot, nil) }
                let word = stored - 1
                if hashes[word] == hash && starts[word + 1] - starts[word] == length {
                    let from = starts[word]
                    var same = true
                    for offset in 0..<length where arena[from + offset] != bytes[start + offset] {
                        same = false
                        break
                    }
                    if same { return (slot, word) }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash: UInt64) -> Int? {
        probe(bytes, start, end, hash).found
    }

    /// The word's number, added if new.
    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, hash: UInt64) -> Int {
        let (slot, found) = probe(bytes, start, end, hash)
        if let found { return found }
        let word = hashes.count
        arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        starts.append(arena.count)
        hashes.append(hash)
        slots[slot] = Int32(word + 1)
        if hashes.count * 2 > slots.count { grow() }
        return word
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (word, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(word + 1)
        }
    }
}

/// The distinct words of one page, numbered in order of first occurrence.
struct PageWords {
    var table = ByteTable()

    @inline(__always)
    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        table.number(bytes, start, end, hash: ByteTable.hash(bytes, start, end))
    }
}

