import Encoding
import Diagnostics

/// The page served in place of one the failed build did not write (on a first
/// start with broken content, nothing at all): the diagnostics as the terminal
/// prints them, under the live-reload overlay, which lists them again and
/// reloads the page after the next good build.
enum BuildErrorPage {
    /// The live script (Resources/live-reload.js, which spells it out) reads this
    /// attribute: there is no last good page underneath.
    static let marker = "data-lifecycle-build-failed"

    static func html(
        _ diagnostics: [Diagnostic], generation: Int, language: OverlayTexts.Language = OverlayTexts.fallback
    ) -> [UInt8] {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        let text = diagnostics.map(DiagnosticFormatter.text).joined(separator: "\n")
        let t = { (key: String) in HTML.escape(language[key]) }
        // The diagnostics are the tool's English, whatever the page's language.
        let page = """
            <!DOCTYPE html>
            <html lang="\(HTML.escape(language.code))" \(marker)="">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(t("serveBuildFailed")) — LifecycleDocs</title></head>
            <body>
            <main>
            <h1>\(t("serveBuildFailed")): \(errors) \(t(errors == 1 ? "serveError" : "serveErrors")), \(warnings) \(t(warnings == 1 ? "serveWarning" : "serveWarnings"))</h1>
            <p>\(t("serveNotWritten"))</p>
            <pre lang="en">\(HTML.escape(text))</pre>
            </main>
            \(LiveScript.tag(generation: generation, language: language))
            </body>
            </html>

            """
        return Array(page.utf8)
    }
}
