/// Output gathered as UTF-8 bytes from many small pieces (a template's text and values): each
/// piece is one copy into storage grown by doubling. `Array.append(contentsOf:)` cost about a
/// hundred instructions a piece, more than copying most pieces. Not copyable: it owns its storage.
public struct ByteOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0

    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    public var isEmpty: Bool { count == 0 }

    /// The last byte appended, nil when there is none.
    public var last: UInt8? { count > 0 ? base[count - 1] : nil }

    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = count + bytes.count
        if end > capacity { grow(to: end) }
        (base + count).initialize(from: source, count: bytes.count)
        count = end
    }

    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    public mutating func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The UTF-8 of `text`.
    public mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Forgets the bytes, keeping the storage.
    public mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes appended so far.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes appended so far, as an array of their own.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    private mutating func grow(to minimum: Int) {
        let grown = Swift.max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = grown
    }
}
