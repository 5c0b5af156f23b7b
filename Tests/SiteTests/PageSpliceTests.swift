import Encoding
import Foundation
import Testing
import TestSupport

@testable import SiteBuild
@testable import SiteRender

/// An article page is its template's bytes with the body put in at each body slot. `splice`
/// now fills storage of the final size that the file's `Data` takes; it must give the bytes
/// the `Data.append` version (kept here as the reference) gave.
@Suite struct PageSpliceTests {
    /// The splice of 8372fcf: `Data(capacity:)` and one `append` a piece.
    static func referenceSplice(_ page: [UInt8], _ body: [UInt8]) -> Data {
        page.withUnsafeBufferPointer { bytes in
            var out = Data(capacity: bytes.count + body.count)
            for (index, piece) in Slots.pieces(of: bytes, between: SiteBuilder.bodySlot).enumerated() {
                if index > 0 { out.append(contentsOf: body) }
                out.append(UnsafeBufferPointer(rebasing: bytes[piece]))
            }
            return out
        }
    }

    static let pieces = ["", "<p>", "é", "\u{0}", "body", "\u{0}bod", "y\u{0}", "<main>\n", "→"]

    @Test func spliceGivesTheReferenceBytes() {
        var random = SeededRandom(seed: 2727 &+ SeededRandom.seedOffset("PAGE_SPLICE_SEED"))
        var slotsSeen = 0
        for _ in 0..<500 {
            func text() -> String { (0..<random.below(12)).map { _ in random.pick(Self.pieces) }.joined() }
            // Pages with no slot, one (an article page) or several, at the ends too.
            var page = text()
            let slots = random.below(4)
            for _ in 0..<slots { page += SiteBuilder.bodySlot + text() }
            slotsSeen += slots
            let body = Array((0..<random.below(3)).map { _ in text() }.joined().utf8)
            var output = ByteOutput(capacity: 1 + random.below(64))
            output.append(utf8: page)
            #expect(SiteBuilder.splice(output, body) == Self.referenceSplice(Array(page.utf8), body), "\(page.debugDescription)")
        }
        #expect(slotsSeen > 300)
    }

    /// A body much larger than the page (the usual case), with one slot.
    @Test func aLargeBodyIsSplicedWhole() {
        let body = Array(String(repeating: "<p>text → more</p>\n", count: 5_000).utf8)
        var output = ByteOutput()
        output.append(utf8: "<html><main>" + SiteBuilder.bodySlot + "</main></html>\n")
        let data = SiteBuilder.splice(output, body)
        #expect(data.count == body.count + "<html><main></main></html>\n".utf8.count)
        #expect(data == Self.referenceSplice(Array("<html><main>\(SiteBuilder.bodySlot)</main></html>\n".utf8), body))
    }
}
