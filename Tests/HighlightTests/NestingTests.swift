import Testing
import Highlight

/// Nesting is tracked with explicit stacks, so depth must not exhaust the call stack.
@Suite struct NestingTests {
    static let depth = 10_000

    @Test func deeplyNestedSwiftInterpolation() {
        let code = String(repeating: "\"\\(", count: Self.depth) + "x" + String(repeating: ")\"", count: Self.depth)
        expectLossless(code, .swift)
        let tokens = Highlighter.tokens(code, language: .swift)
        #expect(tokens.filter { $0.kind == .interpolation }.count == 2 * Self.depth)
        #expect(tokens.last == tok(.string, "\""))
    }

    @Test func unclosedSwiftInterpolation() {
        expectLossless(String(repeating: "\"\\(", count: Self.depth), .swift)
    }

    @Test func deeplyNestedKotlinTemplates() {
        let code = String(repeating: "\"${", count: Self.depth) + "x" + String(repeating: "}\"", count: Self.depth)
        expectLossless(code, .kotlin)
        let tokens = Highlighter.tokens(code, language: .kotlin)
        #expect(tokens.filter { $0.kind == .interpolation }.count == 2 * Self.depth)
        #expect(tokens.last == tok(.string, "\""))
    }

    @Test func unclosedKotlinTemplates() {
        expectLossless(String(repeating: "\"${", count: Self.depth), .kotlin)
    }

    @Test(arguments: CodeLanguage.allCases)
    func deeplyNestedComments(language: CodeLanguage) {
        let open = String(repeating: "/*", count: Self.depth)
        #expect(Highlighter.tokens(open, language: language) == [tok(.comment, open)])
        let closed = open + String(repeating: "*/", count: Self.depth) + "x"
        #expect(significantTokens(closed, language).last == tok(.plain, "x"))
        expectLossless(closed, language)
    }

    @Test(arguments: CodeLanguage.allCases)
    func deeplyNestedBrackets(language: CodeLanguage) {
        expectLossless(String(repeating: "({[", count: Self.depth), language)
    }
}
