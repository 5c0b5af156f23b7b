/// A request path, percent-decoded exactly once and checked before it touches
/// the file system.
///
/// libmicrohttpd would decode `%HH` in the path itself, but into a C string: a
/// decoded `%00` silently cuts the path short (`/secret%00.html` becomes
/// `/secret`). The server turns that decoding off and decodes here, once, so a
/// NUL byte can be seen and refused.
struct RequestPath: Equatable {
    /// The decoded segments, without empty ones (`//a` is `/a`).
    var segments: [String]
    /// The path ended with `/`: a folder is asked for.
    var trailingSlash: Bool

    enum Rejection: Error, Equatable {
        /// Not a path, a bad `%` escape, an encoded `/`, a control byte, a backslash or not UTF-8: 400.
        case malformed
        /// A `.` or `..` segment: 404, as if nothing were there.
        case outsideRoot
    }

    /// Decodes `raw`, the path exactly as the client sent it (no query).
    static func decode(_ raw: some Collection<UInt8>) -> Result<RequestPath, Rejection> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        guard index != raw.endIndex, raw[index] == UInt8(ascii: "/") else { return .failure(.malformed) }
        while index != raw.endIndex {
            var byte = raw[index]
            raw.formIndex(after: &index)
            if byte == UInt8(ascii: "%") {
                guard index != raw.endIndex, let high = hexValue(raw[index]) else { return .failure(.malformed) }
                raw.formIndex(after: &index)
                guard index != raw.endIndex, let low = hexValue(raw[index]) else { return .failure(.malformed) }
                raw.formIndex(after: &index)
                byte = high << 4 | low
                // An encoded slash is no separator, and no name holds one: refused, as a page served
                // at `/es%2Finactive/` would resolve its relative links against the wrong folder.
                if byte == UInt8(ascii: "/") { return .failure(.malformed) }
            }
            // NUL ends a C path early, other control bytes have no place in a URL,
            // and a backslash is a separator on some systems: refuse them all.
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return .failure(.malformed) }
            bytes.append(byte)
        }
        // Overlong forms such as %c0%ae (a disguised '.') are invalid UTF-8 and stop here.
        guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.malformed) }
        // Split on the byte, not on the Character "/": a combining mark after a slash
        // (`/%CC%81`) makes one Character of both, which a String split would not cut.
        let parts = bytes.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        if parts.contains(where: { $0 == "." || $0 == ".." }) { return .failure(.outsideRoot) }
        return .success(RequestPath(segments: parts, trailingSlash: bytes.last == UInt8(ascii: "/")))
    }

    /// Whether a browser would show the answer as a page: a folder, `.html`, or
    /// a name without an extension (not a stylesheet, a script or an image).
    var isPage: Bool {
        guard !trailingSlash, let last = segments.last?.lowercased() else { return true }
        return last.hasSuffix(".html") || last.hasSuffix(".htm") || !last.contains(".")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
