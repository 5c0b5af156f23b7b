import Foundation
import Glibc
import TestSupport
import Testing

/// A plain TCP connection to 127.0.0.1, so request targets reach the server
/// byte for byte (URLSession would normalise `..` and escapes away).
final class RawConnection {
    private let socket: Int32

    init(port: UInt16) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        // No test waits forever on a server that does not answer.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // No close here: the object is whole, so deinit runs after this throw and closes it. Closing
        // twice would close whatever descriptor another thread opened with the same number meanwhile.
        guard connected == 0 else { throw TestFailure("connect to port \(port): \(String(cString: strerror(errno)))") }
    }

    deinit { close(socket) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw TestFailure("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// The next bytes; empty at the end of the stream (or after the 10 s timeout).
    func receive() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    func receiveAll() -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = receive()
            if chunk.isEmpty { return all }
            all += chunk
        }
    }
}

/// A response as the test reads it.
struct RawResponse {
    var status: Int
    /// Lowercased names.
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    /// Splits what the server sent (with `Connection: close`, the body is the rest).
    init(_ bytes: [UInt8]) throws {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw TestFailure("no end of headers in: \(String(decoding: bytes, as: UTF8.self))")
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw TestFailure("bad status line: \(head.first ?? "")") }
        self.status = status
        headers = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = Array(bytes[end.upperBound...])
    }
}

/// Sends one request with the target exactly as given and reads the whole answer.
func request(
    _ target: String, method: String = "GET", headers: [String: String] = [:], body: String = "", port: UInt16
) throws -> RawResponse {
    try request(bytes: Array(target.utf8), method: method, headers: headers, body: body, port: port)
}

func request(
    bytes target: [UInt8], method: String = "GET", headers: [String: String] = [:], body: String = "", port: UInt16
) throws -> RawResponse {
    let connection = try RawConnection(port: port)
    var head = headers["Host"] == nil ? "Host: 127.0.0.1:\(port)\r\n" : ""
    head += "Connection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
    try connection.send(Array("\(method) ".utf8) + target + Array(" HTTP/1.1\r\n\(head)\r\n\(body)".utf8))
    return try RawResponse(connection.receiveAll())
}

/// An open `/_lifecycle/events` stream, read through its chunked encoding.
final class EventStreamReader {
    private let connection: RawConnection
    private var raw: [UInt8] = []
    /// Decoded event text not yet returned by `next`.
    private var text = ""
    private(set) var headers: [String: String] = [:]
    private var closed = false

    init(port: UInt16) throws {
        connection = try RawConnection(port: port)
        try connection.send(Array("GET /_lifecycle/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8))
        while raw.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            let chunk = connection.receive()
            guard !chunk.isEmpty else { throw TestFailure("the event stream closed before its headers") }
            raw += chunk
        }
        guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { throw TestFailure("no headers") }
        headers = try RawResponse(Array(raw[..<end.upperBound])).headers
        raw.removeSubrange(..<end.upperBound)
    }

    /// The next event (`event:` name and `data:` line), skipping comments and `retry:`.
    func next() throws -> (name: String, data: String) {
        while true {
            if let end = text.range(of: "\n\n") {
                let block = String(text[..<end.lowerBound])
                text.removeSubrange(..<end.upperBound)
                var name = "message"
                var data = ""
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                if block.split(separator: "\n").contains(where: { $0.hasPrefix("event: ") || $0.hasPrefix("data: ") }) {
                    return (name, data)
                }
                continue
            }
            try readChunk()
        }
    }

    /// Whether the server ended the stream (the last chunk, or the connection closed).
    func isClosed() -> Bool {
        while !closed {
            do { try readChunk() } catch { return true }
        }
        return true
    }

    private func readChunk() throws {
        while true {
            if let line = raw.firstRange(of: Array("\r\n".utf8)) {
                let sizeText = String(decoding: raw[..<line.lowerBound], as: UTF8.self)
                guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else {
                    throw TestFailure("bad chunk size '\(sizeText)'")
                }
                if size == 0 {
                    closed = true
                    throw TestFailure("the event stream ended")
                }
                if raw.count >= line.upperBound + size + 2 {
                    text += String(decoding: raw[line.upperBound..<(line.upperBound + size)], as: UTF8.self)
                    raw.removeSubrange(..<(line.upperBound + size + 2))
                    return
                }
            }
            let more = connection.receive()
            guard !more.isEmpty else {
                closed = true
                throw TestFailure("the event stream closed")
            }
            raw += more
        }
    }
}
