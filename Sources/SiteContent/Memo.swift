import Glibc
import Encoding
import Scenarios
import Synchronization

/// A thread-safe cache of pure results by their inputs. The same example,
/// code sample or diagram recurs across an article's translations and across
/// pages; computing it once per build is what keeps large sites fast.
///
/// Bounded, so memory does not grow with the number of pages: entries fill a current
/// generation until their cost reaches `limit`, which then becomes the previous one (the
/// one before is dropped). A hit in the previous generation moves back into the current,
/// so what keeps recurring stays; a value dropped is only computed again.
package final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Generations {
        var current: [Key: Value] = [:]
        var previous: [Key: Value] = [:]
        var currentCost = 0
    }

    private let table = Mutex<Generations>(Generations())
    private let limit: Int
    private let cost: @Sendable (Value) -> Int

    /// `limit`: the cost a generation holds; `cost`: a value's share of it (1: a count of entries).
    package init(limit: Int = .max, cost: @escaping @Sendable (Value) -> Int = { _ in 1 }) {
        self.limit = limit
        self.cost = cost
    }

    package func cached(_ key: Key) -> Value? {
        let (value, dropped) = table.withLock { generations -> (Value?, [Key: Value]) in
            if let hit = generations.current[key] { return (hit, [:]) }
            guard let hit = generations.previous.removeValue(forKey: key) else { return (nil, [:]) }
            return (hit, Self.insert(hit, for: key, cost: cost(hit), into: &generations, limit: limit))
        }
        _ = consume dropped  // freed outside the lock
        return value
    }

    package func store(_ value: Value, for key: Key) {
        let valueCost = cost(value)
        let dropped = table.withLock { Self.insert(value, for: key, cost: valueCost, into: &$0, limit: limit) }
        _ = consume dropped
    }

    package func value(for key: Key, _ compute: () -> Value) -> Value {
        if let hit = cached(key) { return hit }
        let value = compute()
        store(value, for: key)
        return value
    }

    /// How many values the memo holds (for tests).
    package var count: Int { table.withLock { $0.current.count + $0.previous.count } }

    /// Adds to the current generation; returns the generation dropped, if one was.
    private static func insert(_ value: Value, for key: Key, cost: Int, into generations: inout Generations, limit: Int) -> [Key: Value] {
        if generations.current.updateValue(value, forKey: key) == nil { generations.currentCost += cost }
        guard generations.currentCost >= limit else { return [:] }
        let dropped = generations.previous
        generations.previous = generations.current
        generations.current = [:]
        generations.currentCost = 0
        return dropped
    }
}

/// A memo key made of strings, hashed and compared by their UTF-8 bytes. A `String`
/// key hashes its Unicode normal form, which for Cyrillic or accented code and prose
/// costs more than the work the memo saves; byte-equal text is all a cache needs.
package struct TextKey: Hashable, Sendable {
    let parts: [String]
    /// The bytes hashed once, when the key is made (outside the memo's lock): a key is looked
    /// up, often stored, and rehashed each time its table grows.
    private let bytesHash: Int

    package init(_ parts: String...) {
        self.parts = parts
        // `ByteHash`, not `Hasher`: the texts are whole code blocks and paragraphs. Equal
        // hashes are still compared byte for byte; `hash(into:)` seeds the result.
        var hash = ByteHash.start
        for part in parts {
            hash = part.withUTF8Bytes { ByteHash.end(ByteHash.mix(hash, $0), length: $0.count) }
        }
        bytesHash = Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }

    package static func == (a: TextKey, b: TextKey) -> Bool {
        a.bytesHash == b.bytesHash && a.parts.count == b.parts.count && zip(a.parts, b.parts).allSatisfy { sameBytes($0, $1) }
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.withUTF8Bytes { x in
            b.withUTF8Bytes { y in
                guard x.count == y.count else { return false }
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }  // both empty
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}

/// A build's `VerificationCache`: each distinct block and run of prose is verified once.
package final class VerificationMemo: VerificationCache {
    // Bounded (`Memo`): on a site of unique pages every block and sentence is new.
    private let examples = Memo<TextKey, ExampleTrace>(limit: 512)
    private let judged = Memo<TextKey, [JudgedChain]>(limit: 4096)

    package init() {}

    package func example(info: String, code: String) -> ExampleTrace? { examples.cached(TextKey(info, code)) }
    package func remember(_ trace: ExampleTrace, info: String, code: String) { examples.store(trace, for: TextKey(info, code)) }
    package func chains(in text: String) -> [JudgedChain]? { judged.cached(TextKey(text)) }
    package func remember(_ chains: [JudgedChain], in text: String) { judged.store(chains, for: TextKey(text)) }
}
