import Encoding
@testable import Search
import Testing
import TestSupport

/// The page text's sixteen-byte steps (runs of text, the heading-anchor class, diagrams skipped
/// in one pass, the page file's quoted text) against the simple readings they replaced, on
/// seeded random input.
@Suite struct PageTextLanesTests {
    @Test func classifiesTextBytesAsTheByteLoopDoes() {
        WordsBlockScanTests.everyByteAtEveryPlace(seed: 0x7E47_1A4E_5000_0003) { bytes, value, place in
            let fast = ByteLanes.textBytes(bytes)
            let slow = ByteLanes.textBytesOneByOne(bytes)
            #expect(fast.spaces == slow.spaces && fast.special == slow.special, "\(value) at \(place)")
            // HTML's white space and `&`, not the vertical tab (11) nor any other byte.
            #expect((fast.special >> UInt64(place)) & 1 == ([9, 10, 12, 13, 32, 38].contains(value) ? 1 : 0), "\(value)")
            #expect((fast.spaces >> UInt64(place)) & 1 == (value == 32 ? 1 : 0), "\(value)")
        }
    }

    @Test func classifiesJSONEscapesAsTheByteLoopDoes() {
        // The page files' text is quoted sixteen bytes at a time (`JSONBytes.quoted`).
        WordsBlockScanTests.everyByteAtEveryPlace(seed: 0x15_0E5C_0007) { bytes, value, place in
            #expect(ByteLanes.jsonEscapes(bytes) == ByteLanes.jsonEscapesOneByOne(bytes), "\(value) at \(place)")
            #expect((ByteLanes.jsonEscapes(bytes) >> UInt64(place)) & 1 == (value < 0x20 || value == 0x22 || value == 0x5C ? 1 : 0), "\(value)")
        }
    }

    @Test func classifiesNameBytesAsTheByteLoopDoes() {
        WordsBlockScanTests.everyByteAtEveryPlace(seed: 0x4A3E_B17E_0008) { bytes, value, place in
            #expect(ByteLanes.nameBytes(bytes) == ByteLanes.nameBytesOneByOne(bytes), "\(value) at \(place)")
            #expect((ByteLanes.nameBytes(bytes) >> UInt64(place)) & 1 == (BodyText.isNameByte(UInt8(value)) ? 1 : 0), "\(value)")
        }
    }

