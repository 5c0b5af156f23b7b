import Synchronization

/// A machine's answers to order questions, by question. A site asks the same few orders in
/// example after example and sentence after sentence (`onPause → onStop`), each answer is a
/// search over the whole machine, and a machine never changes: each is worked out once.
/// Bounded by a count of entries: past `limit` the table starts again (`serve` lives long).
final class QueryMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 4096) { self.limit = limit }

    func value(for key: Key, _ compute: () -> Value) -> Value {
        if let hit = table.withLock({ $0[key] }) { return hit }
        // Computed outside the lock: two threads may both compute a new question, with the same answer.
        let value = compute()
        table.withLock { answers in
            if answers.count >= limit { answers.removeAll() }
            answers[key] = value
        }
        return value
    }

    /// How many answers are kept (for tests).
    var count: Int { table.withLock { $0.count } }
}

/// A callback order asked of a machine, under the options of a block (nil: any).
struct OrderQuestion: Hashable, Sendable {
    let order: [String]
    let options: MachineOptions?
}
