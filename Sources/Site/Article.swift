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
    /// Arrow chains in the prose, each verified against the model.
    var chains: [ChainRecord]
    /// Runnable `lifecycle` examples run on this page.
    var examples: Int = 0
}
