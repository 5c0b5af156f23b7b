import Foundation
import Testing
import TestSupport

@testable import Encoding

@Suite struct HTMLTests {
    @Test func escapesTheFiveSpecials() {
        #expect(HTML.escape(#"a & b < c > d " e ' f"#) == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
        #expect(HTML.escape("") == "")
        #expect(HTML.escape("plain, ünïcødé 👍🏽") == "plain, ünïcødé 👍🏽")
        #expect(HTML.escape("<<>>") == "&lt;&lt;&gt;&gt;")
        #expect(HTML.escape("&amp;") == "&amp;amp;")
        #expect(HTML.escape("é'") == "é&#39;", "a special after a multi-byte character")
    }

    @Test func appendsWithoutReplacingWhatIsThere() {
        var out = "<b>"
        HTML.append(escaping: "x<y", to: &out)
        #expect(out == "<b>x&lt;y")
    }

    /// Escaping as first written: scalar by scalar.
    static let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
    static func reference(_ text: String) -> String {
        text.unicodeScalars.map { entities[$0] ?? String($0) }.joined()
    }

    /// Both escapers (to a string, and to bytes for the Mustache renderer) write what the
    /// scalar-by-scalar reference writes, byte for byte.
    /// Long plain runs among them, so the eight-byte scan meets specials at every place of a word.
    /// `HTML_ESCAPE_SEED` tries other texts.
    @Test func escapingToBytesAndToAStringMatchTheReference() {
        let pieces = ["a", "Ж", "é", "e\u{301}", "語", "👍🏽", "&", "<", ">", "\"", "'", "&amp;", " ", "\n", "=", "?", "@", "\u{0}",
                      "plain words", "Привет", "0123456789", "%", "(", "]", "~", "\u{7F}", "\u{A6}", "\u{BC}"]
        let seed = ProcessInfo.processInfo.environment["HTML_ESCAPE_SEED"].flatMap { UInt64($0) } ?? 7
        var random = SeededRandom(seed: seed)
        for _ in 0..<3000 {
            let text = (0..<random.below(40)).map { _ in random.pick(pieces) }.joined()
            var output = ByteOutput(capacity: 1)
            output.append(utf8: "<p>")
            HTML.append(escaping: text, to: &output)
            #expect(output.bytes == Array(("<p>" + Self.reference(text)).utf8), "seed \(seed): \(text.debugDescription)")
            #expect(Array(HTML.escape(text).utf8) == Array(Self.reference(text).utf8), "\(text.debugDescription)")
        }
    }

    /// A long callback name may wrap at its words in a narrow trace cell; a short one is left whole.
    @Test func breaksALongNameAtItsWordsAndAfterItsColons() {
        #expect(HTML.breakable(name: "applicationWillResignActive") == "application<wbr>Will<wbr>Resign<wbr>Active")
        #expect(HTML.breakable(name: "application(_:didFinishLaunchingWithOptions:)")
            == "application(_:<wbr>did<wbr>Finish<wbr>Launching<wbr>With<wbr>Options:)")
        #expect(HTML.breakable(name: "scene(_:willConnectTo:options:)") == "scene(_:<wbr>will<wbr>Connect<wbr>To:<wbr>options:)")
        #expect(HTML.breakable(name: "onConfigurationChanged2X") == "onConfiguration<wbr>Changed2<wbr>X")
        // Never fewer than three characters before a break (`on` alone would end a line).
        #expect(HTML.breakable(name: "onTopResumedActivityChanged") == "onTop<wbr>Resumed<wbr>Activity<wbr>Changed")
        #expect(HTML.breakable(name: "aBcDeFgHiJkLmN") == "aBc<wbr>DeFg<wbr>HiJk<wbr>LmN")
        // Not before a capital that follows another (an acronym), nor before `)`.
        #expect(HTML.breakable(name: "applicationDidReceiveURLs") == "application<wbr>Did<wbr>Receive<wbr>URLs")
        // A name just past the limit is broken; one of 12 characters or fewer is only escaped.
        #expect(HTML.breakable(name: "onUserLeaveHint") == "onUser<wbr>Leave<wbr>Hint")
        #expect(HTML.breakable(name: "onTrimMemory") == "onTrimMemory")
        #expect(HTML.breakable(name: "onPause") == "onPause")
        // Escaped like any text, with the breaks between the escaped pieces.
        #expect(HTML.breakable(name: "observe<Value>WithName&Flag") == "observe&lt;Value&gt;With<wbr>Name&amp;Flag")
        // Its text (tags taken out) is the name, whatever it holds.
        for name in ["applicationWillEnterForeground", "a:b:c:d:e:f:g:h:i:j", "ÄpplicationWillÜberBlah", "x:)y:)z:)w:)v:)u:)"] {
            let text = HTML.breakable(name: name).replacingOccurrences(of: "<wbr>", with: "")
            #expect(text == HTML.escape(name), "\(name)")
        }
    }
}

