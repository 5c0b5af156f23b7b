import CStemmer
import Foundation

/// How the words of one language are indexed: its Snowball stemmer (nil: no stemming, every
/// word is matched by prefix, as Bulgarian is) and which accents are folded away.
public struct SearchLanguage: Sendable, Hashable {
    public var code: String
    /// libstemmer's algorithm name.
    public var stemmer: String?
    /// Combining marks kept when folding: Bulgarian keeps the breve of й, a letter of its own.
    var keptMarks: Set<UInt32>

    /// The language of `code` (an ISO 639-1 code); an unknown one is folded but not stemmed.
    public init(code: String) {
        self.code = code
        switch code {
        case "es": stemmer = "spanish"
        case "pt": stemmer = "portuguese"
        case "it": stemmer = "italian"
        case "fr": stemmer = "french"
        case "de": stemmer = "german"
        case "en": stemmer = "english"
        default: stemmer = nil
        }
        // й and ї are letters of their own; ѝ (a grave accent that marks a homograph) is not.
        keptMarks = ["bg", "ru", "uk", "sr", "mk", "be"].contains(code) ? [0x306, 0x308] : []
    }
}

/// Cutting text into words and folding them, the same way `search.js` does in the browser:
/// a word is a run of letters, marks and digits; folding lowercases it and drops accents.
public enum Words {
    /// The words of `text`, as written.
    public static func split(_ text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.unicodeScalars.index(after: index)
            if isWordScalar(text.unicodeScalars[index]) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(text[first..<index])
                start = nil
            }
            index = next
        }
        if let first = start { words.append(text[first..<text.endIndex]) }
        return words
    }

    /// Letters, combining marks and decimal digits (JavaScript: `[\p{L}\p{M}\p{Nd}]`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    /// Whether `word` has two scalars or more (`unicodeScalars.count >= 2` counted them all).
    static func hasTwoScalars(_ word: String) -> Bool {
        var scalars = word.unicodeScalars.makeIterator()
        return scalars.next() != nil && scalars.next() != nil
    }

    /// A folded Snowball stem without its last vowel: Portuguese keeps `interrupçã` and
    /// `interrupçõ` apart, and Romance stems often differ only there.
    public static func trimmedStem(_ stem: String) -> String {
        guard let last = stem.unicodeScalars.last, "aeiou".unicodeScalars.contains(last), stem.unicodeScalars.count > 4 else { return stem }
        return String(String.UnicodeScalarView(stem.unicodeScalars.dropLast()))
    }

    /// `word` lowercased, without the accents `language` does not keep (JavaScript:
    /// `toLowerCase().normalize("NFD")`, marks removed, `normalize("NFC")`). Letters are looked
    /// up one by one in a table made once (Latin, Greek and Cyrillic); anything else, or text
    /// already decomposed, takes the general path.
    public static func fold(_ word: some StringProtocol, _ language: SearchLanguage) -> String {
        fold(word, foldTable(language), keptMarks: language.keptMarks)
    }

    /// The folding table of `language`.
    static func foldTable(_ language: SearchLanguage) -> FoldTable { language.keptMarks.isEmpty ? strippingTable : keepingTable }

    /// `fold` with the language's table (`foldTable`) and kept marks, taken once by a caller that
    /// folds many words: each read of a global table checked that it was made (`swift_once`,
    /// ~170 instructions a word).
    static func fold(_ word: some StringProtocol, _ table: FoldTable, keptMarks: Set<UInt32>) -> String {
        var inTable = true
        // Written straight into the String's storage, with room for the most a folding may grow
        // (a word of up to 15 bytes is a small String: no allocation, where an array of bytes
        // made a String cost two).
        let folded = String(unsafeUninitializedCapacity: word.utf8.count * table.growth) { out in
            table.entries.withUnsafeBufferPointer { entries in
                table.bytes.withUnsafeBufferPointer { bytes in
                    var count = 0
                    for scalar in word.unicodeScalars {
                        let value = scalar.value
                        if value < 0x80 {
                            guard count < out.count else {
                                inTable = false
                                return 0
                            }
                            out[count] = UInt8(value) | ((0x41...0x5A).contains(value) ? 0x20 : 0)
                            count += 1
                            continue
                        }
                        // Below `first` the difference wraps past every entry.
                        let index = Int(value &- FoldTable.first)
                        let offset = index < entries.count ? Int(entries[index] >> 8) : 0
                        let length = index < entries.count ? Int(entries[index] & 0xFF) : 0
                        // Not in the table (the general path then), or no room left (which
                        // `growth` rules out).
                        guard length > 0, count + length <= out.count, offset + length <= bytes.count else {
                            inTable = false
                            return 0
                        }
                        for byte in 0..<length { out[count + byte] = bytes[offset + byte] }
                        count += length
                    }
                    return count
                }
            }
        }
        return inTable ? folded : slowFold(word, keptMarks: keptMarks)
    }

    static func slowFold(_ word: some StringProtocol, keptMarks: Set<UInt32>) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark && !keptMarks.contains(scalar.value) { continue }
            kept.append(scalar)
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// Precomposed letters whose folding is computed once: Latin-1 to Latin Extended-B, Greek,
    /// Cyrillic, Latin Extended Additional. Combining marks are left out (they take the slow path).
    static let foldedRanges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x1E00...0x1EFF]
    /// Read from their written form: computing them (`makeTable`) took 15 M instructions each.
    static let strippingTable = FoldTable(written: FoldingTables.stripping)
    static let keepingTable = FoldTable(written: FoldingTables.keeping)

    /// What `FoldingTables` holds, computed (`FoldingTableTests` compares them).
    static func makeTable(keptMarks: Set<UInt32>) -> [UInt32: String] {
        var table: [UInt32: String] = [:]
        for range in foldedRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), isWordScalar(scalar),
                    scalar.properties.generalCategory != .nonspacingMark
                else { continue }
                table[value] = slowFold(String(scalar), keptMarks: keptMarks)
            }
        }
        return table
    }
}

