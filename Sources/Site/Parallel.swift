import Diagnostics
import Dispatch
import Foundation
import Synchronization

/// Runs independent work on every core (pages do not depend on each other
/// once the site's metadata is known).
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

/// Rendered article bodies wait on disk between the two passes of a build,
/// so memory stays flat however many pages the site has: one temporary file
/// that bodies are appended to, read back by offset.
final class BodyStore: Sendable {
    private struct State {
        var offsets: [Int: (offset: Int64, length: Int)] = [:]
        var end: Int64 = 0
    }

    private let descriptor: Int32
    private let state = Mutex(State())

    init() throws(DiagnosticError) {
        let path = FileManager.default.temporaryDirectory.appending(path: "lifecycle-docs-bodies-\(getpid())-\(UUID().uuidString)").path
        descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw DiagnosticError([
                .error(at: SourceLocation(file: path, line: 1, column: 1), "cannot create a temporary file: \(String(cString: strerror(errno)))")
            ])
        }
        // The file lives only as long as its descriptor.
        unlink(path)
    }

    func put(_ index: Int, _ html: String) {
        var html = html
        html.withUTF8 { bytes in
            let offset = state.withLock { state in
                let offset = state.end
                state.end += Int64(bytes.count)
                state.offsets[index] = (offset, bytes.count)
                return offset
            }
            var written = 0
            while written < bytes.count {
                let n = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(offset) + off_t(written))
                if n <= 0 { break }
                written += n
            }
        }
    }

    /// The body's UTF-8 bytes: pages splice them in as they are, with no String to validate or copy.
    func take(_ index: Int) -> Data? {
        guard let (offset, length) = state.withLock({ $0.offsets[index] }) else { return nil }
        var data = Data(count: length)
        let read = data.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var read = 0
            while read < length {
                let n = pread(descriptor, base + read, length - read, off_t(offset) + off_t(read))
                if n <= 0 { break }
                read += n
            }
            return read
        }
        return read == length ? data : nil
    }

    deinit { close(descriptor) }
}
