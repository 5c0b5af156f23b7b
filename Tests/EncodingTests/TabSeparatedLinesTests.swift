import Testing

@testable import Encoding

/// Lines cut at "\n", fields at tabs, as ranges of the bytes; a reader may skip a block after a line.
@Suite struct TabSeparatedLinesTests {
    static func read(_ text: String, skippingAfter marker: String? = nil, count: Int = 0) -> [[String]] {
        let bytes = Array(text.utf8)[...]
        var lines = TabSeparatedLines(bytes)
        var fields: [Range<Int>] = []
        var result: [[String]] = []
        while lines.next(into: &fields) {
            let line = fields.map { String(decoding: bytes[$0], as: UTF8.self) }
            result.append(line)
            if line.first == marker { lines.position += count }
        }
        return result
    }

    @Test func fieldsAndLines() {
        #expect(Self.read("a\tb\tc\nd\n") == [["a", "b", "c"], ["d"]])
        #expect(Self.read("a\t\t\nlast") == [["a", "", ""], ["last"]])
        #expect(Self.read("") == [])
        #expect(Self.read("\n") == [[""]])
    }

    /// A slice that starts past 0 (the cache's lines after its header): fields are the slice's indexes.
    @Test func aSliceKeepsItsIndexes() {
        let bytes = Array("head\nx\ty\n\tz\t".utf8)
        let slice = bytes[5...]
        var lines = TabSeparatedLines(slice)
        var fields: [Range<Int>] = []
        var result: [[String]] = []
        while lines.next(into: &fields) { result.append(fields.map { String(decoding: slice[$0], as: UTF8.self) }) }
        #expect(result == [["x", "y"], ["", "z", ""]])
    }

    @Test func aBlockAfterALineIsSkipped() {
        #expect(Self.read("B\t4\nx\ty\nnext\tline\n", skippingAfter: "B", count: 4) == [["B", "4"], ["next", "line"]])
    }

    @Test func readsIntegersAsIntDoes() {
        for text in ["0", "7", "-12", "+7", "9223372036854775807", "-9223372036854775808", "", "-", "1a", " 1", "9223372036854775808"] {
            #expect(TabSeparatedLines.integer(Array(text.utf8)[...]) == Int(text), "\(text)")
        }
    }
}
