import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// `lifecycle` blocks in articles run at build time and render as static traces.
@Suite struct ExampleTests {
    func build(_ article: String) throws -> (BuildResult, [String], URL) {
        let root = try makeProject(content: ["es/a.md": article])
        let result = SiteBuilder.build(buildOptions(root))
        return (result, result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }, root)
    }

    /// The options a block states reach the player as the build ran them, whatever their characters:
    /// JSON first, then escaped as an attribute value.
    @Test func optionsReachThePlayerIntact() throws {
        let (result, messages, root) = try build("""
            ---
            title: A
            ---
            ```lifecycle android-activity api=27 targetSdk=26 configChanges=orientation|a"b'c&d<e>
            given resumed
            focusOtherWindow -> paused : onPause
            ```
            """)
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        let attribute = try #require(html.firstMatch(of: /data-options="([^"]*)"/)?.output.1)
        let json = String(attribute).replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
        let options = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(options["api"] as? Int == 27)
        #expect(options["targetSdk"] as? Int == 26)
        #expect(options["configChanges"] as? [String] == ["a\"b'c&d<e>", "orientation"])
        #expect(options["root"] as? Bool == false)
    }

    @Test func aPassingExampleRendersItsTraceDiagramAndPlayer() throws {
        let (result, messages, root) = try build("""
            ---
            title: A
            ---
            ```lifecycle android-activity api=28
            # Multiventana
            given resumed
            focusOtherWindow -> paused : onPause
            ```
            """)
        #expect(messages == [])
        #expect(result.examplesRun == 1)
        #expect(result.summaryLine.contains("1 example run"))
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("<figure class=\"lifecycle-example\" id=\"ex-1\" data-lifecycle-example data-machine=\"android-activity\" data-options=\"{&quot;api&quot;:28,&quot;configChanges&quot;:[],&quot;root&quot;:false}\" data-initial=\"resumed\" data-state=\"resumed\">"))
        #expect(html.contains("<tr data-step=\"1\" data-event=\"focusOtherWindow\" data-from=\"resumed\" data-to=\"started\" data-callbacks=\"onPause\">"))
        #expect(html.contains("<svg class=\"state-diagram\""))
        #expect(html.contains("<button type=\"button\" data-action=\"step\">Avanzar</button>"))
        #expect(html.contains("Multiventana"))
    }

    @Test func aWrongExampleFailsTheBuildAtTheOffendingWord() throws {
        let (result, messages, root) = try build("""
            ---
            title: A
            ---
            Texto.

            ```lifecycle ios-app
            given active
            interruption -> background
            ```
            """)
        #expect(!result.succeeded)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/es/a.md:8:17: error: after 'interruption' the app is inactive, not background") == true)
        #expect(messages.first?.contains("suggestion: interruption -> inactive") == true)
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public").path))
    }

    @Test func anExampleInsideAListReportsItsIndentedColumn() throws {
        let (_, messages, _) = try build("""
            ---
            title: A
            ---
            - Punto:

              ```lifecycle ios-app
              lauch
              ```
            """)
        #expect(messages.first?.hasPrefix("Content/es/a.md:7:3: error: unknown event 'lauch' for ios-app") == true)
    }

    /// cmark removes up to the fence's indentation (here 2 spaces): a line with less keeps its own column.
    @Test func aLineLessIndentedThanItsFenceReportsItsOwnColumn() throws {
        let (_, messages, _) = try build("""
            ---
            title: A
            ---
            Texto.

              ```lifecycle ios-app
              launch
            }
               lauch
              ```
            """)
        #expect(messages.contains { $0.hasPrefix("Content/es/a.md:8:1: error: ") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Content/es/a.md:9:4: error: unknown event 'lauch' for ios-app") }, "\(messages)")
    }

    @Test func anUnknownMachineIsReportedOnTheFenceLine() throws {
        let (_, messages, _) = try build("---\ntitle: A\n---\n```lifecycle ios-ap\nlaunch\n```\n")
        #expect(messages.first?.hasPrefix("Content/es/a.md:4:14: error: unknown machine 'ios-ap'") == true)
    }

    @Test func anUnconfirmedTransitionIsAWarningNotAnError() throws {
        let (result, messages, _) = try build("---\ntitle: A\n---\n```lifecycle swiftui\nconnect -> active\n```\n")
        #expect(result.succeeded)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/es/a.md:5:1: warning: this example relies on an unconfirmed transition: P1") == true)
    }

    @Test func theRepositoryArticlesRunTheirExamples() throws {
        let result = SiteBuilder.check(
            BuildOptions(
                contentDir: repositoryRoot.appending(path: "Content").path,
                templatesDir: repositoryRoot.appending(path: "Templates").path))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
        for page in result.pages { #expect(page.examples >= 6, "\(page.file) has \(page.examples) examples") }
        #expect(result.chainsVerified >= 7)
    }
}
