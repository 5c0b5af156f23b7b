import Encoding
import Synchronization

/// The words of the build-failure overlay and error page in each language of the site
/// (`serve*` keys of `Templates/i18n/<lang>/serve.yml`), so they speak the language of
/// the page they cover. A page outside every language folder, or a site without the
/// strings, gets English. The diagnostics themselves are English in every language.
final class OverlayTexts: Sendable {
    static let keys = [
        "serveBuildFailed", "serveErrors", "serveWarnings", "serveNotBuilt", "serveLastGood", "serveFixAndSave",
        "serveNotWritten", "serveHide", "serveError", "serveWarning", "serveNote", "serveSuggestion", "serveNoFile",
    ]
    static let english: [String: String] = [
        "serveBuildFailed": "Build failed", "serveErrors": "errors", "serveWarnings": "warnings",
        "serveNotBuilt": "this page was not built", "serveLastGood": "this page is the last good build",
        "serveFixAndSave": "Fix the file and save: the page reloads by itself.",
        "serveNotWritten": "The build did not write this page. Fix the files below and save: the page reloads by itself.",
        "serveHide": "Hide", "serveError": "error", "serveWarning": "warning", "serveNote": "note",
        "serveSuggestion": "suggestion", "serveNoFile": "(no file)",
    ]

    /// One language's words: its code and every key (English where the site has none).
    struct Language: Sendable, Equatable {
        var code: String
        var strings: [String: String]

        subscript(_ key: String) -> String { strings[key] ?? OverlayTexts.english[key] ?? key }

        /// What `/_lifecycle/words/<code>.json` answers: every key's words.
        var json: String {
            var json = JSON.Object()
            for key in OverlayTexts.keys { json.add(key, self[key]) }
            return json.text
        }
    }

    static let fallback = Language(code: "en", strings: english)

    private let table = Mutex<[String: [String: String]]>([:])

    /// Replaces the words of every language (after a build read them).
    func set(_ strings: [String: [String: String]]) {
        table.withLock { $0 = strings.mapValues { $0.filter { OverlayTexts.keys.contains($0.key) } } }
    }

    /// The language of a page from its path's first segment (`es/inactive/` → `es`).
    func language(forPath segments: [String]) -> Language {
        guard let first = segments.first else { return Self.fallback }
        return language(first) ?? Self.fallback
    }

    /// A language the site has words for, by its code.
    func language(_ code: String) -> Language? {
        table.withLock { $0[code] }.map { Language(code: code, strings: $0) }
    }
}
