import Diagnostics
import Foundation
import LifecycleModel
import YAML

/// The interface strings of every language, from `Templates/i18n/<lang>.yml`.
package struct UIStrings: Sendable {
    private var byLanguage: [String: [String: String]] = [:]

    /// Keys the generator itself uses, besides those the templates use.
    static let requiredKeys = [
        "anchorLabel", "codeLabel", "alertNote", "alertTip", "alertImportant", "alertWarning", "alertCaution",
        "notYetTranslated", "onThisPage", "footnoteBack", "footnotes", "taskItem", "tutorialStep", "tutorialStepDone",
        "tutorialsStepsOne", "tutorialsStepsOther", "tutorialsExercisesOne", "tutorialsExercisesOther",
    ]

    package init() {}

    private init(byLanguage: [String: [String: String]]) { self.byLanguage = byLanguage }

    /// Strings loaded by an earlier build from the same files (the build cache keeps them: parsing
    /// the YAML was 5% of a build that renders one article).
    package init(tables: [String: [String: String]]) { byLanguage = tables }

    /// lang → key → string, as loaded.
    package var tables: [String: [String: String]] { byLanguage }

    package func strings(for lang: String) -> [String: String] { byLanguage[lang] ?? [:] }

    package func string(_ key: String, lang: String) -> String { byLanguage[lang]?[key] ?? key }

    /// Loads `<lang>.yml` and any `<lang>/<name>.yml` (the model's display names are in
    /// `<lang>/model.yml`) per language; every file must have every key that the same file
    /// of any language has, and the generator's own keys (`ModelNames.requiredKeys` in `model.yml`).
    /// A missing key is an error naming the key and the file it belongs in.
    package static func load(
        i18nDir: URL, displayPrefix: String, languages: [String]
    ) throws(DiagnosticError) -> UIStrings {
        var problems: [Diagnostic] = []
        var tables: [String: [String: String]] = [:]
        // "lang/part" of the files that could not be read, and where each key of the others is written.
        var unreadable = Set<String>()
        var keyPlaces: [String: SourceLocation] = [:]
        // lang → part ("" for <lang>.yml, "model" for <lang>/model.yml) → keys
        var partKeys: [String: [String: Set<String>]] = [:]
        func display(_ lang: String, _ part: String) -> String {
            displayPrefix + (part.isEmpty ? lang + ".yml" : lang + "/" + part + ".yml")
        }
        for lang in languages {
            let url = i18nDir.appending(path: lang + ".yml")
            guard FileManager.default.fileExists(atPath: url.path) else {
                problems.append(.error(
                    at: .whole(display(lang, "")),
                    "missing UI strings file for language '\(lang)'"))
                continue
            }
            let folder = i18nDir.appending(path: lang)
            let parts = [""] + ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".yml") && !$0.hasPrefix(".") }.map { String($0.dropLast(4)) }.sorted()
            var table: [String: String] = [:]
            for part in parts {
                let file = part.isEmpty ? url : folder.appending(path: part + ".yml")
                do {
                    let (entries, places) = try parse(SourceText.read(file, displayPath: display(lang, part)))
                    for (key, place) in places { keyPlaces[lang + "/" + part + "/" + key] = place }
                    for (key, value) in entries {
                        if table[key] != nil {
                            problems.append(.error(
                                at: places[key] ?? .whole(display(lang, part)),
                                "UI string '\(key)' is defined in another file of '\(lang)' too"))
                        }
                        table[key] = value
                        if key.hasPrefix(ModelNames.noteKey("")), ModelNames.quotedEnglish(in: value) == nil {
                            problems.append(.error(
                                at: places[key] ?? .whole(display(lang, part)),
                                "UI string '\(key.prefix(60))…': a ']{' that is not the end of a '[words]{lang=en}' mark, or closes no '['",
                                suggestion: "quote an official page's English as [words]{lang=en}"))
                        }
                    }
                    partKeys[lang, default: [:]][part] = Set(entries.keys)
                } catch {
                    problems.append(contentsOf: error.diagnostics)
                    // Its keys are not missing: the file could not be read, and says why.
                    unreadable.insert(lang + "/" + part)
                }
            }
            tables[lang] = table
        }
        // Which file each key belongs in: where some language has it, else the generator's own file.
        var required: [String: String] = [:]
        for key in requiredKeys { required[key] = "" }
        for key in ModelNames.requiredKeys { required[key] = ModelNames.part }
        for lang in languages {
            for (part, keys) in partKeys[lang] ?? [:] {
                for key in keys where required[key] == nil { required[key] = part }
            }
        }
        // A key that only one language has while it lacks a key near it is a misspelling: one error
        // where it is written, not one "missing" in each other language and one in its own.
        let generatorKeys = Set(requiredKeys).union(ModelNames.requiredKeys)
        var misspelt: [String: String] = [:]  // "lang/key" of the key it lacks → the misspelling
        if languages.count > 1 {
            for lang in languages {
                guard let table = tables[lang] else { continue }
                let onlyHere = required.sorted(by: { $0.key < $1.key }).filter { key, _ in
                    table[key] != nil && !generatorKeys.contains(key)
                        && languages.allSatisfy { $0 == lang || (tables[$0] != nil && tables[$0]?[key] == nil) }
                }
                let lackedByPart = Dictionary(grouping: required.filter { table[$0.key] == nil }, by: \.value).mapValues { $0.map(\.key).sorted() }
                guard !onlyHere.isEmpty, pairingIsCheap(onlyHere.map(\.key), lackedByPart.values.flatMap { $0 }) else { continue }
                for (key, part) in onlyHere {
                    guard let meant = Names.suggestion(for: key, among: lackedByPart[part] ?? []), misspelt[lang + "/" + meant] == nil else { continue }
                    misspelt[lang + "/" + meant] = key
                    required[key] = nil
                    problems.append(.error(
                        at: keyPlaces[lang + "/" + part + "/" + key] ?? .whole(display(lang, part)),
                        "unknown UI string '\(key)': no other language has it, and this file lacks '\(meant)'", suggestion: meant))
                }
            }
        }
        // A key of the model's namespaces that the model does not have would sit in its file unseen
        // (a note whose English changed in the model, a state that went): an error where it is
        // written, suggesting the model's key this file lacks that is nearest to it.
        let modelKeys = Set(ModelNames.requiredKeys)
        var stale = Set<String>()
        for lang in languages {
            guard let table = tables[lang] else { continue }
            let lacked = ModelNames.requiredKeys.filter { table[$0] == nil }
            for (part, keys) in (partKeys[lang] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let unknown = keys.sorted().filter { ModelNames.isInTheModelsNamespace($0) && !modelKeys.contains($0) && required[$0] != nil }
                let pairing = pairingIsCheap(unknown, lacked)
                for key in unknown {
                    stale.insert(key)
                    let meant = pairing ? Names.suggestion(for: key, among: lacked) : nil
                    if let meant { misspelt[lang + "/" + meant] = key }
                    problems.append(.error(
                        at: keyPlaces[lang + "/" + part + "/" + key] ?? .whole(display(lang, part)),
                        "UI string '\(Self.shortened(key))' names nothing in the model"
                            + (meant.map { ": the model's key nearest to it, '\(Self.shortened($0))', is missing here" } ?? ""),
                        notes: key.hasPrefix(ModelNames.noteKey(""))
                            ? ["a note's key is the model's English sentence: when the model rewords it, its translations move to the new key"] : [],
                        suggestion: meant))
                }
            }
        }
        // Not missing in the languages that lack it: reported where it is.
        for key in stale { required[key] = nil }
        for lang in languages {
            guard let table = tables[lang] else { continue }
            for (key, part) in required.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) })
            where table[key] == nil && !unreadable.contains(lang + "/" + part) && misspelt[lang + "/" + key] == nil {
                let holder = languages.first { tables[$0]?[key] != nil }.map { " (present in \(display($0, part).dropFirst(displayPrefix.count)))" } ?? ""
                problems.append(.error(at: .whole(display(lang, part)), "missing UI string '\(key)'\(holder)"))
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return UIStrings(byLanguage: tables)
    }

    /// Whether telling which of `lacked` each of `unknown` was meant to be is cheap: an edit
    /// distance costs the product of two keys' lengths, and a note's key is a sentence. When the
    /// model rewords many notes at once (145 of them took 32 s), the keys are named apart instead.
    static func pairingIsCheap(_ unknown: [String], _ lacked: [String]) -> Bool {
        unknown.reduce(0) { $0 + $1.utf8.count } * lacked.reduce(0) { $0 + $1.utf8.count } <= 4_000_000
    }

    /// A key as a message quotes it: a note's key is a whole sentence of the model.
    static func shortened(_ key: String) -> String {
        key.count > 80 ? key.prefix(77) + "…" : key
    }

    /// The strings of a file and where each key's value is written.
    static func parse(_ source: SourceText) throws(DiagnosticError) -> (strings: [String: String], places: [String: SourceLocation]) {
        let (root, locator) = try YAMLLocator.parse(source.text, file: source.displayPath)
        func at(_ mark: YAMLMark?) -> SourceLocation { locator.location(mark) }
        guard let root, let entries = root.entries else {
            throw DiagnosticError([.error(at: at(root?.mark), "UI strings must be a mapping of keys to strings")])
        }
        var table: [String: String] = [:]
        var places: [String: SourceLocation] = [:]
        var problems: [Diagnostic] = []
        for (key, value) in entries {
            guard value.isScalar, let string = value.string else {
                problems.append(.error(at: at(value.mark), "UI string '\(key)' must be a string"))
                continue
            }
            table[key] = string
            places[key] = at(value.mark)
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return (table, places)
    }
}
