import Encoding

/// `/_lifecycle/live.js`, served from the binary so the site's output never
/// contains preview code. It follows `/_lifecycle/events`: "reload" reloads the
/// page, "error" covers it with the build's diagnostics until the next good build.
///
/// The script is `Resources/live-reload.js`, a JavaScript file like any other.
/// SwiftPM embeds its bytes into the binary at build time (`.embedInCode` in
/// Package.swift generates `PackageResources.live_reload_js`), so an installed
/// `lifecycle-docs` needs no file beside it and serves from any working directory.
enum LiveScript {
    /// The tag put before `</body>` of every HTML page the server sends.
    /// `language` is the page's (`data-lang`): the script asks `/_lifecycle/words/<lang>.json`
    /// for the overlay's words in it.
    static func tag(generation: Int, language: OverlayTexts.Language = OverlayTexts.fallback) -> String {
        "<script src=\"/_lifecycle/live.js\" data-generation=\"\(generation)\" data-lang=\"\(HTML.escape(language.code))\"></script>"
    }

    /// The script as served.
    static let bytes: [UInt8] = PackageResources.live_reload_js
}
