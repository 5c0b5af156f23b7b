import Encoding
import Glibc

/// Where a `ByteKeyTable` keeps its keys: it adds them in order (key `n` is the `n`th added)
/// and lends their bytes back by number.
protocol ByteKeyStorage {
    /// How many keys are kept.
    var count: Int { get }
    /// Keeps `key` as number `count`.
    mutating func append(_ key: UnsafeBufferPointer<UInt8>)
    /// Calls `body` with the bytes of key `number`.
    func withBytes<Result>(of number: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
}

/// Byte strings numbered in the order they were added and found again by their bytes through
/// an open-addressing table of their numbers, whatever keeps the bytes (`OwnedBytes`: copies
/// in one buffer; `BorrowedRanges`: ranges of a page's bytes). No object per key. The lookup's
/// parts are inlined: a page's own anchors are looked up in its ids, thousands a page.
struct ByteKeyTable<Storage: ByteKeyStorage> {
    private(set) var keys: Storage
    /// Number + 1 of the key hashed to each slot (0: empty); a power of two, at most half full.
    private var slots: [UInt32] = []

    var count: Int { keys.count }

    /// A table over `keys` (empty), with room for `capacity` keys before it grows (none: made on the first key).
    init(_ keys: Storage, capacity: Int = 0) {
        self.keys = keys
        guard capacity > 0 else { return }
        var size = 64
        while size < capacity * 2 { size *= 2 }
        slots = [UInt32](repeating: 0, count: size)
    }

    /// The number of `key`, which is added if it is not there yet.
    mutating func number(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        if slots.isEmpty || (count + 1) * 2 > slots.count { grow() }
        var slot = Self.hash(key) & (slots.count - 1)
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            if same(number, key) { return number }
            slot = (slot + 1) & (slots.count - 1)
        }
        let number = UInt32(count)
        keys.append(key)
        slots[slot] = number + 1
        return number
    }

    /// The number of `key`, nil when it was never added.
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard !slots.isEmpty else { return nil }
        var slot = Self.hash(key) & (slots.count - 1)
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            if same(number, key) { return number }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Calls `body` with the bytes of key `number`.
    func withBytes<Result>(of number: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        keys.withBytes(of: number, body)
    }

    @inline(__always)
    private func same(_ number: UInt32, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        keys.withBytes(of: number) { stored in
            guard stored.count == key.count else { return false }
            guard let storedBase = stored.baseAddress, let keyBase = key.baseAddress else { return true }
            return memcmp(storedBase, keyBase, key.count) == 0
        }
    }

    /// `ByteHash`'s high half (its low bits are the weakest): a seeded SipHash (`Hasher`) cost
    /// about 330 instructions a key, and the scan of every page looks up each of its links.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        Int(truncatingIfNeeded: ByteHash.end(ByteHash.mix(ByteHash.start, key), length: key.count) >> 32)
    }

    /// Doubles the slots (at least 64) and files every number again.
    private mutating func grow() {
        let size = max(64, slots.count * 2)
        var grown = [UInt32](repeating: 0, count: size)
        for number in 0..<UInt32(count) {
            var slot = keys.withBytes(of: number) { Self.hash($0) } & (size - 1)
            while grown[slot] != 0 { slot = (slot + 1) & (size - 1) }
            grown[slot] = number + 1
        }
        slots = grown
    }
}

extension ByteKeyTable: Sendable where Storage: Sendable {}

/// Keys copied one after another into one buffer of bytes.
struct OwnedBytes: ByteKeyStorage, Sendable {
    private var bytes: [UInt8] = []
    /// Key `n` is `bytes[ends[n - 1]..<ends[n]]`.
    private var ends: [UInt32] = []

    init() {}

    var count: Int { ends.count }

    mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: key)
        ends.append(UInt32(bytes.count))
    }

    mutating func reserveCapacity(_ count: Int) { ends.reserveCapacity(count) }

    @inline(__always)
    func withBytes<Result>(of number: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let range = self.range(number)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether key `a` comes before key `b`, byte by byte.
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let (first, second) = (range(a), range(b))
        return bytes.withUnsafeBufferPointer { all in
            let common = min(first.count, second.count)
            if common > 0, let base = all.baseAddress {
                let order = memcmp(base + first.lowerBound, base + second.lowerBound, common)
                if order != 0 { return order < 0 }
            }
            return first.count < second.count
        }
    }

    private func range(_ number: UInt32) -> Range<Int> {
        let index = Int(number)
        return (index > 0 ? Int(ends[index - 1]) : 0)..<Int(ends[index])
    }
}

/// Keys kept as ranges of bytes someone else owns (a page's): no copy. It points into those
/// bytes: use a table of it only inside the scope that lends them, and add only keys that lie in them.
struct BorrowedRanges: ByteKeyStorage {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var ranges: [Range<Int>] = []

    init(of bytes: UnsafeBufferPointer<UInt8>, capacity: Int) {
        self.bytes = bytes
        ranges.reserveCapacity(capacity)
    }

    var count: Int { ranges.count }

    /// Keeps `key`, a part of the lent bytes, as its range there.
    @inline(__always)
    mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, let keyBase = key.baseAddress else {
            ranges.append(0..<0)  // an empty key
            return
        }
        let start = base.distance(to: keyBase)
        assert(start >= 0 && start + key.count <= bytes.count, "a borrowed key is a part of the lent bytes")
        ranges.append(start..<(start + key.count))
    }

    @inline(__always)
    func withBytes<Result>(of number: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(rebasing: bytes[ranges[Int(number)]]))
    }
}
