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
        let options = try siteOptions(&parser, output: false)
        let format = try OutputFormat(try parser.value(for: "--format"))
        try parser.finish()

        let result = SiteBuilder.check(options)
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

    /// The contract form: `{"articles": [{"slug", "languages": {"es": {"status": "source"}, …}}]}`.
    static func statusJSON(_ matrix: TranslationMatrix) -> String {
        let q = JSON.quote
        let articles = matrix.rows.map { row in
            let languages = matrix.languages.map { lang in
                let cell = row.cells[lang] ?? TranslationCell(status: .missing)
                var fields = ["\"status\":\(q(cell.status.name))"]
                if let from = cell.from { fields.append("\"from\":\(q(from))") }
                if case .stale(let sections) = cell.status {
                    let items = zip(sections, cell.staleTitles).map { "{\"index\":\($0),\"title\":\(q($1))}" }
                    fields.append("\"sections\":[" + items.joined(separator: ",") + "]")
                }
                if !cell.untranslated.isEmpty {
                    fields.append("\"untranslated\":[" + cell.untranslated.map(String.init).joined(separator: ",") + "]")
                }
                return "\(q(lang)):{" + fields.joined(separator: ",") + "}"
            }
            return "{\"slug\":\(q(row.slug)),\"title\":\(q(row.title)),\"languages\":{" + languages.joined(separator: ",") + "}}"
        }
        return "{\"articles\":[" + articles.joined(separator: ",") + "]}"
    }

    /// A table for people; coloured when written to a terminal.
    static func statusTable(_ matrix: TranslationMatrix, colour: Bool) -> String {
        func text(_ cell: TranslationCell) -> String {
            switch cell.status {
            case .stale(let sections): "stale: " + sections.map { "§\($0)" }.joined(separator: ",")
            case .current where !cell.untranslated.isEmpty: "current, \(cell.untranslated.count) untranslated"
            default: cell.status.name
            }
        }
        func paint(_ s: String, _ status: TranslationStatus) -> String {
            let style: TerminalStyle = switch status {
            case .source: .blue
            case .current: .green
            case .stale: .yellow
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
        return out.joined(separator: "\n")
    }
}
