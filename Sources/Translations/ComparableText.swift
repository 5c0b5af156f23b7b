import Encoding

/// The steps of `TranslationAnalyzer.computeComparable`, on UTF-8 bytes.
///
/// The comparable form was defined on `Character`s: lines split at the `Character` "\n",
/// a lifecycle comment cut at the `Character` "#", spaces folded where
/// `Character.isWhitespace`. Bytes give the same answer wherever no grapheme cluster
/// joins the byte that matters to a neighbour; the few places where one might
/// (a non-ASCII scalar next to it) are handed to the `Character` code itself.
enum ComparableText {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let hash = UInt8(ascii: "#")
    static let quote = UInt8(ascii: "\"")
    static let space = UInt8(ascii: " ")

    /// U+0009…U+000D and U+0020, the ASCII scalars with the White_Space property
    /// (what `Character.isWhitespace` tests on a cluster's first scalar).
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == space || (byte >= 0x09 && byte <= 0x0D)
    }

    /// The lines of `text` as `split(separator: "\n", omittingEmptySubsequences: false)` gives
    /// them: a "\n" right after "\r" is part of the "\r\n" cluster, not a separator.
    static func lines(_ text: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var from = 0
        // The line breaks found with memchr: a test per byte cost more than the rest of the step.
        while let index = firstIndex(of: newline, in: text, from..<text.count) {
            from = index + 1
            if index > 0, text[index - 1] == carriageReturn { continue }
            result.append(start..<index)
            start = index + 1
        }
        result.append(start..<text.count)
        return result
    }

    /// The first `byte` in `bytes[range]`, found with memchr.
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        bytes.withUnsafeBufferPointer { ByteSearch.firstIndex(of: byte, in: $0, range: range) }
    }

    /// How many `Character`s "\n" `text` holds.
    static func lineBreakCount(_ utf8: ArraySlice<UInt8>) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte == newline, previous != carriageReturn { count += 1 }
            previous = byte
        }
        return count
    }

    /// Whether the ASCII byte at `index` is a cluster of its own within `bytes[range]`:
    /// an ASCII scalar joins a neighbour only when that neighbour is not ASCII
    /// (a prepended mark before it, a combining mark after it) or in "\r\n".
    @inline(__always)
    static func standsAlone(_ index: Int, in bytes: [UInt8], _ range: Range<Int>) -> Bool {
        (index == range.lowerBound || bytes[index - 1] < 0x80) && (index + 1 == range.upperBound || bytes[index + 1] < 0x80)
    }

    /// Whether the `Character` `"` is in `text`, or nil when only a `"` next to a non-ASCII
    /// scalar could be one (the caller then asks `Character`s).
    static func containsQuote(_ text: String) -> Bool? {
        let answer = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var unsure = false
            for index in bytes.indices where bytes[index] == quote {
                if (index == 0 || bytes[index - 1] < 0x80) && (index + 1 == bytes.count || bytes[index + 1] < 0x80) { return true }
                unsure = true
            }
            return unsure ? nil : false
        }
        return answer ?? nil
    }

    /// Each line of `code` up to its first `Character` "#", joined by "\n".
    static func withoutHashComments(_ code: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(code.count)
        for (number, line) in lines(code).enumerated() {
            if number > 0 { result.append(newline) }
            var end = line.upperBound
            if let found = firstIndex(of: hash, in: code, line) {
                if standsAlone(found, in: code, line) {
                    end = found
                } else {
                    // A non-ASCII neighbour may join the `#` into a larger cluster: as written.
                    let text = String(decoding: code[line], as: UTF8.self)
                    result.append(contentsOf: text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].utf8)
                    continue
                }
            }
            result.append(contentsOf: code[line.lowerBound..<end])
        }
        return result
    }

    /// The lines `lines(withoutHashComments(code))` gives, as ranges of `code` itself (no copy): each
    /// line up to its first `#`. Nil where only the copy tells: a `#` that a non-ASCII neighbour may
    /// join, or a line cut after a "\r", which would make one cluster with the "\n" joining it to the
    /// next line. (An uncut line ends before a "\n" that is no part of "\r\n", or at the end.)
    static func hashCommentCuts(_ code: [UInt8]) -> [Range<Int>]? {
        let codeLines = lines(code)
        var result: [Range<Int>] = []
        result.reserveCapacity(codeLines.count)
        for line in codeLines {
            guard let found = firstIndex(of: hash, in: code, line) else {
                result.append(line)
                continue
            }
            guard standsAlone(found, in: code, line), found == line.lowerBound || code[found - 1] != carriageReturn else { return nil }
            result.append(line.lowerBound..<found)
        }
        return result
    }

    /// A block's folded lines, one after another, where each ends, and each one's index among the lines as written.
    struct FoldedLines {
        var text: [UInt8]
        var ends: [Int]
        var offsets: [Int]
    }

    /// The lines of `code` folded as `fold` folds them, empty ones left out, in one pass over
    /// the bytes; with `cuttingHashComments`, each line up to its first `#` (`hashCommentCuts`).
    /// Every byte kept is ASCII, so each is a cluster of its own but for "\r\n", which neither
    /// ends a line nor folds other than its two spaces would. Nil where a kept byte is not ASCII,
    /// or a `#` has a non-ASCII neighbour or follows a "\r" (see `hashCommentCuts`): the
    /// caller then takes the steps one by one. What a comment holds is skipped unread.
    static func foldedASCIILines(_ code: [UInt8], cuttingHashComments: Bool) -> FoldedLines? {
        var ends: [Int] = []
        var offsets: [Int] = []
        // About one line in 8 bytes at most: most blocks never grow these.
        ends.reserveCapacity(code.count / 8 + 4)
        offsets.reserveCapacity(code.count / 8 + 4)
        var answered = true
        // Above a space and ASCII, a byte is kept as it is, but for a comment's `#` (0 stands for none: it is no such byte).
        let commentStart = cuttingHashComments ? hash : 0
        // Folding only drops bytes: the text fits in the code's size.
        let text = [UInt8](unsafeUninitializedCapacity: code.count) { output, count in
            var length = 0
            code.withUnsafeBufferPointer { input in
                // Both are nil only for an empty block, which the loop never enters.
                guard let inputBase = input.baseAddress, let outputBase = output.baseAddress else { return }
                var lineStart = 0
                var lineNumber = 0
                var pendingSpace = false
                var index = 0
                while index < input.count {
                    let byte = input[index]
                    if byte > space, byte < 0x80, byte != commentStart {
                        if pendingSpace {
                            output[length] = space
                            length += 1
                            pendingSpace = false
                        }
                        // The run of kept bytes that starts here, up to eight, copied as one word: a
                        // byte at a time was most of the cost. The word written may run past the run
                        // but not past the capacity (never more written than read), and what follows
                        // the run is written over next.
                        if index + 8 <= input.count {
                            let word = UnsafeRawPointer(inputBase + index).loadUnaligned(as: UInt64.self)
                            let kept = keptRun(word, commentStart: commentStart)
                            UnsafeMutableRawPointer(outputBase + length).storeBytes(of: word, as: UInt64.self)
                            length += kept
                            index += kept
                            continue
                        }
                        output[length] = byte
                        length += 1
                        index += 1
                        continue
                    }
                    if byte == newline, index == 0 || input[index - 1] != carriageReturn {
                        if length > lineStart {
                            ends.append(length)
                            offsets.append(lineNumber)
                        }
                        lineStart = length
                        lineNumber += 1
                        pendingSpace = false
                    } else if isASCIIWhitespace(byte) {
                        pendingSpace = length > lineStart
                    } else if cuttingHashComments, byte == hash {
                        guard index == 0 || input[index - 1] != carriageReturn, index + 1 == input.count || input[index + 1] < 0x80 else {
                            answered = false
                            return
                        }
                        // The comment runs to the next "\n" that is no part of "\r\n", unread.
                        var lineBreak = ByteSearch.firstIndex(of: newline, in: input, range: (index + 1)..<input.count)
                        while let found = lineBreak, input[found - 1] == carriageReturn {
                            lineBreak = ByteSearch.firstIndex(of: newline, in: input, range: (found + 1)..<input.count)
                        }
                        index = lineBreak ?? input.count
                        continue
                    } else {
                        // Not ASCII: only the steps can tell which clusters it makes.
                        answered = false
                        return
                    }
                    index += 1
                }
                if length > lineStart {
                    ends.append(length)
                    offsets.append(lineNumber)
                }
            }
            count = length
        }
        return answered ? FoldedLines(text: text, ends: ends, offsets: offsets) : nil
    }

    /// How many of `word`'s bytes, from its first (lowest) one, are kept as they are by
    /// `foldedASCIILines`: ASCII above a space and not `commentStart` (0 for none).
    @inline(__always)
    static func keptRun(_ word: UInt64, commentStart: UInt8) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        // Below 0x80 adding 0x5F carries into no other byte, and sets the top bit from 0x21 on.
        let aboveSpace = ((word & ~high) &+ 0x5F5F_5F5F_5F5F_5F5F) & high
        let stops = (word & high) | (~aboveSpace & high) | WordLanes.mask(of: commentStart, in: word)
        return stops.trailingZeroBitCount / 8
    }

    /// `info` folded as `folded` folds it: `info` itself, not copied, when it is ASCII with single
    /// spaces between its words (the usual info string), which folding leaves as it is.
    static func foldedInfo(_ info: String) -> String {
        let isFolded = info.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            // At the start as after a space: a space here would be dropped or merged.
            var previousIsSpace = true
            for byte in bytes {
                if byte >= 0x80 || (isASCIIWhitespace(byte) && byte != space) { return false }
                let isSpace = byte == space
                if isSpace && previousIsSpace { return false }
                previousIsSpace = isSpace
            }
            return bytes.isEmpty || !previousIsSpace
        }
        return isFolded == true ? info : folded(Array(info.utf8), 0..<info.utf8.count)
    }

    /// `line.split(whereSeparator: \.isWhitespace).joined(separator: " ")` for `bytes[range]`.
    static func folded(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        fold(bytes, range, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the folded form of `bytes[range]` (as `folded` gives it) to `output`, which may
    /// hold other lines before it: a block's lines go into one buffer.
    static func fold(_ bytes: [UInt8], _ range: Range<Int>, into output: inout [UInt8]) {
        let lineStart = output.count
        var pendingSpace = false
        var index = range.lowerBound
        // The previous scalar: whitespace, ASCII, neither known yet at the start.
        var previousIsSpace = true
        var previousIsASCII = true
        while index < range.upperBound {
            let byte = bytes[index]
            // A run of ASCII bytes that are not spaces (a word, most of a line): copied in one piece.
            // Its first byte starts no cluster with what is before it (an ASCII scalar after a space
            // is one), and it ends at a space, at a non-ASCII scalar (checked as usual) or at the end.
            if byte < 0x80, !isASCIIWhitespace(byte), index + 1 < range.upperBound, bytes[index + 1] < 0x80 {
                // Read through a buffer: the array's bounds checks and a slice's append were most of the cost.
                index = bytes.withUnsafeBufferPointer { buffer in
                    var end = index + 1
                    while end < range.upperBound, buffer[end] < 0x80, !isASCIIWhitespace(buffer[end]) { end += 1 }
                    if pendingSpace {
                        output.append(space)
                        pendingSpace = false
                    }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
                    return end
                }
                previousIsSpace = false
                previousIsASCII = true
                continue
            }
            let length: Int
            let isSpace: Bool
            if byte < 0x80 {
                length = 1
                isSpace = isASCIIWhitespace(byte)
            } else {
                length = sequenceLength(byte)
                isSpace = scalar(bytes, at: index, length: length).properties.isWhitespace
            }
            // A space next to a non-ASCII scalar that is not one: the two may be one cluster
            // (" \u{301}" is a space to `Character`), which only `Character` can tell.
            let isASCII = byte < 0x80
            if index > range.lowerBound, isSpace != previousIsSpace, !(isSpace ? previousIsASCII : isASCII) {
                output.removeSubrange(lineStart...)
                let line = String(decoding: bytes[range], as: UTF8.self)
                output.append(contentsOf: line.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf8)
                return
            }
            if isSpace {
                pendingSpace = output.count > lineStart
            } else {
                if pendingSpace {
                    output.append(space)
                    pendingSpace = false
                }
                if length == 1 {
                    output.append(byte)  // a slice append per byte cost more than the rest of the loop
                } else {
                    output.append(contentsOf: bytes[index..<min(index + length, range.upperBound)])
                }
            }
            previousIsSpace = isSpace
            previousIsASCII = isASCII
            index += length
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte,
    /// which valid UTF-8 from a `String` never has).
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    /// The scalar whose `length` bytes start at `index` (U+FFFD if they are cut short).
    static func scalar(_ bytes: [UInt8], at index: Int, length: Int) -> Unicode.Scalar {
        guard length > 1, index + length <= bytes.count else { return "\u{FFFD}" }
        var value = UInt32(bytes[index]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
