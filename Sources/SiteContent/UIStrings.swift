import Diagnostics
import Foundation
import YAML

/// The interface strings of every language, from `Templates/i18n/<lang>.yml`.
package struct UIStrings: Sendable {
    private var byLanguage: [String: [String: String]] = [:]

    /// Keys the generator itself uses, besides those the templates use.
    static let requiredKeys = [
        "anchorLabel", "codeLabel", "alertNote", "alertTip", "alertImportant", "alertWarning", "alertCaution",
        "notYetTranslated", "onThisPage", "footnoteBack", "footnotes", "taskItem",
    ]

    package init() {}

    private init(byLanguage: [String: [String: String]]) { self.byLanguage = byLanguage }

    package func strings(for lang: String) -> [String: String] { byLanguage[lang] ?? [:] }

    package func string(_ key: String, lang: String) -> String { byLanguage[lang]?[key] ?? key }

    /// Loads one file per language; every file must have every key that any
    /// file has (and the generator's own keys).
    package static func load(
        i18nDir: URL, displayPrefix: String, languages: [String]
    ) throws(DiagnosticError) -> UIStrings {
        var problems: [Diagnostic] = []
        var tables: [String: [String: String]] = [:]
        var files: [String: String] = [:]
        for lang in languages {
            let display = displayPrefix + lang + ".yml"
            files[lang] = display
            let url = i18nDir.appending(path: lang + ".yml")
            guard FileManager.default.fileExists(atPath: url.path) else {
                problems.append(.error(
                    at: SourceLocation(file: display, line: 1, column: 1),
                    "missing UI strings file for language '\(lang)'"))
                continue
            }
            do {
                tables[lang] = try parse(SourceText.read(url, displayPath: display))
            } catch {
                problems.append(contentsOf: error.diagnostics)
            }
        }
        let allKeys = Set(tables.values.flatMap(\.keys)).union(requiredKeys)
        for lang in languages {
            guard let table = tables[lang], let file = files[lang] else { continue }
            for key in allKeys.subtracting(table.keys).sorted() {
                let holder = languages.first { tables[$0]?[key] != nil }.map { " (present in \($0).yml)" } ?? ""
                problems.append(.error(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "missing UI string '\(key)'\(holder)"))
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return UIStrings(byLanguage: tables)
    }

    static func parse(_ source: SourceText) throws(DiagnosticError) -> [String: String] {
        let (root, locator) = try YAMLLocator.parse(source.text, file: source.displayPath)
        func at(_ mark: YAMLMark?) -> SourceLocation { locator.location(mark) }
        guard let root, let entries = root.entries else {
            throw DiagnosticError([.error(at: at(root?.mark), "UI strings must be a mapping of keys to strings")])
        }
        var table: [String: String] = [:]
        var problems: [Diagnostic] = []
        for (key, value) in entries {
            guard value.isScalar, let string = value.string else {
                problems.append(.error(at: at(value.mark), "UI string '\(key)' must be a string"))
                continue
            }
            table[key] = string
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return table
    }
}
