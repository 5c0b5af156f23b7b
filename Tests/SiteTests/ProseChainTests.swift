import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// Arrow chains in prose are verified at build time, in every language.
@Suite struct ProseChainTests {
    /// A copy of the repository's content with `original` replaced by `broken` in `file`.
    func buildWith(_ file: String, replacing original: String, with broken: String) throws -> (BuildResult, String, URL) {
        let root = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: repositoryRoot.appending(path: "Content"), to: root.appending(path: "Content"))
        try FileManager.default.copyItem(at: repositoryRoot.appending(path: "Templates"), to: root.appending(path: "Templates"))
        let url = root.appending(path: "Content/" + file)
        let text = try read(url)
        #expect(text.contains(original))
        try write(Data(text.replacing(original, with: broken).utf8), to: url)
        let result = SiteBuilder.build(buildOptions(root))
        return (result, try read(url), root)
    }

    @Test func aChainChangedToBackgroundActiveFailsAtItsFileLineAndColumn() throws {
        let (result, text, root) = try buildWith("it/active.md", replacing: "Background → Inactive → Active", with: "Background → Active")
        #expect(!result.succeeded)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lineIndex = try #require(lines.firstIndex { $0.contains("Background → Active") })
        let line = lines[lineIndex]
        let column = line.distance(from: line.startIndex, to: try #require(line.firstRange(of: "Background → Active")).lowerBound) + 1
        let activeColumn = column + "Background → ".count
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(messages == [
            "Content/it/active.md:\(lineIndex + 1):\(activeColumn): error: 'Background → Active' is not possible in ios-app: Active cannot follow Background directly\n"
                + "    note: from Background the model goes to: Suspended, Inactive, Not Running\n"
                + "    suggestion: Background → Inactive → Active"
        ])
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public").path))
    }

    @Test func aWrongCallbackOrderFailsInBulgarianToo() throws {
        let (result, _, root) = try buildWith("bg/inactive.md", replacing: "onPause → onStop → onDestroy", with: "onStop → onPause → onDestroy")
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/bg/inactive.md:") == true)
        #expect(messages.first?.contains(": error: 'onStop → onPause → onDestroy → onCreate → onStart → onResume' is not an order of callbacks that android-activity produces") == true)
    }

    @Test func verifiedChainsAreMarkedAndLinkToTheirTrace() throws {
        let site = try repositorySite.get()
        let html = try read(site.appending(path: "it/active/index.html"))
        #expect(html.contains("<a class=\"chain\" href=\"#chain-1\" data-machine=\"ios-app\" title=\"Sequenza verificata con il modello: App iOS (UIApplicationDelegate, senza scene)\">Not Running → Inactive → Active → Inactive → Background → Suspended → Not Running</a>"))
        #expect(html.contains("<li id=\"chain-1\">"))
        // The events that produce it, by their names in the page's language, their summary as the tooltip.
        #expect(html.contains("title=\"Il sistema sospende un&#39;app in background quando il suo lavoro finisce.\">Sospensione A7</a>"))
        let es = try read(site.appending(path: "es/inactive/index.html"))
        #expect(es.contains("data-machine=\"android-activity\""))
    }

    /// A chain that only an unconfirmed transition allows gets no mark of verification (and no
    /// entry in the list): a warning at its first name tells the writer, and the build succeeds.
    @Test func aChainPossibleOnlyThroughAnUnconfirmedRowIsNotMarked() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\n---\nAl salir: .active → .inactive → .background.\n\nAl volver: .background → .active, quizá.\n"
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded)
        #expect(result.chainsVerified == 1)
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix(
            "Content/es/a.md:6:12: warning: '.background → .active' is possible in swiftui only through an unconfirmed transition: P5 (") == true,
            "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("data-machine=\"swiftui\" title=\"Secuencia verificada con el modelo: ScenePhase de SwiftUI\">.active → .inactive → .background</a>"))
        #expect(html.contains("<p>Al volver: .background → .active, quizá.</p>"))
        #expect(!html.contains("chain-2"))
    }

    @Test func chainsInCodeAreNotProse() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\n---\n`Background → Active` y\n\n```swift\n// Background → Active\n```\n\n    Background → Active\n",
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.chainsVerified == 0)
        #expect(SiteBuilder.check(buildOptions(root)).pages.first?.chains.isEmpty == true)
    }

    /// A build counts the chains it verified; the chains themselves, with their text, are `check`'s report.
    @Test func aBuildCountsItsChainsAndCheckListsThem() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\n---\nLa app pasa por Background → Inactive → Active.\n\nLuego onPause → onStop.\n",
        ])
        let built = SiteBuilder.build(buildOptions(root))
        #expect(built.succeeded, "\(built.diagnostics)")
        #expect(built.chainsVerified == 2 && built.pages.first?.verifiedChains == 2)
        #expect(built.pages.first?.chains.isEmpty == true, "a build keeps no chain's text")
        let checked = SiteBuilder.check(buildOptions(root))
        #expect(checked.chainsVerified == 2)
        #expect(checked.pages.first?.chains.map(\.text) == ["Background → Inactive → Active", "onPause → onStop"])
    }

    @Test func chainsInHeadingsListsAndTablesAreVerified() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\n---\n## Active → Background\n\n- x: Suspended → Active\n\n| a |\n|---|\n| onStop -> onPause |\n",
        ])
        let result = SiteBuilder.build(buildOptions(root))
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "").split(separator: "\n")[0] }
        #expect(messages == [
            "Content/es/a.md:4:13: error: 'Active → Background' is not possible in ios-app: Background cannot follow Active directly",
            "Content/es/a.md:6:18: error: 'Suspended → Active' is not possible in ios-app: Active cannot follow Suspended directly",
            "Content/es/a.md:10:3: error: 'onStop -> onPause' is not an order of callbacks that android-activity produces",
        ])
    }
}
