/// An article body cut at its `##` headings, for translation tracking: the
/// text before the first heading is section 0, each `##` starts the next.
/// Headings inside fenced code blocks do not count.
struct ArticleSections: Sendable {
    struct Section: Sendable, Hashable {
        /// The heading text ("" for the introduction).
        var title: String
        /// 1-based line of the heading in the file (or of the body's first line).
        var line: Int
        /// The section's Markdown, heading included.
        var text: String
        /// FNV-1a 64 of the text with whitespace runs folded, as 16 hex digits:
        /// reflowing a paragraph keeps it, changing a word changes it.
        var fingerprint: String { Fingerprint.of(text) }
    }

    var sections: [Section]

    /// Splits `body`, whose first line is file line `firstLine`.
    init(body: Substring, firstLine: Int) {
        var sections = [Section(title: "", line: firstLine, text: "")]
        var fence: (char: Character, count: Int)?
        for (offset, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let marker = trimmed.first, marker == "`" || marker == "~" {
                let run = trimmed.prefix { $0 == marker }.count
                if run >= 3 {
                    if let open = fence {
                        if open.char == marker && run >= open.count && trimmed.dropFirst(run).allSatisfy(\.isWhitespace) { fence = nil }
                    } else {
                        fence = (marker, run)
                    }
                }
            }
            if fence == nil, line.hasPrefix("## ") {
                sections.append(Section(title: String(line.dropFirst(3)).trimmingSpaces, line: firstLine + offset, text: ""))
            }
            sections[sections.count - 1].text += line + "\n"
        }
        // An introduction that is only blank lines is not a section to translate.
        if sections.count > 1, sections[0].text.allSatisfy(\.isWhitespace) { sections.removeFirst() }
        self.sections = sections
    }
}

enum Fingerprint {
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 32 || byte == 10 || byte == 9 || byte == 13 {
                pendingSpace = true
                continue
            }
            if pendingSpace {
                hash = (hash ^ 32) &* 0x100_0000_01b3
                pendingSpace = false
            }
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
