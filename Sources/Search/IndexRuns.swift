import Encoding
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The pages a language's builder has filed since its last run was put aside: their chunks'
/// bytes and one record per chunk. Kept under a byte limit (`SearchIndexBuilder.runLimit`),
/// then sorted into a run (`sortedRun`): memory holds one run's postings, not the site's.
struct PendingRun {
    /// One record per chunk: the term's number, the page's, where the chunk's part (after the
    /// page's head) lies in `arena`. A page's records lie together, in `pages` order.
    var records: [(term: Int32, page: Int32, start: UInt32, end: UInt32)] = []
    var arena: [UInt8] = []
    /// The run's pages in the order they came, and where each one's records start.
    var pages: [(page: Int32, firstRecord: Int32)] = []

    init() {}

    /// A run that holds about `limit` bytes before it is put aside, its storage made once
    /// instead of grown by doubling (each doubling copied what the run held).
    init(capacity limit: Int) {
        // A builder without a limit (tests: one run) reserves the default and grows past it.
        let limit = min(limit, SearchIndexBuilder.defaultRunLimit)
        arena.reserveCapacity(limit)
        records.reserveCapacity(limit / 40)
    }

    /// What the run holds in memory.
    var bytes: Int { arena.count + records.count * MemoryLayout<(Int32, Int32, UInt32, UInt32)>.stride }

    var isEmpty: Bool { pages.isEmpty }

    /// Empties the run for the next one, keeping its storage: a fresh run's 4 MiB arena and
    /// records cost a page fault per page touched, run after run.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        pages.removeAll(keepingCapacity: true)
    }

    /// The run as bytes, its terms in the order of their names' UTF-8 bytes (the shards'
    /// order), each term's postings in the order of their pages' keys:
    /// `term count blockBytes` (u32 each), then `count` times `page length` (u32) and the part.
    /// `blockBytes` counts what follows the block's header, so a reader takes a term at once.
    func sortedRun(names: [String], keys: [String]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(arena.count + records.count * 8 + 4096)
        _ = writeSorted(names: names, keys: keys, into: &out, flushAt: .max) { _ in true }
        return out
    }

    /// The bytes of `sortedRun`, appended to `out`, which is handed to `flush` whenever it
    /// holds `flushAt` bytes or more, and once at the end when it holds any: a run goes to the
    /// spill file through one buffer kept from run to run instead of a fresh copy of the whole
    /// run (page faults included). `flush` empties `out` or not, as it likes; false from it
    /// stops the writing, and is returned.
    func writeSorted(
        names: [String], keys: [String], into out: inout [UInt8], flushAt: Int, flush: (inout [UInt8]) -> Bool
    ) -> Bool {
        // A counting sort over the pages taken in the order of their keys: each term's postings
        // come out in that order, with no sort per term.
        let order = pages.indices.sorted { a, b in
            let (pageA, pageB) = (Int(pages[a].page), Int(pages[b].page))
            return keys[pageA] != keys[pageB] ? keys[pageA] < keys[pageB] : pageA < pageB
        }
        let pageRecords = order.map { position in
            Int(pages[position].firstRecord)..<(position + 1 < pages.count ? Int(pages[position + 1].firstRecord) : records.count)
        }
        let (runTerms, sizes, firsts, byTerm) = records.withUnsafeBufferPointer { Self.byTerm($0, pages: pageRecords, termCount: names.count) }
        let slots = UTF8Order.sortedIndices(runTerms.lazy.map { names[Int($0)] })
        // Each block is written in `block` and moved to `out` whole, or as soon as `out` would
        // hold `flushAt` bytes (`flush` is then called after the same postings as if each one
        // went to `out`).
        var block = ByteScratch(capacity: 1 << 12)
        return arena.withUnsafeBufferPointer { arena in
            guard let arena = arena.baseAddress else { return out.isEmpty || flush(&out) }
            for slot in slots {
                block.appendWords(UInt32(runTerms[slot]), UInt32(firsts[slot + 1] - firsts[slot]))
                block.appendWord(UInt32(sizes[slot]))
                for position in firsts[slot]..<firsts[slot + 1] {
                    let record = records[Int(byTerm[position])]
                    block.appendWords(UInt32(record.page), record.end - record.start)
                    block.append(arena + Int(record.start), count: Int(record.end - record.start))
                    if out.count + block.count >= flushAt {
                        block.move(to: &out)
                        if !flush(&out) { return false }
                    }
                }
                block.move(to: &out)
            }
            return out.isEmpty || flush(&out)
        }
    }
}

