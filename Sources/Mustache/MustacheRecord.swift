/// The keys of many objects of one shape (a figure's rows), in a fixed order: made once, shared
/// by every record of the shape.
public final class MustacheShape: Sendable {
    let keys: [MustacheKey]
    /// The keys' hash codes: a look-up compares these, and a key's name only where the code is equal.
    let codes: [UInt64]
    /// Bit `code % 64` of each key's code: a name whose bit is clear is no key of the shape, which
    /// settles most look-ups (a name used inside a row is often the figure's, further out) at once.
    let codeBits: UInt64
    /// By `code % 64`, the index of the one key with that bit, or `Self.sharedSlot` when several
    /// keys have it: a name whose bit one key holds is compared with that key alone, where a walk
    /// along the keys compared the codes of all the keys before it.
    let slots: [Int32]
    /// A slot several keys share: its keys are walked in order.
    static let sharedSlot: Int32 = -1

    public init(_ keys: [MustacheKey]) {
        self.keys = keys
        codes = keys.map(\.code)
        codeBits = codes.reduce(0) { $0 | Self.bit(of: $1) }
        var slots = [Int32](repeating: Self.sharedSlot, count: 64)
        // The bits of the keys before: a slot whose bit one of them set is shared.
        var taken: UInt64 = 0
        for (index, code) in codes.enumerated() {
            slots[Int(code & 63)] = taken & Self.bit(of: code) != 0 ? Self.sharedSlot : Int32(truncatingIfNeeded: index)
            taken |= Self.bit(of: code)
        }
        self.slots = slots
    }

    static func bit(of code: UInt64) -> UInt64 { 1 << (code & 63) }
}

/// An object whose keys are its shape's: its values are held in the keys' order. Made without
/// hashing any key, and freed as one array: what a row of a figure's table costs as a dictionary
/// (a table of keys made and hashed for every row) is most of the row's cost.
///
/// A class: a value holding one is copied as the context stack and look-ups pass it on, and a
/// copy then retains one reference rather than the shape and the values.
public final class MustacheRecord: Sendable, Equatable {
    let shape: MustacheShape
    let values: [MustacheValue]

    /// `values[i]` is the value of `shape`'s key `i`; a key past the last value has none.
    public init(_ shape: MustacheShape, _ values: [MustacheValue]) {
        self.shape = shape
        self.values = values
    }

    /// The value of `key`, found as a dictionary would find it (the first key equal to it).
    subscript(key: MustacheKey) -> MustacheValue? {
        // Inlined into the renderer's look-up, which asks it for every name at every record.
        @inline(__always) get { index(of: key).map { values[$0] } }
    }

    /// Where `values` holds the value of `key` (the first key equal to it); nil when it has none.
    @inline(__always)
    func index(of key: MustacheKey) -> Int? {
        guard shape.codeBits & MustacheShape.bit(of: key.code) != 0 else { return nil }
        let slot = Int(shape.slots[Int(key.code & 63)])
        if slot != Int(MustacheShape.sharedSlot) {
            // The only key with the name's bit: the first equal to it, if it is.
            guard slot < values.count, shape.codes[slot] == key.code, shape.keys[slot].name == key.name else { return nil }
            return slot
        }
        let count = min(shape.codes.count, values.count)
        for index in 0..<count where shape.codes[index] == key.code && shape.keys[index].name == key.name {
            return index
        }
        return nil
    }

    /// Two records are equal when they hold the same keys with the same values, in the same order.
    public static func == (a: MustacheRecord, b: MustacheRecord) -> Bool {
        a.values == b.values && (a.shape === b.shape || a.shape.keys == b.shape.keys)
    }
}
