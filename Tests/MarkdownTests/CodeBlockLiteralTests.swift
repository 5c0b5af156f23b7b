import CCMarkGFM
import Diagnostics
import Foundation
import Testing
import TestSupport

@testable import Markdown

/// A code block's literal is copied from the source where cmark's bytes stand there; it was
/// cmark's literal turned into a string, which is the reference.
@Suite struct CodeBlockLiteralTests {
    /// cmark's literal of each code block, in document order.
    static func cmarkLiterals(_ text: String) -> [String] {
        var literals: [String] = []
        forEachCMarkEvent(text) { event, node in
            guard event == CMARK_EVENT_ENTER, cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK else { return }
            literals.append(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
        }
        return literals
    }

    static func parsedLiterals(_ text: String) -> [String] {
        let document = MarkdownDocument.parse(text, file: "f.md")
        return document.nodes.compactMap { node in
            if case .codeBlock = node.kind { node.literal } else { nil }
        }
    }

    static let tricky = [
        "```\n```\n", "```swift\nlet a = 1\n```\n", "```\nunclosed", "```\nunclosed\n", "~~~\nтильда\n~~~\n",
        "  ```\n  indented fence\n    more\n  ```\n", "- item\n\n  ```\n  in a list\n  ```\n", "> ```\n> quoted\n> ```\n",
        "    indented code\n    ещё\n", "```\r\ncrlf\r\n```\r\n", "```\na\rb\n```\n", "```\n\ttab\t\n```\n",
        "```\ne\u{301} é 🍎 👩‍👩‍👧\n\n\n```\n", "````\n```\ninner\n```\n````\n", "```\n# comment — „x“ → y\n```",
    ]

    @Test(arguments: tricky) func trickyBlocksKeepCmarksLiteral(_ text: String) {
        let literals = Self.parsedLiterals(text)
        #expect(!literals.isEmpty || text.isEmpty, "no code block in \(text.debugDescription)")
        #expect(literals == Self.cmarkLiterals(text), "\(text.debugDescription)")
    }

    @Test func randomBlocksKeepCmarksLiteral() {
        let pieces = [
            "```\n", "```swift\n", "~~~\n", "  ```\n", "word", "слово", "é", "e\u{301}", "🍎", " ", "  ", "\t", "\n", "\n\n", "\r\n",
            "\r", "> ", "- ", "1. ", "    ", "# ", "`", "—", "→",
        ]
        let seed = ProcessInfo.processInfo.environment["CODE_BLOCK_LITERAL_SEED"].flatMap { UInt64($0) } ?? 0xC0DE_0025
        var random = SeededRandom(seed: seed)
        var blocks = 0
        for _ in 0..<1500 {
            let text = (0..<random.below(40)).map { _ in random.pick(pieces) }.joined()
            let literals = Self.parsedLiterals(text)
            blocks += literals.count
            #expect(literals == Self.cmarkLiterals(text), "\(text.debugDescription)")
        }
        #expect(blocks > 500, "the random documents hold too few code blocks to test")
    }
}
