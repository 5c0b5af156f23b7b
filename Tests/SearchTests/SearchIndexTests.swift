import Encoding
import Foundation
@testable import Search
import Testing
import TestSupport

/// The folding tables and the word-scalar bits are written out (`FoldingTables`) rather than
/// computed by every process: each must be exactly what its computation gives.
@Suite struct FoldingTableTests {
    @Test(arguments: [(FoldingTables.stripping, Set<UInt32>()), (FoldingTables.keeping, SearchLanguage(code: "bg").keptMarks)])
    func aWrittenTableIsTheComputedOne(written: String, keptMarks: Set<UInt32>) {
        // One piece per scalar of the ranges, no more, no fewer.
        let pieces = written.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        #expect(pieces.count == Words.foldedRanges.reduce(0) { $0 + $1.count })
        let table = Words.table(written: written)
        let computed = Words.makeTable(keptMarks: keptMarks)
        #expect(table.count > 1_000)
        #expect(table == computed)
        // Laid out by scalar, the table holds the same foldings, and nothing else.
        #expect(FoldTable(written: written).dictionary == computed)
    }

    @Test func theTablesInUseAreTheWrittenOnes() {
        #expect(Words.strippingTable.dictionary == Words.table(written: FoldingTables.stripping))
        #expect(Words.keepingTable.dictionary == Words.table(written: FoldingTables.keeping))
        #expect(Words.strippingTable.dictionary[0xE9] == "e" && Words.keepingTable.dictionary[0x439] == "й")
    }

    @Test func theWrittenWordScalarBitsAreTheComputedOnes() {
        #expect(FoldingTables.bmp == WordScalars.bits(0x80..<WordScalars.split))
        #expect(WordScalars.bmp == FoldingTables.bmp)
    }
}

@Suite struct WordsTests {
    @Test func foldsAccentsButKeepsBulgarianShortI() {
        #expect(Words.fold("Interrupción", SearchLanguage(code: "es")) == "interrupcion")
        #expect(Words.fold("INTERRUPÇÃO", SearchLanguage(code: "pt")) == "interrupcao")
        #expect(Words.fold("Прекъсвания", SearchLanguage(code: "bg")) == "прекъсвания")
        #expect(Words.fold("Край", SearchLanguage(code: "bg")) == "край")
        #expect(Words.fold("ѝ", SearchLanguage(code: "bg")) == "и")
    }

    /// The tokenizer's bit tables (the part below U+3000 made first, the rest when a page needs it)
    /// say what `isWordScalar` says for every scalar of the plane, at both ends of each part.
    @Test func theWordScalarTablesAgreeWithTheUnicodeProperties() {
        WordScalars.bmp.withUnsafeBufferPointer { bits in
            for value in UInt32(0x80)..<0x10000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if WordScalars.isWord(value, bits) != Words.isWordScalar(scalar) {
                    Issue.record("U+\(String(value, radix: 16)) is classified differently")
                    return
                }
            }
            #expect(WordScalars.isWord(0x2FFF, bits) == Words.isWordScalar(Unicode.Scalar(0x2FFF)!))
            #expect(WordScalars.isWord(0x3041, bits), "ぁ, in the part made on demand")
            #expect(WordScalars.isWord(0xE9, bits), "é")
            #expect(!WordScalars.isWord(0x2014, bits), "an em dash")
            #expect(WordScalars.isWord(0x1F600, bits) == false, "an emoji, past the plane")
        }
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

    @Test func readsTheHeadingsIdAmongItsAttributes() {
        let html = #"<h2 data-id="no" class="x" id="sí">A</h2><p>a</p><h3 id="">B</h3><p>b</p><h2 class="y">C</h2><p>c</p>"#
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
        #expect(page.sections.map(\.anchor) == ["", "sí", ""])
        #expect(page.sections.map(\.heading) == ["", "A", "B"])
        #expect(page.sections.map(\.text) == ["", "a", "b C c"])
    }
}

extension BodyTextTests {
    /// The kind of a lowercased tag name, from the sets and the names the tag loop knows.
    static func expectedKind(_ lower: String) -> BodyText.Kind {
        switch lower {
        case "h2", "h3": .section
        case "a": .anchor
        case "table": .table
        case "tr": .row
        case "td", "th": .cell
        default: BodyText.skipped.contains(lower) ? .skipped : BodyText.blocks.contains(lower) ? .block : .other
        }
    }

