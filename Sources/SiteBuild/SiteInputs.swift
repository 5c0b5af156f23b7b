import Diagnostics
import FileIO
import Foundation
import LifecycleModel
import SiteContent
import SiteRender
import Translations
import LifecycleMachines

/// Everything a build reads before rendering: site.yml, UI strings,
/// templates, assets and the list of articles.
struct SiteInputs {
    /// What pages need beyond the articles; nil when one of them failed to load.
    struct Pages {
        var strings: UIStrings
        var templates: TemplateSet
        var assets: Assets
        /// What every page shows whatever its content (assets, Open Graph locales), made once per build.
        var furniture: PageFurniture
    }

    var config: SiteConfig
    var strings: UIStrings?
    var pages: Pages?
    var sources: [ArticleSource]
    /// Files published beside the articles (images, PDFs…).
    var files: [ContentFile]
    /// Whether articles marked `draft: true` are published.
    var includeDrafts = false
    /// Front matters parsed for the sidebar, handed to the articles' full reads.
    let frontMatters = FrontMatterHandoff()
    /// Whether `strings` are those a previous build loaded (`load`'s `strings`).
    var stringsFromCache = false
    /// The assets the build makes (the model's script, each language's names), by source
    /// name → published path, for the next build to take back (`GeneratedAssets`).
    var generated: [String: String] = [:]

    /// Assets a previous build made and published, taken back from its output instead of made
    /// again (the model's script alone is ~5% of an edit's build): only when every site-wide
    /// input, the tool included, is as it was, and only a file whose bytes give the hash in its
    /// name.
    struct GeneratedAssets {
        var output: URL
        /// Source name → published path, as `generated` recorded them.
        var paths: [String: String]

        func data(_ name: String) -> Data? {
            guard let path = paths[name], path.hasPrefix("assets/"), !path.contains(".."),
                let bytes = try? Files.read(output.path + "/" + path)
            else { return nil }
            let data = Data(bytes)
            return "assets/" + Assets.hashedName(name, data) == path ? data : nil
        }
    }

    /// Strings, templates and assets are independent: the problems of all three are reported.
    /// `strings`: the UI strings a previous build loaded (`BuildCache.strings`), given only when
    /// every site-wide input, the i18n files among them, is as it was then. It is asked for once
    /// the templates and the content folder are read: the cache may still be loading on another core.
    static func load(
        _ options: BuildOptions, diagnostics: inout DiagnosticCollector, previous: GeneratedAssets? = nil,
        strings cached: () -> [String: [String: String]]? = { nil }
    ) throws(DiagnosticError) -> SiteInputs {
        let loader = ContentLoader(contentDir: URL(filePath: options.contentDir), displayName: options.contentDir)
        guard FileManager.default.fileExists(atPath: options.contentDir) else {
            throw DiagnosticError([
                .error(at: .whole(options.contentDir), "content folder not found")
            ])
        }
        var config = try SiteConfig.load(
            contentDir: loader.contentDir, displayPrefix: loader.displayPrefix, languageFolders: loader.languageFolders())
        if let baseURL = options.baseURL { config.baseURL = SiteConfig.normalizedBaseURL(baseURL) ?? baseURL }
        let templatesPrefix = options.templatesDir.hasSuffix("/") ? options.templatesDir : options.templatesDir + "/"
        let templatesDir = URL(filePath: options.templatesDir)
        var strings: UIStrings?
        var templates: TemplateSet?
        var assets: Assets?
        var generated: [String: String] = [:]
        // Without the folder, one clear error instead of one per template, strings file and asset
        // (the content is still checked): the usual cause is running the tool outside the site's
        // folder with only `--content` given.
        let templatesFound = Files.isFolder(options.templatesDir)
        if templatesFound {
            do {
                templates = try TemplateSet.load(templatesDir: templatesDir, displayPrefix: templatesPrefix)
            } catch { diagnostics.report(contentsOf: error.diagnostics) }
        } else {
            diagnostics.report(
                .error(
                    at: .whole(options.templatesDir), "templates folder not found",
                    suggestion: "run lifecycle-docs from the site's folder (the one that holds Templates/) or pass --templates DIR"))
        }
        // The scan's failure is thrown once strings and assets have reported theirs too.
        let scanned: Result<(articles: [ArticleSource], files: [ContentFile]), DiagnosticError>
        do throws(DiagnosticError) {
            scanned = .success(try loader.scan(config: config, diagnostics: &diagnostics))
        } catch {
            scanned = .failure(error)
        }
        let loaded = cached()
        let fromCache = loaded.map { Set($0.keys) == Set(config.languages.map(\.code)) } ?? false
        if fromCache, let loaded { strings = UIStrings(tables: loaded) }
        if templatesFound {
            if strings == nil {
                do {
                    strings = try UIStrings.load(
                        i18nDir: templatesDir.appending(path: "i18n"), displayPrefix: templatesPrefix + "i18n/",
                        languages: config.languages.map(\.code))
                } catch { diagnostics.report(contentsOf: error.diagnostics) }
            }
            do {
                // The browser player reads the exported model; a script (not JSON) so it loads from file:// too.
                var loaded = try Assets.load(assetsDir: templatesDir.appending(path: "assets"), displayPrefix: templatesPrefix + "assets/")
                func add(_ name: String, _ make: () -> Data) {
                    loaded = loaded.adding(name, previous?.data(name) ?? make())
                    generated[name] = loaded.files.last?.publishedPath
                }
                add("model.js") { Data(("window.LIFECYCLE_MODEL = " + ModelExport.json() + ";\n").utf8) }
                if let strings {
                    for language in config.languages {
                        add(ModelNamesScript.assetName(language.code)) { Data(ModelNamesScript.script(strings: strings, lang: language.code).utf8) }
                        for machine in Machines.all {
                            add(DiagramFiles.assetName(machine: machine.id, lang: language.code)) {
                                Data(DiagramFiles.document(strings: strings, lang: language.code, machine: machine).utf8)
                            }
                        }
                    }
                }
                assets = loaded
            } catch { diagnostics.report(contentsOf: error.diagnostics) }
        }
        if let strings, let templates {
            diagnostics.report(contentsOf: templates.unknownUIStrings(strings, lang: config.defaultLanguage))
        }
        let (sources, files) = try scanned.get()
        let pages = strings.flatMap { strings in templates.flatMap { templates in assets.map {
            Pages(strings: strings, templates: templates, assets: $0, furniture: PageFurniture(config: config, assets: $0.templateKeys))
        } } }
        return SiteInputs(
            config: config, strings: strings, pages: pages, sources: sources, files: files, includeDrafts: options.drafts,
            stringsFromCache: fromCache, generated: generated)
    }

    /// Reads articles with their links to sources resolved against this site's articles and files.
    func articleReader() -> ArticleReader {
        ArticleReader(sourceLinks: SourceLinks(config: config, sources: sources, files: files), frontMatters: frontMatters)
    }

    func articlesPerLanguage(_ articles: [String: [String: Article]]) -> [(lang: String, count: Int)] {
        config.languages.map { language in (lang: language.code, count: articles.values.count { $0[language.code] != nil }) }
    }
}
