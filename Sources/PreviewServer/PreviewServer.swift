import CMicroHTTPD
import Glibc
import Synchronization

/// Why the server could not start.
public struct PreviewServerError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// libmicrohttpd, loaded when a server first starts (`lcd_load`): linked, it would be loaded
/// with gnutls and p11-kit at every start of the tool, which only `serve` needs.
struct MicroHTTPD: @unchecked Sendable {
    /// Filled once by `lcd_load`, then only read (by every connection's thread).
    let functions: UnsafePointer<lcd_microhttpd>

    /// The library's file name as Debian installs it (package libmicrohttpd12).
    static let libraryName = "libmicrohttpd.so.12"

    /// Loaded on first use, once for the process.
    static let shared = load(libraryName)

    /// The library `name` (a file name the dynamic loader searches for), or why it cannot be used.
    static func load(_ name: String) -> Result<MicroHTTPD, PreviewServerError> {
        let table = UnsafeMutablePointer<lcd_microhttpd>.allocate(capacity: 1)
        guard let failure = lcd_load(name, table) else { return .success(MicroHTTPD(functions: table)) }
        table.deallocate()
        return .failure(PreviewServerError(
            description: "cannot load \(name), the HTTP library 'serve' runs on: \(String(cString: failure))"
                + " (on Debian or Ubuntu: apt-get install libmicrohttpd12)"))
    }
}

/// Serves a built site folder over HTTP for previewing, with live reload.
///
/// libmicrohttpd does the HTTP, one thread per connection (a live-reload
/// stream blocks its thread while it waits for the next build). GET and HEAD
/// only; nothing outside the root folder is ever served.
public final class PreviewServer: Sendable {
    public let root: String
    /// What the callbacks reach through libmicrohttpd's context pointer. The
    /// server owns it, and deinit stops the daemon before it goes away.
    private let router: RouterBox

    /// The libmicrohttpd daemon, only touched under the lock.
    private struct Daemon: @unchecked Sendable {
        let pointer: OpaquePointer
    }
    private struct State {
        var daemon: Daemon?
        var port: UInt16 = 0
    }
    private let state = Mutex(State())

    /// `root` is the site folder; it may not exist yet (everything is a 404 until it does).
    public init(root: String) {
        self.root = root
        router = RouterBox(Router(site: SiteFolder(root: root), hub: LiveHub()))
    }

    deinit {
        stop()
    }

    /// The port the server listens on (the one the system picked for port 0); 0 when stopped.
    public var port: UInt16 { state.withLock { $0.port } }

    /// The number of good builds published so far; HTML pages are served with it.
    public var generation: Int { router.router.hub.generation }

    /// Starts listening. Port 0 picks a free port (read it from `port`). The
    /// default host is loopback: anything else must be asked for.
    public func start(host: String = "127.0.0.1", port: UInt16 = 0) throws(PreviewServerError) {
        guard let address = SocketAddress(host: host, port: port) else {
            throw PreviewServerError(description: "'\(host)' is not an IP address (for example 127.0.0.1, ::1, 0.0.0.0 or localhost)")
        }
        let library = try MicroHTTPD.shared.get()
        let context = Unmanaged.passUnretained(router).toOpaque()
        try state.withLock { (state: inout State) throws(PreviewServerError) in
            guard state.daemon == nil else { throw PreviewServerError(description: "the server is already running") }
            router.router.hub.open()
            var flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
            if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
            // 60 s: an idle keep-alive connection does not hold its thread forever.
            let daemon = address.withSockaddr { lcd_start_daemon(library.functions, flags, $0, handleRequest, context, keepRawTarget, leaveEscapes, requestCompleted, 60) }
            guard let daemon else {
                throw PreviewServerError(description: "cannot listen on \(address.display): \(String(cString: strerror(errno)))")
            }
            state.daemon = Daemon(pointer: daemon)
            state.port = lcd_bound_port(library.functions, daemon)
            router.loopbackOnly.store(address.isLoopback, ordering: .relaxed)
        }
    }

    /// Stops listening: ends the live-reload streams, then waits for every connection thread.
    public func stop() {
        let daemon = state.withLock { state in
            defer { state = State() }
            return state.daemon
        }
        // A daemon runs only once the library is loaded.
        guard let daemon, case .success(let library) = MicroHTTPD.shared else { return }
        router.router.hub.close()
        library.functions.pointee.stop_daemon(daemon.pointer)
    }

    /// Tells every open page about a build: reload, or show its errors.
    /// Returns the generation pages are served with from now on.
    @discardableResult
    public func publish(_ event: LiveEvent) -> Int {
        router.router.hub.publish(event)
    }

    /// The words of the build-failure overlay, by language code (the `serve*` UI strings), for
    /// the pages under each language's folder; other pages, and a language without them, get English.
    public func setOverlayStrings(_ strings: [String: [String: String]]) {
        router.router.texts.set(strings)
    }

