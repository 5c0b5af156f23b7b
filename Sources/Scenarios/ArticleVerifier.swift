import Diagnostics
import Encoding
import Glibc
import LifecycleModel
import Markdown
import LifecycleMachines

/// Verifies an article against the model in one walk over its parsed Markdown, before and
/// apart from any rendering: every `lifecycle` block is run (`ExampleRunner`), every `exercise`
/// block's answer key is checked (`ExerciseRunner`), and every
/// arrow chain in the prose is judged (`ChainFinder`, `ChainCheck`). The result is a value
/// the renderer reads by node; `check` needs nothing else.
public enum ArticleVerifier {
    /// The document's lines (the text it was parsed from) give the blocks' exact columns;
    /// `cache`, a build's memory of what it verified already.
    public static func verify(_ document: MarkdownDocument, cache: (any VerificationCache)? = nil) -> Verification {
        let lines = document.lines
        var verification = Verification()
        // The blocks with an arrow in their text, in the order found: their chains over several
        // inline nodes are judged after the walk.
        var blocksWithArrows: [Int] = []
        // Pre-order over `children`, as the renderer walks it: numbers follow the page's order,
        // and a node taken out of the tree (a title heading) is not verified.
        var stack = [MarkdownDocument.rootIndex]
        while let index = stack.popLast() {
            // The node's fields are read in place: a copy of it retained its children, literal and
            // locations. Cases without bindings: a pattern that bound the info string copied the
            // kind of every node it was tried on (a retain and release of its strings).
            switch document.nodes[index].kind {
            case .codeBlock:
                guard case .codeBlock(let info, _) = document.nodes[index].kind else { continue }
                if LifecycleBlockParser.isLifecycle(info: info) {
                    if let trace = cache?.example(info: info, code: document.nodes[index].literal) {
                        verification.add(VerifiedExample(number: verification.examples.count + 1, node: index, info: info, code: document.nodes[index].literal, trace: trace))
                        continue
                    }
                    verification.runExample(info: info, code: document.nodes[index].literal, fence: document.start(of: index), node: index, lines: lines, cache: cache)
                } else if ExerciseBlockParser.isExercise(info: info) {
                    verification.runExercise(info: info, code: document.nodes[index].literal, fence: document.start(of: index), node: index, lines: lines)
                } else {
                    document.pushChildren(of: index, onto: &stack)
                }
            case .text:
                // Most text holds no arrow: the byte scan comes before the node's location (a retained file name).
                guard ChainFinder.mayHoldArrow(document.nodes[index].literal) else { continue }
                verification.judgeChains(in: document.nodes[index].literal, at: document.start(of: index), node: index, cache: cache)
                if let block = enclosingBlock(of: index, in: document), blocksWithArrows.last != block { blocksWithArrows.append(block) }
            default:
                document.pushChildren(of: index, onto: &stack)
            }
        }
        for block in blocksWithArrows { verification.judgeSpanningChains(in: ProseRun(block: block, of: document)) }
        return verification
    }

    private static func enclosingBlock(of index: Int, in document: MarkdownDocument) -> Int? {
        var current = document.nodes[index].parent
        while let node = current, !document.nodes[node].kind.isBlock { current = document.nodes[node].parent }
        return current
    }
}

/// A block's prose as a reader sees it across its inline nodes: a line break is a space and
/// emphasis and links are their text, so `*Not Running* → **Active**` and a chain wrapped over
/// two lines read as one run. A code span, raw HTML, an image or a footnote reference stands
/// for one character that is no name (a name in code is not prose).
struct ProseRun {
    /// A piece of `text`: where it starts (in Characters) and the text node it comes from (nil for
    /// a break or a stand-in).
    struct Piece {
        var offset: Int
        var node: Int?
    }

    private(set) var text = ""
    private(set) var pieces: [Piece] = []
    private var length = 0
    private let document: MarkdownDocument

    init(block: Int, of document: MarkdownDocument) {
        self.document = document
        add(childrenOf: block)
    }

    private mutating func add(childrenOf parent: Int) {
        for child in document.nodes[parent].children {
            switch document.nodes[child].kind {
            case .text: append(document.nodes[child].literal, node: child)
            case .softBreak, .lineBreak: append(" ", node: nil)
            case .emphasis, .strong, .strikethrough, .link, .languageSpan, .other: add(childrenOf: child)
            default: append("\u{FFFC}", node: nil)
            }
        }
    }

