import Foundation

/// Numbers and dates written the way each language writes them (CLDR data via Foundation).
enum LocalFormat {
    static func number(_ value: Int, lang: String) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: lang)
        formatter.numberStyle = .decimal
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }

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
