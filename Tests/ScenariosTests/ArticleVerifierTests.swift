import Diagnostics
import LifecycleModel
import Markdown
import Testing
import TestSupport

@testable import Scenarios

/// Verification is one walk over the parsed Markdown that returns a value: examples and
/// chains numbered in document order and found by node, with every diagnostic.
@Suite struct ArticleVerifierTests {
    static let article = """
        # Ciclo: Not Running → Inactive

        La app pasa por Not Running → Inactive → Active.

        ```lifecycle ios-app
        launch -> inactive, active
        ```

        - En una lista, [un enlace: Active → Inactive](#x).

          ```lifecycle nadie
          launch
          ```

        ```lifecycle android-activity
        start -> created
        ```

        Y luego Active → Background, dos veces: onPause → onStop.

        """

    func verify(_ text: String, dropTitle: Bool = false) -> (MarkdownDocument, Verification) {
        var document = MarkdownDocument.parse(text, file: "es/a.md")
        if dropTitle { document.nodes[0].children.removeFirst() }
        return (document, ArticleVerifier.verify(document))
    }

    @Test func examplesAreNumberedInDocumentOrderAndFoundByNode() throws {
        let (document, verification) = verify(Self.article)
        // The block of an unknown machine cannot be read: no number, and its error.
        #expect(verification.examples.map(\.number) == [1, 2])
        // A block that stops on an error is numbered all the same, with no trace to show.
        #expect(verification.examples.map { $0.trace?.machine.id } == ["ios-app", nil])
        for example in verification.examples {
            guard case .codeBlock(let info, _) = document.nodes[example.node].kind else {
                Issue.record("example \(example.number) is not a code block")
                continue
            }
            #expect(info == example.info && document.nodes[example.node].literal == example.code)
            #expect(verification.example(at: example.node)?.number == example.number)
        }
        #expect(verification.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" }.contains { $0.hasPrefix("11: unknown machine 'nadie'") })
    }

