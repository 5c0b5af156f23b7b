import Encoding
import Diagnostics
import Foundation
import SiteBuild
import SiteContent
import Translations

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
        Allocator.configure(command: arguments.first, environment: environment)
        var console = Console(environment: environment)
        return run(arguments, console: &console)
    }

    static func run(_ arguments: [String], console: inout Console) -> Int32 {
        guard let command = arguments.first else {
            console.error(CommandHelp.usage)
            return ExitCode.usageError
        }
        let rest = Array(arguments.dropFirst())
        do throws(UsageError) {
            if ["help", "--help", "-h"].contains(command) {
                return try help(rest, console: &console)
            }
            // `<command> --help` anywhere among its words shows that command's help.
            if let help = CommandHelp.named(command), rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
                console.out(help.text)
                return ExitCode.success
            }
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
            case "version", "--version":
                var parser = OptionParser(rest, command: "version")
                try parser.finish()
                console.out("lifecycle-docs \(version)")
                return ExitCode.success
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch {
            // One line and where to look, not the whole help: the error stays visible.
            let known = CommandHelp.named(command) != nil && command != "help"
            console.error(message: error.message)
            if error.pointsToHelp { console.error("see 'lifecycle-docs \(known ? command + " " : "")--help'") }
            return ExitCode.usageError
        }
    }

    /// `help` alone: the general usage; `help <command>`: that command's help.
    static func help(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        guard let name = arguments.first else {
            console.out(CommandHelp.usage)
            return ExitCode.success
        }
        // `help --help` is help's own help.
        let command = ["--help", "-h"].contains(name) ? "help" : name
        guard let help = CommandHelp.named(command) else { throw UsageError("unknown command '\(name)'") }
        if arguments.count > 1 { throw UsageError("unexpected argument '\(arguments[1])' for 'help'") }
        console.out(help.text)
        return ExitCode.success
    }

    static func build(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "build")
        var (options, baseURLOrigin) = try renderOptions(&parser, output: true, environment: console.environment)
        options.force = try parser.flag("--force")
        options.drafts = try parser.flag("--drafts")
        options.leavesMemoryToExit = true
        _ = try reportFormat(&parser, allowsJSON: false, console: &console)
        console.verbosity = try verbosity(&parser)
        try parser.finish()

        let result = SiteBuilder.build(options)
        if let refusal = result.refusal {
            console.error(message: refusal.message)
            return ExitCode.usageError
        }
        console.report(result.diagnostics)
        printDetails(result, baseURLOrigin: baseURLOrigin, console: &console)
        if result.succeeded {
            console.summary(result.summaryLine)
            return ExitCode.success
        }
        let errors = result.diagnostics.count { $0.severity == .error }
        // A failed build never makes the output: one that is not there was not "left unchanged".
        let outcome = FileManager.default.fileExists(atPath: options.outputDir) ? "\(options.outputDir) was left unchanged" : "nothing was written"
        console.error("Build failed with \(Plural.counted(errors, "error")); \(outcome).")
        if result.linksUnchecked {
            console.error("The links were not checked: a build checks them once every page renders without errors; 'lifecycle-docs check' reports every problem of the articles at once.")
        }
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

    /// The site options plus the base URL override, for the commands that render pages;
    /// the origin names where the override came from (nil: site.yml's base URL).
    static func renderOptions(
        _ parser: inout OptionParser, output: Bool, environment: [String: String]
    ) throws(UsageError) -> (options: BuildOptions, baseURLOrigin: String?) {
        var options = try siteOptions(&parser, output: output)
        let baseURL = try baseURL(&parser, environment: environment)
        options.baseURL = baseURL?.url
        return (options, baseURL?.origin)
    }

    static let baseURLVariable = "LIFECYCLE_DOCS_BASE_URL"

    /// The base URL override and where it came from: `--base-url` wins over the variable; an
    /// empty variable counts as unset (a workflow may pass an empty output). Nil: site.yml's.
    static func baseURL(_ parser: inout OptionParser, environment: [String: String]) throws(UsageError) -> (url: String, origin: String)? {
        let expected = "an absolute http:// or https:// URL or a path starting with /"
        if let value = try parser.value(for: "--base-url") {
            guard let url = SiteConfig.normalizedBaseURL(value) else { throw UsageError("'--base-url' needs \(expected), not '\(value)'") }
            return (url, "--base-url")
        }
        guard let value = environment[baseURLVariable], !value.isEmpty else { return nil }
        guard let url = SiteConfig.normalizedBaseURL(value) else { throw UsageError("\(baseURLVariable) must be \(expected), not '\(value)'") }
        return (url, baseURLVariable)
    }

    /// `--quiet` or `--verbose`, not both.
    static func verbosity(_ parser: inout OptionParser) throws(UsageError) -> Console.Verbosity {
        let quiet = try parser.flag("--quiet")
        let verbose = try parser.flag("--verbose")
        if quiet && verbose { throw UsageError("'--quiet' and '--verbose' cannot be used together") }
        return quiet ? .quiet : verbose ? .verbose : .normal
    }

    /// `--format` of `build` and `check`: github adds annotations, and an explicit text turns
    /// off the ones GITHUB_ACTIONS=true would add.
    static func reportFormat(_ parser: inout OptionParser, allowsJSON: Bool, console: inout Console) throws(UsageError) -> OutputFormat {
        switch try parser.value(for: "--format") {
        case nil:
            return .text
        case "text":
            console.github = false
            return .text
        case "github":
            console.github = true
            return .text
        case "json" where allowsJSON:
            return .json
        case let other?:
            throw UsageError("unknown format '\(other)': use " + (allowsJSON ? "text, json or github" : "text or github"))
        }
    }

    /// With `--verbose`: the base URL, what kind of build it was and why, and each step's time.
    static func printDetails(_ result: BuildResult, baseURLOrigin: String?, console: inout Console) {
        guard console.verbosity == .verbose else { return }
        if let baseURL = result.baseURL { console.detail("base URL: \(baseURL) (from \(baseURLOrigin ?? "site.yml"))") }
        switch result.decision {
        case .verifyOnly?:
            console.detail("check: every article read and verified, \(Plural.counted(result.pagesRendered, "page")) rendered in memory, nothing written")
        case .upToDate?:
            console.detail("up to date: no input changed since the last build, which had no warnings")
        case .incremental?:
            let files = result.pages.map(\.file)
            console.detail("incremental build: \(Plural.counted(files.count, "article")) re-rendered" + (files.isEmpty ? "" : ": " + files.joined(separator: ", ")))
            if let changed = result.changedFiles {
                console.detail("files changed: " + (changed.isEmpty ? "none" : changed.joined(separator: ", ")))
            }
        case .full(let reason)?:
            console.detail("full build: \(reason)")
        case nil:
            break
        }
        console.detail("allocator: " + Allocator.description)
        let steps = result.phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }
        console.detail("time: " + (steps.isEmpty ? "" : steps.joined(separator: ", ") + "; ") + String(format: "total %.3f s", result.seconds))
        if result.searchIndexSeconds > 0 {
            // Pages are indexed as they render, on every core: this is their CPU time summed, plus the index's files.
            let time = result.searchIndexTime
            console.detail(
                String(
                    format: "search index: %.3f s of CPU time (page text %.3f, page files %.3f, words %.3f, filing %.3f, index files %.3f)",
                    time.total, time.pageText, time.pageFiles, time.words, time.filing, time.indexFiles))
        }
    }

    static func check(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "check")
        var (options, baseURLOrigin) = try renderOptions(&parser, output: false, environment: console.environment)
        options.leavesMemoryToExit = true
        let format = try reportFormat(&parser, allowsJSON: true, console: &console)
        console.verbosity = try verbosity(&parser)
        try parser.finish()

        let result = SiteBuilder.check(options)
        switch format {
        case .json:
            console.out(checkJSON(result))
            printDetails(result, baseURLOrigin: baseURLOrigin, console: &console)
        case .text:
            console.report(result.diagnostics)
            printDetails(result, baseURLOrigin: baseURLOrigin, console: &console)
            let errors = result.diagnostics.count { $0.severity == .error }
            let warnings = result.diagnostics.count { $0.severity == .warning }
            let counted = Plural.counted
            console.summary(
                "Checked \(counted(result.pages.count, "article")): \(counted(result.examplesRun, "example")) run, "
                    + "\(counted(result.exercisesChecked, "exercise")) checked, \(counted(result.chainsVerified, "chain")) verified, "
                    + "\(counted(errors, "error")), \(counted(warnings, "warning"))")
        }
        return result.succeeded ? ExitCode.success : ExitCode.contentError
    }

    /// The contract form of `check --format json`.
    static func checkJSON(_ result: BuildResult) -> String {
        let q = JSON.quote
        let pages = result.pages.map { page in
            let chains = page.chains.map { chain in
                "{\"line\":\(chain.line),\"column\":\(chain.column),\"text\":\(q(chain.text)),\"machine\":\(q(chain.machine)),\"ok\":\(chain.ok)}"
            }
            let exercises = page.exercises.map { exercise in
                "{\"line\":\(exercise.line),\"column\":\(exercise.column),\"kind\":\(exercise.kind.map(q) ?? "null"),"
                    + "\"machine\":\(q(exercise.machine)),\"ok\":\(exercise.ok)}"
            }
            return "{\"file\":\(q(page.file)),\"lang\":\(q(page.lang)),\"examples\":\(page.examples),\"chains\":[" + chains.joined(separator: ",") + "]"
                + ",\"exercises\":[" + exercises.joined(separator: ",") + "]}"
        }
        return "{\"pages\":[" + pages.joined(separator: ",") + "],\"diagnostics\":["
            + result.diagnostics.map(DiagnosticFormatter.json).joined(separator: ",") + "]}"
    }
}

/// A mistake in how the command was called (exit code 2).
struct UsageError: Error {
    var message: String
    /// Whether the command's help is worth pointing to (not when the message lists the choices).
    var pointsToHelp = true
    init(_ message: String, pointsToHelp: Bool = true) {
        self.message = message
        self.pointsToHelp = pointsToHelp
    }
}
