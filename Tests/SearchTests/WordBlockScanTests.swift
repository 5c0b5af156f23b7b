@testable import Search
import Testing
import TestSupport

/// The block scan of words (sixteen bytes classified at once, 64 a block) against the scan
/// scalar by scalar it replaced and against `Words.split`, on seeded random texts.
@Suite struct WordsBlockScanTests {
    struct Collected: WordSink {
        var words: [(start: Int, end: Int, hash: UInt64)] = []
        mutating func word(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ hash: UInt64) {
            words.append((start, end, hash))
        }
    }

    /// Letters of every kind the fast path takes or leaves to the scalars, and separators.
    static let pieces = [
        "a", "ab", "abcdefg", "abcdefgh", "abcdefghijklmnopq", "Interrupciones", "x1", "28", "qué", "acción", "ñandú", "ÀÖØöøÿ",
        "Привет", "прекъсване", "ѝ", "Ѐя", "ѿ", "Ґ", "abcПри", "При123", "e\u{301}", "漢字", "😀", "𝒜", "Ǆ", "ª", "µ", "º",
        String(repeating: "verylongword", count: 7), String(repeating: "дълго", count: 9), String(repeating: "é", count: 40),
    ]
    static let separators = [
        " ", ", ", ".", "—", "\u{A0}", "«", "»", "(", "\n", "&", "҂", "·", "×", "÷", "a×b", "é÷", "\u{0}", "\u{7F}", "'", "-",
    ]

    /// The words of `text` by the block scan and by the scalar scan.
    static func bothScans(_ text: String) -> (blocks: Collected, scalars: Collected) {
        var blocks = Collected()
        var scalars = Collected()
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            Words.scan(buffer, into: &blocks)
            Words.scanScalars(buffer, into: &scalars)
        }
        return (blocks, scalars)
    }

    /// Calls `check` with sixteen random bytes (from `seed`) holding each of the 256 bytes at
    /// each of the sixteen places: how the classifiers are held to their byte loops.
    static func everyByteAtEveryPlace(seed: UInt64, _ check: (UnsafeRawPointer, _ value: Int, _ place: Int) -> Void) {
        var random = SeededRandom(seed: seed)
        for value in 0..<256 {
            for place in 0..<16 {
                var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.below(256)) }
                bytes[place] = UInt8(value)
                bytes.withUnsafeBytes { check($0.baseAddress!, value, place) }
            }
        }
    }

    @Test func cutsTheWordsTheScalarScanAndSplitCut() {
        var random = SeededRandom(seed: 0x5EED_B10C_5CA7_0001)
        for round in 0..<1_500 {
            var text = ""
            // Short texts (a tail block only) to texts of several blocks.
            let pieceCount = round % 3 == 0 ? 1 + random.below(6) : 1 + random.below(80)
            for _ in 0..<pieceCount {
                text += random.pick(Self.pieces)
                if random.below(5) > 0 { text += random.pick(Self.separators) }
            }
            let (blocks, scalars) = Self.bothScans(text)
            let expected = Words.split(text).map { word in
                let start = text.utf8.distance(from: text.utf8.startIndex, to: word.startIndex)
                return (start, start + word.utf8.count)
            }
            #expect(blocks.words.map(\.start) == expected.map(\.0), "\(text)")
            #expect(blocks.words.map(\.end) == expected.map(\.1), "\(text)")
            #expect(blocks.words.map(\.start) == scalars.words.map(\.start), "\(text)")
            #expect(blocks.words.map(\.end) == scalars.words.map(\.end), "\(text)")
            #expect(blocks.words.map(\.hash) == scalars.words.map(\.hash), "\(text)")
        }
    }

    @Test func cutsWordsAtEveryOffsetOfABlock() {
        // One word of each kind after 0 to 140 spaces and before a dash or the text's end: each
        // starts and ends at every offset within and across the 64-byte blocks.
        for word in ["abc", "qué", "Привет", "abcdefghijklmnopqrstuvwxyz", "e\u{301}a", "a×b", "ÀÖ", "x"] {
            for offset in 0..<140 {
                for after in ["", " ", "—z", ",x"] {
                    let (blocks, scalars) = Self.bothScans(String(repeating: " ", count: offset) + word + after)
                    #expect(blocks.words.map(\.start) == scalars.words.map(\.start), "\(offset) \(word)\(after)")
                    #expect(blocks.words.map(\.end) == scalars.words.map(\.end), "\(offset) \(word)\(after)")
                    #expect(blocks.words.map(\.hash) == scalars.words.map(\.hash), "\(offset) \(word)\(after)")
                    #expect(!blocks.words.isEmpty)
                }
            }
        }
    }

    @Test func classifiesASCIIBytesAsTheByteLoopDoes() {
        // Sixteen ASCII bytes take a shorter path (letters and digits only): each ASCII byte
        // at each place among random ASCII bytes, and one byte from 0x80 up at each place.
        var random = SeededRandom(seed: 0xB17E_5CA7_0003)
        for value in 0..<256 {
            for place in 0..<16 {
                var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.below(0x80)) }
                bytes[place] = UInt8(value)
                bytes.withUnsafeBytes { buffer in
                    let fast = ByteLanes.wordBytes(buffer.baseAddress!)
                    let slow = ByteLanes.wordBytesOneByOne(buffer.baseAddress!)
                    #expect(fast.word == slow.word && fast.other == slow.other, "\(value) at \(place)")
                    #expect(fast.c3 == slow.c3 && fast.timesOrDivide == slow.timesOrDivide, "\(value) at \(place)")
                }
            }
        }
    }

    @Test func classifiesEveryByteAsTheByteLoopDoes() {
        Self.everyByteAtEveryPlace(seed: 0xB17E_5CA7_0002) { bytes, value, place in
            let fast = ByteLanes.wordBytes(bytes)
            let slow = ByteLanes.wordBytesOneByOne(bytes)
            #expect(fast.word == slow.word && fast.other == slow.other, "\(value) at \(place)")
            #expect(fast.c3 == slow.c3 && fast.timesOrDivide == slow.timesOrDivide, "\(value) at \(place)")
        }
        // The lead bytes taken as word bytes start only word scalars (× and ÷ are told apart by
        // their second byte): every scalar of C3, D0 and D1 is a letter but those two.
        for lead: UInt32 in [0xC3, 0xD0, 0xD1] {
            for second: UInt32 in 0x80...0xBF {
                let scalar = Unicode.Scalar((lead & 0x1F) << 6 | second & 0x3F)!
                #expect(Words.isWordScalar(scalar) == !(scalar == "×" || scalar == "÷"), "U+\(String(scalar.value, radix: 16))")
            }
        }
    }
}
