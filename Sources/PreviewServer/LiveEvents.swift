import Encoding
import Diagnostics
import Dispatch
import Synchronization

/// What the preview tells open pages after a build.
public enum LiveEvent: Sendable {
    /// A build succeeded; `changed` names the inputs that changed, when known.
    case reload(changed: [String])
    /// A build failed: the last good site is still served.
    case error(diagnostics: [Diagnostic])
}

/// The live-reload state and the open `/_lifecycle/events` streams.
///
/// `generation` counts successful builds: pages are served with it, so a page
/// that connects after a newer build knows it is out of date.
final class LiveHub: Sendable {
    private struct State {
        var generation = 0
        /// Set while the last build failed.
        var failure: [Diagnostic]?
        var subscribers: [Int: EventStream] = [:]
        var nextID = 0
        var closed = false
    }

    private let state = Mutex(State())

    var generation: Int { state.withLock { $0.generation } }

    /// While the last build failed: its diagnostics (errors first) and the generation
    /// pages are served with; nil after a good build.
    var failure: (diagnostics: [Diagnostic], generation: Int)? {
        state.withLock { state in state.failure.map { ($0, state.generation) } }
    }

    /// Records the event and sends it to every open stream; returns the generation.
    func publish(_ event: LiveEvent) -> Int {
        state.withLock { state in
            let message: String
            switch event {
            case .reload(let changed):
                state.generation += 1
                state.failure = nil
                message = Self.message("reload", "{\"generation\":\(state.generation),\"changed\":["
                    + changed.map(JSON.quote).joined(separator: ",") + "]}")
            case .error(let diagnostics):
                let ordered = Self.errorsFirst(diagnostics)
                state.failure = ordered
                message = Self.errorMessage(ordered, generation: state.generation)
            }
            for stream in state.subscribers.values { stream.push(message) }
            return state.generation
        }
    }

    /// A new stream; it starts with the current state, so a page opened while
    /// the build is broken shows the error at once.
    func subscribe() -> EventStream {
        state.withLock { state in
            state.nextID += 1
            let stream = EventStream(id: state.nextID, hub: self, closed: state.closed)
            // retry: how soon the browser reconnects when the server restarts.
            let current = state.failure.map { Self.errorMessage($0, generation: state.generation) }
                ?? Self.message("ready", "{\"generation\":\(state.generation)}")
            stream.push("retry: 1000\n" + current)
            if !state.closed { state.subscribers[stream.id] = stream }
            return stream
        }
    }

    func unsubscribe(_ stream: EventStream) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: stream.id) }
    }

    /// Ends every stream so the server's threads can finish; `open()` undoes it.
    func close() {
        let streams = state.withLock { state in
            state.closed = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for stream in streams { stream.close() }
    }

    func open() {
        state.withLock { $0.closed = false }
    }

    /// Errors, then warnings, then notes; each kind keeps the build's order (file, then line).
    static func errorsFirst(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        func rank(_ severity: Severity) -> Int {
            switch severity {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
        return diagnostics.enumerated()
            .sorted { (rank($0.element.severity), $0.offset) < (rank($1.element.severity), $1.offset) }
            .map(\.element)
    }

    private static func message(_ name: String, _ json: String) -> String {
        "event: \(name)\ndata: \(json)\n\n"
    }

    private static func errorMessage(_ diagnostics: [Diagnostic], generation: Int) -> String {
        message("error", "{\"generation\":\(generation),\"diagnostics\":["
            + diagnostics.map(DiagnosticFormatter.json).joined(separator: ",") + "]}")
    }
}

/// One open `/_lifecycle/events` response. libmicrohttpd runs each connection
/// on its own thread and asks for the next bytes; `read` blocks until there
/// are some, sending a comment now and then so a closed connection is noticed.
final class EventStream: Sendable {
    let id: Int
    /// Held until the stream ends (`unsubscribe`), which breaks the cycle with the hub.
    private let hub: LiveHub
    private struct Pending {
        var bytes: [UInt8] = []
        var closed: Bool
    }
    private let pending: Mutex<Pending>
    private let wakeup = DispatchSemaphore(value: 0)

    init(id: Int, hub: LiveHub, closed: Bool) {
        self.id = id
        self.hub = hub
        pending = Mutex(Pending(closed: closed))
    }

    func push(_ text: String) {
        pending.withLock { $0.bytes.append(contentsOf: text.utf8) }
        wakeup.signal()
    }

    func close() {
        pending.withLock { $0.closed = true }
        wakeup.signal()
    }

    func unsubscribe() {
        hub.unsubscribe(self)
    }

    /// A write to a closed connection fails, which is how libmicrohttpd learns the page went away.
    private static let keepAlive = DispatchTimeInterval.seconds(10)

    /// Copies as many pending bytes as fit into `buffer`; nil at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while true {
            let (count, closed) = pending.withLock { pending -> (Int, Bool) in
                if pending.closed { return (0, true) }
                let count = min(buffer.count, pending.bytes.count)
                buffer.copyBytes(from: pending.bytes[..<count])
                pending.bytes.removeFirst(count)
                return (count, false)
            }
            if closed { return nil }
            if count > 0 { return count }
            if wakeup.wait(timeout: .now() + Self.keepAlive) == .timedOut {
                pending.withLock { $0.bytes.append(contentsOf: ": keep-alive\n\n".utf8) }
            }
        }
    }
}
