import Testing

@testable import SiteBuild
import TestSupport

/// The one open-addressing table of the link check, over keys it copies (`StringTable`) and
/// over ranges of a page's bytes (a page's own ids): both number keys as a dictionary would.
@Suite struct ByteKeyTableTests {
    /// Random keys from a small alphabet (many repeats, many shared prefixes, some empty),
    /// laid out one after another in one buffer as a page's ids are.
    static func randomKeys(seed: UInt64, count: Int) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var random = SeededRandom(seed: seed &+ SeededRandom.seedOffset("BYTE_KEY_TABLE_SEED"))
        let alphabet = Array("ab-é#/".utf8)
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for _ in 0..<count {
            let start = bytes.count
            for _ in 0..<random.below(7) { bytes.append(random.pick(alphabet)) }
            ranges.append(start..<bytes.count)
            bytes.append(UInt8(ascii: " "))  // a separator, as between attributes
        }
        return (bytes, ranges)
    }

    @Test func borrowedRangesNumberKeysAsADictionaryWould() {
        let (bytes, ranges) = Self.randomKeys(seed: 3030, count: 3000)
        #expect(ranges.count == 3000)
        bytes.withUnsafeBufferPointer { page in
            // A small capacity: the table grows several times on the way.
            var table = ByteKeyTable(BorrowedRanges(of: page, capacity: 4), capacity: 4)
            var expected: [[UInt8]: UInt32] = [:]
            for range in ranges {
                let key = UnsafeBufferPointer(rebasing: page[range])
                let number = table.number(key)
                let known = expected[Array(key)]
                if known == nil { expected[Array(key)] = UInt32(expected.count) }
                #expect(number == known ?? UInt32(expected.count - 1), "\(Array(key))")
            }
            #expect(table.count == expected.count)
            for (key, number) in expected {
                #expect(table.withBytes(of: number) { Array($0) } == key)
                #expect(key.withUnsafeBufferPointer { table.find($0) } == number)
            }
            // Keys never added, from outside the lent bytes.
            for absent in [Array("zz".utf8), Array("ab-é#/ab".utf8)] {
                #expect(absent.withUnsafeBufferPointer { table.find($0) } == nil)
            }
        }
    }

    @Test func ownedBytesNumberKeysAsADictionaryWould() {
        let (bytes, ranges) = Self.randomKeys(seed: 3031, count: 3000)
        var table = StringTable()
        var expected: [[UInt8]: UInt32] = [:]
        bytes.withUnsafeBufferPointer { page in
            for range in ranges {
                let key = UnsafeBufferPointer(rebasing: page[range])
                let number = table.number(key)
                let known = expected[Array(key)]
                if known == nil { expected[Array(key)] = UInt32(expected.count) }
                #expect(number == known ?? UInt32(expected.count - 1))
            }
        }
        #expect(table.count == expected.count && expected.count > 100)
        for (key, number) in expected {
            #expect(table.withBytes(of: number) { Array($0) } == key)
            #expect(table[number] == String(decoding: key, as: UTF8.self))
        }
    }

    @Test func anEmptyTableFindsNothing() {
        let none: [UInt8] = []
        let table = ByteKeyTable(BorrowedRanges(of: UnsafeBufferPointer(start: nil, count: 0), capacity: 0))
        #expect(none.withUnsafeBufferPointer { table.find($0) } == nil)
        #expect(table.count == 0)
    }
}
