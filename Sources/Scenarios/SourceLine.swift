import Diagnostics
import Encoding

/// The characters of one line of a block and where they are in the file.
/// Indexes count `Character`s, so columns are the ones a reader sees.
struct SourceLine {
    /// Each Character's scalar value when it is one scalar, else `ChainFinder.Text.cluster`: the
    /// parser's tests for spaces, arrows and punctuation compare these numbers, not Characters
    /// (a Character comparison that fails is a String comparison call). No Character of more
    /// than one scalar equals the ASCII and arrow characters tested, so the answers agree.
    let units: [UInt32]
    /// Where Character `i` is: see `Layout`.
    private let layout: Layout
    let file: String
    /// 1-based line in the file.
    let line: Int
    /// Added to the 1-based column within the line.
    let columnOffset: Int
    /// The line's text, where `text(_:)` cuts from its bytes (nil: rebuilt from Characters).
    private let base: Substring?

    /// How Characters map to `units` and to the bytes of `base`. An enum, not two arrays that
    /// were empty on most lines: freeing a line released both, and an ASCII line has neither.
    private enum Layout {
        /// Character `i` is the scalar `units[i]` and byte `i` of `base`.
        case plain
        /// Character `i` is the scalar `units[i]`; `utf8Offsets[i]` is its offset in `base`, and
        /// the last one the end's.
        case offsets(utf8Offsets: [Int])
        /// The line has a Character of several scalars: Character `i` is `clusters[i]` (an array
        /// of Characters cost more to make and free than the rest of the line's reading). The
        /// offsets as in `offsets`, empty when there is no `base`.
        case clusters([Character], utf8Offsets: [Int])
    }

    init(chars: [Character], file: String, line: Int, columnOffset: Int) {
        units = chars.map(Self.unit)
        layout = units.contains(ChainFinder.Text.cluster) ? .clusters(chars, utf8Offsets: []) : .plain
        self.file = file
        self.line = line
        self.columnOffset = columnOffset
        base = nil
    }

    /// The number of Characters.
    var count: Int { units.count }

    /// The line's Characters.
    var chars: [Character] {
        if case .clusters(let clusters, _) = layout { return clusters }
        return units.indices.map(character)
    }

    /// The Character at `i`.
    func character(at i: Int) -> Character {
        if case .clusters(let clusters, _) = layout { return clusters[i] }
        return Self.character(units[i])
    }

    /// The UTF-8 offset in `base` of Character `i` (`i == count`: of the end).
    private func utf8Offset(_ i: Int) -> Int {
        switch layout {
        case .plain: i
        case .offsets(let offsets), .clusters(_, let offsets): offsets[i]
        }
    }

    /// The Character of one scalar value (`units` holds only values of real scalars).
    private static func character(_ unit: UInt32) -> Character {
        Unicode.Scalar(unit).map(Character.init) ?? "\u{FFFD}"
    }

