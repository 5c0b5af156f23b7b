import Encoding

/// A read position over the input's Unicode scalars.
///
/// The lexers work on scalars rather than `Character`s: a quote followed by a combining
/// mark is still a quote to them, and every token is an exact slice of the input,
/// which is what makes the round-trip invariant hold.
struct Cursor {
    let scalars: [Unicode.Scalar]
    private(set) var position = 0
    /// The input's UTF-8, which tokens are spans of…
    private let utf8: [UInt8]
    /// …and where each scalar starts in it, plus the end; nil when the input is ASCII,
    /// where a scalar's index is its byte's.
    private let utf8Offsets: [Int]?

    init(_ text: String) {
        utf8 = Array(text.utf8)
        (scalars, utf8Offsets) = utf8.withUnsafeBufferPointer(Self.scalarsAndOffsets)
    }

    /// The scalars of `bytes` (valid UTF-8, a string's), decoded once into arrays made at once, and
    /// where each starts in the bytes, plus the end. An ASCII input's scalars are its bytes and need
    /// no offsets. Both loops write in place without overflow checks: `map` appended byte by byte
    /// and the decoding loop took every ASCII byte through the decoder (about 20 instructions a
    /// byte either way, on every code block of every page).
    static func scalarsAndOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> ([Unicode.Scalar], [Int]?) {
        let count = bytes.count
        guard !WordLanes.isASCII(bytes) else {
            let scalars = [Unicode.Scalar](unsafeUninitializedCapacity: count) { scalars, scalarCount in
                for index in 0..<count { scalars[index] = Unicode.Scalar(bytes[index]) }
                scalarCount = count
            }
            return (scalars, nil)
        }
        // Room for as many scalars as bytes, uninitialized: only the ones decoded are kept.
        var scalars: [Unicode.Scalar] = []
        let offsets = [Int](unsafeUninitializedCapacity: count + 1) { offsets, offsetCount in
            scalars = [Unicode.Scalar](unsafeUninitializedCapacity: count) { scalars, scalarCount in
                var decoded = 0
                var offset = 0
                while offset < count {
                    offsets[decoded] = offset
                    let lead = bytes[offset]
                    if lead < 0x80 {
                        scalars[decoded] = Unicode.Scalar(lead)
                        offset &+= 1
                    } else {
                        let (value, length) = UTF8Scalar.decode(bytes, at: offset)
                        // Valid UTF-8 decodes to scalars only: the replacement character is never taken.
                        scalars[decoded] = Unicode.Scalar(value) ?? "\u{FFFD}"
                        offset &+= length
                    }
                    decoded &+= 1
                }
                offsets[decoded] = offset
                scalarCount = decoded
                offsetCount = decoded + 1
            }
        }
        return (scalars, offsets)
    }

    var isAtEnd: Bool { position >= scalars.count }

    /// The scalar `offset` places from the current one (negative looks back), or nil outside the input.
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index >= 0 && index < scalars.count ? scalars[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
        position = min(position + count, scalars.count)
    }

    mutating func advance(while predicate: (Unicode.Scalar) -> Bool) {
        while position < scalars.count, predicate(scalars[position]) {
            position += 1
        }
    }

    /// Advances over the scalars that continue an identifier (`isIdentifierContinue`), an ASCII
    /// one told by a bit of a table: identifiers are most of a code block, and the property
    /// tests cost about 20 instructions a scalar.
    mutating func advanceOverIdentifier() {
        // The index in a register, not the cursor's `position` stored and the array checked each step.
        position = scalars.withUnsafeBufferPointer { scalars in
            var index = position
            while index < scalars.count {
                let scalar = scalars[index]
                guard scalar.value < 0x80 ? Self.continuesASCIIIdentifier(scalar.value) : scalar.isIdentifierContinue else { break }
                index += 1
            }
            return index
        }
    }

    /// `isIdentifierContinue` of the ASCII scalar `value`: `0`–`9` (bits 48–57 of the low
    /// word), `A`–`Z`, `_` and `a`–`z` (bits 1–26, 31 and 33–58 of the high one).
    @inline(__always)
    static func continuesASCIIIdentifier(_ value: UInt32) -> Bool {
        let bits: UInt64 = value < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return bits >> UInt64(value & 63) & 1 != 0
    }

    /// Advances over at most `limit` scalars matching `predicate` (e.g. the hex digits of `\u0041`).
    mutating func advance(atMost limit: Int, while predicate: (Unicode.Scalar) -> Bool) {
        var taken = 0
        while taken < limit, position < scalars.count, predicate(scalars[position]) {
            position += 1
            taken += 1
        }
    }

    /// Whether `literal` appears `offset` scalars from the current position.
    func matches(_ literal: String, at offset: Int = 0) -> Bool {
        var index = position + offset
        for scalar in literal.unicodeScalars {
            guard index >= 0, index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    /// How many copies of `scalar` follow one another starting `offset` scalars ahead,
    /// counting no further than `limit`. Callers that only compare against a small number
    /// pass it as the limit, so a long run is not recounted at every position (quadratic time).
    func run(of scalar: Unicode.Scalar, at offset: Int = 0, limit: Int = .max) -> Int {
        let start = position + offset
        var index = start
        while index - start < limit, index >= 0, index < scalars.count, scalars[index] == scalar {
            index += 1
        }
        return index - start
    }

    /// Where scalar `index` (or the end, at `scalars.count`) starts in the input's UTF-8.
    func byteOffset(_ index: Int) -> Int {
        utf8Offsets.map { $0[index] } ?? index
    }

    /// The input's UTF-8 between scalar `start` and the current position (empty when `start`
    /// is not before it): a token's text, as a range of the bytes.
    func bytes(from start: Int) -> Range<Int> {
        guard start < position else { return 0..<0 }
        return byteOffset(start)..<byteOffset(position)
    }

    /// Whether the input's UTF-8 in `range` (a token's text) is one of `words`.
    func bytes(_ range: Range<Int>, areIn words: WordSet) -> Bool {
        utf8.withUnsafeBufferPointer { words.contains(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the input's UTF-8 in `range` is the one byte `byte`.
    func bytes(_ range: Range<Int>, are byte: UInt8) -> Bool {
        range.count == 1 && utf8[range.lowerBound] == byte
    }

    /// The input between `start` and the current position.
    func text(from start: Int) -> String {
        String(decoding: utf8[bytes(from: start)], as: UTF8.self)
    }

    /// The input's UTF-8 and the tokens `writer` collected from it.
    func lexed(_ writer: TokenWriter) -> LexedSource {
        LexedSource(utf8: utf8, spans: writer.spans)
    }
}
