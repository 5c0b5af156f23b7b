import Foundation
import Testing
import TestSupport

@testable import LifecycleDocsCLI

/// The bad-input corpus (BadInputs/<case>/): each case is laid over a small good
/// project that has already been built, then `lifecycle-docs build` runs as a user
/// would run it. Its exit code and every line it prints on standard error must be
/// exactly those of the case's `expected.txt`, and when it fails, the output folder
/// must be byte for byte what the good build left.
///
/// `expected.txt`: a first line `exit N`, then standard error, with `{project}` for the
/// project's folder. Cases needing more than files (a symlink, a huge or deep file, an
/// output that cannot be written) are set up in `setUp(_:_:)`. After a deliberate change
/// of messages, `UPDATE_BAD_INPUTS=1 swift test --filter BadInputTests` rewrites the
/// expectations; review the diff.
///
/// Two articles cannot share a slug: a slug is a file name within one language folder. The
/// one collision left, with a page the site generates, is the `reserved-slug` case.
@Suite struct BadInputTests {
    static let corpus = repositoryRoot.appending(path: "Tests/LifecycleDocsCLITests/BadInputs")

    /// The case folders. An unreadable or empty corpus yields one case named after the problem,
    /// which then fails: a missing corpus must not pass as zero cases.
    static var cases: [String] {
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasPrefix(".") }.sorted()
            return names.isEmpty ? ["(no case in \(corpus.path))"] : names
        } catch {
            return ["(cannot read \(corpus.path): \(error))"]
        }
    }

    static let goodContent = [
        "Content/site.yml": """
            baseURL: "https://docs.example.org/"
            defaultLanguage: es
            languages:
              - {code: es, name: Español, title: Documentación}
              - {code: pt, name: Português, title: Documentação}
              - {code: bg, name: Български, title: Документация}
              - {code: it, name: Italiano, title: Documentazione}

            """,
        "Content/es/a.md": "---\ntitle: A\n---\n## Uno\n\nTexto.\n",
        "Content/it/b.md": "---\ntitle: B\n---\n## Uno\n\nTesto.\n",
    ]

    @Test(arguments: cases)
    func badInput(_ name: String) throws {
        try #require(!name.hasPrefix("("), "the bad-input corpus is missing: \(name)")
        let project = try makeTemporaryDirectory("bad-input-\(name)")
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.copyItem(at: repositoryRoot.appending(path: "Templates"), to: project.appending(path: "Templates"))
        for (path, text) in Self.goodContent { try write(Data(text.utf8), to: project.appending(path: path)) }
        var arguments = ["build", "--content", project.appending(path: "Content").path,
                         "--templates", project.appending(path: "Templates").path, "--output", project.appending(path: "public").path]
        let good = run(arguments)
        try #require(good.code == 0, "the good project builds: \(good.err)")
        let before = try snapshot(project.appending(path: "public"))

        // The case's files, then whatever it needs beyond files.
        let caseFolder = Self.corpus.appending(path: name)
        for path in try FileManager.default.subpathsOfDirectory(atPath: caseFolder.path) where path != "expected.txt" {
            let source = caseFolder.appending(path: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            try write(try Data(contentsOf: source), to: project.appending(path: path))
        }
        try setUp(name, project, &arguments)

        let result = run(arguments)
        let actual = "exit \(result.code)\n" + result.err.replacing(project.path, with: "{project}")
        let expectedFile = caseFolder.appending(path: "expected.txt")
        if ProcessInfo.processInfo.environment["UPDATE_BAD_INPUTS"] == "1" {
            try write(Data(actual.utf8), to: expectedFile)
        }
        let expected = try read(expectedFile)
        #expect(actual == expected)
        if result.code != 0, name != "unwritable-output" {
            #expect(try snapshot(project.appending(path: "public")) == before, "a failed build leaves the previous site as it was")
        }
        try verify(name, project)
        try checkFindsWhatTheBuildFound(name, arguments: arguments, build: result)
    }

    /// `check` on the same input reports every problem the build printed, at the same place, and
    /// fails when it failed: what it cannot see is the output folder (`unwritable-output`).
    func checkFindsWhatTheBuildFound(_ name: String, arguments: [String], build: (code: Int32, out: String, err: String)) throws {
        guard name != "unwritable-output" else { return }
        let outputOption = try #require(arguments.firstIndex(of: "--output"))
        var checkArguments = arguments
        checkArguments.removeSubrange(outputOption...(outputOption + 1))
        checkArguments[0] = "check"
        let check = run(checkArguments)
        #expect(check.code == build.code, "\(name): check exits as the build did\n\(check.err)")
        let problems = build.err.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        for line in problems {
            #expect(check.err.contains(line), "\(name): check reports \(line)\n\(check.err)")
        }
    }

    /// Inputs that are not plain files in the corpus.
    func setUp(_ name: String, _ project: URL, _ arguments: inout [String]) throws {
        let content = project.appending(path: "Content")
        switch name {
        case "symlink-outside-content":
            let outside = project.appending(path: "elsewhere.md")
            try write(Data("---\ntitle: Fuera\n---\nSecreto.\n".utf8), to: outside)
            try FileManager.default.createSymbolicLink(atPath: content.appending(path: "es/fuera.md").path, withDestinationPath: outside.path)
        case "ten-megabyte-article":
            // A legal article of 10 MB: paragraphs, headings and code, built like any other.
            var text = "---\ntitle: Enorme\n---\n"
            var section = 0
            while text.utf8.count < 10_000_000 {
                section += 1
                text += "## Sección \(section)\n\n" + String(repeating: "Una frase de relleno con el estado Active. ", count: 40)
                    + "\n\n```swift\nfunc f\(section)() { print(\"\(section)\") }\n```\n\n"
            }
            try write(Data(text.utf8), to: content.appending(path: "es/enorme.md"))
        case "deep-nesting":
            // 10,000 block quotes inside each other, 10,000 nested brackets, and 1,000 nested list
            // items (each level is two more spaces: 10,000 would be a 100 MB file, all indentation).
            let quotes = String(repeating: ">", count: 10_000) + " fondo\n\n"
            let lists = (0..<1_000).map { String(repeating: "  ", count: $0) + "- n\($0)" }.joined(separator: "\n") + "\n\n"
            let brackets = String(repeating: "[", count: 10_000) + "x" + String(repeating: "]", count: 10_000) + "\n"
            try write(Data(("---\ntitle: Profundo\n---\n" + quotes + lists + brackets).utf8), to: content.appending(path: "es/profundo.md"))
        case "unwritable-output":
            // A file where the output's parent folder should be: even root cannot create a folder below it.
            try write(Data("not a folder\n".utf8), to: project.appending(path: "blocker"))
            arguments[arguments.count - 1] = project.appending(path: "blocker/public").path
        case "missing-templates-folder":
            // What a user meets running the tool outside the site's folder with only `--content`.
            try FileManager.default.removeItem(at: project.appending(path: "Templates"))
        case "missing-i18n-key":
            let strings = project.appending(path: "Templates/i18n/pt.yml")
            let text = try read(strings)
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("playgroundTitle:") }
            try write(Data(kept.joined(separator: "\n").utf8), to: strings)
        default:
            break
        }
    }

    /// What a case that builds must have produced.
    func verify(_ name: String, _ project: URL) throws {
        let public_ = project.appending(path: "public")
        switch name {
        case "bom-and-crlf":
            let page = try read(public_.appending(path: "es/a/index.html"))
            #expect(page.contains("<h1>Con BOM</h1>") || page.contains(">Con BOM<"))
            #expect(!page.contains("\r"))
        case "raw-html-and-scripts":
            let page = try read(public_.appending(path: "es/a/index.html"))
            for neutralised in ["<script>alert", "onerror=\"alert", "javascript:", "vbscript:"] { #expect(!page.contains(neutralised)) }
            #expect(page.contains("&lt;script&gt;alert(document.cookie)&lt;/script&gt;"))
        case "ten-megabyte-article":
            let page = try Data(contentsOf: public_.appending(path: "es/enorme/index.html"))
            #expect(page.count > 10_000_000)
        case "deep-nesting":
            let page = try read(public_.appending(path: "es/profundo/index.html"))
            #expect(page.contains("fondo") && page.contains("n999"))
        default:
            break
        }
    }

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var console = Console(environment: [:], capture: true)
        let code = CLI.run(arguments, console: &console)
        return (code, console.stdout, console.stderr)
    }

}
