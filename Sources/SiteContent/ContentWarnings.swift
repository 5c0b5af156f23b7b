import Diagnostics
import Markdown

/// Legal Markdown that does not do what its writer probably meant: raw HTML
/// (shown as text, never passed through), links and images with a script or
/// local-file URL (their URL is dropped), a fenced code block that is never
/// closed (it swallows the rest of the file), the `_` of a Swift selector such as
/// `application(_:open:options:)` read as emphasis (it disappears, and the words up to the
/// next `_` turn italic), and NUL characters (shown as '�').
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
            case .emphasis, .strong:
                if let place = selectorUnderscore(index, in: document) {
                    warnings.append(.warning(
                        at: document.location(of: place),
                        "the '_' of a selector such as 'f(_:)' opens or closes emphasis here: it disappears from the page and the words up to the next '_' are in italics",
                        suggestion: "write the API name in backticks, or the underscore as '\\_'"))
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

    /// Where an emphasis node's `_` stands between a `(` and a `:` (`(_:`), the shape only a
    /// selector's unnamed argument has: as an opening delimiter after its text's `(`, or as a
    /// closing one before the next text's `:`. Nil for any other emphasis. The place is taken
    /// from the text right after the `_` (the `:`), the one node that stands next to either
    /// delimiter.
    private static func selectorUnderscore(_ index: Int, in document: MarkdownDocument) -> SourcePosition? {
        let node = document.nodes[index]
        guard let parent = node.parent, let first = node.children.first, let last = node.children.last,
              let place = document.nodes[parent].children.firstIndex(of: index) else { return nil }
        let siblings = document.nodes[parent].children
        func text(_ at: Int) -> String? {
            document.nodes[at].kind == .text ? document.nodes[at].literal : nil
        }
        /// The byte before the text node `colon` that starts with ':', when it is a `_`.
        func underscore(before colon: Int) -> SourcePosition? {
            var position = document.nodes[colon].start
            position.byteColumn -= 1
            return byte(at: position, in: document.lines) == UInt8(ascii: "_") ? position : nil
        }
        if place > 0, text(siblings[place - 1])?.hasSuffix("(") == true, text(first)?.hasPrefix(":") == true,
           let opening = underscore(before: first) {
            return opening
        }
        if place + 1 < siblings.count, text(last)?.hasSuffix("(") == true, text(siblings[place + 1])?.hasPrefix(":") == true,
           let closing = underscore(before: siblings[place + 1]) {
            return closing
        }
        return nil
    }

    /// The source byte at a node's position, if the position is inside the text.
    private static func byte(at position: SourcePosition, in lines: LineIndex) -> UInt8? {
        guard let lineStart = lines.start(ofLine: position.line), position.byteColumn >= 1 else { return nil }
        let offset = lineStart + position.byteColumn - 1
        let utf8 = lines.text.utf8
        guard offset < utf8.count else { return nil }
        return utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
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
