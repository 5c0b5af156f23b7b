import Diagnostics
import Foundation
import LifecycleMachines
import LifecycleModel
import Testing
import TestSupport

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender

/// The model's display names come from `Templates/i18n/<lang>/model.yml`: every id has one in
/// every language, a missing one fails the build naming the key and the file, and the pages
/// show them while the ids stay in the data attributes.
@Suite struct ModelNamesTests {
    static let languages = ["es", "pt", "bg", "it"]
    static let siteYML = BuildTests.siteYML

    static func repositoryStrings() throws -> UIStrings {
        try UIStrings.load(
            i18nDir: repositoryRoot.appending(path: "Templates/i18n"), displayPrefix: "Templates/i18n/", languages: languages)
    }

    /// A figure reads its states' names from a table made once per machine and language: the
    /// names `ModelNames.state` gives, for the machine's states only (in English too, without files).
    @Test(arguments: languages)
    func stateNameTablesAreTheModelNames(lang: String) throws {
        for strings in [try Self.repositoryStrings(), UIStrings()] {
            let names = ModelNames(strings: strings, lang: lang)
            for machine in Machines.all {
                let table = StateNames(machine, names: names)
                for id in machine.states.map(\.id) + ["unknown", "", machine.states.first?.name ?? "x"] {
                    #expect(table[id] == (machine.state(id) == nil ? nil : names.state(machine, id)), "\(lang) \(machine.id) \(id)")
                }
                let walk = machine.states.map(\.id) + ["unknown"]
                #expect(names.walk(machine, walk, states: table) == names.walk(machine, walk))
            }
        }
    }

    @Test(arguments: languages)
    func everyMachineStateAndEventHasANameInEveryLanguage(lang: String) throws {
        let strings = try Self.repositoryStrings().strings(for: lang)
        let names = ModelNames(strings: try Self.repositoryStrings(), lang: lang)
        for key in ModelNames.requiredKeys {
            let value = try #require(strings[key], "\(lang): no '\(key)'")
            #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(lang): '\(key)' is empty")
        }
        for machine in Machines.all {
            #expect(!names.title(machine).english, "\(lang): the title of \(machine.id) is the English one")
            for state in machine.states { #expect(strings[ModelNames.stateKey(machine.id, state.id)] != nil) }
            for event in machine.events {
                // Every event has a name of its own (not its id) and a summary not in English.
                #expect(names.event(event.id).text != event.id, "\(lang): event \(event.id) is shown by its id")
                #expect(names.summary(machine, event.id) != event.summary, "\(lang): the summary of \(machine.id) \(event.id) is English")
            }
        }
    }

    @Test(arguments: languages)
    func onlyPlatformTermsStayInEnglish(lang: String) throws {
        let names = ModelNames(strings: try Self.repositoryStrings(), lang: lang)
        // The model's own states are translated; UIKit's and androidx's names are kept and marked.
        #expect(!names.state(Machines.androidActivity, "processDead").english)
        #expect(!names.state(Machines.swiftUI, "noScene").english)
        #expect(names.state(Machines.androidActivity, "resumed") == DisplayName("RESUMED", english: true))
        #expect(names.state(Machines.iosApp, "notRunning") == DisplayName("Not Running", english: true))
    }

    @Test func aMissingModelNameNamesTheKeyAndTheFile() throws {
        let bg = try read(repositoryRoot.appending(path: "Templates/i18n/bg/model.yml"))
            .split(separator: "\n").filter { !$0.hasPrefix("event.focusOtherWindow:") && !$0.hasPrefix("state.swiftui.noScene:") }
            .joined(separator: "\n")
        let root = try makeProject(
            content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"], templates: ["i18n/bg/model.yml": bg])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(!result.succeeded)
        #expect(messages == [
            "Templates/i18n/bg/model.yml: error: missing UI string 'event.focusOtherWindow' (present in es/model.yml)",
            "Templates/i18n/bg/model.yml: error: missing UI string 'state.swiftui.noScene' (present in es/model.yml)",
        ])
    }

