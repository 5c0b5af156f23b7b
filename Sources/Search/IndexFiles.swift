import Encoding
import Foundation

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

    /// The manifest and the shards of a language, and what an incremental build needs to
    /// update them later (`SearchIndexState`).
    public static func index(lang: String, entries: [SearchEntry], limit: Int = shardLimit) -> (files: [(path: String, data: Data)], state: SearchIndexState) {
        let builder = SearchIndexBuilder(lang: lang)
        for entry in entries { builder.add(entry) }
        return builder.finish(limit: limit)
    }

    /// What a page adds to each of its terms: `["key",pageLength,section,counts,sectionLength,…]`.
    /// Lengths are rounded (`roughLength`), so an edit that changes a page's length by a few
    /// words rarely changes the postings of every word it holds.
    static func chunks(_ entry: SearchEntry) -> [(term: String, bytes: [UInt8])] {
        let (bytes, ends, head) = chunkBytes(entry)
        return zip(entry.termNames, zip([head] + ends, ends)).map { term, range in (term, Array(bytes[0..<head] + bytes[range.0..<range.1])) }
    }

    /// Every chunk of the page in one buffer: the head they all start with (`["key",length`)
    /// once, first (`head` bytes), then what follows it in each chunk, one after the other;
    /// `ends` says where each of those ends (in the order of `termNames`). A chunk is the head
    /// and its part: the builder keeps a page's head once, not once per term.
    static func chunkBytes(_ entry: SearchEntry) -> (bytes: [UInt8], ends: [Int], head: Int) {
        var start = JSONBytes(capacity: 64)
        start.byte(UInt8(ascii: "["))
        start.quoted(entry.key)
        start.byte(UInt8(ascii: ","))
        start.int(roughLength(entry.lengths.reduce(0, +)))
        let head = start.count
        let pieces = SectionPieces(lengths: entry.lengths.map(roughLength))
        let termCount = entry.termCount
        var ends = [Int](repeating: 0, count: termCount)
        // Written through a pointer into room enough for the longest numbers (three a pair, each
        // with its comma) and a piece's whole slot past the last: every byte appended to an
        // array paid for a check of its room.
        let room = head + entry.pairValues.count / 2 * 3 * (DecimalDigits.maxCount + 1) + termCount + SectionPieces.slot
        let bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            guard let out = buffer.baseAddress else { return }
            start.withBytes { _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<head]).initialize(fromContentsOf: $0) }
            count = entry.pairValues.withUnsafeBufferPointer { values in
                entry.pairStarts.withUnsafeBufferPointer { pairStarts in
                    ends.withUnsafeMutableBufferPointer { ends in
                        pieces.bytes.withUnsafeBufferPointer { pieceBytes in
                            writeParts(values: values, pairStarts: pairStarts, pieces: pieces, pieceBytes: pieceBytes, into: out, at: head, ends: ends)
                        }
                    }
                }
            }
        }
        return (bytes, ends, head)
    }

    /// What a page's pairs write for each of its sections, made once per page: `,section,`
    /// before the counts and `,length` after them (a pair is `,section,counts,length`). Each
    /// piece lies in a slot of `slot` bytes copied whole (a copy of a known size is a few
    /// moves), where two numbers written digit by digit per pair cost most of the page's chunks.
    struct SectionPieces {
        /// Room for a comma, the longest number (`DecimalDigits.maxCount`) and a comma, rounded up.
        static let slot = 24
        /// Section `s`'s pieces are slots `2s` (before) and `2s + 1` (after).
        var bytes: [UInt8]
        var counts: [Int]

        init(lengths: [Int]) {
            bytes = [UInt8](repeating: 0, count: lengths.count * 2 * Self.slot)
            counts = [Int](repeating: 0, count: lengths.count * 2)
            bytes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for (section, length) in lengths.enumerated() {
                    let before = base + 2 * section * Self.slot
                    before[0] = UInt8(ascii: ",")
                    let digits = DecimalDigits.write(section, into: before + 1)
                    before[1 + digits] = UInt8(ascii: ",")
                    counts[2 * section] = digits + 2
                    let after = before + Self.slot
                    after[0] = UInt8(ascii: ",")
                    counts[2 * section + 1] = 1 + DecimalDigits.write(length, into: after + 1)
                }
            }
        }

        var sectionCount: Int { counts.count / 2 }
    }

    /// Writes each term's part of its chunk (`,section,counts,sectionLength` per pair, then `]`)
    /// into `out` from `start` on, one after the other, and in `ends` where each ends; returns
    /// where the last ends. The pairs are read through pointers: a term's `pairs(of:)` retained
    /// and released the array, and each read was checked against its bounds.
    private static func writeParts(
        values: UnsafeBufferPointer<Int>, pairStarts: UnsafeBufferPointer<Int32>, pieces: SectionPieces, pieceBytes: UnsafeBufferPointer<UInt8>,
        into out: UnsafeMutablePointer<UInt8>, at start: Int, ends: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        let pieceBase = pieceBytes.baseAddress
        let sectionCount = pieces.sectionCount
        var at = start
        // Offsets within the page's chunks and its pairs, and a section's pieces (the section
        // checked first), are wrapping sums and products: they cannot overflow, and their checks
        // were several instructions a pair.
        for term in 0..<ends.count {
            var index = Int(pairStarts[term])
            let end = Int(pairStarts[term &+ 1])
            while index &+ 1 < end {
                let section = values[index]
                if let pieceBase, section >= 0, section < sectionCount {
                    // Both pieces copied a whole slot at a time; the next write starts where each ends.
                    let before = section &* 2
                    UnsafeMutableRawPointer(out + at).copyMemory(from: pieceBase + before &* SectionPieces.slot, byteCount: SectionPieces.slot)
                    at &+= pieces.counts[before]
                    at &+= DecimalDigits.write(values[index &+ 1], into: out + at)
                    UnsafeMutableRawPointer(out + at).copyMemory(from: pieceBase + (before &+ 1) &* SectionPieces.slot, byteCount: SectionPieces.slot)
                    at &+= pieces.counts[before &+ 1]
                } else {
                    // A section the page's lengths do not have (only an entry made by hand): length 1.
                    out[at] = UInt8(ascii: ",")
                    at += 1 + DecimalDigits.write(section, into: out + at + 1)
                    out[at] = UInt8(ascii: ",")
                    at += 1 + DecimalDigits.write(values[index + 1], into: out + at + 1)
                    out[at] = UInt8(ascii: ",")
                    out[at + 1] = UInt8(ascii: "1")
                    at += 2
                }
                index &+= 2
            }
            out[at] = UInt8(ascii: "]")
            at &+= 1
            ends[term] = at
        }
        return at
    }

    /// A length to within about 3%: exact below 32, else its five leading bits and the middle
    /// of the rest. BM25 barely feels the difference.
    static func roughLength(_ length: Int) -> Int {
        guard length >= 32 else { return length }
        let shift = (Int.bitWidth - length.leadingZeroBitCount) - 5
        return (length >> shift) << shift | (1 << (shift - 1))
    }

    /// `"term":[postings]` in bytes.
    static func termSize(_ term: String, postings: Int) -> Int { quotedCount(term) + 3 + postings }

    /// `"form":"stem"` in bytes.
    static func formSize(_ form: String, stem: String) -> Int { quotedCount(form) + 1 + quotedCount(stem) }

    /// `ldSearch.shard("lang","key",{"t":{"term":[…],…},"f":{"form":"stem",…}});`
    /// `postings` writes a term's postings (without the brackets) into the file as it is made.
    static func shardFile(
        lang: String, _ shard: Shard, postings: (String, inout JSONBytes) -> Void, stem: (String) -> String
    ) -> (path: String, data: Data) {
        var out = JSONBytes(capacity: shard.members.reduce(64) { $0 + $1.size + 1 })
        out.raw("ldSearch.shard(")
        out.quoted(lang)
        out.byte(UInt8(ascii: ","))
        out.quoted(shard.key)
        out.raw(",{\"t\":{")
        var first = true
        for member in shard.members where !member.isForm {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.quoted(member.name)
            out.raw(":[")
            postings(member.name, &out)
            out.byte(UInt8(ascii: "]"))
        }
        out.raw("},\"f\":{")
        first = true
        for member in shard.members where member.isForm {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.quoted(member.name)
            out.byte(UInt8(ascii: ":"))
            out.quoted(stem(member.name))
        }
        out.raw("}});\n")
        return (shardPath(lang: lang, key: shard.key), out.data())
    }

    static func shardPath(lang: String, key: String) -> String { folder(lang) + hex(key) + ".js" }

    static func manifestPath(lang: String) -> String { folder(lang) + "index.js" }

    /// `ldSearch.manifest("lang",{"pages":…,"sections":…,"averageLength":…,"shards":[…]});`
    static func manifest(lang: String, state: SearchIndexState, shards: [Shard]) -> (path: String, data: Data) {
        var manifest = JSON.Object()
        manifest.add("pages", state.pages)
        manifest.add("sections", state.sections)
        let average = state.sections == 0 ? "0" : String(format: "%.2f", Double(state.totalLength) / Double(state.sections))
        manifest.add("averageLength", raw: average)
        manifest.add("shards", shards.map(\.key))
        return (manifestPath(lang: lang), Data("ldSearch.manifest(\(JSON.quote(lang)),\(manifest.text));\n".utf8))
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
        var out = JSONBytes(capacity: page.sections.reduce(256) { $0 + $1.textBytes.count + $1.heading.utf8.count + 16 })
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
            section.textBytes.withUnsafeBufferPointer { out.quoted($0) }
            out.byte(UInt8(ascii: "]"))
        }
        out.raw("]});\n")
        return (fragmentPath(lang: lang, key: page.key), out.data())
    }

    public static func fragmentPath(lang: String, key: String) -> String { folder(lang) + "p/" + key + ".js" }

    /// The stem the browser takes for a word it has no entry for, as `search.js` does: the word
    /// itself if it is a stem, else the longest stem it starts with (at least half the word).
    static func guess(_ word: String, isStem: (String) -> Bool) -> String? {
        if isStem(word) { return word }
        // Where each scalar ends in the UTF-8 bytes: each candidate is made from its bytes, not
        // from an array of scalars.
        let bytes = Array(word.utf8)
        var ends: [Int] = []
        ends.reserveCapacity(bytes.count)
        for index in bytes.indices.dropFirst() where bytes[index] & 0xC0 != 0x80 { ends.append(index) }
        if !bytes.isEmpty { ends.append(bytes.count) }
        let shortest = max(2, (ends.count + 1) / 2)
        var length = ends.count - 1
        while length >= shortest {
            let candidate = String(decoding: bytes[0..<ends[length - 1]], as: UTF8.self)
            if isStem(candidate) { return candidate }
            length -= 1
        }
        return nil
    }

    /// A shard's file name: the prefix's UTF-8 bytes in hex, safe on every file system and host
    /// (`_` for the one shard of a small site). Two digits a byte, written straight into the
    /// String's storage: a String per byte, joined, cost about 4,600 instructions a shard.
    public static func hex(_ key: String) -> String {
        if key.isEmpty { return "_" }
        return key.withUTF8Bytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count * 2) { out in
                for (index, byte) in bytes.enumerated() {
                    out[2 * index] = HexDigits.lowercase(byte >> 4)
                    out[2 * index + 1] = HexDigits.lowercase(byte)
                }
                return bytes.count * 2
            }
        }
    }
}

