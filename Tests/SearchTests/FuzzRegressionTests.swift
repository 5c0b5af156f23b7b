import Foundation
import TestSupport
import Testing

@testable import Search

/// The `search` fuzz harness (`Fuzz/search.swift`, compiled here through a symlink) on its
/// seed corpus, the article bodies of the site built from Content/, and on every input a
/// fuzzer once crashed with. See "Fuzzing" in README.md.
@Suite struct SearchFuzzRegressionTests {
    static let seeds = FuzzInputs.seeds("search")
    static let regressions = FuzzInputs.regressions("search", in: "SearchTests")

    /// Every seed is a page of the site: its text and words come out as the slow paths say, its
    /// page file gives its entry back, and the index files are valid.
    @Test(arguments: seeds)
    func seedKeepsItsPromises(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        #expect(SearchFuzz.check(input.bytes) == [])
        // A real page: sections and words were found, so the checks had something to compare.
        let page = SearchPage(key: "k", path: "p", title: "", bodyHTML: String(decoding: input.bytes.dropFirst(), as: UTF8.self))
        #expect(page.sections.count > 1)
        #expect(page.sections.contains { $0.textBytes.count > 100 })
    }

    /// The checks can fail: a file that is not a call, or whose arguments are not JSON, is refused.
    @Test func refusesFilesThatAreNotCallsWithJSON() {
        #expect(SearchFuzz.isScriptOfJSON(Data("ldSearch.page(\"es\",{\"a\":[1]});\n".utf8)))
        #expect(!SearchFuzz.isScriptOfJSON(Data("ldSearch.page(\"es\",{\"a\":[1]);\n".utf8)))
        #expect(!SearchFuzz.isScriptOfJSON(Data("ldSearch.page(\"e\ns\");\n".utf8)))
        #expect(!SearchFuzz.isScriptOfJSON(Data("ldSearch.page(\"es\")".utf8)))
        #expect(!SearchFuzz.isScriptOfJSON(Data("window.x = 1;\n".utf8)))
    }

    /// Inputs that once crashed the fuzzer: each now returns and keeps the promises.
    @Test(.enabled(if: !regressions.isEmpty, "no saved crash yet"), arguments: regressions)
    func regressionReturns(_ input: FuzzInput) throws {
        try #require(input.loadError == nil, "\(input.loadError ?? "")")
        #expect(SearchFuzz.check(input.bytes) == [])
    }
}
