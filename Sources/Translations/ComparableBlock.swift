import Encoding
import Highlight
import SiteContent

extension TranslationAnalyzer {
    /// A block as compared: what must not be translated, line by line, and where each line is.
    ///
    /// The lines are kept as UTF-8 bytes one after another (a `String` and an array a line cost
    /// more than the rest of the work): two blocks whose bytes are equal are equal, two ASCII
    /// blocks whose bytes differ differ, and only the rest are compared as strings (`String ==`
    /// forgives canonically equal spellings).
    struct Comparable: Sendable, Equatable {
        /// The info string, spaces folded.
        let info: String
        /// The lines' bytes, one after another…
        private let text: [UInt8]
        /// …and where each line ends in them.
        private let ends: [Int]
        /// For each line, its index among the block's lines as written.
        let offsets: [Int]
        /// The block as written (with comments), for the suggestions of `originalLine`.
        private let written: [UInt8]
        /// Of the info string's and the lines' bytes, and whether those are all ASCII.
        private let hash: UInt64
        private let isASCII: Bool

        /// A form of given lines (tests, and blocks without comments to take out).
        init(info: String, lines: [String], offsets: [Int]? = nil, written: String? = nil) {
            var text: [UInt8] = []
            var ends: [Int] = []
            for line in lines {
                text.append(contentsOf: line.utf8)
                ends.append(text.count)
            }
            self.init(
                info: info, text: text, ends: ends, offsets: offsets ?? Array(lines.indices),
                written: Array((written ?? lines.joined(separator: "\n")).utf8))
        }

        /// `textIsASCII`: known by the caller (the text is then not read again).
        fileprivate init(info: String, text: [UInt8], ends: [Int], offsets: [Int], written: [UInt8], textIsASCII: Bool? = nil) {
            self.info = info
            self.text = text
            self.ends = ends
            self.offsets = offsets
            self.written = written
            var hash = ByteHash.of(info)
            hash = ByteHash.end(text.withUnsafeBufferPointer { ByteHash.mix(hash, $0) }, length: ends.count)
            self.hash = hash
            // Over the info string's contiguous bytes: `allSatisfy` on a `String.UTF8View` steps an index per byte.
            let infoIsASCII = info.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? info.utf8.allSatisfy { $0 < 0x80 }
            isASCII = infoIsASCII && (textIsASCII ?? text.allSatisfy { $0 < 0x80 })
        }

        /// The lines, as strings.
        var lines: [String] { ends.indices.map(line) }

        /// Line `index`, as a string.
        func line(_ index: Int) -> String {
            String(decoding: text[(index == 0 ? 0 : ends[index - 1])..<ends[index]], as: UTF8.self)
        }

        /// Line `index` as written, comments included (the line itself if the block has no such line).
        func originalLine(_ index: Int) -> String {
            let writtenLines = ComparableText.lines(written)
            return offsets[index] < writtenLines.count ? String(decoding: written[writtenLines[offsets[index]]], as: UTF8.self) : line(index)
        }

        /// The index of the first line where `self` and `other` differ (the shorter one's count if none does).
        func firstDifference(from other: Comparable) -> Int {
            (0..<min(ends.count, other.ends.count)).first { line($0) != other.line($0) } ?? min(ends.count, other.ends.count)
        }

        static func == (a: Comparable, b: Comparable) -> Bool {
            if a.hash == b.hash, a.ends == b.ends, a.text == b.text, a.info == b.info { return true }
            // ASCII texts with different bytes differ; any other pair may be one text in two normal forms.
            if a.isASCII && b.isASCII { return false }
            return a.info == b.info && a.lines == b.lines
        }
    }

    /// A code block reduced to what must not be translated: comments and blank lines removed, spaces folded.
    /// `inOnePass`: whether a block that is ASCII outside its comments is folded in one pass over its
    /// bytes (`ComparableText.foldedASCIILines`); tests turn it off to hold that pass to the steps.
    static func computeComparable(_ sample: CodeSample, inOnePass: Bool = true) -> Comparable {
        // On UTF-8 bytes, with the result of the `Character` steps it was first written with
        // (`ComparableFormTests` keeps those as its reference).
        let info = ComparableText.foldedInfo(sample.info)
        let written = Array(sample.code.utf8)
        var code = written
        var lines: [Range<Int>]?
        // `#` starts a comment in a lifecycle block and in an exercise (`option*` has no `#`).
        let cutsHashComments = isExample(sample) || isExercise(sample)
        if !cutsHashComments, let lexed = sample.lexed {
            code = withoutCommentsAndStrings(written, lexed)
        }
        if inOnePass, let folded = ComparableText.foldedASCIILines(code, cuttingHashComments: cutsHashComments) {
            return Comparable(
                info: info, text: folded.text, ends: folded.ends, offsets: folded.offsets, written: written, textIsASCII: true)
        }
        if cutsHashComments {
            // Each line up to its `#`, cut in place when it can be.
            lines = ComparableText.hashCommentCuts(written)
            if lines == nil { code = ComparableText.withoutHashComments(written) }
        }
        var text: [UInt8] = []
        text.reserveCapacity(code.count)
        let lineRanges = lines ?? ComparableText.lines(code)
        var ends: [Int] = []
        var offsets: [Int] = []
        ends.reserveCapacity(lineRanges.count)
        offsets.reserveCapacity(lineRanges.count)
        for (offset, line) in lineRanges.enumerated() {
            let start = text.count
            ComparableText.fold(code, line, into: &text)
            guard text.count > start else { continue }
            ends.append(text.count)
            offsets.append(offset)
        }
        return Comparable(info: info, text: text, ends: ends, offsets: offsets, written: written)
    }

    /// `written` with each comment dropped and each string literal's text replaced by `"` (or `…`
    /// if it has none). Comments and the text of string literals are for people and may be translated
    /// (the seed articles translate `print("…")` messages); the code around them may not.
    /// Their line breaks stay, so that each line keeps its number.
    static func withoutCommentsAndStrings(_ written: [UInt8], _ lexed: LexedCode) -> [UInt8] {
        var code: [UInt8] = []
        code.reserveCapacity(written.count)
        // The tokens are spans of the code's bytes, in order: a run of tokens kept as written
        // is copied from `written` in one piece (from `runStart`).
        var runStart = 0
        for span in lexed.source.spans {
            let stands: String
            switch span.kind {
            case .comment: stands = ""
            case .string, .escape:
                let text = String(decoding: written[span.bytes], as: UTF8.self)
                stands = ComparableText.containsQuote(text) ?? text.contains("\"") ? "\"" : "…"
            default: continue
            }
            // The token replaced by what stands for it, then its line breaks.
            code.append(contentsOf: written[runStart..<span.bytes.lowerBound])
            runStart = span.bytes.upperBound
            code.append(contentsOf: stands.utf8)
            code.append(contentsOf: repeatElement(ComparableText.newline, count: ComparableText.lineBreakCount(written[span.bytes])))
        }
        code.append(contentsOf: written[runStart...])
        return code
    }
}