/// A folding table (`FoldingTables`) laid out by scalar: each scalar of `Words.foldedRanges`
/// finds its folding at its own place, where a `[UInt32: String]` hashed the scalar and copied
/// a String out for every non-ASCII scalar of every new word (~1,600 instructions a word).
struct FoldTable {
    /// The first scalar of `Words.foldedRanges`; entry `i` is scalar `first + i`'s.
    static let first: UInt32 = 0xC0
    /// Per scalar, where its folding starts in `bytes` (shifted left by 8) and its length in
    /// bytes (the low 8 bits); 0: not in the table (a scalar between the ranges or left out).
    let entries: [UInt32]
    /// The foldings' UTF-8 bytes, one after the other.
    let bytes: [UInt8]
    /// The most bytes a folding has per byte of its scalar, rounded up (Ⱥ, 2 bytes, folds to
    /// ⱥ, 3): a word folds into at most this many times its bytes.
    let growth: Int

    /// The table of `written`: each scalar's folding, in the order of `Words.foldedRanges`,
    /// comma-separated, empty for a scalar left out.
    init(written: String) {
        let last = Words.foldedRanges.map(\.upperBound).max() ?? Self.first
        var entries = [UInt32](repeating: 0, count: Int(last - Self.first) + 1)
        var bytes: [UInt8] = []
        var growth = 1
        var values = Words.foldedRanges.lazy.joined().makeIterator()
        for piece in written.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let value = values.next() else { break }
            // A folding too long for its 8 bits of length is left to the general path, which
            // gives the same answer.
            guard !piece.isEmpty, piece.count <= 0xFF, value >= Self.first else { continue }
            entries[Int(value - Self.first)] = UInt32(bytes.count) << 8 | UInt32(piece.count)
            bytes += piece
            let scalarBytes = value < 0x800 ? 2 : 3
            growth = max(growth, (piece.count + scalarBytes - 1) / scalarBytes)
        }
        self.entries = entries
        self.bytes = bytes
        self.growth = growth
    }
}

