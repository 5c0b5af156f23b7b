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

    @Test func decimalDigitsWriteAsStringIntDoes() {
        var values = [0, 1, 9, 10, 99, 100, 12_345, Int.max, Int.min, -1, -10, -987_654_321]
        var power = 1
        for _ in 1...18 {
            power *= 10
            values += [power - 1, power]
        }
        for value in values {
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            DecimalDigits.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value))
            #expect(TabSeparatedLines.integer(bytes[1...]) == value)
        }
    }
}
