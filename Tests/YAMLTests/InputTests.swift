import Testing
import YAML

@Suite struct InputTests {
    @Test func byteOrderMarkAndCRLF() throws {
        let text = "\u{FEFF}title: Привет\r\ntags:\r\n  - a\r\n  - b\r\nbody: |\r\n  one\r\n  two\r\n"
        let root = try document(text)
        #expect(root["title"]?.string == "Привет")
        #expect(root["tags"]?.array?.map(\.string) == ["a", "b"])
        #expect(root["body"]?.string == "one\ntwo\n")
        #expect(root["tags"]?.mark == mark(3, 3))
        #expect(try YAMLParser.parse(bytes: Array(text.utf8)) == root)
    }

    @Test func bytesParseLikeText() throws {
        let text = "a: [1, 2]\nb: ж\n"
        #expect(try YAMLParser.parse(bytes: Array(text.utf8)) == YAMLParser.parse(text))
    }

    @Test func invalidLeadingByte() {
        let bytes: [UInt8] = Array("a: ok\nж: ".utf8) + [0xFF] + Array(" x\n".utf8)
        #expect(parseError(bytes: bytes) == YAMLError(mark: mark(2, 4), message: "invalid leading UTF-8 octet (#xFF)"))
    }

    @Test func invalidTrailingByte() {
        // 0xE2 0x82 starts a three-byte sequence that "x" breaks.
        let bytes: [UInt8] = Array("a: ".utf8) + [0xE2, 0x82] + Array("x\n".utf8)
        #expect(parseError(bytes: bytes) == YAMLError(mark: mark(1, 5), message: "invalid trailing UTF-8 octet (#x78)"))
    }

    @Test func truncatedSequenceAtEnd() {
        let bytes: [UInt8] = Array("a: b\r\nc: ".utf8) + [0xE2]
        #expect(parseError(bytes: bytes) == YAMLError(mark: mark(2, 4), message: "incomplete UTF-8 octet sequence"))
    }

    @Test func utf16ByteOrderMarkIsNotUTF8() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x61, 0x00]
        #expect(parseError(bytes: bytes) == YAMLError(mark: mark(1, 1), message: "invalid leading UTF-8 octet (#xFF)"))
    }

    @Test func controlCharacter() {
        #expect(parseError("a: b\u{7}") == YAMLError(mark: mark(1, 5), message: "control characters are not allowed (#x07)"))
    }
}
