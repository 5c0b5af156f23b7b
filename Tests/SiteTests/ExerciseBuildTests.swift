import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// `exercise` blocks in articles: checked in the build's verification pass, rendered as a figure
/// whose disclosure holds the model's answer, compared between a translation and its source.
@Suite struct ExerciseBuildTests {
    static let fixtures = repositoryRoot.appending(path: "Tests/SiteTests/Fixtures/exercises")

    static func fixture(_ name: String) throws -> String { try read(fixtures.appending(path: name)) }

    /// The Portuguese fixture as a translation of the Spanish one, made when the source read `source`.
    static func translation(_ body: String, of source: String) throws -> String {
        let sourceBody = source.split(separator: "---\n", maxSplits: 2, omittingEmptySubsequences: false)[2]
        let fingerprints = ArticleSections(body: sourceBody, firstLine: 4).sections.map { "\"\($0.fingerprint)\"" }
        return body.replacing("title: Exercícios\n", with: "title: Exercícios\ntranslation:\n  from: es\n  sections: [\(fingerprints.joined(separator: ", "))]\n")
    }

    func build(_ files: [String: String]) throws -> (BuildResult, [String], URL) {
        let root = try makeProject(content: files)
        let result = SiteBuilder.build(buildOptions(root))
        return (result, result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }, root)
    }

    @Test func searchReadsTheQuestionsAndCaptionsButNotTheModelsAnswersOrTraces() throws {
        // The templates mark what the model writes `data-search-ignore`: an excerpt must not give
        // an answer away, and a trace's words repeat the prose's in every section with an example.
        let example = """

            ```lifecycle ios-app
            # Una llamada entrante interrumpe la app
            given active
            interruption -> inactive : applicationWillResignActive
            ```

            """
        let (result, messages, root) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": try Self.fixture("es.md") + example])
        #expect(result.succeeded, "\(messages)")
        let text = try read(root.appending(path: "public/search/es/p/a.js"))
        for kept in ["¿Qué pasa al pulsar Inicio?", "Una llamada entrante interrumpe la app", "¿Cuáles son ciertas?"] {
            #expect(text.contains(kept), "\(kept)")
        }
        // A choose exercise's statements too: false ones among them, they are no excerpt's words.
        for left in [
            "Ver la respuesta", "Respuesta del modelo", "onSaveInstanceState", "CREATED", "Ejercicio comprobado", "Ejemplo verificado", "Interrupción",
            "(documentado)", "Secuencia posible", "notRunning",
        ] {
            #expect(!text.contains(left), "\(left)")
        }
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("applicationWillResignActive") && html.contains("onSaveInstanceState"))
    }

    @Test func anArticleWithExercisesBuildsWithTheModelsAnswers() throws {
        let (result, messages, root) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": try Self.fixture("es.md")])
        #expect(result.succeeded, "\(messages)")
        #expect(messages == [])
        #expect(result.exercisesChecked == 4)
        #expect(result.summaryLine.contains(", 0 examples run, 4 exercises checked, 0 chains verified in "), "the build counts them as check does")
        // A build counts them; `check` lists each (a build keeps no list for every page: issue 18).
        #expect(result.pages.first?.exercises.isEmpty == true)
        let checked = SiteBuilder.check(buildOptions(root))
        #expect(checked.exercisesChecked == 4)
        #expect(checked.pages.first?.exercises.map(\.kind) == ["predict", "order", "choose", "reach"])
        #expect(checked.pages.first?.exercises.map(\.line) == [6, 14, 22, 31])
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains(
            "<figure class=\"exercise\" id=\"exercise-1\" data-exercise data-kind=\"predict\" data-machine=\"android-activity\" "
                + "data-options=\"{&quot;api&quot;:28,&quot;configChanges&quot;:[],&quot;root&quot;:false}\" data-given=\"resumed\" data-event=\"home\">"))
        #expect(html.contains("<figure class=\"exercise\" id=\"exercise-3\" data-exercise data-kind=\"choose\" data-machine=\"ios-app\""))
        #expect(html.contains("data-kind=\"reach\" data-machine=\"ios-scene\" data-options=\"{&quot;api&quot;:34,&quot;configChanges&quot;:[],&quot;root&quot;:false}\" data-given=\"unattached\" data-target=\"background\">"))
        #expect(html.contains("¿Qué pasa al pulsar Inicio?</figcaption>"))
        #expect(html.components(separatedBy: "<details class=\"exercise-answer\" data-search-ignore>\n<summary>Ver la respuesta</summary>").count == 5)
        // The model's answers, with the model's run: states, callbacks, the row linked to its source, its confidence.
        #expect(html.contains("<p>Respuesta del modelo: <strong data-state=\"created\"><span lang=\"en\">CREATED</span></strong></p>"))
        #expect(html.contains("<ol class=\"exercise-order\">\n<li><code>onPause</code></li>\n<li><code>onStop</code></li>\n<li><code>onSaveInstanceState</code></li>\n</ol>"))
        #expect(html.contains("<a href=\"https://developer.android.com/guide/components/activities/state-changes\" title=\"Activity state changes\" lang=\"en\">D3</a> <span class=\"confidence\">(documentado)</span>"))
        // A choose exercise's statements in the page's words (the line as written for the script).
        #expect(html.contains(
            "<li id=\"exercise-3-option-2\" data-option=\"2\" data-statement=\"path notRunning -&gt; active\">Secuencia posible: "
                + "<span lang=\"en\">Not Running</span> → <span lang=\"en\">Active</span></li>"))
        #expect(html.contains(
            "<li id=\"exercise-3-option-3\" data-option=\"3\" data-statement=\"interruption -&gt; inactive : applicationWillResignActive\">"
                + "<span class=\"event-name\" data-event=\"interruption\" title=\""))
        #expect(html.contains("\">Interrupción</span> → <span lang=\"en\">Inactive</span>: <code>applicationWillResignActive</code></li>"))
        #expect(html.contains("<li data-option=\"2\" data-holds=\"false\">Secuencia posible: <span lang=\"en\">Not Running</span> → <span lang=\"en\">Active</span>: <strong class=\"verdict\">falsa</strong>"))
        #expect(html.contains("<li data-option=\"1\" data-holds=\"true\">Secuencia posible: <span lang=\"en\">Not Running</span> → <span lang=\"en\">Inactive</span> → <span lang=\"en\">Active</span>: <strong class=\"verdict\">cierta</strong>"))
        #expect(html.contains("(se llega a: <strong data-state=\"background\"><span lang=\"en\">Background</span></strong>)"))
        #expect(html.contains("<tr data-step=\"2\" data-confidence=\"doc\"><td>2</td><td><span class=\"event-name\" data-event=\"home\""))
        // No block text left as code: every exercise became a figure.
        #expect(!html.contains("kind predict"))
    }

    /// `layout: tutorial`: the introduction, then each `## ` section a numbered step with its code
    /// blocks beside the text; the tutorials home lists it, and the sitemap has the home.
    @Test func aTutorialIsALessonOfNumberedSteps() throws {
        let article = try Self.fixture("es.md").replacing("title: Ejercicios\n", with: "title: Ejercicios\nlayout: tutorial\n")
            .replacing("```exercise", with: "## Un paso\n\nSu texto.\n\n```exercise")
        #expect(article.contains("layout: tutorial"))
        let (result, messages, root) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": article])
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("<article data-tutorial=\"es/a\">"))
        #expect(html.contains("<ol class=\"tutorial-steps\">\n<li class=\"tutorial-step\" id=\"ld-step-1\" data-step=\"1\" data-exercises=\"1\">\n<div class=\"step-text\">\n<p class=\"step-number\">Paso 1</p>\n<h2 id="))
        #expect(html.contains("</div>\n<div class=\"step-media\">\n<figure class=\"exercise\" id=\"exercise-1\""))
        #expect(html.components(separatedBy: "<li class=\"tutorial-step").count == 5)
        #expect(html.contains("<progress max=\"4\" value=\"0\" aria-labelledby=\"ld-progress-label\"></progress>"))
        #expect(html.contains("<script type=\"application/json\" id=\"ld-exercise-strings\">{"))
        #expect(html.contains("assets/exercise."))
        let home = try read(root.appending(path: "public/es/tutorials/index.html"))
        #expect(home.contains("<li data-tutorial-key=\"es/a\" data-steps=\"4\"><a href=\"../a/index.html\">"))
        // Its size, counted by the rule that numbers the page's steps.
        #expect(home.contains("<p class=\"tutorial-size\">4 pasos · 4 ejercicios<span class=\"tutorial-status\" data-tutorial-status hidden></span></p></li>"))
        // Its exercises run on an iOS machine and on Android's: the homes name both platforms, iOS first.
        let platforms = " <span class=\"platform\"><span class=\"visually-hidden\">Plataforma: </span>iOS</span> <span class=\"platform\"><span class=\"visually-hidden\">Plataforma: </span>Android</span><p>"
        #expect(home.contains("<a href=\"../a/index.html\">Ejercicios</a>" + platforms))
        #expect(try read(root.appending(path: "public/es/index.html")).contains("<a href=\"a/index.html\">Ejercicios</a>" + platforms))
        #expect(try read(root.appending(path: "public/sitemap.xml")).contains("/es/tutorials/</loc>"))
    }

    /// A last section without code blocks is the lesson's conclusion: after the steps, not
    /// numbered, no "done" button, not counted in the progress; its heading keeps its anchor. A
    /// lone text-only section stays a step (a lesson has at least one).
    @Test func aLastSectionWithoutCodeIsTheConclusionNotAStep() throws {
        let article = try Self.fixture("es.md").replacing("title: Ejercicios\n", with: "title: Ejercicios\nlayout: tutorial\n")
            .replacing("```exercise", with: "## Un paso\n\nSu texto.\n\n```exercise") + "\n## Resumen\n\n| Paso | Idea |\n|---|---|\n| 1 | Inicio |\n"
        let (result, messages, root) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": article])
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.components(separatedBy: "<li class=\"tutorial-step").count == 5)
        #expect(!html.contains("id=\"ld-step-5\""))
        #expect(html.contains("<progress max=\"4\" value=\"0\" aria-labelledby=\"ld-progress-label\"></progress>"))
        #expect(html.contains("</ol>\n<section class=\"tutorial-conclusion\">\n<h2 id=\"resumen\">"))
        let conclusion = try #require(html.components(separatedBy: "<section class=\"tutorial-conclusion\">").last?.components(separatedBy: "</section>").first)
        #expect(conclusion.contains("<table>"))
        #expect(!conclusion.contains("data-step-done"))

        let lone = "---\ntitle: A\nlayout: tutorial\n---\nIntroducción.\n\n## Solo texto\n\nUn paso sin código.\n"
        let (loneResult, loneMessages, loneRoot) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": lone])
        #expect(loneResult.succeeded, "\(loneMessages)")
        let loneHTML = try read(loneRoot.appending(path: "public/es/a/index.html"))
        #expect(loneHTML.contains("id=\"ld-step-1\""))
        #expect(!loneHTML.contains("tutorial-conclusion"))
    }

    /// A tutorial without `## ` sections is all introduction: no steps, no progress bar (a
    /// `<progress max="0">` would not be valid HTML).
    @Test func aTutorialWithoutStepsHasNoProgress() throws {
        let (result, messages, root) = try build([
            "site.yml": try Self.fixture("site.yml"), "es/a.md": "---\ntitle: A\nlayout: tutorial\n---\nSolo una introducción.\n\n### Un detalle\n\nMás.\n",
        ])
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("<div class=\"tutorial-intro\">\n<p>Solo una introducción.</p>\n<h3 id="))
        #expect(!html.contains("<progress"))
        #expect(!html.contains("tutorial-steps"))
    }

    @Test func anArticleIsNotATutorialAndTheTutorialsHomeSaysSo() throws {
        let (result, messages, root) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": try Self.fixture("es.md")])
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(!html.contains("tutorial-step"))
        #expect(html.contains("assets/exercise."), "a page with exercises loads the exercise script")
        let home = try read(root.appending(path: "public/es/tutorials/index.html"))
        #expect(home.contains("<h1>Tutoriales</h1>"))
        #expect(home.contains("Todavía no hay tutoriales en este idioma."))
    }

    /// The answer on the page is the model's: an answer key written in another spelling shows the model's name.
    @Test func theAnswerShownIsComputedFromTheModel() throws {
        let article = try Self.fixture("es.md").replacing("answer created", with: "answer Created")
        let (result, messages, root) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": article])
        #expect(result.succeeded, "\(messages)")
        let html = try read(root.appending(path: "public/es/a/index.html"))
        #expect(html.contains("<strong data-state=\"created\"><span lang=\"en\">CREATED</span></strong>"))
    }

    @Test func aWrongAnswerKeyFailsTheBuildAtItsPlaceAndKeepsThePreviousSite() throws {
        let root = try makeProject(content: ["site.yml": try Self.fixture("site.yml"), "es/a.md": try Self.fixture("es.md")])
        #expect(SiteBuilder.build(buildOptions(root)).succeeded)
        let before = try read(root.appending(path: "public/es/a/index.html"))
        try write(
            Data(try Self.fixture("es.md").replacing("answer created", with: "answer started").utf8),
            to: root.appending(path: "Content/es/a.md"))
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        let messages = result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") }
        #expect(messages == [
            "Content/es/a.md:11:8: error: after 'home' the activity is created, not started\n"
                + "    note: the model goes: home: resumed -> started -> created : [onUserLeaveHint], onPause, onStop, [onSaveInstanceState], [onTrimMemory] (D3, doc)\n"
                + "    suggestion: answer created"
        ])
        #expect(try read(root.appending(path: "public/es/a/index.html")) == before)
    }

    @Test func aTranslationWithItsOwnCommentsIsFaithful() throws {
        let source = try Self.fixture("es.md")
        let (result, messages, root) = try build([
            "site.yml": try Self.fixture("site.yml"), "es/a.md": source, "pt/a.md": try Self.translation(try Self.fixture("pt.md"), of: source),
        ])
        #expect(result.succeeded, "\(messages)")
        #expect(messages == [])
        let html = try read(root.appending(path: "public/pt/a/index.html"))
        #expect(html.contains("O que acontece ao tocar em Início?</figcaption>"))
        #expect(html.contains("<summary>Ver a resposta</summary>"))
    }

    @Test func anExerciseThatDiffersFromItsSourceIsAnErrorNamingBothFiles() throws {
        let source = try Self.fixture("es.md")
        let changed = try Self.fixture("pt.md").replacing("option path notRunning -> active", with: "option path background -> active")
        let (result, messages, _) = try build([
            "site.yml": try Self.fixture("site.yml"), "es/a.md": source, "pt/a.md": try Self.translation(changed, of: source),
        ])
        #expect(!result.succeeded)
        #expect(messages == [
            "Content/pt/a.md:30:1: error: exercise 3 differs from its source Content/es/a.md:27\n"
                + "    note: only comments and the text of strings may differ from the source; code, names and expectations may not\n"
                + "    suggestion: option path notRunning -> active"
        ])
    }
}

extension ExerciseBuildTests {
    /// A wrong key in the source is the source's error, reported once, not again in each translation that copied it.
    @Test func aWrongKeyCopiedIntoATranslationIsReportedOnceAtTheSource() throws {
        let source = try Self.fixture("es.md").replacing("answer created", with: "answer started")
        let translation = try Self.translation(try Self.fixture("pt.md").replacing("answer created", with: "answer started"), of: source)
        let (result, messages, _) = try build(["site.yml": try Self.fixture("site.yml"), "es/a.md": source, "pt/a.md": translation])
        #expect(!result.succeeded)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/es/a.md:11:8: error: after 'home' the activity is created, not started") == true, "\(messages)")
        #expect(messages.first?.contains("Content/pt/a.md") == true, "the copy is named: \(messages)")
    }
}
