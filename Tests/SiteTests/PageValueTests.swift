import Foundation
import Testing
import TestSupport

@testable import SiteRender

/// Values every page asks for, worked out without walking Characters or building tables per call.
@Suite struct PageValueTests {
    /// The seed of the random names: `PAGE_VALUE_SEED` when set (to try others), else a fixed one.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["PAGE_VALUE_SEED"].flatMap { UInt64($0) } ?? 0xA55E_7018
    }

    @Test func assetKeysAreTheCharacterDefinition() {
        let pieces = ["model", "-", ".", "js", "names", "_", "es", "9", " ", "é", "e\u{301}", "ж", "\r\n", "\t", "\u{7F}", "Z", "🍎", "#"]
        var random = SeededRandom(seed: Self.seed)
        for _ in 0..<3000 {
            let name = (0..<random.below(12)).map { _ in random.pick(pieces) }.joined()
            let expected = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            #expect(Assets.key(for: name) == expected, "\(name.debugDescription)")
        }
        #expect(Assets.key(for: "model-names.es.js") == "model_names_es_js")
    }

    @Test func openGraphLocales() {
        #expect(PageContexts.ogLocale("pt") == "pt_BR")
        #expect(PageContexts.ogLocale("pt-PT") == "pt_PT")
        #expect(PageContexts.ogLocale("bg") == "bg_BG")
        #expect(PageContexts.ogLocale("es") == "es_ES")
        #expect(PageContexts.ogLocale("xx") == "xx")
        #expect(PageContexts.ogLocale("zh-hant") == "zh_CN")
    }
}