    @Test func endsATagAtItsFirstClosingBracketWhereverTheNameEnds() {
        // Empty and bare names, end tags, a `>` inside an attribute's value (the tag ends there,
        // as it always did), line breaks and nothing between tags, self-closed tags.
        let cases = [
            ("a<>b", "ab"), ("a</>b", "ab"), ("a<p>b", "a b"), ("<p>a</p>\n<p>b</p>\n\n<p>c</p>", "a b c"),
            ("<td>1</td><td>2</td>", "1 · 2"), (#"x<a title="1>2">y</a>z"#, #"x2">yz"#), (#"<br/>x<img src="a"/>y"#, "xy"),
            ("<span>a</span><span>b</span>\n<span> c</span>", "ab c"), ("<P\n>a</P\n>b", "a b"),
        ]
        for (html, text) in cases {
            let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
            #expect(page.sections.map(\.text) == [text], "\(html)")
        }
    }

    @Test func readsTagNamesOfAnyCaseAndLengthAsTheSetsSayIgnoringCase() {
        let names = ["p", "P", "figcaption", "FigCaption", "figcaptions", "svg", "SVG", "h2", "H3", "h2x", "a", "A", "a1", "", "blockquotes", "td", "x"]
        for name in names {
            let lower = name.lowercased()
            let bytes = Array(name.utf8)
            bytes.withUnsafeBufferPointer { #expect(BodyText.kind(of: $0[...]) == Self.expectedKind(lower), "\(name)") }
        }
        // The same names read in the tag loop: blocks break words, longer names do not, a
        // skipped element of any case is skipped to its end tag as written.
        let html = #"<P>a</P><BLOCKQUOTE>b</BLOCKQUOTE><blockquotes>c</blockquotes><SVG>x</SVG><svgx>y</svgx><FIGCAPTION>d</FIGCAPTION>e<h2x>f</h2x><H2 id="q">Q</H2>g"#
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
        #expect(page.sections.map(\.anchor) == ["", "q"])
        #expect(page.sections.map(\.heading) == ["", "Q"])
        #expect(page.sections.map(\.text) == ["a b cy d ef", "g"])
    }

    @Test func decodesEntitiesOnBytesAsDecodeEntitiesDoes() {
        // Named, decimal and hex entities; white space ones count as a space; unknown or broken
        // ones stay as written.
        let samples = [
            "a &quot;b&quot; c&#39;s &amp; &lt;d&gt; &apos;e&apos;", "x&nbsp;y", "x&#10;y", "&#x41;&#X42;&#67;", "caf&#xe9; &#1073;",
            "&foo; &#; &#x; &#xZZ; &#99999999; &amp", "&#x1F600;", "end &",
        ]
        for sample in samples {
            #expect(BodyText.clean(Array(sample.utf8)) == BodyText.squeeze(BodyText.decodeEntities(sample)), "\(sample)")
        }
        #expect(BodyText.clean(Array("a&nbsp;&nbsp; b&#10;".utf8)) == "a b")
        #expect(BodyText.clean(Array("&#x41;&#66;".utf8)) == "AB")
    }

    @Test func cleansLongMixedTextAsSqueezingDoes() {
        // Text long enough to be read eight bytes at a time, with white space, entities and
        // signs below `'` at every offset: what is copied at once must be what squeezing keeps.
        let pieces = ["a", "bc", "defghij", " ", "  ", "\t", "\n", "!", "$", "&amp;", "&#10;", "&nbsp;", "ñ", "\"", "'", "(", "ж"]
        var random = SeededRandom(seed: 0x2545_F491_4F6C_DD1D)
        for _ in 0..<400 {
            var sample = ""
            for _ in 0..<40 { sample += random.pick(pieces) }
            #expect(BodyText.clean(Array(sample.utf8)) == BodyText.squeeze(BodyText.decodeEntities(sample)), "\(sample)")
        }
    }

    @Test func keepsSingleSpacesInsideRunsAndSqueezesTheRest() {
        // Runs of words with one space between them are copied whole; every other white space,
        // or a space before punctuation below `'`, still goes through the squeezing.
        let samples = [
            "uno dos tres", "  uno  dos\ttres\n", "a \"b\" c", "x !y #z", "fin. ", " a", "a b&amp;c d",
            "один два  три", "a\u{0C}b", "a \r\nb",
        ]
        for sample in samples {
            #expect(BodyText.clean(Array(sample.utf8)) == BodyText.squeeze(BodyText.decodeEntities(sample)), "\(sample)")
        }
    }

    @Test func skipsNestedAndSelfClosedElementsOfTheSkippedName() {
        // The skipped element ends at its own end tag: one of the same name nested inside
        // counts, a self-closed one does not, and a longer name that starts alike is not it.
        let html = """
            <p>antes</p><svg><g><svg><text>dentro</text></svg><svg/></g><svgx>no</svgx></svg><p>después</p>\
            <button type="button"><span>Paso</span></button><p>fin <code>a</code></p>
            """
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
        #expect(page.sections.map(\.text) == ["antes después fin a"])
        // An element that is never closed hides the rest of the page, as before.
        let open = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: "<p>uno</p><svg><p>dos</p>")
        #expect(open.sections.map(\.text) == ["uno"])
    }

    @Test func leavesOutElementsMarkedDataSearchIgnore() {
        // The element and all it holds, nested elements of its name counted; the attribute in
        // another's value, or a longer name, marks nothing.
        let html = """
            <p>antes</p><div class="example-layout" data-search-ignore><table><tr><td>traza</td></tr></table>\
            <div>anidado</div></div><p>después</p><span class="l" data-search-ignore>Ejemplo · <span>App</span></span>\
            <h2 id="s">Sección</h2><details
            data-search-ignore=""><summary>Ver</summary>respuesta</details>\
            <span title="data-search-ignore">uno</span> <span data-search-ignored>dos</span> \
            <span title='x data-search-ignore'>tres</span> <b data-x=data-search-ignore>cuatro</b>
            """
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "T", bodyHTML: html)
        #expect(page.sections.map(\.text) == ["antes después", "uno dos tres cuatro"])
        #expect(page.sections.map(\.heading) == ["", "Sección"])
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

    @Test func cutsEveryByteAsSplitDoes() {
        // Each byte between two letters (ASCII through the scanner's table, the rest decoded):
        // one word or two, as `Words.split` says.
        let es = SearchLanguage(code: "es")
        for value in UInt32(1)..<0x250 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "ab" + String(Character(scalar)) + "cd"
            let entry = SearchEntry(page("k", "", [("", "", text)]), language: es, stemmer: nil)
            let expected = Words.split(text).map { Words.fold($0, es) }.filter { $0.unicodeScalars.count >= 2 }
            #expect(Set(entry.terms.keys) == Set(expected), "U+\(String(value, radix: 16))")
        }
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

    @Test func scansWordsAndTheirHashesAsSplitAndHashDo() {
        // Random texts of ASCII words (short ones are cut from one load), Cyrillic runs (passed
        // four letters at a time), accents, marks, CJK, emoji and separators, each text also
        // cut short so that words end at or near the end of the buffer: the scanner must hand
        // over the words `Words.split` finds, each with the hash of its bytes alone.
        var random = SeededRandom(seed: 0x1234_5678_9ABC_DEF1)
        let pieces = [
            "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "Interrupciones", "x1", "28", "qué", "acción", "ñandú", "Привет",
            "прекъсване", "ѝ", "Ѐя", "ѿ", "abcПри", "При123", "e\u{301}", "漢字", "😀", "𝒜", "Ǆ",
        ]
        let separators = [" ", ", ", ".", "—", "\u{A0}", "«", "»", "(", "\n", "&", "҂", "·"]
        struct Collected: WordSink {
            var words: [(word: String, hash: UInt64)] = []
            mutating func word(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ hash: UInt64) {
                words.append((String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self), hash))
            }
        }
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<(1 + random.below(12)) {
                text += pieces[random.below(pieces.count)]
                if random.below(4) > 0 { text += separators[random.below(separators.count)] }
            }
            let bytes = Array(text.utf8)
            for cut in Set([bytes.count, max(0, bytes.count - 1 - random.below(9))]) {
                var end = cut
                while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                let piece = Array(bytes[..<end])
                var sink = Collected()
                piece.withUnsafeBufferPointer { Words.scan($0, into: &sink) }
                let expected = Words.split(String(decoding: piece, as: UTF8.self)).map { word in
                    (String(word), Array(word.utf8).withUnsafeBufferPointer { ByteTable.hash($0.baseAddress!, 0, $0.count, $0.count) })
                }
                #expect(sink.words.map(\.word) == expected.map(\.0), "\(String(decoding: piece, as: UTF8.self))")
                #expect(sink.words.map(\.hash) == expected.map(\.1), "\(String(decoding: piece, as: UTF8.self))")
            }
        }
        // The Cyrillic fast path takes every scalar of U+0400–U+047F as a word scalar: each is one.
        for value in UInt32(0x400)..<0x480 { #expect(Words.isWordScalar(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))") }
    }