    private mutating func append(_ piece: String, node: Int?) {
        pieces.append(Piece(offset: length, node: node))
        text += piece
        length += piece.count
    }

    /// The text node that holds Characters `range` of `text` whole, if one does.
    func node(holding range: Range<Int>) -> Int? {
        guard let index = pieces.lastIndex(where: { $0.offset <= range.lowerBound }), let node = pieces[index].node else { return nil }
        let end = index + 1 < pieces.count ? pieces[index + 1].offset : length
        return range.upperBound <= end ? node : nil
    }

    /// Where Character `offset` of `text` stands in the file: in the text node it falls in, or at
    /// the start of the next one.
    func location(of offset: Int) -> SourceLocation {
        let index = pieces.lastIndex(where: { $0.offset <= offset }) ?? 0
        if let node = pieces[index].node {
            let start = document.start(of: node)
            return SourceLocation(file: start.file, line: start.line, column: start.column + offset - pieces[index].offset)
        }
        let next = pieces[index...].first(where: { $0.node != nil })?.node ?? pieces.first(where: { $0.node != nil })?.node
        return next.map { document.start(of: $0) } ?? SourceLocation(file: document.file, line: 1, column: 1)
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

    /// Every `exercise` block that could be read, in document order.
    public private(set) var exercises: [VerifiedExercise] = []

    /// The platforms of the machines the examples and exercises run ("iOS", "Android"), once
    /// each, in the catalog's order: what a listing says a page is about.
    public var platforms: [String] {
        let used = Set(examples.compactMap { $0.trace?.machine.platform })
            .union(exercises.compactMap { Machines.machine($0.machine)?.platform })
        var ordered: [String] = []
        for machine in Machines.all where used.contains(machine.platform) && !ordered.contains(machine.platform) {
            ordered.append(machine.platform)
        }
        return ordered
    }

    private var exampleByNode: [Int: Int] = [:]
    private var exerciseByNode: [Int: Int] = [:]
    private var chainsByNode: [Int: Range<Int>] = [:]
    /// The nodes of `chainsByNode` as they were judged: ascending, as the walk judges them, they
    /// answer `chains(in:)` for a node without chains by a binary search (every text node of a
    /// page asks; hashing its index cost more).
    private var chainNodes: [Int] = []
    private var chainNodesAscend = true

    public init() {}

    /// The example of a code block node, if it is a `lifecycle` block that could be read.
    public func example(at node: Int) -> VerifiedExample? { exampleByNode[node].map { examples[$0] } }

    /// The chains of a text node, in order (empty when it has none).
    public func chains(in node: Int) -> ArraySlice<ProseChain> {
        if chainNodesAscend {
            var low = 0
            var high = chainNodes.count
            while low < high {
                let middle = (low + high) / 2
                if chainNodes[middle] < node { low = middle + 1 } else { high = middle }
            }
            guard low < chainNodes.count, chainNodes[low] == node else { return [] }
        }
        return chainsByNode[node].map { chains[$0] } ?? []
    }

    /// The exercise of a code block node, if it is an `exercise` block that could be read.
    public func exercise(at node: Int) -> VerifiedExercise? { exerciseByNode[node].map { exercises[$0] } }

    public var nodesWithChains: Dictionary<Int, Range<Int>>.Keys { chainsByNode.keys }

    /// Parses and runs one block. cmark removes up to the fence's indentation from each line,
    /// so a content line with less (a block indented 1 to 3 spaces) loses less: the file's
    /// lines say where each one really starts.
    mutating func runExample(info: String, code: String, fence: SourceLocation, node: Int, lines: LineIndex, cache: (any VerificationCache)?) {
        let places = Self.places(code: code, fence: fence, lines: lines)
        let (block, problems) = LifecycleBlockParser.parse(
            info: info, lines: places.lines, file: fence.file, firstLine: fence.line + 1, columnOffset: fence.column - 1,
            lineOffsets: places.offsets, infoLocation: places.info, machines: Machines.all)
        guard let block else {
            diagnostics += problems
            return
        }
        let result = ExampleRunner.run(block)
        let trace = ExampleTrace(result)
        add(VerifiedExample(number: examples.count + 1, node: node, info: info, code: code, trace: trace))
        diagnostics += result.diagnostics
        // A block with a warning runs again wherever it stands: its warning names its place.
        if let trace, result.diagnostics.isEmpty { cache?.remember(trace, info: info, code: code) }
    }

    /// Parses and checks one exercise (an exercise is not cached: each is checked where it stands).
    mutating func runExercise(info: String, code: String, fence: SourceLocation, node: Int, lines: LineIndex) {
        let places = Self.places(code: code, fence: fence, lines: lines)
        let (block, problems) = ExerciseBlockParser.parse(
            info: info, lines: places.lines, file: fence.file, firstLine: fence.line + 1, columnOffset: fence.column - 1,
            lineOffsets: places.offsets, infoLocation: places.info, machines: Machines.all)
        guard let block else {
            diagnostics += problems
            return
        }
        let result = ExerciseRunner.run(block)
        exerciseByNode[node] = exercises.count
        exercises.append(VerifiedExercise(
            number: exercises.count + 1, node: node, info: info, code: code, kind: block.kind, machine: block.machine.id,
            location: block.infoLocation, passed: result.passed, trace: ExerciseTrace(result)))
        diagnostics += result.diagnostics
    }

    /// Where a block is in the file, found in one pass over its bytes: the column offset of each
    /// line split at "\n" (`offsets`), the place of the info string, and the block's lines as
    /// `String.blockLines` splits them, for the parser.
    struct Places {
        var offsets: [Int]
        var info: SourceLocation
        var lines: [Substring]
    }

    /// A content line's offset is the Characters its file line has before it when the line ends
    /// with it, else the fence's indentation; the info string starts after the backticks or
    /// tildes and the spaces that follow. Columns count Characters: on ASCII (most lines) they
    /// are bytes, and only other lines are counted the slow way, with the same result.
    static func places(code: String, fence: SourceLocation, lines: LineIndex) -> Places {
        let info = infoLocation(fence: fence, lines: lines)
        let found = code.utf8.withContiguousStorageIfAvailable { codeBytes in
            lines.text.utf8.withContiguousStorageIfAvailable { fileBytes in
                offsetsAndLines(code: code, codeBytes: codeBytes, fence: fence, lines: lines, fileBytes: fileBytes)
            }
        }
        if let found = found ?? nil { return Places(offsets: found.offsets, info: info, lines: found.lines) }
        // Text without contiguous UTF-8 (never from the Markdown parser): the Character walk.
        let offsets = code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, content in
            slowOffset(written: lines[fence.line + 1 + index], content: content, fence: fence)
        }
        return Places(offsets: offsets, info: info, lines: code.blockLines)
    }

