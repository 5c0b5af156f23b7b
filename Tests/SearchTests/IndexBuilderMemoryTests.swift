import Foundation
import Testing

@testable import Search

/// The builder keeps each page's chunk head once and writes the shards one at a time
/// (issue 18): the files must stay what the chunks make.
@Suite struct IndexBuilderMemoryTests {
    func page(_ key: String, _ sections: [(String, String, String)]) -> SearchPage {
        SearchPage(key: key, path: "es/\(key)/index.html", title: "Título \(key)", sections: sections.map { .init(anchor: $0.0, heading: $0.1, text: $0.2) })
    }

    @Test(arguments: [
        [String](),
        ["[\"a\",3,0,1,3]"],
        ["[\"a\",3,0,1,3]", "[\"a\",3,0,2,3]", "[\"a\",3,1,1,5]"],
        // One chunk the start of another: the shared head is the whole first chunk.
        ["[\"a\",3", "[\"a\",3,0,1,3]"],
        ["x", "y"],
    ])
    func theSharedHeadGivesBackEveryChunk(_ chunks: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for chunk in chunks {
            bytes += Array(chunk.utf8)
            ends.append(bytes.count)
        }
        let (compact, compactEnds, head) = SearchIndexBuilder.withSharedHeadOnce(bytes, ends)
        var start = head
        var rebuilt: [String] = []
        for end in compactEnds {
            rebuilt.append(String(decoding: compact[0..<head] + compact[start..<end], as: UTF8.self))
            start = end
        }
        #expect(rebuilt == chunks)
        if chunks.count > 1 { #expect(compact.count == bytes.count - head * (chunks.count - 1)) }
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
            for (term, postings) in shard.terms { terms[term] = try #require(IndexFileReader.chunks(postings)) }
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
