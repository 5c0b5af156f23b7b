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