/// What an incremental build must know of a language's index to update it as a clean build
/// would write it: the totals of the manifest, every term's size in its shard (the layout
/// depends on nothing else), and every form with the pages that hold it. The postings
/// themselves stay in the shards the last build wrote.
public struct SearchIndexState: Sendable, Equatable {
    public var pages = 0
    public var sections = 0
    public var totalLength = 0
    /// How many shards the index has.
    public var shards = 0
    /// Every term → its size in its shard (`"term":[postings]`).
    var terms: [String: Int] = [:]
    /// Every folded word whose term differs from it.
    var forms: [String: Form] = [:]

    struct Form: Sendable, Equatable {
        /// The stem the index gives the word: of its spellings' stems, the one most pages hold
        /// (of equal counts, the smaller bytes). Two spellings can fold alike and stem apart
        /// ("hacia", "hacía"): the first stem met was kept, so the pages' order (parallel, or an
        /// incremental build's) decided, and an edited page's build differed from a clean one.
        var stem: String
        /// How many pages hold the word: at 0 the form leaves the index.
        var pages: Int
        /// The browser could not guess the stem (`SearchIndex.guess`), so its shard names it.
        var needed: Bool
        /// Pages by stem, kept only for a word whose spellings have more than one stem.
        var byStem: [String: Int]? = nil

