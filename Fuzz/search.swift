// Fuzz target `search`: a page's text read out of its HTML and indexed, the code that reads
// every page of a build through unsafe buffers eight bytes at a time (`BodyText`,
// `CleanText`, `PageCounter`, `Words`), checked under AddressSanitizer.
//
// Input: the first byte picks the language (es, pt, it, bg, by its value modulo 4); the rest
// is a page body's HTML (decoded as UTF-8, repaired, as a Swift String always is). Any trap or
// sanitizer report is a finding; so is a broken promise (see `SearchFuzz.check`), which the
// entry point turns into an abort so libFuzzer saves the input.
//
// This file is also compiled into SearchTests (a symlink there), where
// `SearchFuzzRegressionTests` runs the seed corpus and every saved crash through `check`.

import Foundation

@testable import Search

enum SearchFuzz {
    static let languages = ["es", "pt", "it", "bg"]

    static func check(_ bytes: [UInt8]) -> [String] {
        guard let first = bytes.first else { return [] }
        let lang = languages[Int(first) % languages.count]
        let language = SearchLanguage(code: lang)
        let html = String(decoding: bytes.dropFirst(), as: UTF8.self)
        var violations: [String] = []

        // The text of each section: what the fast path copies is what squeezing would keep,
        // and it is valid UTF-8 (runs are cut at ASCII bytes, entities encoded whole).
        let page = SearchPage(key: "fuzz", path: "\(lang)/fuzz/index.html", title: "Fuzz \"título\"", bodyHTML: html)
        for (number, section) in page.sections.enumerated() where String(validating: section.textBytes, as: UTF8.self) == nil {
            violations.append("section \(number): its text is not valid UTF-8")
        }
        let whole = Array(html.utf8)
        if BodyText.clean(whole) != BodyText.squeeze(BodyText.decodeEntities(html)) {
            violations.append("the text cleaned on bytes differs from squeezing the decoded text")
        }

        // The words: the byte-level tokenizer finds what `Words.split` finds, section by section.
        for (number, section) in page.sections.enumerated() {
            let alone = SearchPage(key: "fuzz", path: page.path, title: "", sections: [.init(anchor: "", heading: "", text: section.text)])
            let entry = SearchEntry(alone, language: language, stemmer: nil)
            let expected = Set(Words.split(section.text).map { Words.fold($0, language) }.filter { $0.unicodeScalars.count >= 2 })
            if Set(entry.terms.keys) != expected { violations.append("section \(number): the words differ from Words.split's") }
        }

        // The page's entry, with stemming, comes back from its page file; the index's files are
        // scripts whose arguments are valid JSON, shards split small so that many are written.
        let stemmer = Stemmer(language)
        let entry = SearchEntry(page, language: language, stemmer: stemmer)
        let file = SearchIndex.fragment(lang: lang, page: page)
        if SearchIndex.entry(pageFile: [UInt8](file.data), language: language, stemmer: stemmer) != entry {
            violations.append("the page file does not give back the page's entry")
        }
        let other = SearchEntry(
            SearchPage(key: "other", path: "\(lang)/other/index.html", title: "Otra", sections: [.init(anchor: "", heading: "", text: "interrupciones")]),
            language: language, stemmer: stemmer)
        let (files, _) = SearchIndex.index(lang: lang, entries: [entry, other], limit: 300)
        for (path, data) in files + [file] where !isScriptOfJSON(data) {
            violations.append("\(path) is not a call with JSON arguments")
        }
        return violations
    }

    /// Whether `data` is `ldSearch.<name>(<JSON values>);` and a line end, as every index file is.
    static func isScriptOfJSON(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        let end = Array(");\n".utf8)
        guard bytes.starts(with: Array("ldSearch.".utf8)), let open = bytes.firstIndex(of: UInt8(ascii: "(")),
            bytes.count >= open + 1 + end.count, bytes.suffix(end.count).elementsEqual(end)
        else { return false }
        let arguments = [UInt8(ascii: "[")] + bytes[(open + 1)..<(bytes.count - end.count)] + [UInt8(ascii: "]")]
        return (try? JSONSerialization.jsonObject(with: Data(arguments))) != nil
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func searchFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size) { SearchFuzz.check($0) }
}
#endif
