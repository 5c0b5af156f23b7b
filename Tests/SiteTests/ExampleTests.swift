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
        #expect(html.contains("<tr data-event=\"focusOtherWindow\" data-from=\"resumed\" data-to=\"started\"><td>1</td>"))
        #expect(html.contains("<td><code>onPause</code></td>"))
        #expect(!html.contains("data-callbacks") && !html.contains("scope="))
        #expect(html.contains("<svg class=\"state-diagram\""))
        // The player's controls once per page, in a template (player.js copies them into the figure), not in the figure.
        #expect(html.matches(of: /<template id="ld-player"><div class="player" hidden>/).count == 1)
        #expect(html.matches(of: /data-action="step"/).count == 1)
        let template = try #require(html.firstRange(of: "<template id=\"ld-player\">"))
        #expect(html[template.lowerBound...].contains("<button type=\"button\" data-action=\"step\">Avanzar</button>"))
        #expect(try #require(html.firstRange(of: "</article>")).upperBound < template.lowerBound)
        #expect(html.contains("Multiventana"))
    }

    /// A page holds each machine's diagram geometry once, after its figures; every figure draws
    /// it with `<use>` and writes only its own path (no markers, no unmarked edges or nodes).
    @Test func figuresShareOneGeometryPerMachineOnThePage() throws {
        let (result, messages, root) = try build("""
            ---
            title: A
            ---
            ```lifecycle android-activity api=28
            given resumed
            focusOtherWindow -> paused : onPause
            ```

            ```lifecycle android-activity api=28
            given resumed
            home -> started, stopped : onPause, onStop
            ```

            ```lifecycle ios-app
            launch -> inactive, active
            ```
            """)
        #expect(messages == [])
        #expect(result.examplesRun == 3)
        let html = try read(root.appending(path: "public/es/a/index.html"))
        let sprites = html.matches(of: /<svg class="diagram-sprite"[^>]*>.*?<\/svg>/.dotMatchesNewlines()).map { String($0.output) }
        #expect(sprites.count == 2)
        #expect(html.matches(of: /<g id="ld-diagram-android-activity" class="diagram-geometry">/).count == 1)
        #expect(html.matches(of: /<g id="ld-diagram-ios-app" class="diagram-geometry">/).count == 1)
        // The sprites come after the figures that use them.
        let lastFigure = try #require(html.ranges(of: "<figure class=\"lifecycle-example\"").last)
        let firstSprite = try #require(html.range(of: "<svg class=\"diagram-sprite\""))
        #expect(lastFigure.upperBound < firstSprite.lowerBound)

        let figures = html.matches(of: /<svg class="state-diagram".*?<\/svg>/.dotMatchesNewlines()).map { String($0.output) }
        #expect(figures.count == 3)
        #expect(figures.map { $0.firstMatch(of: /<use href="#([^"]+)"\/>/)?.output.1 }
            == ["ld-diagram-android-activity", "ld-diagram-android-activity", "ld-diagram-ios-app"])
        for figure in figures {
            #expect(!figure.contains("<marker") && !figure.contains("edge-hit") && !figure.contains("<title>"))
            // No geometry in the figure: its path draws the sprite's edges and nodes again, by id.
            #expect(!figure.contains("<path") && !figure.contains("<rect") && !figure.contains("<text"))
        }
        // The second figure's path: resumed → started (paused) → created (stopped), and nothing else.
        let marked = figures[1].matches(of: /<use href="#([^"]+)"\/>/).map { String($0.output.1) }
        // The start tag of the sprite's element with that id.
        func drawn(_ id: String) -> String? {
            guard let start = html.firstRange(of: "<g id=\"\(id)\" ") else { return nil }
            return html[start.lowerBound...].firstIndex(of: ">").map { String(html[start.lowerBound...$0]) }
        }
        #expect(marked.compactMap { drawn($0)?.firstMatch(of: /data-state="([^"]+)"/).map { String($0.output.1) } } == ["created", "started", "resumed"])
        #expect(marked.compactMap { drawn($0)?.firstMatch(of: /data-from="([^"]+)" data-to="([^"]+)"/).map { "\($0.output.1) \($0.output.2)" } }
            == ["resumed started", "started created"])
        // Each diagram is named by its figure's caption (the machine), not by a title of its own.
        for (number, figure) in figures.enumerated() {
            #expect(figure.contains("aria-labelledby=\"ex-\(number + 1)-diagram-title\""))
        }
        #expect(html.matches(of: /<span class="example-machine" id="ex-(\d)-diagram-title"/).map { String($0.output.1) } == ["1", "2", "3"])
        // Ids stay unique on the page.
        let ids = html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) }
        #expect(ids.count == Set(ids).count)
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
