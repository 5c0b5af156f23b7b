import Synchronization

/// A thread-safe cache of pure results by their inputs. The same example,
/// code sample or diagram recurs across an article's translations and across
/// pages; computing it once per build is what keeps large sites fast.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])

    func value(for key: Key, _ compute: () -> Value) -> Value {
        if let hit = table.withLock({ $0[key] }) { return hit }
        let value = compute()
        table.withLock { $0[key] = value }
        return value
    }
}
