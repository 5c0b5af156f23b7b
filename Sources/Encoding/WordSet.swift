import Glibc

/// A fixed set of words (keywords, callback names, the models' name keys), asked about every
/// identifier of every code block and every name next to a prose arrow: looked up by the UTF-8
/// of an ASCII name with `ByteHash` and one table probe, where a `Set<String>` ran a `Hasher` over
/// each name (about 350 instructions a look-up). Answers as `Set<String>.contains` does: a name
/// that is not ASCII, or any name when a word is not, goes to the `Set<String>` (canonical
/// equivalence can make a non-ASCII text equal to another text).
public struct WordSet: Sendable, ExpressibleByArrayLiteral {
    @usableFromInline let words: Set<String>
    /// Whether every word is ASCII, so that equal strings are equal bytes.
    @usableFromInline let asciiWords: Bool
    /// By entry (one a word), its `ByteHash` code and where its bytes end in `wordBytes`, which
    /// holds every word's UTF-8 one after another: an entry read as a tuple with an array of
    /// its own was a retain and a release of that array at every probe.
    @usableFromInline let codes: [UInt64]
    @usableFromInline let ends: [Int]
    @usableFromInline let wordBytes: [UInt8]
    /// Open addressing: per slot, 1 + the index of the entry there, 0 for an empty slot.
    @usableFromInline let slots: [Int32]

    public init(_ words: Set<String>) {
        self.words = words
        asciiWords = words.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        let ordered = Array(words)
        codes = ordered.map(ByteHash.of)
        wordBytes = ordered.flatMap(\.utf8)
        var end = 0
        ends = ordered.map { word in
            end += word.utf8.count
            return end
        }
        var capacity = 8
        while capacity < ordered.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (index, code) in codes.enumerated() {
            var slot = Self.slot(code, mask: capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
    }

    public init(arrayLiteral words: String...) {
        self.init(Set(words))
    }

    @inlinable public var isEmpty: Bool { words.isEmpty }

    @inlinable public func contains(_ name: String) -> Bool {
        name.withUTF8Bytes { contains($0) }
    }

    /// Whether the word whose UTF-8 is `bytes` is in the set. Inlinable, as it was inside the
    /// lexers' module: a call to another module's look-up cost half as much again.
    @inlinable public func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // A name that is not ASCII is asked of the strings (when a word is not ASCII, any name is).
        guard asciiWords, !bytes.contains(where: { $0 >= 0x80 }) else { return words.contains(String(decoding: bytes, as: UTF8.self)) }
        let code = ByteHash.end(ByteHash.mix(ByteHash.start, bytes), length: bytes.count)
        let mask = slots.count - 1
        var slot = Self.slot(code, mask: mask)
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if codes[entry] == code {
                let start = entry == 0 ? 0 : ends[entry - 1]
                if wordBytes.withUnsafeBufferPointer({ Self.equal(UnsafeBufferPointer(rebasing: $0[start..<ends[entry]]), bytes) }) { return true }
            }
            slot = (slot + 1) & mask
        }
        return false
    }

    @inlinable static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return a.isEmpty }
        return memcmp(first, second, a.count) == 0
    }

    @inlinable static func slot(_ code: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: code >> 32) & mask
    }
}
