import Foundation
import Mustache
import SiteContent

/// The articles of each language in reading order: the sidebar, previous/next and the
/// language home follow it. Lower `weight` first, articles without one after every
/// weighted one (as in Docusaurus), then by title in the language's order, then by slug.
package struct SiteNavigation: Sendable, Equatable {
    package struct Entry: Sendable, Hashable {
        package var slug: String
        package var title: String
        package var weight: Int?

        package init(slug: String, title: String, weight: Int?) {
            self.slug = slug
            self.title = title
            self.weight = weight
        }
    }

    /// An entry as every article page of its language links to it: its title and, when its slug
    /// is one folder name, its link from another article (`SiteLinks.siblingArticleLink`), and
    /// that link's sidebar and pager value as every other article of the language shows it.
    struct LinkValues: Sendable {
        let title: MustacheValue
        let siblingHref: MustacheValue?
        /// `{title, href: siblingHref, current: false}`: made once, where each page's sidebar made
        /// forty records (an object and its values each).
        let siblingLink: MustacheValue?

        init(title: MustacheValue, siblingHref: MustacheValue?) {
            self.title = title
            self.siblingHref = siblingHref
            siblingLink = siblingHref.map { .record(MustacheRecord(Self.linkShape, [title, $0, .bool(false)])) }
        }

        /// A link of the sidebar and the pager: `{title, href, current}`.
        static let linkShape = MustacheShape(["title", "href", "current"])
    }

    /// lang → entries in order.
    package private(set) var byLanguage: [String: [Entry]]
    /// lang → `LinkValues` of `byLanguage`'s entries, in the same order: made once per build,
    /// where each page's sidebar made forty links and titles.
    private(set) var linkValues: [String: [LinkValues]]

    package init(_ entries: [(lang: String, entry: Entry)]) {
        var byLanguage: [String: [Entry]] = [:]
        for (lang, entry) in entries { byLanguage[lang, default: []].append(entry) }
        for (lang, list) in byLanguage {
            let locale = Locale(identifier: lang)
            byLanguage[lang] = list.sorted { Self.precedes($0, $1, locale: locale) }
        }
        self.init(ordered: byLanguage)
    }

    /// Entries already in reading order (as a build cache kept them): nothing is sorted again.
    package init(ordered byLanguage: [String: [Entry]]) {
        self.byLanguage = byLanguage
        linkValues = byLanguage.mapValues { entries in
            entries.map { LinkValues(title: .string($0.title), siblingHref: SiteLinks.siblingArticleLink(to: $0.slug).map { .string($0) }) }
        }
    }

    /// Two navigations are equal when their entries are: the link values follow from them.
    package static func == (a: SiteNavigation, b: SiteNavigation) -> Bool { a.byLanguage == b.byLanguage }

    package static let empty = SiteNavigation([])

    package func entries(_ lang: String) -> [Entry] { byLanguage[lang] ?? [] }

    /// Whether `a` comes before `b` in a language's reading order.
    package static func precedes(_ a: Entry, _ b: Entry, locale: Locale) -> Bool {
        switch (a.weight, b.weight) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch LocalFormat.order(a.title, b.title, locale: locale) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a.slug < b.slug
        }
    }
}