    @Test func writesBytesThroughScratchAsAppendsToAnArrayDo() {
        // Bytes, words (least significant byte first) and pieces of every length up to 40, into
        // a scratch of 16 bytes that grows, moved out at random points: the array must hold what
        // appending each byte to it gives.
        var random = SeededRandom(seed: 0xDEAD_BEEF_0BAD_F00D)
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var scratch = ByteScratch(capacity: 1)
        var moved: [UInt8] = [9, 9]
        var expected: [UInt8] = [9, 9]
        func bytes(of value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        for _ in 0..<3_000 {
            let value = UInt32(truncatingIfNeeded: random.below(Int(Int32.max)) &* 3)
            switch random.below(5) {
            case 0:
                scratch.append(byte: UInt8(truncatingIfNeeded: value))
                expected.append(UInt8(truncatingIfNeeded: value))
            case 1:
                scratch.appendWord(value)
                expected += bytes(of: value)
            case 2:
                let second = value ^ 0x8765_4321
                scratch.appendWords(value, second)
                expected += bytes(of: value) + bytes(of: second)
            case 3:
                let (start, length) = (random.below(20), random.below(41))
                source.withUnsafeBufferPointer { scratch.append($0.baseAddress! + start, count: length) }
                expected += source[start..<(start + length)]
            default:
                if random.below(8) == 0 {
                    scratch.move(to: &moved)
                    #expect(scratch.count == 0)
                }
            }
        }
        scratch.move(to: &moved)
        #expect(moved == expected)
        // Words read back at every offset, as the bytes compose them.
        for index in 0...(moved.count - 4) {
            let composed = (0..<4).reduce(UInt32(0)) { $0 | UInt32(moved[index + $1]) << UInt32(8 * $1) }
            #expect(moved.word(at: index) == composed, "offset \(index)")
        }
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

    @Test func indexesPagesAsSplittingFoldingAndStemmingWordByWordDoes() {
        // Seeded pages (accented, decomposed, Cyrillic, digits, one-letter words, stems shorter
        // than two letters) indexed one after another, so the page counters and tables are
        // reused: each entry must be what the words give taken one by one with dictionaries.
        var random = SeededRandom(seed: 0xDA94_2042_E4DD_58B5)
        func next(_ bound: Int) -> Int { random.below(bound) }
        let vocabulary = [
            "a", "y", "é", "e\u{301}", "interrupciones", "interrupción", "Interrumpen", "niño", "nin\u{303}os", "ва", "прекъсване",
            "Прекъсвания", "й", "x1", "28", "as", "es", "casas", "casa", "ÀB", "über", "naïve", "naı\u{308}ve", "canción", "CANCIONES",
        ]
        for code in ["es", "bg", "de"] {
            let language = SearchLanguage(code: code)
            let stemmer = Stemmer(language)
            for number in 0..<30 {
                func text(_ count: Int) -> String {
                    (0..<count).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: [" ", ", ", " — ", "-"][next(4)])
                }
                let sections = (0..<(1 + next(4))).map { index in
                    (index == 0 ? "" : "h\(index)", index == 0 ? "" : text(next(4)), text(next(number % 7 == 0 ? 3_000 : 60)))
                }
                let indexed = page("p\(number)", text(1 + next(3)), sections)
                let entry = SearchEntry(indexed, language: language, stemmer: stemmer)

                var lengths = [Int](repeating: 0, count: sections.count)
                var counts: [String: [Int: [Int]]] = [:]
                var forms: [String: String] = [:]
                for (section, (_, heading, body)) in sections.enumerated() {
                    let fields = [body, heading] + (section == 0 ? [indexed.title] : [])
                    for (field, source) in fields.enumerated() {
                        for written in Words.split(source) {
                            let folded = Words.fold(written, language)
                            guard folded.unicodeScalars.count >= 2 else { continue }
                            lengths[section] += 1
                            var term = folded
                            if let stemmer {
                                term = Words.trimmedStem(Words.fold(stemmer.stem(String(written).lowercased()), language))
                                if term != folded { forms[folded] = term }
                            }
                            guard term.unicodeScalars.count >= 2 else { continue }
                            counts[term, default: [:]][section, default: [0, 0, 0]][field] += 1
                        }
                    }
                }
                let terms = counts.mapValues { bySection in
                    bySection.keys.sorted().flatMap { section -> [Int] in
                        let sums = bySection[section] ?? []
                        return [section, SearchEntry.Counts.pack(text: sums[0], heading: sums[1], title: sums[2])]
                    }
                }
                #expect(entry.terms == terms, "\(code) page \(number)")
                #expect(entry.forms == forms, "\(code) page \(number)")
                #expect(entry.lengths == lengths.map { max($0, 1) }, "\(code) page \(number)")
            }
        }
    }

    @Test func ordersTermsAndFormsAsTheyFirstOccur() {
        // The order of an entry's terms and forms is the order of its chunks in the index's
        // files: each term and each form where its first word first occurs (sections in order;
        // in each, its text, its heading, then the title), one-letter words and terms left out.
        // Seeded pages of accented (composed and decomposed), Cyrillic and Latin words, one page
        // after another so the scratch tables are reused.
        var random = SeededRandom(seed: searchTestSeed(0xDA94_2042_E4DD_0001))
        let vocabulary = [
            "a", "é", "e\u{301}s", "interrupciones", "interrupción", "Interrumpen", "niño", "nin\u{303}os", "ва", "прекъсване",
            "Прекъсвания", "й", "x1", "28", "casas", "casa", "über", "naïve", "naı\u{308}ve", "canción", "CANCIONES", "estado", "estados",
        ]
        for code in ["es", "bg", "de"] {
            let language = SearchLanguage(code: code)
            let stemmer = Stemmer(language)
            for number in 0..<40 {
                func text(_ count: Int) -> String { (0..<count).map { _ in random.pick(vocabulary) }.joined(separator: " ") }
                let sections = (0..<(1 + random.below(4))).map { index in
                    (index == 0 ? "" : "h\(index)", index == 0 ? "" : text(random.below(4)), text(random.below(80)))
                }
                let indexed = page("p\(number)", text(1 + random.below(3)), sections)
                let entry = SearchEntry(indexed, language: language, stemmer: stemmer)
                var terms: [String] = []
                var forms: [SearchEntry.Form] = []
                for (section, (_, heading, body)) in sections.enumerated() {
                    for source in [body, heading] + (section == 0 ? [indexed.title] : []) {
                        for written in Words.split(source) {
                            let folded = Words.fold(written, language)
                            guard folded.unicodeScalars.count >= 2 else { continue }
                            var term = folded
                            if let stemmer {
                                term = Words.trimmedStem(Words.fold(stemmer.stem(String(written).lowercased()), language))
                                if term != folded && !forms.contains(where: { $0.folded == folded }) {
                                    forms.append(SearchEntry.Form(folded: folded, stem: term))
                                }
                            }
                            if term.unicodeScalars.count >= 2 && !terms.contains(term) { terms.append(term) }
                        }
                    }
                }
                #expect(entry.termList.map(\.name) == terms, "\(code) page \(number)")
                #expect(entry.formList == forms, "\(code) page \(number)")
            }
        }
    }

    @Test func writesPageFilesAsJSONQuoteWould() {
        // The page file is written as bytes; it must be what quoting each string gives.
        let text = "say \"hi\" \\ tab\tline\nreturn\r bell\u{7} ñ 𝒜 </script>"
        let written = SearchIndex.fragment(lang: "es", page: page("k", "T \"q\"", [("", "", text), ("a\u{1}", "H", "x")]))
        let expected = "ldSearch.page(\"es\",\"k\",{\"path\":\"es/k/index.html\",\"title\":" + JSON.quote("T \"q\"")
            + ",\"sections\":[[\"\",\"\"," + JSON.quote(text) + "],[" + JSON.quote("a\u{1}") + ",\"H\",\"x\"]]});\n"
        #expect(String(decoding: written.data, as: UTF8.self) == expected)
    }

    @Test func quotesEightBytesAtATimeAsJSONQuoteWould() {
        // Each byte that needs escaping (and the nearest that do not) at every offset of a
        // run longer than the eight bytes checked at once, before, across and after them.
        for special in ["\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", " ", "!", "#", "[", "]", "ñ", "𝒜"] {
            for offset in 0..<20 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 19 - offset)
                var out = JSONBytes()
                out.quoted(text)
                #expect(String(decoding: out.bytes, as: UTF8.self) == JSON.quote(text), "\(special.unicodeScalars.map(\.value)) at \(offset)")
            }
        }
    }

    @Test func quotesRandomTextsAsJSONQuoteWould() {
        // Random texts of letters (ASCII, accented, decomposed, Cyrillic, astral), spaces and
        // the bytes JSON escapes, long and short, so that each escape falls at every place of
        // the sixteen bytes tested at once and of the shorter tail tested byte by byte.
        let pieces = [
            "a", "word", "interrupciones", "ñandú", "e\u{301}", "Привет", "прекъсване", "𝒜", " ", "  ", "\"", "\\", "\n", "\t",
            "\r", "\u{1}", "\u{1F}", "\u{7F}", "!", "#", "]", "\u{A0}",
        ]
        var random = SeededRandom(seed: 0x5EED_0013)
        for _ in 0..<2_000 {
            let text = (0..<random.below(40)).map { _ in pieces[random.below(pieces.count)] }.joined()
            var out = JSONBytes()
            out.quoted(text)
            #expect(String(decoding: out.bytes, as: UTF8.self) == JSON.quote(text), "\(Array(text.utf8))")
        }
    }

    @Test func growsAndHandsItsBytesToDataAsAnArrayWould() {
        // Random appends of every kind into storage that starts small and grows, against the
        // same bytes appended to an array: what `bytes`, `withBytes` and the `Data` of `data()`
        // hold (the `Data` takes the storage, uncopied).
        let texts = ["", "a", "word \"q\"", "ñandú\n", "𝒜\u{1}", String(repeating: "long text ", count: 40)]
        var random = SeededRandom(seed: 0x5EED_0019)
        for _ in 0..<500 {
            var out = JSONBytes(capacity: random.below(40))
            var expected: [UInt8] = []
            for _ in 0..<random.below(120) {
                switch random.below(7) {
                case 0:
                    let value = UInt8(random.below(256))
                    out.byte(value)
                    expected.append(value)
                case 1:
                    out.raw(",{\"t\":{")
                    expected += Array(",{\"t\":{".utf8)
                case 2:
                    let bytes = (0..<random.below(300)).map { _ in UInt8(random.below(256)) }
                    out.raw(bytes)
                    expected += bytes
                case 3:
                    let bytes = (0..<random.below(30)).map { _ in UInt8(random.below(256)) }
                    let start = random.below(bytes.count + 1)
                    out.raw(bytes[start...])
                    expected += bytes[start...]
                case 4:
                    let bytes = (0..<random.below(30)).map { _ in UInt8(random.below(256)) }
                    bytes.withUnsafeBufferPointer { out.append($0) }
                    expected += bytes
                case 5:
                    let value = random.below(2) == 0 ? random.below(1_000) : Int(truncatingIfNeeded: random.next())
                    out.int(value)
                    expected += Array(String(value).utf8)
                default:
                    let text = random.pick(texts)
                    out.quoted(text)
                    expected += Array(JSON.quote(text).utf8)
                }
            }
            #expect(out.count == expected.count)
            #expect(out.bytes == expected)
            #expect(out.withBytes { Array($0) } == expected)
            #expect(out.data() == Data(expected))
        }
    }

    @Test func findsTheBytesToEscapeEightAtATimeAsOneByOne() {
        // Every lane of random words, with bytes near the limits (0x1F, 0x20, quote and
        // backslash and their neighbours, 0x7F, 0x80, 0xA2, 0xDC, 0xFF) over-represented.
        let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        var random = SeededRandom(seed: 0x5EED_0014)
        for _ in 0..<20_000 {
            let lanes = (0..<8).map { _ in random.below(2) == 0 ? edges[random.below(edges.count)] : UInt8(random.below(256)) }
            let word = lanes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            var expected: UInt64 = 0
            for (lane, byte) in lanes.enumerated() where JSONBytes.needsEscape(byte) { expected |= 0x80 << UInt64(8 * lane) }
            #expect(JSONBytes.escapeLanes(word) == expected, "\(lanes)")
        }
    }

    @Test func writesNumbersAsStringIntDoes() {
        var values = Array(-12...12) + [99, 100, 101, 999, 1000, 1001, 9999, 10_000, 10_001, 99_999, 123_456_789, Int.max, Int.min]
        values += (1...18).map { Int(pow(10.0, Double($0))) - 1 }
        for value in values {
            var out = JSONBytes()
            out.int(value)
            #expect(String(decoding: out.bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func writesPostingsDigitsAsStringIntDoes() {
        var values = Array(-3...1_234) + [9_999, 10_000, 99_999, 100_000, 100_001, 1_000_000, Int.max]
        values += (0..<200).map { $0 * 7_919 + 1_001 }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: DecimalDigits.maxCount)
        defer { buffer.deallocate() }
        for value in values {
            let count = DecimalDigits.write(value, into: buffer)
            #expect(String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self) == String(max(value, 0)), "\(value)")
        }
    }

    @Test func writesDecimalsThroughAPointerAsStringIntDoes() {
        var values = Array(0...12) + [99, 100, 101, 999, 1000, 1001, 9999, 10_000, 99_999, 100_001, 123_456_789, Int.max]
        values += (1...18).map { Int(pow(10.0, Double($0))) - 1 } + (1...18).map { Int(pow(10.0, Double($0))) }
        var buffer = [UInt8](repeating: 0, count: DecimalDigits.maxCount + 4)
        for value in values {
            let count = buffer.withUnsafeMutableBufferPointer { DecimalDigits.write(value, into: $0.baseAddress! + 2) }
            #expect(count <= DecimalDigits.maxCount)
            #expect(String(decoding: buffer[2..<(2 + count)], as: UTF8.self) == String(value))
        }
    }

    @Test func hashesAWordAlikeWhereverItLies() {
        // A word at the end of its buffer is read byte by byte, one inside it with an
        // eight-byte load masked to its length: both must give the same hash, so a page's
        // words find the memo's.
        for length in 1...24 {
            let word = Array("interrupciones-ñandú-€-wörter".utf8.prefix(length))
            let alone = word.withUnsafeBufferPointer { ByteTable.hash($0.baseAddress!, 0, length, length) }
            let inside = (Array("xy".utf8) + word + Array(" tail bytes".utf8)).withUnsafeBufferPointer {
                ByteTable.hash($0.baseAddress!, 2, 2 + length, $0.count)
            }
            #expect(alone == inside, "length \(length)")
            var table = ByteTable()
            let first = word.withUnsafeBufferPointer { table.number($0, 0, length, hash: alone) }
            let again = (Array("xy".utf8) + word + Array(" tail".utf8)).withUnsafeBufferPointer { table.number($0, 2, 2 + length, hash: inside) }
            #expect(first == again)
        }
        // Words that differ only past their eighth byte, or in length, hash apart.
        let hashes = ["interrupt", "interrupx", "interrup", "interrupts"].map { word in
            Array(word.utf8).withUnsafeBufferPointer { ByteTable.hash($0.baseAddress!, 0, $0.count, $0.count) }
        }
        #expect(Set(hashes).count == 4)
    }

    @Test func tellsEightASCIIWordBytesAtOnceAsOneByOne() {
        // Every byte value in every lane, the other lanes a letter, a digit, a space or a high byte.
        for filler: UInt8 in [0x61, 0x39, 0x20, 0xC3] {
            for lane in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[lane] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    let lanes = Words.asciiWordLanes(word)
                    for index in 0..<8 {
                        let isWord = lanes >> UInt64(8 * index + 7) & 1 == 1
                        #expect(isWord == Words.isASCIIWordByte(bytes[index]), "byte \(bytes[index]) in lane \(index)")
                    }
                    #expect(lanes & ~Words.laneHighs == 0)
                }
            }
        }
    }

    @Test func comparesWordsOfEveryLengthAsByteByByte() {
        // Two words of 0 to 40 bytes, equal or differing in one byte at any offset (the two
        // loads of 8 to 16 bytes overlap: a difference in either half, or in both, must show).
        var random = SeededRandom(seed: 0x5A3E_B7E5_0000_0016)
        for _ in 0..<5000 {
            let length = random.below(41)
            let a = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.below(4) + 0x61) }
            var b = a
            if length > 0 && random.below(3) != 0 { b[random.below(length)] ^= UInt8(truncatingIfNeeded: 1 + random.below(255)) }
            let same = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in ByteTable.same(a.baseAddress ?? UnsafePointer(bitPattern: 1)!, b.baseAddress ?? UnsafePointer(bitPattern: 1)!, length) }
            }
            #expect(same == (a == b), "\(a) \(b)")
        }
    }

    @Test func countsAPageWordsAsADictionaryWould() {
        // Words of 1 to 14 bytes (ASCII and Cyrillic: the probe compares bytes past eight only),
        // more distinct ones than the counter's first room (1,024), with a size hint too small,
        // so every buffer grows; each section's words in one field.
        var random = SeededRandom(seed: 0x2545_F491_4F6C_DD1D)
        let letters = Array("abcdefghxyz".unicodeScalars) + Array("пжшщюя".unicodeScalars)
        let vocabulary = (0..<1_500).map { _ in String(String.UnicodeScalarView((0..<(1 + random.below(9))).map { _ in letters[random.below(letters.count)] })) }
        let sections = (0..<7).map { _ in (0..<(300 + random.below(900))).map { _ in vocabulary[random.below(random.below(2) == 0 ? 40 : vocabulary.count)] } }
        var counter = PageCounter(bytes: 16)
        var order: [String] = []
        var seen: Set<String> = []
        var expected: [String: [Int: [Int32]]] = [:]
        for (number, words) in sections.enumerated() {
            let field = number % 3
            for word in words {
                if seen.insert(word).inserted { order.append(word) }
                expected[word, default: [:]][number, default: [0, 0, 0]][field] += 1
            }
            var text = words.joined(separator: number % 2 == 0 ? " " : ", ")
            text.withUTF8 { counter.add($0, field: field) }
            counter.endSection()
        }
        let numbered = (0..<counter.count).map { String(decoding: counter.word($0).bytes, as: UTF8.self) }
        #expect(numbered == order)
        #expect(counter.records.count == expected.values.reduce(0) { $0 + $1.count })
        for record in counter.records {
            let counts = expected[numbered[Int(record.word)]]?[Int(record.section)]
            #expect(counts == [record.text, record.heading, record.title], "\(numbered[Int(record.word)]) in section \(record.section)")
        }
        // Sections in order, each word once per section.
        #expect(zip(counter.records, counter.records.dropFirst()).allSatisfy { $0.section < $1.section || ($0.section == $1.section && $0.word != $1.word) })
    }

    @Test func thePoolKeepsTheCountersOfUsualPagesAndDropsThoseGrownPastItsCaps() {
        let pool = PageCounterPool()
        let usual = pool.take(bytes: 40_000)
        usual.counter.add("una página de tamaño corriente", field: 0)
        pool.give(usual)
        #expect(pool.take(bytes: 40_000) === usual)
        // Text past the arena's cap.
        let long = pool.take(bytes: PageCounter.keptArenaBytes + 1)
        pool.give(long)
        #expect(pool.take(bytes: 100) !== long)
        // More distinct words than the cap: the counter's tables grew past it.
        let wordy = pool.take(bytes: 100)
        wordy.counter.add((0...PageCounter.keptWords).map { "w\($0)" }.joined(separator: " "), field: 0)
        wordy.counter.endSection()
        pool.give(wordy)
        #expect(pool.take(bytes: 100) !== wordy)
    }

    @Test func aResetCounterCountsAsAFreshOne() {
        // Pages of words in Latin, accented Latin (composed and decomposed), Cyrillic and digits,
        // short and long, counted by one counter reset between pages (as `PageCounterPool`
        // hands it on) and by a fresh counter each: the same words, hashes and records. Some
        // pages leave their last section open, so the reset must drop its records too.
        var random = SeededRandom(seed: 0x5851_F42D_4C95_7F2D)
        func next(_ bound: Int) -> Int { random.below(bound) }
        let pieces = ["a", "b", "z", "é", "e\u{301}", "ñ", "ж", "щ", "я", "7", "0", "ü"]
        func word() -> String { (0..<(1 + next(next(4) == 0 ? 20 : 6))).map { _ in pieces[next(pieces.count)] }.joined() }
        func counted(_ counter: borrowing PageCounter) -> (words: [[UInt8]], hashes: [UInt64], records: [[Int]]) {
            let words = (0..<counter.count).map { Array(counter.word($0).bytes) }
            let hashes = (0..<counter.count).map { counter.word($0).hash }
            let records = counter.records.map { [Int($0.word), Int($0.section), Int($0.text), Int($0.heading), Int($0.title)] }
            return (words, hashes, records)
        }
        var reused = PageCounter(bytes: 16)
        for page in 0..<40 {
            // Up to 3,000 distinct words: past the first room of 1,024, so both counters grow.
            let vocabulary = (0..<(1 + next(page % 5 == 0 ? 3_000 : 300))).map { _ in word() }
            let sections = (0..<(1 + next(5))).map { _ in
                (0..<next(2_500)).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: next(2) == 0 ? " " : ", ")
            }
            let leftOpen = next(3) == 0
            let bytes = sections.reduce(0) { $0 + $1.utf8.count }
            var fresh = PageCounter(bytes: bytes)
            reused.reset(bytes: bytes)
            for (number, text) in sections.enumerated() {
                let field = next(3)
                fresh.add(text, field: field)
                reused.add(text, field: field)
                if number < sections.count - 1 || !leftOpen {
                    fresh.endSection()
                    reused.endSection()
                }
            }
            let (expected, got) = (counted(fresh), counted(reused))
            #expect(got.words == expected.words, "page \(page)")
            #expect(got.hashes == expected.hashes, "page \(page)")
            #expect(got.records == expected.records, "page \(page)")
        }
    }

    @Test func aMemoFoldsAndStemsEachWordOnceWhenPagesComeOnSeveralThreads() {
        // Pages that share most of their words (Latin, accented, decomposed, Cyrillic, digits)
        // resolved at once on several threads, each with its own stemmer as a build has: every
        // distinct word is folded and stemmed exactly once, and a word has one entry whichever
        // page met it first.
        var random = SeededRandom(seed: 0x2127_599B_F432_5C37)
        let pieces = ["a", "b", "z", "é", "e\u{301}", "ñ", "ж", "щ", "я", "7", "ü"]
        let vocabulary = (0..<600).map { _ in (0..<(1 + random.below(random.below(4) == 0 ? 14 : 5))).map { _ in pieces[random.below(pieces.count)] }.joined() }
        let pages = (0..<48).map { _ in (0..<(1 + random.below(400))).map { _ in vocabulary[random.below(vocabulary.count)] }.joined(separator: " ") }
        let memo = TermMemo()
        let language = SearchLanguage(code: "es")
        let lock = NSLock()
        // By bytes: "é" and "e\u{301}" are equal Strings but two words to the memo.
        nonisolated(unsafe) var entries: [[UInt8]: [MemoWord]] = [:]
        let stemmed = StemCalls()
        DispatchQueue.concurrentPerform(iterations: pages.count) { page in
            var counter = PageCounter(bytes: pages[page].utf8.count)
            counter.add(pages[page], field: 0)
            counter.endSection()
            let stemmer = Stemmer(language).map { CountingStemmer($0, calls: stemmed) }
            let resolved = memo.resolve(counter, language: language, stemmer: stemmer)
            let words = (0..<counter.count).map { Array(counter.word($0).bytes) }
            lock.lock()
            for (word, entry) in zip(words, resolved) { entries[word, default: []].append(entry) }
            lock.unlock()
        }
        #expect(entries.count > 400)
        // The memo stems each word whose folded form has two scalars or more, once: a word stemmed
        // twice (two pages meeting it at once) shows as one call too many.
        let stemmable = entries.keys.filter { Words.hasTwoScalars(Words.fold(String(decoding: $0, as: UTF8.self), language)) }
        #expect(stemmable.count > 300)
        #expect(stemmed.count == stemmable.count)
        for (word, met) in entries {
            let first = met[0]
            #expect(met.allSatisfy { $0.termNumber == first.termNumber && $0.formNumber == first.formNumber }, "\(word)")
            let folded = Words.fold(String(decoding: word, as: UTF8.self), language)
            #expect(first.foldedCounts == Words.hasTwoScalars(folded), "\(word)")
        }
    }

    @Test func numbersKeysInOrderOfFirstInsertionAsADictionaryWould() {
        // Keys repeated, more than a table's first room (`DenseNumbering` is held to a
        // dictionary in `EntryScratchTests`).
        var random = SeededRandom(seed: 0x9E37_79B9_7F4A_7C15)
        let keys = (0..<5_000).map { _ in random.below(3) == 0 ? Int(Int32.max) - random.below(50) : random.below(random.below(2) == 0 ? 64 : 3_000) } + [0, 0, Int(Int32.max)]
        var strings = Numbering<String>()
        var expected: [Int: Int] = [:]
        for key in keys {
            let number = expected[key] ?? expected.count
            expected[key] = number
            #expect(strings.number(String(key)) == number)
        }
        #expect(strings.keys == expected.sorted { $0.value < $1.value }.map { String($0.key) })
        #expect(strings.find("-1") == nil && strings.find(String(keys[0])) == 0)
    }

    @Test func numbersStringsByTheirBytesAsADictionaryWouldInOneNormalizationForm() {
        // NFC keys of 0 to 40 bytes (ASCII, accented, Greek, Cyrillic), repeated, more than the
        // byte table's first room: `BytesNumbering` against `Numbering<String>`.
        var random = SeededRandom(seed: searchTestSeed(0xB7E5_0000_0000_0001))
        let pieces = ["a", "z", "é", "ñ", "ж", "я", "7", "ü", "ción", "interrup", "ß", "ό", "й"]
        let vocabulary = (0..<3_000).map { _ in (0..<random.below(random.below(5) == 0 ? 12 : 4)).map { _ in random.pick(pieces) }.joined() }
        var reference = Numbering<String>()
        var numbering = BytesNumbering()
        for _ in 0..<20_000 {
            let key = random.pick(vocabulary)
            #expect(numbering.number(key) == reference.number(key), "\(key)")
        }
        #expect(numbering.keys == reference.keys)
        for key in vocabulary + ["absent", "", "ausente-también"] { #expect(numbering.find(key) == reference.find(key), "\(key)") }
    }

    @Test func aBuilderNumbersItsTermsAsStringsWouldWhereverTheNamesComeFrom() {
        // Memo names (NFC) for a while, then, in some rounds, names of entries filed by name,
        // written with precomposed letters and with combining marks: `BuilderTerms` against
        // `Numbering<String>`, which takes canonically equal names for one.
        var random = SeededRandom(seed: searchTestSeed(0xB7E5_0000_0000_0003))
        let nfc = ["a", "é", "ñ", "ción", "й", "ж", "interrup", "s", "7"]
        let decomposed = ["e\u{301}", "n\u{303}", "cio\u{301}n", "и\u{306}"]
        func name(_ pieces: [String]) -> String { (0..<(1 + random.below(4))).map { _ in random.pick(pieces) }.joined() }
        for round in 0..<40 {
            var terms = BuilderTerms()
            var reference = Numbering<String>()
            let byNameFrom = round % 4 == 0 ? Int.max : random.below(600)
            for step in 0..<800 {
                let fromMemo = step < byNameFrom || random.below(3) > 0
                let key = fromMemo ? name(nfc) : name(nfc + decomposed)
                #expect(terms.number(key, fromMemo: fromMemo) == reference.number(key), "round \(round) step \(step): \(key)")
            }
            #expect(terms.keys == reference.keys, "round \(round)")
            for key in (0..<50).map({ _ in name(nfc + decomposed) }) + ["ausente"] {
                #expect(terms.find(key) == reference.find(key), "round \(round): \(key)")
            }
        }
    }

    @Test func aMemoNumbersTermsAndFormsAsStringsWouldWhicheverFormTheWordsAreWrittenIn() {
        // Words written with precomposed letters and with combining marks (é and e + ◌́, й and
        // и + ◌̆): the memo numbers its terms and forms by their bytes, which is by strings (as
        // `Numbering<String>` did) because folding gives NFC. Spanish is stemmed and drops
        // accents; Bulgarian keeps the breve and is not stemmed.
        var random = SeededRandom(seed: searchTestSeed(0xB7E5_0000_0000_0002))
        let pieces = ["a", "e", "é", "e\u{301}", "ñ", "n\u{303}", "ción", "cio\u{301}n", "ж", "й", "и\u{306}", "interrup", "s", "o", "Á"]
        for code in ["es", "bg"] {
            let language = SearchLanguage(code: code)
            let stemmer = Stemmer(language)
            let memo = TermMemo()
            var terms = Numbering<String>()
            var forms = Numbering<String>()
            for page in 0..<30 {
                let words = (0..<(1 + random.below(300))).map { _ in (0..<(1 + random.below(5))).map { _ in random.pick(pieces) }.joined() }
                let text = words.joined(separator: " ")
                var counter = PageCounter(bytes: text.utf8.count)
                counter.add(text, field: 0)
                counter.endSection()
                let resolved = memo.resolve(counter, language: language, stemmer: stemmer)
                for index in 0..<counter.count {
                    let word = String(decoding: counter.word(index).bytes, as: UTF8.self)
                    let folded = Words.fold(word, language)
                    var term = folded
                    if let stemmer, Words.hasTwoScalars(folded) { term = Words.trimmedStem(Words.fold(stemmer.stem(word.lowercased()), language)) }
                    #expect(Int(resolved[index].termNumber) == terms.number(term), "\(code) page \(page): \(word)")
                    #expect(Int(resolved[index].formNumber) == (term != folded ? forms.number(folded) : -1), "\(code) page \(page): \(word)")
                }
            }
            #expect(terms.keys.count > 20)
        }
    }

    @Test func findsAPatternInATagAsAByteByByteSearchWould() {
        let pattern = Array("class=\"heading-anchor\"".utf8)
        let tags = [
            "", "a", "a class=\"heading-anchor\"", "a href=\"#c\" class=\"heading-anchor\"", "a class=\"heading-anchor",
            "a cclass=\"heading-anchor\"\"", "a class=\"heading\" class=\"heading-anchor\" x", "a href=\"ccccc\" class=\"other\"",
            "class=\"heading-anchor\"", "á class=\"heading-anchor\" é",
        ]
        for tag in tags {
            let bytes = Array(tag.utf8)
            var expected: Int?
            if bytes.count >= pattern.count {
                expected = (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }.map { $0 + pattern.count }
            }
            // The tag inside a larger buffer, as the page's bytes hold it: offsets are the buffer's.
            let buffer = Array("<".utf8) + bytes + Array("class=\"heading-anchor\">".utf8)
            buffer.withUnsafeBufferPointer { all in
                let found = BodyText.firstEnd(of: pattern, in: all[1..<(1 + bytes.count)])
                #expect(found == expected.map { $0 + 1 }, "\(tag)")
            }
        }
    }

    @Test func splitsLargeShardsByLongerPrefixes() throws {
        let bg = SearchLanguage(code: "bg")
        let entries = (0..<400).map { number in
            SearchEntry(page("p\(number)", "Заглавие", [("", "", "прекъсване\(number) прекъсва процес")]), language: bg, stemmer: nil)
        }
        let files = SearchIndex.index(lang: "bg", entries: entries).files
        let shardFiles = files.filter { !$0.path.hasSuffix("index.js") }
        #expect(shardFiles.count > 2)
        #expect(shardFiles.allSatisfy { $0.data.count <= SearchIndex.shardLimit * 2 })
        let manifest = try #require(files.first { $0.path == "search/bg/index.js" })
        let text = String(decoding: manifest.data, as: UTF8.self)
        #expect(text.contains("\"pages\":400"))
        // Every shard the manifest names exists, under the hex of its prefix.
        #expect(shardFiles.allSatisfy { file in text.contains(JSON_name(file.path)) })
    }

    @Test func namesShardsInHexAsAStringPerByteDid() {
        // Keys of 0 to 12 scalars (ASCII, accented, Cyrillic, astral, bytes below 16), each
        // byte's two digits written in place as `String(byte, radix: 16)` wrote them, joined.
        var random = SeededRandom(seed: 0x4E7_5A4D_0001)
        let scalars = Array("a0z9 \u{1}\u{F}ñéжя𝒜\"".unicodeScalars)
        for _ in 0..<2_000 {
            let key = String(String.UnicodeScalarView((0..<random.below(13)).map { _ in scalars[random.below(scalars.count)] }))
            let expected = key.isEmpty ? "_" : key.utf8.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            #expect(SearchIndex.hex(key) == expected, "\(Array(key.utf8))")
        }
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

    @Test func decidesEveryFormInPlaceAsByName() {
        // Random terms and forms of shared prefixes and several scripts, each form's stem a term
        // or not, a prefix of it or not: every form's `needed` as deciding each by name gives.
        let words = [
            "ab", "abc", "abcd", "abcde", "ábaco", "ábac", "ñandú", "ñand", "жизнь", "жизн", "жи", "interrupciones", "interrupcion",
            "interrupc", "activa", "activ", "act", "pausa", "paus", "e\u{301}xito", "éxito", "éxit", "x", "zz",
        ]
        var random = SeededRandom(seed: 0x5EED_4EED)
        for _ in 0..<300 {
            var state = SearchIndexState()
            for _ in 0..<random.below(12) { state.terms[random.pick(words)] = 1 + random.below(100) }
            for _ in 0..<random.below(16) {
                state.forms[random.pick(words)] = .init(stem: random.pick(words), pages: 1, needed: random.below(2) == 0)
            }
            var inPlace = state
            inPlace.updateAllNeeded()
            var byName = state
            byName.updateNeeded(Array(state.forms.keys))
            #expect(inPlace == byName, "\(state)")
        }
    }

    @Test func writesOnlyTheFormsTheBrowserCannotGuess() {
        let es = SearchLanguage(code: "es")
        let entry = SearchEntry(page("a", "T", [("", "", "interrupciones activa")]), language: es, stemmer: Stemmer(es))
        let files = SearchIndex.index(lang: "es", entries: [entry]).files
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
        let before = Dictionary(uniqueKeysWithValues: SearchIndex.index(lang: "bg", entries: entries("прекъсване7 процес обаждане екран")).files.map { ($0.path, $0.data) })
        func changed(_ edited: String) -> [String] {
            let after = Dictionary(uniqueKeysWithValues: SearchIndex.index(lang: "bg", entries: entries(edited)).files.map { ($0.path, $0.data) })
            return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        }
        #expect(before.count > 4)
        // "екран" → "езеро": one shard holds both.
        #expect(changed("прекъсване7 процес обаждане езеро") == ["search/bg/d0b5.js"])
        // "екран" → "жираф": its shard, the new word's new shard, and the manifest that lists it.
        #expect(changed("прекъсване7 процес обаждане жираф") == ["search/bg/d0b5.js", "search/bg/d0b6.js", "search/bg/index.js"])
    }
}

/// `SearchIndex.update` must leave the files exactly as `SearchIndex.index` writes them for
/// the pages as they are now, whatever the edits: words added, dropped or counted again,
/// pages unpublished or published, shards that split or merge as their sizes cross the limit.
@Suite struct IndexUpdateTests {
    static let words = [
        "interrupción", "interrupciones", "interrumpe", "interrumpir", "activa", "activo", "actividad", "inactiva", "proceso",
        "procesos", "escena", "escenas", "llamada", "llamadas", "pantalla", "pausa", "pausar", "onPause", "onResume", "aplicación",
        "aplicaciones", "ciclo", "vida", "estado", "estados", "suspendida", "fondo", "primer", "plano", "sistema", "a1", "a2", "a3",
        "ab", "abc", "abcd", "abcde", "zeta", "zetas", "ñandú",
        "aplicaciones", "aplicac", "aplicacion", "interrupc",
    ]

    func page(_ key: String, _ random: inout SeededRandom) -> SearchPage {
        let sections = (0...random.below(3)).map { number in
            let text = (0..<(1 + random.below(12))).map { _ in Self.words[random.below(Self.words.count)] }.joined(separator: " ")
            return SearchPage.Section(anchor: number == 0 ? "" : "s\(number)", heading: number == 0 ? "" : Self.words[random.below(Self.words.count)], text: text)
        }
        return SearchPage(key: key, path: "es/\(key)/index.html", title: Self.words[random.below(Self.words.count)], sections: sections)
    }

    @Test func filesByMemoNumbersAsByNames() throws {
        // The builder files entries indexed from pages by the memo's numbers, entries without
        // them by name; any mix gives the same index.
        let es = SearchLanguage(code: "es")
        let stemmer = Stemmer(es)
        var random = SeededRandom(seed: 42)
        let entries = (0..<24).map { SearchEntry(page("p\($0)", &random), language: es, stemmer: stemmer) }
        #expect(entries.allSatisfy { $0.numbers != nil } && entries.contains { !$0.formList.isEmpty })
        var byName = entries
        for index in byName.indices { byName[index].numbers = nil }
        var mixed = entries
        for index in mixed.indices where index % 3 == 1 { mixed[index].numbers = nil }
        let expected = SearchIndex.index(lang: "es", entries: byName, limit: 400)
        for variant in [entries, mixed] {
            let index = SearchIndex.index(lang: "es", entries: variant, limit: 400)
            #expect(index.state == expected.state)
            #expect(index.files.map(\.path) == expected.files.map(\.path))
            #expect(index.files.map(\.data) == expected.files.map(\.data))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func updatesGiveWhatACleanIndexGives(seed: UInt64) throws {
        let es = SearchLanguage(code: "es")
        let stemmer = Stemmer(es)
        var random = SeededRandom(seed: seed)
        let limit = 300 + random.below(400)
        var pages: [String: SearchEntry] = [:]
        for number in 0..<30 { pages["p\(number)"] = SearchEntry(page("p\(number)", &random), language: es, stemmer: stemmer) }
        let clean = SearchIndex.index(lang: "es", entries: Array(pages.values), limit: limit)
        var files = Dictionary(uniqueKeysWithValues: clean.files.map { ($0.path, [UInt8]($0.data)) })
        var state = clean.state
        for round in 0..<12 {
            var changes: [SearchPageChange] = []
            for _ in 0...random.below(3) {
                let key = "p\(random.below(36))"
                let old = pages[key]
                let new: SearchEntry? = random.below(6) == 0 ? nil : SearchEntry(page(key, &random), language: es, stemmer: stemmer)
                guard !changes.contains(where: { $0.key == key }) else { continue }
                pages[key] = new
                changes.append(SearchPageChange(key: key, old: old, new: new))
            }
            let update = try #require(SearchIndex.update(lang: "es", state: state, changes: changes, limit: limit) { files[$0] })
            for path in update.deleted { files[path] = nil }
            for file in update.files { files[file.path] = [UInt8](file.data) }
            state = update.state
            let expected = SearchIndex.index(lang: "es", entries: Array(pages.values), limit: limit)
            #expect(state == expected.state, "round \(round)")
            let wanted = Dictionary(uniqueKeysWithValues: expected.files.map { ($0.path, [UInt8]($0.data)) })
            #expect(files.keys.sorted() == wanted.keys.sorted(), "round \(round)")
            for (path, bytes) in wanted where files[path] != bytes {
                Issue.record("round \(round): \(path) differs from a clean index's")
            }
        }
        #expect(state.shards > 3, "the limit should split the index into several shards")
    }

    @Test func anUnreadableShardIsNil() throws {
        let es = SearchLanguage(code: "es")
        let entry = SearchEntry(SearchPage(key: "a", path: "es/a/index.html", title: "T", sections: [.init(anchor: "", heading: "", text: "uno dos")]), language: es, stemmer: Stemmer(es))
        let clean = SearchIndex.index(lang: "es", entries: [entry])
        let edited = SearchEntry(SearchPage(key: "a", path: "es/a/index.html", title: "T", sections: [.init(anchor: "", heading: "", text: "uno tres")]), language: es, stemmer: Stemmer(es))
        let change = SearchPageChange(key: "a", old: entry, new: edited)
        #expect(SearchIndex.update(lang: "es", state: clean.state, changes: [change]) { _ in Array("ldSearch.shard(".utf8) } == nil)
    }

    @Test func aPageFileGivesBackItsEntry() throws {
        let es = SearchLanguage(code: "es")
        let page = SearchPage(key: "k", path: "es/k/index.html", title: "Título \"q\"", sections: [
            .init(anchor: "", heading: "", text: "texto\tcon \\ barra\ny \u{7} control"), .init(anchor: "a]b", heading: "H[", text: "interrupciones"),
        ])
        let file = SearchIndex.fragment(lang: "es", page: page)
        let entry = try #require(SearchIndex.entry(pageFile: [UInt8](file.data), language: es, stemmer: Stemmer(es)))
        #expect(entry == SearchEntry(page, language: es, stemmer: Stemmer(es)))
        #expect(SearchIndex.entry(pageFile: [UInt8](file.data.dropLast()), language: es, stemmer: Stemmer(es)) == nil)
    }

    @Test func lengthsAreRoundedToWithinFourPercent() {
        for length in [0, 1, 31, 32, 33, 100, 1000, 12_345, 1_000_000] {
            let rough = SearchIndex.roughLength(length)
            #expect(abs(rough - length) * 100 <= max(length, 1) * 4, "\(length) → \(rough)")
        }
        #expect(SearchIndex.roughLength(1000) == SearchIndex.roughLength(1010))
    }
}

extension IndexUpdateTests {
    /// A term that comes or goes changes what the browser guesses for every word it starts.
    @Test func aTermThatLeavesChangesWhichFormsAreWritten() throws {
        // Page a holds the word "abcdefg", whose term is "abcd"; page b the term "abcdef",
        // which the browser would guess for "abcdefg" while it exists.
        let a = SearchEntry(key: "a", lengths: [1], terms: ["abcd": [0, 1]], forms: ["abcdefg": "abcd"])
        let b = SearchEntry(key: "b", lengths: [1], terms: ["abcdef": [0, 1]], forms: [:])
        let both = SearchIndex.index(lang: "es", entries: [a, b])
        #expect(both.state.forms["abcdefg"]?.needed == true)
        let update = try #require(SearchIndex.update(lang: "es", state: both.state, changes: [SearchPageChange(key: "b", old: b, new: nil)]) { path in
            both.files.first { $0.path == path }.map { [UInt8]($0.data) }
        })
        #expect(update.state.forms["abcdefg"]?.needed == false)
        #expect(update.state == SearchIndex.index(lang: "es", entries: [a]).state)
    }
}