/// What the word memo stems with: libstemmer's `Stemmer`; the tests wrap one to see which
/// words the memo stems.
protocol WordStemmer: AnyObject {
    /// The algorithm's name: the same word gives another term under another stemmer.
    var name: String { get }
    /// The stem of a lowercased word.
    func stem(_ word: String) -> String
}

/// A Snowball stemmer of libstemmer. One instance is not safe to share between threads:
/// each task makes its own.
public final class Stemmer: WordStemmer {
    private let stemmer: OpaquePointer?
    /// libstemmer's algorithm name, part of the key of `TermMemo`: the same word gives another
    /// term under another stemmer. (`TermMemo` stems each word of a build once: a memo here,
    /// made anew with each page's stemmer, only stored every word a second time.)
    let name: String

    /// nil when the language has no stemmer or libstemmer lacks it.
    public init?(_ language: SearchLanguage) {
        guard let name = language.stemmer, let stemmer = sb_stemmer_new(name, "UTF_8") else { return nil }
        self.stemmer = stemmer
        self.name = name
    }

    deinit { sb_stemmer_delete(stemmer) }

    /// The stem of a lowercased word.
    public func stem(_ word: String) -> String {
        var bytes = Array(word.utf8)
        let count = bytes.count
        let stemmed: String = bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let out = sb_stemmer_stem(stemmer, base, Int32(count))
            else { return word }
            let length = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: out, count: length), as: UTF8.self)
        }
        return stemmed
    }
}

/// Which scalars of the Basic Multilingual Plane are word scalars (`Words.isWordScalar`), one
/// bit each, computed once: the tokenizer asks for every non-ASCII scalar of every page, and
/// Unicode property look-ups cost far more than a bit test.
enum WordScalars {
    /// The alphabets and punctuation of the site's languages come before U+3000. The rest of the
    /// plane (CJK, mostly) is computed only when a page has such a scalar: all 65,536 took 5% of
    /// a build that indexes one page.
    static let split: UInt32 = 0x3000
    /// Written out (`FoldingTables.bmp`): computing it took 5 M instructions.
    static let bmp = FoldingTables.bmp
    static let upper = bits(split..<0x10000)

