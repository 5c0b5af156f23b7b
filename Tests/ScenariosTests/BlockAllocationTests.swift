import Diagnostics
import Testing
import TestSupport

@testable import Scenarios

/// Readings of a parsed block that make fewer allocations than they first did: the caption
/// (`commentText`, written into one string of its measured size), each line's text (a slice of
/// the block's code) and the ids of a line's names (mapped at their count). Each is compared
/// with the reading it replaces on random blocks: comments whole and trailing, ASCII and not,
/// short and long, names known and unknown, blank lines.
@Suite struct BlockAllocationTests {
    static let commentWords = [
        "a", "the app", "Идва обаждане и потребителят го отказва", "é", "e\u{301}", "状态", "→", "😀", "x", "",
        "a comment long enough to need storage of its own", "#", "  ",
    ]
    static let names = [
        "active", "inactive", "background", "foregroundActive", "foregroundInactive", "notRunning", "Not Running",
        "applicationWillResignActive", "applicationDidBecomeActive()", "sceneWillResignActive", "onPause", "unknownName", "é",
    ]
    static let events = ["interruption", "interruptionEnded", "home", "reopen", "launch", "rotate", "nothing"]

    /// A random block of `lifecycle ios-app` lines.
    static func randomCode(_ random: inout SeededRandom) -> String {
        var lines: [String] = []
        for _ in 0..<random.below(9) {
            var comment = ""
            for _ in 0..<random.below(4) { comment += random.pick(commentWords) + random.pick(["", " ", "\t"]) }
            let indent = random.pick(["", " ", "  ", "\t"])
            switch random.below(7) {
            case 0: lines.append(indent + "#" + comment)
            case 1: lines.append("")
            case 2: lines.append(indent + "given " + random.pick(names) + (random.below(2) == 0 ? " # " + comment : ""))
            case 3:
                let chain = (0..<(1 + random.below(4))).map { _ in random.pick(names) }.joined(separator: random.pick([" -> ", " → ", "->"]))
                lines.append(indent + random.pick(["path ", "callbacks ", "never "]) + chain + (random.below(2) == 0 ? " #" + comment : ""))
            default:
                var line = indent + random.pick(events)
                if random.below(2) == 0 { line += " -> " + (0..<(1 + random.below(2))).map { _ in random.pick(names) }.joined(separator: ", ") }
                if random.below(2) == 0 { line += " : " + (0..<(1 + random.below(3))).map { _ in random.pick(names) }.joined(separator: ", ") }
                if random.below(2) == 0 { line += " # " + comment }
                lines.append(line)
            }
        }
        return lines.joined(separator: random.pick(["\n", "\r\n"]))
    }

    static func parse(_ code: String) -> LifecycleBlock? {
        LifecycleBlockParser.parse(
            info: "lifecycle ios-app", code: code, file: "f.md", firstLine: 3, columnOffset: 0,
            infoLocation: SourceLocation(file: "f.md", line: 2, column: 4)
        ).block
    }

    /// `body` of 2,000 random blocks from `seed` (moved by `BLOCK_ALLOCATION_SEED`), each with its
    /// code and the text that names it in a failure; a block that cannot be read fails the test.
    static func forRandomBlocks(seed base: UInt64, _ body: (LifecycleBlock, String, Comment) -> Void) {
        let seed = base &+ SeededRandom.seedOffset("BLOCK_ALLOCATION_SEED")
        var random = SeededRandom(seed: seed)
        for n in 0..<2_000 {
            let code = randomCode(&random)
            let context: Comment = "#\(n) (seed \(seed)): \(code.debugDescription)"
            guard let block = parse(code) else {
                Issue.record("no block: \(context)")
                continue
            }
            body(block, code, context)
        }
    }

    @Test func captionIsTheCommentsJoined() {
        var several = 0
        Self.forRandomBlocks(seed: 0xCA97_10) { block, _, context in
            let reference = block.comments.map(\.text).joined(separator: " ")
            #expect(block.commentText == reference, context)
            #expect(Array(block.commentText.utf8) == Array(reference.utf8), context)
            if block.comments.count > 1 { several += 1 }
        }
        #expect(several > 400, "\(several) blocks with several comments")
    }

    /// A block is reported empty exactly when no line is of a kind but comment or `given`, as
    /// `contains(where:)` over the lines' kinds said (the parser asks each line in place).
    @Test func emptyBlocksAreThoseOfCommentsAndGiven() {
        var empty = 0
        Self.forRandomBlocks(seed: 0xE397_7B) { block, _, context in
            let reference = !block.lines.contains { $0.kind != .comment && $0.kind != .given }
            let reported = block.diagnostics.contains { $0.message.hasPrefix("this lifecycle block checks nothing") }
            #expect(reported == reference, context)
            if reference { empty += 1 }
        }
        #expect(empty > 100 && empty < 1_900, "\(empty) empty blocks")
    }

    /// Each line's `text` is the block's line it was read from, as a String of its own.
    @Test func linesKeepTheirText() {
        var lines = 0
        Self.forRandomBlocks(seed: 0x7E47_11) { block, code, context in
            let written = code.blockLines
            let nonBlank = written.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            #expect(block.lines.count == nonBlank.count, context)
            for line in block.lines {
                let expected = String(written[line.location.line - 3])
                #expect(line.text == expected, context)
                lines += 1
            }
        }
        #expect(lines > 4_000, "\(lines) lines")
    }

    /// `resolvedIDs` (and `ChainLine.ids`, `Run`'s written states and callbacks) agree with the
    /// `compactMap` reading, and `allResolved` with `allSatisfy`, on random lists of known and
    /// unknown names.
    @Test func idsAreTheCompactMapsIDs() {
        let seed = 0x1D5_0F &+ SeededRandom.seedOffset("BLOCK_ALLOCATION_SEED")
        var random = SeededRandom(seed: seed)
        let location = SourceLocation(file: "f.md", line: 1, column: 1)
        var known = 0
        for n in 0..<20_000 {
            let names = (0..<random.below(6)).map { _ in
                WrittenName(text: random.pick(Self.names), id: random.below(5) == 0 ? nil : random.pick(Self.names), location: location)
            }
            #expect(names.resolvedIDs == names.resolvedIDsByCompactMap, "#\(n) (seed \(seed)): \(names)")
            #expect(names.allResolved == names.allSatisfy { $0.id != nil }, "#\(n) (seed \(seed)): \(names)")
            let chain = ChainLine(kind: .path, location: location, names: names)
            #expect(chain.ids == (names.count >= 2 ? names.resolvedIDsByCompactMap : nil), "#\(n) (seed \(seed)): \(names)")
            if names.resolvedIDs != nil { known += 1 }
        }
        #expect(known > 5_000 && known < 15_000, "\(known) lists of known names")
    }
}