    /// A key of `model.yml` is written as a YAML implicit key, which YAML limits to 1,024
    /// characters: a note of the model longer than that could not be translated at all.
    @Test func everyModelKeyFitsAYAMLKey() {
        // Written in double quotes, a `"` or `\` escaped: one character more each.
        let tooLong = ModelNames.requiredKeys.filter { key in
            key.unicodeScalars.count + 2 + key.unicodeScalars.count { $0 == "\"" || $0 == "\\" } > 1024
        }
        #expect(tooLong.isEmpty, "shorten these notes of the model: \(tooLong)")
    }

    /// A translated note whose English quote is marked wrongly would show its brackets on the page:
    /// an error where its value is written.
    @Test func aMalformedEnglishMarkInANoteIsAnErrorWhereItIsWritten() throws {
        let bg = try read(repositoryRoot.appending(path: "Templates/i18n/bg/model.yml"))
        let lines = bg.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.hasPrefix("\"note.") && $0.contains("]{lang=en}") })
        var broken = lines
        broken[index] = Substring(lines[index].replacing("]{lang=en}", with: "]{lang=e}"))
        let root = try makeProject(
            content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"],
            templates: ["i18n/bg/model.yml": broken.joined(separator: "\n")])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(!result.succeeded)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Templates/i18n/bg/model.yml:\(index + 1):") == true, "\(messages)")
        #expect(messages.first?.contains("is not the end of a '[words]{lang=en}' mark") == true)
    }

    /// A note whose translation is missing (a note changed in the model) is named whole, with its file.
    @Test func aMissingNoteTranslationNamesTheNoteAndTheFile() throws {
        let note = try #require(Machines.iosApp.transitions.lazy.compactMap(\.note).first)
        let bg = try read(repositoryRoot.appending(path: "Templates/i18n/bg/model.yml"))
        let line = try #require(bg.split(separator: "\n").first { $0.hasPrefix("\"\(ModelNames.noteKey(note))\": ") })
        let root = try makeProject(
            content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"],
            templates: ["i18n/bg/model.yml": bg.replacing(line + "\n", with: "")])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(!result.succeeded)
        #expect(messages == ["Templates/i18n/bg/model.yml: error: missing UI string 'note.\(note)' (present in es/model.yml)"])
    }

    /// A note the model rewords leaves its translations under the old English: in each language,
    /// one error where the old key is written, naming the model's new key (no "missing" beside it).
    @Test func aNoteUnderTheModelsOldWordingIsAnErrorWhereItIsWritten() throws {
        let note = try #require(Machines.iosApp.transitions.lazy.compactMap(\.note).first)
        let old = note.replacing(" ", with: "  ")  // as the model might have worded it before
        var templates: [String: String] = [:]
        var lines: [String: Int] = [:]
        let siteLanguages = ["es", "bg"]  // BuildTests.siteYML's
        for lang in siteLanguages {
            let text = try read(repositoryRoot.appending(path: "Templates/i18n/\(lang)/model.yml"))
            let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.hasPrefix("\"\(ModelNames.noteKey(note))\": ")
            })
            templates["i18n/\(lang)/model.yml"] = text.replacing("\"\(ModelNames.noteKey(note))\": ", with: "\"\(ModelNames.noteKey(old))\": ")
            lines[lang] = line + 1
        }
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"], templates: templates)
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        #expect(result.diagnostics.count == siteLanguages.count, "\(result.diagnostics.map(DiagnosticFormatter.text))")
        for lang in siteLanguages {
            let problem = try #require(result.diagnostics.first { $0.location?.file.hasSuffix("i18n/\(lang)/model.yml") == true })
            #expect(problem.location?.line == lines[lang])
            #expect(problem.message.hasPrefix("UI string 'note."))
            #expect(problem.message.contains("names nothing in the model: the model's key nearest to it"))
            #expect(problem.suggestion == ModelNames.noteKey(note))
            #expect(problem.notes.first?.contains("when the model rewords it") == true)
        }
    }

    /// When the model rewords every note at once, each old key is an error where it is written and
    /// each new one is missing: named apart, not paired (pairing sentences costs too much then).
    @Test func everyNoteRewordedAtOnceNamesEachOldKeyAndEachMissingOne() throws {
        let bg = try read(repositoryRoot.appending(path: "Templates/i18n/bg/model.yml"))
        let reworded = bg.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("\"note.") ? line.replacing("\"note.", with: "\"note.Formerly: ", maxReplacements: 1) : line
        }
        let root = try makeProject(
            content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"],
            templates: ["i18n/bg/model.yml": reworded.joined(separator: "\n")])
        let result = SiteBuilder.build(buildOptions(root))
        let notes = ModelNames.requiredKeys.filter { $0.hasPrefix("note.") }.count
        #expect(!result.succeeded)
        #expect(result.diagnostics.count { $0.message.hasPrefix("UI string 'note.Formerly: ") && $0.message.hasSuffix("' names nothing in the model") } == notes)
        #expect(result.diagnostics.count { $0.message.hasPrefix("missing UI string 'note.") && $0.location?.file.hasSuffix("bg/model.yml") == true } == notes)
        #expect(result.diagnostics.count == 2 * notes)
    }

    /// A key of the model's namespaces that names nothing of it, in one language: one error there,
    /// none in the languages without it.
    @Test func aStateTheModelDoesNotHaveIsAnErrorInTheFileThatNamesIt() throws {
        let es = try read(repositoryRoot.appending(path: "Templates/i18n/es/model.yml"))
        let root = try makeProject(
            content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"],
            templates: ["i18n/es/model.yml": es + "state.ios-app.hibernating: Hibernación\n"])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        let line = es.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(!result.succeeded)
        #expect(messages == ["Templates/i18n/es/model.yml:\(line):28: error: UI string 'state.ios-app.hibernating' names nothing in the model"])
    }

    @Test func aLanguageWithoutTheModelFileFailsForEveryKey() throws {
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"])
        try FileManager.default.removeItem(at: root.appending(path: "Templates/i18n/bg/model.yml"))
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(!result.succeeded)
        #expect(messages.count == ModelNames.requiredKeys.count)
        #expect(messages.allSatisfy { $0.hasPrefix("Templates/i18n/bg/model.yml: error: missing UI string '") })
        #expect(messages.contains("Templates/i18n/bg/model.yml: error: missing UI string 'machine.ios-app' (present in es/model.yml)"))
    }

    /// One wrong value makes a file unreadable, and that is the one error: its keys are not also
    /// reported missing, one by one.
    @Test func aFileThatCannotBeReadIsOneErrorNotOnePerKey() throws {
        let es = try read(repositoryRoot.appending(path: "Templates/i18n/es.yml"))
            .replacingOccurrences(of: "\nonThisPage: ", with: "\nonThisPage: [1, 2]\nwas: ")
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"], templates: ["i18n/es.yml": es])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(messages.count == 1, "\(messages.prefix(5))")
        #expect(messages.first?.hasPrefix("Templates/i18n/es.yml:") == true && messages.first?.contains(": error: UI string 'onThisPage' must be a string") == true, "\(messages)")
    }

    /// A misspelt key is one error where it is written, with the key it stands for; the other
    /// languages, which are right, are not told to add the misspelling.
    @Test(arguments: [("i18n/es.yml", "onThisPage", "onThisPag"), ("i18n/bg/model.yml", "state.ios-app.suspended", "state.ios-app.suspendd")])
    func aMisspeltKeyIsOneErrorWhereItIsWritten(file: String, key: String, typo: String) throws {
        let text = try read(repositoryRoot.appending(path: "Templates/" + file)).replacingOccurrences(of: "\n" + key + ":", with: "\n" + typo + ":")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(typo + ":") }.map { $0 + 1 }
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"], templates: [file: text])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(messages.count == 1, "\(messages)")
        let expectedPrefix = "Templates/\(file):\(line ?? 0):"
        #expect(messages.first?.hasPrefix(expectedPrefix) == true, "\(messages)")
        #expect(messages.first?.contains("error: unknown UI string '\(typo)': no other language has it, and this file lacks '\(key)'\n    suggestion: \(key)") == true, "\(messages)")
    }

    @Test func aKeyInTwoFilesOfALanguageIsAnError() throws {
        let es = try read(repositoryRoot.appending(path: "Templates/i18n/es.yml")) + "\narchived: \"(archivado)\"\n"
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/a.md": "---\ntitle: A\n---\n"], templates: ["i18n/es.yml": es])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        // Where the second file defines it again (at its value, as every key's place).
        let model = try read(repositoryRoot.appending(path: "Templates/i18n/es/model.yml")).split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(model.firstIndex { $0.hasPrefix("archived: ") })
        let column = "archived: ".count + 1
        #expect(messages == ["Templates/i18n/es/model.yml:\(index + 1):\(column): error: UI string 'archived' is defined in another file of 'es' too"])
    }

    @Test func theFigureShowsNamesAndKeepsIDsInDataAttributes() throws {
        let article = """
            ---
            title: A
            ---
            ```lifecycle android-activity
            given created
            processDeath -> processDead
            reopen -> initialized, created, started, resumed
            never processDead -> destroyed
            ```
            """
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/a.md": article])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics.map(DiagnosticFormatter.text))")
        let page = try read(root.appending(path: "public/es/a/index.html"))
        #expect(page.contains("data-event=\"processDeath\""))
        #expect(page.contains(">Muerte del proceso</span>"))
        #expect(page.contains("<span lang=\"en\">CREATED</span> → Proceso terminado (Activity recordada)"))
        #expect(page.contains("<li class=\"check\" data-check=\"never\">Nunca: Proceso terminado (Activity recordada) → <span lang=\"en\">DESTROYED</span> "
            + "<span class=\"check-ok\" aria-hidden=\"true\">✓</span><span class=\"visually-hidden\"> (verificado con el modelo)</span></li>"))
        #expect(page.contains("<span class=\"example-machine\" id=\"ex-1-diagram-title\">Activity de Android (Lifecycle de androidx)</span>"))
        #expect(!page.contains("Process dead"))
        #expect(!page.contains("focusOtherWindow</"))
        // The player gets the same names from the page language's script.
        let script = try FileManager.default.contentsOfDirectory(atPath: root.appending(path: "public/assets").path)
            .first { $0.hasPrefix("model-names-es.") }
        let names = try read(root.appending(path: "public/assets/" + (try #require(script))))
        #expect(names.hasPrefix("window.LIFECYCLE_NAMES = {\"lang\":\"es\""))
        #expect(names.contains("\"processDead\":{\"name\":\"Proceso terminado (Activity recordada)\",\"en\":false}"))
        #expect(page.contains("assets/" + (try #require(script))))
    }

    @Test func anArchivedSourceKeepsItsTitleInEnglishAndSaysArchivedInThePageLanguage() throws {
        let article = "---\ntitle: A\n---\n```lifecycle ios-app\ngiven background\nsuspend -> suspended\n```\n"
        let root = try makeProject(content: ["site.yml": Self.siteYML, "bg/a.md": article])
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let page = try read(root.appending(path: "public/bg/a/index.html"))
        #expect(page.contains("title=\"App Programming Guide for iOS: The App Life Cycle\" lang=\"en\">A7</a> <span class=\"source-archived\">(архивирана)</span>"))
        #expect(!page.contains("(archived)"))
    }
}
