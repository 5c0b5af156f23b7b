@testable import Mustache
import Testing

/// The error a template fails to parse with, or nil if it parses.
private func parseError(_ source: String, name: String = "page.mustache") -> MustacheError? {
    do {
        _ = try MustacheTemplate(source: source, name: name)
        return nil
    } catch {
        return error
    }
}

/// The error rendering fails with, or nil if it renders.
private func renderError(
    _ templates: [String: String], render name: String, _ context: MustacheValue = [:]
) throws -> MustacheError? {
    var parsed: [String: MustacheTemplate] = [:]
    for (name, source) in templates { parsed[name] = try MustacheTemplate(source: source, name: name) }
    do {
        _ = try MustacheLibrary(templates: parsed).render(name, context)
        return nil
    } catch {
        return error
    }
}

@Suite("Syntax errors")
struct SyntaxErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var source: String
        var expected: String  // the full `description`: location and exact message
        var testDescription: String { expected }
    }

    @Test(arguments: [
        Case(source: "Hello\n  {{name", expected: "page.mustache:2:3: error: unclosed tag '{{'"),
        Case(source: "{{{name}}", expected: "page.mustache:1:1: error: unclosed tag '{{'"),
        Case(source: "{{=<% %>=}}\nab <%name%", expected: "page.mustache:2:4: error: unclosed tag '<%'"),
        Case(source: "{{! never closed", expected: "page.mustache:1:1: error: unclosed tag '{{'"),
        Case(source: "a\n {{#items}}\nx", expected: "page.mustache:2:2: error: unclosed section 'items'"),
        Case(source: "{{#a}}{{#b}}{{/b}}", expected: "page.mustache:1:1: error: unclosed section 'a'"),
        Case(source: "{{<layout}}{{$body}}x", expected: "page.mustache:1:12: error: unclosed section 'body'"),
        Case(source: "ab{{/x}}", expected: "page.mustache:1:3: error: unexpected closing tag 'x'"),
        Case(
            source: "{{#a}}\n  {{/b}}",
            expected: "page.mustache:2:3: error: closing tag 'b' does not match open section 'a' (opened at 1:1)"),
        Case(
            source: "{{#a}}{{^b}}{{/a}}{{/b}}",
            expected: "page.mustache:1:13: error: closing tag 'a' does not match open section 'b' (opened at 1:7)"),
        Case(source: "x {{=<%=}}", expected: "page.mustache:1:3: error: invalid set-delimiter tag"),
        Case(source: "{{= a b c =}}", expected: "page.mustache:1:1: error: invalid set-delimiter tag"),
        Case(source: "{{==}}", expected: "page.mustache:1:1: error: invalid set-delimiter tag"),
        Case(source: "\n\n{{=<% %>}}", expected: "page.mustache:3:1: error: invalid set-delimiter tag"),
        Case(source: "a {{ }}", expected: "page.mustache:1:3: error: empty tag"),
        Case(source: "{{#}}{{/}}", expected: "page.mustache:1:1: error: empty tag"),
        Case(source: "x\n{{> }}", expected: "page.mustache:2:1: error: empty tag"),
        Case(source: "{{{ }}}", expected: "page.mustache:1:1: error: empty tag"),
        Case(source: "{{&}}", expected: "page.mustache:1:1: error: empty tag"),
        // A tag left unclosed is reported where it opens, not at the later tag whose `}}` it took.
        Case(
            source: "<main>\n<h1>{{title</h1>\n{{#updated}}x{{/updated}}",
            expected: "page.mustache:2:5: error: tag '{{title' is not closed: '}}' must follow its name on the same line"),
        Case(
            source: "<h1>{{#title}</h1> {{x}}{{/title}}",
            expected: "page.mustache:1:5: error: tag '{{title}' is not closed: '}}' must follow its name on the same line"),
        Case(
            source: "{{=<% %>=}}\n<%name</b>\n<%x%>",
            expected: "page.mustache:2:1: error: tag '<%name' is not closed: '%>' must follow its name on the same line"),
    ])
    func reportsLocationAndMessage(_ test: Case) {
        #expect(parseError(test.source)?.description == test.expected)
    }

    @Test func columnsCountCharactersNotBytesOrScalars() {
        // "e" + combining acute, a skin-toned emoji and a Cyrillic word are
        // one Character each per letter: the tag starts at column 8.
        let error = parseError("e\u{301}👍🏽 мир {{#x}}", name: "t")
        #expect(error?.message == "unclosed section 'x'")
        #expect(error?.location.line == 1)
        #expect(error?.location.column == 8)
        #expect(error?.description == "t:1:8: error: unclosed section 'x'")
    }

    @Test func columnsAfterMultiLineTagsAndCRLF() {
        let source = "{{! a\r\n comment }}x\r\n\tab {{/nope}}"
        #expect(parseError(source)?.description == "page.mustache:3:5: error: unexpected closing tag 'nope'")
    }

    @Test func deeplyNestedSourceParsesWithoutRecursion() throws {
        let depth = 50_000
        let source = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
        #expect(parseError(source + "{{/a}}")?.message == "unexpected closing tag 'a'")
        let template = try MustacheTemplate(source: source, name: "deep")
        #expect(throws: MustacheError.self) { try MustacheLibrary(templates: [:]).render(template, ["a": true]) }
        #expect(try MustacheLibrary(templates: [:]).render(template, ["a": false]) == "")
    }

    @Test func errorsAreEquatable() {
        #expect(parseError("{{#a}}") == parseError("{{#a}}"))
        #expect(parseError("{{#a}}") != parseError("{{#b}}"))
    }
}

