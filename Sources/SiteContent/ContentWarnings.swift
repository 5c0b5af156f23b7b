import Diagnostics
import Markdown

/// Legal Markdown that does not do what its writer probably meant: raw HTML
/// (shown as text, never passed through), links and images with a script or
/// local-file URL (their URL is dropped), and a fenced code block that is never
/// closed (it swallows the rest of the file). Warnings: the page still builds.
enum ContentWarnings {
    /// `lines` index the text the document was parsed from.
    static func of(_ document: MarkdownDocument, lines: LineIndex) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let lastLine = document.nodes.first?.end.line ?? 0
        for node in document.nodes {
            switch node.kind {
            case .htmlInline where node.literal.hasPrefix("</"):
                continue  // its opening tag has the warning
            case .htmlBlock, .htmlInline:
                let tag = node.literal.prefix { $0 != "\n" }.prefix(40)
                warnings.append(.warning(
                    at: document.location(of: node.start), "raw HTML '\(tag)' is shown as text: HTML in Markdown is never passed through",
                    notes: ["write Markdown instead, or ask for a template change if the page needs markup"]))
            case .link(let url, _) where !URLSafety.isSafe(url, isImage: false):
                warnings.append(.warning(at: document.location(of: node.start), "the link to '\(url)' was removed: its scheme can run code or read local files"))
            case .image(let url, _) where !URLSafety.isSafe(url, isImage: true):
                warnings.append(.warning(at: document.location(of: node.start), "the image '\(url)' was removed: its scheme can run code or read local files"))
            // An unclosed fence runs to the end of the document: only such a block needs a look.
            case .codeBlock(_, fenced: true) where node.end.line >= lastLine:
                if !isClosed(node, lines) {
                    warnings.append(.warning(
                        at: document.location(of: node.start), "this code block is never closed: everything after it, to the end of the file, is code",
                        suggestion: "add a closing fence line where the code ends"))
                }
            default:
                break
            }
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
