import Encoding
import Glibc
import LifecycleModel
import LifecycleMachines

/// Finds chains of names joined by `→` or `->` in a run of prose, in any
/// language: "Not Running → Inactive → Active", "(onPause → onStop)". Text
/// between arrows that is not one known name ends the chain.
public enum ChainFinder {
    /// A name in the text, by character offsets.
    public struct Name: Sendable, Hashable {
        public let text: String
        public let offset: Int
        public let length: Int
    }

    public struct Chain: Sendable, Hashable {
        public let names: [Name]
        /// The text from the first name's start to the last name's end, as written.
        public let text: String
        /// From the first name's start to the last name's end.
        public var start: Int { names[0].offset }
        public var end: Int { names[names.count - 1].offset + names[names.count - 1].length }
    }

    /// Every chain of two or more known names. `isKnown` decides what a name is;
    /// by default anything a machine knows as a state or a callback.
    public static func chains(in text: String, isKnown: (String) -> Bool = ChainFinder.isKnownName) -> [Chain] {
        chains(in: text, isKnown: isKnown, byCharacters: false)
    }

    /// `byCharacters`: read the text by Characters even where scalars would do (tests compare both ways).
    static func chains(in text: String, isKnown: (String) -> Bool, byCharacters: Bool) -> [Chain] {
        var chars = Text(text, byCharacters: byCharacters)
        var arrows: [(start: Int, end: Int)] = []
        var i = 0
        while i < chars.count {
            if chars[i] == 0x2192 {  // →
                arrows.append((i, i + 1))
            } else if chars[i] == 0x2D, i + 1 < chars.count, chars[i + 1] == 0x3E {  // ->
                arrows.append((i, i + 2))
                i += 1
            }
            i += 1
        }
        guard !arrows.isEmpty else { return [] }
        // Segment k lies before arrow k; the last segment after the last arrow.
        var bounds: [(start: Int, end: Int)] = []
        var previous = 0
        for arrow in arrows {
            bounds.append((previous, arrow.start))
            previous = arrow.end
        }
        bounds.append((previous, chars.count))
        chars.findWhitespace()

        var chains: [Chain] = []
        var current: [Name] = []
        for k in arrows.indices {
            if current.isEmpty {
                guard let left = name(in: chars, bounds[k], fromEnd: true, isKnown: isKnown) else { continue }
                current = [left]
            }
            let next = bounds[k + 1]
            let isMiddle = k + 1 < arrows.count
            if isMiddle, let whole = wholeName(in: chars, next, isKnown: isKnown) {
                current.append(whole)
                continue
            }
            if let right = name(in: chars, next, fromEnd: false, isKnown: isKnown) { current.append(right) }
            if current.count > 1 { chains.append(chain(current, in: chars)) }
            current = []
        }
        if current.count > 1 { chains.append(chain(current, in: chars)) }
        return chains
    }

    private static func chain(_ names: [Name], in chars: Text) -> Chain {
        Chain(names: names, text: chars.text(names[0].offset..<names[names.count - 1].offset + names[names.count - 1].length))
    }

    /// `→` (E2 86 92) or `->` somewhere in the text: a byte scan, before any real work.
    public static func mayHoldArrow(_ text: String) -> Bool {
        // memchr for the arrows' last bytes, then a look at the byte before: most prose has neither.
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { holds(0x92, after: 0x86, in: bytes) || holds(0x3E, after: 0x2D, in: bytes) }
        return text.withUTF8Bytes(scan)
    }

    /// Whether `bytes` has `last` right after `first`.
    private static func holds(_ last: UInt8, after first: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 1 else { return false }
        var i = 1
        while i < bytes.count, let hit = memchr(base + i, Int32(last), bytes.count - i) {
            let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            if base[at - 1] == first { return true }
            i = at + 1
        }
        return false
    }

    public static func isKnownName(_ name: String) -> Bool { knownNames.knows(name) }

    private static let knownNames = Machine.NameIndex(Machines.all)

    /// `( [ « " “ „ ' ‘ * _`, by scalar (a Character of several scalars is none of them).
    private static func isLeadingPunctuation(_ unit: UInt32) -> Bool {
        switch unit {
        case 0x28, 0x5B, 0xAB, 0x22, 0x201C, 0x201E, 0x27, 0x2018, 0x2A, 0x5F: true
        default: false
        }
    }

    /// `. , ; : ! ? ) ] » " ” ' ’ * _`, by scalar.
    private static func isTrailingPunctuation(_ unit: UInt32) -> Bool {
        switch unit {
        case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0xBB, 0x22, 0x201D, 0x27, 0x2019, 0x2A, 0x5F: true
        default: false
        }
    }

    /// The segment as one name, if all of it (trimmed) is known.
    private static func wholeName(in chars: Text, _ bounds: (start: Int, end: Int), isKnown: (String) -> Bool) -> Name? {
        var start = bounds.start
        var end = bounds.end
        while start < end, chars.isWhitespace(start) { start += 1 }
        while end > start, chars.isWhitespace(end - 1) { end -= 1 }
        return known(chars, start, end, isKnown)
    }

