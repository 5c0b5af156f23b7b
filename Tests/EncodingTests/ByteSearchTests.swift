import Testing

@testable import Encoding

/// `ByteSearch.firstIndex` against a plain byte-by-byte search, in every range of small buffers.
@Suite struct ByteSearchTests {
    static func plainFirstIndex(of pattern: [UInt8], in bytes: [UInt8], range: Range<Int>) -> Int? {
        guard !pattern.isEmpty, range.count >= pattern.count else { return nil }
        for start in range.lowerBound...(range.upperBound - pattern.count) where Array(bytes[start..<(start + pattern.count)]) == pattern {
            return start
        }
        return nil
    }

    @Test func findsWhatAByteLoopFinds() {
        // Repeated first bytes, a pattern cut by the range's end, non-ASCII bytes, the empty pattern.
        let texts = ["", "a", "aaab", "abab<ab>ab", "xx<svg>yy</svg>", "é<aé>é", "<a class=\"x\"><a class=\"y\">"]
        let patterns = ["", "a", "ab", "aab", "</svg>", "é>", "<a class=\"y\"", "zz"]
        var found = 0
        for text in texts {
            let bytes = Array(text.utf8)
            for pattern in patterns.map({ Array($0.utf8) }) {
                for lower in 0...bytes.count {
                    for upper in lower...bytes.count {
                        let expected = Self.plainFirstIndex(of: pattern, in: bytes, range: lower..<upper)
                        let actual = bytes.withUnsafeBufferPointer { bytes in
                            pattern.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: bytes, range: lower..<upper) }
                        }
                        #expect(actual == expected, "\(pattern) in \(text.debugDescription) [\(lower)..<\(upper)]")
                        if expected != nil { found += 1 }
                    }
                }
            }
        }
        // The comparison met both answers often.
        #expect(found > 100)
    }

    /// One byte: the first in the range, as `firstIndex(where:)` finds it, in every range.
    @Test func findsAByteWhereALoopFindsIt() {
        let bytes = Array("a<b<<é\u{1F}\\x\u{1F}".utf8)
        for byte in Set(bytes) + [0, UInt8(ascii: "z")] {
            for lower in 0...bytes.count {
                for upper in lower...bytes.count {
                    let expected = bytes[lower..<upper].firstIndex(of: byte)
                    let actual = bytes.withUnsafeBufferPointer { ByteSearch.firstIndex(of: byte, in: $0, range: lower..<upper) }
                    #expect(actual == expected, "\(byte) in [\(lower)..<\(upper)]")
                }
            }
        }
    }

    /// The last byte: where `lastIndex(of:)` finds it, in every slice (a path's last `/`).
    @Test func findsTheLastByteWhereALoopFindsIt() {
        let bytes = Array("es/a/é/index.html/".utf8) + [0, UInt8(ascii: "/"), 0xFF]
        var found = 0
        for byte in Set(bytes) + [UInt8(ascii: "z")] {
            for lower in 0...bytes.count {
                for upper in lower...bytes.count {
                    let expected = bytes[lower..<upper].lastIndex(of: byte).map { $0 - lower }
                    let actual = bytes.withUnsafeBufferPointer { ByteSearch.lastIndex(of: byte, in: UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
                    #expect(actual == expected, "\(byte) in [\(lower)..<\(upper)]")
                    if expected != nil { found += 1 }
                }
            }
        }
        #expect(found > 200)
        #expect(ByteSearch.lastIndex(of: 1, in: UnsafeBufferPointer(start: nil, count: 0)) == nil)
    }
}
