import Encoding
import Foundation
import LifecycleMachines
import LifecycleModel
import Testing
import TestSupport

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender

/// The model reference (`<lang>/model/` and a page per machine), on the repository's own site:
/// every transition of the model is on its machine's page with what it is judged by, in the
/// page's language.
@Suite struct ModelReferenceTests {
    static let languages = ["es", "pt", "bg", "it"]

    @Test(arguments: languages) func theReferenceListsEveryMachineAndSaysWhatEachConfidenceMeans(lang: String) throws {
        let html = try read(try repositorySite.get().appending(path: "\(lang)/model/index.html"))
        let strings = try repositoryStrings(lang)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(lang)\">"))
        #expect(html.contains("<h1>\(strings["modelTitle"] ?? "?")</h1>"))
        for machine in Machines.all {
            #expect(html.contains("<a href=\"\(machine.id)/index.html\">"), "no link to \(machine.id)")
            #expect(html.contains("<code>\(machine.id)</code>"))
            #expect(html.contains("\(strings["modelTransitions"] ?? "?"): \(machine.transitions.count)"))
        }
        for confidence in Confidence.allCases {
            let meaning = try #require(strings[PageContexts.meaningKey(confidence)])
            #expect(html.contains("<dd>\(escaped(meaning))</dd>"), "\(confidence) not explained")
        }
    }

    /// One row per transition, grouped by the state it leaves; each row's sources are entries of
    /// the page's list of sources, which link the official pages.
    @Test(arguments: languages) func everyTransitionIsARowWithItsSources(lang: String) throws {
        let site = try repositorySite.get()
        for machine in Machines.all {
            let html = try read(site.appending(path: "\(lang)/model/\(machine.id)/index.html"))
            let rows = html.matches(of: /<tr data-event="([A-Za-z]+)" data-confidence="([a-z-]+)">/)
            #expect(rows.map { String($0.output.1) } == machine.states.flatMap { state in
                machine.transitions.filter { $0.from == state.id }.map(\.event)
            }, "\(lang)/\(machine.id): the rows are not the machine's transitions in the order of their states")
            #expect(rows.map { String($0.output.2) } == machine.states.flatMap { state in
                machine.transitions.filter { $0.from == state.id }.map(\.confidence.rawValue)
            })
            for state in machine.states where machine.transitions.contains(where: { $0.from == state.id }) {
                #expect(html.contains("<h3 id=\"from-\(state.id)\">"), "\(machine.id): no group for \(state.id)")
            }
            let cited = Set(machine.transitions.flatMap(\.sources))
            #expect(!cited.isEmpty)
            for tag in cited {
                let source = try #require(SourceIndex.source(tag))
                #expect(html.contains("<a href=\"#source-\(tag)\">\(tag)</a>"), "\(machine.id): no row cites \(tag)")
                #expect(html.contains("<dt id=\"source-\(tag)\">\(tag)</dt>\n<dd><a href=\"\(source.url)\" lang=\"en\">"), "\(machine.id): \(tag) not listed")
            }
            // No entry the rows do not cite.
            #expect(html.matches(of: /<dt id="source-/).count == cited.count)
            for confidence in Confidence.allCases {
                let count = machine.transitions.count { $0.confidence == confidence }
                let label = try #require(try repositoryStrings(lang)[ExerciseFigure.confidenceKey(confidence)])
                let summary = "<tr><td><span class=\"confidence\" data-confidence=\"\(confidence.rawValue)\">\(escaped(label))</span></td><td>\(LocalFormat.number(count, lang: lang))</td></tr>"
                #expect(html.contains(summary) == (count > 0), "\(machine.id): \(confidence) counted wrong")
            }
        }
    }

    /// What a transition depends on is written out in the page's words: the options, the
    /// process, the other scenes and what covers the activity.
    @Test func conditionsAreWrittenInThePagesLanguage() throws {
        let site = try repositorySite.get()
        let android = try read(site.appending(path: "es/model/android-activity/index.html"))
        #expect(android.contains("<span class=\"condition\">API ≥ 29</span>"))
        #expect(android.contains("<span class=\"condition\">targetSdk &lt; 28</span>"))
        #expect(android.contains("<span class=\"condition\">configChanges incluye <code>orientation</code></span>"))
        #expect(android.contains("<span class=\"condition\">configChanges no incluye <code>orientation</code></span>"))
        #expect(android.contains("<span class=\"condition\">nada la cubre o su propio diálogo tiene el foco</span>"))
        #expect(android.contains("<span class=\"condition\">la Activity es la raíz de su tarea</span>"))
        let scene = try read(site.appending(path: "bg/model/ios-scene/index.html"))
        #expect(scene.contains("<span class=\"condition\">Процес: работи или спрян</span>"))
        // The other scenes' states keep UIKit's names, marked English for a screen reader.
        #expect(scene.contains("<span class=\"condition\">другите сцени: <span lang=\"en\">"))
        // A transition with no condition says so.
        let app = try read(site.appending(path: "it/model/ios-app/index.html"))
        #expect(app.contains("<td>sempre</td>"))
    }

    @Test func conditionsOfEveryKindAreWrittenOnce() throws {
        let strings = try repositoryStrings("pt")
        let names = ModelNames(strings: UIStrings(tables: ["pt": strings]), lang: "pt")
        let text = { (key: String) in strings[key] ?? "?" }
        let transition = Transition(
            "T1", from: "a", on: "e", to: ["b"], covered: [.dialog, .uncovered], sources: [],
            when: [.apiAtLeast(24), .apiBelow(30), .targetSDKAtLeast(28), .targetSDKBelow(33), .configHandled("uiMode"),
                   .configNotHandled("locale"), .root(false), .process([.suspended, .running])])
        let machine = Machines.all[0]
        let made = PageContexts.conditions(transition, machine: machine, names: names, text: text)
        let rendered = made.map { value -> String in
            guard case .object(let fields) = value, case .string(let words)? = fields["text"] else { return "?" }
            var line = words
            if case .string(let code)? = fields["code"] { line += " `\(code)`" }
            if case .array(let listed)? = fields["names"] {
                for name in listed {
                    guard case .object(let name) = name, case .string(let separator)? = name["separator"], case .string(let text)? = name["text"] else { continue }
                    line += separator + text
                }
            }
            return line
        }
        #expect(rendered == [
            "API ≥ 24", "API < 30", "targetSdk ≥ 28", "targetSdk < 33", "configChanges inclui `uiMode`",
            "configChanges não inclui `locale`", "a Activity não é a raiz da sua tarefa",
            // The process's states and the covers in the model's order, not the order written.
            "Processo: em execução ou suspenso", "nada a cobre ou a sua própria caixa de diálogo tem o foco",
        ])
    }

    /// Every transition's note is in its row, in the page's language (none left in the model's
    /// English); a transition without a note says so with a dash.
    @Test(arguments: languages) func everyNoteIsShownInThePagesLanguage(lang: String) throws {
        let site = try repositorySite.get()
        let strings = try repositoryStrings(lang)
        for machine in Machines.all {
            let html = try read(site.appending(path: "\(lang)/model/\(machine.id)/index.html"))
            let cells = html.matches(of: /<td class="model-note">(.*?)<\/td><\/tr>/).map { String($0.output.1) }
            let expected = machine.states.flatMap { state in machine.transitions.filter { $0.from == state.id } }.map { transition in
                transition.note.map { PageContexts.noteHTML(strings[ModelNames.noteKey($0)] ?? "?") } ?? "—"
            }
            #expect(cells == expected, "\(lang)/\(machine.id): the notes are not the transitions' in order")
            // A sentence of the model is translated (a note that is only a callback stays as it is);
            // the official English it quotes is marked as such.
            for case let note? in machine.transitions.map(\.note) where note.contains(" ") {
                #expect(strings[ModelNames.noteKey(note)] != note, "\(lang): '\(note)' is not translated")
            }
            #expect(cells.contains { $0.contains("<span lang=\"en\">") } == machine.transitions.contains { $0.note?.contains("\"") == true })
        }
    }

    /// A multi-scene machine's page says how the app's state follows from its scenes', row by
    /// row as the rule is tried; a machine of one state has no such section.
    @Test func theAppsStateOverItsScenesIsWrittenOutRowByRow() throws {
        let site = try repositorySite.get()
        let scene = try read(site.appending(path: "es/model/ios-scene/index.html"))
        func en(_ name: String) -> String { "<span lang=\"en\">\(name)</span>" }
        #expect(scene.contains("<p>No cuentan las escenas en \(en("Unattached")).</p>"))
        #expect(scene.contains("""
            <tbody>
            <tr><td>ninguna escena cuenta; proceso: en ejecución o suspendido</td><td>\(en("Background"))</td></tr>
            <tr><td>ninguna escena cuenta; proceso: sin ejecutarse</td><td>\(en("Unattached"))</td></tr>
            <tr><td>alguna escena está en \(en("Foreground Active"))</td><td>\(en("Foreground Active"))</td></tr>
            <tr><td>todas las escenas están en \(en("Background"))</td><td>\(en("Background"))</td></tr>
            <tr><td>en cualquier otro caso</td><td>\(en("Foreground Inactive"))</td></tr>
            </tbody>
            """))
        let swiftUI = try read(site.appending(path: "it/model/swiftui/index.html"))
        #expect(swiftUI.contains("<p>Non contano le scene in \(try #require(try repositoryStrings("it")["state.swiftui.noScene"]))."))
        #expect(swiftUI.contains("<tr><td>nessuna scena conta</td><td>"))
        #expect(swiftUI.contains("<tr><td>almeno una scena è in \(en("active"))</td><td>\(en("active"))</td></tr>"))
        let app = try read(site.appending(path: "pt/model/ios-app/index.html"))
        #expect(!app.contains("id=\"aggregate\""))
    }

    /// What each machine leaves out is listed with its reason, in the page's language; a spec
    /// row's id stays as it is.
    @Test(arguments: languages) func whatTheModelLeavesOutIsListedWithItsReason(lang: String) throws {
        let site = try repositorySite.get()
        let strings = try repositoryStrings(lang)
        for machine in Machines.all {
            let html = try read(site.appending(path: "\(lang)/model/\(machine.id)/index.html"))
            let entries = html.matches(of: /<dt>(.*?)<\/dt>\n<dd>(.*?)<\/dd>/).map { (String($0.output.1), String($0.output.2)) }
            let expected = machine.omitted.map { row, reason in
                (ModelNames.isRowID(row) ? row : escaped(strings[ModelNames.noteKey(row)] ?? "?"),
                 PageContexts.noteHTML(strings[ModelNames.noteKey(reason)] ?? "?"))
            }
            #expect(entries.map(\.0) == expected.map(\.0), "\(lang)/\(machine.id)")
            #expect(entries.map(\.1) == expected.map(\.1), "\(lang)/\(machine.id)")
            for (_, reason) in machine.omitted {
                #expect(strings[ModelNames.noteKey(reason)] != reason, "\(lang): '\(reason)' is not translated")
            }
        }
        #expect(ModelNames.isRowID("A13") && ModelNames.isRowID("D11a") && !ModelNames.isRowID("Suspended") && !ModelNames.isRowID("S16/S17 for a suspended app"))
    }

    @Test func aNotesQuotedEnglishIsMarkedAndTheRestEscaped() {
        #expect(PageContexts.noteHTML("Según [AP-UL], «[running or suspended]{lang=en}» & <b>; «[x]{lang=en}».")
            == "Según [AP-UL], «<span lang=\"en\">running or suspended</span>» &amp; &lt;b&gt;; «<span lang=\"en\">x</span>».")
        #expect(PageContexts.noteHTML("Sin marca [AP-LC].") == "Sin marca [AP-LC].")
        #expect(PageContexts.noteHTML("]{lang=en} sin apertura") == "]{lang=en} sin apertura")
    }

    /// Each page is in one language, with the others' versions as alternates and in the switcher.
    @Test func aMachinesPageLinksItsTranslationsAndTheWayBack() throws {
        let html = try read(try repositorySite.get().appending(path: "it/model/swiftui/index.html"))
        #expect(html.contains("<link rel=\"alternate\" hreflang=\"bg\" href=\"https://lifecycle-docs.example.org/bg/model/swiftui/\">"))
        #expect(html.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://lifecycle-docs.example.org/es/model/swiftui/\">"))
        #expect(html.contains("href=\"../../../pt/model/swiftui/index.html\""))
        #expect(html.contains("<li><a href=\"../index.html\">Riferimento del modello</a></li>"))
        #expect(html.contains("<a href=\"../../playground/index.html\">"))
        let playground = try read(try repositorySite.get().appending(path: "it/playground/index.html"))
        #expect(playground.contains("<p><a href=\"../model/index.html\">Tutte le transizioni di ogni macchina"))
        // Every page's footer leads to the reference.
        let article = try read(try repositorySite.get().appending(path: "it/active/index.html"))
        #expect(article.contains("<a href=\"../model/index.html\">Riferimento del modello</a>"))
    }

    private func repositoryStrings(_ lang: String) throws -> [String: String] {
        let strings = try UIStrings.load(i18nDir: repositoryRoot.appending(path: "Templates/i18n"), displayPrefix: "", languages: [lang])
        return strings.strings(for: lang)
    }

    private func escaped(_ text: String) -> String { HTML.escape(text) }

    private func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
}
