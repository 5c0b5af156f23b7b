import Foundation
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
        let state = builder.finish(limit: 400) { files.append(($0, $1)) }
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
