import LifecycleModel

/// What `lifecycle-docs <command> --help` prints, and the general usage made
/// from the same entries, so the two never disagree.
struct CommandHelp {
    /// An option as the help lists it: `--port N`, and what it does with its default.
    typealias Option = (name: String, text: String)

    var name: String
    /// The usage after `lifecycle-docs `; a long one goes on over lines, indented where it is shown.
    var synopsis: String
    /// One or two lines for the general usage.
    var summary: String
    /// More for the command's own help; may be empty.
    var details: String = ""
    var options: [Option] = []

    /// `usage: …`, what the command does, every option with its default.
    var text: String {
        let head = "usage: lifecycle-docs " + name + " "
        var out = "usage: lifecycle-docs " + indented(synopsis, by: head.count) + "\n\n" + summary
        if !details.isEmpty { out += "\n\n" + details }
        if !options.isEmpty {
            let width = options.map(\.name.count).max() ?? 0
            out += "\n\noptions:\n" + options.map { option in
                let pad = String(repeating: " ", count: width - option.name.count + 2)
                return "  " + option.name + pad + indented(option.text, by: width + 4)
            }.joined(separator: "\n")
        }
        return out + "\n\n" + CommandHelp.exitCodes
    }

    static func named(_ name: String) -> CommandHelp? { all.first { $0.name == name } }

    /// `text` with every line after the first indented by `width` spaces.
    func indented(_ text: String, by width: Int) -> String {
        text.replacing("\n", with: "\n" + String(repeating: " ", count: width))
    }

    static let exitCodes = """
        exit codes: 0 success, 1 errors in content or templates (or an event that
        cannot happen, or serve cannot listen), 2 usage errors and an output
        folder that is not the tool's to replace.
        """

    /// The general usage: every command, its synopsis and summary.
    static var usage: String {
        let commands = all.map { help in
            "  " + help.indented(help.synopsis, by: help.name.count + 3) + "\n      " + help.indented(help.summary, by: 6)
        }
        return "usage: lifecycle-docs <command> [options]\n\ncommands:\n" + commands.joined(separator: "\n")
            + "\n\nEvery option of a command: lifecycle-docs <command> --help (or: lifecycle-docs help <command>).\n\n"
            + exitCodes
    }

    // MARK: - Options shared by several commands

    static let content: Option = ("--content DIR", "the articles: DIR/<lang>/<slug>.md and site.yml (default: Content)")
    static let templates: Option = ("--templates DIR", "templates, interface strings and assets (default: Templates)")
    static let output: Option = (
        "--output DIR",
        "the site; replaced only if absent, empty or a previous output\n(default: public; cache: .<output>.cache beside it)"
    )
    static let baseURL: Option = (
        "--base-url URL",
        "the site's address for canonical, hreflang and sitemap URLs:\nhttp(s)://host/path/ or /path/ (default: $LIFECYCLE_DOCS_BASE_URL,\nelse site.yml's baseURL)"
    )
    static let quiet: Option = ("--quiet", "print only errors: no summary, no warnings")
    static let verbose: Option = ("--verbose", "also print what the build decided and why, and how long each step took")
    static let translationFrom: Option = ("--from LANG", "the source language (default: the article with no 'translation:' block)")

