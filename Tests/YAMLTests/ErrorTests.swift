import Testing
import YAML

@Suite struct ErrorTests {
    @Test func unclosedFlowSequence() {
        #expect(parseError("tags: [a, b\ntitle: x\n") == YAMLError(
            mark: mark(2, 6), message: "while parsing a flow sequence at 1:7: did not find expected ',' or ']'"))
    }

    @Test func unclosedFlowSequenceAtEnd() {
        #expect(parseError("title: \"Неактивно\"\nbad: [") == YAMLError(
            mark: mark(3, 1), message: "while parsing a flow node: did not find expected node content"))
    }

    @Test func errorColumnAfterCyrillic() {
        #expect(parseError("title: \"Неактивно\" bad: [") == YAMLError(
            mark: mark(1, 20), message: "while parsing a block mapping at 1:1: did not find expected key"))
        #expect(parseError("title: Неактивно: x") == YAMLError(
            mark: mark(1, 17), message: "mapping values are not allowed in this context"))
    }

    @Test func errorColumnAfterCombiningCharacter() {
        #expect(parseError("k: e\u{301}: x") == YAMLError(
            mark: mark(1, 5), message: "mapping values are not allowed in this context"))
    }

    @Test func badIndentation() {
        #expect(parseError("a: 1\n b: 2") == YAMLError(
            mark: mark(2, 3), message: "mapping values are not allowed in this context"))
    }

    @Test func tabIndentation() {
        #expect(parseError("a:\n\tb: 1") == YAMLError(
            mark: mark(2, 1), message: "while scanning for the next token: found character that cannot start any token"))
    }

    @Test func unclosedQuote() {
        #expect(parseError("x: \"abc") == YAMLError(
            mark: mark(1, 8), message: "while scanning a quoted scalar at 1:4: found unexpected end of stream"))
    }

    @Test func duplicateKey() {
        #expect(parseError("title: A\nslug: x\ntitle: B\n") == YAMLError(
            mark: mark(3, 1), message: "duplicate key 'title'"))
    }

    @Test func duplicateKeyQuotedOrNested() {
        #expect(parseError("{a: 1, \"a\": 2}") == YAMLError(mark: mark(1, 8), message: "duplicate key 'a'"))
        #expect(parseError("outer:\n  ж: 1\n  ж: 2\n") == YAMLError(mark: mark(3, 3), message: "duplicate key 'ж'"))
    }

    @Test func sameKeyInSiblingMappingsIsFine() throws {
        let root = try document("- name: a\n- name: b\n")
        #expect(root.array?.count == 2)
    }

    @Test func twoDocuments() {
        #expect(parseError("a: 1\n---\nb: 2\n") == YAMLError(mark: mark(2, 1), message: "expected a single document"))
        #expect(parseError("---\na: 1\n---\n") == YAMLError(mark: mark(3, 1), message: "expected a single document"))
    }

    @Test func unknownAlias() {
        #expect(parseError("a: 1\nb: *nope\n") == YAMLError(mark: mark(2, 4), message: "unknown alias 'nope'"))
    }

    @Test func aliasToItsOwnUnfinishedAnchor() {
        #expect(parseError("a: &a [*a]") == YAMLError(mark: mark(1, 8), message: "unknown alias 'a'"))
    }

    @Test func descriptionNamesThePosition() {
        let error = YAMLError(mark: mark(3, 7), message: "duplicate key 'x'")
        #expect(error.description == "3:7: duplicate key 'x'")
    }
}