        init(stem: String, pages: Int, needed: Bool) {
            self.stem = stem
            self.pages = pages
            self.needed = needed
        }

        /// `pages` more pages hold the word, spelt with `stem`.
        mutating func add(stem added: String, pages count: Int) {
            pages += count
            guard byStem != nil || added != stem else { return }
            var counts = byStem ?? [stem: pages - count]
            counts[added, default: 0] += count
            byStem = counts
            stem = Self.chosen(counts)
        }

        /// One page spelt with `stem` no longer holds the word (`pages` stays above 0).
        mutating func remove(stem removed: String) {
            pages -= 1
            guard var counts = byStem else { return }
            if let left = counts[removed] { counts[removed] = left > 1 ? left - 1 : nil }
            stem = Self.chosen(counts)
            byStem = counts.count > 1 ? counts : nil
        }

        /// The stem most pages hold; of equal counts, the smaller bytes.
        static func chosen(_ counts: [String: Int]) -> String {
            counts.max { a, b in a.value != b.value ? a.value < b.value : Array(b.key.utf8).lexicographicallyPrecedes(Array(a.key.utf8)) }?.key ?? ""
        }
    }

    public init() {}

    /// Counts the page of `entry` in, its terms apart.
    mutating func add(_ entry: SearchEntry) {
        addTotals(entry)
        for form in entry.formList { addForm(form.folded, stem: form.stem, pages: 1) }
    }

