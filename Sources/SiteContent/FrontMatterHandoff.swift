import Synchronization

/// The front matter a build parsed for the sidebar (`ArticleSummary`), handed to the article's
/// full read (`ArticleReader`) so that it is parsed once per build, not twice. Kept with the
/// file's bytes it was parsed from: the read takes it only when the file still starts with them.
package final class FrontMatterHandoff: Sendable {
    package struct Entry: Sendable {
        /// The file's bytes up to its body (byte-order mark and front matter, no CR).
        var head: [UInt8]
        /// The front matter parsed from them; its body is the head's (empty) end.
        var frontMatter: FrontMatter
    }

    private let entries = Mutex<[String: Entry]>([:])

    package init() {}

    func deposit(_ entry: Entry, for path: String) {
        entries.withLock { $0[path] = entry }
    }

    /// The entry for `path`, removed: each is used by one read. The table's storage goes with
    /// its last entry (a dictionary keeps its room: 8 MB for 20,000 articles, to the build's end).
    func take(_ path: String) -> Entry? {
        entries.withLock { entries in
            let entry = entries.removeValue(forKey: path)
            if entries.isEmpty { entries = [:] }
            return entry
        }
    }
}
