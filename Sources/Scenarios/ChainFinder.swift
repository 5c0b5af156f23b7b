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
        /// From the first name's start to the last name's end.
        public var start: Int { names[0].offset }
        public var end: Int { names[names.count - 1].offset + names[names.count - 1].length }
    }

    /// Every chain of two or more known names. `isKnown` decides what a name is;
    /// by default anything a machine knows as a state or a callback.
    public static func chains(in text: String, isKnown: (String) -> Bool = ChainFinder.isKnownName) -> [Chain] {
        var chars = Text(text)
        var arrows: [(start: Int, end: Int)] = []
        var i = 0
        while i < chars.count {
            if chars[i] == "→" {
                arrows.append((i, i + 1))
            } else if chars[i] == "-", i + 1 < chars.count, chars[i + 1] == ">" {
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
            if current.count > 1 { chains.append(Chain(names: current)) }
            current = []
        }
        if current.count > 1 { chains.append(Chain(names: current)) }
        return chains
    }

    /// `→` (E2 86 92) or `->` somewhere in the text: a byte scan, before any real work.
    public static func mayHoldArrow(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte == 0x92 && previous == 0x86) || (byte == 0x3E && previous == 0x2D) { return true }
            previous = byte
        }
        return false
    }

    public static func isKnownName(_ name: String) -> Bool { knownNames.knows(name) }

    private static let knownNames = Machine.NameIndex(Machines.all)

    private static let leadingPunctuation: Set<Character> = ["(", "[", "«", "\"", "“", "„", "'", "‘", "*", "_"]
    private static let trailingPunctuation: Set<Character> = [".", ",", ";", ":", "!", "?", ")", "]", "»", "\"", "”", "'", "’", "*", "_"]

    /// The segment as one name, if all of it (trimmed) is known.
    private static func wholeName(in chars: Text, _ bounds: (start: Int, end: Int), isKnown: (String) -> Bool) -> Name? {
        var start = bounds.start
        var end = bounds.end
        while start < end, chars.isWhitespace(start) { start += 1 }
        while end > start, chars.isWhitespace(end - 1) { end -= 1 }
        return known(chars, start, end, isKnown)
    }

    /// The longest known name of one to three words at the segment's end (or start).
    private static func name(
        in chars: Text, _ bounds: (start: Int, end: Int), fromEnd: Bool, isKnown: (String) -> Bool
    ) -> Name? {
        // Word boundaries within the segment, from the arrow side.
        var words: [(start: Int, end: Int)] = []
        var i = bounds.start
        while i < bounds.end {
            while i < bounds.end, chars.isWhitespace(i) { i += 1 }
            let start = i
            while i < bounds.end, !chars.isWhitespace(i) { i += 1 }
            if i > start { words.append((start, i)) }
        }
        guard !words.isEmpty else { return nil }
        for count in stride(from: min(3, words.count), through: 1, by: -1) {
            let span = fromEnd
                ? (words[words.count - count].start, words[words.count - 1].end)
                : (words[0].start, words[count - 1].end)
            if let found = known(chars, span.0, span.1, isKnown) { return found }
        }
        return nil
    }

    /// The text as written if known, else without surrounding punctuation.
    private static func known(_ chars: Text, _ start: Int, _ end: Int, _ isKnown: (String) -> Bool) -> Name? {
        guard start < end else { return nil }
        let raw = chars.text(start..<end)
        if isKnown(raw) { return Name(text: raw, offset: start, length: end - start) }
        var s = start
        var e = end
        while s < e, leadingPunctuation.contains(chars[s]) { s += 1 }
        while e > s, trailingPunctuation.contains(chars[e - 1]) { e -= 1 }
        guard s < e, s != start || e != end else { return nil }
        let bare = chars.text(s..<e)
        return isKnown(bare) ? Name(text: bare, offset: s, length: e - s) : nil
    }

    /// A run of prose as Characters, with where each starts in its UTF-8 (names are cut from the
    /// bytes, not rebuilt from Characters) and, once arrows are found, which are white space.
    private struct Text {
        let string: String
        let chars: [Character]
        /// The UTF-8 offset of each Character, and of the end.
        let offsets: [Int]
        private(set) var white: [Bool] = []

        init(_ text: String) {
            string = text
            (chars, offsets) = SourceLine.characters(of: text)
        }

        var count: Int { chars.count }

        subscript(i: Int) -> Character { chars[i] }

        /// `Character.isWhitespace` (its first scalar's property), from the byte for ASCII.
        mutating func findWhitespace() {
            white = chars.map { c in
                guard let first = c.utf8.first, first < 0x80 else { return c.isWhitespace }
                return first == 0x20 || (0x09...0x0D).contains(first)
            }
        }

        func isWhitespace(_ i: Int) -> Bool { white[i] }

        /// `String(chars[range])`: the same bytes.
        func text(_ range: Range<Int>) -> String { string.utf8Slice(offsets[range.lowerBound], offsets[range.upperBound]) }
    }
}