    /// The Character offset of `content` in `written` if `written` ends with it (Character by
    /// Character, as `hasSuffix` compares), else the fence's.
    private static func slowOffset(written: Substring?, content: Substring, fence: SourceLocation) -> Int {
        guard let written, written.hasSuffix(content) else { return fence.column - 1 }
        return written.count - content.count
    }

    private static func offsetsAndLines(
        code: String, codeBytes: UnsafeBufferPointer<UInt8>, fence: SourceLocation, lines: LineIndex, fileBytes: UnsafeBufferPointer<UInt8>
    ) -> (offsets: [Int], lines: [Substring]) {
        let utf8 = code.utf8
        func substring(_ start: Int, _ end: Int) -> Substring {
            code[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
        }
        func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            var i = start
            while i < end {
                if bytes[i] >= 0x80 { return false }
                i += 1
            }
            return true
        }
        func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UnsafeBufferPointer<UInt8>, _ j: Int, _ count: Int) -> Bool {
            guard count > 0 else { return true }
            guard let a = a.baseAddress, let b = b.baseAddress else { return false }
            return memcmp(a + i, b + j, count) == 0
        }
        // The offset of the content line `start..<end` of the code, on file line `number`.
        func offset(_ start: Int, _ end: Int, line number: Int) -> Int {
            guard let lineStart = lines.start(ofLine: number), let lineEnd = lines.end(ofLine: number) else { return fence.column - 1 }
            let length = end - start
            if length <= lineEnd - lineStart && sameBytes(fileBytes, lineEnd - length, codeBytes, start, length) {
                // The same bytes after an ASCII prefix, and an ASCII first byte (no mark joins it
                // to the prefix): the Characters are the same, and the prefix's are its bytes.
                let cut = lineEnd - length
                if isASCII(fileBytes, lineStart, cut) && (length == 0 || codeBytes[start] < 0x80) { return cut - lineStart }
            } else if isASCII(fileBytes, lineStart, lineEnd) && isASCII(codeBytes, start, end) {
                // ASCII on both sides compares byte by byte (the file's line holds no line break).
                return fence.column - 1
            }
            return slowOffset(written: lines[number], content: substring(start, end), fence: fence)
        }

