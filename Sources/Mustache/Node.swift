import Diagnostics

/// One node of a parsed template. Whitespace rules (standalone lines, block
/// re-indentation) are already applied, so rendering never looks at the
/// template source again.
///
/// The tree is stored flat, in pre-order: a container node (section, parent,
/// block) is followed by its content and records the index where that content
/// ends. Nested arrays would be freed recursively, so a template nesting tens
/// of thousands of sections would overflow the stack; a flat array does not.
///
/// A node holds plain numbers only: what it refers to (its text's bytes, its path's keys, a
/// partial's name) is in its template's `TemplateBody`, at those numbers. Rendering reads a
/// node out of its array for every visit, and a node holding a class reference cost a retain
/// and a release each time.
struct Node: Sendable {
    enum Kind: UInt8, Sendable {
        /// Literal template text: `range` of the body's `text`.
        case text
        /// `{{name}}`: its path is `range` of the body's `keys` (no keys for `.`), its location
        /// `item` of `locations`.
        case escapedVariable
        /// `{{{name}}}` or `{{&name}}`: as `escapedVariable`.
        case variable
        /// `{{#name}}…{{/name}}`: its path is `range` of `keys`, its content the nodes up to
        /// `end`, its location `item` of `locations`.
        case section
        /// `{{^name}}…{{/name}}`: as `section`.
        case invertedSection
        /// `{{>name}}`: `item` of the body's `inclusions`.
        case partial
        /// `{{<name}}…{{/name}}`: a partial whose blocks can be overridden; `item` of the body's
        /// `parents`. Its content, up to `end`, holds only the arguments (ranges of the nodes).
        case parent
        /// `{{$name}}default{{/name}}` outside a parent: a slot a child can fill; `item` of the
        /// body's `blocks`, its default content the nodes up to `end`.
        case block
    }

    var kind: Kind
    var range: Range<Int> = 0..<0
    var end = 0
    var item = 0
}

/// A parsed template: its nodes, and what they refer to. Shared by every render of the
/// template (and by the parents that pass its nodes as block arguments).
final class TemplateBody: Sendable {
    let nodes: [Node]
    /// The bytes of every text node, one after another (the renderer writes bytes).
    let text: [UInt8]
    /// The keys of every variable's and section's path, one path after another.
    let keys: [MustacheKey]
    /// Where each section and variable tag is (for errors and the render limits).
    let locations: [SourceLocation]
    let inclusions: [Inclusion]
    let parents: [Parent]
    let blocks: [Block]

    init(
        nodes: [Node], text: [UInt8], keys: [MustacheKey], locations: [SourceLocation], inclusions: [Inclusion],
        parents: [Parent], blocks: [Block]
    ) {
        self.nodes = nodes
        self.text = text
        self.keys = keys
        self.locations = locations
        self.inclusions = inclusions
        self.parents = parents
        self.blocks = blocks
    }
}

/// A parent tag: the partial it includes, and the block arguments its content gives.
struct Parent: Sendable {
    var inclusion: Inclusion
    var arguments: [String: Range<Int>]
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
    /// Added to every line of whatever content fills the slot. Content has its
    /// own indentation removed at parse time, so this re-indents it here.
    var indentation: String
    /// A standalone opening tag removed its line, so the content starts a new
    /// line and its first line is indented too; otherwise the whitespace
    /// before the tag was written as text and only later lines get it.
    var startsLine: Bool
    var location: SourceLocation
}

/// The keys of a tag name: `a.b.c` split once at parse time (the first key walks the context
/// stack, the rest resolve only against the previous result); none for `.`, the top of the stack.
func pathKeys(_ name: String) -> [MustacheKey] {
    name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { MustacheKey(String($0)) }
}