    static func bits(_ range: Range<UInt32>) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: Int(range.upperBound - range.lowerBound + 63) / 64)
        for value in range {
            guard let scalar = Unicode.Scalar(value), Words.isWordScalar(scalar) else { continue }
            let offset = value - range.lowerBound
            bits[Int(offset >> 6)] |= 1 << UInt64(offset & 63)
        }
        return bits
    }

    /// Whether `value` is a word scalar, with `bits` being `bmp` (read once by the caller: each
    /// read of a global checks that it was initialized).
    @inline(__always)
    static func isWord(_ value: UInt32, _ bits: UnsafeBufferPointer<UInt64>) -> Bool {
        // ASCII is the caller's (the table starts at U+0080).
        if value < 0x80 { return false }
        if value < split { return bits[Int((value - 0x80) >> 6)] & (1 << UInt64((value - 0x80) & 63)) != 0 }
        if value < 0x10000 {
            let offset = value - split
            return upper[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return Words.isWordScalar(scalar)
    }
}

/// What `Words.scan` hands the words it cuts to.
protocol WordSink: ~Copyable {
    /// The word `base[start..<end]` and its `ByteTable.hash`.
    mutating func word(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ hash: UInt64)
}

extension Words {
    /// Hands `sink` the byte range of each word of `bytes` (valid UTF-8), cut as `split` cuts
    /// (a word is a run of word scalars), and the word's `ByteTable.hash`: no `String` is made,
    /// so a page's words cost one scan and a hash each. Generic, not a closure: the sink's code
    /// is compiled into the loop (a closure was called per word once the loop grew).
    @inline(__always)
    static func scan<Sink: WordSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        scan(bytes, inBlocks: ByteLanes.vectorized, into: &sink)
    }

    /// `scan` scalar by scalar, as it was before the block scan: where there are no vector
    /// compares, and the reference the tests hold the block scan to.
    static func scanScalars<Sink: WordSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        scan(bytes, inBlocks: false, into: &sink)
    }

    /// `scan` with its tables open: by 64-byte blocks (`scanBlocks`) or scalar by scalar.
    @inline(__always)
    private static func scan<Sink: WordSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, inBlocks: Bool, into sink: inout Sink) {
        WordScalars.bmp.withUnsafeBufferPointer { bits in
            asciiWordBytes.withUnsafeBufferPointer { ascii in
                guard let base = bytes.baseAddress, let isWord = ascii.baseAddress else { return }
                if inBlocks {
                    scanBlocks(base, bytes.count, bits, isWord, into: &sink)
                } else {
                    scanScalars(base, from: 0, to: bytes.count, bits, isWord, into: &sink)
                }
            }
        }
    }

    /// A digit or an ASCII letter of either case.
    static func isASCIIWordByte(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 }

    /// The high bit of each byte lane of a 64-bit word.
    static let laneHighs: UInt64 = 0x8080_8080_8080_8080

    /// `isASCIIWordByte` of eight bytes at once (in memory order, read as a little-endian
    /// word): the high bit of each lane set when its byte is an ASCII letter or digit. Exact lane
    /// by lane: every sum stays below 0x100, so no carry crosses into the next lane.
    @inline(__always)
    static func asciiWordLanes(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        // Setting 0x20 folds the case of letters: the high bit of `folded + 0x1F` is set from
        // 0x61 (a) on, that of `folded + 0x05` from 0x7B (past z) on.
        let folded = low | 0x2020_2020_2020_2020
        let letter = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505)
        // Digits 0x30–0x39 from the byte itself (folding would bring 0x10–0x19 there too).
        let digit = (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646)
        return (letter | digit) & ~word & laneHighs
    }

    /// `isASCIIWordByte` of every byte (1: yes; 0: no, and every byte from 0x80 up): one load
    /// per byte instead of two ranges' compares.
    static let asciiWordBytes: [UInt8] = (0...255).map { $0 < 0x80 && isASCIIWordByte(UInt8($0)) ? 1 : 0 }

    /// The words of `base[from..<to]`, scalar by scalar: `from` and `to` are no word's middle.
    private static func scanScalars<Sink: WordSink & ~Copyable>(
        _ base: UnsafePointer<UInt8>, from: Int, to count: Int, _ bits: UnsafeBufferPointer<UInt64>, _ isWord: UnsafePointer<UInt8>,
        into sink: inout Sink
    ) {
        var index = from
        var start = -1
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                if isWord[Int(lead)] != 0 {
                    if start < 0 {
                        // A word that starts here: most are ASCII letters ended by an ASCII byte
                        // within eight, cut and hashed from this one load.
                        if index + 8 <= count {
                            let bytes = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                            let length = (~asciiWordLanes(bytes) & laneHighs).trailingZeroBitCount >> 3
                            if length < 8 && base[index + length] < 0x80 {
                                sink.word(base, index, index + length, ByteTable.hash(firstBytes: bytes, length: length))
                                // The byte after the word is no word byte: it needs nothing more.
                                index += length + 1
                                continue
                            }
                        }
                        start = index
                    }
                    // The rest of the ASCII letters at once, eight bytes a step: most words are
                    // nothing else.
                    index += 1
                    while index + 8 <= count {
                        let lanes = asciiWordLanes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                        if lanes == laneHighs {
                            index += 8
                            continue
                        }
                        // The first lane that is not a word byte (memory order is lane order).
                        index += (~lanes & laneHighs).trailingZeroBitCount >> 3
                        break
                    }
                    if index + 8 > count {
                        while index < count && isWord[Int(base[index])] != 0 { index += 1 }
                    }
                    continue
                }
                if start >= 0 {
                    sink.word(base, start, index, ByteTable.hash(base, start, index, count))
                    start = -1
                }
                index += 1
                continue
            }
            // Cyrillic letters (U+0400–U+047F: lead bytes D0 and D1) are all word scalars: a
            // run of them is passed over four at a time, then two bytes at a time.
            if lead & 0xFE == 0xD0 && index + 1 < count {
                if start < 0 { start = index }
                while index + 8 <= count
                    && UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian & 0xC0FE_C0FE_C0FE_C0FE
                        == 0x80D0_80D0_80D0_80D0
                {
                    index += 8
                }
                while index + 1 < count && base[index] & 0xFE == 0xD0 { index += 2 }
                continue
            }
            // The scalar's value from its lead and continuation bytes (the String is valid UTF-8).
            var length: Int
            var value: UInt32
            if lead < 0xE0 && index + 1 < count {
                // Two bytes, at once: accented Latin letters, Greek and Cyrillic.
                length = 2
                value = UInt32(lead & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
            } else {
                if lead >= 0xF0 {
                    length = 4
                    value = UInt32(lead & 0x07)
                } else if lead >= 0xE0 {
                    length = 3
                    value = UInt32(lead & 0x0F)
                } else {
                    length = 2
                    value = UInt32(lead & 0x1F)
                }
                if index + length > count { length = count - index }
                var next = index + 1
                while next < index + length {
                    value = value << 6 | UInt32(base[next] & 0x3F)
                    next += 1
                }
            }
            if WordScalars.isWord(value, bits) {
                if start < 0 { start = index }
            } else if start >= 0 {
                sink.word(base, start, index, ByteTable.hash(base, start, index, count))
                start = -1
            }
            index += length
        }
        if start >= 0 { sink.word(base, start, count, ByteTable.hash(base, start, count, count)) }
    }
}