    /// The longest known name of one to three words at the segment's end (or start). Only the
    /// three words next to the arrow are found (a segment may be a whole sentence), nearest first,
    /// in stack memory: `near` is the arrow-side edge of the nearest, `far[k]` the other edge of
    /// the (k+1)-th.
    static func name(
        in chars: Text, _ bounds: (start: Int, end: Int), fromEnd: Bool, isKnown: (String) -> Bool
    ) -> Name? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3) { far -> Name? in
            var found = 0
            var near: Int?
            if fromEnd {
                var i = bounds.end
                while found < 3 {
                    while i > bounds.start, chars.isWhitespace(i - 1) { i -= 1 }
                    guard i > bounds.start else { break }
                    if near == nil { near = i }
                    while i > bounds.start, !chars.isWhitespace(i - 1) { i -= 1 }
                    far[found] = i
                    found += 1
                }
            } else {
                var i = bounds.start
                while found < 3 {
                    while i < bounds.end, chars.isWhitespace(i) { i += 1 }
                    guard i < bounds.end else { break }
                    if near == nil { near = i }
                    while i < bounds.end, !chars.isWhitespace(i) { i += 1 }
                    far[found] = i
                    found += 1
                }
            }
            guard let near else { return nil }
            for count in stride(from: found, through: 1, by: -1) {
                let span = fromEnd ? (far[count - 1], near) : (near, far[count - 1])
                if let name = known(chars, span.0, span.1, isKnown) { return name }
            }
            return nil
        }
    }

    /// The text as written if known, else without surrounding punctuation.
    static func known(_ chars: Text, _ start: Int, _ end: Int, _ isKnown: (String) -> Bool) -> Name? {
        guard start < end else { return nil }
        let raw = chars.text(start..<end)
        if isKnown(raw) { return Name(text: raw, offset: start, length: end - start) }
        var s = start
        var e = end
        while s < e, isLeadingPunctuation(chars[s]) { s += 1 }
        while e > s, isTrailingPunctuation(chars[e - 1]) { e -= 1 }
        guard s < e, s != start || e != end else { return nil }
        let bare = chars.text(s..<e)
        return isKnown(bare) ? Name(text: bare, offset: s, length: e - s) : nil
    }

    /// A run of prose by Character, each as its scalar's value (`cluster` for a Character of several
    /// scalars: no arrow, space or punctuation is one), with where each starts in the UTF-8 (names are
    /// cut from the bytes) and, once arrows are found, which are white space. Prose whose every
    /// scalar is a Character of its own (`UTF8Scalar.standsAlone`) is read by scalars, without grapheme breaking.
    struct Text {
        let string: String
        let units: [UInt32]
        /// The UTF-8 offset of each Character, and of the end.
        let offsets: [Int]
        /// The Characters, when the text was read by them (else empty).
        private let chars: [Character]
        private(set) var white: [Bool] = []

        static let cluster = UInt32.max

        init(_ text: String, byCharacters: Bool = false) {
            string = text
            if !byCharacters, let (units, offsets) = Self.scalars(of: text) {
                self.units = units
                self.offsets = offsets
                chars = []
                return
            }
            (chars, offsets) = SourceLine.characters(of: text)
            units = chars.map { c in
                var scalars = c.unicodeScalars.makeIterator()
                guard let first = scalars.next(), scalars.next() == nil else { return Self.cluster }
                return first.value
            }
        }

        /// The scalars and their UTF-8 offsets, when each is a Character of its own (nil otherwise):
        /// decoded from the bytes as `SourceLine` reads a line (walking `unicodeScalars` cost more).
        private static func scalars(of text: String) -> (units: [UInt32], offsets: [Int])? {
            var text = text
            return text.withUTF8(SourceLine.singleScalars)
        }

        var count: Int { units.count }

        subscript(i: Int) -> UInt32 { units[i] }

        /// `Character.isWhitespace` (its first scalar's property) of each Character, for text read
        /// by Characters; text read by scalars answers from the value (`isWhitespace(_:)`).
        mutating func findWhitespace() {
            guard !chars.isEmpty else { return }
            white = chars.map { c in
                guard let first = c.utf8.first, first < 0x80 else { return c.isWhitespace }
                return first == 0x20 || (0x09...0x0D).contains(first)
            }
        }

        /// Of the scalars `UTF8Scalar.standsAlone` lets through, ASCII's six, U+00A0 and U+2000–U+200A are
        /// white space: asked of the value, without an array of answers made for the whole text.
        func isWhitespace(_ i: Int) -> Bool {
            guard chars.isEmpty else { return white[i] }
            let v = units[i]
            return v == 0x20 || (0x09...0x0D).contains(v) || v == 0xA0 || (0x2000...0x200A).contains(v)
        }

        /// `String(chars[range])`: the same bytes.
        func text(_ range: Range<Int>) -> String { string[...].utf8Slice(offsets[range.lowerBound], offsets[range.upperBound]) }
    }
}
