import Diagnostics

/// One entry of a page's table of contents.
struct TOCEntry: Sendable {
    var level: Int
    var id: String
    var text: String
}

/// An article read, verified and rendered to its HTML body.
struct Article: Sendable {
    var lang: String
    var slug: String
    var displayPath: String
    var title: String
    var description: String
    var bodyHTML: String
    var toc: [TOCEntry]
}