extension Words {
    /// `scan` a block of 64 bytes at a time: the bytes are classified sixteen at a time
    /// (`ByteLanes.wordBytes`) into a mask of segments, runs of bytes between ASCII bytes that are
    /// no letter or digit (which end a word wherever they are). A segment of ASCII letters and
    /// digits, accented Latin-1 letters and Cyrillic letters only is one word, cut and hashed
    /// straight from the masks; a segment with any other non-ASCII scalar (a dash, a guillemet,
    /// a combining mark, ×) is cut scalar by scalar (`scanScalars`), which gives the same words:
    /// no word crosses a segment's edge.
    @inline(__always)
    fileprivate static func scanBlocks<Sink: WordSink & ~Copyable>(
        _ base: UnsafePointer<UInt8>, _ count: Int, _ bits: UnsafeBufferPointer<UInt64>, _ isWord: UnsafePointer<UInt8>,
        into sink: inout Sink
    ) {
        var position = 0
        // A segment that runs on past the last block: where it starts, and whether it has a byte
        // that is no word byte (-1: none is open).
        var openStart = -1
        var openOther = false
        // Whether the last block ended on 0xC3 (× or ÷ may straddle two blocks).
        var lastC3: UInt64 = 0
        // The last bytes (under 64), copied to zeros: no block reads past the text.
        var tail: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        while position < count {
            let block: (segment: UInt64, other: UInt64, c3: UInt64, timesOrDivide: UInt64)
            if position + 64 <= count {
                block = blockMasks(UnsafeRawPointer(base + position))
            } else {
                block = withUnsafeMutableBytes(of: &tail) { tail in
                    tail.copyMemory(from: UnsafeRawBufferPointer(start: base + position, count: count - position))
                    return blockMasks(UnsafeRawPointer(tail.baseAddress.unsafelyUnwrapped))
                }
            }
            let segment = block.segment
            let other = block.other | block.timesOrDivide & (block.c3 << 1 | lastC3)
            lastC3 = block.c3 >> 63
            var starts = segment & ~(segment << 1)
            if openStart >= 0 {
                let end = (~segment).trailingZeroBitCount
                if end == 64 {
                    openOther = openOther || other != 0
                    position += 64
                    continue
                }
                segmentFound(base, openStart, position &+ end, openOther || other & ((1 << UInt64(end)) &- 1) != 0, count, bits, isWord, into: &sink)
                openStart = -1
                // Bit 0 was the open segment's, not a start.
                starts &= ~1
            }
            while starts != 0 {
                let start = starts.trailingZeroBitCount
                starts &= starts &- 1
                let after = ~segment & (UInt64.max << UInt64(start))
                if after == 0 {
                    openStart = position + start
                    openOther = other >> UInt64(start) != 0
                    break
                }
                let end = after.trailingZeroBitCount
                let hasOther = other != 0 && (other >> UInt64(start)) & ((1 << UInt64(end - start)) &- 1) != 0
                // Wrapping sums: offsets within the text cannot overflow, and their checks cost
                // a few instructions per word.
                segmentFound(base, position &+ start, position &+ end, hasOther, count, bits, isWord, into: &sink)
            }
            position += 64
        }
        if openStart >= 0 { segmentFound(base, openStart, count, openOther, count, bits, isWord, into: &sink) }
    }

