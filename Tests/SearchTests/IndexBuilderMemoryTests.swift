import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Search

/// The builder keeps each page's chunk head once and writes the shards one at a time
/// (issue 18): the files must stay what the chunks make.
@Suite struct IndexBuilderMemoryTests {
    func page(_ key: String, _ sections: [(String, String, String)]) -> SearchPage {
        SearchPage(key: key, path: "es/\(key)/index.html", title: "Título \(key)", sections: sections.map { .init(anchor: $0.0, heading: $0.1, text: $0.2) })
    }

    @Test func aPagesChunksShareOneHead() {
        // Chunks as search.js reads them: `["key",pageLength,section,counts,sectionLength,…]`.
        let entry = SearchEntry(
            key: "a\"b", lengths: [3, 40], terms: ["uno": [0, 1], "dos": [0, 2, 1, 1001]], forms: [:])
        let (bytes, ends, head) = SearchIndex.chunkBytes(entry)
        #expect(String(decoding: bytes[0..<head], as: UTF8.self) == "[\"a\\\"b\",43")
        // Sorted terms: "dos" first; lengths of 32 words or more are rounded (43 → 43, 40 → 41).
        let expected = ["dos": "[\"a\\\"b\",43,0,2,3,1,1001,41]", "uno": "[\"a\\\"b\",43,0,1,3]"]
        let chunks = SearchIndex.chunks(entry)
        #expect(chunks.map(\.term) == ["dos", "uno"])
        for (term, chunk) in chunks { #expect(String(decoding: chunk, as: UTF8.self) == expected[term], "\(term)") }
        // The head is kept once: the buffer holds it and each chunk's rest.
        #expect(bytes.count == head + chunks.reduce(0) { $0 + $1.bytes.count - head })
        #expect(ends.last == bytes.count)
        // A page without terms is its head alone.
        let empty = SearchIndex.chunkBytes(SearchEntry(key: "e", lengths: [1], terms: [:], forms: [:]))
        #expect(empty.ends.isEmpty && empty.bytes.count == empty.head)
    }

    @Test func writesChunksAsNumbersFormattedOneByOneWould() {
        // Each section's `,section,` and `,length` are made once per page and copied per pair:
        // the chunks must be what writing every number of every pair gives, for sections and
        // lengths of any size (up to 15 digits), counts with heading and title parts, and
        // sections the lengths do not have (an entry made by hand: length 1).
        var random = SeededRandom(seed: 0xC4A0_5EC7_1005_0011)
        let magnitudes = [1, 10, 31, 32, 1_000, 99_999, 10_000_000, 123_456_789_012_345]
        for round in 0..<300 {
            let lengths = (0..<(1 + random.below(14))).map { _ in random.below(random.pick(magnitudes) + 1) }
            var terms: [String: [Int]] = [:]
            for number in 0..<random.below(12) {
                var pairs: [Int] = []
                for section in 0..<(lengths.count + 2) where random.below(3) == 0 {
                    pairs += [section, random.below(1000) + 1000 * random.below(3) + 100_000 * random.below(2)]
                }
                terms["t\(number)"] = pairs
            }
            let entry = SearchEntry(key: "k\(round)", lengths: lengths, terms: terms, forms: [:])
            let head = "[\"k\(round)\",\(SearchIndex.roughLength(lengths.reduce(0, +)))"
            for (term, chunk) in SearchIndex.chunks(entry) {
                let pairs = terms[term] ?? []
                let parts = stride(from: 0, to: pairs.count, by: 2).map { index in
                    let section = pairs[index]
                    return ",\(section),\(pairs[index + 1]),\(section < lengths.count ? SearchIndex.roughLength(lengths[section]) : 1)"
                }
                #expect(String(decoding: chunk, as: UTF8.self) == head + parts.joined() + "]", "\(term) of round \(round)")
            }
        }
    }

    @Test func everyChunkIsInItsTermsShard() throws {
        let es = SearchLanguage(code: "es")
        let entries = (0..<60).map { number in
            SearchEntry(
                page("p\(number)", [("", "", "interrupción \(number) de la actividad"), ("s\(number)", "Pausa", "la actividad vuelve \(number % 7)")]),
                language: es, stemmer: Stemmer(es))
        }
        let builder = SearchIndexBuilder(lang: "es")
        for entry in entries { builder.add(entry) }
        var files: [(path: String, data: Data)] = []
        let state = try #require(builder.finish(limit: 400) { files.append(($0, $1)) })
        #expect(files.last?.path == "search/es/index.js")
        #expect(files.count == state.shards + 1)
        var terms: [String: [(key: String, bytes: ArraySlice<UInt8>)]] = [:]
        for file in files.dropLast() {
            let shard = try #require(IndexFileReader.shard(Array(file.data)))
            for (term, postings) in shard.terms {
                let chunks: [(key: String, bytes: ArraySlice<UInt8>)] = try #require(IndexFileReader.chunks(postings))
                terms[term] = chunks
            }
        }
        var count = 0
        for entry in entries {
            for (term, chunk) in SearchIndex.chunks(entry) {
                let found = terms[term]?.first { $0.key == entry.key }
                #expect(found.map { Array($0.bytes) } == chunk, "\(term) of \(entry.key)")
                count += 1
            }
        }
        #expect(terms.values.reduce(0) { $0 + $1.count } == count)
    }

    @Test func everyChunkOfRandomPagesIsInItsTermsShard() throws {
        // Terms of every script and of shared prefixes (the shards' order is their bytes'),
        // small shards: each term's postings are found by its place in that order, and each
        // page's chunk must be under its term, and only there.
        let words = [
            "a", "ab", "abc", "b", "ba", "á", "ábaco", "ñandú", "nandu", "z", "zz", "жизнь", "жи", "ёлка", "2", "20", "x1",
            "actividad", "actividades", "pausa", "pausado", "restaurada", "restaurar", "ciclo", "ciclos",
        ]
        let es = SearchLanguage(code: "es")
        var random = SeededRandom(seed: 0x5EED_1D19)
        for _ in 0..<10 {
            let entries = (0..<(1 + random.below(40))).map { number in
                let text = (0..<random.below(30)).map { _ in random.pick(words) }.joined(separator: " ")
                let heading = random.pick(words)
                return SearchEntry(page("p\(random.below(1_000))-\(number)", [("", "", text), ("s", heading, text)]), language: es, stemmer: Stemmer(es))
            }
            let builder = SearchIndexBuilder(lang: "es")
            for entry in entries { builder.add(entry) }
            var files: [(path: String, data: Data)] = []
            let state = try #require(builder.finish(limit: 100 + random.below(400)) { files.append(($0, $1)) })
            #expect(files.count == state.shards + 1)
            expectEveryChunkOnce(entries, in: try shardTerms(files.dropLast()))
        }
    }

    @Test func streamedFilesAreTheCollectedOnes() {
        let es = SearchLanguage(code: "es")
        let entries = (0..<30).map { number in
            SearchEntry(page("k\(number)", [("", "", "pantalla \(number) girada y restaurada")]), language: es, stemmer: Stemmer(es))
        }
        let collected = SearchIndex.index(lang: "es", entries: entries, limit: 300).files
        let builder = SearchIndexBuilder(lang: "es")
        for entry in entries { builder.add(entry) }
        var streamed: [(path: String, data: Data)] = []
        _ = builder.finish(limit: 300) { streamed.append(($0, $1)) }
        #expect(streamed.map(\.path) == collected.map(\.path))
        #expect(streamed.map(\.data) == collected.map(\.data))
        #expect(collected.count > 2)
    }
}

/// The builder sorts its postings into runs past a byte limit, put aside in a nameless file
/// (issue 18: memory must not grow with the pages); the files are those of one run in memory.
@Suite struct IndexBuilderRunTests {
    func entries(_ count: Int, seed: Int) -> [SearchEntry] {
        let es = SearchLanguage(code: "es")
        let words = ["actividad", "pausa", "pantalla", "girada", "restaurada", "proceso", "escena", "ñandú", "vuelve", "interrupción"]
        return (0..<count).map { number in
            // Keys out of order and of different lengths: the postings must follow the keys' order.
            let key = "k\((number * 37 + seed) % count)-\(number % 3 == 0 ? "x" : "")"
            let text = (0..<(number % 9 + 2)).map { words[($0 * 7 + number) % words.count] + " \(number % 11)" }.joined(separator: " ")
            let page = SearchPage(
                key: key, path: "es/\(key)/index.html", title: "Título \(number)",
                sections: [.init(anchor: "", heading: "", text: text), .init(anchor: "s", heading: words[number % words.count], text: text)])
            return SearchEntry(page, language: es, stemmer: Stemmer(es))
        }
    }

