import Encoding
import Foundation
import Search
import Testing

@Suite struct WordsTests {
    @Test func foldsAccentsButKeepsBulgarianShortI() {
        #expect(Words.fold("Interrupción", SearchLanguage(code: "es")) == "interrupcion")
        #expect(Words.fold("INTERRUPÇÃO", SearchLanguage(code: "pt")) == "interrupcao")
        #expect(Words.fold("Прекъсвания", SearchLanguage(code: "bg")) == "прекъсвания")
        #expect(Words.fold("Край", SearchLanguage(code: "bg")) == "край")
        #expect(Words.fold("ѝ", SearchLanguage(code: "bg")) == "и")
    }

    @Test func splitsOnEverythingButLettersAndDigits() {
        #expect(Words.split("UIApplication.willResignActive(_:) — onPause()").map(String.init)
            == ["UIApplication", "willResignActive", "onPause"])
        #expect(Words.split("API 28: qué pasa").map(String.init) == ["API", "28", "qué", "pasa"])
    }

    @Test func stemsInflectedWordsAlike() throws {
        let spanish = try #require(Stemmer(SearchLanguage(code: "es")))
        #expect(spanish.stem("interrupciones") == spanish.stem("interrupción"))
        let italian = try #require(Stemmer(SearchLanguage(code: "it")))
        #expect(italian.stem("interruzioni") == italian.stem("interruzione"))
        #expect(Stemmer(SearchLanguage(code: "bg")) == nil)
    }
}

@Suite struct BodyTextTests {
    @Test func cutsAtHeadingsAndSkipsDiagramsButtonsAndAnchors() {
        let html = """
            <p>Intro &amp; más</p><h2 id="cu&#225;ndo">Cuándo <a class="heading-anchor" href="#x" aria-label="Enlace">#</a></h2>
            <p>Texto <code>onPause</code>.</p><svg><text>notRunning</text></svg><button>Paso</button>
            <h3 id="b">Otra</h3><p>fin</p>
            """
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
        #expect(page.sections.map(\.anchor) == ["", "cuándo", "b"])
        #expect(page.sections.map(\.heading) == ["", "Cuándo", "Otra"])
        #expect(page.sections.map(\.text) == ["Intro & más", "Texto onPause.", "fin"])
    }
}

@Suite struct SearchIndexTests {
    func page(_ key: String, _ title: String, _ sections: [(String, String, String)]) -> SearchPage {
        SearchPage(key: key, path: "es/\(key)/index.html", title: title, sections: sections.map { .init(anchor: $0.0, heading: $0.1, text: $0.2) })
    }

    @Test func weighsTitlesAndHeadingsAboveText() {
        let es = SearchLanguage(code: "es")
        let entry = SearchEntry(
            page("a", "Interrupciones", [("", "", "una interrupción"), ("x", "Interrupción", "nada")]), language: es, stemmer: Stemmer(es))
        let stem = Words.fold(Stemmer(es)?.stem("interrupciones") ?? "", es)
        #expect(entry.terms[stem] == [0, SearchEntry.Counts.pack(text: 1, heading: 0, title: 1), 1, SearchEntry.Counts.pack(text: 0, heading: 1, title: 0)])
        #expect(SearchEntry.Counts.unpack(SearchEntry.Counts.pack(text: 7, heading: 2, title: 1)) == (7, 2, 1))
        #expect(entry.lengths == [3, 2])
    }

    @Test func cutsWordsOnBytesAsSplitDoes() {
        // Astral letters, combining marks, an emoji and a dash between words: the byte-level
        // tokenizer of `SearchEntry` must find the words `Words.split` finds.
        let bg = SearchLanguage(code: "bg")
        let text = "Прекъсване—ѝ 𝒜𝒜 e\u{301}te 😀emoji x1 Ǆungla ÀB 28"
        let entry = SearchEntry(page("a", "", [("", "", text)]), language: bg, stemmer: nil)
        let expected = Set(Words.split(text).map { Words.fold($0, bg) }.filter { $0.unicodeScalars.count >= 2 })
        #expect(Set(entry.terms.keys) == expected)
        #expect(entry.lengths == [expected.count])
    }

    @Test func aWordStemmedBeforeGivesTheSameEntry() {
        // The stem memo is shared by every page of a language: a page indexed after others
        // must come out as it does alone.
        let es = SearchLanguage(code: "es")
        let first = SearchEntry(page("a", "Interrupciones", [("", "", "las interrupciones interrumpen")]), language: es, stemmer: Stemmer(es))
        let again = SearchEntry(page("a", "Interrupciones", [("", "", "las interrupciones interrumpen")]), language: es, stemmer: Stemmer(es))
        #expect(first == again)
        #expect(first.forms["interrupciones"] != nil)
    }

