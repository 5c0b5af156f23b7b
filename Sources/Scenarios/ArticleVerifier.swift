import Diagnostics
import LifecycleModel
import Markdown

/// Verifies an article against the model in one walk over its parsed Markdown, before and
/// apart from any rendering: every `lifecycle` block is run (`ExampleRunner`), and every
/// arrow chain in the prose is judged (`ChainFinder`, `ChainCheck`). The result is a value
/// the renderer reads by node; `check` needs nothing else.
public enum ArticleVerifier {
    /// `source` is the text the document was parsed from (its lines give the blocks' exact columns).
    public static func verify(_ document: MarkdownDocument, source: String) -> Verification {
        var verification = Verification()
        // The file's lines are indexed once, and only for an article that has an example.
        var lines: LineIndex?
        // Pre-order over `children`, as the renderer walks it: numbers follow the page's order,
        // and a node taken out of the tree (a title heading) is not verified.
        var stack = [MarkdownDocument.rootIndex]
        while let index = stack.popLast() {
            let node = document.nodes[index]
            switch node.kind {
            case .codeBlock(let info, _) where LifecycleBlockParser.isLifecycle(info: info):
                let indexed = lines ?? LineIndex(source)
                lines = indexed
                verification.runExample(info: info, code: node.literal, fence: node.start, node: index, lines: indexed)
            case .text:
                verification.judgeChains(in: node.literal, at: node.start, node: index)
            default:
                stack.append(contentsOf: node.children.reversed())
            }
        }
        return verification
    }
}

/// What verifying an article found: the examples run and the chains judged, numbered in
/// document order (the page's `#ex-N` and `#chain-N`), and every diagnostic.
public struct Verification: Sendable {
    /// Every `lifecycle` block that could be read, in document order.
    public private(set) var examples: [VerifiedExample] = []
    /// Every chain of prose the model speaks about, in document order.
    public private(set) var chains: [ProseChain] = []
    /// Errors and warnings of the blocks and chains, in document order.
    public private(set) var diagnostics: [Diagnostic] = []

    private var exampleByNode: [Int: Int] = [:]
    private var chainsByNode: [Int: Range<Int>] = [:]

    public init() {}

    /// The example of a code block node, if it is a `lifecycle` block that could be read.
    public func example(at node: Int) -> VerifiedExample? { exampleByNode[node].map { examples[$0] } }

    /// The chains of a text node, in order (empty when it has none).
    public func chains(in node: Int) -> ArraySlice<ProseChain> { chainsByNode[node].map { chains[$0] } ?? [] }

    public var nodesWithChains: Dictionary<Int, Range<Int>>.Keys { chainsByNode.keys }

    /// Parses and runs one block. cmark removes up to the fence's indentation from each line,
    /// so a content line with less (a block indented 1 to 3 spaces) loses less: the file's
    /// lines say where each one really starts.
    mutating func runExample(info: String, code: String, fence: SourceLocation, node: Int, lines: LineIndex) {
        func line(_ number: Int) -> Substring? { lines[number] }
        let offsets = code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, content in
            guard let written = line(fence.line + 1 + index), written.hasSuffix(content) else { return fence.column - 1 }
            return written.count - content.count
        }
        // The info string starts after the backticks or tildes and the spaces that follow.
        var infoLocation = fence
        if let text = line(fence.line) {
            let chars = Array(text)
            var column = fence.column - 1
            while column < chars.count, chars[column] == "`" || chars[column] == "~" { column += 1 }
            while column < chars.count, chars[column] == " " { column += 1 }
            infoLocation = SourceLocation(file: fence.file, line: fence.line, column: column + 1)
        }
        let (block, problems) = LifecycleBlockParser.parse(
            info: info, code: code, file: fence.file, firstLine: fence.line + 1, columnOffset: fence.column - 1,
            lineOffsets: offsets, infoLocation: infoLocation)
        guard let block else {
            diagnostics += problems
            return
        }
        let result = ExampleRunner.run(block)
        exampleByNode[node] = examples.count
        examples.append(VerifiedExample(number: examples.count + 1, node: node, info: info, code: code, result: result))
        diagnostics += result.diagnostics
    }

    /// Finds the chains of a run of prose and judges each in every machine that knows its names.
    mutating func judgeChains(in text: String, at location: SourceLocation, node: Int) {
        guard ChainFinder.mayHoldArrow(text) else { return }
        let first = chains.count
        for chain in ChainFinder.chains(in: text) {
            guard let check = ChainCheck.check(chain.names.map(\.text)), let machine = Machines.machine(check.machine) else { continue }
            let written = String(text.dropFirst(chain.start).prefix(chain.end - chain.start))
            let at = { (offset: Int) in SourceLocation(file: location.file, line: location.line, column: location.column + offset) }
            let witness = check.ok ? (check.kind == .states ? machine.witness(forPath: check.ids) : machine.witness(forCallbacks: check.ids)) : []
            chains.append(ProseChain(
                number: chains.count + 1, node: node, start: chain.start, end: chain.end, text: written, location: at(chain.start),
                check: check, witness: witness))
            if !check.ok { diagnostics.append(Messages.wrongProseChain(chain, check, written, machine, at: at)) }
        }
        if chains.count > first { chainsByNode[node] = first..<chains.count }
    }
}

/// A `lifecycle` block and what running it found.
public struct VerifiedExample: Sendable {
    /// 1-based, in document order among the blocks that could be read.
    public let number: Int
    /// The code block's node.
    public let node: Int
    public let info: String
    public let code: String
    public let result: ExampleResult
}

/// An arrow chain of an article's prose and the model's verdict on it.
public struct ProseChain: Sendable {
    /// 1-based, in document order.
    public let number: Int
    /// The text node that holds it.
    public let node: Int
    /// Character offsets of the chain in the node's text.
    public let start: Int
    public let end: Int
    /// The chain as written.
    public let text: String
    /// Where it starts in the file.
    public let location: SourceLocation
    public let check: ChainCheck
    /// For a legal chain, the transitions that show it step by step.
    public let witness: [Transition]

    public var ok: Bool { check.ok }
    public var machine: String { check.machine }
}
