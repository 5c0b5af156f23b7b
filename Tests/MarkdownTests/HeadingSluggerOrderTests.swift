import Testing
import TestSupport

import Markdown

/// `HeadingSlugger.slug` inserts an id as it asks whether it is free (and takes it back when the
/// id is reserved); it asked, then inserted. The old slugger is kept here as the reference.
@Suite struct HeadingSluggerOrderTests {
    /// The slugger as it was.
    struct ReferenceSlugger {
        var used = Set<String>()
        var nextSuffix: [String: Int] = [:]
        let reserved: (String) -> Bool

        mutating func slug(_ text: String) -> String {
            var id = firstFree(HeadingSlugger.baseSlug(text))
            if reserved(id) { id = firstFree("section-" + id) }
            used.insert(id)
            return id
        }

        mutating func firstFree(_ base: String) -> String {
            guard used.contains(base) else { return base }
            var suffix = nextSuffix[base, default: 1]
            var candidate: String
            repeat {
                candidate = "\(base)-\(suffix)"
                suffix += 1
            } while used.contains(candidate)
            nextSuffix[base] = suffix
            return candidate
        }
    }

    /// `SLUG_SEED` added to a fixed seed (to try others).
    static let seed: UInt64 = 0x5106_0027 &+ SeededRandom.seedOffset("SLUG_SEED")

    @Test func pagesOfHeadingsGetTheReferencesIds() {
        let texts = ["x", "X", "x-1", "x 1", "ex", "Ex 1", "ex-2", "top", "section top", "section-x", "Жизнен", "é", "🎉", "", "x-1-1"]
        let reservable = ["x", "x-1", "ex-1", "ex-2", "top", "section-top", "section-x", "жизнен", "section"]
        var random = SeededRandom(seed: Self.seed)
        var reservedSome = 0
        for _ in 0..<500 {
            let reserved = Set(reservable.filter { _ in random.below(3) == 0 })
            let isReserved: @Sendable (String) -> Bool = { reserved.contains($0) }
            var slugger = HeadingSlugger(reserved: isReserved)
            var reference = ReferenceSlugger(reserved: isReserved)
            for _ in 0..<random.below(20) {
                let text = random.pick(texts)
                let id = slugger.slug(text)
                #expect(id == reference.slug(text), "\(text) with \(reserved.sorted())")
                if id.hasPrefix("section-") { reservedSome += 1 }
            }
        }
        #expect(reservedSome > 100)
    }
}
