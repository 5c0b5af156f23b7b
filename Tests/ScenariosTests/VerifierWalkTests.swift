import Diagnostics
import LifecycleMachines
import LifecycleModel
import Markdown
import Testing
import TestSupport

@testable import Scenarios

/// `ArticleVerifier.verify` pushes a node's children last first, read in place, and scans a text
/// node for an arrow before making its location. These tests compare it with the walk it stands
/// for (`children.reversed()`, every text node judged where it stands) on random articles:
/// nested lists and quotes, emphasis and links, arrows between names of every machine, Cyrillic
/// and accented words, punctuation, and `lifecycle` blocks (`VERIFIER_WALK_SEED` tries other seeds).
@Suite struct VerifierWalkTests {
    /// The walk before: pre-order by `children.reversed()`, chains judged on every text node.
    static func reference(_ document: MarkdownDocument, lines: LineIndex) -> (chains: [String], diagnostics: [Diagnostic], examples: [Int]) {
        var chains: [String] = []
        var diagnostics: [Diagnostic] = []
        var examples: [Int] = []
        var stack = [MarkdownDocument.rootIndex]
        while let index = stack.popLast() {
            let node = document.nodes[index]
            switch node.kind {
            case .codeBlock(let info, _) where LifecycleBlockParser.isLifecycle(info: info):
                // A block is run on its own: its diagnostics take their place among the chains'.
                var alone = Verification()
                alone.runExample(info: info, code: node.literal, fence: document.start(of: index), node: index, lines: lines, cache: nil)
                diagnostics += alone.diagnostics
                if !alone.examples.isEmpty { examples.append(index) }
            case .text:
                let location = document.start(of: index)
                for found in JudgedChain.all(in: node.literal) {
                    let at = { (offset: Int) in SourceLocation(file: location.file, line: location.line, column: location.column + offset) }
                    guard let check = found.check else {
                        diagnostics.append(Messages.unjudgedProseChain(found.chain, found.text, at: at))
                        continue
                    }
                    chains.append("\(chains.count + 1) \(index) \(found.chain.start)..<\(found.chain.end) \(at(found.chain.start)) \(found.text) \(check.machine) \(check.ok)")
                    if !check.ok, let machine = Machines.machine(check.machine) {
                        diagnostics.append(Messages.wrongProseChain(found.chain, check, found.text, machine, at: at))
                    }
                }
            default:
                stack.append(contentsOf: node.children.reversed())
            }
        }
        return (chains, diagnostics, examples)
    }

    static let names = [
        "Not Running", "Inactive", "Active", "Background", "Suspended", "onCreate", "onStart", "onResume", "onPause", "onStop",
        "onDestroy", "created", "started", "resumed", "paused", "stopped", "destroyed", "Paused", "viewDidLoad", "viewWillAppear",
    ]
    static let words = ["la", "app", "Активна", "pasa", "très", "niño", "ошибка", "(", ")", "«", "»", "“", "”", ",", ".", ":", "*", "_", "`x`"]
    static let arrows = [" → ", " -> ", "→", "->", " - > ", " >"]
    static let containers = ["", "- ", "1. ", "> ", "> - ", "  - ", "# ", "| a | b |\n|---|---|\n| "]

    /// Words around a run of names and arrows, now and then with a word in the run or markup around it.
    static func sentence(_ random: inout SeededRandom) -> String {
        var text = random.below(2) == 0 ? random.pick(words) + " " : ""
        for step in 0..<(1 + random.below(6)) {
            if step > 0 { text += random.pick(arrows) }
            text += random.below(8) == 0 ? random.pick(words) : random.pick(names)
            if random.below(8) == 0 { text = random.pick(["*", "**", "[", "_"]) + text + random.pick(["*", "**", "](#x)", "_"]) }
        }
        return text + (random.below(2) == 0 ? " " + random.pick(words) : "")
    }