        // Lines as `split(separator: "\n")` cuts them: at a "\n" that is not the end of a "\r\n".
        // Without a "\r" (almost every block) that is every "\n", found by `memchr`.
        let hasCR = nextByte(0x0D, in: codeBytes, from: 0) < codeBytes.count
        var breaks: [Int] = []
        // Room for a usual block's lines: grown from one, the array was made four times a block.
        breaks.reserveCapacity(16)
        var next = nextByte(0x0A, in: codeBytes, from: 0)
        while next < codeBytes.count {
            if !(next > 0 && codeBytes[next - 1] == 0x0D) { breaks.append(next) }
            next = nextByte(0x0A, in: codeBytes, from: next + 1)
        }
        breaks.append(codeBytes.count)
        var offsets: [Int] = []
        var ranges: [(start: Int, end: Int)] = []
        offsets.reserveCapacity(breaks.count)
        ranges.reserveCapacity(breaks.count)
        var start = 0
        for end in breaks {
            offsets.append(offset(start, end, line: fence.line + 1 + ranges.count))
            ranges.append((start, end))
            start = end + 1
        }
        // With no "\r", these are `blockLines` too (without the empty one after a final break).
        guard !hasCR else { return (offsets, code.blockLines) }
        if let last = ranges.last, last.start == last.end { ranges.removeLast() }
        return (offsets, ranges.map { substring($0.start, $0.end) })
    }

    /// The index of the first `byte` in `bytes` from `start` on, or `bytes.count`.
    private static func nextByte(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        ByteSearch.firstIndex(of: byte, in: bytes, range: start..<bytes.count) ?? bytes.count
    }

    /// The place of the info string: after the fence's backticks or tildes and the spaces that follow.
    private static func infoLocation(fence: SourceLocation, lines: LineIndex) -> SourceLocation {
        var column = fence.column - 1
        if column >= 0, let start = lines.start(ofLine: fence.line), let end = lines.end(ofLine: fence.line) {
            let skipped: Int?? = lines.text.utf8.withContiguousStorageIfAvailable { bytes in
                let count = end - start
                guard !bytes[start..<end].contains(where: { $0 >= 0x80 }) else { return nil }
                var column = fence.column - 1
                while column < count, bytes[start + column] == 0x60 || bytes[start + column] == 0x7E { column += 1 }
                while column < count, bytes[start + column] == 0x20 { column += 1 }
                return column
            }
            if let skipped = skipped ?? nil { return SourceLocation(file: fence.file, line: fence.line, column: skipped + 1) }
        }
        guard let text = lines[fence.line] else { return fence }
        let chars = Array(text)
        while column < chars.count, chars[column] == "`" || chars[column] == "~" { column += 1 }
        while column < chars.count, chars[column] == " " { column += 1 }
        return SourceLocation(file: fence.file, line: fence.line, column: column + 1)
    }

    /// An example run here or, for a copy of a block this build ran without a diagnostic, earlier.
    /// Taken, not borrowed: appending a borrowed example copied it (a retain and release of each
    /// of its Strings and its trace's parts).
    mutating func add(_ example: consuming VerifiedExample) {
        exampleByNode[example.node] = examples.count
        examples.append(example)
    }

    /// Judges the chains of a block's prose that run over more than one inline node (a line
    /// break, emphasis, a link between their names); a chain inside one text node was judged with
    /// its node. Such a chain is not marked on the page (the mark wraps one text node): only a
    /// wrong one is reported, and not where a wrong chain of one node already was (cmark also
    /// splits text at a `_` or `*` that emphasises nothing: the same chain, read again).
    mutating func judgeSpanningChains(in run: ProseRun) {
        guard run.pieces.count > 1 else { return }
        var reported: [Range<Int>] = []
        for piece in run.pieces {
            guard let node = piece.node else { continue }
            for chain in chains(in: node) where !chain.ok { reported.append(piece.offset + chain.start..<piece.offset + chain.end) }
        }
        // Only the chains over several nodes are judged (the others were, with their node), and
        // only as right or wrong: no witness is drawn for a chain the page does not mark.
        for chain in ChainFinder.chains(in: run.text) {
            let range = chain.start..<chain.end
            guard run.node(holding: range) == nil, !reported.contains(where: { $0.overlaps(range) }) else { continue }
            guard let check = ChainCheck.check(chain.names.map(\.text)) else {
                diagnostics.append(Messages.unjudgedProseChain(chain, chain.text, at: run.location(of:)))
                continue
            }
            guard let machine = Machines.machine(check.machine), !check.ok || check.unconfirmed else { continue }
            diagnostics.append(
                check.ok
                    ? Messages.unconfirmedProseChain(chain, check, chain.text, machine, at: run.location(of:))
                    : Messages.wrongProseChain(chain, check, chain.text, machine, at: run.location(of:)))
        }
    }

    /// Finds the chains of a run of prose and judges each in every machine that knows its names
    /// (`verify` asks `ChainFinder.mayHoldArrow` first).
    mutating func judgeChains(in text: String, at location: SourceLocation, node: Int, cache: (any VerificationCache)?) {
        let first = chains.count
        let judged = cache?.chains(in: text) ?? {
            let judged = JudgedChain.all(in: text)
            cache?.remember(judged, in: text)
            return judged
        }()
        for found in judged {
            let at = { (offset: Int) in SourceLocation(file: location.file, line: location.line, column: location.column + offset) }
            guard let check = found.check else {
                diagnostics.append(Messages.unjudgedProseChain(found.chain, found.text, at: at))
                continue
            }
            // Possible only through a row the documentation does not confirm: not marked as verified.
            if check.ok && check.unconfirmed, let machine = Machines.machine(check.machine) {
                diagnostics.append(Messages.unconfirmedProseChain(found.chain, check, found.text, machine, at: at))
                continue
            }
            chains.append(ProseChain(
                number: chains.count + 1, node: node, start: found.chain.start, end: found.chain.end, text: found.text,
                location: at(found.chain.start), check: check, witness: found.witness))
            if !check.ok, let machine = Machines.machine(check.machine) {
                diagnostics.append(Messages.wrongProseChain(found.chain, check, found.text, machine, at: at))
            }
        }
        if chains.count > first {
            if let last = chainNodes.last, last >= node { chainNodesAscend = false }
            chainNodes.append(node)
            chainsByNode[node] = first..<chains.count
        }
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
    /// What the run shows a reader; nil when it stopped on an error (in `diagnostics`).
    public let trace: ExampleTrace?
}

