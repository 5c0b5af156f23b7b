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
            // Every block of a translation is compared with every block of its source: `Comparable ==`
            // settles most pairs by their hashes and bytes.
            same = SectionAlignment.commonSubsequence(Array(ours.indices), Array(theirs.indices)) { ours[$0] == theirs[$1] }
        }
    }
}
