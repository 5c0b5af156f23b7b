import Diagrams
import Encoding
import Foundation
import LifecycleModel
import Mustache
import Scenarios
import SiteContent
import Translations
import LifecycleMachines

/// Builds the Mustache context of every kind of page. Templates get plain
/// strings; every value is escaped by the template unless it is `body`.
package struct PageContexts: Sendable {
    let config: SiteConfig
    let strings: UIStrings
    /// slug → lang → article
    let articles: [String: [String: Article]]
    let translations: TranslationMatrix
    /// Every language's articles in reading order (sidebar, previous/next).
    let navigation: SiteNavigation
    /// What pages of one language share, worked out once (pass the build's `ArticleRenderer.values`).
    let values: LanguageValues
    /// What every page shows whatever its content, made once per build.
    let furniture: PageFurniture

    package init(
        config: SiteConfig, strings: UIStrings, furniture: PageFurniture, articles: [String: [String: Article]], translations: TranslationMatrix,
        navigation: SiteNavigation = .empty, values: LanguageValues? = nil
    ) {
        self.navigation = navigation
        self.config = config
        self.strings = strings
        self.values = values ?? LanguageValues(strings: strings)
        self.furniture = furniture
        self.articles = articles
        self.translations = translations
    }

    var links: SiteLinks { SiteLinks(config: config) }

    /// The context of an article's page; `body` is what `{{{body}}}` writes (the build gives a slot
    /// that the article's bytes then replace in the page).
    package func article(_ article: Article, body: String) -> MustacheValue {
        let dir = SiteLinks.articleDir(article.lang, article.slug)
        let translations = articles[article.slug] ?? [:]
        let alternates = articleAlternates(article.slug).map(alternate)

        let switcher: [MustacheValue] = config.languages.map { language in
            let has = translations[language.code] != nil
            let target = has ? SiteLinks.articleDir(language.code, article.slug) : SiteLinks.homeDir(language.code)
            return .object([
                "code": .string(language.code),
                "name": .string(language.name),
                "href": .string(SiteLinks.link(from: dir, to: target)),
                "current": .bool(language.code == article.lang),
                "missing": .bool(!has),
            ])
        }
        var context = common(
            lang: article.lang, dir: dir, title: article.title, description: article.description,
            alternates: alternates, switcher: switcher, addedKeys: Self.articleKeyCount)
        context["body"] = .string(body)
        context["toc"] = .array(article.toc.map {
            .object(["id": .string($0.id), "text": .string($0.text), "html": .string($0.html), "sub": .bool($0.level > 2)])
        })
        context["hasToc"] = .bool(!article.toc.isEmpty)
        context["chains"] = chainsValue(article.chains, lang: article.lang)
        context["hasChains"] = .bool(!article.chains.isEmpty)
        context["sourcePath"] = .string(article.displayPath)
        context["draft"] = .bool(article.draft)
        let tutorial = article.layout == .tutorial
        context["tutorial"] = .bool(tutorial)
        if tutorial {
            context["tutorialKey"] = .string(article.lang + "/" + article.slug)
            context["stepCount"] = .int(article.tutorialSteps)
            context["hasTutorialSteps"] = .bool(article.tutorialSteps > 0)
        }
        // The player's controls (`template#ld-player`), once, on pages with examples only.
        context["playerControls"] = .bool(article.examples > 0)
        // The exercise script (`assets/exercise.js`) and its words, on pages that need them only.
        if tutorial || article.exercises > 0 {
            context["exerciseScript"] = .bool(true)
            context["exerciseStrings"] = .string(exerciseStrings(article.lang))
        }
        if let updated = article.updated {
            context["updated"] = .object(["iso": .string(updated.iso), "text": .string(LocalFormat.date(updated, lang: article.lang))])
        }
        addNavigation(to: &context, article: article, dir: dir)
        if let cell = self.translations.cell(slug: article.slug, lang: article.lang), let from = cell.from, let source = config.language(from) {
            let staleTitles: [String] = if case .stale = cell.status { cell.staleTitles } else { [] }
            let untranslated: [String] = cell.untranslated.compactMap { index in
                index < article.sections.count ? article.sections[index].title : nil
            }
            // A new title or description in the source makes the page stale too, with no section to name.
            let staleMeta: Bool = if case .stale = cell.status { cell.staleMeta } else { false }
            if !staleTitles.isEmpty || staleMeta || !untranslated.isEmpty {
                context["translationNotice"] = .object([
                    "stale": .bool(!staleTitles.isEmpty || staleMeta),
                    "hasStaleSections": .bool(!staleTitles.isEmpty),
                    "staleSections": .array(staleTitles.map { .string($0) }),
                    "untranslated": .bool(!untranslated.isEmpty),
                    "sourceName": .string(source.name),
                    "sourceCode": .string(from),
                    "sourceHref": .string(SiteLinks.link(from: dir, to: SiteLinks.articleDir(from, article.slug))),
                ])
            }
        }
        return .object(context)
    }

    /// The page's verified chains, `{number, text, machine, machineTitle, steps}` each: their
    /// machines' names as the page's figures have them (`LanguageValues.figureValues`, made once
    /// per machine and language), where a chain made and hashed its names' keys for every step.
    func chainsValue(_ chains: [ProseChain], lang: String) -> MustacheValue {
        .array(chains.map { chain in
            if let machine = Machines.machine(chain.machine) {
                let shared = values.figureValues(machine, lang: lang)
                return chainValue(chain, machineTitle: shared.title, eventName: shared.events.nameValue, eventSummary: shared.events.summaryValue)
            }
            // A machine the model lacks: its id as written, in English, and the events' names alone.
            let names = ModelNames(strings: strings, lang: lang)
            return chainValue(
                chain, machineTitle: names.value(DisplayName(chain.machine, english: true)),
                eventName: { .string(names.event($0).text) }, eventSummary: { _ in .string("") })
        })
    }

    private func chainValue(
        _ chain: ProseChain, machineTitle: MustacheValue, eventName: (String) -> MustacheValue, eventSummary: (String) -> MustacheValue
    ) -> MustacheValue {
        let steps: [MustacheValue] = chain.witness.map { transition in
            .record(MustacheRecord(Self.chainStepShape, [
                .string(transition.event),
                eventName(transition.event),
                eventSummary(transition.event),
                .string(transition.row),
                .string(transition.sources.first.flatMap { SourceIndex.source($0)?.url } ?? ""),
            ]))
        }
        return .record(MustacheRecord(Self.chainShape, [.int(chain.number), .string(chain.text), .string(chain.machine), machineTitle, .array(steps)]))
    }

    /// A verified chain: `{number, text, machine, machineTitle, steps}`.
    private static let chainShape = MustacheShape(["number", "text", "machine", "machineTitle", "steps"])
    /// A step of a chain: `{event, eventName, eventSummary, row, url}`.
    private static let chainStepShape = MustacheShape(["event", "eventName", "eventSummary", "row", "url"])

    /// The words `exercise.js` writes (`LanguageValues.exerciseStrings`).
    func exerciseStrings(_ lang: String) -> String { values.exerciseStrings(lang) }

    // MARK: Navigation

    /// Sidebar, previous/next, breadcrumb, "Edit this page" and Open Graph type of an article page.
    private func addNavigation(to context: inout [MustacheKey: MustacheValue], article: Article, dir: String) {
        let entries = navigation.entries(article.lang)
        let values = navigation.linkValues[article.lang] ?? []
        let position = entries.firstIndex { $0.slug == article.slug }
        let pageIsFolder = SiteLinks.isFolderName(article.slug)
        // The build's values of the entry where they hold (`SiteLinks.articleLink` would give the
        // sibling link too); the page itself and any other slug the way `articleLink` goes.
        func link(_ index: Int) -> MustacheValue {
            let entry = entries[index]
            // Another article (`!=`: not the page, so `current` is false) through the build's value.
            if pageIsFolder, let sibling = values[index].siblingLink, entry.slug != article.slug { return sibling }
            let href: MustacheValue
            if pageIsFolder, let sibling = values[index].siblingHref, !entry.slug.utf8.elementsEqual(article.slug.utf8) {
                href = sibling
            } else {
                href = .string(SiteLinks.articleLink(lang: article.lang, from: article.slug, to: entry.slug))
            }
            return .record(MustacheRecord(SiteNavigation.LinkValues.linkShape, [values[index].title, href, .bool(entry.slug == article.slug)]))
        }
        // A language with hundreds of articles would put every one of them on every page (and a
        // site of 20,000 pages gigabytes of links): past `sidebarLimit` the sidebar shows the
        // articles around this one and links to the language home, which lists them all.
        var shown = entries.indices
        if entries.count > Self.sidebarLimit, let position {
            let start = max(0, min(position - Self.sidebarLimit / 2, entries.count - Self.sidebarLimit))
            shown = start..<(start + Self.sidebarLimit)
            context["sidebarMore"] = .object([
                "href": .string(SiteLinks.link(from: dir, to: SiteLinks.homeDir(article.lang))),
                "count": .string(LocalFormat.number(entries.count, lang: article.lang)),
            ])
        }
        context["sidebar"] = .array(shown.map(link))
        context["hasSidebar"] = .bool(!entries.isEmpty)
        if let position {
            let previous = position > 0 ? position - 1 : nil
            let next = position + 1 < entries.count ? position + 1 : nil
            if let previous { context["previous"] = link(previous) }
            if let next { context["next"] = link(next) }
            context["hasPager"] = .bool(previous != nil || next != nil)
        }
        if let edit = config.editLink(lang: article.lang, slug: article.slug) { context["editHref"] = .string(edit) }
        context["ogType"] = .string("article")
    }

    /// The most articles a sidebar lists (the page's neighbours in the reading order).
    static let sidebarLimit = 40

    /// The Open Graph locale of a language code: `pt` → `pt_BR`, `pt-PT` → `pt_PT`.
    static func ogLocale(_ code: String) -> String {
        let parts = code.split(separator: "-")
        if parts.count > 1, let region = parts.last, region.count == 2 { return parts[0] + "_" + region.uppercased() }
        let language = String(parts.first ?? "")
        return ogRegions[language].map { language + "_" + $0 } ?? language
    }

    /// The region a language is most read in; the Portuguese pages are written in Brazilian
    /// Portuguese. Made once: every page asks for each language's locale.
    private static let ogRegions = [
        "es": "ES", "pt": "BR", "bg": "BG", "it": "IT", "en": "US", "fr": "FR", "de": "DE", "ja": "JP", "ko": "KR",
        "zh": "CN", "ru": "RU", "uk": "UA", "pl": "PL", "nl": "NL", "sv": "SE", "cs": "CZ", "el": "GR", "tr": "TR",
    ]

    package func home(_ lang: String) -> MustacheValue {
        let dir = SiteLinks.homeDir(lang)
        // The sidebar's order: weight, then title in the language's order, then slug.
        let own = Self.inReadingOrder(articles.values.compactMap { $0[lang] }, lang: lang)
        let untranslated = articles.keys.sorted().compactMap { slug -> MustacheValue? in
            guard let versions = articles[slug], versions[lang] == nil else { return nil }
            let available = config.languages.filter { versions[$0.code] != nil }
            guard let shown = versions[config.defaultLanguage] ?? available.first.flatMap({ versions[$0.code] }) else { return nil }
            return .object([
                "title": .string(shown.title),
                "titleLang": .string(shown.lang),
                "languages": .array(available.map { language in
                    .object([
                        "code": .string(language.code),
                        "name": .string(language.name),
                        "href": .string(SiteLinks.link(from: dir, to: SiteLinks.articleDir(language.code, slug))),
                    ])
                }),
            ])
        }
        let alternates = homeAlternates().map(alternate)
        let site = config.language(lang)
        var context = common(
            lang: lang, dir: dir, title: site?.siteTitle ?? "LifecycleDocs",
            description: site?.siteDescription ?? strings.string("languageHomeIntro", lang: lang),
            alternates: alternates, switcher: switcher(lang: lang, dir: dir, page: SiteLinks.homeDir))
        context["isHome"] = .bool(true)
        context["articles"] = .array(own.map { article in
            .object([
                "title": .string(article.title),
                "description": .string(article.description),
                "href": .string(SiteLinks.link(from: dir, to: SiteLinks.articleDir(lang, article.slug))),
                "platforms": .array(article.platforms.map { .string($0) }),
            ])
        })
        context["hasArticles"] = .bool(!own.isEmpty)
        context["untranslated"] = .array(untranslated)
        context["hasUntranslated"] = .bool(!untranslated.isEmpty)
        return .object(context)
    }

    /// `articles` of `lang` in its reading order (`SiteNavigation.precedes`). Their sidebar entries
    /// are sorted by position, then the articles picked: sorting the `Article`s themselves copied
    /// one (a retain for each of its fields) at every move, and made two entries at every comparison.
    static func inReadingOrder(_ articles: [Article], lang: String) -> [Article] {
        let locale = Locale(identifier: lang)
        let entries = articles.map { SiteNavigation.Entry(slug: $0.slug, title: $0.title, weight: $0.weight) }
        return entries.indices.sorted { SiteNavigation.precedes(entries[$0], entries[$1], locale: locale) }.map { articles[$0] }
    }

    /// A language's tutorials (`layout: tutorial`), in its reading order.
    package func tutorials(_ lang: String) -> MustacheValue {
        let dir = SiteLinks.tutorialsDir(lang)
        let own = Self.inReadingOrder(articles.values.compactMap { $0[lang] }.filter { $0.layout == .tutorial }, lang: lang)
        var context = common(
            lang: lang, dir: dir, title: strings.string("tutorialsTitle", lang: lang),
            description: strings.string("tutorialsIntro", lang: lang),
            alternates: tutorialsAlternates().map(alternate), switcher: switcher(lang: lang, dir: dir, page: SiteLinks.tutorialsDir))
        context["tutorials"] = .array(own.map { article in
            .object([
                "title": .string(article.title),
                "description": .string(article.description),
                "href": .string(SiteLinks.link(from: dir, to: SiteLinks.articleDir(lang, article.slug))),
                // The key its page keeps the reader's progress under (`exercise.js`), which `site.js` shows here.
                "key": .string(article.lang + "/" + article.slug),
                "steps": .int(article.tutorialSteps),
                "hasSteps": .bool(article.tutorialSteps > 0),
                "size": .string(tutorialSize(steps: article.tutorialSteps, exercises: article.exercises, lang: lang)),
                "platforms": .array(article.platforms.map { .string($0) }),
            ])
        })
        context["hasTutorials"] = .bool(!own.isEmpty)
        return .object(context)
    }

    /// "5 pasos · 8 ejercicios": a lesson's size as the tutorials home shows it (no exercises, no count of them).
    func tutorialSize(steps: Int, exercises: Int, lang: String) -> String {
        func counted(_ count: Int, _ key: String) -> String {
            count == 1 ? strings.string(key + "One", lang: lang)
                : strings.string(key + "Other", lang: lang).replacingOccurrences(of: "{count}", with: LocalFormat.number(count, lang: lang))
        }
        let exercisesText = exercises > 0 ? " · " + counted(exercises, "tutorialsExercises") : ""
        return counted(steps, "tutorialsSteps") + exercisesText
    }

    package func tutorialsAlternates() -> [Alternate] {
        config.languages.map { Alternate(hreflang: $0.code, url: links.absolute(SiteLinks.tutorialsDir($0.code))) }
            + [Alternate(hreflang: "x-default", url: links.absolute(SiteLinks.tutorialsDir(config.defaultLanguage)))]
    }

    /// The translation status of every article in every language, seen from `lang`.
    package func status(_ lang: String) -> MustacheValue {
        let dir = SiteLinks.statusDir(lang)
        var context = common(
            lang: lang, dir: dir, title: strings.string("translationStatus", lang: lang),
            description: strings.string("translationStatusIntro", lang: lang),
            alternates: config.languages.map { alternate(Alternate(hreflang: $0.code, url: links.absolute(SiteLinks.statusDir($0.code)))) },
            switcher: switcher(lang: lang, dir: dir, page: SiteLinks.statusDir))
        context["columns"] = .array(config.languages.map { .object(["code": .string($0.code), "name": .string($0.name)]) })
        // Looked up once per page, not once per cell.
        let statuses: [TranslationStatus] = [.source, .current, .inProgress, .stale(sections: []), .broken, .missing]
        let labels = Dictionary(statuses.map { ($0.name, strings.string(Self.statusKey($0), lang: lang)) }, uniquingKeysWith: { first, _ in first })
        context["rows"] = .array(translations.rows.map { row in
            // The reader's own title where the article is in their language; the source's otherwise.
            let own = articles[row.slug]?[lang]
            return .object([
                "title": .string(own?.title ?? row.title),
                "titleLang": .string(own == nil ? row.titleLang : lang),
                "cells": .array(config.languages.map { language in
                    let cell = row.cells[language.code] ?? TranslationCell(status: .missing)
                    let exists = articles[row.slug]?[language.code] != nil
                    var detail = cell.staleTitles.joined(separator: " · ")
                    if !cell.untranslated.isEmpty {
                        detail += (detail.isEmpty ? "" : " · ") + strings.string("untranslatedSections", lang: lang)
                            + ": " + LocalFormat.number(cell.untranslated.count, lang: lang)
                    }
                    return .object([
                        "status": .string(cell.status.name),
                        "label": .string(labels[cell.status.name] ?? cell.status.name),
                        "href": .string(exists ? SiteLinks.link(from: dir, to: SiteLinks.articleDir(language.code, row.slug)) : ""),
                        "detail": .string(detail),
                    ])
                }),
            ])
        })
        let cells = translations.rows.compactMap { $0.cells[lang] }
        // A translation with sections still in the source language is not available yet: counted apart.
        let inProgress = cells.count { !$0.untranslated.isEmpty && $0.status != .missing }
        let ready = cells.count { if case .missing = $0.status { false } else { $0.untranslated.isEmpty } }
        context["summary"] = .string(
            strings.string("translatedShare", lang: lang) + ": " + LocalFormat.number(ready, lang: lang) + " / "
                + LocalFormat.number(cells.count, lang: lang) + " (" + LocalFormat.percent(ready, of: cells.count, lang: lang) + ")"
                + (inProgress == 0 ? "" : " · " + strings.string("statusInProgress", lang: lang) + ": " + LocalFormat.number(inProgress, lang: lang)))
        return .object(context)
    }

    /// The UI string of a status: `statusStale`.
    static func statusKey(_ status: TranslationStatus) -> String {
        if case .inProgress = status { return "statusInProgress" }
        return "status" + status.name.prefix(1).uppercased() + status.name.dropFirst()
    }

    /// The playground: every machine, with its diagram for the player to show.
    package func playground(_ lang: String) -> MustacheValue {
        let dir = SiteLinks.playgroundDir(lang)
        var context = common(
            lang: lang, dir: dir, title: strings.string("playgroundTitle", lang: lang),
            description: strings.string("playgroundIntro", lang: lang),
            alternates: playgroundAlternates().map(alternate), switcher: switcher(lang: lang, dir: dir, page: SiteLinks.playgroundDir))
        let names = ModelNames(strings: strings, lang: lang)
        context["machines"] = .array(Machines.all.map { machine in
            .object([
                "id": .string(machine.id),
                "title": .string(names.title(machine).text),
                "diagram": .string(StateDiagram.svg(for: machine, idPrefix: "pg-\(machine.id)", labels: names.diagramLabels(machine))),
            ])
        })
        return .object(context)
    }

    package func playgroundAlternates() -> [Alternate] {
        config.languages.map { Alternate(hreflang: $0.code, url: links.absolute(SiteLinks.playgroundDir($0.code))) }
            + [Alternate(hreflang: "x-default", url: links.absolute(SiteLinks.playgroundDir(config.defaultLanguage)))]
    }

    /// The root page: one entry per language, each in its own language, under the site's name.
    package func chooser() -> MustacheValue {
        let lang = config.defaultLanguage
        let alternates = homeAlternates().map(alternate)
        var context = common(
            lang: lang, dir: "", title: config.language(lang)?.siteTitle ?? "LifecycleDocs",
            description: config.language(lang)?.siteDescription ?? "", alternates: alternates, switcher: [])
        // The site's name (`common`'s, of the default language) stands for every language's
        // title, in the page and in its metadata.
        context["siteTitle"] = context["siteName"]
        context["choices"] = .array(config.languages.map { language in
            .object([
                "code": .string(language.code),
                "name": .string(language.name),
                "siteTitle": .string(language.siteTitle),
                "description": .string(language.siteDescription ?? language.siteTitle),
                "prompt": .string(strings.string("chooseLanguage", lang: language.code)),
                "href": .string(SiteLinks.link(from: "", to: SiteLinks.homeDir(language.code))),
            ])
        })
        return .object(context)
    }

    /// A 404 page in `lang`, served at any depth, so its links start at the base path.
    package func notFound(_ lang: String) -> MustacheValue {
        var context = common(
            lang: lang, dir: "", title: strings.string("notFoundTitle", lang: lang), description: "",
            alternates: [], switcher: [])
        context["root"] = .string(config.basePath)
        context["faviconHref"] = .string(config.basePath + SiteFiles.faviconPath)
        context["homeHref"] = .string(config.basePath + SiteLinks.homeDir(lang) + "index.html")
        context["playgroundHref"] = .string(config.basePath + SiteLinks.playgroundDir(lang) + "index.html")
        context["statusHref"] = .string(config.basePath + SiteLinks.statusDir(lang) + "index.html")
        context["tutorialsHref"] = .string(config.basePath + SiteLinks.tutorialsDir(lang) + "index.html")
        context["modelHref"] = .string(config.basePath + SiteLinks.modelDir(lang) + "index.html")
        context["canonical"] = nil
        // The page's own language first: a reader lost under /bg/ is offered the Bulgarian home first.
        let languages = config.languages.filter { $0.code == lang } + config.languages.filter { $0.code != lang }
        context["homes"] = .array(languages.map { language in
            .object([
                "code": .string(language.code),
                "name": .string(language.name),
                "href": .string(config.basePath + SiteLinks.homeDir(language.code) + "index.html"),
                "backToHome": .string(strings.string("backToHome", lang: language.code)),
            ])
        })
        return .object(context)
    }

    func common(
        lang: String, dir: String, title: String, description: String,
        alternates: [MustacheValue], switcher: [MustacheValue], addedKeys: Int = 0
    ) -> [MustacheKey: MustacheValue] {
        let site = config.language(lang)
        let canonical = links.absolute(dir)
        let shared = furniture.language(lang)
        let root = SiteLinks.rootPrefix(from: dir)
        // Room for the keys the caller adds: an article's page outgrew the table of these keys
        // alone, and every key was hashed again into a table twice the size.
        var context = [MustacheKey: MustacheValue](minimumCapacity: Self.commonKeyCount + addedKeys)
        context["ogType"] = .string("website")
        context["ogLocale"] = shared.ogLocale
        context["ogLocaleAlternates"] = shared.ogLocaleAlternates
        // Open Graph wants an absolute URL; a site built for a bare path has none to give.
        context["ogURL"] = .string(canonical.hasPrefix("http://") || canonical.hasPrefix("https://") ? canonical : "")
        context["faviconHref"] = .string(root + SiteFiles.faviconPath)
        context["lang"] = .string(lang)
        context["title"] = .string(title)
        context["siteTitle"] = .string(site?.siteTitle ?? "LifecycleDocs")
        context["siteName"] = shared.siteName
        context["siteTagline"] = shared.siteTagline
        context["description"] = .string(description)
        context["canonical"] = .string(canonical)
        context["alternates"] = .array(alternates)
        context["languages"] = .array(switcher)
        context["hasLanguages"] = .bool(switcher.count > 1)
        context["root"] = .string(root)
        context["homeHref"] = .string(SiteLinks.link(from: dir, to: SiteLinks.homeDir(lang)))
        context["playgroundHref"] = .string(SiteLinks.link(from: dir, to: SiteLinks.playgroundDir(lang)))
        context["statusHref"] = .string(SiteLinks.link(from: dir, to: SiteLinks.statusDir(lang)))
        context["tutorialsHref"] = .string(SiteLinks.link(from: dir, to: SiteLinks.tutorialsDir(lang)))
        context["modelHref"] = .string(SiteLinks.link(from: dir, to: SiteLinks.modelDir(lang)))
        context["assets"] = furniture.assetsValue
        // The model's display names in this language, for the player (window.LIFECYCLE_NAMES).
        context["modelNames"] = shared.modelNames
        context["t"] = values.t(lang)
        return context
    }

    /// The keys `common` gives a page.
    static let commonKeyCount = 24
    /// The most keys `article` adds to `common`'s (`ogType` it sets again).
    static let articleKeyCount = 23

    /// hreflang links of an article: every translation, plus `x-default`
    /// pointing at the default language's version (or the first one there is).
    package func articleAlternates(_ slug: String) -> [Alternate] {
        let translations = articles[slug] ?? [:]
        let available = config.languages.filter { translations[$0.code] != nil }.map(\.code)
        var result = available.map { Alternate(hreflang: $0, url: links.absolute(SiteLinks.articleDir($0, slug))) }
        if let fallback = available.contains(config.defaultLanguage) ? config.defaultLanguage : available.first {
            result.append(Alternate(hreflang: "x-default", url: links.absolute(SiteLinks.articleDir(fallback, slug))))
        }
        return result
    }

    /// hreflang links of the language homes; `x-default` is the language chooser.
    package func homeAlternates() -> [Alternate] {
        config.languages.map { Alternate(hreflang: $0.code, url: links.absolute(SiteLinks.homeDir($0.code))) }
            + [Alternate(hreflang: "x-default", url: links.absolute(""))]
    }

    /// The language switcher of a page every language has (`page(lang)` is its folder in `lang`).
    func switcher(lang: String, dir: String, page: (String) -> String) -> [MustacheValue] {
        config.languages.map { language in
            .object([
                "code": .string(language.code),
                "name": .string(language.name),
                "href": .string(SiteLinks.link(from: dir, to: page(language.code))),
                "current": .bool(language.code == lang),
                "missing": .bool(false),
            ])
        }
    }

    func alternate(_ link: Alternate) -> MustacheValue {
        .object(["hreflang": .string(link.hreflang), "href": .string(link.url)])
    }
}
