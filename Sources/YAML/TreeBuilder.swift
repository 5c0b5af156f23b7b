/// Builds a `YAMLNode` tree from events with an explicit stack, so nesting
/// never recurses; enforces the single-document, duplicate-key, depth and
/// alias-expansion rules.
struct TreeBuilder {
    static let maxDepth = 256
    static let maxAliasExpansion = 100_000

    /// An open sequence or mapping.
    private struct Frame {
        var start: NodeStart
        var isMapping: Bool
        var items: [YAMLNode] = []
        var entries: [YAMLEntry] = []
        var pendingKey: YAMLNode?
        var keys: Set<String> = []
        /// Nodes in this subtree, itself included.
        var size = 1
        /// Collection levels in this subtree, itself included.
        var height = 1
    }

    /// An anchored node with the numbers needed to bound its copies.
    private struct Anchored {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var expandedNodes = 0
    private var sawDocument = false
    private(set) var root: YAMLNode?

    /// Feeds one event; returns true once the stream has ended.
    mutating func consume(_ event: Event) throws(YAMLError) -> Bool {
        switch event {
        case .streamStart, .documentEnd:
            break
        case .streamEnd:
            return true
        case .documentStart(let mark):
            if sawDocument { throw YAMLError(mark: mark, message: "expected a single document") }
            sawDocument = true
        case .scalar(let text, let start):
            let node = YAMLNode(value: .scalar(text), mark: start.mark, tag: start.tag, style: start.style)
            try complete(node, anchor: start.anchor, size: 1, height: 0)
        case .alias(let name, let mark):
            guard let anchored = anchors[name] else {
                throw YAMLError(mark: mark, message: "unknown alias '\(name)'")
            }
            expandedNodes += anchored.size
            if expandedNodes > Self.maxAliasExpansion {
                throw YAMLError(mark: mark, message: "alias expansion too large")
            }
            // A copy can sit deeper than its anchor did.
            if stack.count + anchored.height > Self.maxDepth {
                throw YAMLError(mark: mark, message: "nesting deeper than \(Self.maxDepth) levels")
            }
            var copy = anchored.node
            copy.mark = mark
            try attach(copy, size: anchored.size, height: anchored.height)
        case .sequenceStart(let start):
            try push(Frame(start: start, isMapping: false))
        case .mappingStart(let start):
            try push(Frame(start: start, isMapping: true))
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            let value: YAMLValue = frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items)
            let node = YAMLNode(value: value, mark: frame.start.mark, tag: frame.start.tag, style: frame.start.style)
            try complete(node, anchor: frame.start.anchor, size: frame.size, height: frame.height)
        }
        return false
    }

    private mutating func push(_ frame: Frame) throws(YAMLError) {
        if stack.count >= Self.maxDepth {
            throw YAMLError(mark: frame.start.mark, message: "nesting deeper than \(Self.maxDepth) levels")
        }
        stack.append(frame)
    }

    /// Records a finished node under its anchor and hands it to its parent.
    private mutating func complete(_ node: YAMLNode, anchor: String?, size: Int, height: Int) throws(YAMLError) {
        if let anchor {
            anchors[anchor] = Anchored(node: node, size: size, height: height)
        }
        try attach(node, size: size, height: height)
    }

    private mutating func attach(_ node: YAMLNode, size: Int, height: Int) throws(YAMLError) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].height = max(stack[top].height, height + 1)
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let key = stack[top].pendingKey {
            stack[top].entries.append(YAMLEntry(key: key, value: node))
            stack[top].pendingKey = nil
            return
        }
        // Keys are compared by text, so `title` and `"title"` clash;
        // sequence and mapping keys are not checked.
        if let text = node.string, !stack[top].keys.insert(text).inserted {
            throw YAMLError(mark: node.mark, message: "duplicate key '\(text)'")
        }
        stack[top].pendingKey = node
    }
}
