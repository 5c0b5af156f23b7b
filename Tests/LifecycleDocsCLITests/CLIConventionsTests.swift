import Foundation
import Testing
import TestSupport

@testable import LifecycleDocsCLI

/// Per-command help, one-line usage errors, repeated options, --quiet and --verbose,
/// colours, --format and the base URL override, as a user meets them.
@Suite struct CLIConventionsTests {

    func run(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false) -> (code: Int32, out: String, err: String) {
        var console = Console(environment: environment, capture: true, terminal: terminal)
        let code = CLI.run(arguments, console: &console)
        return (code, console.stdout, console.stderr)
    }

    /// A project with the repository's templates, one article and `extra` files; returns the
    /// arguments naming its folders.
    func project(_ extra: [String: String] = [:]) throws -> (root: URL, arguments: [String]) {
        let root = try makeTemporaryDirectory("cli-conventions")
        try FileManager.default.copyItem(at: repositoryRoot.appending(path: "Templates"), to: root.appending(path: "Templates"))
        let files = [
            "Content/site.yml": "baseURL: \"https://docs.example.org/\"\ndefaultLanguage: es\nlanguages:\n  - {code: es, name: Español, title: Sitio}\n",
            "Content/es/a.md": "---\ntitle: A\n---\n## Uno\n\nTexto.\n",
        ].merging(extra) { $1 }
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try write(Data(text.utf8), to: url)
        }
        return (root, ["--content", root.appending(path: "Content").path, "--templates", root.appending(path: "Templates").path])
    }

    // MARK: - Help

    @Test(arguments: ["build", "serve", "check", "status", "trace", "model", "new-translation", "sync-translation"])
    func everyCommandHasItsOwnHelp(_ command: String) throws {
        let long = run([command, "--help"])
        #expect(long.code == 0 && long.err.isEmpty)
        #expect(long.out.hasPrefix("usage: lifecycle-docs \(command) "))
        #expect(long.out.contains("\noptions:\n"))
        #expect(!long.out.contains("commands:"), "the command's help, not the general one")
        #expect(run([command, "-h"]) == long)
        #expect(run(["help", command]) == long)
        // Anywhere among the command's words, even after options.
        #expect(run([command, "--content", "x", "--help"]) == long)
    }

    @Test func buildHelpListsEveryOptionWithItsDefault() {
        let out = run(["build", "--help"]).out
        for option in ["--content DIR", "--templates DIR", "--output DIR", "--base-url URL", "--force", "--format FORMAT", "--quiet", "--verbose"] {
            #expect(out.contains("\n  \(option) "), "\(option)")
        }
        for text in ["(default: Content)", "(default: Templates)", "(default: public", "LIFECYCLE_DOCS_BASE_URL", "GITHUB_ACTIONS=true", "exit codes: 0 success"] {
            #expect(out.contains(text), "\(text)")
        }
        #expect(run(["serve", "--help"]).out.contains("(default: 8080)"))
        #expect(run(["sync-translation", "--help"]).out.contains("may be\n"))
        #expect(run(["sync-translation", "--help"]).out.contains("\n  --force "))
    }

    @Test func helpAloneIsTheGeneralUsage() {
        for arguments in [["help"], ["--help"], ["-h"]] {
            let (code, out, _) = run(arguments)
            #expect(code == 0)
            #expect(out.hasPrefix("usage: lifecycle-docs <command> [options]\n\ncommands:\n"))
            #expect(out.contains("lifecycle-docs <command> --help"))
        }
        #expect(run(["help", "--help"]).out.hasPrefix("usage: lifecycle-docs help [<command>]\n"))
    }

    // MARK: - Usage errors

    @Test(arguments: [
        (["help", "frobnicate"], "error: unknown command 'frobnicate'\nsee 'lifecycle-docs --help'\n"),
        (["frobnicate", "--help"], "error: unknown command 'frobnicate'\nsee 'lifecycle-docs --help'\n"),
        (["help", "build", "serve"], "error: unexpected argument 'serve' for 'help'\nsee 'lifecycle-docs --help'\n"),
        (["build", "--colour"], "error: unknown option '--colour' for 'build'\nsee 'lifecycle-docs build --help'\n"),
        (["trace", "ios-ap", "launch"], "error: unknown machine 'ios-ap'; did you mean 'ios-app'?\nsee 'lifecycle-docs trace --help'\n"),
        (["build", "--output", "a", "--output", "b"], "error: option '--output' given twice\nsee 'lifecycle-docs build --help'\n"),
        (["build", "--output=a", "--output", "b"], "error: option '--output' given twice\nsee 'lifecycle-docs build --help'\n"),
        (["serve", "--port", "1", "--port=2"], "error: option '--port' given twice\nsee 'lifecycle-docs serve --help'\n"),
        (["build", "--force", "--force"], "error: option '--force' given twice\nsee 'lifecycle-docs build --help'\n"),
        (["check", "--format", "json", "--format", "text"], "error: option '--format' given twice\nsee 'lifecycle-docs check --help'\n"),
        (["trace", "android-activity", "--root", "--root", "launch"], "error: option '--root' given twice\nsee 'lifecycle-docs trace --help'\n"),
        (["build", "--quiet", "--verbose"], "error: '--quiet' and '--verbose' cannot be used together\nsee 'lifecycle-docs build --help'\n"),
        (["check", "--verbose", "--verbose"], "error: option '--verbose' given twice\nsee 'lifecycle-docs check --help'\n"),
        (["build", "--format", "json"], "error: unknown format 'json': use text or github\nsee 'lifecycle-docs build --help'\n"),
        (["check", "--format", "yaml"], "error: unknown format 'yaml': use text, json or github\nsee 'lifecycle-docs check --help'\n"),
        (["status", "--quiet"], "error: unknown option '--quiet' for 'status'\nsee 'lifecycle-docs status --help'\n"),
    ])
    func aUsageErrorIsOneLineAndAHint(arguments: [String], expected: String) {
        let (code, out, err) = run(arguments)
        #expect(code == 2)
        #expect(out.isEmpty)
        #expect(err == expected)
    }

    // MARK: - Quiet and verbose

    @Test func quietPrintsOnlyErrors() throws {
        // Raw HTML is a warning: the build succeeds and says so, unless --quiet.
        let (root, arguments) = try project(["Content/es/b.md": "---\ntitle: B\n---\n<b>raw</b>\n"])
        let output = ["--output", root.appending(path: "public").path]
        let normal = run(["build"] + arguments + output + ["--force"])
        #expect(normal.code == 0)
        #expect(normal.err.contains("warning: "))
        #expect(normal.out.hasPrefix("Built 2 articles"))
        let quiet = run(["build", "--quiet", "--force"] + arguments + output)
        #expect(quiet.code == 0)
        #expect(quiet.out.isEmpty && quiet.err.isEmpty)
        let check = run(["check", "--quiet"] + arguments)
        #expect(check.code == 0)
        #expect(check.out.isEmpty && check.err.isEmpty)

        // Errors still show, and so does the failure.
        try write(Data("---\ntitle: B\n---\nSuspended → Active\n".utf8), to: root.appending(path: "Content/es/b.md"))
        let failed = run(["build", "--quiet"] + arguments + output)
        #expect(failed.code == 1)
        #expect(failed.err.contains("b.md:4:13: error: 'Suspended → Active' is not possible in ios-app"))
        #expect(failed.err.contains("Build failed with 1 error"))
        #expect(failed.out.isEmpty)
    }

    @Test func verboseSaysWhatTheBuildDecidedAndHowLongItTook() throws {
        let (root, arguments) = try project()
        let output = ["--output", root.appending(path: "public").path]
        // File times tick coarsely: a file written in the last 50 ms is never trusted (FileStamp).
        let settle = { Thread.sleep(forTimeInterval: 0.06) }
        settle()
        let first = run(["build", "--verbose"] + arguments + output)
        #expect(first.code == 0)
        #expect(first.err.contains("base URL: https://docs.example.org/ (from site.yml)\n"))
        #expect(first.err.contains("full build: no cache of a previous build of this output folder\n"))
        #expect(first.err.contains("time: read inputs "))
        #expect(first.err.contains("; total "))
        // The search index's CPU time, and the same by step: the steps add up to it.
        let index = try #require(first.err.split(separator: "\n").first { $0.hasPrefix("search index: ") })
        let figures = index.split(whereSeparator: { " (),".contains($0) }).compactMap { Double($0) }
        #expect(index.contains(" s of CPU time (page text "), "\(index)")
        #expect(index.contains(", page files ") && index.contains(", words ") && index.contains(", filing ") && index.contains(", index files "))
        try #require(figures.count == 6, "\(index)")
        #expect(figures.allSatisfy { $0 >= 0 })
        #expect(abs(figures[1...].reduce(0, +) - figures[0]) <= 0.003, "\(index)")
        #expect(first.out.hasPrefix("Built 1 article"), "the summary stays on stdout")

        settle()
        #expect(run(["build", "--verbose"] + arguments + output).err.contains("up to date: no input changed"))

        let article = root.appending(path: "Content/es/a.md")
        try write(Data("---\ntitle: A\n---\n## Uno\n\nTexto.\n\nMás.\n".utf8), to: article)
        settle()
        let edited = run(["build", "--verbose"] + arguments + output)
        #expect(edited.err.contains("incremental build: 1 article re-rendered: \(article.path)\n"))
        // The page and the search files that hold its words.
        #expect(edited.err.contains("files changed: es/a/index.html, search/es/"))

        let forced = run(["build", "--verbose", "--force"] + arguments + output)
        #expect(forced.err.contains("full build: --force\n"))
        let moved = run(["build", "--verbose", "--base-url", "https://other.example/"] + arguments + output)
        #expect(moved.err.contains("base URL: https://other.example/ (from --base-url)\n"))
        #expect(moved.err.contains("full build: a site-wide input changed"))

        let check = run(["check", "--verbose", "--format", "json"] + arguments)
        // Every page the build wrote, rendered again in memory.
        let pages = try snapshot(root.appending(path: "public")).keys.count { $0.hasSuffix(".html") }
        #expect(check.err.contains("check: every article read and verified, \(pages) pages rendered in memory, nothing written\n"))
        #expect(check.out.hasPrefix("{\"pages\":"), "details go to stderr: the JSON stays parseable")
        #expect(!run(["build"] + arguments + output).err.contains("time: "), "no details without --verbose")
    }

    // MARK: - Colours

    @Test func diagnosticsAreColouredOnATerminalOnly() throws {
        let (root, arguments) = try project(["Content/es/b.md": "---\ntitle: B\n---\n<b>raw</b>\n\nSuspended → Active\n"])
        let check = ["check"] + arguments
        let path = root.appending(path: "Content/es/b.md").path
        let coloured = run(check, terminal: true)
        #expect(coloured.code == 1)
        #expect(coloured.err.contains("\u{1B}[1m\(path):6:13:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m 'Suspended → Active'"))
        #expect(coloured.err.contains("\u{1B}[1m\(path):4:1:\u{1B}[0m \u{1B}[33mwarning:\u{1B}[0m "))
        #expect(run(["build", "--colour"], terminal: true).err.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m unknown option"))

        for plain in [run(check), run(check, environment: ["NO_COLOR": "1"], terminal: true), run(check, environment: ["NO_COLOR": ""], terminal: true)] {
            #expect(plain.err.contains("\(path):6:13: error: 'Suspended → Active'"))
            #expect(!plain.err.contains("\u{1B}["))
        }
    }

    // MARK: - Formats

    @Test func explicitTextFormatWinsOverGitHubActions() throws {
        let (root, arguments) = try project(["Content/es/b.md": "---\ntitle: B\n---\nSuspended → Active\n"])
        let output = ["--output", root.appending(path: "public").path]
        let actions = ["GITHUB_ACTIONS": "true"]
        #expect(run(["build"] + arguments + output, environment: actions).out.contains("::error file="))
        #expect(run(["build", "--format", "github"] + arguments + output).out.contains("::error file="))
        #expect(!run(["build"] + arguments + output).out.contains("::error"))
        let text = run(["build", "--format", "text"] + arguments + output, environment: actions)
        #expect(text.code == 1 && text.err.contains("error: 'Suspended → Active'"))
        #expect(!text.out.contains("::error"))
        let check = run(["check", "--format", "text"] + arguments, environment: actions)
        #expect(check.code == 1 && !check.out.contains("::error"))
    }

    // MARK: - Base URL

    @Test func baseURLComesFromTheFlagThenTheEnvironmentThenSiteYML() throws {
        let (root, arguments) = try project()
        let output = ["--output", root.appending(path: "public").path]
        func canonical() throws -> String {
            let page = try read(root.appending(path: "public/es/a/index.html"))
            return page.firstRange(of: #/<link rel="canonical" href="([^"]*)">/#).map { String(page[$0]) } ?? page
        }
        let variable = "LIFECYCLE_DOCS_BASE_URL"
        #expect(run(["build"] + arguments + output).code == 0)
        #expect(try canonical() == #"<link rel="canonical" href="https://docs.example.org/es/a/">"#)
        #expect(run(["build"] + arguments + output, environment: [variable: "https://env.example/docs"]).code == 0)
        #expect(try canonical() == #"<link rel="canonical" href="https://env.example/docs/es/a/">"#)
        #expect(run(["build", "--base-url", "https://flag.example/repo/"] + arguments + output, environment: [variable: "https://env.example/docs"]).code == 0)
        #expect(try canonical() == #"<link rel="canonical" href="https://flag.example/repo/es/a/">"#)
        // An empty variable (a workflow output that is empty) counts as unset.
        #expect(run(["build"] + arguments + output, environment: [variable: ""]).code == 0)
        #expect(try canonical() == #"<link rel="canonical" href="https://docs.example.org/es/a/">"#)
    }

    @Test(arguments: ["docs", "ftp://example.org/", "https://", "//cdn.example/", "https://example.org/a b", "https://example.org/?q=1"])
    func aBadBaseURLIsAUsageError(_ value: String) throws {
        let (root, arguments) = try project()
        let output = ["--output", root.appending(path: "public").path]
        let flag = run(["build", "--base-url", value] + arguments + output)
        #expect(flag.code == 2)
        #expect(flag.err == "error: '--base-url' needs an absolute http:// or https:// URL or a path starting with /, not '\(value)'\nsee 'lifecycle-docs build --help'\n")
        let variable = run(["check"] + arguments, environment: ["LIFECYCLE_DOCS_BASE_URL": value])
        #expect(variable.code == 2)
        #expect(variable.err.hasPrefix("error: LIFECYCLE_DOCS_BASE_URL must be an absolute http:// or https:// URL or a path starting with /, not '\(value)'\n"))
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public").path), "nothing was built")
    }
}
