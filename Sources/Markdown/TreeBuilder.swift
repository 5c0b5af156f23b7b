import Diagnostics

/// Builds the flat node array from the events of one walk over cmark's tree.
/// It sees only Swift values: the C side lives in `CMarkParser`.
struct TreeBuilder {
    /// A position exactly as cmark reports it (1-based lines, byte columns;
    /// line 0 when cmark has none).
    struct RawRange {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    private(set) var nodes: [MarkdownNode] = []
    /// Each node's end as cmark reported it (its text's, for a text node), until `placeEnd` turns
    /// it into the node's `end`; nil once placed.
    private var rawEnds: [(line: Int, column: Int)?] = []
    /// Each node's last line as cmark reported it, kept after its end is placed (a text node reads
    /// its block's whatever the order ends are placed in).
    private var rawEndLines: [Int] = []
    /// Where the last text node placed ends (the column after its last byte) and its parent: a
    /// later text node of the same block stands at or after it, as inline nodes come in the
    /// order they are written.
    private var lastTextEnd: (parent: Int, line: Int, column: Int)?
    /// How far from cmark's column the last text placed on `line` was found: later texts of the
    /// line are shifted alike (cmark drops an indented line's white space from its columns).
    private var lineShift: (line: Int, shift: Int) = (0, 0)
    private let lineMap: SourceLineMap
    private var footnoteReferenceCounts: [Int: Int] = [:]
    private var footnoteDefinitions: [Int] = []

    /// `lines` index the exact text cmark parsed; `nodeCount`, when known, is how many nodes will
    /// come (room for them is made at once, not by growing).
    init(lines: LineIndex, nodeCount: Int = 0) {
        self.lineMap = SourceLineMap(lines: lines)
        nodes.reserveCapacity(nodeCount)
        rawEnds.reserveCapacity(nodeCount)
        rawEndLines.reserveCapacity(nodeCount)
    }

    /// Adds a text node from its literal's bytes (cmark's). Where they stand in the source, as they
    /// nearly always do, the node starts there and its literal is copied from the source text:
    /// turning the bytes into a string would check their UTF-8 again, at a cost per byte.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>, range: RawRange, parent: Int?) -> Int {
        var range = range
        let literal: String
        let shift = lineShift.line == range.startLine ? lineShift.shift : 0
        var found = lineMap.textColumn(of: bytes, line: range.startLine, byteColumn: range.startColumn, shift: shift)
        if let column = found { lineShift = (range.startLine, column - range.startColumn) }
        // After a code span that goes over a line break, cmark counts the block's later lines one
        // short for each such break (and, on the span's own line, columns on past its end, which
        // `position` carries into the next lines): the text then stands on a later line of its block.
        if found == nil, let carried = lineMap.position(line: range.startLine, byteColumn: range.startColumn),
            carried.line > range.startLine,
            let column = lineMap.textColumn(of: bytes, line: carried.line, byteColumn: carried.byteColumn)
        {
            // The end is on cmark's columns too: carried with the start when on its line.
            if range.endLine == range.startLine {
                range.endLine = carried.line
                range.endColumn = carried.byteColumn + (range.endColumn - range.startColumn)
            }
            range.startLine = carried.line
            range.startColumn = carried.byteColumn
            found = column
        }
        // Where the text before it in its block ends, it cannot start earlier: a copy of its bytes
        // there (cmark's line being short) is not it. Blocks are compared only where a text would
        // start earlier (finding a node's block walks up its ancestors).
        var isEarlierCopy = false
        if let column = found, let last = lastTextEnd, (range.startLine, column) < (last.line, last.column),
            let block = enclosingBlock(of: parent), block == enclosingBlock(of: last.parent)
        {
            found = nil
            isEarlierCopy = true
        }
        if found == nil, let block = enclosingBlock(of: parent) {
            // The lines after cmark's, or from the end of the text before when that is further on.
            var from = (line: range.startLine + 1, column: 1)
            if let last = lastTextEnd, isEarlierCopy || ((last.line, last.column) > (from.line, from.column) && enclosingBlock(of: last.parent) == block) {
                from = (last.line, last.column)
            }
            var line = from.line
            while found == nil && line <= rawEndLines[block] {
                found = lineMap.firstTextColumn(of: bytes, line: line, from: line == from.line ? from.column : 1)
                if found != nil {
                    range.endLine += line - range.startLine
                    range.startLine = line
                }
                line += 1
            }
        }
        if let column = found {
            if range.endLine == range.startLine { range.endColumn += column - range.startColumn }
            range.startColumn = column
            literal = lineMap.sourceText(bytes, line: range.startLine, byteColumn: column)
            // A text node holds no line break: it ends on its line.
            if let parent { lastTextEnd = (parent, range.startLine, column + bytes.count) }
        } else {
            literal = String(decoding: bytes, as: UTF8.self)
        }
        return append(kind: .text, literal: literal, range: range, parent: parent)
    }