@Suite("Render errors")
struct RenderErrorTests {
    @Test func missingPartialFailsAtTheTagByDefault() throws {
        let error = try renderError(["page": "<body>\n  x {{> nav }}\n"], render: "page")
        #expect(error?.description == "page:2:5: error: partial 'nav' not found")
    }

    @Test func missingParentFailsAtTheTag() throws {
        let error = try renderError(["page": "{{<layout}}{{$body}}x{{/body}}{{/layout}}"], render: "page")
        #expect(error?.description == "page:1:1: error: parent 'layout' not found")
    }

    @Test func missingPartialIsReportedInTheIncludingTemplate() throws {
        let error = try renderError(["page": "{{>header}}", "header": "<h1>\n{{#x}}{{>logo}}{{/x}}"], render: "page", ["x": true])
        #expect(error?.description == "header:2:7: error: partial 'logo' not found")
    }

    @Test func missingPartialInAFalsySectionIsNotAnError() throws {
        #expect(try renderError(["page": "{{#x}}{{>nav}}{{/x}}"], render: "page", ["x": false]) == nil)
    }

    @Test func missingTemplateByName() throws {
        #expect(try renderError([:], render: "index")?.description == "index: error: template 'index' not found")
    }

    @Test func renderEmptySkipsMissingPartialsAndParents() throws {
        let page = try MustacheTemplate(source: "[{{>nav}}|{{<layout}}{{/layout}}]", name: "page")
        let library = MustacheLibrary(templates: [:], missingPartial: .renderEmpty)
        #expect(try library.render(page, [:]) == "[|]")
    }

    @Test func unboundedRecursionHitsTheDepthLimit() throws {
        let error = try renderError(["self": "x{{>self}}"], render: "self")
        #expect(error?.description == "self:1:2: error: template nesting deeper than 200 (recursive partial?)")
    }

    /// Wherever inside a recursion the limit is passed (here in a section of the partial, at
    /// any depth the data gives), it is reported at the tag that repeats: one error for every page.
    @Test(arguments: [0, 1, 2])
    func aRecursionIsReportedAtItsRepeatedTag(sections: Int) throws {
        let partial = "{{#a}}\n<p>{{x}}</p>\n{{/a}}\n" + String(repeating: "{{#b}}", count: sections) + "{{>self}}" + String(repeating: "{{/b}}", count: sections) + "\n"
        let error = try renderError(["self": partial, "page": "<main>\n  {{>self}}\n</main>\n"], render: "page", ["a": true, "b": true])
        #expect(error?.description == "self:4:\(1 + 6 * sections): error: template nesting deeper than 200 (recursive partial?)")
    }

    @Test func recursiveParentsHitTheDepthLimit() throws {
        let error = try renderError(["a": "{{<b}}{{/b}}", "b": "{{<a}}{{/a}}"], render: "a")
        #expect(error?.message == "template nesting deeper than 200 (recursive partial?)")
    }