/// `ByteOutput` holds what an array appended the same pieces to holds, across its growth.
@Suite struct ByteOutputTests {
    @Test func holdsWhatAnArrayHolds() {
        let seed = ProcessInfo.processInfo.environment["BYTE_OUTPUT_SEED"].flatMap { UInt64($0) } ?? 0xB7E0_0019
        var random = SeededRandom(seed: seed)
        for round in 0..<200 {
            var output = ByteOutput(capacity: random.below(40))
            var expected: [UInt8] = []
            for _ in 0..<random.below(30) {
                let piece = (0..<random.below(random.below(4) == 0 ? 700 : 24)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                switch random.below(7) {
                case 0: output.append(piece)
                case 1: output.append(piece[...])
                case 2: piece.withUnsafeBufferPointer { output.append($0) }
                case 3: for byte in piece { output.append(byte) }
                case 4:
                    // Written in place, as a number's digits are: at most the room asked for.
                    let room = piece.count + random.below(8)
                    output.append(atMost: room) { start in
                        start.initialize(from: piece, count: piece.count)
                        return piece.count
                    }
                case 5: piece.withUnsafeBufferPointer { if let start = $0.baseAddress { output.append(start, count: piece.count) } }
                default:
                    output.removeAll()
                    expected.removeAll()
                    continue
                }
                expected += piece
                #expect(output.count == expected.count)
                #expect(output.last == expected.last)
            }
            #expect(output.bytes == expected, "seed \(seed) round \(round)")
            #expect(output.withBytes { Array($0) } == expected)
            #expect(output.isEmpty == expected.isEmpty)
            // Handed on uncopied: the same bytes, now the caller's to free.
            let storage = output.takeStorage()
            #expect(Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) == expected, "seed \(seed) round \(round)")
            storage.base.deallocate()
        }
        var text = ByteOutput()
        text.append(utf8: "Привет, ")
        text.append(utf8: "👍🏽")
        #expect(text.bytes == Array("Привет, 👍🏽".utf8))
    }
}

@Suite struct JSONTests {
    @Test func quotesStrings() {
        #expect(JSON.quote("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSON.quote("línea\nnueva\t\r") == #""línea\nnueva\t\r""#)
        #expect(JSON.quote("\u{1}\u{1F}") == #""\u0001\u001f""#)
        #expect(JSON.quote("") == #""""#)
    }

    /// On bytes, as by scalars: every control character, quotes and backslashes among
    /// multi-byte letters and emoji, short (inline) strings and long ones.
    @Test func quotesBytesAsScalars() {
        var strings = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        strings += ["\r\n", "é\"ж\\👍🏽\u{7F}\u{85}\u{2028}", "a\u{0}b", String(repeating: "Привет \"мир\"\n", count: 40), "plain text, ünïcødé"]
        for string in strings {
            #expect(JSON.quote(string) == Self.quoteByScalars(string), "\(string.debugDescription)")
        }
    }

    /// `JSON.quote` by Unicode scalars, the reference its byte loop is compared with.
    static func quoteByScalars(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                out += "\\u" + hex(c.value, width: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func buildsObjectsInOrder() {
        var object = JSON.Object()
        object.add("api", 28)
        object.add("configChanges", ["a\"b", "orientation"])
        object.add("root", false)
        object.add("nested", raw: "{}")
        object.add("name", "x")
        #expect(object.text == #"{"api":28,"configChanges":["a\"b","orientation"],"root":false,"nested":{},"name":"x"}"#)
        #expect(JSON.Object().text == "{}")
    }
}

@Suite struct YAMLTextTests {
    @Test func writesDoubleQuotedScalars() {
        #expect(YAMLText.doubleQuoted("Título: \"uno\" \\ dos") == #""Título: \"uno\" \\ dos""#)
        #expect(YAMLText.doubleQuoted("a\nb\u{7}\u{2028}\u{FEFF}") == #""a\nb\x07\L\uFEFF""#)
    }
}
