import Foundation
import Testing
import TestSupport

/// `docs/templates.md` is the only list of the names each template receives: a contributor
/// reads it instead of the Swift code. It must name everything the templates use, and its
/// tables must name nothing the templates do not use or the code does not give.
@Suite struct TemplateReferenceTests {
    static let templatesDir = repositoryRoot.appending(path: "Templates")
    static let referenceFile = repositoryRoot.appending(path: "docs/templates.md")
    static let renderSources = repositoryRoot.appending(path: "Sources/SiteRender")

    @Test func everyNameATemplateUsesIsDocumented() throws {
        let uses = try Self.templateNames()
        let reference = try Self.reference()
        let missing = uses.keys.filter { !reference.contains("`\($0)`") }.sorted()
        let report = missing.map { "`\($0)` (used in \(uses[$0, default: []].sorted().joined(separator: ", ")))" }
        #expect(missing.isEmpty, "docs/templates.md does not document these template names: \(report.joined(separator: "; "))")
    }

    @Test func everyDocumentedNameIsUsedOrGiven() throws {
        let used = Set(try Self.templateNames().keys)
        let documented = Self.tableNames(try Self.reference())
        let sources = try Self.swiftSources()
        var unknown: [String] = []
        for name in documented where !used.contains(name) {
            // A name the templates do not use must be one the code gives: its last key as a literal.
            let field = name.split(separator: ".").last.map(String.init) ?? name
            if !Self.isName(name) || !sources.contains("\"\(field)\"") { unknown.append(name) }
        }
        let report = unknown.map { "`\($0)`" }.joined(separator: ", ")
        #expect(unknown.isEmpty, "docs/templates.md documents names no template uses and no Swift file in Sources/SiteRender gives: \(report)")
    }

    @Test func theScanReadsEveryTagKind() {
        let scan = Self.names(
            in: "{{<base}}{{$content}}{{a}}{{{b}}}{{& c }}{{#d}}{{.}}{{/d}}{{^e}}{{/e}}{{! f }}{{> g}}{{t.h}}{{i.j}}{{/content}}{{/base}}")
        #expect(scan.names.sorted() == ["a", "b", "c", "d", "d", "e", "e", "i.j"])
        #expect(scan.problems.isEmpty)
        #expect(!Self.names(in: "{{=<% %>=}}").problems.isEmpty)
    }

    // MARK: Reading

    /// Every name the templates use, with the templates that use it (`partials/toc.mustache`).
    static func templateNames() throws -> [String: Set<String>] {
        let files = try FileManager.default.subpathsOfDirectory(atPath: templatesDir.path).filter { $0.hasSuffix(".mustache") }.sorted()
        try #require(!files.isEmpty, "no *.mustache file under Templates/")
        var uses: [String: Set<String>] = [:]
        for file in files {
            let scan = names(in: try read(templatesDir.appending(path: file)))
            // A tag the scan cannot read would hide its names: the test stops instead.
            try #require(scan.problems.isEmpty, "Templates/\(file): \(scan.problems.joined(separator: "; "))")
            for name in scan.names { uses[name, default: []].insert(file) }
        }
        try #require(!uses.isEmpty, "the templates use no name: the scan is broken")
        return uses
    }

    /// The names of a template's variable, section, inverted section and closing tags; not
    /// `.`, `t.` keys (checked against the strings files), partials, parents, blocks, comments.
    static func names(in text: String) -> (names: [String], problems: [String]) {
        var names: [String] = []
        var problems: [String] = []
        // Open sections, blocks and parents: a closing tag counts only when it closes a section.
        var open: [(name: String, isSection: Bool)] = []
        var rest = text[...]
        while let start = rest.range(of: "{{") {
            let triple = rest[start.upperBound...].hasPrefix("{")
            let bodyStart = triple ? rest.index(after: start.upperBound) : start.upperBound
            guard let end = rest[bodyStart...].range(of: triple ? "}}}" : "}}") else {
                problems.append("a tag is not closed")
                break
            }
            let body = rest[bodyStart..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = rest[end.upperBound...]
            var name = body
            if !triple, let sigil = body.first, "!><$=#^/&".contains(sigil) {
                name = String(body.dropFirst()).trimmingCharacters(in: .whitespaces)
                switch sigil {
                case "!", ">": continue
                case "=":
                    problems.append("a delimiter change ({{\(body)}}): the scan reads {{ }} tags only")
                    continue
                case "<", "$":
                    open.append((name, false))
                    continue
                case "#", "^":
                    open.append((name, true))
                case "/":
                    guard let index = open.lastIndex(where: { $0.name == name }) else {
                        problems.append("{{/\(name)}} closes nothing")
                        continue
                    }
                    let closed = open[index]
                    open.removeSubrange(index...)
                    if !closed.isSection { continue }
                default: break
                }
            }
            if name.isEmpty || name == "." || name.hasPrefix("t.") { continue }
            names.append(name)
        }
        return (names, problems)
    }

    /// The text of `docs/templates.md`.
    static func reference() throws -> String {
        try #require(FileManager.default.fileExists(atPath: referenceFile.path), "docs/templates.md is missing")
        let text = try read(referenceFile)
        try #require(!tableNames(text).isEmpty, "docs/templates.md has no table row naming a template value")
        return text
    }

    /// The backticked names in the first cell of each table row (not header or separator rows).
    static func tableNames(_ text: String) -> [String] {
        var names: [String] = []
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let row = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard row.hasPrefix("|") else {
                inTable = false
                continue
            }
            // A table's first row is its header.
            if !inTable {
                inTable = true
                continue
            }
            guard let cell = row.dropFirst().split(separator: "|", omittingEmptySubsequences: false).first,
                !cell.allSatisfy({ "-: ".contains($0) })
            else { continue }
            let spans = cell.split(separator: "`", omittingEmptySubsequences: false)
            // Odd pieces are inside backticks.
            names += spans.indices.filter { $0 % 2 == 1 }.map { String(spans[$0]) }
        }
        return names
    }

    /// A template name: letters, digits and `_`, keys joined by `.`.
    static func isName(_ text: String) -> Bool {
        !text.isEmpty
            && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { key in
                !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
    }

    /// Every Swift file under Sources/SiteRender, joined.
    static func swiftSources() throws -> String {
        let files = try FileManager.default.subpathsOfDirectory(atPath: renderSources.path).filter { $0.hasSuffix(".swift") }.sorted()
        try #require(!files.isEmpty, "no Swift file under Sources/SiteRender")
        return try files.map { try read(renderSources.appending(path: $0)) }.joined(separator: "\n")
    }
}
