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
    case variable(Variable)
    /// `{{#name}}…{{/name}}` or, when inverted, `{{^name}}…{{/name}}`.
    case section(Section)
    /// `{{>name}}`.
    case partial(Inclusion)
    /// `{{<name}}…{{/name}}`: a partial whose blocks can be overridden. Its
    /// content holds only the arguments, which are ranges of this array.
    case parent(Parent)
    /// `{{$name}}default{{/name}}` outside a parent: a slot a child can fill.
    case block(Block)
}

// Every case holds one class reference: rendering copies a node out of its array for every
// visit, and a node that is one reference is retained and released without a switch over
// its fields (structs of strings and arrays cost a retain each, and an outlined destroy).

/// `{{name}}`, escaped or not.
final class Variable: Sendable {
    let path: Path
    let escaped: Bool

    init(_ path: Path, escaped: Bool) {
        self.path = path
        self.escaped = escaped
    }
}

/// A section or inverted section; its content is the nodes after it, up to `end`.
final class Section: Sendable {
    let path: Path
    let inverted: Bool
    let end: Int
    let location: SourceLocation

    init(_ path: Path, inverted: Bool, end: Int, location: SourceLocation) {
        self.path = path
        self.inverted = inverted
        self.end = end
        self.location = location
    }
}

/// A parent tag: the partial it includes, and the block arguments its content gives.
final class Parent: Sendable {
    let inclusion: Inclusion
    let arguments: [String: Range<Int>]
    let end: Int

    init(_ inclusion: Inclusion, arguments: [String: Range<Int>], end: Int) {
        self.inclusion = inclusion
        self.arguments = arguments
        self.end = end
    }
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
final class Inclusion: Sendable {
    let name: String
    /// The whitespace before a standalone tag; each line of the included
    /// template is prefixed with it. `nil` when the tag is inline.
    let indentation: String?
    let location: SourceLocation

    init(name: String, indentation: String?, location: SourceLocation) {
        self.name = name
        self.indentation = indentation
        self.location = location
    }
}

/// A block slot in a template (not an argument inside a parent tag).
final class Block: Sendable {
    let name: String
    /// The default content is the nodes after this one, up to `end`.
    let end: Int
    /// Added to every line of whatever content fills the slot. Content has its
    /// own indentation removed at parse time, so this re-indents it here.
    let indentation: String
    /// A standalone opening tag removed its line, so the content starts a new
    /// line and its first line is indented too; otherwise the whitespace
    /// before the tag was written as text and only later lines get it.
    let startsLine: Bool
    let location: SourceLocation

    init(name: String, end: Int, indentation: String, startsLine: Bool, location: SourceLocation) {
        self.name = name
        self.end = end
        self.indentation = indentation
        self.startsLine = startsLine
        self.location = location
    }
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
