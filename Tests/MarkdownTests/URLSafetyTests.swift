import Testing
import TestSupport

@testable import Markdown

/// `URLSafety.isSafe` settles most URLs on their bytes (`harmlessScheme`) and leaves the rest to
/// the scalar reading; both must answer alike on every URL, and the bytes may only ever say
/// "harmless" where the scalars do.
@Suite struct URLSafetyTests {
    static let seed: UInt64 = 0x0A11_5AFE &+ SeededRandom.seedOffset("URL_SAFETY_SEED")

    static let cases: [(url: String, image: Bool, safe: Bool)] = [
        ("https://developer.apple.com/documentation/uikit", false, true),
        ("../inactive/index.html#ciclo", false, true),
        ("#section", false, true),
        ("", false, true),
        ("javascript:alert(1)", false, false),
        ("JavaScript:alert(1)", false, false),
        ("  \u{7F}javascript:x", false, false),
        ("java\tscript:x", false, false),
        ("java\nscript:x", false, false),
        ("\u{A0}javascript:x", false, false),
        ("\u{200B}javascript:x", false, false),
        ("vbscript:x", false, false),
        ("FILE:///etc/passwd", false, false),
        ("data:text/html,<b>", false, false),
        ("data:image/png;base64,AAAA", true, true),
        ("data:image/png;base64,AAAA", false, false),
        ("DATA:IMAGE/GIF,xx", true, true),
        ("data:image/svg+xml,<svg>", true, false),
        ("javascripts:x", false, true),
        ("mailto:a@b.c", false, true),
        ("abcdefghijklmnop:x", false, true),
        ("abcdefghijklmnopq:x", false, true),
        (":x", false, true),
        ("jäva:script", false, true),
        ("ja%76ascript:x", false, true),
    ]

    @Test func knownURLs() {
        for (url, image, safe) in Self.cases {
            #expect(URLSafety.isSafe(url, isImage: image) == safe, "\(url.debugDescription)")
            #expect(URLSafety.isSafeReadingScalars(url, isImage: image) == safe, "\(url.debugDescription)")
        }
    }

    /// Random URLs built from pieces of schemes, separators, controls and non-ASCII scalars.
    @Test func bytesAnswerAsScalars() {
        let pieces = [
            "java", "script", "JAVA", "vb", "file", "data", "DaTa", ":", "/", "//", "image/png", ";", ",", "#", "?",
            "\t", "\n", "\r", " ", "\u{7F}", "\u{0}", "\u{A0}", "\u{200B}", "\u{FEFF}", "é", "ж", "+", "-", ".", "1",
            "http", "s", "x", "%3A", "&amp;", "\u{2028}",
        ]
        let schemes = ["javascript", "JavaScript", "java\tscript", "vbscript", "file", "FILE", "data", "data:image/png;", "data:IMAGE/webp,", "https", "javascripts"]
        var random = SeededRandom(seed: Self.seed)
        var settled = 0
        var unsafe = 0
        for _ in 0..<20_000 {
            // Half start as a refused scheme might (leading controls, a scheme, a colon), then random pieces.
            var url = ""
            if random.below(2) == 0 {
                url = random.pick(["", " ", "\u{7F}", "\t", "\u{A0}", "\u{0}"]) + random.pick(schemes) + random.pick([":", ":", "\t:", ""])
            }
            url += (0..<random.below(6)).map { _ in random.pick(pieces) }.joined()
            let image = random.below(2) == 0
            let expected = URLSafety.isSafeReadingScalars(url, isImage: image)
            #expect(URLSafety.isSafe(url, isImage: image) == expected, "\(url.debugDescription) image: \(image)")
            if URLSafety.harmlessScheme(url) {
                settled += 1
                #expect(expected, "the bytes call \(url.debugDescription) harmless")
            }
            if !expected { unsafe += 1 }
        }
        #expect(settled > 5_000 && unsafe > 200, "settled \(settled), unsafe \(unsafe)")
    }
}
