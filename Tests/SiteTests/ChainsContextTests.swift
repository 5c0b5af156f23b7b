import Diagnostics
import Foundation
import LifecycleMachines
import LifecycleModel
import Mustache
import Testing
import TestSupport

@testable import Scenarios
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// A page's verified chains are records holding the names the build made once per machine and
/// language; they were dictionaries of names looked up for every step. Over the repository's
/// chains in every language (and each again on a machine the model lacks), both render the same
/// bytes: through the chains' partial, and through random templates over their names.
/// `CHAINS_CONTEXT_SEED` shifts the seed.
@Suite struct ChainsContextTests {
    static let names = [
        "chains", "hasChains", "number", "text", "machine", "machineTitle", "en", "steps", "event", "eventName", "eventSummary",
        "row", "url", "t", "title",
    ]

    @Test func recordsRenderAsTheDictionariesDid() throws {
        let templates = try TemplateSet.load(templatesDir: repositoryRoot.appending(path: "Templates"), displayPrefix: "Templates/")
        var random = SeededRandom(seed: 25 &+ SeededRandom.seedOffset("CHAINS_CONTEXT_SEED"))
        var compared = 0
        var unknownMachines = 0
        for strings in [UIStrings(), try Self.repositoryStrings()] {
            let config = SiteConfig.withoutFile(languageFolders: ["es", "bg", "it", "pt"])
            let contexts = PageContexts(
                config: config, strings: strings, furniture: PageFurniture(config: config, assets: [:]), articles: [:],
                translations: TranslationMatrix(languages: [], rows: []), values: ArticleRenderer(strings: strings).values)
            try forEachRepositoryArticle { lang, file, read in
                var chains = read.article.chains
                guard !chains.isEmpty else { return }
                // The same chains on a machine the model does not have: its id and the events' ids are shown.
                chains += chains.map { chain in
                    ProseChain(
                        number: chain.number + 100, node: chain.node, start: chain.start, end: chain.end, text: chain.text,
                        location: chain.location,
                        check: ChainCheck(machine: "no-such-machine", kind: chain.check.kind, ids: chain.check.ids, ok: chain.ok, failure: nil),
                        witness: chain.witness)
                }
                unknownMachines += chains.count / 2
                let records = contexts.chainsValue(chains, lang: lang)
                let dictionaries = contexts.dictionaryChains(chains, lang: lang)
                func page(_ chains: MustacheValue) -> MustacheValue { .object(["hasChains": .bool(true), "chains": chains]) }
                #expect(
                    try templates.render("partials/verified-chains", page(records))
                        == templates.render("partials/verified-chains", page(dictionaries)),
                    "\(lang)/\(file)")
                for _ in 0..<20 {
                    let source = "{{#chains}}" + ExerciseContextTests.template(&random, depth: 4, names: Self.names) + "{{/chains}}"
                    let template = try MustacheTemplate(source: source, name: "page")
                    let library = MustacheLibrary(templates: [:])
                    #expect(try library.render(template, page(records)) == library.render(template, page(dictionaries)), "\(source)")
                }
                compared += 1
            }
        }
        // The repository's articles hold chains: none found means the content was not read.
        #expect(compared > 10)
        #expect(unknownMachines > 10)
    }

    /// The repository's UI strings: translated machine, event and summary names.
    static func repositoryStrings() throws -> UIStrings {
        let i18n = repositoryRoot.appending(path: "Templates/i18n")
        return try UIStrings.load(i18nDir: i18n, displayPrefix: "Templates/i18n/", languages: ["es", "bg", "it", "pt"])
    }
}

extension PageContexts {
    /// The chains as `article` made them before records (1b5c63d): the reference the test compares with.
    func dictionaryChains(_ chains: [ProseChain], lang: String) -> MustacheValue {
        let names = ModelNames(strings: strings, lang: lang)
        return .array(chains.map { chain in
            let machine = Machines.machine(chain.machine)
            return .object([
                "number": .int(chain.number),
                "text": .string(chain.text),
                "machine": .string(chain.machine),
                "machineTitle": machine.map { names.value(names.title($0)) } ?? names.value(DisplayName(chain.machine, english: true)),
                "steps": .array(chain.witness.map { transition in
                    .object([
                        "event": .string(transition.event),
                        "eventName": .string(names.event(transition.event).text),
                        "eventSummary": .string(machine.map { names.summary($0, transition.event) } ?? ""),
                        "row": .string(transition.row),
                        "url": .string(transition.sources.first.flatMap { SourceIndex.source($0)?.url } ?? ""),
                    ])
                }),
            ])
        })
    }
}
