@testable import Search

// The first, slow ways of what production now does faster: kept here as the tests' references
// (production keeps no function only tests call).

extension Words {
    /// A table of `foldedRanges` from its written form (`FoldingTables`) as a dictionary, as
    /// `fold` looked its scalars up before `FoldTable`.
    static func table(written: String) -> [UInt32: String] {
        var table: [UInt32: String] = [:]
        var values = foldedRanges.lazy.joined().makeIterator()
        for piece in written.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let value = values.next() else { break }
            if !piece.isEmpty { table[value] = String(decoding: piece, as: UTF8.self) }
        }
        return table
    }
}

extension FoldTable {
    /// Every scalar's folding the table holds, read back from its entries.
    var dictionary: [UInt32: String] {
        var table: [UInt32: String] = [:]
        for (index, entry) in entries.enumerated() where entry != 0 {
            let offset = Int(entry >> 8)
            table[Self.first + UInt32(index)] = String(decoding: bytes[offset..<(offset + Int(entry & 0xFF))], as: UTF8.self)
        }
        return table
    }
}