    @Test func dataDrivenRecursionWithinTheLimitRenders() throws {
        // A linked list 60 deep: each level is one section plus one partial.
        // The leaf needs its own falsy `child`, or lookup would find its parent's.
        var node: MustacheValue = ["name": "leaf", "child": false]
        for i in (0..<60).reversed() { node = ["name": .string("n\(i)"), "child": node] }
        let tree = try MustacheTemplate(source: "{{name}}{{#child}}>{{>tree}}{{/child}}", name: "tree")
        let output = try MustacheLibrary(templates: ["tree": tree]).render("tree", node)
        #expect(output.hasPrefix("n0>n1>"))
        #expect(output.hasSuffix(">n59>leaf"))
    }

    @Test(arguments: [(200, true), (201, false)])
    func nestedSectionsCountTowardsTheLimit(depth: Int, renders: Bool) throws {
        let source = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
        let template = try MustacheTemplate(source: source, name: "deep")
        let library = MustacheLibrary(templates: [:])
        if renders {
            #expect(try library.render(template, ["a": true]) == "x")
        } else {
            #expect(throws: MustacheError.self) { try library.render(template, ["a": true]) }
        }
    }

    // Found with the fuzz harness (Fuzz/mustache.swift): short templates whose work
    // doubles at each level ran for hours; they now stop at the step budget.

    @Test func nestedSectionsOverAListStopAtTheStepBudget() throws {
        let source = String(repeating: "{{#list}}", count: 40) + "x" + String(repeating: "{{/list}}", count: 40)
        let error = try renderError(["page": source], render: "page", ["list": [1, 2]])
        #expect(error?.description == "page:1:" + String(1 + 39 * 9) + ": error: template renders too much "
            + "(over 10000000 steps or 256 MB of output): do sections or partials multiply each other?")
    }

    @Test func partialsThatIncludeTheNextTwiceStopAtTheStepBudget() throws {
        var templates = ["p30": "x"]
        for i in 0..<30 { templates["p\(i)"] = "{{>p\(i + 1)}}{{>p\(i + 1)}}" }
        let error = try renderError(templates, render: "p0")
        #expect(error?.message.hasPrefix("template renders too much") == true)
        #expect(error?.location.file.hasPrefix("p") == true)
    }

    /// Where a render stops is the tag it entered last, whatever kind of tag: a partial (`{{>p24}}`),
    /// a block (`{{$c}}`), each in a template of its own; the depth limit at the tag that passed it.
    @Test func theStepBudgetIsReportedAtTheLastPartialOrBlockEntered() throws {
        var templates = ["p24": "x"]
        for i in 0..<24 { templates["p\(i)"] = "{{$b}}-{{>p\(i + 1)}}{{/b}}{{$c}}{{>p\(i + 1)}}{{/c}}" }
        let error = try renderError(templates, render: "p0")
        #expect(error?.description == "p23:1:8: error: template renders too much (over 10000000 steps or 256 MB of output): do sections or partials multiply each other?")
        var nested = ["q24": "x"]
        for i in 0..<24 { nested["q\(i)"] = "{{>q\(i + 1)}}{{>q\(i + 1)}}{{$b}}a{{$c}}b{{$d}}c{{/d}}{{/c}}{{/b}}" }
        let blocks = try renderError(nested, render: "q0")
        #expect(blocks?.description == "q22:1:24: error: template renders too much (over 10000000 steps or 256 MB of output): do sections or partials multiply each other?")
        let recursive = try renderError(["page": "{{<layout}}{{$body}}{{>page}}{{>page}}{{/body}}{{/layout}}", "layout": "a\n  {{$body}}{{/body}}"], render: "page")
        #expect(recursive?.description == "page:1:21: error: template nesting deeper than 200 (recursive partial?)")
    }

    @Test func theDepthLimitIsReportedAtTheParentTag() throws {
        let error = try renderError(["a": "x\n  {{<b}}{{/b}}", "b": "{{#t}}{{<a}}{{/a}}{{/t}}"], render: "a", ["t": true])
        #expect(error?.description == "b:1:7: error: template nesting deeper than 200 (recursive partial?)")
    }

    @Test func bigOutputStopsAtTheOutputBudget() throws {
        // 2^14 copies of a 32 KiB value: 512 MiB, in few steps.
        let source = String(repeating: "{{#list}}", count: 14) + "{{{big}}}" + String(repeating: "{{/list}}", count: 14)
        let big = MustacheValue.string(String(repeating: "0123456789abcdef", count: 2048))
        let error = try renderError(["page": source], render: "page", ["list": [1, 2], "big": big])
        #expect(error?.message.hasPrefix("template renders too much") == true)
    }

    @Test func aLargeListWithinTheBudgetRenders() throws {
        // 100,000 rows of a few tags each: far more than a real page, well under the budget.
        let rows = MustacheValue.array((0..<100_000).map { ["name": .string("row \($0)")] })
        let template = try MustacheTemplate(source: "{{#rows}}<li>{{name}}</li>{{/rows}}", name: "list")
        let output = try MustacheLibrary(templates: [:]).render(template, ["rows": rows])
        #expect(output.hasSuffix("<li>row 99999</li>"))
    }
}

