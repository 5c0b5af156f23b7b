import Encoding
import Foundation
import Markdown
import Testing
import TestSupport

@testable import SiteContent
@testable import SiteRender

/// `ArticleRenderer.tutorialHTML` regroups the rendered blocks as slices of the body, each copied
/// once; it built strings per block, per step and per page. Both must write the same tutorial.
@Suite struct TutorialBodyTests {
    /// The regrouping as it was (strings concatenated), kept as the reference.
    static func reference(
        _ rendered: RenderedMarkdown, document: MarkdownDocument, lang: String, strings: UIStrings,
        untranslated: (from: String, sections: Set<Int>)?, isExercise: (Int) -> Bool
    ) -> (html: String, steps: Int) {
        func languageAttribute(_ section: Int) -> String {
            guard let untranslated, untranslated.sections.contains(section) else { return "" }
            return " lang=\"\(HTML.escape(untranslated.from))\""
        }
        struct Step {
            var text = ""
            var media = ""
            var exercises = 0
        }
        var intro = ""
        var steps: [Step] = []
        var tail = ""
        for block in rendered.blocks {
            let node = document.nodes[block.node]
            let html = String(rendered.html(of: block))
            if case .footnoteDefinition = node.kind {
                tail += html
                continue
            }
            if case .heading = node.kind, node.headingLevel == 2 { steps.append(Step()) }
            guard !steps.isEmpty else {
                intro += html
                continue
            }
            if case .codeBlock = node.kind {
                steps[steps.count - 1].media += html
                if isExercise(block.node) { steps[steps.count - 1].exercises += 1 }
            } else {
                steps[steps.count - 1].text += html
            }
        }
        let conclusion = steps.count > 1 && steps[steps.count - 1].media.isEmpty ? steps.removeLast() : nil
        let stepLabel = HTML.escape(strings.string("tutorialStep", lang: lang))
        let doneLabel = HTML.escape(strings.string("tutorialStepDone", lang: lang))
        var out = ""
        if !intro.isEmpty { out += "<div class=\"tutorial-intro\"\(languageAttribute(0))>\n" + intro + "</div>\n" }
        if !steps.isEmpty {
            out += "<ol class=\"tutorial-steps\">\n"
            for (index, step) in steps.enumerated() {
                let number = index + 1
                let kind = step.media.isEmpty ? " text-only" : ""
                out += "<li class=\"tutorial-step\(kind)\" id=\"ld-step-\(number)\" data-step=\"\(number)\" data-exercises=\"\(step.exercises)\"\(languageAttribute(number))>\n"
                out += "<div class=\"step-text\">\n<p class=\"step-number\">\(stepLabel) \(LocalFormat.number(number, lang: lang))</p>\n" + step.text
                if step.exercises == 0 {
                    out += "<p class=\"step-done-line\" hidden><button type=\"button\" class=\"step-done\" data-step-done aria-pressed=\"false\">\(doneLabel)</button></p>\n"
                }
                out += "</div>\n"
                if !step.media.isEmpty { out += "<div class=\"step-media\">\n" + step.media + "</div>\n" }
                out += "</li>\n"
            }
            out += "</ol>\n"
        }
        if let conclusion {
            out += "<section class=\"tutorial-conclusion\"\(languageAttribute(steps.count + 1))>\n" + conclusion.text + "</section>\n"
        }
        return (out + tail, steps.count)
    }

