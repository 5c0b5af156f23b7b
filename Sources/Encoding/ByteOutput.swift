/// Output gathered as UTF-8 bytes from many small pieces (a template's text and values, a
/// search file's JSON): each piece is one copy into storage grown by doubling.
/// `Array.append(contentsOf:)` cost about a hundred instructions a piece, more than copying
/// most pieces. Not copyable: it owns its storage, which `takeStorage` can hand on uncopied.
/// The appends a search file's JSON makes byte by byte are inlinable.
public struct ByteOutput: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes have been appended (`count`).
    @usableFromInline var used = 0

    @inlinable public var count: Int { used }

    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inlinable public var isEmpty: Bool { used == 0 }

    /// The last byte appended, nil when there is none.
    @inlinable public var last: UInt8? { used > 0 ? base[used - 1] : nil }

    /// Not inlinable: inlined into the Markdown writer's escaping loop it cost that loop a sixth more.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        append(source, count: bytes.count)
    }

    /// The `length` bytes at `source`.
    @inlinable
    public mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        let end = used + length
        if end > capacity { grow(to: end) }
        (base + used).initialize(from: source, count: length)
        used = end
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(to: used + 1) }
        base[used] = byte
        used += 1
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    public mutating func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The UTF-8 of `text`.
    public mutating func append(utf8 text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// Lets `write` put at most `maximum` bytes after the last (a number's digits, written in
    /// place); it returns how many it wrote.
    @inlinable
    public mutating func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if used + maximum > capacity { grow(to: used + maximum) }
        used += write(base + used)
    }

    /// Forgets the bytes, keeping the storage.
    public mutating func removeAll() {
        used = 0
    }

    /// Calls `body` with the bytes appended so far.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: used))
    }

    /// The bytes appended so far, as an array of their own.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }

    /// The storage and the bytes in it, handed on uncopied: the caller now owns the storage and
    /// deallocates it (`UnsafeMutableRawPointer.deallocate`, as a `Data`'s custom deallocator does).
    public consuming func takeStorage() -> (base: UnsafeMutablePointer<UInt8>, count: Int) {
        let storage = (base, used)
        discard self
        return storage
    }

    @usableFromInline
    mutating func grow(to minimum: Int) {
        let grown = Swift.max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        newBase.initialize(from: base, count: used)
        base.deallocate()
        base = newBase
        capacity = grown
    }
}