    @Test func chainsAreNumberedInDocumentOrderWithTheirPlace() throws {
        let (document, verification) = verify(Self.article)
        #expect(verification.chains.map(\.number) == [1, 2, 3, 4, 5])
        #expect(verification.chains.map(\.text) == [
            "Not Running → Inactive", "Not Running → Inactive → Active", "Active → Inactive", "Active → Background", "onPause → onStop",
        ])
        #expect(verification.chains.map(\.ok) == [true, true, true, false, true])
        // Each chain's offsets cut its text out of its node's text.
        for chain in verification.chains {
            let literal = Array(document.nodes[chain.node].literal)
            #expect(String(literal[chain.start..<chain.end]) == chain.text)
            #expect(verification.chains(in: chain.node).contains { $0.number == chain.number })
        }
        let last = try #require(verification.chains.last)
        #expect(last.location.line == 19 && last.location.column == 41, "\(last.location)")
        #expect(verification.chains[3].witness.isEmpty && !verification.chains[4].witness.isEmpty)
    }

    /// `chains(in:)` of every node is the node's chains in order (a binary search over the nodes
    /// with chains answers the others), here and in random articles of chains and plain text.
    @Test func everyNodeFindsItsChains() {
        let paragraphs = [
            "Not Running → Inactive → Active.", "Plain text, no arrow.", "onPause → onStop y Active → Background.", "- a\n- Active → Inactive",
            "> Inactive -> Active", "`code → here`", "A → B, nothing known.", "| a | Active → Inactive |\n|---|---|\n| x | y |",
        ]
        var random = SeededRandom(seed: 0xC4A1_0DE5)
        var found = 0
        for n in 0..<200 {
            let text = n == 0 ? Self.article : (0..<random.below(10)).map { _ in random.pick(paragraphs) }.joined(separator: "\n\n")
            let (document, verification) = verify(text)
            for node in document.nodes.indices {
                let expected = verification.chains.filter { $0.node == node }.map(\.number)
                #expect(verification.chains(in: node).map(\.number) == expected, "#\(n) node \(node): \(text.debugDescription)")
                found += expected.count
            }
        }
        #expect(found > 300, "\(found) chains found by node")
    }

    /// Nodes judged out of order (never by the walk) are found by their hash.
    @Test func nodesJudgedOutOfOrderFindTheirChains() {
        var verification = Verification()
        let place = SourceLocation(file: "es/a.md", line: 1, column: 1)
        for node in [5, 2, 9, 2] { verification.judgeChains(in: "Active → Inactive y onPause → onStop", at: place, node: node, cache: nil) }
        #expect(verification.chains(in: 5).map(\.number) == [1, 2])
        #expect(verification.chains(in: 2).map(\.number) == [7, 8])
        #expect(verification.chains(in: 9).map(\.number) == [5, 6])
        #expect(verification.chains(in: 3).isEmpty && verification.chains(in: 0).isEmpty)
    }

    /// A title heading taken out of the tree is not the page's: it is not verified.
    @Test func aNodeLeftOutOfTheTreeIsNotVerified() {
        let (_, verification) = verify(Self.article, dropTitle: true)
        #expect(verification.chains.first?.text == "Not Running → Inactive → Active")
        #expect(verification.chains.map(\.number) == [1, 2, 3, 4])
    }

    /// A wrong chain of prose gets the message and the fix a `path` line would get.
    @Test func aWrongChainSuggestsThePathLinesFix() throws {
        let (_, verification) = verify("Pasa de Active → Background sin más.\n")
        let error = try #require(verification.diagnostics.first)
        #expect(error.message == "'Active → Background' is not possible in ios-app: Background cannot follow Active directly")
        #expect(error.location?.column == 18)
        #expect(error.suggestion == "Active → Inactive → Background")

        let block = Example("lifecycle ios-app", "path active -> background\n")
        #expect(block.run()?.diagnostics.first?.suggestion == "path active -> inactive -> background")
    }

    /// A chain is read as the reader reads it: over a line break, emphasis and links, each wrong
    /// one at its own place (an indented later line included). A name in code is not prose.
    @Test func aChainOverSeveralInlineNodesIsJudgedAsTheReaderReadsIt() throws {
        let text = """
            Uno: Not Running → Active.
              Not Running → Active.
            Not Running → Active.

            Partido Not Running →
            Active fin.

            Texto *Not Running* → **Active**, [Background](a.md) → [Active](b.md).

            > Cita Not Running
            > → Active.

            Bien *Not Running* → **Inactive** → Active, y `onPause` → onStop, `Not Running` → Active.

            """
        let (_, verification) = verify(text)
        let errors = verification.diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message.prefix(22))" }.sorted() == [
            "11:5 'Not Running → Active'", "1:20 'Not Running → Active'", "2:17 'Not Running → Active'", "3:15 'Not Running → Active'",
            "6:1 'Not Running → Active'", "8:25 'Not Running → Active'", "8:57 'Background → Active' ",
        ])
        // Only the chains inside one text node are marked on the page.
        #expect(verification.chains.map(\.text) == ["Not Running → Active", "Not Running → Active", "Not Running → Active"])
    }

    /// A chain that mixes platforms' names cannot be judged by any machine: a warning says so,
    /// with the machines that know each name, in one node or over several, copy or not.
    @Test func aChainMixingPlatformsIsWarnedAbout() throws {
        let text = "Mezcla Resumed → Background fin.\n\nY *onPause* → Inactive.\n\nMezcla Resumed → Background fin.\n"
        final class Judged: VerificationCache, @unchecked Sendable {
            var judged: [String: [JudgedChain]] = [:]
            func example(info: String, code: String) -> ExampleTrace? { nil }
            func remember(_ trace: ExampleTrace, info: String, code: String) {}
            func chains(in text: String) -> [JudgedChain]? { judged[text] }
            func remember(_ chains: [JudgedChain], in text: String) { judged[text] = chains }
        }
        let verification = ArticleVerifier.verify(MarkdownDocument.parse(text, file: "es/a.md"), cache: Judged())
        #expect(verification.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity) \($0.message)" } == [
            "1:8 warning 'Resumed → Background' is not checked: no machine knows all of its names",
            "5:8 warning 'Resumed → Background' is not checked: no machine knows all of its names",
            "3:4 warning 'onPause → Inactive' is not checked: no machine knows all of its names",
        ])
        #expect(verification.diagnostics.first?.notes == [
            "names of one platform make a chain the model can judge: 'Resumed' (android-activity), 'Background' (ios-app, ios-scene)"
        ])
        #expect(verification.chains.isEmpty)
    }

    @Test func aWrongCallbackOrderInProseSuggestsAPossibleOne() throws {
        let (_, verification) = verify("Primero onPause -> onDestroy.\n")
        let error = try #require(verification.diagnostics.first)
        #expect(error.message == "'onPause -> onDestroy' is not an order of callbacks that android-activity produces")
        #expect(error.suggestion == "onPause → onStop → onDestroy")
    }

    /// The same text verifies the same way however often it is verified: a value, no state.
    @Test func verificationIsAPureFunctionOfTheDocument() {
        let (_, first) = verify(Self.article)
        let (_, second) = verify(Self.article)
        #expect(first.diagnostics == second.diagnostics)
        #expect(first.chains.map(\.number) == second.chains.map(\.number))
        #expect(first.examples.map(\.number) == second.examples.map(\.number))
    }

    /// With a cache, a block that ran clean and a judged sentence are verified once; a copy
    /// elsewhere gets the same trace and verdicts at its own place and number.
    @Test func aCacheVerifiesEachCopyOnce() throws {
        final class Counting: VerificationCache, @unchecked Sendable {
            var examples: [String: ExampleTrace] = [:]
            var judged: [String: [JudgedChain]] = [:]
            var exampleHits = 0
            var chainHits = 0
            func example(info: String, code: String) -> ExampleTrace? {
                let hit = examples[info + "\n" + code]
                if hit != nil { exampleHits += 1 }
                return hit
            }
            func remember(_ trace: ExampleTrace, info: String, code: String) { examples[info + "\n" + code] = trace }
            func chains(in text: String) -> [JudgedChain]? {
                let hit = judged[text]
                if hit != nil { chainHits += 1 }
                return hit
            }
            func remember(_ chains: [JudgedChain], in text: String) { judged[text] = chains }
        }
        let cache = Counting()
        let text = "Va de Active → Background.\n\n```lifecycle ios-app\nlaunch -> inactive, active\n```\n"
        let first = ArticleVerifier.verify(MarkdownDocument.parse(text, file: "es/a.md"), cache: cache)
        let copy = "# Título\n\n" + text
        let second = ArticleVerifier.verify(MarkdownDocument.parse(copy, file: "pt/a.md"), cache: cache)
        #expect(cache.exampleHits == 1 && cache.chainHits == 1)
        #expect(second.examples.first?.trace?.steps.map(\.to) == first.examples.first?.trace?.steps.map(\.to))
        // The wrong chain is reported in each file, at its own line.
        #expect(first.diagnostics.map { "\($0.location?.file ?? ""):\($0.location?.line ?? 0)" } == ["es/a.md:1"])
        #expect(second.diagnostics.map { "\($0.location?.file ?? ""):\($0.location?.line ?? 0)" } == ["pt/a.md:3"])
        #expect(second.diagnostics.first?.message == first.diagnostics.first?.message)
    }
}
