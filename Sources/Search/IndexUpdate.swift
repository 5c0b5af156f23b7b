import Foundation

/// A page of a language whose share of the index may have changed: its entry as the last
/// build indexed it (nil: it was not in the index) and as this build does (nil: it left).
public struct SearchPageChange: Sendable {
    public var key: String
    public var old: SearchEntry?
    public var new: SearchEntry?

    public init(key: String, old: SearchEntry?, new: SearchEntry?) {
        self.key = key
        self.old = old
        self.new = new
    }
}

extension SearchIndex {
    /// The old entry of a page, from the page file the last build wrote (`fragment`): an
    /// entry is a function of the page's text, so indexing the text again gives it back.
    public static func entry(pageFile bytes: [UInt8], language: SearchLanguage, stemmer: Stemmer?) -> SearchEntry? {
        IndexFileReader.page(bytes).map { SearchEntry($0, language: language, stemmer: stemmer) }
    }

    /// Updates a language's index for the pages that changed, as a clean build of the whole
    /// site would write it, touching only the shards whose bytes change: the postings of the
    /// terms those pages add, drop or count differently are patched in the shards the last build
    /// wrote (read with `read`, a path from the site's root); the layout comes from `state`.
    /// Returns the files to write (the sink skips those whose bytes did not change), the shards
    /// to delete and the new state; nil when a file of the last build cannot be read as written.
    public static func update(
        lang: String, state old: SearchIndexState, changes: [SearchPageChange], limit: Int = shardLimit, read: (String) -> [UInt8]?
    ) -> (files: [(path: String, data: Data)], deleted: [String], state: SearchIndexState)? {
        var state = old
        let oldShards = ShardLayout.shards(old.members, limit: limit)
        var shardOfTerm: [String: Int] = [:]
        for (number, shard) in oldShards.enumerated() {
            for member in shard.members where !member.isForm { shardOfTerm[member.name] = number }
        }

        // Each changed term's new chunk per page (nil: the page no longer holds the term).
        var patches: [String: [(key: String, chunk: [UInt8]?)]] = [:]
        var touchedForms = Set<String>()
        for change in changes {
            guard change.old != change.new else { continue }
            if let entry = change.old { state.remove(entry) }
            if let entry = change.new { state.add(entry) }
            if let entry = change.old { touchedForms.formUnion(entry.formList.map(\.folded)) }
            if let entry = change.new { touchedForms.formUnion(entry.formList.map(\.folded)) }
            let before = Dictionary(change.old.map(chunks) ?? [], uniquingKeysWith: { first, _ in first })
            let after = Dictionary(change.new.map(chunks) ?? [], uniquingKeysWith: { first, _ in first })
            for term in Set(before.keys).union(after.keys) where before[term] != after[term] {
                patches[term, default: []].append((change.key, after[term]))
            }
        }

        // The old shards this update reads, each parsed once.
        var parsed: [Int: [String: ArraySlice<UInt8>]] = [:]
        func oldPostings(_ term: String) -> ArraySlice<UInt8>?? {
            guard let number = shardOfTerm[term] else { return .some(nil) }
            if parsed[number] == nil {
                guard let bytes = read(shardPath(lang: lang, key: oldShards[number].key)), let shard = IndexFileReader.shard(bytes) else {
                    return nil
                }
                parsed[number] = shard.terms
            }
            // The state says the shard holds the term: a shard without it is not as the build wrote it.
            guard let postings = parsed[number]?[term] else { return nil }
            return .some(postings)
        }

        var postings: [String: [UInt8]] = [:]
        var existenceChanged: [String] = []
        for (term, edits) in patches {
            guard let current = oldPostings(term) else { return nil }
            guard var pageChunks = current.map({ IndexFileReader.chunks($0) }) ?? [] else { return nil }
            for edit in edits {
                pageChunks.removeAll { $0.key == edit.key }
                if let chunk = edit.chunk {
                    let position = pageChunks.firstIndex { edit.key < $0.key } ?? pageChunks.count
                    pageChunks.insert((edit.key, chunk[...]), at: position)
                }
            }
            let existed = old.terms[term] != nil
            if pageChunks.isEmpty {
                state.terms[term] = nil
            } else {
                var joined: [UInt8] = []
                for (index, chunk) in pageChunks.enumerated() {
                    if index > 0 { joined.append(UInt8(ascii: ",")) }
                    joined.append(contentsOf: chunk.bytes)
                }
                state.terms[term] = termSize(term, postings: joined.count)
                postings[term] = joined
            }
            if existed != !pageChunks.isEmpty { existenceChanged.append(term) }
        }

        // A term that came or went changes what the browser guesses for the words it starts.
        var recheck = touchedForms
        if !existenceChanged.isEmpty {
            let forms = state.forms.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
            for term in existenceChanged {
                let prefix = Array(term.utf8)
                var low = 0, high = forms.count
                while low < high {
                    let middle = (low + high) / 2
                    if forms[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
                }
                while low < forms.count && forms[low].starts(with: prefix) {
                    recheck.insert(String(decoding: forms[low], as: UTF8.self))
                    low += 1
                }
            }
        }
        state.updateNeeded(recheck)

        let newShards = ShardLayout.shards(state.members, limit: limit)
        state.shards = newShards.count
        let before = Dictionary(oldShards.map { ($0.key, $0.members) }, uniquingKeysWith: { first, _ in first })
        var files: [(path: String, data: Data)] = []
        for shard in newShards {
            let patched = shard.members.contains { !$0.isForm && patches[$0.name] != nil }
            guard patched || before[shard.key] != shard.members else { continue }
            var missing = false
            let file = shardFile(lang: lang, shard, postings: { term, out in
                if let new = postings[term] { return out.raw(new) }
                guard let current = oldPostings(term), let bytes = current else {
                    missing = true
                    return
                }
                out.raw(bytes)
            }, stem: { state.forms[$0]?.stem ?? "" })
            if missing { return nil }
            files.append(file)
        }
        let kept = Set(newShards.map(\.key))
        let deleted = oldShards.filter { !kept.contains($0.key) }.map { shardPath(lang: lang, key: $0.key) }
        files.append(manifest(lang: lang, state: state, shards: newShards))
        return (files, deleted, state)
    }
}
