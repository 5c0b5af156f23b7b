import Encoding
import Diagnostics
import LifecycleModel
import Mustache
import Synchronization

/// One arrow chain found in an article's prose and judged by the model.
struct ChainRecord: Sendable {
    var number: Int
    var line: Int
    var column: Int
    var text: String
    var machine: String
    var ok: Bool
    /// The transitions that show the chain step by step.
    var witness: [Transition]
}

/// Finds and verifies the arrow chains of each run of prose while the
/// Markdown renderer writes it, and marks the verified ones in the HTML.
/// One instance serves one article; the renderer calls it synchronously.
final class ProseChainVerifier: Sendable {
    private struct Found {
        var chains: [ChainRecord] = []
        var diagnostics: [Diagnostic] = []
    }

    private let found = Mutex(Found())
    private let file: String
    private let chainTitle: String

    init(file: String, chainTitle: String) {
        self.file = file
        self.chainTitle = chainTitle
    }

    var chains: [ChainRecord] { found.withLock { $0.chains } }
    var diagnostics: [Diagnostic] { found.withLock { $0.diagnostics } }

    /// The HTML for a run of text, or nil when it holds no chain the model speaks about.
    func html(_ text: String, at location: SourceLocation, insideLink: Bool) -> String? {
        guard Self.mayHoldArrow(text) else { return nil }
        let judged = Self.judged.value(for: TextKey(text)) { Self.judge(text) }
        guard !judged.chains.isEmpty else { return nil }
        var out = ""
        for piece in judged.chains {
            let number = record(piece.chain, piece.check, piece.text, location)
            let tag = insideLink ? "span" : "a"
            let href = insideLink ? "" : " href=\"#chain-\(number)\""
            let state = piece.check.ok ? "chain" : "chain chain-invalid"
            out += piece.escapedBefore
            out += "<\(tag) class=\"\(state)\"\(href) data-machine=\"\(piece.check.machine)\" title=\"\(HTML.escape(chainTitle)) (\(piece.check.machine))\">"
                + HTML.escape(piece.text) + "</\(tag)>"
        }
        return out + judged.escapedAfter
    }

    /// A run of text cut around the chains the model judged: what a page writes of it,
    /// except the chain numbers, which are the page's own.
    struct Judged: Sendable {
        struct Piece: Sendable {
            var chain: ChainFinder.Chain
            var check: ChainCheck
            /// The chain as written.
            var text: String
            /// The escaped text between the previous chain (or the start) and this one.
            var escapedBefore: String
        }

        var chains: [Piece]
        var escapedAfter: String
    }

    /// A pure function of the text, and the same paragraphs recur across a site's pages:
    /// memoized, so the character work (chain offsets count characters) is done once per text.
    private static let judged = Memo<TextKey, Judged>()

    private static func judge(_ text: String) -> Judged {
        let found = ChainFinder.chains(in: text).compactMap { chain in ChainCheck.check(chain.names.map(\.text)).map { (chain, $0) } }
        guard !found.isEmpty else { return Judged(chains: [], escapedAfter: "") }
        let chars = Array(text)
        var pieces: [Judged.Piece] = []
        var written = 0
        for (chain, check) in found {
            pieces.append(Judged.Piece(
                chain: chain, check: check, text: String(chars[chain.start..<chain.end]),
                escapedBefore: HTML.escape(String(chars[written..<chain.start]))))
            written = chain.end
        }
        return Judged(chains: pieces, escapedAfter: HTML.escape(String(chars[written...])))
    }

    /// `→` (E2 86 92) or `->` somewhere in the text: a byte scan, before any real work.
    static func mayHoldArrow(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte == 0x92 && previous == 0x86) || (byte == 0x3E && previous == 0x2D) { return true }
            previous = byte
        }
        return false
    }

    private func record(_ chain: ChainFinder.Chain, _ check: ChainCheck, _ text: String, _ location: SourceLocation) -> Int {
        let machine = Machines.machine(check.machine)
        let witness = check.ok
            ? (check.kind == .states ? machine?.witness(forPath: check.ids) : machine?.witness(forCallbacks: check.ids)) ?? []
            : []
        let at = { (offset: Int) in SourceLocation(file: self.file, line: location.line, column: location.column + offset) }
        var diagnostic: Diagnostic?
        if !check.ok, let machine {
            diagnostic = Self.diagnostic(for: chain, check, text, machine, at: at)
        }
        return found.withLock { found in
            let number = found.chains.count + 1
            found.chains.append(ChainRecord(
                number: number, line: location.line, column: location.column + chain.start, text: text,
                machine: check.machine, ok: check.ok, witness: witness))
            if let diagnostic { found.diagnostics.append(diagnostic) }
            return number
        }
    }

    /// What is wrong with a chain, at the first name that cannot follow, with the shortest legal form.
    static func diagnostic(
        for chain: ChainFinder.Chain, _ check: ChainCheck, _ text: String, _ machine: Machine,
        at: (Int) -> SourceLocation
    ) -> Diagnostic {
        func display(_ id: String) -> String { machine.state(id)?.name ?? id }
        guard check.kind == .states, let failure = check.failure, failure.index > 0 else {
            return .error(
                at: at(chain.names[0].offset),
                "'\(text)' is not an order of callbacks that \(machine.id) produces",
                notes: ["core callbacks cannot be skipped; see `lifecycle-docs trace \(machine.id) …` for real orders"])
        }
        let previous = check.ids[failure.index - 1]
        let wrong = check.ids[failure.index]
        var suggestion: String?
        if let path = machine.shortestPath(from: previous, to: wrong) {
            let states = [previous] + path.flatMap(\.states)
            let fixed = check.ids[..<(failure.index - 1)] + states + check.ids[(failure.index + 1)...]
            suggestion = fixed.map(display).joined(separator: " → ")
        }
        return .error(
            at: at(chain.names[failure.index].offset),
            "'\(text)' is not possible in \(machine.id): \(display(wrong)) cannot follow \(display(previous)) directly",
            notes: ["from \(display(previous)) the model goes to: " + failure.expected.map(display).joined(separator: ", ")],
            suggestion: suggestion)
    }
}
