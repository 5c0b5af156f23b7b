import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent

/// `check` places the errors of blocks in files with a front matter, CRLF line breaks and
/// non-ASCII text at the same `line:col` as a reader counts them (by hand here).
@Suite struct DiagnosticColumnTests {
    @Test func errorsOfBlocksInCRLFFilesWithNonASCIIText() throws {
        let article = [
            "---", "title: Ñandú", "---", "Ünïcödé 状态 👍🏽.", "",
            "- Lista:", "", "  ```lifecycle ios-app", "  launch → inactive, añil, zzz", "  ```", "",
            "> ```lifecycle ios-app", "> \tzzz", "> ```", "",
            "  ```lifecycle ios-app", " launch -> inactive, 状态", "  ```", "",
            "```exercise ios-scene", "kind reach", "given unattached", "target background", "answer é zzz", "```", "",
        ].joined(separator: "\r\n")
        let root = try makeProject(content: ["es/a.md": article])
        let result = SiteBuilder.check(buildOptions(root))
        let found = result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        // Line 9: "  launch → inactive, " is 21 columns. Line 13: "> " and a tab. Line 17: one
        // space kept (less indented than its fence). Line 24: "answer é " is 9 columns.
        let expected = [
            "9:22 unknown state 'añil'", "9:28 unknown state 'zzz'", "13:4 unknown event 'zzz'",
            "17:22 unknown state '状态'", "24:8 unknown event 'é'", "24:10 unknown event 'zzz'",
        ]
        #expect(found.count == expected.count, "\(found)")
        for (found, expected) in zip(found, expected) {
            #expect(found.hasPrefix(expected), "\(found) is not \(expected)…")
        }
    }
}

extension DiagnosticColumnTests {
    /// A broken link, a removed link and raw HTML on an indented paragraph line (a continuation
    /// line, a block quote's, a list item's) are reported where they are written: cmark counts
    /// such a line's columns without its white space.
    @Test func inlineProblemsOnIndentedLines() throws {
        let article = [
            "---", "title: Uno", "---", "Texto", "   con [x](roto.md) y más.", "",
            "> Cita", ">    `código` y <b> [y](javascript:alert(1)).", "",
            "1. Lista", "      más [z](otro.md)", "",
        ].joined(separator: "\n")
        let root = try makeProject(content: ["es/a.md": article])
        let result = SiteBuilder.check(buildOptions(root))
        let found = result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }.sorted()
        // Line 5: "   con " is 7 columns. Line 8: ">    `código` y " is 16. Line 11: "      más " is 10.
        let expected = [
            "11:11 broken link 'otro.md'", "5:8 broken link 'roto.md'", "8:17 raw HTML '<b>'", "8:21 the link to 'javascript:alert(1)' was removed",
        ]
        #expect(found.count == expected.count, "\(found)")
        for (found, expected) in zip(found, expected) {
            #expect(found.hasPrefix(expected), "\(found) is not \(expected)…")
        }
    }
}