    /// The segment `base[start..<end]`: one word when `hasOther` is false, else cut scalar by scalar.
    @inline(__always)
    private static func segmentFound<Sink: WordSink & ~Copyable>(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ hasOther: Bool, _ count: Int, _ bits: UnsafeBufferPointer<UInt64>,
        _ isWord: UnsafePointer<UInt8>, into sink: inout Sink
    ) {
        if hasOther {
            scanScalars(base, from: start, to: end, bits, isWord, into: &sink)
        } else {
            sink.word(base, start, end, ByteTable.hash(base, start, end, count))
        }
    }

    /// The masks of the 64 bytes at `pointer` (`ByteLanes.wordBytes`, four times): `segment`,
    /// word bytes and other non-ASCII bytes; `other`, the latter.
    @inline(__always)
    static func blockMasks(_ pointer: UnsafeRawPointer) -> (segment: UInt64, other: UInt64, c3: UInt64, timesOrDivide: UInt64) {
        let first = ByteLanes.wordBytes(pointer)
        let second = ByteLanes.wordBytes(pointer + 16)
        let third = ByteLanes.wordBytes(pointer + 32)
        let fourth = ByteLanes.wordBytes(pointer + 48)
        let word = first.word | second.word << 16 | third.word << 32 | fourth.word << 48
        let other = first.other | second.other << 16 | third.other << 32 | fourth.other << 48
        let c3 = first.c3 | second.c3 << 16 | third.c3 << 32 | fourth.c3 << 48
        let timesOrDivide = first.timesOrDivide | second.timesOrDivide << 16 | third.timesOrDivide << 32 | fourth.timesOrDivide << 48
        return (word | other, other, c3, timesOrDivide)
    }
}

/// What indexing makes of one word as written, by number: its term (folded stem) in the memo's
/// terms, its folded form in the memo's forms when the stem differs, and whether each is long
/// enough to count (2 scalars or more). Numbers only, so a page copies its words' entries
/// without retaining two strings each; the strings come once per term (`TermMemo.strings`).
struct MemoWord {
    var termNumber: Int32
    /// The folded word's number among the memo's forms (-1: not a form, its stem is itself).
    var formNumber: Int32
    var foldedCounts: Bool
    var termCounts: Bool

    var isForm: Bool { formNumber >= 0 }

    static let placeholder = MemoWord(termNumber: -1, formNumber: -1, foldedCounts: false, termCounts: false)
}

/// Words as written → `MemoWord`, for one language and stemmer, shared by every page the
/// process indexes. Folding and stemming are pure functions of the word, so each distinct word
/// of a build is folded and stemmed once instead of once per page. Pages index on every core:
/// a lock guards the table, taken twice per page (look-ups, then additions), not per word.
final class TermMemo: @unchecked Sendable {
    private let lock = NSLock()
    /// Words as written, by their bytes (no `String` to make or hash per look-up), and their entries by number.
    private var words = ByteTable()
    private var entries: [MemoWord] = []
    private var terms = BytesNumbering()
    private var forms = BytesNumbering()
    /// A long-running preview server would otherwise keep every word it ever saw.
    private static let limit = 400_000

