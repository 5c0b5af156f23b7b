import Dispatch
import LifecycleMachines
import Synchronization

/// The model's machines (`Machines.all`), which reading any article with an example needs,
/// made ahead on another core: in an incremental build they are ~4% of the instructions, and
/// the reading of the cache and of the content before rendering leaves the second core idle
/// meanwhile. `Machines.all` is a lazy global: a thread that needs it before it is made waits
/// for it, so the result is the same whoever makes it. (The search's folding tables are not
/// made ahead: which one a build needs depends on the languages it renders, known later.)
enum Warmup {
    static func start() {
        DispatchQueue.global().async { _ = Machines.all.count }
    }
}

/// A value computed on another core while this one does other work (the build cache is decoded
/// while the inputs are stamped and the content folder is scanned): `value()` waits for it.
/// `work` is told whether the value is still wanted (`cancel()`), so that work no one will
/// use stops early.
final class Background<T: Sendable>: Sendable {
    private let result = Mutex<T?>(nil)
    private let cancelled = Atomic<Bool>(false)
    private let group = DispatchGroup()

    init(_ work: @escaping @Sendable (_ isCancelled: () -> Bool) -> T) {
        DispatchQueue.global().async(group: group) { [self] in
            let value = work { cancelled.load(ordering: .relaxed) }
            result.withLock { $0 = value }
        }
    }

    /// The value, once computed; nil only if `work` never returned.
    func value() -> T? {
        group.wait()
        return result.withLock { $0 }
    }

    /// Tells `work` its value will not be asked for.
    func cancel() { cancelled.store(true, ordering: .relaxed) }
}
