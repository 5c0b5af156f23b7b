import Encoding
import Foundation

/// Makes heading ids that read well in every script and are unique on a page.
///
/// Letters, marks and digits of any script are kept and lowercased; every run
/// of spaces, punctuation and symbols (emoji included) becomes one `-`;
/// leading and trailing `-` go; an empty result becomes "section". Repeats
/// get `-1`, `-2`... : "Cuándo surge Inactive" → "cuándo-surge-inactive".
/// An id the page gives something else (`reserved`) is prefixed with
/// `section-`: "ld main" → "section-ld-main" when `ld-main` is reserved.
public struct HeadingSlugger: Sendable {
    /// Room for a page's headings from the start: growing by doubling rehashed every id.
    private var used = Set<String>(minimumCapacity: 32)
    private var nextSuffix: [String: Int] = [:]
    /// The bytes of the slug being made, kept for the next heading: one allocation a page, not one a heading.
    private var slugBytes: [UInt8] = []
    private let reserved: @Sendable (String) -> Bool

    /// - Parameter reserved: whether the page uses this id for something
    ///   other than a heading.
    public init(reserved: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.reserved = reserved
    }

    /// A page-unique id for a heading with this text.
    public mutating func slug(_ text: String) -> String {
        var id = takeFirstFree(Self.baseSlug(text, reusing: &slugBytes))
        // Checked after de-duplication: a second "Ex" would otherwise take "ex-1".
        if reserved(id) {
            used.remove(id)
            id = takeFirstFree("section-" + id)
        }
        return id
    }

    /// `base`, or `base-1`, `base-2`… : the first that no heading has taken, now taken. Inserted
    /// as it is asked: asking, then inserting, hashed every id twice.
    private mutating func takeFirstFree(_ base: String) -> String {
        guard !used.insert(base).inserted else { return base }
        var suffix = nextSuffix[base, default: 1]
        var candidate: String
        // A heading may itself read "x-1": skip ids already taken.
        repeat {
            candidate = "\(base)-\(suffix)"
            suffix += 1
        } while !used.insert(candidate).inserted
        nextSuffix[base] = suffix
        return candidate
    }

    /// The id for `text` before de-duplication.
    public static func baseSlug(_ text: String) -> String {
        var storage: [UInt8] = []
        return baseSlug(text, reusing: &storage)
    }

    /// `baseSlug(_:)`, its bytes written into `storage` (whatever it held is dropped).
    static func baseSlug(_ text: String, reusing storage: inout [UInt8]) -> String {
        var slug = SlugWriter()
        // Swapped in and out, not copied: the storage stays uniquely referenced.
        swap(&slug.bytes, &storage)
        defer { swap(&slug.bytes, &storage) }
        slug.bytes.removeAll(keepingCapacity: true)
        slug.bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            // ASCII first, without the category switch: letters (lowercased) and digits are
            // text, every other byte a gap. Every heading of every page comes here.
            if value < 0x80 {
                switch value {
                case 0x61...0x7A, 0x30...0x39: slug.text(UInt8(truncatingIfNeeded: value))
                case 0x41...0x5A: slug.text(UInt8(truncatingIfNeeded: value + 0x20))
                default: slug.gap()
                }
            } else if let lower = quickLowercase(scalar) {
                slug.add(lower)
            } else {
                // Beyond Latin-1 and basic Cyrillic (all NFC): a letter may have a canonical twin (U+1F71 is U+03AC).
                slug.mayNeedComposing = true
                for lower in scalar.properties.lowercaseMapping.unicodeScalars { slug.add(lower) }
            }
        }
        guard !slug.bytes.isEmpty else { return "section" }
        let id = String(decoding: slug.bytes, as: UTF8.self)
        // A heading typed with its accents apart (NFD: `e` + U+0301, as macOS file names and some
        // keyboards write it) gets the id it has typed precomposed: links are made NFC too
        // (`precomposingFragment`), and a browser matches a fragment code point by code point.
        return slug.mayNeedComposing ? id.precomposedStringWithCanonicalMapping : id
    }

    /// `url` with its fragment in NFC, like the heading ids: a link written with its accents
    /// apart leads to the heading all the same. A URL whose fragment is ASCII comes back as it is.
    public static func precomposingFragment(_ url: String) -> String {
        // On the bytes in place: every link of every page passes here, and most have no `#`.
        let hashOffset: Int? = url.withUTF8Bytes { bytes in
            guard let hash = bytes.firstIndex(of: UInt8(ascii: "#")), bytes[hash...].contains(where: { $0 >= 0x80 }) else { return nil }
            return hash
        }
        guard let hashOffset else { return url }
        let hash = url.utf8.index(url.utf8.startIndex, offsetBy: hashOffset)
        let fragment = url[hash...]
        let precomposed = String(fragment).precomposedStringWithCanonicalMapping
        guard !precomposed.utf8.elementsEqual(fragment.utf8) else { return url }
        return String(url[..<hash]) + precomposed
    }

    /// A slug as its bytes are written: a pending `-` goes in only before more text.
    private struct SlugWriter {
        var bytes: [UInt8] = []
        var pendingDash = false
        var inWord = false
        /// Whether a combining mark or a letter beyond Latin-1 and basic Cyrillic went in: only
        /// then may the id need composing (NFC), which costs more than making it.
        var mayNeedComposing = false

        /// An ASCII letter or digit.
        mutating func text(_ byte: UInt8) {
            if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
            pendingDash = false
            bytes.append(byte)
            inWord = true
        }

        mutating func gap() {
            pendingDash = true
            inWord = false
        }

        /// A lowercased scalar, by its category.
        mutating func add(_ scalar: Unicode.Scalar) {
            switch HeadingSlugger.category(scalar) {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                UTF8.encode(scalar) { bytes.append($0) }
                inWord = true
            case .nonspacingMark, .spacingMark:
                // Accents and vowel signs belong to the letter before them;
                // variation selectors (emoji styling) are not text.
                if inWord && !scalar.properties.isVariationSelector {
                    UTF8.encode(scalar) { bytes.append($0) }
                    mayNeedComposing = true
                }
            case .format:
                // Zero-width joiners and the like: invisible, neither text nor a gap.
                break
            default:
                gap()
            }
        }
    }

    /// The lowercase of ASCII, Latin-1 and basic Cyrillic letters (and of
    /// anything else in those ranges, itself) without Unicode's tables.
    private static func quickLowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE, 0x410...0x42F: Unicode.Scalar(scalar.value + 0x20)
        case 0x400...0x40F: Unicode.Scalar(scalar.value + 0x50)
        case 0...0xBF, 0xD7, 0xDF...0xFF, 0x430...0x45F: scalar
        default: nil
        }
    }

    /// The general category, without a table lookup for the common cases:
    /// ASCII, and lowercase Latin-1 and Cyrillic letters.
    private static func category(_ scalar: Unicode.Scalar) -> Unicode.GeneralCategory {
        switch scalar.value {
        case 0x61...0x7A, 0xDF...0xF6, 0xF8...0xFF, 0x430...0x45F: .lowercaseLetter
        case 0x30...0x39: .decimalNumber
        case 0...0x7F: .otherPunctuation
        default: scalar.properties.generalCategory
        }
    }
}
