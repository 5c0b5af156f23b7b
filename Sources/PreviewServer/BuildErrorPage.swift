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

    static func html(_ diagnostics: [Diagnostic], generation: Int) -> [UInt8] {
        let errors = diagnostics.count { $0.severity == .error }
        let text = diagnostics.map(DiagnosticFormatter.text).joined(separator: "\n")
        let page = """
            <!DOCTYPE html>
            <html lang="en" \(marker)="">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Build failed — LifecycleDocs preview</title></head>
            <body>
            <main>
            <h1>Build failed with \(errors) error\(errors == 1 ? "" : "s")</h1>
            <p>The build did not write this page. Fix the files below and save: the page reloads by itself.</p>
            <pre>\(HTML.escape(text))</pre>
            </main>
            \(LiveScript.tag(generation: generation))
            </body>
            </html>

            """
        return Array(page.utf8)
    }
}
