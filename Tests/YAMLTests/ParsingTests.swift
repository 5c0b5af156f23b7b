import Testing
import YAML

@Suite struct ParsingTests {
    @Test func mappingOfScalars() throws {
        let root = try document("title: Hello\ndescription: A page\n")
        #expect(root.style == .block)
        #expect(root["title"]?.string == "Hello")
        #expect(root["description"]?.string == "A page")
        #expect(root["missing"] == nil)
    }

    @Test func sequences() throws {
        let root = try document("- a\n- b\n- [c, d]\n")
        let items = try #require(root.array)
        #expect(items.map(\.string) == ["a", "b", nil])
        #expect(items[2].style == .flow)
        #expect(items[2].array?.map(\.string) == ["c", "d"])
    }

    @Test func nestedCollections() throws {
        let root = try document("""
            languages:
              - code: en
                name: English
              - {code: es, name: Español}
            """)
        let languages = try #require(root["languages"]?.array)
        #expect(languages.count == 2)
        #expect(languages[0]["name"]?.string == "English")
        #expect(languages[1]["name"]?.string == "Español")
        #expect(languages[1].style == .flow)
    }

    @Test func literalAndFoldedBlocks() throws {
        let root = try document("""
            literal: |
              line one
              line two
            folded: >
              a
              b

              c
            stripped: |-
              end
            """)
        #expect(root["literal"]?.string == "line one\nline two\n")
        #expect(root["literal"]?.style == .literal)
        #expect(root["folded"]?.string == "a b\nc\n")
        #expect(root["folded"]?.style == .folded)
        #expect(root["stripped"]?.string == "end")
    }

    @Test func quotedScalarsStayStrings() throws {
        let root = try document("""
            plain: true
            double: "true"
            single: 'true'
            escaped: "tab\\there \\u0416"
            """)
        #expect(root["plain"]?.bool == true)
        #expect(root["plain"]?.style == .plain)
        #expect(root["double"]?.bool == nil)
        #expect(root["double"]?.string == "true")
        #expect(root["double"]?.style == .doubleQuoted)
        #expect(root["single"]?.bool == nil)
        #expect(root["single"]?.style == .singleQuoted)
        #expect(root["escaped"]?.string == "tab\there Ж")
    }

    @Test func orderIsPreserved() throws {
        let root = try document("zeta: 1\nalpha: 2\nmid: 3\n")
        #expect(root.entries?.map(\.key) == ["zeta", "alpha", "mid"])
        #expect(root.entries?.map(\.value.int) == [1, 2, 3])
    }

    @Test func emptyInputHasNoDocument() throws {
        #expect(try YAMLParser.parse("") == nil)
        #expect(try YAMLParser.parse("# only a comment\n") == nil)
        #expect(try YAMLParser.parse("\u{FEFF}") == nil)
        #expect(try YAMLParser.parse(bytes: []) == nil)
    }

    @Test func explicitEmptyDocumentIsNull() throws {
        let root = try document("---\n")
        #expect(root.isNull)
        #expect(root.mark == mark(2, 1))
    }

    @Test func documentEndMarkerIsAllowed() throws {
        let root = try document("---\na: 1\n...\n")
        #expect(root["a"]?.int == 1)
    }

    @Test func tagsAreResolved() throws {
        let root = try document("a: !!str 42\nb: !custom x\n")
        #expect(root["a"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["a"]?.int == nil)
        #expect(root["b"]?.tag == "!custom")
    }

    @Test func aliasesAreCopiedWithTheirMark() throws {
        let root = try document("base: &b {x: 1}\ncopy: *b\n")
        let copy = try #require(root["copy"])
        #expect(copy.value == root["base"]?.value)
        #expect(copy.mark == mark(2, 7))
        #expect(copy["x"]?.mark == mark(1, 14))
    }

    @Test func complexKeysHaveNoStringEntries() throws {
        let root = try document("? [a, b]\n: value\n")
        guard case .mapping(let pairs) = root.value else {
            Issue.record("expected a mapping")
            return
        }
        #expect(pairs.count == 1)
        #expect(pairs[0].key.array?.count == 2)
        #expect(root.entries == nil)
    }

    @Test func nulCharacterInQuotedScalarIsKept() throws {
        let root = try document("a: \"x\\0y\"\n")
        #expect(root["a"]?.string == "x\u{0}y")
    }
}