    static func article(_ random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<(1 + random.below(6)) {
            let prefix = random.pick(containers)
            if random.below(5) == 0 {
                let machine = random.pick(["ios-app", "android-activity", "nadie"])
                text += "```lifecycle \(machine)\nlaunch -> inactive, active\n```\n\n"
                continue
            }
            text += prefix + sentence(&random)
            if random.below(3) == 0 { text += "\n" + String(repeating: " ", count: prefix.count) + sentence(&random) }
            text += "\n\n"
        }
        return text
    }

    /// A random article parsed; now and then its title heading is taken out of the tree, as the site does.
    static func parsedArticle(_ random: inout SeededRandom) -> (text: String, document: MarkdownDocument) {
        let text = article(&random)
        var document = MarkdownDocument.parse(text, file: "es/a.md")
        if random.below(4) == 0, !document.nodes[0].children.isEmpty { document.nodes[0].children.removeFirst() }
        return (text, document)
    }

    @Test func theWalkFindsWhatTheWalkBeforeFound() {
        let seed = 0x57A1_C0DE &+ SeededRandom.seedOffset("VERIFIER_WALK_SEED")
        var random = SeededRandom(seed: seed)
        var chains = 0
        var wrong = 0
        var spanningErrors = 0
        for n in 0..<2_000 {
            let (text, document) = Self.parsedArticle(&random)
            let lines = LineIndex(text)
            let verification = ArticleVerifier.verify(document)
            let expected = Self.reference(document, lines: lines)
            let found = verification.chains.map {
                "\($0.number) \($0.node) \($0.start)..<\($0.end) \($0.location) \($0.text) \($0.machine) \($0.ok)"
            }
            #expect(found == expected.chains, "#\(n) (seed \(seed)): \(text.debugDescription)")
            // Chains over several inline nodes are judged after the walk (the walk before did not see
            // them): their diagnostics come after the walk's, each a chain's.
            #expect(Array(verification.diagnostics.prefix(expected.diagnostics.count)) == expected.diagnostics, "#\(n) (seed \(seed)): \(text.debugDescription)")
            let spanning = verification.diagnostics.dropFirst(expected.diagnostics.count)
            #expect(spanning.allSatisfy { $0.message.contains("' is not") }, "#\(n) (seed \(seed)): \(text.debugDescription)")
            spanningErrors += spanning.count
            #expect(verification.examples.map(\.node) == expected.examples, "#\(n) (seed \(seed))")
            chains += found.count
            wrong += found.filter { $0.hasSuffix(" false") }.count
        }
        // The articles held chains, some of them wrong.
        #expect(chains > 600 && wrong > 200 && spanningErrors > 20, "\(chains) chains, \(wrong) wrong, \(spanningErrors) wrong over several nodes")
    }
}

/// `ChainFinder.mayHoldArrow` reads the bytes in place: the same answer as the byte pairs of `→`
/// (86 92) or `->` found in a copy of the UTF-8, on random short (small) and long texts
/// (`MAY_HOLD_ARROW_SEED` tries other seeds).
@Suite struct MayHoldArrowTests {
    @Test func theBytesInPlaceGiveTheCopysAnswer() {
        let pieces = ["a", " ", "-", ">", "→", "–", "↑", "ᆒ", "’", "é", "ж", "\u{301}", "- >", ">-", "状态", "\n"]
        let seed = 0xA770_0000 &+ SeededRandom.seedOffset("MAY_HOLD_ARROW_SEED")
        var random = SeededRandom(seed: seed)
        var holding = 0
        for n in 0..<20_000 {
            var text = ""
            for _ in 0..<random.below(random.below(2) == 0 ? 6 : 40) { text += random.pick(pieces) }
            let bytes = Array(text.utf8)
            let expected = bytes.indices.dropFirst().contains { i in
                (bytes[i - 1] == 0x86 && bytes[i] == 0x92) || (bytes[i - 1] == 0x2D && bytes[i] == 0x3E)
            }
            #expect(ChainFinder.mayHoldArrow(text) == expected, "#\(n) (seed \(seed)): \(text.debugDescription)")
            if expected { holding += 1 }
        }
        // Both answers were given often.
        #expect(holding > 4_000 && holding < 16_000, "\(holding) texts hold an arrow")
    }
}
