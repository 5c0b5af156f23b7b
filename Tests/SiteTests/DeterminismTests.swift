import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// Pages are rendered in parallel, yet two builds of the same input write the same bytes.
@Suite struct DeterminismTests {
    @Test func twoBuildsOfTheRepositoryWriteIdenticalFiles() throws {
        var snapshots: [[String: Data]] = []
        for _ in 0..<2 {
            let output = try makeTemporaryDirectory().appending(path: "public")
            let result = SiteBuilder.build(BuildOptions(
                contentDir: repositoryRoot.appending(path: "Content").path,
                templatesDir: repositoryRoot.appending(path: "Templates").path,
                outputDir: output.path))
            #expect(result.succeeded)
            snapshots.append(try snapshot(output))
        }
        #expect(snapshots[0].count > 20)
        #expect(snapshots[0].keys.sorted() == snapshots[1].keys.sorted())
        for (path, data) in snapshots[0] { #expect(snapshots[1][path] == data, "\(path) differs between two builds") }
    }
}