extension IndexUpdateTests {
    @Test func aStateSurvivesTheCache() throws {
        let es = SearchLanguage(code: "es")
        let entries = ["a": "las interrupciones interrumpen", "b": "ñandú proceso 28 aplicaciones"].map { key, text in
            SearchEntry(SearchPage(key: key, path: "es/\(key)/index.html", title: "T", sections: [.init(anchor: "", heading: "", text: text)]), language: es, stemmer: Stemmer(es))
        }
        let state = SearchIndex.index(lang: "es", entries: entries).state
        #expect(!state.forms.isEmpty && state.terms.count > 4)
        #expect(SearchIndexState(encoded: state.encoded()[...]) == state)
        #expect(SearchIndexState(encoded: Array("T\tx\t1\n".utf8)[...]) == nil, "no totals")
        #expect(SearchIndexState(encoded: Array("N\t1\t1\t1\t1\nT\tx\tdos\n".utf8)[...]) == nil)
    }
}

/// How many words the stemmers of a test stemmed, on any thread.
final class StemCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }

    func add() {
        lock.lock()
        calls += 1
        lock.unlock()
    }
}

/// A libstemmer stemmer whose calls are counted in `calls`.
final class CountingStemmer: WordStemmer {
    private let stemmer: Stemmer
    private let calls: StemCalls