/// `MissingVariable.fail`: a variable tag no context answers is an error at the tag, with the
/// names that were there; sections of missing names stay optional.
@Suite("Unknown variables")
struct UnknownVariableTests {
    /// The error of rendering `source` strictly, through the fast paths or the reference ones.
    static func strictError(_ source: String, _ context: MustacheValue, reference: Bool = false) throws -> MustacheError? {
        let library = MustacheLibrary(templates: ["page": try MustacheTemplate(source: source, name: "page")], missingVariable: .fail())
        do {
            _ = try library.renderUTF8("page", context, usesReferencePaths: reference)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [false, true])
    func aMisspeltNameFailsAtItsTagWithTheNamesThere(reference: Bool) throws {
        let context: MustacheValue = ["title": "T", "items": [["href": "/a"]]]
        let error = try #require(try Self.strictError("<h1>{{title}}</h1>\n{{#items}}<a href=\"{{href}}\">{{{titel}}}</a>{{/items}}", context, reference: reference))
        #expect(error.description
            == "page:2:30: error: unknown variable 'titel': no value of that name is given to this template, so it would render nothing")
        #expect(error.unknownName == "titel")
        // Every context on the stack: the item's names and the page's.
        #expect(error.knownNames == ["href", "items", "title"])
    }

    @Test(arguments: [false, true])
    func aDottedNameOffersTheNamesWhereItsLookUpStopped(reference: Bool) throws {
        let context: MustacheValue = ["page": ["title": "T", "meta": ["date": "d"]], "t": ["hello": "Hola"]]
        let deep = try #require(try Self.strictError("{{page.meta.dat}}", context, reference: reference))
        #expect(deep.unknownName == "page.meta.dat")
        #expect(deep.knownNames == ["page.meta.date"])
        let two = try #require(try Self.strictError("x {{t.helo}}", context, reference: reference))
        #expect(two.location.column == 3)
        #expect(two.knownNames == ["t.hello"])
    }

    /// Names under an exempt first key are another check's (the site's UI strings, `t.key`).
    @Test func namesUnderAnExemptKeyRenderEmpty() throws {
        let library = MustacheLibrary(
            templates: ["page": try MustacheTemplate(source: "[{{t.nope}}{{{t}}}]{{tt}}", name: "page")], missingVariable: .fail(exempt: ["t"]))
        let error = try #require(throws: MustacheError.self) { try library.render("page", ["t": ["yes": "sí"]]) }
        #expect(error.unknownName == "tt")
        #expect(try library.render("page", ["t": ["yes": "sí"], "tt": "x"]) == "[]x")
    }

    @Test func sectionsOfMissingNamesAndTheirContentStayOptional() throws {
        let context: MustacheValue = ["title": "T", "empty": false, "nothing": .null]
        #expect(try Self.strictError("{{#updated}}{{updated}}{{/updated}}{{^editHref}}-{{/editHref}}{{#empty}}{{nope}}{{/empty}}", context) == nil)
        // A name present with a null value is given: it renders nothing, as asked.
        #expect(try Self.strictError("{{nothing}}{{.}}", context) == nil)
    }

    @Test func theSpecBehaviourStaysTheDefault() throws {
        let library = MustacheLibrary(templates: [:])
        #expect(library.missingVariable == .renderEmpty)
        #expect(try library.render(MustacheTemplate(source: "[{{nope}}{{{a.b}}}]", name: "page"), [:]) == "[]")
    }
}
