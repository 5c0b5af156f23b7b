import Foundation
import Synchronization
import SiteContent
import Translations

/// Numbers and dates written the way each language writes them (CLDR data via Foundation).
enum LocalFormat {
    /// Whether `a` sorts before `b` in the language's alphabetical order, ignoring case, as
    /// Foundation's locale-aware comparison says. Titles of a large site share long beginnings
    /// ("… · 0001", "… · 0002"), and the first byte where they differ is usually an ASCII letter
    /// or digit: there the order is digits, then a to z, in every collation of our languages, and
    /// nothing before it differs. That answer costs a byte scan; the locale comparison (two
    /// bridged strings and ICU) decides every other pair. LocalFormatTests holds them equal.
    static func precedes(_ a: String, _ b: String, locale: Locale) -> Bool {
        order(a, b, locale: locale) == .orderedAscending
    }

    /// The three-way form of `precedes`.
    static func order(_ a: String, _ b: String, locale: Locale) -> ComparisonResult {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while let x = left.next() {
            guard let y = right.next() else { break }
            if x == y { continue }
            if let rankX = asciiRank(x), let rankY = asciiRank(y), rankX != rankY { return rankX < rankY ? .orderedAscending : .orderedDescending }
            break
        }
        return a.compare(b, options: [.caseInsensitive], locale: locale)
    }

    /// 0–9 for digits, 10–35 for letters of either case; nil for anything else.
    private static func asciiRank(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte) - 48
        case 65...90: Int(byte) - 65 + 10
        case 97...122: Int(byte) - 97 + 10
        default: nil
        }
    }

    static func number(_ value: Int, lang: String) -> String {
        // Below a thousand no language groups digits, and ours all write Latin digits: Foundation's
        // formatting (ICU, on every page's sidebar and every tutorial step) would say the same.
        if (0..<1000).contains(value) { return String(value) }
        return numberFormatters.withLock { formatters in
            let formatter = formatters[lang] ?? {
                let made = NumberFormatter()
                made.locale = Locale(identifier: lang)
                made.numberStyle = .decimal
                formatters[lang] = made
                return made
            }()
            return formatter.string(from: NSNumber(value: value)) ?? String(value)
        }
    }

    /// One decimal formatter per language: making one loads the locale's CLDR data, which cost more
    /// than the rest of a page's sidebar (a number on every page and every tutorial step).
    private static let numberFormatters = Mutex<[String: NumberFormatter]>([:])

    /// `75 %` in Spanish, `75%` in Portuguese, Bulgarian and Italian (CLDR).
    static func percent(_ part: Int, of whole: Int, lang: String) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: lang)
        formatter.numberStyle = .percent
        formatter.maximumFractionDigits = 0
        let share = whole == 0 ? 0 : Double(part) / Double(whole)
        return formatter.string(from: NSNumber(value: share)) ?? "\(Int(share * 100))%"
    }

    /// `29 de noviembre de 2026`, `29 ноември 2026 г.`; the calendar date itself, whatever the time zone.
    static func date(_ date: ArticleDate, lang: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let value = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) else { return date.iso }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: lang)
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter.string(from: value)
    }
}