    /// 127.0.0.0/8, ::1 and localhost.
    public static func isLoopback(_ host: String) -> Bool {
        SocketAddress(host: host, port: 0)?.isLoopback ?? false
    }

    /// Whether `start` accepts `host`: a numeric IPv4 or IPv6 address, or localhost.
    public static func isAddress(_ host: String) -> Bool {
        SocketAddress(host: host, port: 0) != nil
    }
}

private final class RouterBox: Sendable {
    let router: Router
    /// Set while listening on loopback: requests must then name a loopback host.
    let loopbackOnly = Atomic<Bool>(true)
    init(_ router: Router) { self.router = router }
}

/// One request's own state, from the URI log callback until the request
/// completes; only its connection's thread touches it.
private final class RequestState {
    /// The request target exactly as sent (path and query).
    let target: [UInt8]
    /// The handler has seen the headers once.
    var started = false
    init(_ target: [UInt8]) { self.target = target }
}

// The callbacks libmicrohttpd calls on its connection threads.

/// Called once per request before any parsing: keeps the raw target in the
/// request's context pointer (released in `requestCompleted`).
private let keepRawTarget: lcd_uri_log_callback = { _, uri, _ in
    Unmanaged.passRetained(RequestState(uri.map(bytes) ?? [])).toOpaque()
}

private func bytes(_ text: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
}

/// Leaves `%HH` as it is: `RequestPath.decode` decodes exactly once and can
/// refuse `%00`, which libmicrohttpd's own decoding would turn into a cut-off C string.
private let leaveEscapes: lcd_unescape_callback = { _, _, text in
    text.map { strlen($0) } ?? 0
}

private let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let target = requestContext.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(target).release()
    requestContext.pointee = nil
}

/// Called when the headers are in, then for each piece of a request body, then
/// once more at its end.
private let handleRequest: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, uploadSize, requestContext in
    // Called only by a daemon of the loaded library.
    guard let context, let connection, let url, let method,
        let pointer = requestContext?.pointee, case .success(let library) = MicroHTTPD.shared
    else { return .NO }
    let mhd = library.functions.pointee
    let box = Unmanaged<RouterBox>.fromOpaque(context).takeUnretainedValue()
    let router = box.router
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    let methodName = String(cString: method)
    let readable = methodName == "GET" || methodName == "HEAD"
    if readable {
        // GET and HEAD are answered once the request is complete: answering
        // earlier makes libmicrohttpd close the connection instead of keeping it alive.
        if !state.started {
            state.started = true
            return .YES
        }
        if let uploadSize, uploadSize.pointee != 0 {
            uploadSize.pointee = 0  // a body on GET means nothing: skip it
            return .YES
        }
    }
    // Anything else gets its 405 at once; libmicrohttpd drops the body and closes the connection.
    var query: String?
    if let mark = state.target.firstIndex(of: UInt8(ascii: "?")) {
        query = String(decoding: state.target[(mark + 1)...], as: UTF8.self)
    }
    let request = Request(
        method: methodName, rawPath: bytes(url), rawQuery: query,
        ifNoneMatch: mhd.lookup_connection_value(connection, .HEADER_KIND, "If-None-Match").map { String(cString: $0) },
        host: mhd.lookup_connection_value(connection, .HEADER_KIND, "Host").map { String(cString: $0) },
        loopbackOnly: box.loopbackOnly.load(ordering: .relaxed))
    return queue(router.reply(to: request), on: connection, hub: router.hub, mhd)
}

private func queue(_ reply: Reply, on connection: OpaquePointer, hub: LiveHub, _ mhd: lcd_microhttpd) -> MHD_Result {
    let response: OpaquePointer?
    switch reply.body {
    case .bytes(let bytes):
        response = bytes.withUnsafeBytes { buffer in
            mhd.create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .file(let descriptor, let size):
        response = mhd.create_response_from_fd64(size, descriptor)
        if response == nil { close(descriptor) }
    case .events:
        let stream = Unmanaged.passRetained(hub.subscribe()).toOpaque()
        // UInt64.max is MHD_SIZE_UNKNOWN: the stream has no end, so it is sent chunked.
        response = mhd.create_response_from_callback(UInt64.max, 4096, readEvents, stream, endEvents)
        if response == nil { endEvents(stream) }
    }
    guard let response else { return .NO }
    defer { mhd.destroy_response(response) }
    for (name, value) in reply.headers where mhd.add_response_header(response, name, value) == .NO {
        return .NO
    }
    return mhd.queue_response(connection, reply.status, response)
}

/// Blocks until the stream has bytes; -1 (MHD_CONTENT_READER_END_OF_STREAM) when it is closed.
private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -1 }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
    return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)) ?? -1
}

/// The response is gone (the page closed, or the server stops): forget the stream.
private let endEvents: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<EventStream>.fromOpaque(context)
    stream.takeUnretainedValue().unsubscribe()
    stream.release()
}