    @Test func writesPageFilesAsJSONQuoteWould() {
        // The page file is written as bytes; it must be what quoting each string gives.
        let text = "say \"hi\" \\ tab\tline\nreturn\r bell\u{7} ñ 𝒜 </script>"
        let written = SearchIndex.fragment(lang: "es", page: page("k", "T \"q\"", [("", "", text), ("a\u{1}", "H", "x")]))
        let expected = "ldSearch.page(\"es\",\"k\",{\"path\":\"es/k/index.html\",\"title\":" + JSON.quote("T \"q\"")
            + ",\"sections\":[[\"\",\"\"," + JSON.quote(text) + "],[" + JSON.quote("a\u{1}") + ",\"H\",\"x\"]]});\n"
        #expect(String(decoding: written.data, as: UTF8.self) == expected)
    }

    @Test func splitsLargeShardsByLongerPrefixes() throws {
        let bg = SearchLanguage(code: "bg")
        let entries = (0..<400).map { number in
            SearchEntry(page("p\(number)", "Заглавие", [("", "", "прекъсване\(number) прекъсва процес")]), language: bg, stemmer: nil)
        }
        let files = SearchIndex.files(lang: "bg", entries: entries)
        let shardFiles = files.filter { !$0.path.hasSuffix("index.js") }
        #expect(shardFiles.count > 2)
        #expect(shardFiles.allSatisfy { $0.data.count <= SearchIndex.shardLimit * 2 })
        let manifest = try #require(files.first { $0.path == "search/bg/index.js" })
        let text = String(decoding: manifest.data, as: UTF8.self)
        #expect(text.contains("\"pages\":400"))
        // Every shard the manifest names exists, under the hex of its prefix.
        #expect(shardFiles.allSatisfy { file in text.contains(JSON_name(file.path)) })
    }

    /// The prefix a shard file's name encodes.
    func JSON_name(_ path: String) -> String {
        let hex = path.split(separator: "/").last.map { String($0.dropLast(3)) } ?? ""
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return "\"" + String(decoding: bytes, as: UTF8.self) + "\""
    }

    @Test func writesOnlyTheFormsTheBrowserCannotGuess() {
        let es = SearchLanguage(code: "es")
        let entry = SearchEntry(page("a", "T", [("", "", "interrupciones activa")]), language: es, stemmer: Stemmer(es))
        let files = SearchIndex.files(lang: "es", entries: [entry])
        let all = files.map { String(decoding: $0.data, as: UTF8.self) }.joined()
        // "interrupciones" starts with its stem: the browser finds it without an entry.
        #expect(!all.contains("\"interrupciones\":"))
        #expect(all.contains("\"interrupcion\":[[\"a\""))
    }
}

@Suite struct IncrementalIndexTests {
    /// An edit rewrites the shards of the words it removed and added, not the whole index:
    /// the build's sink then replaces only those files.
    @Test func anEditChangesOnlyTheShardsOfItsWords() throws {
        let bg = SearchLanguage(code: "bg")
        func entries(_ edited: String) -> [SearchEntry] {
            (0..<300).map { number in
                let text = number == 7 ? edited : "прекъсване\(number) процес обаждане екран"
                return SearchEntry(
                    SearchPage(key: "p\(number)", path: "bg/p\(number)/index.html", title: "Заглавие", sections: [.init(anchor: "", heading: "", text: text)]),
                    language: bg, stemmer: nil)
            }
        }
        let before = Dictionary(uniqueKeysWithValues: SearchIndex.files(lang: "bg", entries: entries("прекъсване7 процес обаждане екран")).map { ($0.path, $0.data) })
        func changed(_ edited: String) -> [String] {
            let after = Dictionary(uniqueKeysWithValues: SearchIndex.files(lang: "bg", entries: entries(edited)).map { ($0.path, $0.data) })
            return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        }
        #expect(before.count > 4)
        // "екран" → "езеро": one shard holds both.
        #expect(changed("прекъсване7 процес обаждане езеро") == ["search/bg/d0b5.js"])
        // "екран" → "жираф": its shard, the new word's new shard, and the manifest that lists it.
        #expect(changed("прекъсване7 процес обаждане жираф") == ["search/bg/d0b5.js", "search/bg/d0b6.js", "search/bg/index.js"])
    }
}