    /// Adds an inline node other than text from cmark's position, mended where cmark misplaces it:
    /// on an indented paragraph line (`   more [a](b)`) its column counts from where the line's
    /// white space starts, as a text's does (see `SourceLineMap.textColumn`). It is shifted as the
    /// texts before it on its line were found to be or, first on its line, moved past that white
    /// space, which shifts the rest of the line alike.
    mutating func appendInline(kind: consuming MarkdownNodeKind, literal: consuming String, range: RawRange, parent: Int?) -> Int {
        var range = range
        switch kind {
        case .softBreak, .lineBreak:
            break  // they stand in the white space
        case _ where !lineMap.isOnLine(range.startLine, byteColumn: range.startColumn):
            break  // a column `position` carries into a later line (after a code span over a line break)
        default:
            var shift = 0
            if lineShift.line == range.startLine {
                shift = lineShift.shift
            } else {
                let (line, byteColumn) = (range.startLine, range.startColumn)
                let column = if case .code = kind {
                    literal.utf8.withContiguousStorageIfAvailable { lineMap.columnPastIndentation(line: line, byteColumn: byteColumn, code: $0) } ?? nil
                } else {
                    lineMap.columnPastIndentation(line: line, byteColumn: byteColumn)
                }
                if let column {
                    shift = column - range.startColumn
                    lineShift = (range.startLine, shift)
                }
            }
            if shift != 0, lineMap.isOnLine(range.startLine, byteColumn: range.startColumn + shift) {
                if range.endLine == range.startLine { range.endColumn += shift }
                range.startColumn += shift
            }
        }
        return append(kind: kind, literal: literal, range: range, parent: parent)
    }

    /// The block that holds `node` (itself, or its nearest block ancestor): blocks' lines, as
    /// cmark reports them, are right where inline ones may not be.
    private func enclosingBlock(of node: Int?) -> Int? {
        var current = node
        while let index = current, !nodes[index].kind.isBlock { current = nodes[index].parent }
        return current
    }

    /// Adds a code block from its literal's bytes (cmark's). A fenced block that is not indented has
    /// them as they stand in the source from the line after its opening fence: its literal is copied
    /// from the source text then, as turning the bytes into a string would check their UTF-8 again.
    mutating func appendCodeBlock(kind: consuming MarkdownNodeKind, _ bytes: UnsafeBufferPointer<UInt8>, range: RawRange, parent: Int?) -> Int {
        let literal = lineMap.sourceText(matching: bytes, fromLine: range.startLine + 1) ?? String(decoding: bytes, as: UTF8.self)
        return append(kind: kind, literal: literal, range: range, parent: parent)
    }

    /// Adds a node (the last child of `parent` so far) and returns its index. A text node with a
    /// literal comes through `appendText`, which places it. Its end is placed by `placeEnd`.
    /// `kind` and `literal` are consumed: moved into the node, not retained there and released here.
    mutating func append(kind: consuming MarkdownNodeKind, literal: consuming String, range: RawRange, parent: Int?) -> Int {
        let index = nodes.count
        // Without a position, the parent's start (only then is it copied).
        let start = lineMap.position(line: range.startLine, byteColumn: range.startColumn)
            ?? parent.map { nodes[$0].start } ?? SourcePosition(line: 1, byteColumn: 1)
        rawEnds.append((range.endLine, range.endColumn))
        rawEndLines.append(range.endLine)
        switch kind {
        case .footnoteReference(let number, _):
            let occurrence = footnoteReferenceCounts[number, default: 0] + 1
            footnoteReferenceCounts[number] = occurrence
            kind = .footnoteReference(number: number, occurrence: occurrence)
        case .footnoteDefinition:
            // cmark moves the referenced definitions to the end of the document,
            // sorted by number, and drops the others: the n-th one is number n.
            footnoteDefinitions.append(index)
            kind = .footnoteDefinition(number: footnoteDefinitions.count, referenceCount: 0)
        default:
            break
        }
        nodes.append(MarkdownNode(kind: kind, parent: parent, start: start, end: start, literal: literal))
        return index
    }

    /// Places the end of node `index`, once its children are placed (as the walk leaves it).
    mutating func placeEnd(of index: Int) {
        guard let raw = rawEnds[index] else { return }
        rawEnds[index] = nil
        if let end = lineMap.position(line: raw.line, byteColumn: raw.column) { nodes[index].end = end }
    }

    /// The finished nodes. Children lists are filled only now, each allocated
    /// once at its exact size; footnote reference counts are known only now.
    mutating func finish() -> [MarkdownNode] {
        for index in rawEnds.indices where rawEnds[index] != nil { placeEnd(of: index) }
        var childCounts = [Int](repeating: 0, count: nodes.count)
        // Parents read in place: a copy of each node retained and released its strings.
        for index in nodes.indices {
            if let parent = nodes[index].parent { childCounts[parent] += 1 }
        }
        for index in nodes.indices where childCounts[index] > 0 {
            nodes[index].children.reserveCapacity(childCounts[index])
        }
        // Nodes were added in document order, so children come out in order.
        for index in nodes.indices {
            if let parent = nodes[index].parent { nodes[parent].children.append(index) }
        }
        for index in footnoteDefinitions {
            if case .footnoteDefinition(let number, _) = nodes[index].kind {
                nodes[index].kind = .footnoteDefinition(
                    number: number, referenceCount: footnoteReferenceCounts[number, default: 0])
            }
        }
        return nodes
    }
}
