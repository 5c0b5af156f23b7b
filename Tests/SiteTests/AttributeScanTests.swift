import Foundation
import Testing
import TestSupport

@testable import SiteBuild

/// The attribute scan of the link check finds the very attributes the scan it replaced found,
/// on the repository's pages and on random HTML with attributes in odd places.
@Suite struct AttributeScanTests {
    /// The scan as it was before the names were told apart by the byte before `=`: the reference.
    enum Reference {
        static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ isID: Bool, _ value: Range<Int>) -> Void) {
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var from = 0
            while from < count, let found = memchr(base + from, Int32(UInt8(ascii: "=")), count - from) {
                let equals = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                from = equals + 1
                guard equals + 1 < count, bytes[equals + 1] == UInt8(ascii: "\""), let isID = attributeName(before: equals, in: bytes) else { continue }
                let valueStart = equals + 2
                let quote = memchr(base + valueStart, Int32(UInt8(ascii: "\"")), count - valueStart)
                let valueEnd = quote.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
                from = valueEnd
                body(isID, valueStart..<valueEnd)
            }
        }

        static func attributeName(before equals: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            func named(_ name: StaticString) -> Bool {
                let length = name.utf8CodeUnitCount
                let start = equals - length
                guard start >= 1 else { return false }
                let before = bytes[start - 1]
                guard before == 32 || before == 10 || before == 9 else { return false }
                for index in 0..<length where bytes[start + index] != name.utf8Start[index] { return false }
                return true
            }
            if named("id") { return true }
            if named("href") || named("src") { return false }
            return nil
        }
    }

    struct Found: Equatable, CustomStringConvertible {
        var isID: Bool
        var value: Range<Int>
        var description: String { "\(isID ? "id" : "link") \(value)" }
    }

    static func scanned(_ bytes: [UInt8]) -> (new: [Found], reference: [Found]) {
        bytes.withUnsafeBufferPointer { buffer in
            var new: [Found] = []
            var reference: [Found] = []
            for attribute in AttributeScan(buffer) { new.append(Found(isID: attribute.isID, value: attribute.value)) }
            Reference.forEach(in: buffer) { reference.append(Found(isID: $0, value: $1)) }
            return (new, reference)
        }
    }

    /// Every page of the repository's site.
    @Test func theRepositorysPagesGiveTheReferencesAttributes() throws {
        let site = try repositorySite.get()
        var pages = 0
        var found = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: site.path).sorted() where path.hasSuffix(".html") {
            let (new, reference) = Self.scanned(try readBytes(site.appending(path: path)))
            #expect(new == reference, "\(path)")
            pages += 1
            found += reference.count
        }
        #expect(pages > 20, "the repository's site has its pages")
        #expect(found > 1000)
    }

    /// Pieces of HTML: attributes after every kind of gap or none, at the very start, unquoted,
    /// single-quoted, unclosed; names that end like `id`, `href` and `src`; quotes, entities,
    /// comments, scripts and inline SVG.
    static let pieces = [
        " id=\"", "\nid=\"", "\tid=\"", "xid=\"", "id=\"", "d=\"", " d=\"", "data-id=\"", " id='", " id=", "\rid=\"",
        " href=\"", "\nhref=\"", "\thref=\"", "ahref=\"", "href=\"", "ref=\"", "f=\"", " hre=\"", " href =\"", " HREF=\"",
        " src=\"", "\nsrc=\"", "\tsrc=\"", "xsrc=\"", "src=\"", "rc=\"", "c=\"", " srcset=\"", " src=x",
        "\"", "\"", "=", "=\"", "==\"", " ", "\n", "\t", "<a", "<img", ">", "</a>", "x", "é", "ж", "🍎",
        "#s-1", "../b/", "https://x.org/?a=b&amp;c=d", "&quot;", "&amp;", "&#39;",
        "<!-- href=\"c\" -->", "<script>if (a == b) { x.id=\"3\" }</script>", "<svg><path d=\"M0 0\"/><g id=\"n\"><text x=\"1\">t</text></g></svg>",
        "<pre><code class=\"language-swift\"><span class=\"k\">let</span> a = b</code></pre>", " class=\"c\"", " lang=\"pt\"",
    ]

    static func randomHTML(_ random: inout SeededRandom) -> [UInt8] {
        var html = ""
        for _ in 0..<random.below(60) { html += random.pick(pieces) }
        return Array(html.utf8)
    }

    /// Random HTML: the same attributes, values and order as the reference.
    @Test func randomHTMLGivesTheReferencesAttributes() {
        var random = SeededRandom(seed: 2828 &+ SeededRandom.seedOffset("ATTRIBUTE_SCAN_SEED"))
        var found = 0
        for _ in 0..<20_000 {
            let html = Self.randomHTML(&random)
            let (new, reference) = Self.scanned(html)
            #expect(new == reference, "\(String(decoding: html, as: UTF8.self).debugDescription)")
            found += reference.count
        }
        #expect(found > 20_000)
    }

    /// Cut short anywhere, a page is read as the reference reads it: no byte past its end.
    @Test func everyPrefixGivesTheReferencesAttributes() {
        let html = Array(Self.pieces.joined().utf8)
        for end in 0...html.count {
            let prefix = Array(html[..<end])
            let (new, reference) = Self.scanned(prefix)
            #expect(new == reference, "\(end)")
        }
    }
}
