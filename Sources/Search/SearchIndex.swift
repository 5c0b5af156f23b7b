import Encoding
import Foundation

/// What one page adds to its language's index: the weight of each term in each section and
/// the sections' lengths. Computed while the page renders (in parallel, and kept in the build
/// cache), then merged by `SearchIndex` with every other page of the language.
public struct SearchEntry: Sendable, Equatable {
    public var key: String
    /// Words per section; section 0 holds the title and the text before the first heading.
    public var lengths: [Int]
    /// term → (section, counts) pairs, flattened; counts pack where the word occurs (`Counts`)
    /// so the browser can weigh a heading or a title above the text.
    public var terms: [String: [Int]]
    /// Words as folded → their stem, for the words whose stem differs.
    public var forms: [String: String]

    public init(key: String, lengths: [Int], terms: [String: [Int]], forms: [String: String]) {
        self.key = key
        self.lengths = lengths
        self.terms = terms
        self.forms = forms
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
        let table = counter.words
        let records = counter.records
        let resolved = TermMemo.shared(language, stemmer).resolve(table.table, language: language, stemmer: stemmer)
        var forms: [String: String] = [:]
        for word in resolved where word.isForm { forms[word.folded] = word.term }

        var lengths = Array(repeating: 0, count: page.sections.count)
        // The page's terms by the memo's number; each one's (section, text, heading, title), sections in order.
        var local: [Int: Int] = [:]
        var termNames: [String] = []
        var termSections: [[(section: Int, text: Int, heading: Int, title: Int)]] = []
        for record in records {
            let word = resolved[record.word]
            // Words of one letter are not indexed, nor counted.
            guard word.foldedCounts else { continue }
            lengths[record.section] += Int(record.text) + Int(record.heading) + Int(record.title)
            guard word.termCounts else { continue }
            let index: Int
            if let known = local[word.termNumber] {
                index = known
            } else {
                index = termNames.count
                local[word.termNumber] = index
                termNames.append(word.term)
                termSections.append([])
            }
            if let last = termSections[index].last, last.section == record.section {
                termSections[index][termSections[index].count - 1].text += Int(record.text)
                termSections[index][termSections[index].count - 1].heading += Int(record.heading)
                termSections[index][termSections[index].count - 1].title += Int(record.title)
            } else {
                termSections[index].append((record.section, Int(record.text), Int(record.heading), Int(record.title)))
            }
        }
        lengths = lengths.map { max($0, 1) }
        var terms: [String: [Int]] = [:]
        terms.reserveCapacity(termNames.count)
        for (index, name) in termNames.enumerated() {
            var pairs: [Int] = []
            pairs.reserveCapacity(termSections[index].count * 2)
            for counts in termSections[index] {
                pairs.append(counts.section)
                pairs.append(Counts.pack(text: counts.text, heading: counts.heading, title: counts.title))
            }
            terms[name] = pairs
        }
        self.init(key: page.key, lengths: lengths, terms: terms, forms: forms)
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

/// A language's index as files for the browser: `search/<lang>/index.js` (counts and the
/// list of shards), one shard per term prefix (`search/<lang>/<hex of the prefix>.js`), and
/// one file per page with its sections' text for the excerpts (`search/<lang>/p/<key>.js`).
/// Every file is a script that hands its data to `window.ldSearch`, so it loads with
/// `<script>` from `file://` as from any host.
public enum SearchIndex {
    /// Past this many bytes a shard is split by one more character of its terms.
    public static let shardLimit = 16_000

    /// The folder of a language's index, from the site's root.
    public static func folder(_ lang: String) -> String { "search/\(lang)/" }

    /// The manifest and the shards of a language, paths from the site's root.
    public static func files(lang: String, entries: [SearchEntry]) -> [(path: String, data: Data)] {
        let entries = entries.sorted { $0.key < $1.key }
        // Terms are numbered as first met; each one's postings are JSON bytes, appended page by
        // page: [pageKey, pageLength, section, counts, sectionLength, …], …
        var termNumbers: [String: Int] = [:]
        var termNames: [String] = []
        var postings: [JSONBytes] = []
        var sections = 0
        var totalLength = 0
        var forms: [String: String] = [:]
        for entry in entries {
            sections += entry.lengths.count
            let pageLength = entry.lengths.reduce(0, +)
            totalLength += pageLength
            forms.merge(entry.forms) { first, _ in first }
            // Every posting of the page starts alike: `["key",length`.
            var head = JSONBytes()
            head.byte(UInt8(ascii: "["))
            head.quoted(entry.key)
            head.byte(UInt8(ascii: ","))
            head.int(pageLength)
            for (term, pairs) in entry.terms {
                let number: Int
                if let known = termNumbers[term] {
                    number = known
                } else {
                    number = termNames.count
                    termNumbers[term] = number
                    termNames.append(term)
                    postings.append(JSONBytes())
                }
                if !postings[number].bytes.isEmpty { postings[number].byte(UInt8(ascii: ",")) }
                postings[number].raw(head.bytes)
                var index = 0
                while index + 1 < pairs.count {
                    let section = pairs[index]
                    let length = section < entry.lengths.count ? entry.lengths[section] : 1
                    postings[number].byte(UInt8(ascii: ","))
                    postings[number].int(section)
                    postings[number].byte(UInt8(ascii: ","))
                    postings[number].int(pairs[index + 1])
                    postings[number].byte(UInt8(ascii: ","))
                    postings[number].int(length)
                    index += 2
                }
                postings[number].byte(UInt8(ascii: "]"))
            }
        }
        // Only the words the browser would not find on its own (`guess`) need their stem written.
        var needed: [(form: String, stem: String)] = []
        for (form, stem) in forms where guess(form, isStem: { termNumbers[$0] != nil }) != stem { needed.append((form, stem)) }

        // Each member's size in its shard: `"term":[postings]` and `"form":"stem"`.
        let termSizes = termNames.indices.map { quotedCount(termNames[$0]) + 3 + postings[$0].bytes.count }
        let formSizes = needed.map { quotedCount($0.form) + 1 + quotedCount($0.stem) }

        // Shards hold term numbers and positions in `needed`.
        var shards: [(key: String, terms: [Int], forms: [Int])] = []
        func place(_ key: String, terms: [Int], forms: [Int], depth: Int) {
            let size = terms.reduce(0) { $0 + termSizes[$1] } + forms.reduce(0) { $0 + formSizes[$1] }
            let keyLength = key.unicodeScalars.count
            if size <= shardLimit || depth > 16 || terms.count + forms.count <= 1 {
                shards.append((key, terms, forms))
                return
            }
            // Words no longer than the key stay under it; the rest go one character deeper.
            let exactTerms = terms.filter { termNames[$0].unicodeScalars.count <= keyLength }
            let exactForms = forms.filter { needed[$0].form.unicodeScalars.count <= keyLength }
            if !exactTerms.isEmpty || !exactForms.isEmpty { shards.append((key, exactTerms, exactForms)) }
            let deeperTerms = Dictionary(grouping: terms.filter { termNames[$0].unicodeScalars.count > keyLength }) { prefix(termNames[$0], keyLength + 1) }
            let deeperForms = Dictionary(grouping: forms.filter { needed[$0].form.unicodeScalars.count > keyLength }) { prefix(needed[$0].form, keyLength + 1) }
            for next in Set(deeperTerms.keys).union(deeperForms.keys).sorted() {
                place(next, terms: deeperTerms[next] ?? [], forms: deeperForms[next] ?? [], depth: depth + 1)
            }
        }
        // A small site has one shard (prefix ""); a large one splits by as many characters as it takes.
        place("", terms: Array(termNames.indices), forms: Array(needed.indices), depth: 0)

        var files: [(path: String, data: Data)] = []
        let folder = folder(lang)
        for shard in shards.sorted(by: { $0.key < $1.key }) {
            // `ldSearch.shard("lang","key",{"t":{"term":[…],…},"f":{"form":"stem",…}});`
            let terms = shard.terms.sorted { termNames[$0] < termNames[$1] }
            let forms = shard.forms.sorted { needed[$0].form < needed[$1].form }
            var out = JSONBytes(capacity: terms.reduce(64) { $0 + termSizes[$1] + 1 } + forms.reduce(0) { $0 + formSizes[$1] + 1 })
            out.raw("ldSearch.shard(")
            out.quoted(lang)
            out.byte(UInt8(ascii: ","))
            out.quoted(shard.key)
            out.raw(",{\"t\":{")
            for (index, term) in terms.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                out.quoted(termNames[term])
                out.raw(":[")
                out.raw(postings[term].bytes)
                out.byte(UInt8(ascii: "]"))
            }
            out.raw("},\"f\":{")
            for (index, form) in forms.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                out.quoted(needed[form].form)
                out.byte(UInt8(ascii: ":"))
                out.quoted(needed[form].stem)
            }
            out.raw("}});\n")
            files.append((folder + hex(shard.key) + ".js", out.data))
        }
        var manifest = JSON.Object()
        manifest.add("pages", entries.count)
        manifest.add("sections", sections)
        manifest.add("averageLength", raw: sections == 0 ? "0" : String(format: "%.2f", Double(totalLength) / Double(sections)))
        manifest.add("shards", shards.map(\.key).sorted())
        files.append((folder + "index.js", Data("ldSearch.manifest(\(JSON.quote(lang)),\(manifest.text));\n".utf8)))
        return files
    }

