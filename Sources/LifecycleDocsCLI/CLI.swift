import Diagnostics
import Foundation
import Site

/// The `lifecycle-docs` commands. This is the one place that turns results
/// into text on the terminal and into exit codes.
public enum CLI {
    public static let version = "0.1.0"

    /// Exit codes: 0 success, 1 content errors, 2 usage errors.
    public enum ExitCode {
        public static let success: Int32 = 0
        public static let contentError: Int32 = 1
        public static let usageError: Int32 = 2
    }

    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        var console = Console(environment: environment)
        return run(arguments, console: &console)
    }

    static func run(_ arguments: [String], console: inout Console) -> Int32 {
        guard let command = arguments.first else {
            console.error(usage)
            return ExitCode.usageError
        }
        let rest = Array(arguments.dropFirst())
        do throws(UsageError) {
            switch command {
            case "build":
                return try build(rest, console: &console)
            case "check":
                return try check(rest, console: &console)
            case "serve":
                return try serve(rest, console: &console)
            case "status":
                return try status(rest, console: &console)
            case "trace":
                return try trace(rest, console: &console)
            case "model":
                return try model(rest, console: &console)
            case "new-translation":
                return try newTranslation(rest, console: &console)
            case "sync-translation":
                return try syncTranslation(rest, console: &console)
            case "help", "--help", "-h":
                console.out(usage)
                return ExitCode.success
            case "version", "--version":
                console.out("lifecycle-docs \(version)")
                return ExitCode.success
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch {
            console.error("error: \(error.message)\n\n" + usage)
            return ExitCode.usageError
        }
    }

    static let usage = """
        usage: lifecycle-docs <command> [options]

        commands:
          build [--content DIR] [--templates DIR] [--output DIR] [--force] [--drafts]
              Render the site. Defaults: Content, Templates, public. Nothing in
              the output folder changes unless the whole build succeeds. Builds
              are incremental: after an edit, only that article's translations
              and the site-wide pages are rendered again, and only files whose
              bytes changed are replaced; with no input changed, nothing is
              redone. A new tool, template or site.yml means a full build.
              --force always builds everything (cache: .<output>.cache).
              --drafts also publishes articles marked 'draft: true'.
          serve [--content DIR] [--templates DIR] [--output DIR] [--port 8080] [--host 127.0.0.1]
              Build (drafts included), serve the output folder for previewing and rebuild on every
              change in the content or templates; open pages reload, or show the
              errors of a failed build. --port 0 picks a free port. Serves on
              loopback only unless --host names another address.
          check [--content DIR] [--templates DIR] [--format text|json|github]
              Run every verification (examples, arrow chains, translations,
              front matter, templates, internal links and #anchors of every
              page) without writing the site. github: one
              annotation per problem (automatic when GITHUB_ACTIONS=true).
          status [--content DIR] [--templates DIR] [--format text|json]
              Articles × languages: source, current, stale (which sections),
              broken or missing.
          trace <machine> [--api N] [--config-changes A|B] [--root] [--from STATE]
                [--format text|json] EVENT[@SCENE]...
              Run events on a lifecycle machine (ios-app, ios-scene, swiftui,
              android-activity) and print the states and callbacks of each step.
          model [--format json|text]
              Print the whole lifecycle model (schema: docs/model-schema.md).
          new-translation <slug> <lang> [--content DIR] [--from LANG]
              Start Content/<lang>/<slug>.md from the source article: front matter
              with the source's section fingerprints, every section untranslated.
          sync-translation <slug> <lang> [--content DIR] [--from LANG] [--section N]...
              Mark a translation current with its source: record the source's
              fingerprints (all, or of the sections named) and drop them from
              'untranslated'. --from starts tracking a file without 'translation:'.
          help       Show this text.
          version    Show the version.

        exit codes: 0 success, 1 errors in content or templates (or an event that
        cannot happen, or serve cannot listen), 2 usage errors and an output
        folder that is not the tool's to replace (it must be absent, empty or a
        previous output; never the sources, a project or the current folder).
        """

    static func build(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "build")
        var options = try siteOptions(&parser, output: true)
        options.force = parser.flag("--force")
        options.drafts = parser.flag("--drafts")
        try parser.finish()

        let result = SiteBuilder.build(options)
        if let refusal = result.refusal {
            console.error("error: \(refusal.message)")
            return ExitCode.usageError
        }
        console.report(result.diagnostics)
        if result.succeeded {
            console.out(result.summaryLine)
            return ExitCode.success
        }
        let errors = result.diagnostics.count { $0.severity == .error }
        console.error("Build failed with \(errors) error\(errors == 1 ? "" : "s"); \(options.outputDir) was left unchanged.")
        return ExitCode.contentError
    }
}

extension CLI {
    static func siteOptions(_ parser: inout OptionParser, output: Bool) throws(UsageError) -> BuildOptions {
        BuildOptions(
            contentDir: try parser.value(for: "--content") ?? "Content",
            templatesDir: try parser.value(for: "--templates") ?? "Templates",
            outputDir: output ? try parser.value(for: "--output") ?? "public" : "public")
    }

    static func check(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "check")
        let options = try siteOptions(&parser, output: false)
        var formatName = try parser.value(for: "--format")
        if formatName == "github" {
            console.github = true
            formatName = "text"
        }
        let format = try OutputFormat(formatName)
        try parser.finish()

        let result = SiteBuilder.build(options, write: false)
        switch format {
        case .json:
            console.out(checkJSON(result))
        case .text:
            console.report(result.diagnostics)
            let errors = result.diagnostics.count { $0.severity == .error }
            let warnings = result.diagnostics.count { $0.severity == .warning }
            console.out(
                "Checked \(result.pages.count) article\(result.pages.count == 1 ? "" : "s"): \(result.examplesRun) examples run, "
                    + "\(result.chainsVerified) chains verified, \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        return result.succeeded ? ExitCode.success : ExitCode.contentError
    }

    /// The contract form of `check --format json`.
    static func checkJSON(_ result: BuildResult) -> String {
        let q = JSONString.quote
        let pages = result.pages.map { page in
            let chains = page.chains.map { chain in
                "{\"line\":\(chain.line),\"column\":\(chain.column),\"text\":\(q(chain.text)),\"machine\":\(q(chain.machine)),\"ok\":\(chain.ok)}"
            }
            return "{\"file\":\(q(page.file)),\"lang\":\(q(page.lang)),\"examples\":\(page.examples),\"chains\":[" + chains.joined(separator: ",") + "]}"
        }
        return "{\"pages\":[" + pages.joined(separator: ",") + "],\"diagnostics\":["
            + result.diagnostics.map(DiagnosticFormatter.json).joined(separator: ",") + "]}"
    }
}

/// A mistake in how the command was called (exit code 2).
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
