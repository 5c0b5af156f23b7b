import Glibc
import Scenarios
import Synchronization

/// A thread-safe cache of pure results by their inputs. The same example,
/// code sample or diagram recurs across an article's translations and across
/// pages; computing it once per build is what keeps large sites fast.
package final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])

    package init() {}

    package func cached(_ key: Key) -> Value? { table.withLock { $0[key] } }

    package func store(_ value: Value, for key: Key) { table.withLock { $0[key] = value } }

    package func value(for key: Key, _ compute: () -> Value) -> Value {
        if let hit = table.withLock({ $0[key] }) { return hit }
        let value = compute()
        table.withLock { $0[key] = value }
        return value
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
        var hasher = Hasher()
        for part in parts {
            var part = part
            part.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(0xFF as UInt8)  // never inside UTF-8: separates the parts
        }
        bytesHash = hasher.finalize()
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }

    package static func == (a: TextKey, b: TextKey) -> Bool {
        a.bytesHash == b.bytesHash && a.parts.count == b.parts.count && zip(a.parts, b.parts).allSatisfy { sameBytes($0, $1) }
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }  // both empty
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}

/// A build's `VerificationCache`: each distinct block and run of prose is verified once.
package final class VerificationMemo: VerificationCache {
    private let examples = Memo<TextKey, ExampleTrace>()
    private let judged = Memo<TextKey, [JudgedChain]>()

    package init() {}

    package func example(info: String, code: String) -> ExampleTrace? { examples.cached(TextKey(info, code)) }
    package func remember(_ trace: ExampleTrace, info: String, code: String) { examples.store(trace, for: TextKey(info, code)) }
    package func chains(in text: String) -> [JudgedChain]? { judged.cached(TextKey(text)) }
    package func remember(_ chains: [JudgedChain], in text: String) { judged.store(chains, for: TextKey(text)) }
}
