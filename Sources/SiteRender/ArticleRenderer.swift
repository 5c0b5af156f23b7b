import Diagnostics
import Diagrams
import Encoding
import Highlight
import LifecycleModel
import Markdown
import Mustache
import Scenarios
import SiteContent
import Translations
import LifecycleMachines

/// Renders an article that `ArticleReader` read and verified: its HTML body (highlighted
/// code, example figures, marked chains, heading anchors) and table of contents.
package struct ArticleRenderer: Sendable {
    let strings: UIStrings
    /// What the build's pages of one language share (`t`, diagrams, the exercise script's words).
    package let values: LanguageValues

    /// `assets`: the build's generated assets, source name → published path (`SiteInputs.generated`):
    /// figures draw their machine's geometry file (`DiagramFiles`) from there.
    package init(strings: UIStrings, assets: [String: String] = [:]) {
        self.strings = strings
        values = LanguageValues(strings: strings, assets: assets)
    }

    /// The article with its HTML body and table of contents. Every node rendered elsewhere is
    /// computed first: example figures, marked chains, highlighted code.
    package func render(_ read: ReadArticle, templates: TemplateSet) throws(DiagnosticError) -> Article {
        let lang = read.article.lang
        let document = read.document
        var nodeHTML = NodeHTML()
        let root = SiteLinks.rootPrefix(from: SiteLinks.articleDir(lang, read.article.slug))
        let figure = ExampleFigure(lang: lang, strings: strings, values: values, templates: templates, root: root)
        let exerciseFigure = ExerciseFigure(lang: lang, strings: strings, values: values, templates: templates)
        let codeLabel = strings.string("codeLabel", lang: lang)
        let names = ModelNames(strings: strings, lang: lang)
        var hasFigures = false
        // The reader's code samples are the document's code blocks in order, each lexed once
        // and holding its block's index.
        let samples = read.article.codeSamples
        var nextSample = samples.startIndex
        for (index, node) in document.nodes.enumerated() {
            guard case .codeBlock(let info, _) = node.kind else { continue }
            var sample: CodeSample?
            if nextSample < samples.endIndex, samples[nextSample].node == index {
                sample = samples[nextSample]
                nextSample += 1
            }
            // An example's figure, else an exercise's, else the highlighted code.
            if let verified = read.verification.example(at: index), let html = try figure.html(verified) {
                hasFigures = true
                nodeHTML.set(html, for: index)
            } else if let exercise = read.verification.exercise(at: index), let html = try exerciseFigure.html(exercise) {
                nodeHTML.set(html, for: index)
            } else if let lexed = sample.map(\.lexed) ?? CodeSample(info: info, code: node.literal, line: node.start.line).lexed {
                nodeHTML.set(highlightedHTML(lexed, label: codeLabel), for: index)
            }
        }
        let chainTitle = strings.string("verifiedChain", lang: lang)
        let machineTitle = { (id: String) -> String in Machines.machine(id).map { names.title($0).text } ?? id }
        for index in read.verification.nodesWithChains {
            nodeHTML.set(ChainMarkup.html(
                document.nodes[index].literal, chains: read.verification.chains(in: index), insideLink: document.isInsideLink(index),
                title: chainTitle, machineTitle: machineTitle), for: index)
        }
        var renderer = makeRenderer(lang: lang)
        // A tutorial's outline, made when it was read (nil for a page of prose).
        let tutorial = read.tutorial
        // Sections still in the source language (front matter `untranslated`) are marked with its `lang`
        // (a tutorial marks its steps instead, below: a `<div lang>` cannot span two steps).
        let untranslatedLanguage: String? = if let from = read.article.translation?.from, from != lang, !read.article.untranslated.isEmpty { from } else { nil }
        if let from = untranslatedLanguage, tutorial == nil {
            let sections = read.article.sections
            let untranslated = Set(read.article.untranslated)
            renderer.blockLanguage = { line in
                // The section a block is in: the last one starting at or before its line.
                var index = 0
                for (i, section) in sections.enumerated() where section.line <= line { index = i }
                return untranslated.contains(index) ? from : nil
            }
        }
        let targets = read.targets
        renderer.linkTarget = { url, isImage in targets[ArticleReader.LinkKey(url: url, isImage: isImage)] }
        // The arrows of the figures' diagrams, once after the body of a page that has figures, written
        // into its output: appended to its bytes, they copied the whole body.
        let markers = hasFigures ? [StateDiagram.pageMarkers] : []
        var article = read.article
        let headings: [Heading]
        if let outline = tutorial {
            // The lesson regroups the HTML where the renderer wrote it: an array of it was a copy of the whole page.
            let untranslated = untranslatedLanguage.map { ($0, Set(read.article.untranslated)) }
            let lesson = renderer.render(document, replacingNodes: nodeHTML) { html, madeHeadings, blocks in
                (tutorialHTML(
                    html, blocks: blocks, document: document, lang: lang, untranslated: untranslated,
                    outline: outline, followedBy: markers), madeHeadings)
            }
            article.bodyUTF8 = lesson.0
            headings = lesson.1
        } else {
            let rendered = renderer.render(document, replacingNodes: nodeHTML, followedBy: markers)
            article.bodyUTF8 = rendered.utf8
            headings = rendered.headings
        }
        // One array with room for every heading: filtering first grew a second one by doubling.
        var toc: [TOCEntry] = []
        toc.reserveCapacity(headings.count)
        for heading in headings where (2...3).contains(heading.level) {
            toc.append(TOCEntry(level: heading.level, id: heading.id, text: heading.text, html: Self.html(of: heading.languageRuns)))
        }
        article.toc = toc
        return article
    }

    /// A table of contents entry's HTML for a heading holding words in another language: each
    /// run escaped, those with a `lang` in `<span lang>` as in the heading. Nil for no runs.
    static func html(of runs: [LanguageRun]) -> String? {
        guard !runs.isEmpty else { return nil }
        var html = ""
        for run in runs {
            if let lang = run.lang {
                html += "<span lang=\"\(HTML.escape(lang))\">\(HTML.escape(run.text))</span>"
            } else {
                html += HTML.escape(run.text)
            }
        }
        return html
    }

    /// A tutorial's body, as `outline` divides it (`TutorialOutline`): the introduction, then each
    /// numbered step with its code blocks (samples, examples, exercises) beside its text
    /// (`.step-media`; CSS puts them in a second column on wide screens), then the conclusion,
    /// footnotes and `trailer`. `rendered` is the document's HTML, `blocks` its blocks
    /// (`HTMLRenderer.render(_:replacingNodes:followedBy:reading:)`).
    func tutorialHTML(
        _ rendered: UnsafeBufferPointer<UInt8>, blocks: [RenderedMarkdown.Block], document: MarkdownDocument, lang: String,
        untranslated: (from: String, sections: Set<Int>)?, outline: TutorialOutline, followedBy trailer: [String] = []
    ) -> [UInt8] {
        // The parts are slices of the rendered HTML, each copied once, into `out`.
        struct Step {
            var text: [UnsafeBufferPointer<UInt8>] = []
            var media: [UnsafeBufferPointer<UInt8>] = []
            var hasMedia: Bool { media.contains { !$0.isEmpty } }
        }
        var intro: [UnsafeBufferPointer<UInt8>] = []
        // The numbered steps, then (past `outline.steps`) the conclusion, if any.
        var steps: [Step] = []
        var tail: [UnsafeBufferPointer<UInt8>] = []
        for block in blocks {
            let node = document.nodes[block.node]
            // A block's range is within the HTML it was cut from; clamped all the same.
            let range = block.utf8Range.clamped(to: 0..<rendered.count)
            let html = UnsafeBufferPointer(rebasing: rendered[range])
            if case .footnoteDefinition = node.kind {
                tail.append(html)
                continue
            }
            if case .heading = node.kind, node.headingLevel == 2 { steps.append(Step()) }
            guard !steps.isEmpty else {
                intro.append(html)
                continue
            }
            if case .codeBlock = node.kind {
                steps[steps.count - 1].media.append(html)
            } else {
                steps[steps.count - 1].text.append(html)
            }
        }
        let conclusion = steps.count > outline.steps ? steps.removeLast() : nil
        let stepLabel = HTML.escape(strings.string("tutorialStep", lang: lang))
        let doneLabel = HTML.escape(strings.string("tutorialStepDone", lang: lang))
        // Written into the array the article keeps, with room for all of it made up front: gathered
        // in a `ByteOutput` first, the whole body was copied once more into an array. Markup is
        // written in pieces, not as interpolated strings (each one built, then copied).
        var out: [UInt8] = []
        out.reserveCapacity(rendered.count + 512 * (steps.count + 2) + trailer.reduce(0) { $0 + $1.utf8.count })
        if intro.contains(where: { !$0.isEmpty }) {
            out.append(utf8: "<div class=\"tutorial-intro\"")
            Self.appendLanguage(untranslated, section: 0, to: &out)
            out.append(utf8: ">\n")
            for part in intro { out.append(contentsOf: part) }
            out.append(utf8: "</div>\n")
        }
        if !steps.isEmpty {
            out.append(utf8: "<ol class=\"tutorial-steps\">\n")
            for (index, step) in steps.enumerated() {
                let number = String(index + 1)
                let exercises = index < outline.steps ? outline.exercisesPerStep[index] : 0
                // Section 0 is the introduction (ArticleSections), so step N is section N.
                out.append(utf8: step.hasMedia ? "<li class=\"tutorial-step\" id=\"ld-step-" : "<li class=\"tutorial-step text-only\" id=\"ld-step-")
                out.append(utf8: number)
                out.append(utf8: "\" data-step=\"")
                out.append(utf8: number)
                out.append(utf8: "\" data-exercises=\"")
                out.append(utf8: String(exercises))
                out.append(utf8: "\"")
                Self.appendLanguage(untranslated, section: index + 1, to: &out)
                let label = stepLabel + " " + LocalFormat.number(index + 1, lang: lang)
                // A heading that starts with its own "Paso 1: " keeps it for screen readers and hides
                // it on screen, where the label says it; the label is then hidden from screen readers.
                let repeated = step.text.first.flatMap { Self.repeatedLabel(label, in: $0) }
                out.append(utf8: repeated == nil ? ">\n<div class=\"step-text\">\n<p class=\"step-number\">" : ">\n<div class=\"step-text\">\n<p class=\"step-number\" aria-hidden=\"true\">")
                out.append(utf8: label)
                out.append(utf8: "</p>\n")
                for (position, part) in step.text.enumerated() {
                    if position == 0, let repeated {
                        out.append(contentsOf: part[..<repeated.lowerBound])
                        out.append(utf8: "<span class=\"visually-hidden\">")
                        out.append(contentsOf: part[repeated])
                        out.append(utf8: "</span>")
                        out.append(contentsOf: part[repeated.upperBound...])
                    } else {
                        out.append(contentsOf: part)
                    }
                }
                if exercises == 0 {
                    // For the reader's progress (`exercise.js`): a step without exercises is done when they say so.
                    out.append(utf8: "<p class=\"step-done-line\" hidden><button type=\"button\" class=\"step-done\" data-step-done aria-pressed=\"false\">")
                    out.append(utf8: doneLabel)
                    out.append(utf8: "</button></p>\n")
                }
                out.append(utf8: "</div>\n")
                if step.hasMedia {
                    out.append(utf8: "<div class=\"step-media\">\n")
                    for part in step.media { out.append(contentsOf: part) }
                    out.append(utf8: "</div>\n")
                }
                out.append(utf8: "</li>\n")
            }
            out.append(utf8: "</ol>\n")
        }
        if let conclusion {
            // Its section follows the steps' (section 0 is the introduction).
            out.append(utf8: "<section class=\"tutorial-conclusion\"")
            Self.appendLanguage(untranslated, section: steps.count + 1, to: &out)
            out.append(utf8: ">\n")
            for part in conclusion.text { out.append(contentsOf: part) }
            out.append(utf8: "</section>\n")
        }
        for part in tail { out.append(contentsOf: part) }
        for part in trailer { out.append(utf8: part) }
        return out
    }

    /// Where a step's heading (`<h2 …>Paso 1: Un giro…`) starts with its step's label and a
    /// separator (": ", ". ", or a dash between spaces): the bytes of both, or nil.
    static func repeatedLabel<Bytes: RandomAccessCollection<UInt8>>(_ label: String, in html: Bytes) -> Range<Bytes.Index>? {
        guard html.starts(with: "<h2".utf8), let close = html.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let start = html.index(after: close)
        let text = html[start...]
        guard text.starts(with: label.utf8) else { return nil }
        let rest = text.dropFirst(label.utf8.count)
        guard let separator = [": ", ". ", " — ", " – ", " - "].first(where: { rest.starts(with: $0.utf8) }) else { return nil }
        return start..<html.index(start, offsetBy: label.utf8.count + separator.utf8.count)
    }

    /// ` lang="…"` on a step whose section is still in the source language.
    private static func appendLanguage(_ untranslated: (from: String, sections: Set<Int>)?, section: Int, to out: inout [UInt8]) {
        guard let untranslated, untranslated.sections.contains(section) else { return }
        out.append(utf8: " lang=\"")
        out.append(utf8: HTML.escape(untranslated.from))
        out.append(utf8: "\"")
    }

    private func makeRenderer(lang: String) -> HTMLRenderer {
        var renderer = HTMLRenderer()
        renderer.anchorLabel = strings.string("anchorLabel", lang: lang)
        renderer.footnoteBackLabel = strings.string("footnoteBack", lang: lang)
        renderer.footnotesTitle = strings.string("footnotes", lang: lang)
        renderer.taskLabel = strings.string("taskItem", lang: lang)
        renderer.reservedIDs = Self.isReservedID
        // Looked up once a page: a look-up for each alert hashed its key and language (about 1,000
        // instructions, some 17 alerts a page).
        let titles = (
            note: strings.string("alertNote", lang: lang), tip: strings.string("alertTip", lang: lang),
            important: strings.string("alertImportant", lang: lang), warning: strings.string("alertWarning", lang: lang),
            caution: strings.string("alertCaution", lang: lang)
        )
        renderer.alertTitle = { kind in
            switch kind {
            case .note: titles.note
            case .tip: titles.tip
            case .important: titles.important
            case .warning: titles.warning
            case .caution: titles.caution
            }
        }
        return renderer
    }

    /// A code block in a language the highlighter knows (one in any other is written as is).
    private func highlightedHTML(_ code: LexedCode, label: String) -> ByteOutput {
        // Focusable and labelled: a scrolling code block must be reachable by keyboard.
        let language = code.language
        var html = ByteOutput(capacity: code.source.spans.count * 24 + 256)
        // In pieces: each interpolated string was built, then copied.
        html.append(utf8: "<pre class=\"code\" data-lang=\"")
        html.append(utf8: language.rawValue)
        html.append(utf8: "\" tabindex=\"0\" role=\"region\" aria-label=\"")
        HTML.append(escaping: label, to: &html)
        html.append(utf8: "\"><code class=\"language-")
        html.append(utf8: language.rawValue)
        html.append(utf8: "\">")
        Highlighter.appendHTML(code.source, options: Self.highlightOptions, to: &html)
        html.append(utf8: "</code></pre>\n")
        return html
    }

    /// Whether an article page gives this id to something outside the
    /// Markdown, so no heading may take it: the templates' ids (all `ld-…`),
    /// the examples' (`ex-N`, and `ex-N-diagram-…` inside their diagrams), the
    /// exercises' (`exercise-N`, `exercise-N-option-M`) and the verified chains' (`chain-N`).
    static func isReservedID(_ id: String) -> Bool {
        // Most ids start with another letter: no prefix to compare. No other text is canonically
        // equivalent to an `l`, `e` or `c`, so an id whose first byte is none of them has none of the prefixes.
        guard let first = id.utf8.first, first == UInt8(ascii: "l") || first == UInt8(ascii: "e") || first == UInt8(ascii: "c") else {
            return false
        }
        return hasReservedPrefix(id)
    }

    /// `isReservedID` without its first-byte check: the prefixes compared as `String`s.
    static func hasReservedPrefix(_ id: String) -> Bool {
        if id.hasPrefix("ld-") { return true }
        for prefix in ["ex-", "chain-", "exercise-"] where id.hasPrefix(prefix) {
            let rest = id.utf8.dropFirst(prefix.utf8.count)
            let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard !digits.isEmpty else { continue }
            let tail = rest.dropFirst(digits.count)
            if tail.isEmpty || (prefix == "ex-" && tail.starts(with: "-diagram-".utf8)) { return true }
            if prefix == "exercise-" && tail.starts(with: "-option-".utf8) { return true }
        }
        return false
    }

    /// Callback names in code carry `data-callback`, so the player can light the handler a step calls.
    static let highlightOptions = HighlightOptions(taggedIdentifiers: Set(Machines.all.flatMap { machine in
        machine.callbacks.flatMap { [$0.id] + $0.aliases }.filter { name in name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
    }))


}

private extension [UInt8] {
    /// Appends the UTF-8 of `text`, read in place.
    mutating func append(utf8 text: String) {
        text.withUTF8Bytes { append(contentsOf: $0) }
    }
}
