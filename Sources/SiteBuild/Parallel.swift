import Diagnostics
import Dispatch
import Foundation
import SiteContent
import SiteRender
import Synchronization
import Translations

/// Runs independent work on every core: translation groups, and the site-wide
/// pages once every group is known, do not depend on each other.
enum Parallel {
    /// `transform` of every index, in order.
    static func map<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        let results = Mutex([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let value = transform(index)
            results.withLock { $0[index] = value }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// Runs `body` for every index on every core; the first failure (by index) is thrown once all ran.
    static func forEach(_ count: Int, _ body: @Sendable (Int) throws(DiagnosticError) -> Void) throws(DiagnosticError) {
        let failures = map(count) { index -> DiagnosticError? in
            do throws(DiagnosticError) {
                try body(index)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
    }
}