extension PendingRun {
    /// The records grouped by term, for `writeSorted`: the run's distinct terms (each given a
    /// slot, in the order they first come), each slot's block size (its postings' bytes, known
    /// before the block is written), and `byTerm`, the records' indices slot after slot
    /// (slot `s`'s at `firsts[s]..<firsts[s + 1]`), each slot's in the order of `pages` (each
    /// page's range of records). Counted in buffers of its own: with arrays, each count and
    /// each placement paid for a check of uniqueness and of bounds.
    static func byTerm(
        _ records: UnsafeBufferPointer<(term: Int32, page: Int32, start: UInt32, end: UInt32)>, pages: [Range<Int>], termCount: Int
    ) -> (runTerms: [Int32], sizes: [Int], firsts: [Int], byTerm: [Int32]) {
        let slotOfTerm = UnsafeMutableBufferPointer<Int32>.allocate(capacity: termCount)
        defer { slotOfTerm.deallocate() }
        slotOfTerm.initialize(repeating: -1)
        // At most one slot per record.
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: records.count + 1)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        var sizes = [Int](repeating: 0, count: records.count)
        var runTerms: [Int32] = []
        sizes.withUnsafeMutableBufferPointer { sizes in
            for record in records {
                precondition(record.term >= 0 && Int(record.term) < termCount, "a record of a term the builder does not number")
                var slot = Int(slotOfTerm[Int(record.term)])
                if slot < 0 {
                    slot = runTerms.count
                    slotOfTerm[Int(record.term)] = Int32(slot)
                    runTerms.append(record.term)
                }
                counts[slot] += 1
                sizes[slot] += 8 + Int(record.end - record.start)
            }
        }
        sizes.removeLast(sizes.count - runTerms.count)
        var firsts = [Int](repeating: 0, count: runTerms.count + 1)
        for slot in runTerms.indices { firsts[slot + 1] = firsts[slot] + counts[slot] }
        // Where each slot's next record goes.
        _ = counts.update(fromContentsOf: firsts)
        let byTerm = [Int32](unsafeUninitializedCapacity: records.count) { byTerm, count in
            for range in pages {
                for index in range {
                    let slot = Int(slotOfTerm[Int(records[index].term)])
                    byTerm[counts[slot]] = Int32(index)
                    counts[slot] += 1
                }
            }
            count = records.count
        }
        return (runTerms, sizes, firsts, byTerm)
    }
}

/// A run's blocks as they are written: words stored in place in a `ByteOutput`, then moved to
/// an array at once (appending each posting's few bytes to an array cost about a hundred
/// instructions of checks apiece, twice per posting in a run and twice again in a shard).
struct ByteScratch: ~Copyable {
    private var output: ByteOutput

    init(capacity: Int) {
        output = ByteOutput(capacity: capacity)
    }

    var count: Int { output.count }

    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        output.append(source, count: length)
    }

    mutating func append(byte: UInt8) {
        output.append(byte)
    }

    /// `value` as four bytes, least significant first.
    mutating func appendWord(_ value: UInt32) {
        output.append(atMost: 4) { start in
            UnsafeMutableRawPointer(start).storeBytes(of: value.littleEndian, as: UInt32.self)
            return 4
        }
    }

    /// `first` then `second`, four bytes each, least significant first, in one store.
    @inline(__always)
    mutating func appendWords(_ first: UInt32, _ second: UInt32) {
        output.append(atMost: 8) { start in
            UnsafeMutableRawPointer(start).storeBytes(of: (UInt64(first) | UInt64(second) << 32).littleEndian, as: UInt64.self)
            return 8
        }
    }

    /// Appends the bytes to `out` and empties the scratch, keeping its storage.
    mutating func move(to out: inout [UInt8]) {
        guard count > 0 else { return }
        output.withBytes { out.append(contentsOf: $0) }
        output.removeAll()
    }
}

/// A sorted run put aside: in the spill file, or in memory when there is none.
enum StoredRun {
    case memory([UInt8])
    case file(offset: Int, count: Int)
}

/// A file the builder puts its sorted runs in and reads back when it writes the shards: the
/// index's postings, most of its bytes, stay on disk while the pages render (issue 18: memory
/// must not grow with the pages). The file is unlinked as soon as it is made, so it is never
/// part of a site, and it goes away with its descriptor however the build ends.
final class SpillFile {
    private let descriptor: Int32
    private(set) var size = 0