    /// A Character's scalar value, or `ChainFinder.Text.cluster` for one of several scalars.
    static func unit(_ c: Character) -> UInt32 {
        var scalars = c.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return ChainFinder.Text.cluster }
        return first.value
    }

    /// The Characters of `text` and the UTF-8 offset of each, and of the end.
    static func characters(of text: some StringProtocol) -> (chars: [Character], offsets: [Int]) {
        var chars: [Character] = []
        var offsets = [0]
        var offset = 0
        for c in text {
            chars.append(c)
            offset += c.utf8.count
            offsets.append(offset)
        }
        return (chars, offsets)
    }

    /// The line `text`. An ASCII line is read without grapheme breaking ("\r" is left to the
    /// slow way: it joins a following "\n").
    init(_ text: Substring, file: String, line: Int, columnOffset: Int) {
        if let ascii = text.withUTF8Bytes(Self.asciiUnits) {
            units = ascii
            layout = .plain
        } else if let read = Self.singleScalars(of: text) {
            units = read.units
            layout = .offsets(utf8Offsets: read.offsets)
        } else {
            let (chars, offsets) = Self.characters(of: text)
            units = chars.map(Self.unit)
            layout = .clusters(chars, utf8Offsets: offsets)
        }
        base = text
        self.file = file
        self.line = line
        self.columnOffset = columnOffset
    }

    /// The bytes as units when the line is ASCII without "\r" (each byte a Character); nil for
    /// any other line. Checked eight bytes at a time first, then widened by a loop with no exit:
    /// one loop that did both cost about 1,000 instructions a line, and made an array for every
    /// line that is not ASCII.
    static func asciiUnits(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt32]? {
        guard asciiRunEnd(bytes, from: 0) == bytes.count else { return nil }
        return [UInt32](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            for i in 0..<bytes.count { buffer[i] = UInt32(bytes[i]) }
            count = bytes.count
        }
    }

    /// The index of the first byte from `start` on that is not ASCII or is "\r" (`bytes.count`
    /// when there is none), read eight bytes at a time while it can.
    static func asciiRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte of 0x80 or more, or one equal to "\r", ends the run in this word.
            guard word & highBits == 0 && WordLanes.mask(of: 0x0D, in: word) == 0 else { break }
            index += 8
        }
        while index < bytes.count, bytes[index] < 0x80, bytes[index] != 0x0D { index += 1 }
        return index
    }

    /// The scalar values and UTF-8 offsets (and the end's) of a line whose every scalar is a
    /// Character of its own (`UTF8Scalar.standsAlone`: most prose of the site's languages),
    /// read by scalars without grapheme breaking; nil when a scalar may join its neighbours.
    static func singleScalars(of text: Substring) -> (units: [UInt32], offsets: [Int])? {
        // Decoded from the bytes (valid UTF-8: they are a string's): walking `unicodeScalars` of a
        // substring cost about 300 instructions a scalar.
        text.withUTF8Bytes(singleScalars)
    }

    /// The scalar value whose UTF-8 starts at `index` of valid UTF-8 (a string's bytes), and its
    /// length in bytes; nil when the bytes end before it does.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int)? {
        guard index + UTF8Scalar.length(lead: bytes[index]) <= bytes.count else { return nil }
        return UTF8Scalar.decode(bytes, at: index)
    }

    /// `singleScalars(of:)` of a string's UTF-8 bytes. Both arrays are made at their largest size
    /// (a scalar per byte) and written in place: appending to them cost most of the reading.
    static func singleScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> (units: [UInt32], offsets: [Int])? {
        var standAlone = true
        var offsets: [Int] = []
        let units = [UInt32](unsafeUninitializedCapacity: bytes.count) { unitBuffer, unitCount in
            offsets = [Int](unsafeUninitializedCapacity: bytes.count + 1) { offsetBuffer, offsetCount in
                offsetBuffer[0] = 0
                var count = 0
                var index = 0
                while index < bytes.count {
                    guard let (value, length) = Self.scalar(in: bytes, at: index) else {
                        standAlone = false
                        break
                    }
                    guard UTF8Scalar.standsAlone(value) else {
                        standAlone = false
                        break
                    }
                    unitBuffer[count] = value
                    index += length
                    count += 1
                    offsetBuffer[count] = index
                }
                unitCount = count
                offsetCount = count + 1
            }
        }
        return standAlone ? (units, offsets) : nil
    }

    /// The place of the character at `index` (or just after the last one).
    func location(_ index: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: columnOffset + index + 1)
    }

    /// The Characters of `range` as a String: the same bytes as the line has there.
    func text(_ range: Range<Int>) -> String {
        guard let base else { return String(range.map(character)) }
        return base.utf8Slice(utf8Offset(range.lowerBound), utf8Offset(range.upperBound))
    }

    /// `body` of the UTF-8 of `text(range)`, without making the String; nil when the line was
    /// made from Characters.
    func withUTF8<Result>(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let base else { return nil }
        let start = utf8Offset(range.lowerBound)
        let end = utf8Offset(range.upperBound)
        return base.withUTF8Bytes { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// `text(start..<end).trimmingSpaces`, without building the untrimmed text.
    func trimmedText(from start: Int, to end: Int) -> String {
        let first = skipSpaces(from: start, to: end)
        return text(first..<trimEnd(end, start: first))
    }

    static func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" }

    static func isIdentifier(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }

    /// `isSpace(chars[i])`.
    func isSpace(at i: Int) -> Bool { units[i] == 0x20 || units[i] == 0x09 }

    /// `isIdentifier(chars[i])`; an ASCII Character is a letter or digit by its byte.
    func isIdentifier(at i: Int) -> Bool {
        let unit = units[i]
        guard unit < 0x80 else { return Self.isIdentifier(character(at: i)) }
        return unit == 0x5F || (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }

    func skipSpaces(from start: Int, to end: Int) -> Int {
        var i = start
        while i < end, isSpace(at: i) { i += 1 }
        return i
    }

    /// `end` moved back over trailing spaces, not before `start`.
    func trimEnd(_ end: Int, start: Int) -> Int {
        var e = end
        while e > start, isSpace(at: e - 1) { e -= 1 }
        return e
    }

    /// The scene named after the `@` at `at` (`home@B`, `given active@B`, an answer's `home@B`):
    /// its name and where it ends; nil when no name follows (each caller reports that its way).
    func sceneName(afterAt at: Int, end: Int) -> (name: String, end: Int)? {
        let sceneEnd = identifierEnd(from: at + 1, to: end)
        return sceneEnd > at + 1 ? (text((at + 1)..<sceneEnd), sceneEnd) : nil
    }

    func identifierEnd(from start: Int, to end: Int) -> Int {
        var i = start
        while i < end, isIdentifier(at: i) { i += 1 }
        return i
    }

    /// A separator before or after a piece of a part, as written: an arrow, a comma, or the `:`
    /// before a line's callbacks. A number, not its String: a piece holds nothing to retain, and
    /// the pieces of every line were copied and freed a retain and release a separator.
    enum Separator: UInt8 {
        case arrow
        case asciiArrow
        case comma
        case colon

        /// The arrow of `length` (`arrowLength`): `→` is one Character, `->` two.
        init(arrowOfLength length: Int) { self = length == 1 ? .arrow : .asciiArrow }

        /// As written: for an arrow, `text` of its range (the Characters it was found as).
        var text: String {
            switch self {
            case .arrow: "→"
            case .asciiArrow: "->"
            case .comma: ","
            case .colon: ":"
            }
        }
    }

    /// The length of the arrow (`->` or `→`) at `i`, or 0.
    func arrowLength(at i: Int, end: Int) -> Int {
        guard i < end else { return 0 }
        if units[i] == 0x2192 { return 1 }  // →
        if units[i] == 0x2D, i + 1 < end, units[i + 1] == 0x3E { return 2 }  // ->
        return 0
    }

    /// Where a comment starts: a `#` at the start of the line or after a space; `chars.count` if none.
    var commentStart: Int {
        for i in units.indices where units[i] == 0x23 && (i == 0 || isSpace(at: i - 1)) {
            return i
        }
        return count
    }

    /// One name between separators: its trimmed range, and the separators around it.
    struct Piece {
        var start: Int
        var end: Int
        /// The separator before the piece (an arrow or a comma); nil for the first.
        var before: Separator?
        /// The separator after it; nil for the last.
        var after: Separator?
        var isEmpty: Bool { start == end }
    }

    /// Splits `start..<end` at arrows (and at commas when `commas`) outside
    /// parentheses, so `application(_:willFinishLaunchingWithOptions:)` stays
    /// whole. With `stopAtColon` the split ends at the first `:` outside
    /// parentheses; `stop` is its index (or `end`). `after`: the separator before the first piece,
    /// when the part follows one (set here: setting it on the returned array copied the array).
    func pieces(from start: Int, to end: Int, commas: Bool, stopAtColon: Bool, after first: Separator? = nil) -> (pieces: [Piece], stop: Int) {
        var result: [Piece] = []
        // Most parts name a handful: room for them from the start, not grown from one.
        result.reserveCapacity(4)
        var depth = 0
        var pieceStart = start
        var before = first
        var i = start
        var stop = end
        func close(at close: Int, after: Separator?) {
            let s = skipSpaces(from: pieceStart, to: close)
            result.append(Piece(start: s, end: trimEnd(close, start: s), before: before, after: after))
        }
        while i < end {
            let unit = units[i]
            // Letters, digits and `_` (most of a part) are above every separator but `→`.
            if unit > 0x3A && unit != 0x2192 {
                i += 1
                continue
            }
            if unit == 0x28 {  // (
                depth += 1
            } else if unit == 0x29 {  // )
                depth = max(0, depth - 1)
            } else if depth == 0 {
                let arrow = arrowLength(at: i, end: end)
                if arrow > 0 || (commas && unit == 0x2C) {  // ,
                    let separator = arrow > 0 ? Separator(arrowOfLength: arrow) : .comma
                    close(at: i, after: separator)
                    before = separator
                    i += max(arrow, 1)
                    pieceStart = i
                    continue
                }
                if stopAtColon && unit == 0x3A {  // :
                    stop = i
                    break
                }
            }
            i += 1
        }
        close(at: stop, after: nil)
        return (result, stop)
    }
}

extension SourceLine {
    /// A line whose first Character after spaces and tabs is `#`: a whole-line comment. When
    /// every scalar of the line is a Character of its own (`UTF8Scalar.standsAlone`), the
    /// index of the `#` and the comment's text (`trimmedText(from: hash + 1, to: count)`) are
    /// read from the bytes, without making the line's arrays: half of a block's lines are
    /// comments, many of them long and not ASCII. Nil for any other line.
    static func wholeLineComment(_ text: Substring) -> (hash: Int, text: String)? {
        let found: (hash: Int, start: Int, end: Int)? = text.withUTF8Bytes { bytes in
            var hash = 0
            while hash < bytes.count, bytes[hash] == 0x20 || bytes[hash] == 0x09 { hash += 1 }
            guard hash < bytes.count, bytes[hash] == 0x23 else { return nil }
            // Every scalar stands alone: the spaces and the `#` before are Characters, and so
            // are the spaces and tabs trimmed below.
            guard Self.scalarsStandAlone(bytes, from: hash + 1) else { return nil }
            var start = hash + 1
            while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            var end = bytes.count
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return (hash, start, end)
        }
        guard let found else { return nil }
        return (found.hash, text.utf8Slice(found.start, found.end))
    }

    /// Whether every scalar of `bytes` (valid UTF-8) from `start` on stands alone
    /// (`UTF8Scalar.standsAlone`). Runs of ASCII without "\r" pass eight bytes at a time:
    /// comments are long and mostly ASCII, and decoding them byte by byte cost most of their reading.
    static func scalarsStandAlone(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        // ASCII but "\r" stands alone (`standsAlone`): only the scalars that end a run are decoded.
        var index = asciiRunEnd(bytes, from: start)
        while index < bytes.count {
            guard let (value, length) = scalar(in: bytes, at: index), UTF8Scalar.standsAlone(value) else { return false }
            index = asciiRunEnd(bytes, from: index + length)
        }
        return true
    }

    /// Whether the first word of a fence's info string, words split at spaces and tabs, is the
    /// ASCII `word`: asked of every code block, on bytes (splitting the whole string by
    /// Characters cost more than the rest of the question).
    static func firstWord(of info: String, is word: String) -> Bool {
        var info = info
        var word = word
        // Both as bytes: `elementsEqual` with the word's UTF8View cost some 390 instructions a block.
        let answer: Bool? = info.withUTF8 { bytes in word.withUTF8 { word in
            var start = 0
            while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            let end = start + word.count
            guard end <= bytes.count else { return false }
            for i in 0..<word.count where bytes[start + i] != word[i] { return false }
            guard end < bytes.count else { return true }
            guard bytes[end] == 0x20 || bytes[end] == 0x09 else { return false }
            // A mark after the separator joins it into a Character that is no space: Characters decide.
            return end + 1 < bytes.count && bytes[end + 1] >= 0x80 ? nil : true
        } }
        return answer ?? firstWordByCharacters(of: info, is: word)
    }

    /// `firstWord(of:is:)` by Characters, as the parsers first asked it.
    static func firstWordByCharacters(of info: String, is word: String) -> Bool {
        var words = info.split(whereSeparator: isSpace).makeIterator()
        return words.next() == Substring(word)
    }
}

extension String {
    /// The string split into lines at `\n`, `\r\n` or `\r`; a final line break ends the last line.
    var blockLines: [Substring] {
        var lines = split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

extension Substring {
    /// Calls `body` with the substring's UTF-8 bytes, read where they are in its string's storage:
    /// `utf8.withContiguousStorageIfAvailable` of a substring cost about 250 instructions a call
    /// (the block parsers ask several times a line). A string without contiguous UTF-8 is copied.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let utf8 = base.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            // Offsets in contiguous UTF-8: read from the indexes, not counted.
            let start = utf8.distance(from: utf8.startIndex, to: startIndex)
            return body(UnsafeBufferPointer(rebasing: bytes[start..<(start + utf8.distance(from: startIndex, to: endIndex))]))
        }
        if let found { return found }
        var copy = self
        return copy.withUTF8(body)
    }

    /// The text between two UTF-8 offsets (both at Character boundaries), as a String. On
    /// `Substring`, not any `StringProtocol`, whose generic body called a generic `String.init`.
    func utf8Slice(_ start: Int, _ end: Int) -> String {
        // From the bytes: slicing the substring by indexes and copying the slice cost twice as much.
        withUTF8Bytes { bytes in String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
    }
}
