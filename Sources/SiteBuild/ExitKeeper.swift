import Synchronization

/// Holds values until the process exits, so that they are never freed: a one-shot build's last
/// step was freeing its cache and articles object by object (dictionaries, arrays, strings),
/// 6% of one edit's instructions on the main thread (bench/README, seventh round), for memory
/// the kernel takes back at exit anyway.
enum ExitKeeper {
    /// Values are only stored, never read or freed again.
    private final class Box: @unchecked Sendable {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    private static let kept = Mutex<[Box]>([])

    static func keep(_ value: Any) {
        let box = Box(value)
        kept.withLock { $0.append(box) }
    }
}