    @Test func readsTagNamesWithLoadsAsByteByByte() {
        // Names of every length up to 20 (of letters of either case and digits) ended by any
        // byte, read at every place of buffers that end at or soon after them: the loads' reading
        // (sixteen bytes there to read) is the byte loop's, and their kind is the one the sets give.
        var random = SeededRandom(seed: 0x7A6_0A3E_0009)
        let nameBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        let known = Array(BodyText.blocks) + Array(BodyText.skipped) + ["a", "h2", "h3", "span", "code", "em", "templates", "figcaptionx"]
        for round in 0..<20_000 {
            var bytes = (0..<random.below(24)).map { _ in UInt8(truncatingIfNeeded: random.below(256)) }
            let start = bytes.count
            if round % 2 == 0 {
                // Letters of either case; digits as they are.
                bytes += random.pick(known).utf8.map { $0 >= 0x61 && random.below(2) == 0 ? $0 & ~0x20 : $0 }
            } else {
                for _ in 0..<random.below(21) { bytes.append(random.pick(nameBytes)) }
            }
            for _ in 0..<random.below(24) { bytes.append(UInt8(truncatingIfNeeded: random.below(256))) }
            bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                for place in start..<max(start, buffer.count - 15) {
                    let read = BodyText.name(base, from: place, count: buffer.count)
                    #expect(read == BodyText.nameByBytes(base, from: place, count: buffer.count), "\(bytes) at \(place)")
                    var end = place
                    while end < buffer.count && BodyText.isNameByte(buffer[end]) { end += 1 }
                    #expect(read.length == min(16, end - place), "\(bytes) at \(place)")
                    let lower = String(decoding: buffer[place..<end], as: UTF8.self).lowercased()
                    #expect(BodyText.kinds.withUnsafeBufferPointer { BodyText.kind(of: read, in: $0) } == BodyTextTests.expectedKind(lower), "\(lower)")
                }
            }
        }
    }

    /// Text whose runs are long and short, with single and double spaces, other white space,
    /// a vertical tab (text, not a space), entities and signs below 39.
    static let runPieces = [
        "uno", "dos tres", "árbol", "жизнь и смърт", "e\u{301}", "onResume", "42", "x", "palabraMuyLargaDelCicloDeVidaDeLaApp",
        " ", " ", "  ", "\n", "\t", "\r\n", "\u{0C}", "\u{0B}", "!", "\"", "#", "$", "%", "'", "(", "a b c d e f g h i j k l m",
        "&amp;", "&quot;", "&#39;", "&#233;", "&#10;", "&nbsp;", "&foo;", "& ", "&#32;x",
    ]

    @Test func cleansRunsAsSqueezeAndDecodeDo() {
        // Each text inside a paragraph (its run read sixteen bytes at a time, past its end), and
        // alone (the last bytes of the buffer, read byte by byte).
        var random = SeededRandom(seed: 0xC1EA_7E47_0004)
        for round in 0..<2_000 {
            var text = ""
            for _ in 0..<(1 + random.below(round % 4 == 0 ? 4 : 30)) { text += random.pick(Self.runPieces) }
            let expected = BodyText.squeeze(BodyText.decodeEntities(text))
            let page = SearchPage(key: "k", path: "p", title: "T", bodyHTML: "<p>" + text + "</p><p>más</p>")
            #expect(page.sections[0].text == (expected.isEmpty ? "más" : expected + " más"), "\(text)")
            #expect(BodyText.clean(Array(text.utf8)) == expected, "\(text)")
        }
    }

    @Test func copiesRunsAsAByteLoopDoes() {
        // Runs of 1 to 40 bytes at every offset of a buffer, with fewer or more than sixteen
        // bytes there to read: the copy holds the run's bytes, and nothing before it is touched.
        var random = SeededRandom(seed: searchTestSeed(0xC0_9E7E_0000))
        let source = (0..<96).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for round in 0..<3_000 {
            let count = 1 + random.below(40)
            let start = random.below(source.count - count + 1)
            let readable = count + random.below(source.count - start - count + 1)
            let written = random.below(8)
            var target = [UInt8](repeating: 0xEE, count: written + count + CleanText.slack)
            source.withUnsafeBufferPointer { source in
                target.withUnsafeMutableBufferPointer { target in
                    CleanText.copyRun(
                        from: source.baseAddress.unsafelyUnwrapped + start, count: count, readable: readable,
                        to: target.baseAddress.unsafelyUnwrapped + written)
                }
            }
            #expect(Array(target[written..<(written + count)]) == Array(source[start..<(start + count)]), "round \(round)")
            #expect(target[..<written].allSatisfy { $0 == 0xEE }, "round \(round)")
        }
    }

    @Test func findsTheHeadingAnchorClassAsASearchDoes() {
        // Start tags of every length made of pieces of the class, cut at random, the tag at every
        // offset of a buffer that ends at or soon after it.
        var random = SeededRandom(seed: 0xA4C4_0125_0005)
        let pieces = [
            "a", " ", "class=\"heading-anchor\"", "class=\"heading-anchor", "lass=\"heading-anchor\"", "class=\"chain\"", "c", "\"",
            "href=\"#active-qué-es\"", "class=\"heading-anchor\"x", "class=\"heading–anchor\"", "data-c=\"c\"",
        ]
        let pattern = BodyText.headingAnchorClass
        for _ in 0..<3_000 {
            var tag = ""
            for _ in 0..<random.below(9) { tag += random.pick(pieces) }
            let before = String(repeating: "p", count: random.below(40))
            let after = String(repeating: "q", count: random.below(3) == 0 ? 0 : random.below(40))
            let bytes = Array((before + "<" + tag + ">" + after).utf8)
            let range = (before.utf8.count + 1)..<(before.utf8.count + 1 + tag.utf8.count)
            bytes.withUnsafeBufferPointer { buffer in
                let expected = pattern.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: buffer, range: range) != nil }
                #expect(BodyText.isHeadingAnchor(buffer.baseAddress!, tag: range, readable: buffer.count) == expected, "\(tag)")
                #expect(expected == (tag.contains("class=\"heading-anchor\"")))
            }
        }
    }

    @Test func skipsDiagramsAsTheSimpleTagLoopDoes() {
        // Diagrams nested in each other, self-closed, of longer or other-case names, unclosed,
        // with text around them: what is skipped is what the simple loop skips.
        var random = SeededRandom(seed: 0x5C1F_D1A6_0006)
        let pieces = [
            "<svg>", "<svg viewBox=\"0 0 1 1\">", "</svg>", "<svg/>", "<svg />", "<svgx>", "</svgx>", "<SVG>", "</SVG>", "<g>", "</g>",
            "<text>oculto</text>", "texto", " ", "<p>", "</p>", "<button>", "</button>", "<button/>", "<style>", "</style>", "<svg", "</svg",
            ">", "<", "<template><svg></svg></template>",
        ]
        for round in 0..<1_500 {
            var html = ""
            for _ in 0..<random.below(40) { html += random.pick(pieces) }
            // A tag left open at the very end is the tag loop's case, not the skip's.
            html += "<p>fin</p>"
            let page = SearchPage(key: "k", path: "p", title: "T", bodyHTML: html)
            let expected = PageTextTests.simpleSections(html)
            #expect(page.sections.map(\.text) == expected.map(\.text), "round \(round): \(html)")
        }
    }

    @Test func findsAByteInlineAndPastTheInlineStepsAsAByteLoopDoes() {
        // Searches of 0 to 200 bytes from every kind of place, ending at or before the buffer's
        // end, the byte sought rare or absent: found in the first 64 bytes (sixteen at a time,
        // their last step short of sixteen), past them (by memchr), or not at all.
        var random = SeededRandom(seed: searchTestSeed(0xF1_4D5E_0010))
        let alphabet: [UInt8] = Array("abc /\\\"=é".utf8) + [0, 0xFF]
        var found = 0
        for round in 0..<4_000 {
            let wanted = random.below(4) == 0 ? UInt8(ascii: ">") : UInt8(ascii: "<")
            var bytes = (0..<(1 + random.below(260))).map { _ in random.pick(alphabet) }
            // The byte sought at a few random places, or none.
            for _ in 0..<random.below(3) { bytes[random.below(bytes.count)] = wanted }
            let from = random.below(bytes.count)
            let to = from + random.below(bytes.count - from + 1)
            let expected = bytes[from..<to].firstIndex(of: wanted)
            bytes.withUnsafeBufferPointer { buffer in
                let got = ByteLanes.firstIndex(of: wanted, in: buffer.baseAddress!, from: from, to: to)
                #expect(got == expected, "round \(round): \(from)..<\(to) of \(bytes.count)")
            }
            if expected.map({ $0 - from >= 64 }) == true { found += 1 }
        }
        // Found past the inline steps often enough that memchr's part is tested.
        #expect(found > 40)
    }

    @Test func copiesShortRunsAsTheRunLoopDoes() {
        // Runs of 1 to 20 bytes of text pieces (white space single and double, entities, é
        // composed and decomposed, Cyrillic, `&` alone) at every place of a buffer, with sixteen
        // bytes or fewer there to read, appended to texts that end with or without a pending
        // space: `append` (whose runs of up to sixteen bytes may be copied whole) against
        // `appendRuns` alone.
        var random = SeededRandom(seed: searchTestSeed(0x5407_7A0E_0011))
        var whole = 0
        for round in 0..<6_000 {
            var text = ""
            while text.utf8.count < 24 { text += random.pick(Self.runPieces) }
            let bytes = Array(text.utf8)
            let count = 1 + random.below(20)
            // Runs cut at ASCII bytes, as between two tags (an entity never spans two runs: cut
            // where one may, both readings decode the same bytes).
            let start = random.below(bytes.count - count + 1)
            guard start + count <= bytes.count, bytes[start] < 0x80 || bytes[start] >= 0xC0 else { continue }
            let readable = count + random.below(bytes.count - start - count + 1)
            let before = random.pick(["", "antes", "antes "])
            var fast = CleanText()
            var reference = CleanText()
            if !before.isEmpty {
                let prefix = Array(before.utf8)
                prefix.withUnsafeBufferPointer { fast.appendRuns($0, readable: $0.count) }
                prefix.withUnsafeBufferPointer { reference.appendRuns($0, readable: $0.count) }
            }
            bytes.withUnsafeBufferPointer { buffer in
                let run = UnsafeBufferPointer(rebasing: buffer[start..<(start + count)])
                fast.append(run, readable: readable)
                reference.appendRuns(run, readable: readable)
                fast.append(UnsafeBufferPointer(rebasing: buffer[0..<1]), readable: 1)
                reference.appendRuns(UnsafeBufferPointer(rebasing: buffer[0..<1]), readable: 1)
            }
            let (got, expected) = (fast.takeBytes(), reference.takeBytes())
            #expect(got == expected, "round \(round): \(bytes[start..<(start + count)]) readable \(readable)")
            if count <= 16 && readable >= 16 && !bytes[start..<(start + count)].contains(where: { CleanText.isSpace($0) || $0 == 38 }) { whole += 1 }
        }
        #expect(whole > 500)
    }

    @Test func readsPagesOfShortRunsAsTheSimpleTagLoopDoes() {
        // Text pieces between inline tags (which do not separate words) and block tags (which
        // do), as a highlighted sample's spans cut its text: the page's text against the simple
        // reading of the HTML.
        var random = SeededRandom(seed: searchTestSeed(0x5407_7A0E_0012))
        let tags = ["<span class=\"kw\">", "</span>", "<em>", "</em>", "<code>", "</code>", "<p>", "</p>", "<br>", "<li>", "</li>", "<span>"]
        for round in 0..<1_500 {
            var html = "<p>"
            for _ in 0..<random.below(60) { html += random.below(2) == 0 ? random.pick(tags) : random.pick(Self.runPieces) }
            html += "</p><p>fin</p>"
            let page = SearchPage(key: "k", path: "p", title: "T", bodyHTML: html)
            let expected = PageTextTests.simpleSections(html)
            #expect(page.sections.map(\.text) == expected.map(\.text), "round \(round): \(html)")
        }
    }
}