    /// The seed of the random tutorials: `TUTORIAL_SEED` when set (to try others), else a fixed one.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TUTORIAL_SEED"].flatMap { UInt64($0) } ?? 0x7070_0018
    }

    static let blocks = [
        "Intro paragraph with *emphasis* and ünïcode — текст.\n", "## Step heading\n", "## Стъпка\n", "### Small heading\n",
        "```swift\nlet a = 1\n```\n", "```lifecycle ios-app\ngiven active\n```\n", "```text\nplain\n```\n",
        "- item one\n- item two\n", "> quoted\n", "Text with a footnote[^1].\n", "[^1]: The note.\n", "| a | b |\n|---|---|\n| 1 | 2 |\n",
        "<div>raw</div>\n", "\n",
    ]

    @Test func randomTutorialsAreWrittenAsBefore() throws {
        let strings = try ModelNamesTests.repositoryStrings()
        let renderer = ArticleRenderer(strings: strings)
        var random = SeededRandom(seed: Self.seed)
        var stepsSeen = 0
        for round in 0..<300 {
            var markdown = ""
            for _ in 0..<random.below(14) { markdown += random.pick(Self.blocks) + "\n" }
            let document = MarkdownDocument.parse(markdown, file: "t.md")
            let rendered = HTMLRenderer().render(document, replacing: [:])
            let lang = random.pick(["es", "bg", "it", "pt"])
            let untranslated: (from: String, sections: Set<Int>)? = round % 3 == 0 ? ("en", [0, 2, 3]) : nil
            let exercises = Set(document.nodes.indices.filter { _ in random.below(3) == 0 })
            let isExercise = { (index: Int) in exercises.contains(index) }
            let outline = TutorialOutline(document, isExercise: isExercise)
            let made = rendered.utf8.withUnsafeBufferPointer {
                renderer.tutorialHTML($0, blocks: rendered.blocks, document: document, lang: lang, untranslated: untranslated, outline: outline)
            }
            let expected = Self.reference(rendered, document: document, lang: lang, strings: strings, untranslated: untranslated, isExercise: isExercise)
            stepsSeen += outline.steps
            #expect(made == Array(expected.html.utf8), "\(markdown.debugDescription)")
            #expect(outline.steps == expected.steps)
            // Sprites written after the lesson: the bytes once appended to it.
            let sprites = (0..<random.below(3)).map { "<svg id=\"s\($0)\">é</svg>\n" }
            let followed = rendered.utf8.withUnsafeBufferPointer {
                renderer.tutorialHTML(
                    $0, blocks: rendered.blocks, document: document, lang: lang, untranslated: untranslated, outline: outline,
                    followedBy: sprites)
            }
            #expect(followed == made + Array(sprites.joined().utf8), "\(markdown.debugDescription)")
        }
        #expect(stepsSeen > 100)
    }

    /// "PASO 1" above "Paso 1: Un giro…" said it twice: a heading that starts with its step's
    /// label and a separator keeps it for screen readers only, and the label is hidden from them.
    @Test func aHeadingThatRepeatsItsStepLabelShowsItOnce() throws {
        let renderer = ArticleRenderer(strings: try ModelNamesTests.repositoryStrings())
        let markdown = "## Paso 1: Girar\n\nA.\n\n## Paso 10: Otro\n\nB.\n\n## Paso 3 sin separador\n\nC.\n\n## Paso 4 — Volver\n\nD.\n\n```swift\nlet a = 1\n```\n"
        let document = MarkdownDocument.parse(markdown, file: "t.md")
        let rendered = HTMLRenderer().render(document, replacing: [:])
        let outline = TutorialOutline(document, isExercise: { _ in false })
        let made = rendered.utf8.withUnsafeBufferPointer {
            renderer.tutorialHTML(
                $0, blocks: rendered.blocks, document: document, lang: "es", untranslated: nil,
                outline: outline)
        }
        let html = String(decoding: made, as: UTF8.self)
        #expect(html.contains("<p class=\"step-number\" aria-hidden=\"true\">Paso 1</p>\n<h2 id=\"paso-1-girar\"><span class=\"visually-hidden\">Paso 1: </span>Girar <a"))
        #expect(html.contains("<p class=\"step-number\" aria-hidden=\"true\">Paso 4</p>\n<h2 id=\"paso-4-volver\"><span class=\"visually-hidden\">Paso 4 — </span>Volver <a"))
        // Step 2's heading names another step, step 3's has no separator: both as written.
        #expect(html.contains("<p class=\"step-number\">Paso 2</p>\n<h2 id=\"paso-10-otro\">Paso 10: Otro <a"))
        #expect(html.contains("<p class=\"step-number\">Paso 3</p>\n<h2 id=\"paso-3-sin-separador\">Paso 3 sin separador <a"))
        #expect(outline.steps == 4)
    }
}
