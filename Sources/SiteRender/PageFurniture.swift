import Mustache
import SiteContent

/// What every page of a build shows whatever its content: the assets as a template value and,
/// per language, the Open Graph locales and the model-names script. The build makes a
/// `PageContexts` for each article page, so these are made once per build (`SiteInputs.Pages`)
/// and handed to each of them.
package struct PageFurniture: Sendable {
    /// One language's values (`PageContexts.common`).
    struct Language: Sendable {
        let ogLocale: MustacheValue
        let ogLocaleAlternates: MustacheValue
        /// The published path of the language's model-names script (window.LIFECYCLE_NAMES).
        let modelNames: MustacheValue
    }

    /// Template key → published path (`Assets.templateKeys`).
    let assets: [String: String]
    /// `assets` as a template value.
    let assetsValue: MustacheValue
    private let languageCodes: [String]
    private let byLanguage: [String: Language]

    package init(config: SiteConfig, assets: [String: String]) {
        let codes = config.languages.map(\.code)
        self.assets = assets
        assetsValue = MustacheValue(object: assets.mapValues { .string($0) })
        languageCodes = codes
        var byLanguage: [String: Language] = [:]
        for code in codes where byLanguage[code] == nil {
            byLanguage[code] = Self.language(code, among: codes, assets: assets)
        }
        self.byLanguage = byLanguage
    }

    /// The values of `lang`; a language the configuration does not name gets them made on the spot.
    func language(_ lang: String) -> Language {
        byLanguage[lang] ?? Self.language(lang, among: languageCodes, assets: assets)
    }

    private static func language(_ lang: String, among codes: [String], assets: [String: String]) -> Language {
        Language(
            ogLocale: .string(PageContexts.ogLocale(lang)),
            ogLocaleAlternates: .array(codes.filter { $0 != lang }.map { .string(PageContexts.ogLocale($0)) }),
            modelNames: .string(assets[Assets.key(for: ModelNamesScript.assetName(lang))] ?? ""))
    }
}