    static let all: [CommandHelp] = [
        CommandHelp(
            name: "build",
            synopsis: "build [--content DIR] [--templates DIR] [--output DIR] [--base-url URL] [--force]\n[--drafts] [--format text|github] [--quiet | --verbose]",
            summary: "Render the site, checking every internal link. Nothing in the output\nfolder changes unless the whole build succeeds.",
            details: """
                Builds are incremental: after an edit, only that article's translations
                and the site-wide pages are rendered again, and only files whose bytes
                changed are replaced; with no input changed, nothing is redone. A new
                tool, template, site.yml or base URL, an article added or removed, a
                changed image or other published file, or --drafts means a full build.
                A killed build leaves the old site or the new one, never a mix.
                """,
            options: [
                content, templates, output, baseURL,
                ("--force", "build everything, whatever the cache says"),
                ("--drafts", "also publish articles marked 'draft: true', each with a badge"),
                ("--format FORMAT", "text, or github: also one ::error annotation per problem on stdout\n(default: github when GITHUB_ACTIONS=true, else text)"),
                quiet, verbose,
            ]),
        CommandHelp(
            name: "serve",
            synopsis: "serve [--content DIR] [--templates DIR] [--output DIR] [--port 8080] [--host 127.0.0.1]\n[--base-url URL] [--quiet | --verbose]",
            summary: "Build (drafts included, with a badge), serve the output folder for\npreviewing and rebuild on every change in the content or templates.",
            details: """
                Open pages reload after a good build, or show the errors of a failed
                one. Ctrl-C stops the server. With --quiet, the address is still printed.
                """,
            options: [
                content, templates, output,
                ("--port N", "the port; 0 picks a free one (default: 8080)"),
                ("--host ADDRESS", "the address to listen on; anything but loopback shares the\npreview with other machines (default: 127.0.0.1)"),
                baseURL, quiet, verbose,
            ]),
        CommandHelp(
            name: "check",
            synopsis: "check [--content DIR] [--templates DIR] [--base-url URL] [--format text|json|github]\n[--quiet | --verbose]",
            summary: "Run every verification (examples, exercises, arrow chains, translations,\nfront matter, templates, internal links and #anchors) without writing the site.",
            options: [
                content, templates, baseURL,
                ("--format FORMAT", "text; json (the pages and diagnostics as one object); or github:\nalso one ::error annotation per problem (default: github when\nGITHUB_ACTIONS=true, else text)"),
                quiet, verbose,
            ]),
        CommandHelp(
            name: "status",
            synopsis: "status [--content DIR] [--templates DIR] [--format text|json]",
            summary: "Articles × languages: source, current, stale (which sections), broken\nor missing.",
            options: [content, templates, ("--format FORMAT", "text (a table) or json (default: text)")]),
        CommandHelp(
            name: "trace",
            synopsis: "trace <machine> [--api N] [--target-sdk N] [--config-changes A|B] [--root]\n[--from STATE] [--format text|json] EVENT[@SCENE]...",
            summary: "Run events on a lifecycle machine (ios-app, ios-scene, swiftui,\nandroid-activity) and print the states and callbacks of each step.",
            options: [
                ("--api N", "android-activity: the device's API level (default: \(MachineOptions.defaultAPI))"),
                ("--target-sdk N", "android-activity: the app's targetSdk (default: the same as --api)"),
                ("--config-changes A|B", "android-activity: configuration changes the activity handles itself\n(default: none)"),
                ("--root", "android-activity: the task's root activity"),
                ("--from STATE", "the state to start in (default: the machine's initial state)"),
                ("--format FORMAT", "text or json (default: text)"),
            ]),
        CommandHelp(
            name: "model",
            synopsis: "model [--format json|text]",
            summary: "Print the whole lifecycle model (schema: docs/model-schema.md).",
            options: [("--format FORMAT", "json or text (default: json)")]),
        CommandHelp(
            name: "new-translation",
            synopsis: "new-translation <slug> <lang> [--content DIR] [--from LANG]",
            summary: "Start Content/<lang>/<slug>.md from the source article: front matter\nwith the source's section fingerprints, every section untranslated.",
            options: [content, translationFrom]),
        CommandHelp(
            name: "sync-translation",
            synopsis: "sync-translation <slug> <lang> [--content DIR] [--from LANG] [--section N]... [--meta] [--force]",
            summary: "Mark a translation current with its source: record the source's\nfingerprints (all, or of the sections named) and drop them from\n'untranslated'. Sections are matched by their text, not their place.\nWithout --section it also records the source's title and description.\nWithout --section, a section whose text is still the source's stays\nin 'untranslated' (with a warning). --from starts tracking a file\nwithout 'translation:'.",
            options: [
                content, translationFrom,
                ("--section N", "only section N of the source (0 is the first, as 'status' lists them); may be\ngiven several times (default: every section)"),
                ("--meta", "record the source's title and description as translated (implied\nwithout --section; alone, no section is marked)"),
                ("--force", "without --section: mark sections done even when their text is still\nthe source's (a section that needs no translation)"),
            ]),
        CommandHelp(
            name: "help", synopsis: "help [<command>]",
            summary: "Show this text, or a command's own help (like <command> --help)."),
        CommandHelp(name: "version", synopsis: "version", summary: "Show the version."),
    ]
}
