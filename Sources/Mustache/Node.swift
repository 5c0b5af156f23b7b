import Diagnostics

/// One node of a parsed template. Whitespace rules (standalone lines, block
/// re-indentation) are already applied, so rendering never looks at the
/// template source again.
///
/// The tree is stored flat, in pre-order: a container node (section, parent,
/// block) is followed by its content and records the index where that content
/// ends. Nested arrays would be freed recursively, so a template nesting tens
/// of thousands of sections would overflow the stack; a flat array does not.
enum Node: Sendable {
    /// Literal template text.
    case text(Text)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(Shared<Variable>)
    /// `{{#name}}…{{/name}}` or, when inverted, `{{^name}}…{{/name}}`.
    case section(Shared<Section>)
    /// `{{>name}}`.
    case partial(Shared<Inclusion>)
    /// `{{<name}}…{{/name}}`: a partial whose blocks can be overridden. Its
    /// content holds only the arguments, which are ranges of this array.
    case parent(Shared<Parent>)
    /// `{{$name}}default{{/name}}` outside a parent: a slot a child can fill.
    case block(Shared<Block>)
}

/// A node's fields behind one reference. Rendering copies a node out of its array for every
/// visit: a node that is one reference is retained and released without a switch over its
/// fields (a section's path array and location string cost a retain each, and an outlined
/// destroy).
final class Shared<Fields: Sendable>: Sendable {
    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }
}

/// `{{name}}`, escaped or not.
struct Variable: Sendable {
    var path: Path
    var escaped: Bool
}

/// A section or inverted section; its content is the nodes after it, up to `end`.
struct Section: Sendable {
    var path: Path
    var inverted: Bool
    var end: Int
    var location: SourceLocation
}

/// A parent tag: the partial it includes, and the block arguments its content gives.
struct Parent: Sendable {
    var inclusion: Inclusion
    var arguments: [String: Range<Int>]
    var end: Int
}

/// Literal text, as UTF-8 bytes (the renderer writes bytes), also split into lines once so
/// that indenting it (inside a standalone partial or block) never rescans it for newlines.
/// A class: rendering copies a node out of its array for every visit, and a class is one
/// reference to retain.
final class Text: Sendable {
    let bytes: [UInt8]
    /// `bytes` cut after each newline; every piece but the last ends in "\n".
    let lines: [[UInt8]]
    /// Whether the text ends with a newline (nil when it is empty): asked after every piece
    /// of text rendered.
    let endsWithNewline: Bool?

    init(_ whole: String) {
        bytes = Array(whole.utf8)
        endsWithNewline = bytes.last.map { $0 == UInt8(ascii: "\n") }
        // split() yields one more piece than there are newlines; the last has none. (Adding
        // "\n" to it and dropping the last Character lost a "\r" before it: "\r\n" is one.)
        let pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var lines = pieces.dropLast().map { Array($0) + [UInt8(ascii: "\n")] }
        if let last = pieces.last, !last.isEmpty { lines.append(Array(last)) }
        self.lines = lines
    }

    /// The text as a string (for the parser, which joins adjacent texts).
    var whole: String { String(decoding: bytes, as: UTF8.self) }
}

/// What partial and parent tags share.
struct Inclusion: Sendable {
    var name: String
    /// The whitespace before a standalone tag; each line of the included
    /// template is prefixed with it. `nil` when the tag is inline.
    var indentation: String?
    var location: SourceLocation
}

/// A block slot in a template (not an argument inside a parent tag).
struct Block: Sendable {
    var name: String
    /// The default content is the nodes after this one, up to `end`.
    var end: Int
    /// Added to every line of whatever content fills the slot. Content has its
    /// own indentation removed at parse time, so this re-indents it here.
    var indentation: String
    /// A standalone opening tag removed its line, so the content starts a new
    /// line and its first line is indented too; otherwise the whitespace
    /// before the tag was written as text and only later lines get it.
    var startsLine: Bool
    var location: SourceLocation
}

/// A tag name resolved against the context stack.
enum Path: Sendable, Equatable {
    /// `.`: the top of the context stack.
    case implicit
    /// `a.b.c` split once at parse time; the first key walks the stack,
    /// the rest resolve only against the previous result.
    case keys([MustacheKey])

    init(_ name: String) {
        if name == "." {
            self = .implicit
        } else {
            self = .keys(name.split(separator: ".", omittingEmptySubsequences: false).map { MustacheKey(String($0)) })
        }
    }
}