    /// A new, nameless file in `folder`; nil when it cannot be made there.
    init?(folder: String) {
        var template = Array((folder + "/.search-runs-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A file that keeps its name would be published with the site: not used then.
        guard unlink(path) == 0 else {
            close(descriptor)
            unlink(path)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends `bytes`; returns where they start, or nil if they could not all be written.
    func append(_ bytes: [UInt8]) -> Int? {
        let start = size
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            guard buffer.count > 0 else { return true }
            while written < buffer.count {
                let count = pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(start + written))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        guard ok else { return nil }
        size += bytes.count
        return start
    }

    /// Reads `count` bytes at `offset` into `buffer` from `index` on; false if the file is short.
    func read(_ count: Int, at offset: Int, into buffer: inout [UInt8], from index: Int) -> Bool {
        var done = 0
        return buffer.withUnsafeMutableBytes { raw -> Bool in
            while done < count {
                let got = pread(descriptor, raw.baseAddress! + index + done, count - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            return true
        }
    }
}

/// Reads a stored run one term at a time, in its order: a file run through a buffer that
/// holds at least the current term's block.
struct RunReader {
    private let spill: SpillFile?
    private let start: Int
    private let count: Int
    /// The run's bytes from `bufferOffset` on (a memory run: all of them).
    private(set) var buffer: [UInt8]
    private var bufferOffset = 0
    /// Where the next block starts, from the run's start.
    private var position = 0
    /// The current block's term (-1: the run is done) and its postings' bytes in `buffer`.
    private(set) var term: Int32 = -1
    private(set) var postings = 0
    private(set) var block: Range<Int> = 0..<0
    /// Set when a file run could not be read back as it was written.
    private(set) var failed = false

    static let bufferSize = 1 << 16

    init(_ run: StoredRun, spill: SpillFile?) {
        switch run {
        case .memory(let bytes):
            self.spill = nil
            start = 0
            count = bytes.count
            buffer = bytes
        case .file(let offset, let count):
            self.spill = spill
            start = offset
            self.count = count
            buffer = []
        }
        advance()
    }

    /// Moves to the next block.
    mutating func advance() {
        term = -1
        guard !failed, position + 12 <= count, let header = available(12) else { return }
        let size = Int(buffer.word(at: header + 8))
        guard position + 12 + size <= count, let body = available(12 + size) else {
            failed = true
            return
        }
        // Read from `body`: taking the block in may have moved the buffer under `header`.
        term = Int32(bitPattern: buffer.word(at: body))
        postings = Int(buffer.word(at: body + 4))
        block = (body + 12)..<(body + 12 + size)
        position += 12 + size
    }

    /// The index in `buffer` of the run's bytes `position..<position + length`, read in if needed.
    private mutating func available(_ length: Int) -> Int? {
        guard let spill else { return position }
        if position >= bufferOffset && position + length <= bufferOffset + buffer.count { return position - bufferOffset }
        // Refill from `position` on: at least `length` bytes, at most what is left of the run.
        let size = min(max(length, Self.bufferSize), count - position)
        if buffer.count != size { buffer = [UInt8](repeating: 0, count: size) }
        guard spill.read(size, at: start + position, into: &buffer, from: 0) else {
            failed = true
            return nil
        }
        bufferOffset = position
        return 0
    }
}

extension [UInt8] {
    mutating func setWord(_ value: UInt32, at index: Int) {
        self[index] = UInt8(truncatingIfNeeded: value)
        self[index + 1] = UInt8(truncatingIfNeeded: value >> 8)
        self[index + 2] = UInt8(truncatingIfNeeded: value >> 16)
        self[index + 3] = UInt8(truncatingIfNeeded: value >> 24)
    }

    /// The four bytes at `index`, least significant first (`UnsafeBufferPointer.word(at:)`), after
    /// one check of the bounds (four reads of the array checked them four times).
    @inline(__always)
    func word(at index: Int) -> UInt32 {
        precondition(index >= 0 && index <= count - 4, "a word past the end of the bytes")
        return withUnsafeBufferPointer { $0.word(at: index) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The four bytes at `index`, least significant first, in one load. Checked in debug builds
    /// only, as the buffer's own subscript is: the merger reads two per posting, within a block
    /// whose bounds it checked once.
    @inline(__always)
    func word(at index: Int) -> UInt32 {
        assert(index >= 0 && index <= count - 4, "a word past the end of the bytes")
        return UInt32(littleEndian: UnsafeRawPointer(baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt32.self))
    }
}
