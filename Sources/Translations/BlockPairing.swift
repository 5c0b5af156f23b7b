import Encoding

extension TranslationAnalyzer {
    /// The code blocks of a translation and of its source in comparable form, and the pairs of
    /// equal blocks (a longest common subsequence): both the attribution of errors and the parity
    /// checks line them up, so they are lined up once.
    struct BlockPairing {
        let ours: [Comparable]
        let theirs: [Comparable]
        /// Index pairs (ours, theirs) of equal blocks, in order.
        let same: [(Int, Int)]

        init(ours: [Comparable], theirs: [Comparable]) {
            self.ours = ours
            self.theirs = theirs
            let ourSignatures = ours.map(BlockSignature.init)
            let theirSignatures = theirs.map(BlockSignature.init)
            same = SectionAlignment.commonSubsequence(Array(ours.indices), Array(theirs.indices)) { mine, original in
                BlockSignature.same(ours[mine], ourSignatures[mine], theirs[original], theirSignatures[original])
            }
        }
    }
}

/// What settles most comparisons of two comparable blocks without comparing their text. The
/// alignment compares every block of a translation with every block of its source, and `String ==`
/// compares lines of Cyrillic or accented text by their normal form.
struct BlockSignature {
    /// Of the UTF-8 bytes of the info string and of each line.
    let hash: UInt64
    let isASCII: Bool

    init(_ form: TranslationAnalyzer.Comparable) {
        var hash = ByteHash.start
        var isASCII = true
        func add(_ text: String) {
            var text = text
            hash = ByteHash.end(
                text.withUTF8 { bytes in
                    isASCII = isASCII && bytes.allSatisfy { $0 < 0x80 }
                    return ByteHash.mix(hash, bytes)
                }, length: text.utf8.count)
        }
        // The info string, then each line, without an array made for them per block.
        add(form.info)
        for line in form.lines { add(line) }
        self.hash = hash
        self.isASCII = isASCII
    }

    /// `a == b`. Different hashes mean different bytes, and ASCII texts with different bytes
    /// differ; any other pair (perhaps the same text in another normal form) is compared as strings.
    static func same(
        _ a: TranslationAnalyzer.Comparable, _ aSignature: BlockSignature, _ b: TranslationAnalyzer.Comparable, _ bSignature: BlockSignature
    ) -> Bool {
        if aSignature.hash != bSignature.hash && aSignature.isASCII && bSignature.isASCII { return false }
        return a == b
    }
}
