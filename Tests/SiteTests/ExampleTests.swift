import Diagnostics
import Foundation
import LifecycleMachines
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

    /// The options a block states reach the player as the build ran them: JSON first, then escaped
    /// as an attribute value. A configuration change Android does not have is an error where it
    /// is written (it would be read as one the activity does not handle), whatever its characters.
    @Test func optionsReachThePlayerIntact() throws {
        let (refused, refusal, _) = try build("""
            ---
            title: A
            ---
            ```lifecycle android-activity api=27 targetSdk=26 configChanges=orientation|orientaton|a"b'c&d<e>
            given resumed
            rotate -> resumed
            ```
            """)
        #expect(!refused.succeeded)
        #expect(refusal.count == 1)
        #expect(refusal.first?.hasPrefix("Content/es/a.md:4:77: error: unknown configuration change 'orientaton' (android:configChanges takes: colorMode,") == true, "\(refusal)")
        #expect(refusal.first?.hasSuffix("suggestion: orientation") == true, "\(refusal)")
        let (result, messages, root) = try build("""
            ---
            title: A
            ---
            ```lifecycle android-activity api=27 targetSdk=26 configChanges=orientation|keyboardHidden
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
        #expect(options["configChanges"] as? [String] == ["keyboardHidden", "orientation"])
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
        #expect(html.contains("<tr data-event=\"focusOtherWindow\" data-to=\"started\"><td>1</td>"))
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

    /// An example with several scenes shows the app-level value after each step under its states,
    /// labelled; an `app` line that the model contradicts fails the build where its state is written.
    @Test func aMultiSceneTraceShowsTheAppLevelValueAfterEachStep() throws {
        let (result, messages, root) = try build("""
            ---
            title: A
            ---
            ```lifecycle swiftui
            given active
            connect@B -> active
            home -> inactive, background
            app active
            ```

            ```lifecycle ios-app
            given active
            interruption -> inactive
            ```

            ```lifecycle swiftui
            given active
            home -> inactive, background
            ```
            """)
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        // Only the example with two scenes: with one, the app-level value is that scene's state again.
        let rows = html.matches(of: /<span class="trace-app">App: (.*?)<\/span><\/td>/).map { String($0.output.1) }
        #expect(rows == ["<span lang=\"en\">active</span>", "<span lang=\"en\">active</span>"])
        // The single-scene traces have no such line.
        let second = try #require(html.firstRange(of: "id=\"ex-2\""))
        #expect(!html[second.lowerBound...].contains("trace-app"))

        let (wrong, errors, _) = try build("""
            ---
            title: A
            ---
            ```lifecycle swiftui
            given active
            connect@B -> active
            home -> inactive, background
            app background
            ```
            """)
        #expect(!wrong.succeeded)
        #expect(errors.contains { $0.hasPrefix("Content/es/a.md:8:5: error: the app-level value here is active, not background") }, "\(errors)")
    }

    /// A trace's long callback names may wrap at their words (a tutorial's traces sit in a narrow
    /// column); short ones are written whole, and the text of every name is unchanged.
    @Test func aTracesLongCallbackNamesMayWrapAtTheirWords() throws {
        let (result, messages, root) = try build("""
            ---
            title: A
            ---
            ```lifecycle ios-app
            given active
            interruption -> inactive : applicationWillResignActive
            ```

            ```lifecycle android-activity api=28
            given resumed
            home -> started, created
            ```
            """)
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("<td><code>application<wbr>Will<wbr>Resign<wbr>Active</code></td>"))
        #expect(html.contains("<code class=\"optional\">(onUser<wbr>Leave<wbr>Hint)</code>"))
        #expect(html.contains("<code>onPause</code>"))
        // Nothing but the breaks: the names' text is the model's.
        #expect(html.replacing("<wbr>", with: "").contains("<td><code>applicationWillResignActive</code></td>"))
    }

    /// No page holds a diagram's geometry: each figure draws its machine's file (one per machine and
    /// language, in the site's assets) with `<image>` and writes out only its own path; the page's
    /// arrows come once, after its figures.
    @Test func figuresDrawTheirMachinesFileAndWriteOnlyTheirPath() throws {
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
        let output = root.appending(path: "public")
        let html = try read(output.appending(path: "es/a/index.html"))
        #expect(!html.contains("diagram-sprite") && !html.contains("<use"))
        let markers = html.ranges(of: "<svg class=\"diagram-markers\"")
        #expect(markers.count == 1)
        let lastFigure = try #require(html.ranges(of: "<figure class=\"lifecycle-example\"").last)
        #expect(lastFigure.upperBound < (markers.first?.lowerBound ?? html.startIndex))

        let figures = html.matches(of: /<svg class="state-diagram".*?<\/svg>/.dotMatchesNewlines()).map { String($0.output) }
        #expect(figures.count == 3)
        let hrefs = figures.map { $0.firstMatch(of: /<image class="diagram-geometry" href="([^"]+)"/).map { String($0.output.1) } }
        #expect(hrefs.map { $0?.firstMatch(of: /^\.\.\/\.\.\/assets\/diagram-([a-z-]+)-es\.[0-9a-f]{10}\.svg$/)?.output.1 }
            == ["android-activity", "android-activity", "ios-app"])
        // Each file is there, and is the machine's whole diagram in the page's labels.
        for (href, machine) in zip(hrefs.compactMap { $0 }, ["android-activity", "android-activity", "ios-app"]) {
            let file = try read(output.appending(path: "es/a").appending(path: href).standardized)
            let states = try #require(Machines.machine(machine)).states.map(\.id)
            #expect(file.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(file.matches(of: /<g class="node[^"]*" data-state="([^"]+)"/).map { String($0.output.1) } == states)
        }
        for figure in figures {
            #expect(!figure.contains("<marker") && !figure.contains("edge-hit") && !figure.contains("<title>"))
        }
        // The second figure's path: resumed → started (paused) → created (stopped), and nothing else.
        let path = try #require(figures[1].firstMatch(of: /<g class="diagram-path"[^>]*>(.*)<\/g>\n<\/svg>/.dotMatchesNewlines())).output.1
        #expect(path.matches(of: /<g class="node on-path" data-state="([^"]+)"/).map { String($0.output.1) } == ["created", "started", "resumed"])
        #expect(path.matches(of: /<g class="edge on-path" data-from="([^"]+)" data-to="([^"]+)"/).map { "\($0.output.1) \($0.output.2)" }
            == ["resumed started", "started created"])
        #expect(path.matches(of: /<g class="/).count == 5)
        // Each diagram is named by its figure's caption (the machine), not by a title of its own.
        for (number, figure) in figures.enumerated() {
            #expect(figure.contains("aria-labelledby=\"ex-\(number + 1)-diagram-title\""))
        }
        #expect(html.matches(of: /<span class="example-machine" id="ex-(\d)-diagram-title"/).map { String($0.output.1) } == ["1", "2", "3"])
        // Ids stay unique on the page.
        let ids = html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) }
        #expect(ids.count == Set(ids).count)
        // A file for every machine in every language of the site, whether a page draws it or not; the
        // language's model-names script carries the same geometry, which player.js copies into figures.
        let assets = try FileManager.default.contentsOfDirectory(atPath: output.appending(path: "assets").path)
        let namesFile = try #require(assets.first { $0.hasPrefix("model-names-es.") })
        let script = try read(output.appending(path: "assets").appending(path: namesFile))
        let json = try #require(script.firstMatch(of: /^window\.LIFECYCLE_NAMES = (.*);\n$/.dotMatchesNewlines())).output.1
        let names = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let machines = try #require(names["machines"] as? [String: [String: Any]])
        for machine in Machines.ids {
            let files = assets.filter { $0.hasPrefix("diagram-\(machine)-es.") && $0.hasSuffix(".svg") }
            #expect(files.count == 1, "\(machine)")
            let file = try read(output.appending(path: "assets").appending(path: try #require(files.first)))
            let geometry = try #require(machines[machine]?["diagram"] as? String, "\(machine)")
            #expect(geometry.hasPrefix("<g class=\"edges\">") && file.contains(geometry), "\(machine)")
        }
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
        // The fewest: the recreation tutorial's 5 (beside its 6 exercises).
        for page in result.pages { #expect(page.examples >= 5, "\(page.file) has \(page.examples) examples") }
        #expect(result.chainsVerified >= 7)
    }
}