    /// Counts the page of `entry` in the manifest's totals.
    mutating func addTotals(_ entry: SearchEntry) {
        pages += 1
        sections += entry.lengths.count
        totalLength += entry.lengths.reduce(0, +)
    }

    /// Counts `pages` more pages holding the form, spelt with `stem`.
    mutating func addForm(_ folded: String, stem: String, pages: Int) {
        if forms[folded] != nil { forms[folded]?.add(stem: stem, pages: pages) } else { forms[folded] = Form(stem: stem, pages: pages, needed: false) }
    }

    /// Counts the page of `entry` out, its terms apart.
    mutating func remove(_ entry: SearchEntry) {
        pages -= 1
        sections -= entry.lengths.count
        totalLength -= entry.lengths.reduce(0, +)
        for form in entry.formList {
            guard let known = forms[form.folded] else { continue }
            if known.pages <= 1 { forms[form.folded] = nil } else { forms[form.folded]?.remove(stem: form.stem) }
        }
    }

    /// Decides again, for `names`, whether the browser could guess the stem.
    mutating func updateNeeded(_ names: some Sequence<String>) {
        for name in names {
            guard let form = forms[name] else { continue }
            let needed = isNeeded(name, stem: form.stem)
            forms[name]?.needed = needed
        }
    }

