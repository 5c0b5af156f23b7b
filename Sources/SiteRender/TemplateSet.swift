import Diagnostics
import Encoding
import Foundation
import LifecycleModel
import Mustache
import SiteContent
import Translations

/// Every `*.mustache` file under the templates folder, named by its path
/// without the extension (`article`, `partials/head`).
package struct TemplateSet: Sendable {
    let library: MustacheLibrary
    /// Every `{{t.key}}` the templates name (any tag kind), with where: a key no UI strings
    /// file has would render nothing, silently (`unknownUIStrings`).
    var uiStringUses: [(key: String, location: SourceLocation)] = []
    /// Each template's text and the path diagnostics show for it, for `placesWriting`.
    var sources: [(displayPath: String, text: String)] = []

    /// The templates the generator renders itself: the pages, and the example figure inside
    /// article bodies; other partials are free-form.
    static let pageTemplates = ["article", "home", "chooser", "404", "playground", "status", "tutorials", "model", "machine", ExampleFigure.template, ExerciseFigure.template]

    package static func load(templatesDir: URL, displayPrefix: String) throws(DiagnosticError) -> TemplateSet {
        var problems: [Diagnostic] = []
        var templates: [String: MustacheTemplate] = [:]
        var uses: [(key: String, location: SourceLocation)] = []
        var sources: [(displayPath: String, text: String)] = []
        let names: [String]
        do {
            names = try FileManager.default.subpathsOfDirectory(atPath: templatesDir.path)
                .filter { $0.hasSuffix(".mustache") }.sorted()
        } catch {
            throw DiagnosticError([
                .error(at: .whole(displayPrefix), "cannot read the templates folder: \(error.localizedDescription)")
            ])
        }
        for path in names {
            let display = displayPrefix + path
            do {
                let source = try SourceText.read(templatesDir.appending(path: path), displayPath: display)
                templates[String(path.dropLast(".mustache".count))] = try MustacheTemplate(source: source.text, name: display)
                uses += Self.uiStringUses(in: source.text, file: display)
                sources.append((display, source.text))
            } catch let error as DiagnosticError {
                problems.append(contentsOf: error.diagnostics)
            } catch let error as MustacheError {
                problems.append(Self.diagnostic(error))
            } catch {
                problems.append(.error(at: .whole(display), "\(error)"))
            }
        }
        let found = Set(names.map { String($0.dropLast(".mustache".count)) })
        for name in pageTemplates where !found.contains(name) {
            problems.append(.error(
                at: .whole(displayPrefix + name + ".mustache"),
                "missing template '\(name)': the generator renders it itself"))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        // `{{t.key}}` tags are checked where they are written, before any page renders
        // (`unknownUIStrings`); a build whose strings files failed to load would report them all again.
        var set = TemplateSet(library: MustacheLibrary(templates: templates, missingPartial: .fail, missingVariable: .fail(exempt: ["t"])))
        set.uiStringUses = uses
        set.sources = sources
        return set
    }

    /// Where the templates write a link as it is on a page: in quotes (`href="x/"`), or as the
    /// rest of a value that starts with a variable (`href="{{root}}x/"` is `../../x/` on one
    /// page and `/docs/x/` on a 404 page): the longest end of the link, from a `/`, that is
    /// written so. For a broken link the templates add, the places to look at.
    package func placesWriting(link url: String) -> [SourceLocation] {
        var end = url[...]
        while !end.isEmpty {
            // An end of only slashes and dots (`../`, `/`) would be found after any variable.
            guard end.contains(where: { $0 != "/" && $0 != "." }) else { break }
            let places = sources.flatMap { Self.places(of: end, in: $0.text, file: $0.displayPath) }
            if !places.isEmpty { return places }
            guard let slash = end.firstIndex(of: "/") else { break }
            end = end[end.index(after: slash)...]
        }
        return []
    }

    /// Where `text` writes `value` as a whole quoted value or as the rest of one after a variable.
    private static func places(of value: Substring, in text: String, file: String) -> [SourceLocation] {
        var places: [SourceLocation] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var searchFrom = line.startIndex
            while let found = line[searchFrom...].range(of: value) {
                searchFrom = found.upperBound
                let before = line[..<found.lowerBound]
                let opens = before.hasSuffix("\"") || before.hasSuffix("'") || before.hasSuffix("}}")
                let closes = line[found.upperBound...].first.map { $0 == "\"" || $0 == "'" } ?? false
                guard opens && closes else { continue }
                places.append(SourceLocation(file: file, line: number + 1, column: before.count + 1))
            }
        }
        return places
    }

    /// The `{{t.key}}` tags of a template's text (`{{#t.key}}`, `{{{t.key}}}`… too), each key
    /// with the place of its tag. The templates keep the default delimiters. Read on bytes
    /// (every build loads the templates; a scan by Characters cost 30 million instructions).
    static func uiStringUses(in text: String, file: String) -> [(key: String, location: SourceLocation)] {
        var uses: [(key: String, location: SourceLocation)] = []
        text.withUTF8Bytes { bytes in
            let brace = UInt8(ascii: "{")
            var line = 1
            var lineStart = 0
            var index = 0
            while index + 1 < bytes.count {
                let byte = bytes[index]
                if byte == 10 {
                    line += 1
                    lineStart = index + 1
                }
                guard byte == brace, bytes[index + 1] == brace else {
                    index += 1
                    continue
                }
                var name = index + 2
                while name < bytes.count, [UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "&"), UInt8(ascii: "/"), brace, 32].contains(bytes[name]) {
                    name += 1
                }
                if name + 2 < bytes.count, bytes[name] == UInt8(ascii: "t"), bytes[name + 1] == UInt8(ascii: ".") {
                    var end = name + 2
                    while end < bytes.count, Self.isKeyByte(bytes[end]) { end += 1 }
                    if end > name + 2 {
                        // Columns count Characters, as every location does.
                        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), as: UTF8.self).count + 1
                        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[(name + 2)..<end]), as: UTF8.self)
                        uses.append((key, SourceLocation(file: file, line: line, column: column)))
                    }
                }
                index = name
            }
        }
        return uses
    }

    /// A byte of a UI string's key: an ASCII letter, digit, `_` or `-`.
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// An error at each `{{t.key}}` whose key no UI strings file has (every language has the same
    /// keys, or is reported): with the nearest key as the suggestion.
    package func unknownUIStrings(_ strings: UIStrings, lang: String) -> [Diagnostic] {
        let known = strings.strings(for: lang)
        guard !known.isEmpty else { return [] }
        let keys = known.keys.sorted()
        return uiStringUses.filter { known[$0.key] == nil }.map { use in
            .error(
                at: use.location, "unknown UI string 't.\(use.key)': no Templates/i18n file has it, so it would render nothing",
                suggestion: Names.suggestion(for: use.key, among: keys).map { "t." + $0 })
        }
    }

    package func render(_ name: String, _ context: MustacheValue) throws(DiagnosticError) -> String {
        do {
            return try library.render(name, context)
        } catch {
            throw DiagnosticError([Self.diagnostic(error)])
        }
    }

    /// A page's bytes, as they are written to its file.
    package func renderUTF8(_ name: String, _ context: MustacheValue) throws(DiagnosticError) -> [UInt8] {
        do {
            return try library.renderUTF8(name, context)
        } catch {
            throw DiagnosticError([Self.diagnostic(error)])
        }
    }

    /// A page's bytes in the storage they were rendered into, to be spliced or written uncopied.
    package func renderOutput(_ name: String, _ context: MustacheValue) throws(DiagnosticError) -> ByteOutput {
        do {
            return try library.renderOutput(name, context)
        } catch {
            throw DiagnosticError([Self.diagnostic(error)])
        }
    }

    /// An unknown variable's error suggests the nearest name that was there.
    static func diagnostic(_ error: MustacheError) -> Diagnostic {
        let suggestion = error.unknownName.flatMap { Names.suggestion(for: $0, among: error.knownNames) }
        return .error(at: error.location, error.message, suggestion: suggestion)
    }
}

extension ByteOutput {
    /// The bytes as a file's `Data`, which takes over the storage (no copy).
    package consuming func takeData() -> Data {
        let storage = takeStorage()
        return Data(bytesNoCopy: storage.base, count: storage.count, deallocator: .custom { bytes, _ in bytes.deallocate() })
    }
}
