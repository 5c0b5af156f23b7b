import Foundation
import Testing
import TestSupport

@testable import Search

/// The seed of a random test: `SEARCH_TEST_SEED` when set (to replay or vary a run), else `fixed`.
func searchTestSeed(_ fixed: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["SEARCH_TEST_SEED"].flatMap { UInt64($0) } ?? fixed
}

/// The parts of an entry's making that replaced an older algorithm, held to that algorithm
/// (kept here as the reference) over random inputs.
@Suite struct EntryScratchTests {
    @Test func hashesWordsOfEveryLengthAndPlaceAsTheLoopDid() {
        // `hashByLoop` is the hash as it was before its path for words of up to eight bytes.
        // Random bytes (any value: the hash reads bytes, not scalars), words of 1 to 40 bytes
        // anywhere in the buffer, its last bytes included.
        var random = SeededRandom(seed: searchTestSeed(0x1B87_3593_C5A0_3C1D))
        for _ in 0..<200 {
            let bytes = (0..<(1 + random.below(120))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for _ in 0..<40 {
                    let start = random.below(buffer.count)
                    let end = start + 1 + random.below(min(40, buffer.count - start))
                    #expect(ByteTable.hash(base, start, end, buffer.count) == ByteTable.hashByLoop(base, start, end, buffer.count), "\(bytes) \(start)..<\(end)")
                }
            }
        }
    }

    @Test func numbersMemoNumbersPageAfterPageAsADictionaryWould() {
        // Pages of dense keys (repeated, some past the table's room so it grows while a page
        // holds numbers), emptied between pages as a page's scratch is; some tables start near
        // the end of the generations, so they wrap and are cleared once.
        var random = SeededRandom(seed: searchTestSeed(0x2545_F491_4F6C_DD1D))
        for firstGeneration in [1, UInt64(UInt32.max) - 3] {
            var table = DenseNumbering(capacity: 4, generation: firstGeneration)
            for page in 0..<12 {
                let span = 1 + random.below(page % 3 == 0 ? 6_000 : 300)
                let keys = (0..<random.below(3_000)).map { _ in random.below(span) }
                var expected: [Int: Int] = [:]
                for key in keys {
                    let number = expected[key] ?? expected.count
                    expected[key] = number
                    #expect(table.number(key) == number, "page \(page) key \(key)")
                }
                #expect(table.count == expected.count)
                table.removeAll()
                #expect(table.count == 0)
            }
        }
    }

    /// `SearchEntry.pairs` as it was: one pass over the records to count each term's pairs and
    /// the sections' lengths, a second to write each term's pairs in place and add up their sums.
    static func pairsByTwoPasses(
        _ records: [(word: Int, section: Int, text: Int32, heading: Int32, title: Int32)], place: [Int32], termCount: Int, sectionCount: Int
    ) -> (lengths: [Int], pairStarts: [Int32], pairValues: [Int]) {
        var lengths = [Int](repeating: 0, count: sectionCount)
        var pairStarts = [Int32](repeating: 0, count: termCount + 1)
        var lastSection = [Int32](repeating: -1, count: termCount)
        for record in records {
            let term = Int(place[record.word])
            guard term != Int(SearchEntry.uncounted) else { continue }
            lengths[record.section] += Int(record.text) + Int(record.heading) + Int(record.title)
            guard term >= 0, lastSection[term] != Int32(record.section) else { continue }
            lastSection[term] = Int32(record.section)
            pairStarts[term + 1] += 1
        }
        for term in 0..<termCount { pairStarts[term + 1] += pairStarts[term] }
        let pairCount = Int(pairStarts[termCount])
        var sums = [Int32](repeating: 0, count: pairCount * 3)
        var next = Array(pairStarts[0..<termCount])
        lastSection = [Int32](repeating: -1, count: termCount)
        var values = [Int](repeating: 0, count: pairCount * 2)
        for record in records {
            let term = Int(place[record.word])
            guard term >= 0 else { continue }
            if lastSection[term] != Int32(record.section) {
                lastSection[term] = Int32(record.section)
                values[Int(next[term]) * 2] = record.section
                next[term] += 1
            }
            let pair = Int(next[term]) - 1
            sums[pair * 3] += record.text
            sums[pair * 3 + 1] += record.heading
            sums[pair * 3 + 2] += record.title
        }
        for pair in 0..<pairCount {
            values[pair * 2 + 1] = SearchEntry.Counts.pack(text: Int(sums[pair * 3]), heading: Int(sums[pair * 3 + 1]), title: Int(sums[pair * 3 + 2]))
        }
        return (lengths.map { max($0, 1) }, pairStarts.map { $0 * 2 }, values)
    }

