import Encoding
import Diagnostics
import Foundation
import SiteBuild
import SiteContent
import Translations

/// `status`: which translation of which article is current, stale, broken or missing.
extension CLI {
    static func status(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "status")
        var options = try siteOptions(&parser, output: false)
        options.leavesMemoryToExit = true
        let format = try OutputFormat(try parser.value(for: "--format"))
        try parser.finish()

        let result = SiteBuilder.translationStatus(options)
        guard let matrix = result.translations else {
            // Nothing could be read (no content folder, unreadable site.yml): say why.
            console.report(result.diagnostics)
            return ExitCode.contentError
        }
        switch format {
        case .json: console.out(statusJSON(matrix))
        case .text: console.out(statusTable(matrix, colour: console.colourOutput))
        }
        return ExitCode.success
    }

    /// The contract form: `{"articles": [{"slug", "languages": {"es": {"status": "source"}, …}}]}`;
    /// a translation in progress also says how far it is, a broken one why.
    static func statusJSON(_ matrix: TranslationMatrix) -> String {
        let q = JSON.quote
        func sections(_ indexes: [Int], _ titles: [String]) -> String {
            "[" + zip(indexes, titles).map { "{\"index\":\($0),\"title\":\(q($1))}" }.joined(separator: ",") + "]"
        }
        let articles = matrix.rows.map { row in
            let languages = matrix.languages.map { lang in
                let cell = row.cells[lang] ?? TranslationCell(status: .missing)
                var fields = ["\"status\":\(q(cell.status.name))"]
                if let from = cell.from { fields.append("\"from\":\(q(from))") }
                if case .stale(let stale) = cell.status {
                    fields.append("\"sections\":" + sections(stale, cell.staleTitles))
                    if cell.staleMeta { fields.append("\"meta\":true") }
                }
                if !cell.untranslated.isEmpty {
                    fields.append("\"untranslated\":" + sections(cell.untranslated, cell.untranslatedTitles))
                    fields.append("\"translatedSections\":\(cell.translatedCount),\"totalSections\":\(cell.sectionCount)")
                }
                if !cell.problems.isEmpty {
                    fields.append("\"problems\":[" + cell.problems.map(q).joined(separator: ",") + "]")
                }
                return "\(q(lang)):{" + fields.joined(separator: ",") + "}"
            }
            return "{\"slug\":\(q(row.slug)),\"title\":\(q(row.title)),\"languages\":{" + languages.joined(separator: ",") + "}}"
        }
        return "{\"articles\":[" + articles.joined(separator: ",") + "]}"
    }

    /// "2 of 7 sections translated".
    static func progress(_ cell: TranslationCell) -> String {
        "\(cell.translatedCount) of \(Plural.counted(cell.sectionCount, "section")) translated"
    }

    /// `§2 'Segunda'`, or `§0 (introduction)`.
    static func sectionNames(_ indexes: [Int], _ titles: [String]) -> String {
        zip(indexes, titles).map { index, title in
            "§\(index) " + (title.isEmpty || title == "#\(index)" ? "(introduction)" : "'\(title)'")
        }.joined(separator: ", ")
    }

    /// A table for people, then what each cell that needs work needs; coloured when written to a terminal.
    static func statusTable(_ matrix: TranslationMatrix, colour: Bool) -> String {
        func text(_ cell: TranslationCell) -> String {
            switch cell.status {
            case .stale(let sections):
                "stale: " + ((cell.staleMeta ? ["title"] : []) + sections.map { "§\($0)" }).joined(separator: ",")
                    + (cell.untranslated.isEmpty ? "" : "; " + progress(cell))
            case .inProgress: "in progress: " + progress(cell)
            case .broken: "broken: \(Plural.counted(cell.problems.count, "error"))"
            default: cell.status.name
            }
        }
        func paint(_ s: String, _ status: TranslationStatus) -> String {
            let style: TerminalStyle = switch status {
            case .source: .blue
            case .current: .green
            case .inProgress, .stale: .yellow
            case .broken: .boldRed
            case .missing: .dim
            }
            return style.paint(s, enabled: colour)
        }
        let header = ["article"] + matrix.languages
        let rows = matrix.rows.map { row in
            [row.slug] + matrix.languages.map { text(row.cells[$0] ?? TranslationCell(status: .missing)) }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String], _ statuses: [TranslationStatus?]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let padded = cell + String(repeating: " ", count: widths[index] - cell.count)
                parts.append(statuses[index].map { paint(padded, $0) } ?? padded)
            }
            return parts.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var out = [line(header, header.map { _ in nil })]
        out.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        for (row, cells) in zip(matrix.rows, rows) {
            out.append(line(cells, [nil] + matrix.languages.map { row.cells[$0]?.status ?? .missing }))
        }
        // The table says how much; these lines say which sections and why.
        var details: [String] = []
        for row in matrix.rows {
            for lang in matrix.languages {
                guard let cell = row.cells[lang] else { continue }
                let name = "\(row.slug) (\(lang))"
                if case .stale(let sections) = cell.status {
                    let meta = cell.staleMeta ? ["its title and description"] : []
                    let named = sections.isEmpty ? [] : [sectionNames(sections, cell.staleTitles)]
                    details.append("\(name): the source changed in " + (meta + named).joined(separator: ", "))
                }
                if !cell.untranslated.isEmpty {
                    details.append("\(name): not translated yet: " + sectionNames(cell.untranslated, cell.untranslatedTitles))
                }
                for problem in cell.problems { details.append("\(name): broken: \(problem)") }
            }
        }
        if !details.isEmpty { out += [""] + details }
        return out.joined(separator: "\n")
    }
}