    init(_ stemmer: Stemmer, calls: StemCalls) {
        self.stemmer = stemmer
        self.calls = calls
    }

    var name: String { stemmer.name }

    func stem(_ word: String) -> String {
        calls.add()
        return stemmer.stem(word)
    }
}

extension IndexUpdateTests {
    /// Two spellings can fold to one word and stem apart: Spanish "hacía" (a verb) and "hacia"
    /// (a preposition) both fold to "hacia". The word's stem was the first one the index met, so
    /// the order pages came in (parallel in a build, the edited ones last in an incremental
    /// build) decided what a shard wrote, and an edited site's index differed from a clean one.
    @Test func aWordSpeltTwoWaysGetsTheStemMostPagesHaveWhateverTheOrder() throws {
        let es = SearchLanguage(code: "es")
        func entry(_ key: String, _ text: String) -> SearchEntry {
            SearchEntry(SearchPage(key: key, path: "es/\(key)/index.html", title: "T", sections: [.init(anchor: "", heading: "", text: text)]), language: es, stemmer: Stemmer(es))
        }
        let verb = entry("v", "hacía frío")
        let north = entry("n1", "hacia el norte")
        let south = entry("n2", "hacia el sur")
        let verbStem = try #require(verb.forms["hacia"])
        let prepositionStem = try #require(north.forms["hacia"])
        try #require(verbStem != prepositionStem, "the premise: the stemmer stems the two spellings apart")

        let forward = SearchIndex.index(lang: "es", entries: [verb, north, south])
        let backward = SearchIndex.index(lang: "es", entries: [south, north, verb])
        #expect(forward.state.forms["hacia"]?.stem == prepositionStem)
        #expect(forward.state == backward.state)
        #expect(forward.files.map(\.path) == backward.files.map(\.path))
        #expect(forward.files.map(\.data) == backward.files.map(\.data))

        // One page of each spelling: equal counts, the smaller bytes, in either order.
        let tie = SearchIndex.index(lang: "es", entries: [north, verb])
        let smaller = Array(verbStem.utf8).lexicographicallyPrecedes(Array(prepositionStem.utf8)) ? verbStem : prepositionStem
        #expect(tie.state.forms["hacia"]?.stem == smaller)
        #expect(tie.state == SearchIndex.index(lang: "es", entries: [verb, north]).state)

        // Incremental builds give what a clean build of the same pages gives, page added or removed.
        var site = Dictionary(tie.files.map { ($0.path, $0.data) }, uniquingKeysWith: { _, last in last })
        let added = try #require(SearchIndex.update(lang: "es", state: tie.state, changes: [SearchPageChange(key: "n2", old: nil, new: south)]) {
            site[$0].map { [UInt8]($0) }
        })
        for file in added.files { site[file.path] = file.data }
        for path in added.deleted { site[path] = nil }
        #expect(added.state == forward.state)
        #expect(site == Dictionary(forward.files.map { ($0.path, $0.data) }, uniquingKeysWith: { _, last in last }))
        let removed = try #require(SearchIndex.update(lang: "es", state: added.state, changes: [
            SearchPageChange(key: "n1", old: north, new: nil), SearchPageChange(key: "n2", old: south, new: nil),
        ]) { site[$0].map { [UInt8]($0) } })
        #expect(removed.state == SearchIndex.index(lang: "es", entries: [verb]).state)
        #expect(removed.state.forms["hacia"]?.stem == verbStem)
        // The cache keeps both spellings' counts.
        #expect(SearchIndexState(encoded: added.state.encoded()[...]) == added.state)
    }
}
