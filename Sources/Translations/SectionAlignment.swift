import SiteContent

/// Which section is which, by identity rather than by position.
///
/// A source section is known by its fingerprint: the hash of its text that the translation's
/// front matter recorded when it was translated (`translation.sections`). Lining the recorded
/// fingerprints up with the source's current ones (a longest common subsequence) tells which
/// sections are unchanged wherever they moved; a heading inserted or removed in the source
/// changes only the sections whose text changed.
///
/// A translated section has other words than its source, so it is known by what translating
/// keeps: its code blocks (the same in every language), its rough length, and, while it is
/// untranslated, its very text.
package enum SectionAlignment {
    /// What became of each current section since the fingerprints were recorded.
    package enum Match: Sendable, Equatable {
        /// Its text is the one recorded at this index.
        case same(Int)
        /// It stands where the section recorded at this index stood, and its text changed.
        case changed(Int)
        /// Nothing was recorded for it: a section added since.
        case added
    }

    /// Each current fingerprint matched to the recorded ones: equal ones by a longest common
    /// subsequence, and between two of those, the rest one to one in order (edited sections).
    package static func match(recorded: [String], current: [String]) -> [Match] {
        let pairs = commonSubsequence(recorded, current, equal: ==)
        var result = [Match](repeating: .added, count: current.count)
        var previous = (old: -1, new: -1)
        for pair in pairs + [(recorded.count, current.count)] {
            // Between two matches, the sections left on both sides changed in place.
            let olds = (previous.old + 1)..<pair.0
            let news = (previous.new + 1)..<pair.1
            for (old, new) in zip(olds, news) { result[new] = .changed(old) }
            if pair.1 < current.count { result[pair.1] = .same(pair.0) }
            previous = (pair.0, pair.1)
        }
        return result
    }

    /// For each source section, the index of the translated section that stands for it, or nil
    /// when the translation has none (the other way round, translated sections left out are extra).
    package static func pair(source: [ArticleSections.Section], translation: [ArticleSections.Section]) -> [Int?] {
        let n = source.count
        let m = translation.count
        // best[i][j]: the highest score lining up source[i...] with translation[j...].
        var best = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                var value = max(best[i + 1][j], best[i][j + 1])
                if let score = score(source[i], translation[j]) { value = max(value, score + best[i + 1][j + 1]) }
                best[i][j] = value
            }
        }
        var result = [Int?](repeating: nil, count: n)
        var (i, j) = (0, 0)
        while i < n && j < m {
            // A pair is taken when it is as good as leaving either side out: in a tie, order wins.
            if let score = score(source[i], translation[j]), score + best[i + 1][j + 1] >= best[i][j] {
                result[i] = j
                i += 1
                j += 1
            } else if best[i + 1][j] >= best[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }

    /// How likely `translated` is a translation of `source`; nil when it cannot be.
    static func score(_ source: ArticleSections.Section, _ translated: ArticleSections.Section) -> Double? {
        // The introduction (no heading) translates the introduction only.
        guard source.title.isEmpty == translated.title.isEmpty else { return nil }
        if source.hasSameText(as: translated) { return 10 }
        var score = 1.0
        if source.fences == translated.fences {
            score += source.fences.isEmpty ? 1 : 3
        } else if source.fences.contains(where: translated.fences.contains) {  // a handful each: no set
            score += 1
        }
        let sizes = (Double(max(source.size, 1)), Double(max(translated.size, 1)))
        return score + min(sizes.0, sizes.1) / max(sizes.0, sizes.1)
    }

    /// Index pairs of a longest common subsequence of `a` and `b`, in order.
    package static func commonSubsequence<T>(_ a: [T], _ b: [T], equal: (T, T) -> Bool) -> [(Int, Int)] {
        // The walk below takes an equal pair wherever it stands, and a cell of the table depends only
        // on what follows it: the common start (a translation's blocks are mostly its source's, in
        // order) is paired as the walk would pair it, and only the rest is tabled.
        var start = 0
        while start < a.count, start < b.count, equal(a[start], b[start]) { start += 1 }
        var pairs = (0..<start).map { ($0, $0) }
        let n = a.count - start
        let m = b.count - start
        var length = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                length[i][j] = equal(a[start + i], b[start + j]) ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        while i < n && j < m {
            if equal(a[start + i], b[start + j]) {
                pairs.append((start + i, start + j))
                i += 1
                j += 1
            } else if length[i + 1][j] >= length[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