    @Test func makesPairsAsTheTwoPassesDid() {
        // Random pages: words placed on terms (several words to a term, some words uncounted or
        // unindexed), each section's records a random subset of the words, in random order,
        // with counts past the caps now and then.
        var random = SeededRandom(seed: searchTestSeed(0x6A09_E667_F3BC_C908))
        for page in 0..<300 {
            let termCount = random.below(page % 10 == 0 ? 2_000 : 60)
            let wordCount = termCount + random.below(40)
            let place: [Int32] = (0..<wordCount).map { _ in
                switch random.below(10) {
                case 0: SearchEntry.uncounted
                case 1: SearchEntry.unindexed
                default: termCount == 0 ? SearchEntry.unindexed : Int32(random.below(termCount))
                }
            }
            let sectionCount = 1 + random.below(12)
            var records: [(word: Int, section: Int, text: Int32, heading: Int32, title: Int32)] = []
            for section in 0..<sectionCount where wordCount > 0 {
                for word in (0..<wordCount).shuffled(using: &random) where random.below(3) == 0 {
                    func count() -> Int32 { Int32(random.below(4) == 0 ? 0 : random.below(random.below(20) == 0 ? 3_000 : 5)) }
                    records.append((word, section, count(), count(), count()))
                }
            }
            let expected = Self.pairsByTwoPasses(records, place: place, termCount: termCount, sectionCount: sectionCount)
            let wordRecords = records.map {
                WordRecord(word: Int32($0.word), section: Int32($0.section), text: $0.text, heading: $0.heading, title: $0.title)
            }
            let got = place.withUnsafeBufferPointer { place in
                wordRecords.withUnsafeBufferPointer { SearchEntry.pairs($0, place: place, termCount: termCount, sectionCount: sectionCount) }
            }
            #expect(got.lengths == expected.lengths, "page \(page)")
            #expect(got.pairStarts == expected.pairStarts, "page \(page)")
            #expect(got.pairValues == expected.pairValues, "page \(page)")
        }
    }
}

extension EntryScratchTests {
    @Test func numbersWordsByTheirBytesAsADictionaryWould() {
        // Words of 1 to 30 bytes (past 8 and 16, where they are compared byte by byte), many
        // sharing their first eight bytes, found again after the table grew several times.
        var random = SeededRandom(seed: searchTestSeed(0x3C6E_F372_FE94_F82B))
        let prefixes = ["interrup", "a", "ab", "прекъсв", "niño", "x"]
        let words = (0..<6_000).map { _ in
            Array((prefixes[random.below(prefixes.count)] + String(random.below(random.below(2) == 0 ? 50 : 1 << 40))).utf8)
        }
        var table = ByteTable()
        var expected: [[UInt8]: Int] = [:]
        for word in words {
            let number = expected[word] ?? expected.count
            expected[word] = number
            let hash = word.withUnsafeBufferPointer { ByteTable.hash($0.baseAddress!, 0, $0.count, $0.count) }
            #expect(word.withUnsafeBufferPointer { table.number($0, 0, $0.count, hash: hash) } == number, "\(word)")
        }
        #expect(table.count == expected.count && expected.count > 2_000)
        table.withStorage { storage in
            for (word, number) in expected {
                let hash = word.withUnsafeBufferPointer { ByteTable.hash($0.baseAddress!, 0, $0.count, $0.count) }
                #expect(word.withUnsafeBufferPointer { storage.find($0, hash: hash) } == number, "\(word)")
            }
        }
        let absent = Array("interrupciones-nunca-vistas".utf8)
        let hash = absent.withUnsafeBufferPointer { ByteTable.hash($0.baseAddress!, 0, $0.count, $0.count) }
        #expect(absent.withUnsafeBufferPointer { table.find($0, 0, $0.count, hash: hash) } == nil)
    }
}

