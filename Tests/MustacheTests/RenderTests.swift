import Mustache
import Testing

/// Renders `source` with the given partials (strict about missing ones).
private func render(
    _ source: String, _ context: MustacheValue = [:], partials: [String: String] = [:]
) throws -> String {
    var templates: [String: MustacheTemplate] = [:]
    for (name, text) in partials { templates[name] = try MustacheTemplate(source: text, name: name) }
    return try MustacheLibrary(templates: templates).render(MustacheTemplate(source: source, name: "page"), context)
}

@Suite("Escaping")
struct EscapingTests {

    @Test func doubleMustacheEscapesTripleAndAmpersandDoNot() throws {
        let context: MustacheValue = ["x": "<a href='/'>Tom & \"Jerry\"</a>"]
        #expect(try render("{{x}}", context) == "&lt;a href=&#39;/&#39;&gt;Tom &amp; &quot;Jerry&quot;&lt;/a&gt;")
        #expect(try render("{{{x}}}", context) == "<a href='/'>Tom & \"Jerry\"</a>")
        #expect(try render("{{&x}}", context) == "<a href='/'>Tom & \"Jerry\"</a>")
    }

    @Test func templateTextIsNeverEscaped() throws {
        #expect(try render("<p class='a'>&amp;</p>") == "<p class='a'>&amp;</p>")
    }
}

@Suite("Values")
struct ValueTests {
    @Test(arguments: [
        (MustacheValue.int(85), "85"), (.int(-3), "-3"), (.double(1.21), "1.21"), (.double(1.0), "1"),
        (.double(-2.5), "-2.5"), (.double(0), "0"), (.double(1e300), "1e+300"), (.bool(true), "true"),
        (.null, ""), (.array([1, 2]), ""), (.object(["a": 1]), ""),
    ])
    func interpolationText(value: MustacheValue, text: String) throws {
        #expect(try render("{{v}}", ["v": value]) == text)
    }

    @Test(arguments: [
        (MustacheValue.null, false), (.bool(false), false), (.array([]), false), (.string(""), false),
        (.bool(true), true), (.int(0), true), (.double(0), true), (.string("0"), true),
        (.object([:]), true), (.array([.null]), true),
    ])
    func truthiness(value: MustacheValue, truthy: Bool) throws {
        #expect(try render("{{#v}}yes{{/v}}{{^v}}no{{/v}}", ["v": value]) == (truthy ? "yes" : "no"))
    }

    @Test func literalsBuildTheExpectedCases() {
        let value: MustacheValue = ["a": [1, 2.5, "s", true, nil], "b": ["c": "d"]]
        #expect(value == .object([
            "a": .array([.int(1), .double(2.5), .string("s"), .bool(true), .null]),
            "b": .object(["c": .string("d")]),
        ]))
    }

    @Test func lookupWalksTheContextStackAndDottedNames() throws {
        let context: MustacheValue = [
            "site": ["title": "Docs"],
            "pages": [["title": "Intro"], ["title": "API", "site": ["title": "Shadow"]]],
        ]
        #expect(try render("{{#pages}}{{title}}@{{site.title}};{{/pages}}", context) == "Intro@Docs;API@Shadow;")
    }
}

@Suite("Templates")
struct TemplateTests {
    @Test func aParsedTemplateRendersManyTimes() throws {
        let template = try MustacheTemplate(source: "{{#items}}<li>{{.}}</li>{{/items}}", name: "list")
        let library = MustacheLibrary(templates: [:])
        #expect(try library.render(template, ["items": ["a", "b"]]) == "<li>a</li><li>b</li>")
        #expect(try library.render(template, ["items": ["c"]]) == "<li>c</li>")
        #expect(template.name == "list")
    }

    @Test func standalonePartialIndentationComposes() throws {
        let output = try render(
            "<ul>\n  {{>item}}\n</ul>\n",
            partials: ["item": "<li>\n  {{>body}}\n</li>\n", "body": "one\ntwo\n"])
        #expect(output == "<ul>\n  <li>\n    one\n    two\n  </li>\n</ul>\n")
    }

    @Test func interpolatedNewlinesAreNotIndented() throws {
        let output = try render("  {{>code}}\n", ["src": "a\nb"], partials: ["code": "<pre>{{src}}</pre>\n"])
        #expect(output == "  <pre>a\nb</pre>\n")
    }

    @Test func layoutWithBlocks() throws {
        let layout = """
            <html>
              <head><title>{{$title}}Docs{{/title}}</title></head>
              <body>
                {{$body}}
                <p>empty</p>
                {{/body}}
              </body>
            </html>

            """
        let page = """
            {{<layout}}
            {{$title}}{{name}} – Docs{{/title}}
            {{$body}}
            <h1>{{name}}</h1>
            {{#sections}}
            <p>{{.}}</p>
            {{/sections}}
            {{/body}}
            {{/layout}}

            """
        let output = try render(page, ["name": "Lifecycle", "sections": ["a", "b"]], partials: ["layout": layout])
        #expect(output == """
            <html>
              <head><title>Lifecycle – Docs</title></head>
              <body>
                <h1>Lifecycle</h1>
                <p>a</p>
                <p>b</p>
              </body>
            </html>

            """)
    }

    @Test func defaultBlockContentKeepsItsIndentation() throws {
        let output = try render("{{<layout}}{{/layout}}", partials: [
            "layout": "<body>\n  {{$body}}\n  <p>empty</p>\n  {{/body}}\n</body>\n",
        ])
        #expect(output == "<body>\n  <p>empty</p>\n</body>\n")
    }

    @Test func partialsInsideBlockArgumentsFollowTheSlotIndentation() throws {
        let page = "{{<layout}}\n{{$body}}\n<main>\n  {{>nav}}\n</main>\n{{/body}}\n{{/layout}}\n"
        let output = try render(page, partials: [
            "layout": "<body>\n    {{$body}}\n    {{/body}}\n</body>\n",
            "nav": "<ul>\n</ul>\n",
        ])
        #expect(output == "<body>\n    <main>\n      <ul>\n      </ul>\n    </main>\n</body>\n")
    }

    @Test func crlfStandaloneLinesAreRemovedWhole() throws {
        let output = try render("<ul>\r\n  {{#items}}\r\n  <li>{{.}}</li>\r\n  {{/items}}\r\n</ul>", ["items": ["a", "b"]])
        #expect(output == "<ul>\r\n  <li>a</li>\r\n  <li>b</li>\r\n</ul>")
    }

    @Test func setDelimitersAreLocalToATemplate() throws {
        let output = try render("{{=[[ ]]=}}[[>p]] [[x]]", ["x": 1], partials: ["p": "{{x}}"])
        #expect(output == "1 1")
    }
}