    /// The bytes `JSON.quote` makes of `text`, counted without making them.
    static func quotedCount(_ text: String) -> Int {
        var count = 2
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: count += 2
            case 0..<0x20: count += 6
            default: count += 1
            }
        }
        return count
    }

    /// The file that holds a page's title and sections, read for its excerpts.
    public static func fragment(lang: String, page: SearchPage) -> (path: String, data: Data) {
        // `ldSearch.page(lang,key,{"path":…,"title":…,"sections":[[anchor,heading,text],…]});`
        var out = JSONBytes(capacity: page.sections.reduce(256) { $0 + $1.text.utf8.count + $1.heading.utf8.count + 16 })
        out.raw("ldSearch.page(")
        out.quoted(lang)
        out.byte(UInt8(ascii: ","))
        out.quoted(page.key)
        out.raw(",{\"path\":")
        out.quoted(page.path)
        out.raw(",\"title\":")
        out.quoted(page.title)
        out.raw(",\"sections\":[")
        for (index, section) in page.sections.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            out.byte(UInt8(ascii: "["))
            out.quoted(section.anchor)
            out.byte(UInt8(ascii: ","))
            out.quoted(section.heading)
            out.byte(UInt8(ascii: ","))
            out.quoted(section.text)
            out.byte(UInt8(ascii: "]"))
        }
        out.raw("]});\n")
        return (fragmentPath(lang: lang, key: page.key), out.data)
    }

    public static func fragmentPath(lang: String, key: String) -> String { folder(lang) + "p/" + key + ".js" }

    /// The stem the browser takes for a word it has no entry for, as `search.js` does: the word
    /// itself if it is a stem, else the longest stem it starts with (at least half the word).
    static func guess(_ word: String, stems: Set<String>) -> String? {
        guess(word, isStem: { stems.contains($0) })
    }

    static func guess(_ word: String, isStem: (String) -> Bool) -> String? {
        if isStem(word) { return word }
        let scalars = Array(word.unicodeScalars)
        let shortest = max(2, (scalars.count + 1) / 2)
        var length = scalars.count - 1
        while length >= shortest {
            let candidate = String(String.UnicodeScalarView(scalars[0..<length]))
            if isStem(candidate) { return candidate }
            length -= 1
        }
        return nil
    }

    static func prefix(_ term: String, _ count: Int) -> String {
        String(String.UnicodeScalarView(term.unicodeScalars.prefix(count)))
    }

    /// A shard's file name: the prefix's UTF-8 bytes in hex, safe on every file system and host
    /// (`_` for the one shard of a small site).
    public static func hex(_ key: String) -> String {
        if key.isEmpty { return "_" }
        return key.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
