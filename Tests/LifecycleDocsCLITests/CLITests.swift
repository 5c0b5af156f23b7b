import Foundation
import TestSupport
import Testing

@testable import LifecycleDocsCLI

@Suite struct CLITests {
    func run(_ arguments: [String], environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
        var console = Console(environment: environment, capture: true)
        let code = CLI.run(arguments, console: &console)
        return (code, console.stdout, console.stderr)
    }

    @Test func noCommandIsAUsageError() {
        let (code, _, err) = run([])
        #expect(code == 2)
        #expect(err.hasPrefix("usage: lifecycle-docs <command>"))
    }

    @Test(arguments: [
        (["frobnicate"], "error: unknown command 'frobnicate'"),
        (["build", "--colour"], "error: unknown option '--colour' for 'build'"),
        (["build", "--output"], "error: option '--output' needs a value"),
        (["build", "extra"], "error: unexpected argument 'extra' for 'build'"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) {
        let (code, out, err) = run(arguments)
        #expect(code == 2)
        #expect(out.isEmpty)
        #expect(err.hasPrefix(message + "\n"))
    }

    @Test func helpAndVersion() {
        #expect(run(["--help"]).out.contains("build [--content DIR] [--templates DIR] [--output DIR]"))
        #expect(run(["version"]).out == "lifecycle-docs \(CLI.version)\n")
    }

    @Test func contentErrorsExitWithOneAndPrintLocations() throws {
        let project = try makeTemporaryDirectory("cli")
        let dir = project.appending(path: "content")
        try write(Data("---\ntitle: A\n".utf8), to: dir.appending(path: "es/a.md"))
        let output = project.appending(path: "out").path
        let (code, out, err) = run(
            ["build", "--content", dir.path, "--templates", "/nonexistent-templates", "--output=\(output)"],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(code == 1)
        #expect(err.contains("\(dir.path)/es/a.md:1:1: error: front matter is not closed: add a line '---' after it\n"))
        #expect(out.contains("::error file=\(dir.path)/es/a.md,line=1,col=1::front matter is not closed: add a line '---' after it\n"))
        // The missing templates folder is one error of its own, beside the content's.
        #expect(err.contains("/nonexistent-templates: error: templates folder not found\n"))
        #expect(!err.contains("missing UI strings file"))
        // There was no output before: nothing was "left unchanged".
        #expect(err.hasSuffix("Build failed with 2 errors; nothing was written.\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func checkJSONFollowsTheContract() throws {
        let root = repositoryRoot
        let (code, out, _) = run([
            "check", "--content", root.appending(path: "Content").path, "--templates", root.appending(path: "Templates").path,
            "--format", "json",
        ])
        #expect(code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        // One page report per article file of the repository's content.
        let articleFiles = try FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Content").path).flatMap { lang in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Content/\(lang)").path)) ?? []).filter { $0.hasSuffix(".md") }
        }
        #expect(articleFiles.count >= 20)
        #expect(pages.count == articleFiles.count)
        let italian = try #require(pages.first { ($0["file"] as? String)?.hasSuffix("it/active.md") == true })
        #expect(italian["lang"] as? String == "it")
        #expect((italian["examples"] as? Int ?? 0) >= 6)
        let chains = try #require(italian["chains"] as? [[String: Any]])
        #expect(chains.contains { $0["text"] as? String == "Background → Inactive → Active" && $0["machine"] as? String == "ios-app" && $0["ok"] as? Bool == true && $0["line"] is Int })
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
    }

    /// `check --format json` lists each page's exercises (kind, machine, place, verdict); the text summary counts them.
    @Test func checkListsExercises() throws {
        let fixtures = repositoryRoot.appending(path: "Tests/SiteTests/Fixtures/exercises")
        let dir = try makeTemporaryDirectory("cli-exercises")
        try write(Data(try read(fixtures.appending(path: "es.md")).utf8), to: dir.appending(path: "es/a.md"))
        let templates = repositoryRoot.appending(path: "Templates").path
        let (code, out, _) = run(["check", "--content", dir.path, "--templates", templates, "--format", "json"])
        #expect(code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let page = try #require((json["pages"] as? [[String: Any]])?.first)
        let exercises = try #require(page["exercises"] as? [[String: Any]])
        #expect(exercises.map { $0["kind"] as? String } == ["predict", "order", "choose", "reach"])
        #expect(exercises.map { $0["machine"] as? String } == ["android-activity", "android-activity", "ios-app", "ios-scene"])
        #expect(exercises.map { $0["line"] as? Int } == [6, 14, 22, 31])
        #expect(exercises.allSatisfy { $0["column"] as? Int == 4 && $0["ok"] as? Bool == true })
        let text = run(["check", "--content", dir.path, "--templates", templates])
        #expect(text.out.hasPrefix("Checked 1 article: 0 examples run, 4 exercises checked, 0 chains verified, 0 errors, 0 warnings"))

        // A wrong answer key: exit 1, the error at its file, line and column, the exercise listed as not ok.
        let wrong = try read(fixtures.appending(path: "es.md")).replacing("option path notRunning -> active", with: "option path notRunning -> inactive")
        try write(Data(wrong.utf8), to: dir.appending(path: "es/a.md"))
        let (failed, failedOut, err) = run(["check", "--content", dir.path, "--templates", templates])
        #expect(failed == 1)
        #expect(err.contains("\(dir.path)/es/a.md:27:1: error: option 2 is marked wrong but the model allows it: launch: notRunning -> inactive"))
        #expect(failedOut.hasPrefix("Checked 1 article: 0 examples run, 4 exercises checked, 0 chains verified, 1 error, 0 warnings"))
        let (_, jsonOut, _) = run(["check", "--content", dir.path, "--templates", templates, "--format", "json"])
        let failedJSON = try #require(try JSONSerialization.jsonObject(with: Data(jsonOut.utf8)) as? [String: Any])
        let listed = try #require(((failedJSON["pages"] as? [[String: Any]])?.first?["exercises"]) as? [[String: Any]])
        #expect(listed.map { $0["ok"] as? Bool } == [true, true, false, true])
    }

    @Test func checkExitsWithOneOnAnErrorAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("cli-check")
        try write(Data("---\ntitle: A\n---\nSuspended → Active\n".utf8), to: dir.appending(path: "es/a.md"))
        let root = repositoryRoot
        let (code, out, err) = run(["check", "--content", dir.path, "--templates", root.appending(path: "Templates").path])
        #expect(code == 1)
        #expect(err.contains("\(dir.path)/es/a.md:4:13: error: 'Suspended → Active' is not possible in ios-app"))
        #expect(out.hasPrefix("Checked 1 article: 0 examples run, 0 exercises checked, 0 chains verified, 1 error, 0 warnings"))
    }

    @Test func statusJSONFollowsTheContract() throws {
        let root = repositoryRoot
        let (code, out, _) = run([
            "status", "--content", root.appending(path: "Content").path, "--templates", root.appending(path: "Templates").path,
            "--format", "json",
        ])
        #expect(code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let articles = try #require(json["articles"] as? [[String: Any]])
        let inactive = try #require(articles.first { $0["slug"] as? String == "inactive" })
        let languages = try #require(inactive["languages"] as? [String: [String: Any]])
        #expect(languages["es"]?["status"] as? String == "source")
        #expect(languages["pt"]?["status"] as? String == "current")
        #expect(languages["bg"]?["status"] as? String == "current")
        #expect(languages["it"]?["status"] as? String == "current")
        let active = try #require(articles.first { $0["slug"] as? String == "active" })
        let activeLanguages = try #require(active["languages"] as? [String: [String: Any]])
        #expect(activeLanguages["it"]?["status"] as? String == "source")
        for lang in ["es", "pt", "bg"] { #expect(activeLanguages[lang]?["status"] as? String == "current", "\(lang)") }
    }

    @Test func statusTextIsATable() throws {
        let root = repositoryRoot
        let (_, out, _) = run(["status", "--content", root.appending(path: "Content").path, "--templates", root.appending(path: "Templates").path])
        // The first column is as wide as the longest slug.
        #expect(out.hasPrefix("article                  es       pt       bg       it\n"))
        #expect(out.contains("\ninactive                 source   current  current  current\n"))
        #expect(out.contains("\nactive                   current  current  current  source\n"))
        #expect(out.contains("\nsurviving-interruptions  source   current  current  current\n"))
        #expect(out.contains("\nsurviving-recreation     source   current  current  current\n"))
        #expect(out.contains("\nswiftui-scene-phase      source   current  current  current\n"))
        #expect(!out.contains("\u{1B}["), "no colours when not on a terminal")
    }

    @Test func checkWritesGitHubAnnotationsOnRequest() throws {
        let dir = try makeTemporaryDirectory("cli-gh")
        try write(Data("---\ntitle: A\n---\nSuspended → Active\n".utf8), to: dir.appending(path: "es/a.md"))
        let root = repositoryRoot
        let (code, out, _) = run(["check", "--content", dir.path, "--templates", root.appending(path: "Templates").path, "--format", "github"])
        #expect(code == 1)
        #expect(out.contains("::error file=\(dir.path)/es/a.md,line=4,col=13::'Suspended → Active' is not possible in ios-app"))
    }
}
