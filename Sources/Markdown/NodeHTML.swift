import Encoding

/// The HTML of nodes rendered elsewhere, by node index (code blocks highlighted or run as
/// examples, text runs with marks), which `HTMLRenderer` writes verbatim in place of the node.
/// Each is kept in the storage it was written in: a figure's bytes were copied out of their
/// `ByteOutput` into an array of their own, only to be copied again into the page.
public struct NodeHTML: ~Copyable {
    /// Owned here: deallocated when replaced and on `deinit`.
    private var parts: [Int: UnsafeMutableBufferPointer<UInt8>] = [:]

    public init() {}

    deinit {
        for part in parts.values { part.deallocate() }
    }

    public var isEmpty: Bool { parts.isEmpty }

    /// The bytes of all the nodes' HTML (what a render writes in their place).
    public var byteCount: Int { parts.values.reduce(0) { $0 + $1.count } }

    /// The nodes given HTML, in no particular order.
    public var nodes: Dictionary<Int, UnsafeMutableBufferPointer<UInt8>>.Keys { parts.keys }

    /// Gives `node` the bytes of `html`, taking its storage (the node's earlier HTML is dropped).
    public mutating func set(_ html: consuming ByteOutput, for node: Int) {
        let storage = html.takeStorage()
        let part = UnsafeMutableBufferPointer(start: storage.base, count: storage.count)
        if let earlier = parts.updateValue(part, forKey: node) { earlier.deallocate() }
    }

    /// Gives `node` the UTF-8 of `html`.
    public mutating func set(_ html: String, for node: Int) {
        var output = ByteOutput(capacity: html.utf8.count)
        output.append(utf8: html)
        set(output, for: node)
    }

    /// The HTML given to `node`, if any: valid while this value lives.
    public func html(of node: Int) -> UnsafeBufferPointer<UInt8>? {
        parts[node].map { UnsafeBufferPointer($0) }
    }
}
