import Foundation
import Testing
import TestSupport

@testable import SiteContent
@testable import SiteRender

/// Strings of the output path made on bytes: each against the code it replaced, kept here as
/// the reference, over random text with ASCII, composed and decomposed letters, marks and `/`.
/// `OUTPUT_STRINGS_SEED` shifts the seed.
@Suite struct OutputStringsTests {
    static let pieces = ["", "a", "es", "pt-BR", "inactive", "caf\u{E9}", "cafe\u{301}", "\u{301}", "/", "-", "\u{436}\u{443}\u{43A}", "ld", "ex", "chain", "exercise", "7", "-diagram-", "-option-", "\u{1F469}\u{200D}\u{1F4BB}", "long-slug-of-an-article"]

    static func text(_ random: inout SeededRandom) -> String {
        (0..<random.below(5)).map { _ in random.pick(pieces) }.joined()
    }

    /// `articleDir` of 8372fcf: four appends to a reserved string.
    static func referenceArticleDir(_ lang: String, _ slug: String) -> String {
        var dir = ""
        dir.reserveCapacity(lang.utf8.count + slug.utf8.count + 2)
        dir += lang
        dir += "/"
        dir += slug
        dir += "/"
        return dir
    }

    @Test func articleDirIsTheAppendedString() {
        var random = SeededRandom(seed: 3131 &+ SeededRandom.seedOffset("OUTPUT_STRINGS_SEED"))
        var long = 0
        for _ in 0..<2_000 {
            let lang = Self.text(&random), slug = Self.text(&random)
            let dir = SiteLinks.articleDir(lang, slug)
            let reference = Self.referenceArticleDir(lang, slug)
            // The same bytes (not only an equal String: canonically equal text in other bytes is another folder).
            #expect(Array(dir.utf8) == Array(reference.utf8), "\(lang.debugDescription) \(slug.debugDescription)")
            if dir.utf8.count > 15 { long += 1 }
        }
        // Small strings (in place) and allocated ones both.
        #expect(long > 500)
    }

    @Test func siblingArticleLinkIsTheFolderLink() {
        var random = SeededRandom(seed: 3232 &+ SeededRandom.seedOffset("OUTPUT_STRINGS_SEED"))
        for _ in 0..<2_000 {
            let slug = Self.text(&random)
            let expected: String? = slug.isEmpty || slug.utf8.contains(UInt8(ascii: "/")) ? nil : "../" + slug + "/index.html"
            #expect(SiteLinks.siblingArticleLink(to: slug).map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(slug.debugDescription)")
        }
    }

    @Test func reservedIDsAreTheReferences() {
        var random = SeededRandom(seed: 3333 &+ SeededRandom.seedOffset("OUTPUT_STRINGS_SEED"))
        let starts = [
            "ld-", "ex-", "chain-", "exercise-", "ex-12", "chain-3", "exercise-4", "ex-5-diagram-", "exercise-6-option-",
            "l", "e", "c", "\u{E9}", "e\u{301}", "l\u{301}d-", "e\u{301}x-1", "x",
        ]
        var reserved = 0
        for _ in 0..<3_000 {
            let id = random.pick(starts) + Self.text(&random)
            let expected = ArticleRenderer.hasReservedPrefix(id)
            #expect(ArticleRenderer.isReservedID(id) == expected, "\(id.debugDescription)")
            if expected { reserved += 1 }
        }
        // Both answers, often.
        #expect(reserved > 600 && reserved < 2_400)
    }
}
