import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// The examples of one article are identical in every language but for their comments.
@Suite struct ExampleParityTests {
    /// Each `lifecycle` block of a file: its info string and lines, without comments.
    static func blocks(_ path: String) throws -> [[String]] {
        let lines = try read(repositoryRoot.appending(path: path)).split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [[String]] = []
        var current: [String]?
        for line in lines {
            if current == nil, line.hasPrefix("```lifecycle") {
                current = [String(line)]
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    .trimmingCharacters(in: .whitespaces)
                if !code.isEmpty { current!.append(code) }
            }
        }
        return blocks
    }

    @Test(arguments: [
        ("Content/es/inactive.md", "Content/pt/inactive.md"), ("Content/es/inactive.md", "Content/bg/inactive.md"),
        ("Content/es/inactive.md", "Content/it/inactive.md"), ("Content/it/active.md", "Content/es/active.md"),
        ("Content/it/active.md", "Content/pt/active.md"), ("Content/it/active.md", "Content/bg/active.md"),
    ])
    func translationsHaveTheSourcesExamples(_ source: String, _ translation: String) throws {
        let blocks = try Self.blocks(source)
        #expect(blocks.count >= 6)
        #expect(try Self.blocks(translation) == blocks)
    }

    @Test func checkListsEverySeedChainAsVerified() throws {
        let result = SiteBuilder.check(
            BuildOptions(
                contentDir: repositoryRoot.appending(path: "Content").path,
                templatesDir: repositoryRoot.appending(path: "Templates").path))
        // The articles that began as the seeds (the tutorial has its own chains).
        let seeds = result.pages.filter { $0.file.hasSuffix("/active.md") || $0.file.hasSuffix("/inactive.md") }
        #expect(seeds.count == 8)
        let chains = seeds.sorted { $0.file < $1.file }.flatMap { page in page.chains.map { "\(page.lang): \($0.text) [\($0.machine)] \($0.ok)" } }
        #expect(chains == [
            "bg: Not Running → Inactive → Active → Inactive → Background → Suspended → Not Running [ios-app] true",
            "bg: Not Running → Inactive → Active [ios-app] true",
            "bg: Background → Inactive → Active [ios-app] true",
            "bg: Inactive → Active [ios-app] true",
            "bg: onPause → onStop → onDestroy → onCreate → onStart → onResume [android-activity] true",
            "es: Not Running → Inactive → Active → Inactive → Background → Suspended → Not Running [ios-app] true",
            "es: Not Running → Inactive → Active [ios-app] true",
            "es: Background → Inactive → Active [ios-app] true",
            "es: Inactive → Active [ios-app] true",
            "es: onPause → onStop → onDestroy → onCreate → onStart → onResume [android-activity] true",
            "it: Not Running → Inactive → Active → Inactive → Background → Suspended → Not Running [ios-app] true",
            "it: Not Running → Inactive → Active [ios-app] true",
            "it: Background → Inactive → Active [ios-app] true",
            "it: Inactive → Active [ios-app] true",
            "it: onPause → onStop → onDestroy → onCreate → onStart → onResume [android-activity] true",
            "pt: Not Running → Inactive → Active → Inactive → Background → Suspended → Not Running [ios-app] true",
            "pt: Not Running → Inactive → Active [ios-app] true",
            "pt: Background → Inactive → Active [ios-app] true",
            "pt: Inactive → Active [ios-app] true",
            "pt: onPause → onStop → onDestroy → onCreate → onStart → onResume [android-activity] true",
        ])
    }
}