    private static let lock = NSLock()
    nonisolated(unsafe) private static var memos: [String: TermMemo] = [:]

    static func shared(_ language: SearchLanguage, _ stemmer: Stemmer?) -> TermMemo {
        let key = language.code + "/" + (stemmer?.name ?? "")
        lock.lock()
        defer { lock.unlock() }
        if let memo = memos[key] { return memo }
        let memo = TermMemo()
        memos[key] = memo
        return memo
    }

    /// The entries of a page's words, by the page's numbers, computing those not seen before.
    /// All under the lock: each word of a build is folded and stemmed exactly once (computed
    /// outside it, two pages meeting the same new word both stemmed it, and the instruction
    /// counts of a build changed from run to run); at most a few words of a page are new.
    func resolve(_ page: borrowing PageCounter, language: SearchLanguage, stemmer: (any WordStemmer)?) -> [MemoWord] {
        // Filled in order, through the array's buffer (appended to, each word paid for a check
        // of its room and uniqueness); a word not in the memo yet holds a placeholder until it
        // is computed.
        var missing: [Int] = []
        lock.lock()
        defer { lock.unlock() }
        // The table's and the entries' storage taken once for the page's words, not per word.
        var result = words.withStorage { table in
            entries.withUnsafeBufferPointer { entries in
                [MemoWord](unsafeUninitializedCapacity: page.count) { result, count in
                    for index in 0..<page.count {
                        let (bytes, hash) = page.word(index)
                        if let known = table.find(bytes, hash: hash) {
                            result.initializeElement(at: index, to: entries[known])
                        } else {
                            missing.append(index)
                            result.initializeElement(at: index, to: MemoWord.placeholder)
                        }
                    }
                    count = page.count
                }
            }
        }
        guard !missing.isEmpty else { return result }
        // Terms and forms keep their numbers (a page may hold entries looked up before, and
        // builders file by them), so only the words are forgotten; a site has far fewer terms.
        if words.count > Self.limit {
            words = ByteTable()
            entries = []
        }
        let table = Words.foldTable(language)
        for index in missing {
            let (bytes, hash) = page.word(index)
            let word = String(decoding: bytes, as: UTF8.self)
            let folded = Words.fold(word, table, keptMarks: language.keptMarks)
            var term = folded
            var isForm = false
            if let stemmer, Words.hasTwoScalars(folded) {
                term = Words.trimmedStem(Words.fold(stemmer.stem(word.lowercased()), table, keptMarks: language.keptMarks))
                isForm = term != folded
            }
            let entry = MemoWord(
                termNumber: Int32(terms.number(term)), formNumber: isForm ? Int32(forms.number(folded)) : -1,
                foldedCounts: Words.hasTwoScalars(folded), termCounts: Words.hasTwoScalars(term))
            // A page's words are distinct: each missing one is new to the table.
            let slot = words.number(bytes, 0, bytes.count, hash: hash)
            if slot == entries.count { entries.append(entry) }
            result[index] = entry
        }
        return result
    }

    /// The names of the terms numbered `numbers` (as `resolve` gave them), in one look at the table.
    func termNames(_ numbers: [Int32]) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return numbers.map { terms.keys[Int($0)] }
    }

    /// The name of the term numbered `number`.
    func termName(_ number: Int32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return terms.keys[Int(number)]
    }

    /// The form numbered `number` with its stem, the term numbered `stem`.
    func form(_ number: Int32, stem: Int32) -> SearchEntry.Form {
        lock.lock()
        defer { lock.unlock() }
        return SearchEntry.Form(folded: forms.keys[Int(number)], stem: terms.keys[Int(stem)])
    }

    /// The forms numbered `numbers` with their stems, terms numbered `stems`, in one look at the table.
    func forms(_ numbers: [Int32], stems: [Int32]) -> [SearchEntry.Form] {
        lock.lock()
        defer { lock.unlock() }
        return zip(numbers, stems).map { SearchEntry.Form(folded: forms.keys[Int($0)], stem: terms.keys[Int($1)]) }
    }
}
