import Foundation
import Testing

/// Every sentence and every code line of each seed article appears, unchanged,
/// in its rendered page.
@Suite struct SeedCoverageTests {
    static let seeds: [(seed: String, page: String)] = [
        ("000", "es/inactive"), ("001", "pt/inactive"), ("002", "bg/inactive"), ("004", "it/active"),
    ]

    @Test(arguments: seeds)
    func everySeedLineIsOnThePage(seed: String, page: String) throws {
        let site = try repositorySite.get()
        let seedsDir = seedsDirectory
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: seedsDir.path).first { $0.hasPrefix(seed + "_") })
        let lines = try read(seedsDir.appending(path: name)).split(separator: "\n", omittingEmptySubsequences: false)
        let html = try read(site.appending(path: page + "/index.html"))

        let article = try #require(html.firstRange(of: "<article>").flatMap { start in
            html[start.upperBound...].firstRange(of: "</article>").map { html[start.upperBound..<$0.lowerBound] }
        })
        let prose = normalizedWhitespace(visibleText(article))
        var codeLines = Set<String>()
        var rest = article[...]
        while let open = rest.firstRange(of: "<pre"), let close = rest[open.upperBound...].firstRange(of: "</pre>") {
            let block = visibleText(rest[open.lowerBound..<close.lowerBound].drop { $0 != ">" }.dropFirst())
            codeLines.formUnion(block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            rest = rest[close.upperBound...]
        }

        let title = String(lines[0])
        #expect(html.contains("<h1>\(title.replacing("&", with: "&amp;").replacing("'", with: "&#39;"))</h1>"))
        var checked = 0
        for (index, line) in lines.enumerated().dropFirst() where !line.allSatisfy(\.isWhitespace) {
            let found = codeLines.contains(String(line)) || prose.contains(normalizedWhitespace(line))
            #expect(found, "seed \(seed) line \(index + 1) is missing from \(page): \(line)")
            checked += 1
        }
        #expect(checked > 100)
        #expect(!codeLines.isEmpty)
    }
}
