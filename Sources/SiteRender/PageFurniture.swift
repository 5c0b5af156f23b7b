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
        /// site.yml's `name`, else the language's title.
        let siteName: MustacheValue
        /// The language's title after the name it starts with (" — el ciclo de vida…"), which a
        /// phone's header leaves out; empty when the title does not start with `name`.
        let siteTagline: MustacheValue
    }

    /// Template key → published path (`Assets.templateKeys`).
    let assets: [String: String]
    /// `assets` as a template value.
    let assetsValue: MustacheValue
    private let languageCodes: [String]
    private let byLanguage: [String: Language]
    /// site.yml's `name`, for a language the configuration does not name.
    private let siteName: String?

    package init(config: SiteConfig, assets: [String: String]) {
        let codes = config.languages.map(\.code)
        self.assets = assets
        assetsValue = MustacheValue(object: assets.mapValues { .string($0) })
        languageCodes = codes
        siteName = config.name
        var byLanguage: [String: Language] = [:]
        for language in config.languages where byLanguage[language.code] == nil {
            byLanguage[language.code] = Self.language(language.code, among: codes, assets: assets, title: language.siteTitle, name: config.name)
        }
        self.byLanguage = byLanguage
    }

    /// The values of `lang`; a language the configuration does not name gets them made on the spot.
    func language(_ lang: String) -> Language {
        byLanguage[lang] ?? Self.language(lang, among: languageCodes, assets: assets, title: nil, name: siteName)
    }

    private static func language(_ lang: String, among codes: [String], assets: [String: String], title: String?, name: String?) -> Language {
        let title = title ?? "LifecycleDocs"
        var tagline = ""
        if let name, title.hasPrefix(name), !title.dropFirst(name.count).allSatisfy(\.isWhitespace) {
            tagline = String(title.dropFirst(name.count))
        }
        return Language(
            ogLocale: .string(PageContexts.ogLocale(lang)),
            ogLocaleAlternates: .array(codes.filter { $0 != lang }.map { .string(PageContexts.ogLocale($0)) }),
            modelNames: .string(assets[Assets.key(for: ModelNamesScript.assetName(lang))] ?? ""),
            siteName: .string(name ?? title), siteTagline: .string(tagline))
    }
}
