// Fuzz target `mustache`: templates parsed and rendered as the site does
// (`MustacheTemplate`, `MustacheLibrary` with `.fail` for a missing partial).
//
// Input: the template `main`, then any number of partials, each starting with a line
// `@@ <name>` (`@@ base`, `@@ partials/toc`). The line break before such a line
// belongs to it, not to the template above (so a template may end without one). Every template is parsed; `main` is rendered against a small fixed context
// shaped like the site's. Any trap is a finding; so is a broken promise (see
// `MustacheFuzz.check`), which the entry point turns into an abort.
//
// This file is also compiled into MustacheTests (a symlink there), where
// `FuzzRegressionTests` runs the seed corpus and every saved crash through `check`.

import Mustache

enum MustacheFuzz {
    static let mainName = "main"
    static let separator = "@@ "

    /// Names and sources, in input order (`main` first); a repeated name keeps its first text.
    /// Lines are cut at LF bytes, so a CRLF or a stray CR stays inside the template.
    static func split(_ bytes: [UInt8]) -> [(name: String, source: String)] {
        var parts: [(name: String, bytes: [UInt8])] = [(mainName, [])]
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 10).map { $0 + 1 } ?? bytes.count
            let line = bytes[start..<end]
            if line.starts(with: separator.utf8) {
                if parts[parts.count - 1].bytes.last == 10 { parts[parts.count - 1].bytes.removeLast() }
                let name = String(decoding: line.dropFirst(separator.utf8.count), as: UTF8.self)
                parts.append((String(name.trimmingWhitespace), []))
            } else {
                parts[parts.count - 1].bytes += line
            }
            start = end
        }
        var seen: Set<String> = []
        return parts.filter { seen.insert($0.name).inserted }.map { ($0.name, String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// The data every template renders against: the keys the site's templates use,
    /// values that need escaping, and every kind of value. Built for every input:
    /// as a global it is reported as leaked at exit (LeakSanitizer does not see
    /// through the spare-bit tags in the pointers of enum payloads).
    static var context: MustacheValue {
        [
            "title": "Inactive <b>&</b> \"quoted\" 'single'",
            "pageTitle": "Título — «x»",
            "siteTitle": "LifecycleDocs",
            "lang": "es",
            "code": "es",
            "name": "Español",
            "href": "../index.html",
            "root": "../",
            "id": "cuándo-surge",
            "text": "first line\nsecond line",
            "content": "<p>body</p>\n<p>second</p>\n",
            "description": "",
            "current": true,
            "missing": false,
            "zero": 0,
            "ratio": 0.5,
            "nothing": nil,
            "untranslated": [0, 2],
            "empty": [],
            "languages": [
                ["code": "es", "name": "Español", "href": "es/index.html", "current": true] as MustacheValue,
                ["code": "bg", "name": "Български", "href": "bg/index.html", "missing": true],
            ],
            "toc": [["id": "a", "text": "A", "sub": [["id": "b", "text": "B"] as MustacheValue]] as MustacheValue],
            "t": ["home": "Inicio", "footer": "Pie", "onThisPage": "En esta página"],
            "assets": ["player_js": "assets/player.js", "model_js": "assets/model.js"],
            "a": ["b": ["c": "deep"] as MustacheValue],
        ]
    }

    /// What one input did: the error (parse or render) with its template, the
    /// rendered text, and every broken promise.
    struct Outcome {
        var errors: [MustacheError] = []
        var output: String?
        var violations: [String] = []
    }

    /// The lines of `bytes`, without their breaks: written out here, not taken from the code
    /// under test.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 10 || byte == 13 else { continue }
            lines.append(bytes[start..<(index - 1)])
            if byte == 13, index < bytes.count, bytes[index] == 10 { index += 1 }
            start = index
        }
        lines.append(bytes[start...])
        return lines
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        let parts = split(bytes)
        let sources = Dictionary(parts.map { ($0.name, $0.source) }, uniquingKeysWith: { first, _ in first })

        // An error names a template of the input, a line of it and a column on that line.
        func checkPlace(_ error: MustacheError, _ stage: String) {
            let location = error.location
            guard let source = sources[location.file] else {
                outcome.violations.append("\(stage): error in unknown template '\(location.file)': \(error.message)")
                return
            }
            // Lines end at "\n", "\r\n" or a lone "\r", as `LineIndex` (and editors) count them;
            // columns are Characters.
            let lines = Self.lines(Array(source.utf8))
            guard (1...lines.count).contains(location.line) else {
                outcome.violations.append("\(stage): \(location) is past the template's \(lines.count) lines: \(error.message)")
                return
            }
            let width = String(decoding: lines[location.line - 1], as: UTF8.self).count
            if location.column < 1 || location.column > width + 1 {
                outcome.violations.append("\(stage): \(location) is outside its line: \(error.message)")
            }
        }

        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in parts {
            do {
                templates[name] = try MustacheTemplate(source: source, name: name)
            } catch {
                outcome.errors.append(error)
                checkPlace(error, "parse")
            }
        }
        guard let main = templates[mainName] else { return outcome }
        do {
            let output = try MustacheLibrary(templates: templates, missingPartial: .fail).render(main, context)
            outcome.output = output
            // Without a tag there is nothing to do but copy the text. Bytes, not
            // Characters: a prefix like U+0604 makes one Character of itself and "{".
            let source = Array(sources[mainName, default: ""].utf8)
            let hasTag = source.indices.dropLast().contains { source[$0] == 123 && source[$0 + 1] == 123 }
            if !hasTag, output != sources[mainName] {
                outcome.violations.append("render: a template without tags did not render as itself")
            }
            // Strict about variables (as the site renders), the same template renders the same or
            // stops at a variable no context has, with its name and a place in the input.
            do {
                let strict = try MustacheLibrary(templates: templates, missingPartial: .fail, missingVariable: .fail()).render(main, context)
                if strict != output { outcome.violations.append("strict render: the output differs from the spec's") }
            } catch {
                if error.unknownName == nil { outcome.violations.append("strict render: failed otherwise: \(error.message)") }
                checkPlace(error, "strict render")
            }
        } catch {
            outcome.errors.append(error)
            checkPlace(error, "render")
        }
        return outcome
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        var s = self[...]
        while let first = s.first, first.isWhitespace { s = s.dropFirst() }
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return s
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func mustacheFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size) { MustacheFuzz.check($0).violations }
}
#endif
