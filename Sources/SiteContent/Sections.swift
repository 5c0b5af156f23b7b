import Encoding
import Glibc

/// An article body cut at its `##` headings, for translation tracking: the
/// text before the first heading is section 0, each `##` starts the next.
/// Headings inside fenced code blocks do not count.
package struct ArticleSections: Sendable {
    package struct Section: Sendable, Hashable {
        /// The heading text ("" for the introduction).
        package var title: String
        /// 1-based line of the heading in the file (or of the body's first line).
        package var line: Int
        /// The section's Markdown, heading included: a slice of the body, not a copy.
        package var text: Substring
        /// FNV-1a 64 of `text` with whitespace runs folded, as 16 hex digits: reflowing a
        /// paragraph keeps it, changing a word changes it. Hashed when asked, not when read:
        /// a build needs only the sources' (a translation is compared by `hasSameText`), and
        /// hashing every section of every page was 2% of a build.
        package var fingerprint: String { Fingerprint.of(text.utf8) }
        /// The info strings of its fenced code blocks ("lifecycle ios-app", "swift"), in order:
        /// they are the same in every language, so they tell which translated section is which.
        package var fences: [String] = []
        /// Its length in bytes, heading included (a translation is about as long as its source).
        package var size: Int { text.utf8.count }

        /// Whether the two have the same fingerprint, told by their texts (the hash's value can
        /// only add a collision): most pairs differ in their first bytes, a copy is one memcmp.
        package func hasSameText(as other: Section) -> Bool {
            // Copies for `withUTF8`: `withContiguousStorageIfAvailable` went unspecialized, 4 times the cost.
            var (ours, theirs) = (text, other.text)
            return ours.withUTF8 { ours in theirs.withUTF8 { Fingerprint.sameFolded(ours, $0) } }
        }
    }

    package var sections: [Section]

    /// Splits `body`, whose first line is file line `firstLine`. Works on UTF-8
    /// bytes: it runs on every page of every build.
    package init(body: Substring, firstLine: Int) {
        var bytes = body
        let parts = bytes.withUTF8 { Self.split($0, firstLine: firstLine) }
        let utf8 = body.utf8
        sections = parts.map { part in
            let text = body[utf8.index(utf8.startIndex, offsetBy: part.start)..<utf8.index(utf8.startIndex, offsetBy: part.end)]
            return Section(title: part.title, line: part.line, text: text, fences: part.fences)
        }
    }

    /// A fence's info string with its white space runs made single spaces, as
    /// `split(whereSeparator: \.isWhitespace).joined(separator: " ")` makes it. An ASCII one is
    /// cut at its white space bytes (each a Character of its own, or "\r\n": white space too).
    static func words(_ info: UnsafeBufferPointer<UInt8>) -> String {
        guard info.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: info, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        // Written straight into the string's storage: the words are never longer than the info.
        return String(unsafeUninitializedCapacity: info.count) { result in
            var count = 0
            var pendingSpace = false
            for byte in info {
                if byte == 32 || (9...13).contains(byte) {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    result[count] = 32
                    count += 1
                    pendingSpace = false
                }
                result[count] = byte
                count += 1
            }
            return count
        }
    }

    /// Whether `bytes` (valid UTF-8) start and end with ASCII other than white space: then neither
    /// the first Character (that byte's scalar first) nor the last (a byte after a white space
    /// scalar starts a Character, and only a Prepend mark, none of them white space, joins an ASCII
    /// byte after it) is white space, without cutting Characters from the title.
    static func startsAndEndsWithASCIIInk(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func ink(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 32 && !(9...13).contains(byte) }
        guard let first = bytes.first, let last = bytes.last else { return false }
        return ink(first) && ink(last)
    }

    /// Whether every Character of `bytes` (valid UTF-8) is white space. Read as bytes up to the
    /// first that is not ASCII white space: a Character that starts with another ASCII byte is
    /// no white space, whatever follows it. From a byte past ASCII on, the Characters decide
    /// (an introduction's prose answers at its first letter, not after a copy of it all).
    static func isWhiteSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            if byte >= 0x80 { return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace) }
            if byte != 32 && !(9...13).contains(byte) { return false }
        }
        return true
    }

    /// The sections' titles, lines, byte ranges (from `start` up to `end`) and fences.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int)
        -> [(title: String, line: Int, start: Int, end: Int, fences: [String])]
    {
        var sections: [(title: String, line: Int, start: Int, end: Int, fences: [String])] = [("", firstLine, 0, 0, [])]
        var fence: (char: UInt8, count: Int)?
        var lineStart = 0
        var lineNumber = firstLine
        while lineStart <= bytes.count {
            // memchr: the newline search is most of the work, on every article of every build.
            var lineEnd = bytes.count
            if lineStart < bytes.count, let base = bytes.baseAddress, let newline = memchr(base + lineStart, 10, bytes.count - lineStart) {
                lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            }
            var i = lineStart
            while i < lineEnd, bytes[i] == 32 { i += 1 }
            if i < lineEnd, bytes[i] == 96 || bytes[i] == 126 {
                let marker = bytes[i]
                var run = 0
                while i + run < lineEnd, bytes[i + run] == marker { run += 1 }
                if run >= 3 {
                    if let open = fence {
                        let rest = bytes[(i + run)..<lineEnd]
                        if open.char == marker && run >= open.count && rest.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { fence = nil }
                    } else {
                        fence = (marker, run)
                        sections[sections.count - 1].fences.append(Self.words(UnsafeBufferPointer(rebasing: bytes[(i + run)..<lineEnd])))
                    }
                }
            }
            if fence == nil, lineEnd - lineStart >= 3, bytes[lineStart] == 35, bytes[lineStart + 1] == 35, bytes[lineStart + 2] == 32 {
                sections[sections.count - 1].end = lineStart
                // Spaces and tabs trimmed as bytes; a title that still starts or ends with other white space is trimmed by characters.
                var titleStart = lineStart + 3
                var titleEnd = lineEnd
                while titleStart < titleEnd, bytes[titleStart] == 32 || bytes[titleStart] == 9 { titleStart += 1 }
                while titleEnd > titleStart, bytes[titleEnd - 1] == 32 || bytes[titleEnd - 1] == 9 || bytes[titleEnd - 1] == 13 { titleEnd -= 1 }
                var title = String(decoding: bytes[titleStart..<titleEnd], as: UTF8.self)
                if !Self.startsAndEndsWithASCIIInk(UnsafeBufferPointer(rebasing: bytes[titleStart..<titleEnd])),
                    title.first?.isWhitespace == true || title.last?.isWhitespace == true
                {
                    title = title.trimmingSpaces
                }
                sections.append((title, lineNumber, lineStart, lineStart, []))
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        sections[sections.count - 1].end = bytes.count
        // An introduction that is only blank lines is not a section to translate.
        if sections.count > 1, isWhiteSpace(UnsafeBufferPointer(rebasing: bytes[sections[0].start..<sections[0].end])) {
            sections.removeFirst()
        }
        return sections
    }
}

package enum Fingerprint {
    package static func of(_ text: String) -> String { of(text.utf8) }

    /// A final newline or its absence changes nothing: white space counts only before other bytes.
    static func of(_ bytes: some Sequence<UInt8>) -> String {
        // Every article's sections are hashed on every build, by pointer; the rare sequence
        // without contiguous storage is copied first.
        let hash = bytes.withContiguousStorageIfAvailable(hash) ?? Array(bytes).withUnsafeBufferPointer(hash)
        return hexDigits(hash)
    }

    /// `value` as 16 lower-case hex digits, leading zeros kept, written straight into the
    /// string's storage (`String(radix:)` and padding made two strings).
    static func hexDigits(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { digits in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * index)) & 0xF
                digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 16
        }
    }

    /// The white space `hash` folds (space, tab, LF, CR) as bits of one mask.
    static var whiteSpace: UInt64 { 1 << 32 | 1 << 13 | 1 << 10 | 1 << 9 }

    /// FNV-1a of the bytes with each run of white space (space, tab, LF, CR) hashed as one
    /// space, and none at the end.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let whiteSpace = Self.whiteSpace
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var pendingSpace = false
        guard var byte = bytes.baseAddress else { return hash }
        let end = byte + bytes.count
        while byte < end {
            // Eight bytes at a time where each is hashed as itself: no byte below a space, no two
            // spaces in a row, and no space continuing a run from before.
            if end - byte >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(byte).loadUnaligned(as: UInt64.self))
                let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                // Every space is marked (a '!' after one may be too: then the bytes go one by one).
                let spaces = WordLanes.mask(of: 32, in: word)
                if belowSpace == 0 && spaces & (spaces >> 8) == 0 && !(pendingSpace && word & 0xFF == 32) {
                    if pendingSpace {
                        hash = (hash ^ 32) &* 0x100_0000_01b3
                        pendingSpace = false
                    }
                    // Each byte read again from memory: one load instead of a shift and a mask.
                    for lane in 0..<7 {
                        hash = (hash ^ UInt64(byte[lane])) &* 0x100_0000_01b3
                    }
                    // A last space waits for what follows, as one would.
                    if word >> 56 == 32 {
                        pendingSpace = true
                    } else {
                        hash = (hash ^ (word >> 56)) &* 0x100_0000_01b3
                    }
                    byte += 8
                    continue
                }
            }
            let value = UInt64(byte.pointee)
            byte += 1
            if value <= 32 && whiteSpace >> value & 1 != 0 {
                pendingSpace = true
                continue
            }
            if pendingSpace {
                hash = (hash ^ 32) &* 0x100_0000_01b3
                pendingSpace = false
            }
            hash = (hash ^ value) &* 0x100_0000_01b3
        }
        return hash
    }
}

extension Fingerprint {
    /// Whether `hash` reads the same bytes from `a` and `b`, so that they have the same
    /// fingerprint (but for a collision of the hash): equal bytes at once, by memcmp; others
    /// side by side, white space folded, up to the first byte that differs.
    static func sameFolded(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.count == b.count, let x = a.baseAddress, let y = b.baseAddress, memcmp(x, y, a.count) == 0 { return true }
        var (i, j) = (0, 0)
        while true {
            let byte = nextHashed(a, &i)
            guard byte == nextHashed(b, &j) else { return false }
            if byte == nil { return true }
        }
    }

    /// The byte `hash` reads next from `index` on: a run of white space is one space before
    /// another byte, nothing at the end.
    private static func nextHashed(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt8? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        guard byte <= 32 && whiteSpace >> byte & 1 != 0 else { return byte }
        while index < bytes.count, bytes[index] <= 32 && whiteSpace >> bytes[index] & 1 != 0 { index += 1 }
        return index < bytes.count ? 32 : nil
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
