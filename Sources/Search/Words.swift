import CStemmer
import Foundation

/// How the words of one language are indexed: its Snowball stemmer (nil: no stemming, every
/// word is matched by prefix, as Bulgarian is) and which accents are folded away.
public struct SearchLanguage: Sendable, Hashable {
    public var code: String
    /// libstemmer's algorithm name.
    public var stemmer: String?
    /// Combining marks kept when folding: Bulgarian keeps the breve of й, a letter of its own.
    var keptMarks: Set<UInt32>

    /// The language of `code` (an ISO 639-1 code); an unknown one is folded but not stemmed.
    public init(code: String) {
        self.code = code
        switch code {
        case "es": stemmer = "spanish"
        case "pt": stemmer = "portuguese"
        case "it": stemmer = "italian"
        case "fr": stemmer = "french"
        case "de": stemmer = "german"
        case "en": stemmer = "english"
        default: stemmer = nil
        }
        // й and ї are letters of their own; ѝ (a grave accent that marks a homograph) is not.
        keptMarks = ["bg", "ru", "uk", "sr", "mk", "be"].contains(code) ? [0x306, 0x308] : []
    }
}

/// Cutting text into words and folding them, the same way `search.js` does in the browser:
/// a word is a run of letters, marks and digits; folding lowercases it and drops accents.
public enum Words {
    /// The words of `text`, as written.
    public static func split(_ text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.unicodeScalars.index(after: index)
            if isWordScalar(text.unicodeScalars[index]) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(text[first..<index])
                start = nil
            }
            index = next
        }
        if let first = start { words.append(text[first..<text.endIndex]) }
        return words
    }

    /// Letters, combining marks and decimal digits (JavaScript: `[\p{L}\p{M}\p{Nd}]`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    /// A folded Snowball stem without its last vowel: Portuguese keeps `interrupçã` and
    /// `interrupçõ` apart, and Romance stems often differ only there.
    public static func trimmedStem(_ stem: String) -> String {
        guard let last = stem.unicodeScalars.last, "aeiou".unicodeScalars.contains(last), stem.unicodeScalars.count > 4 else { return stem }
        return String(String.UnicodeScalarView(stem.unicodeScalars.dropLast()))
    }

    /// `word` lowercased, without the accents `language` does not keep (JavaScript:
    /// `toLowerCase().normalize("NFD")`, marks removed, `normalize("NFC")`). Letters are looked
    /// up one by one in a table made once (Latin, Greek and Cyrillic); anything else, or text
    /// already decomposed, takes the general path.
    public static func fold(_ word: some StringProtocol, _ language: SearchLanguage) -> String {
        let table = language.keptMarks.isEmpty ? Self.strippingTable : Self.keepingTable
        var out = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                out.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else if let mapped = table[value] {
                out.append(contentsOf: mapped.unicodeScalars)
            } else {
                return slowFold(word, keptMarks: language.keptMarks)
            }
        }
        return String(out)
    }

    static func slowFold(_ word: some StringProtocol, keptMarks: Set<UInt32>) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark && !keptMarks.contains(scalar.value) { continue }
            kept.append(scalar)
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// Precomposed letters whose folding is computed once: Latin-1 to Latin Extended-B, Greek,
    /// Cyrillic, Latin Extended Additional. Combining marks are left out (they take the slow path).
    static let foldedRanges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x1E00...0x1EFF]
    static let strippingTable = makeTable(keptMarks: [])
    static let keepingTable = makeTable(keptMarks: SearchLanguage(code: "bg").keptMarks)

    static func makeTable(keptMarks: Set<UInt32>) -> [UInt32: String] {
        var table: [UInt32: String] = [:]
        for range in foldedRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), isWordScalar(scalar),
                    scalar.properties.generalCategory != .nonspacingMark
                else { continue }
                table[value] = slowFold(String(scalar), keptMarks: keptMarks)
            }
        }
        return table
    }
}

/// A Snowball stemmer of libstemmer. One instance is not safe to share between threads:
/// each task makes its own.
public final class Stemmer {
    private let stemmer: OpaquePointer?
    /// Stems already computed: a page repeats most of its words.
    private var memo: [String: String] = [:]

    /// nil when the language has no stemmer or libstemmer lacks it.
    public init?(_ language: SearchLanguage) {
        guard let name = language.stemmer, let stemmer = sb_stemmer_new(name, "UTF_8") else { return nil }
        self.stemmer = stemmer
    }

    deinit { sb_stemmer_delete(stemmer) }

    /// The stem of a lowercased word.
    public func stem(_ word: String) -> String {
        if let known = memo[word] { return known }
        var bytes = Array(word.utf8)
        let count = bytes.count
        let stemmed: String = bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let out = sb_stemmer_stem(stemmer, base, Int32(count))
            else { return word }
            let length = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: out, count: length), as: UTF8.self)
        }
        memo[word] = stemmed
        return stemmed
    }
}