/// An `exercise` block and what checking it found.
public struct VerifiedExercise: Sendable {
    /// 1-based, in document order among the exercises that could be read.
    public let number: Int
    public let node: Int
    public let info: String
    public let code: String
    /// Nil when the block has no valid `kind` line (reported).
    public let kind: ExerciseBlock.Kind?
    public let machine: String
    /// The place of the info string (`exercise`).
    public let location: SourceLocation
    /// No error.
    public let passed: Bool
    /// What the page shows; nil when the check found an error.
    public let trace: ExerciseTrace?
}

/// A chain found in a run of text and the model's verdict on it, with no place in any file:
/// the same text is judged the same wherever it stands.
public struct JudgedChain: Sendable {
    public let chain: ChainFinder.Chain
    /// The chain as written.
    public let text: String
    /// Nil when no one machine knows every name (`Resumed → Background` mixes Android's and
    /// iOS's): nothing can judge it, and the writer is warned.
    public let check: ChainCheck?
    /// For a legal chain, the transitions that show it step by step.
    public let witness: [Transition]

    /// Every chain of `text`, judged where one machine knows all its names.
    public static func all(in text: String) -> [JudgedChain] {
        ChainFinder.chains(in: text).compactMap { chain in
            guard let check = ChainCheck.check(chain.names.map(\.text)) else {
                return JudgedChain(chain: chain, text: chain.text, check: nil, witness: [])
            }
            guard let machine = Machines.machine(check.machine) else { return nil }
            let witness = check.ok && !check.unconfirmed ? (check.kind == .states ? machine.witness(forPath: check.ids) : machine.witness(forCallbacks: check.ids)) : []
            return JudgedChain(chain: chain, text: chain.text, check: check, witness: witness)
        }
    }
}

/// What a build remembers of the verification it already did, by text: blocks that ran without
/// a diagnostic and runs of prose judged. Neither depends on where it stands (translations share
/// their blocks, pages their sentences), so a build verifies each once. Called from every core.
/// A class: an existential of any type was copied and destroyed through its value witnesses
/// several times an example.
public protocol VerificationCache: AnyObject, Sendable {
    func example(info: String, code: String) -> ExampleTrace?
    func remember(_ trace: ExampleTrace, info: String, code: String)
    func chains(in text: String) -> [JudgedChain]?
    func remember(_ chains: [JudgedChain], in text: String)
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
