import Diagnostics
import Markdown
import Testing

@testable import Scenarios

/// The `line:col` of every diagnostic of a block is part of the user-facing contract: columns
/// count Characters, whatever the bytes before the error on its line (accents, combining
/// marks, emoji, CJK, tabs) and however the fence is indented (lists, block quotes). Every
/// expectation here is counted by hand.
@Suite struct ColumnTests {
    /// `line:col message` of each diagnostic of the text, in order.
    func places(_ text: String) -> [String] {
        let document = MarkdownDocument.parse(text, file: "es/a.md")
        return ArticleVerifier.verify(document).diagnostics.map {
            "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)"
        }
    }

    /// Whether each diagnostic starts as expected (messages are pinned elsewhere; places here).
    func expectPlaces(_ text: String, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let found = places(text)
        #expect(found.count == expected.count, "\(found)", sourceLocation: sourceLocation)
        for (found, expected) in zip(found, expected) {
            #expect(found.hasPrefix(expected), "\(found) is not \(expected)…", sourceLocation: sourceLocation)
        }
    }

    /// "launch -> inactive, " is 20 columns; the names after it are unknown.
    @Test func nonASCIIBeforeTheErrorCountsCharacters() {
        // "añil" (ñ precomposed: 2 bytes), then ", " : zzz at 21 + 4 + 2 = 27.
        expectPlaces("```lifecycle ios-app\nlaunch -> inactive, añil, zzz\n```\n", [
            "2:21 unknown state 'añil'", "2:27 unknown state 'zzz'",
        ])
        // "an\u{303}il": n and a combining tilde are one Character (3 bytes).
        expectPlaces("```lifecycle ios-app\nlaunch -> inactive, an\u{303}il, zzz\n```\n", [
            "2:21 unknown state 'an\u{303}il'", "2:27 unknown state 'zzz'",
        ])
        // A family emoji is 5 scalars, 18 bytes, one Character: zzz at 21 + 1 + 2 = 24.
        expectPlaces("```lifecycle ios-app\nlaunch -> inactive, 👨‍👩‍👧, zzz\n```\n", [
            "2:21 unknown state '👨‍👩‍👧'", "2:24 unknown state 'zzz'",
        ])
        // Two CJK characters (6 bytes): zzz at 21 + 2 + 2 = 25.
        expectPlaces("```lifecycle ios-app\nlaunch -> inactive, 状态, zzz\n```\n", [
            "2:21 unknown state '状态'", "2:25 unknown state 'zzz'",
        ])
        // "→" is 3 bytes, one column: "launch → inactive, " is 19 columns.
        expectPlaces("```lifecycle ios-app\nlaunch → inactive, zzz\n```\n", ["2:20 unknown state 'zzz'"])
    }

    /// A tab is one column, before the error or as the line's indentation.
    @Test func aTabIsOneColumn() {
        expectPlaces("```lifecycle ios-app\nlaunch\t-> inactive,\tzzz\n```\n", ["2:21 unknown state 'zzz'"])
        expectPlaces("```lifecycle ios-app\n\tzzz -> inactive\n```\n", ["2:2 unknown event 'zzz'"])
    }

    /// The fence's indentation is taken off each line by the Markdown parser and added back.
    @Test func indentedFencesInListsAndBlockQuotes() {
        // List item content starts at column 3: the error is 2 columns further right.
        expectPlaces("- Un paso:\n\n  ```lifecycle ios-app\n  launch -> inactive, zzz\n  ```\n", ["4:23 unknown state 'zzz'"])
        // In a block quote ("> "), with an accent before the error.
        expectPlaces("> ```lifecycle ios-app\n> launch -> inactive, añil, zzz\n> ```\n", [
            "2:23 unknown state 'añil'", "2:29 unknown state 'zzz'",
        ])
        // A block quote in a list item: the fence is at column 5.
        expectPlaces("- Cita:\n\n  > ```lifecycle ios-app\n  > launch → inactive, zzz\n  > ```\n", ["4:24 unknown state 'zzz'"])
        // A content line indented less than its fence keeps what it has: one space.
        expectPlaces("  ```lifecycle ios-app\n launch -> inactive, zzz\n  ```\n", ["2:22 unknown state 'zzz'"])
        // Non-ASCII text in the list marker's paragraph does not move the block's columns.
        expectPlaces("- Ünïcödé 状态:\n\n  ```lifecycle ios-app\n  zzz\n  ```\n", ["4:3 unknown event 'zzz'"])
    }

    /// The info string's place: after the backticks or tildes and the spaces that follow.
    @Test func infoStringColumns() {
        // "```lifecycle ios-app " is 21 columns; "ñ=1 " 4 more.
        expectPlaces("```lifecycle ios-app ñ=1 zzz\nlaunch -> inactive, active\n```\n", [
            "1:22 machine 'ios-app' takes no options", "1:26 expected an option written name=value, not 'zzz'",
        ])
        expectPlaces("~~~~  lifecycle nadie\nlaunch\n~~~~\n", ["1:17 unknown machine 'nadie'"])
        expectPlaces("> - ```lifecycle nadie\n>   launch\n>   ```\n", ["1:18 unknown machine 'nadie'"])
    }

    /// CRLF line breaks: the same lines and columns as LF.
    @Test func crlfLineBreaks() {
        expectPlaces("Texto.\r\n\r\n```lifecycle ios-app\r\nlaunch -> inactive, añil, zzz\r\n```\r\n", [
            "4:21 unknown state 'añil'", "4:27 unknown state 'zzz'",
        ])
        expectPlaces("> ```lifecycle ios-app\r\n> launch → inactive, zzz\r\n> ```\r\n", ["2:22 unknown state 'zzz'"])
    }

    /// Exercises are placed by the same lines.
    @Test func exerciseColumns() {
        // "answer añil zzz": both unknown events, zzz at 8 + 4 + 1 = 13; in a list, 2 more.
        expectPlaces("```exercise ios-scene\nkind reach\ngiven unattached\ntarget background\nanswer añil zzz\n```\n", [
            "5:8 unknown event 'añil'", "5:13 unknown event 'zzz'",
        ])
        expectPlaces("- Paso:\n\n  ```exercise ios-scene\n  kind reach\n  given unattached\n  target background\n  answer 状态 zzz\n  ```\n", [
            "7:10 unknown event '状态'", "7:13 unknown event 'zzz'",
        ])
    }

    /// A prose chain's column counts Characters from its text node's start; the error is at the
    /// name that cannot follow.
    @Test func proseChainColumns() {
        // "Ünïcödé: " is 9 columns: the chain starts at 10, "Background" 9 columns later.
        expectPlaces("Ünïcödé: Active → Background.\n", ["1:19 'Active → Background' is not possible"])
        // "> - 状态 " is 7 columns: Active at 8, Background at 17.
        expectPlaces("> - 状态 Active → Background.\n", ["1:17 'Active → Background' is not possible"])
    }
}
