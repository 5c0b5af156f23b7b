import Foundation
import Testing
import TestSupport
import Encoding

@testable import SiteContent
@testable import SiteRender

/// Example and exercise figures go into the page as the template's bytes; they were rendered to
/// a string first. Over the repository's articles, both give the same bytes.
@Suite struct FigureBytesTests {
    @Test func figureBytesAreTheFiguresRenderedToAString() throws {
        let templates = try TemplateSet.load(templatesDir: repositoryRoot.appending(path: "Templates"), displayPrefix: "Templates/")
        let strings = UIStrings()
        let values = ArticleRenderer(strings: strings).values
        var figures = 0
        // A figure made as bytes and the same figure made as a string (nil: the block did not run).
        func check(_ figure: consuming ByteOutput?, _ string: String?, _ name: String) {
            let bytes: [UInt8]? = if let figure { figure.bytes } else { nil }
            #expect(bytes == string.map { Array($0.utf8) }, "\(name)")
            if bytes != nil { figures += 1 }
        }
        try forEachRepositoryArticle { lang, file, read in
            let example = ExampleFigure(lang: lang, strings: strings, values: values, templates: templates, root: "../../")
            for verified in read.verification.examples {
                let string = try verified.trace.map { try templates.render(ExampleFigure.template, example.context($0, id: "ex-\(verified.number)")) }
                check(try example.html(verified), string, "\(lang)/\(file) example \(verified.number)")
            }
            let exercise = ExerciseFigure(lang: lang, strings: strings, values: values, templates: templates)
            for verified in read.verification.exercises {
                let string = try verified.trace.map { try templates.render(ExerciseFigure.template, exercise.context($0, id: "exercise-\(verified.number)")) }
                check(try exercise.html(verified), string, "\(lang)/\(file) exercise \(verified.number)")
            }
        }
        // The repository's articles hold examples: none found means the content was not read.
        #expect(figures > 10)
    }
}