extension EntryScratchTests {
    /// A page's records as the counter made them before it wrote them as words came: counts per
    /// word kept for the section, recorded in the order the section first met each word when the
    /// section ended (the reference `PageCounter.records` is held to).
    /// Words are told apart by their bytes (`é` composed and decomposed are two words).
    static func recordsBySectionCounts(_ sections: [[(field: Int, words: [String])]]) -> (words: [[UInt8]], records: [[Int]]) {
        var numbers: [[UInt8]: Int] = [:]
        var words: [[UInt8]] = []
        var records: [[Int]] = []
        for (section, fields) in sections.enumerated() {
            var counts: [Int: [Int]] = [:]
            var touched: [Int] = []
            for (field, fieldWords) in fields {
                for word in fieldWords.map({ Array($0.utf8) }) {
                    let number = numbers[word] ?? words.count
                    if number == words.count {
                        numbers[word] = number
                        words.append(word)
                    }
                    if counts[number] == nil { touched.append(number) }
                    counts[number, default: [0, 0, 0]][field] += 1
                }
            }
            for number in touched { records.append([number, section] + (counts[number] ?? [])) }
        }
        return (words, records)
    }

    @Test func recordsWordsAsTheSectionCountsDid() {
        // Random pages of several sections, each with text, heading and (in some) title words
        // (ASCII, accented, decomposed, Cyrillic, digits, long words past 8 and 16 bytes), some
        // fields empty, counted by one counter reset between pages as the pool hands it on.
        var random = SeededRandom(seed: searchTestSeed(0x9E37_79B9_7F4A_7C15))
        let pieces = ["a", "b", "z", "é", "e\u{301}", "ñ", "ж", "щ", "я", "7", "0", "ü", "interrup", "ción"]
        var counter = PageCounter(bytes: 16)
        for page in 0..<60 {
            let vocabulary = (0..<(1 + random.below(page % 6 == 0 ? 2_500 : 200))).map { _ in
                (0..<(1 + random.below(random.below(5) == 0 ? 12 : 4))).map { _ in pieces[random.below(pieces.count)] }.joined()
            }
            let sections: [[(field: Int, words: [String])]] = (0..<(1 + random.below(8))).map { section in
                let fields = section == 0 ? [0, 1, 2] : [0, 1]
                return fields.shuffled(using: &random).map { field in
                    (field, (0..<random.below(field == 0 ? 1_500 : 12)).map { _ in vocabulary[random.below(vocabulary.count)] })
                }
            }
            let expected = Self.recordsBySectionCounts(sections)
            counter.reset(bytes: sections.reduce(0) { $0 + $1.reduce(0) { $0 + $1.words.reduce(0) { $0 + $1.utf8.count + 2 } } })
            for fields in sections {
                for (field, words) in fields {
                    let separators = [" ", ", ", " — ", "\u{A0}"]
                    counter.add(words.map { $0 + separators[random.below(separators.count)] }.joined(), field: field)
                }
                counter.endSection()
            }
            let words = (0..<counter.count).map { Array(counter.word($0).bytes) }
            let records = counter.records.map { [Int($0.word), Int($0.section), Int($0.text), Int($0.heading), Int($0.title)] }
            #expect(words == expected.words, "page \(page)")
            #expect(records == expected.records, "page \(page)")
        }
    }
}