    /// `updateNeeded` of every form, each reached by its place in the table: by name, each was
    /// hashed twice more (slowly for non-ASCII names).
    mutating func updateAllNeeded() {
        var index = forms.startIndex
        while index != forms.endIndex {
            let needed = isNeeded(forms[index].key, stem: forms[index].value.stem)
            forms.values[index].needed = needed
            forms.formIndex(after: &index)
        }
    }

    /// Whether the browser could not guess the stem of `name`, `stem`.
    private func isNeeded(_ name: String, stem: String) -> Bool { SearchIndex.guess(name, isStem: { terms[$0] != nil }) != stem }

    /// The shards' members: every term and the needed forms, in order.
    var members: [IndexMember] {
        var members: [IndexMember] = []
        members.reserveCapacity(terms.count + forms.count)
        for (term, size) in terms { members.append(IndexMember(name: term, isForm: false, size: size)) }
        for (form, record) in forms where record.needed {
            members.append(IndexMember(name: form, isForm: true, size: SearchIndex.formSize(form, stem: record.stem)))
        }
        // By name's bytes, a term before a form of the same name (`IndexMember.inOrder`): the
        // terms come first above, and names of the same bytes keep their positions.
        let order = UTF8Order.sortedIndices(members.lazy.map(\.name))
        return order.map { members[$0] }
    }

    /// The state as text lines (`N pages sections length shards`, `T term size`, `F form stem pages needed`:
    /// a form of several stems has a line for each, with that stem's pages),
    /// tab-separated: terms and forms are letters, marks and digits only. Written and read on
    /// bytes: an incremental build reads and writes every term of the site.
    public func encoded() -> [UInt8] {
        var out = JSONBytes(capacity: terms.count * 16 + forms.count * 24)
        func field(_ number: Int) {
            out.byte(9)
            out.int(number)
        }
        out.byte(UInt8(ascii: "N"))
        for number in [pages, sections, totalLength, shards] { field(number) }
        out.byte(10)
        for (term, size) in terms {
            out.raw("T\t")
            out.raw(Array(term.utf8))
            field(size)
            out.byte(10)
        }
        for (form, record) in forms {
            for (stem, pages) in record.byStem ?? [record.stem: record.pages] {
                out.raw("F\t")
                out.raw(Array(form.utf8))
                out.byte(9)
                out.raw(Array(stem.utf8))
                field(pages)
                field(record.needed ? 1 : 0)
                out.byte(10)
            }
        }
        return out.bytes
    }

    /// The state `encoded` wrote, or nil for anything malformed.
    public init?(encoded bytes: ArraySlice<UInt8>) {
        var sawTotals = false
        var fields: [Range<Int>] = []
        var lines = TabSeparatedLines(bytes)
        while lines.next(into: &fields) {
            func text(_ index: Int) -> String { String(decoding: bytes[fields[index]], as: UTF8.self) }
            func number(_ index: Int) -> Int? { TabSeparatedLines.integer(bytes[fields[index]]).flatMap { $0 >= 0 ? $0 : nil } }
            guard fields[0].count == 1 else { return nil }
            switch (bytes[fields[0].lowerBound], fields.count) {
            case (UInt8(ascii: "N"), 5):
                guard let pages = number(1), let sections = number(2), let length = number(3), let shards = number(4) else { return nil }
                (self.pages, self.sections, totalLength, self.shards, sawTotals) = (pages, sections, length, shards, true)
            case (UInt8(ascii: "T"), 3):
                guard let size = number(2) else { return nil }
                terms[text(1)] = size
            case (UInt8(ascii: "F"), 5):
                guard let pages = number(3), let needed = number(4) else { return nil }
                addForm(text(1), stem: text(2), pages: pages)
                forms[text(1)]?.needed = needed == 1
            default:
                return nil
            }
        }
        guard sawTotals else { return nil }
    }
}
