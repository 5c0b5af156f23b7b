import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations
// The shared helpers (repositoryRoot, seedsDirectory, makeTemporaryDirectory, write, read, snapshot, FuzzInputs) for every file of this target.
@_exported import TestSupport

/// A copy of the real templates and the given content, for builds that must not touch the repository.
func makeProject(content: [String: String], templates: [String: String] = [:]) throws -> URL {
    let root = try makeTemporaryDirectory()
    try FileManager.default.copyItem(at: repositoryRoot.appending(path: "Templates"), to: root.appending(path: "Templates"))
    try write(content.reduce(into: [:]) { $0["Content/" + $1.key] = $1.value }, under: root)
    try write(templates.reduce(into: [:]) { $0["Templates/" + $1.key] = $1.value }, under: root)
    return root
}

func buildOptions(_ root: URL) -> BuildOptions {
    BuildOptions(
        contentDir: root.appending(path: "Content").path,
        templatesDir: root.appending(path: "Templates").path,
        outputDir: root.appending(path: "public").path)
}

/// The visible text of an HTML fragment: tags removed, entities decoded.
func visibleText(_ html: some StringProtocol) -> String {
    var out = ""
    var inTag = false
    for c in html {
        if c == "<" { inTag = true } else if c == ">" && inTag { inTag = false } else if !inTag { out.append(c) }
    }
    return out.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
        .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
}

func normalizedWhitespace(_ s: some StringProtocol) -> String {
    s.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// The repository's own site, built once into a temporary folder for all tests that read it.
let repositorySite: Result<URL, TestFailure> = {
    do {
        let output = try makeTemporaryDirectory().appending(path: "public")
        let result = SiteBuilder.build(BuildOptions(
            contentDir: repositoryRoot.appending(path: "Content").path,
            templatesDir: repositoryRoot.appending(path: "Templates").path,
            outputDir: output.path))
        guard result.succeeded else {
            return .failure(TestFailure(result.diagnostics.map { "\($0)" }.joined(separator: "\n")))
        }
        return .success(output)
    } catch {
        return .failure(TestFailure("\(error)"))
    }
}()

/// Every article of the repository's `Content`, read: its language, file name and what the reader made of it.
func forEachRepositoryArticle(_ body: (_ lang: String, _ file: String, _ read: ReadArticle) throws -> Void) throws {
    let content = repositoryRoot.appending(path: "Content")
    for lang in try FileManager.default.contentsOfDirectory(atPath: content.path).sorted() where !lang.contains(".") {
        for file in try FileManager.default.contentsOfDirectory(atPath: content.appending(path: lang).path).sorted() where file.hasSuffix(".md") {
            let text = try SourceText.read(content.appending(path: lang).appending(path: file), displayPath: "\(lang)/\(file)")
            try body(lang, file, try #require(try ArticleReader().read(text, lang: lang, slug: String(file.dropLast(3))).article))
        }
    }
}
