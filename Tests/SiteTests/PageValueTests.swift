import Foundation
import Testing
import TestSupport

import Mustache
import SiteContent
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

    /// The furniture a build makes once gives each language what `PageContexts.common` made for
    /// every page before: over random language sets and assets, configured languages or not.
    @Test func furnitureMatchesPerPageValues() {
        var random = SeededRandom(seed: Self.seed)
        let codes = ["es", "en", "pt", "pt-PT", "bg", "ja", "zh-hant", "xx", "de-AT"]
        var compared = 0
        for _ in 0..<300 {
            let config = SiteConfig.withoutFile(languageFolders: (0..<(1 + random.below(5))).map { _ in random.pick(codes) })
            var assets = ["style_css": "assets/style.\(random.below(100)).css"]
            for code in codes where random.below(2) == 0 {
                assets[Assets.key(for: ModelNamesScript.assetName(code))] = "assets/names-\(code).\(random.below(100)).js"
            }
            let furniture = PageFurniture(config: config, assets: assets)
            #expect(furniture.assetsValue == MustacheValue(object: assets.mapValues { .string($0) }))
            for lang in codes {
                // What `common` wrote per page before the furniture.
                let shared = furniture.language(lang)
                #expect(shared.ogLocale == .string(PageContexts.ogLocale(lang)))
                #expect(shared.ogLocaleAlternates == .array(config.languages.filter { $0.code != lang }.map { .string(PageContexts.ogLocale($0.code)) }))
                #expect(shared.modelNames == .string(assets[Assets.key(for: ModelNamesScript.assetName(lang))] ?? ""))
                compared += 1
            }
        }
        #expect(compared == 300 * codes.count)
    }
}
