// Fuzz target `article`: a whole article file through the site's pipeline, as a build
// reads it: `SourceText.decode`, `ArticleReader.read` then `ArticleRenderer.render` (front matter, Markdown,
// `lifecycle` examples run against the model, prose arrow chains verified, code
// highlighted, state diagrams drawn, the page body rendered to HTML).
//
// Any trap or sanitizer report is a finding; so is a broken promise (see
// `ArticleFuzz.check`), which the entry point turns into an abort.
//
// This file is also compiled into SiteTests (a symlink there), where
// `ArticleFuzzRegressionTests` runs the seed corpus and every saved crash through `check`.

import Diagnostics
import Foundation

@testable import SiteContent
@testable import SiteRender

enum ArticleFuzz {
    static let file = "Content/es/fuzz.md"
    static let reader = ArticleReader()
    /// The interface strings are their keys: the renderer only needs some text for labels.
    static let renderer = ArticleRenderer(strings: UIStrings())
    /// The repository's templates (the example figure is one), read from the working
    /// directory: the fuzzer and `swift test` both run at the repository's root.
    static let templates = Result { () throws(DiagnosticError) in
        try TemplateSet.load(templatesDir: URL(filePath: "Templates"), displayPrefix: "Templates/")
    }

    struct Outcome {
        var diagnostics: [Diagnostic] = []
        var article: Article?
        var violations: [String] = []
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        let lines = FuzzFileLines(bytes, file: file)
        if case .failure(let error) = templates {
            // Not the input's fault: every input would fail the same way, so say so loudly.
            outcome.violations.append("setup: the templates did not load: \(error.diagnostics.map(\.message))")
            return outcome
        }
        let rendered: (article: Article?, diagnostics: [Diagnostic])
        do throws(DiagnosticError) {
            let (read, diagnostics) = try reader.read(SourceText.decode(bytes, displayPath: file), lang: "es", slug: "fuzz")
            rendered = (try read.map { read throws(DiagnosticError) in try renderer.render(read, templates: templates.get()) }, diagnostics)
        } catch {
            rendered = (nil, error.diagnostics)
        }
        outcome.diagnostics = rendered.diagnostics
        outcome.article = rendered.article
        outcome.violations = rendered.diagnostics.compactMap { lines.misplacement($0, "render") }
        guard let article = rendered.article else {
            if !rendered.diagnostics.contains(where: { $0.severity == .error }) {
                outcome.violations.append("render: refused without an error")
            }
            return outcome
        }
        if article.title.allSatisfy(\.isWhitespace) {
            outcome.violations.append("render: accepted a blank title")
        }
        outcome.violations += htmlViolations(article)
        return outcome
    }

    /// What the page body must never hold, whatever the writer typed: raw HTML is
    /// shown as text, so no element or attribute of the writer's can run or load
    /// anything; every id is unique (headings step aside for reserved ones); the
    /// table of contents points at ids that exist.
    static func htmlViolations(_ article: Article) -> [String] {
        var violations: [String] = []
        var ids: Set<String> = []
        for tag in StartTags(article.bodyUTF8) {
            if ["script", "iframe", "object", "embed", "style", "link", "meta", "base", "form"].contains(tag.name) {
                violations.append("html: a <\(tag.name)> element")
            }
            for (name, value) in tag.attributes {
                if name.hasPrefix("on") {
                    violations.append("html: an event handler attribute \(name) on <\(tag.name)>")
                }
                if ["href", "src", "xlink:href"].contains(name) {
                    let scheme = value.drop(while: \.isWhitespace).lowercased()
                    if ["javascript:", "vbscript:", "file:"].contains(where: scheme.hasPrefix) {
                        violations.append("html: a \(scheme.prefix(11)) URL in \(name) of <\(tag.name)>")
                    }
                }
                if name == "id", !ids.insert(value).inserted {
                    violations.append("html: the id '\(value)' is given twice")
                }
            }
        }
        for entry in article.toc where !ids.contains(entry.id) {
            violations.append("toc: '\(entry.text)' links to #\(entry.id), which no element has")
        }
        return violations
    }
}

/// The start tags of an HTML fragment with their attributes (values unescaped
/// only as far as the checks need: entities are left as they are).
struct StartTags: Sequence, IteratorProtocol {
    struct Tag {
        var name: String
        var attributes: [(name: String, value: String)]
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ html: [UInt8]) { bytes = html }

    mutating func next() -> Tag? {
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard index < bytes.count, isLetter(bytes[index]) else { continue }
            let name = word()
            var attributes: [(name: String, value: String)] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                    index += 1
                    continue
                }
                let attribute = word()
                if attribute.isEmpty { index += 1; continue }
                var value = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        let quote = bytes[index]
                        let end = bytes[(index + 1)...].firstIndex(of: quote) ?? bytes.count
                        value = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                        index = Swift.min(end + 1, bytes.count)
                    } else {
                        value = word()
                    }
                }
                attributes.append((attribute, value))
            }
            return Tag(name: name, attributes: attributes)
        }
        index = bytes.count
        return nil
    }

    /// Bytes up to a space, `=`, `>` or `/`, lowercased.
    private mutating func word() -> String {
        let start = index
        while index < bytes.count, !isSpace(bytes[index]), ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
    }

    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(byte) }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func articleFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size) { ArticleFuzz.check($0).violations }
}
#endif
