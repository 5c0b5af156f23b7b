import Testing
import YAML

@Suite struct MarkTests {
    @Test func keysAndValues() throws {
        let root = try document("title: Привет\nlist:\n  - x: 1\n    y: 'z'\n")
        #expect(root.mark == mark(1, 1))
        let entries = try #require(root.entries)
        #expect(entries[0].value.mark == mark(1, 8))
        guard case .mapping(let pairs) = root.value else {
            Issue.record("the root is not a mapping: \(root.value)")
            return
        }
        #expect(pairs.map(\.key.mark) == [mark(1, 1), mark(2, 1)])
        let list = try #require(root["list"])
        #expect(list.mark == mark(3, 3))
        let item = try #require(list.array?.first)
        #expect(item.mark == mark(3, 5))
        #expect(item["x"]?.mark == mark(3, 8))
        #expect(item["y"]?.mark == mark(4, 8))
    }

    @Test func columnsCountCharactersAfterCyrillic() throws {
        let root = try document("title: \"Неактивно\" # коммент\ntags: [Ёж, ёлка, x]\n")
        let tags = try #require(root["tags"]?.array)
        #expect(tags.map(\.mark) == [mark(2, 8), mark(2, 12), mark(2, 18)])
    }

    @Test func columnsCountGraphemeClusters() throws {
        // A flag is two scalars, "é" here is "e" plus a combining accent.
        let root = try document("k: [🇺🇦, e\u{301}, x]\n")
        let items = try #require(root["k"]?.array)
        #expect(items.map(\.mark) == [mark(1, 5), mark(1, 8), mark(1, 11)])
    }

    @Test func markInsideACharacterNamesThatCharacter() throws {
        // The scalar starts with a combining accent, which joins the space before it.
        let root = try document("- \u{301}a\n- b\n")
        #expect(root.array?.map(\.mark) == [mark(1, 2), mark(2, 3)])
    }

    @Test func longLineWithCombiningCharacters() throws {
        let count = 5_000
        let text = "[" + String(repeating: "e\u{301}ж, ", count: count) + "end]"
        let items = try #require(try document(text).array)
        #expect(items.count == count + 1)
        #expect(items[1].mark == mark(1, 6))
        #expect(items[count].mark == mark(1, 2 + 4 * count))
    }

    @Test func crlfLines() throws {
        let root = try document("a: 1\r\nb:\r\n  - ж\r\n  - z\r\n")
        #expect(root["b"]?.array?.map(\.mark) == [mark(3, 5), mark(4, 5)])
    }

    @Test func byteOrderMarkIsNotAColumn() throws {
        let root = try document("\u{FEFF}a: 1\nb: 2\n")
        #expect(root["a"]?.mark == mark(1, 4))
        #expect(root["b"]?.mark == mark(2, 4))
    }

    @Test func unicodeLineSeparatorsStartNewLines() throws {
        let root = try document("a: x\u{2028}b: y\u{85}c: z")
        #expect(root["b"]?.mark == mark(2, 4))
        #expect(root["c"]?.mark == mark(3, 4))
    }
}
