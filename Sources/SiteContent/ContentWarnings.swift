import Diagnostics
import Markdown

/// Legal Markdown that does not do what its writer probably meant: raw HTML
/// (shown as text, never passed through), links and images with a script or
/// local-file URL (their URL is dropped), a fenced code block that is never
/// closed (it swallows the rest of the file), and NUL characters (shown as '�').
/// Warnings: the page still builds.
enum ContentWarnings {
    static func of(_ document: MarkdownDocument) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let lastLine = document.nodes.first?.end.line ?? 0
        // Kinds read in place: a copy of each node retained and released its strings and children.
        for index in document.nodes.indices {
            switch document.nodes[index].kind {
            case .htmlInline where document.nodes[index].literal.hasPrefix("</"):
                continue  // its opening tag has the warning
            case .htmlBlock, .htmlInline:
                let tag = document.nodes[index].literal.prefix { $0 != "\n" }.prefix(40)
                warnings.append(.warning(
                    at: document.start(of: index), "raw HTML '\(tag)' is shown as text: HTML in Markdown is never passed through",
                    notes: [
                        tag.lowercased().hasPrefix("<span lang")
                            ? "words in another language are written [words]{lang=en}"
                            : "write Markdown instead, or ask for a template change if the page needs markup"
                    ]))
            case .link(let url, _) where !URLSafety.isSafe(url, isImage: false):
                warnings.append(.warning(at: document.start(of: index), "the link to '\(url)' was removed: its scheme can run code or read local files"))
            case .image(let url, _) where !URLSafety.isSafe(url, isImage: true):
                warnings.append(.warning(at: document.start(of: index), "the image '\(url)' was removed: its scheme can run code or read local files"))
            // An unclosed fence runs to the end of the document: only such a block needs a look.
            case .codeBlock(_, fenced: true) where document.nodes[index].end.line >= lastLine:
                if !isClosed(document.nodes[index], document.lines) {
                    warnings.append(.warning(
                        at: document.start(of: index), "this code block is never closed: everything after it, to the end of the file, is code",
                        suggestion: "add a closing fence line where the code ends"))
                }
            default:
                break
            }
        }
        // A NUL (a paste from a binary file, a broken editor) cannot be shown: it becomes '�'.
        for place in document.nulPlaces {
            warnings.append(.warning(
                at: document.location(of: place), "a NUL character (U+0000) is shown as '\u{FFFD}'",
                suggestion: "delete it"))
        }
        return warnings
    }

    /// Whether the block's last line is a fence of its opening character, at least as long.
    private static func isClosed(_ node: MarkdownNode, _ lines: LineIndex) -> Bool {
        guard node.end.line > node.start.line, let openingLine = lines[node.start.line], let closingLine = lines[node.end.line] else {
            return false
        }
        let opening = openingLine.drop { $0 == " " }
        guard let marker = opening.first, marker == "`" || marker == "~" else { return true }
        let length = opening.prefix { $0 == marker }.count
        let closing = closingLine.drop { $0 == " " }
        let run = closing.prefix { $0 == marker }.count
        return run >= length && closing.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