    func files(_ builder: SearchIndexBuilder, _ entries: [SearchEntry]) -> (files: [String: Data], state: SearchIndexState?) {
        for entry in entries { builder.add(entry) }
        var files: [String: Data] = [:]
        let state = builder.finish(limit: 500) { files[$0] = $1 }
        return (files, state)
    }

    @Test func runsInAFileMakeTheFilesOfOneRun() throws {
        let folder = try makeTemporaryDirectory("runs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let entries = entries(120, seed: 5)
        let whole = files(SearchIndexBuilder(lang: "es", runLimit: .max), entries)
        let asked = Mutex(0)
        let spilled = files(SearchIndexBuilder(lang: "es", runLimit: 700, spillFolder: { asked.withLock { $0 += 1 }; return folder.path }), entries)
        #expect(whole.files.count > 3)
        #expect(spilled.files == whole.files)
        #expect(spilled.state == whole.state)
        // The folder is asked once, and the file is nameless: nothing is left in it.
        #expect(asked.withLock { $0 } == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func blocksLargerThanTheReadersBufferAreReadWhole() throws {
        let folder = try makeTemporaryDirectory("runs")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every page holds the same words: a run's block per word outgrows the reader's buffer.
        let entries = entries(6000, seed: 3)
        let whole = files(SearchIndexBuilder(lang: "es", runLimit: .max), entries)
        let spilled = files(SearchIndexBuilder(lang: "es", runLimit: RunReader.bufferSize * 6, spillFolder: { folder.path }), entries)
        #expect(spilled.files == whole.files)
        #expect(spilled.state == whole.state)
    }

    @Test func termsOfManyPagesInManyRunsHoldEachChunkInTheOrderOfTheKeys() throws {
        // Words of over a thousand pages each (past the merger's first room for a term's
        // postings), pages filed out of the order of their keys into many runs: each term's
        // chunks are the pages' own (`SearchIndex.chunks`), in the order of the keys.
        let entries = entries(2_500, seed: 7)
        let (files, state) = files(SearchIndexBuilder(lang: "es", runLimit: 40_000), entries)
        #expect(state != nil)
        let terms = try shardTerms(files.filter { $0.key != "search/es/index.js" }.map { ($0.key, $0.value) })
        #expect(terms.values.contains { $0.count > 1_024 })
        for chunks in terms.values { #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.key < $1.key }) }
        expectEveryChunkOnce(entries, in: terms)
    }

    @Test func runsInMemoryMakeTheSameFiles() {
        let entries = entries(90, seed: 11)
        let whole = files(SearchIndexBuilder(lang: "es", runLimit: .max), entries)
        // No folder, or one where no file can be made: the runs stay in memory.
        let memory = files(SearchIndexBuilder(lang: "es", runLimit: 300), entries)
        let nowhere = files(SearchIndexBuilder(lang: "es", runLimit: 300, spillFolder: { "/nonexistent/folder" }), entries)
        #expect(memory.files == whole.files && memory.state == whole.state)
        #expect(nowhere.files == whole.files && nowhere.state == whole.state)
    }
}

/// Each term of the shards `files` with its chunks, as the browser reads them.
func shardTerms(_ files: some Sequence<(path: String, data: Data)>) throws -> [String: [(key: String, bytes: ArraySlice<UInt8>)]] {
    var terms: [String: [(key: String, bytes: ArraySlice<UInt8>)]] = [:]
    for file in files {
        let shard = try #require(IndexFileReader.shard(Array(file.data)))
        for (term, postings) in shard.terms {
            // Bound first: assigned straight to the dictionary's optional value, #require checked nothing.
            let chunks = try #require(IndexFileReader.chunks(postings))
            terms[term] = chunks
        }
    }
    return terms
}

/// Expects each chunk of `entries` (`SearchIndex.chunks`) under its term in `terms`, and
/// nothing else there.
func expectEveryChunkOnce(_ entries: [SearchEntry], in terms: [String: [(key: String, bytes: ArraySlice<UInt8>)]]) {
    var count = 0
    for entry in entries {
        for (term, chunk) in SearchIndex.chunks(entry) {
            #expect(terms[term]?.first { $0.key == entry.key }.map { Array($0.bytes) } == chunk, "\(term) of \(entry.key)")
            count += 1
        }
    }
    #expect(terms.values.reduce(0) { $0 + $1.count } == count)
}
