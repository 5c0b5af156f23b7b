/// One request as the router needs it; libmicrohttpd has parsed the HTTP.
struct Request {
    var method: String
    /// The path as sent, still percent-encoded.
    var rawPath: [UInt8]
    /// The query as sent, without `?`; nil when there is none.
    var rawQuery: String?
    var ifNoneMatch: String?
    /// The `Host` header, and whether the server listens on loopback only.
    var host: String? = nil
    var loopbackOnly = false
}

/// What to answer; `PreviewServer` turns it into a libmicrohttpd response.
struct Reply {
    enum Body {
        case bytes([UInt8])
        /// An open file, handed to libmicrohttpd, which closes it.
        case file(descriptor: Int32, size: UInt64)
        /// The live-reload event stream.
        case events
    }

    var status: UInt32
    var headers: [(name: String, value: String)]
    var body: Body

    static func text(_ status: UInt32, _ text: String, headers: [(name: String, value: String)] = []) -> Reply {
        Reply(status: status, headers: common(ContentType.plainText) + headers, body: .bytes(Array(text.utf8)))
    }

    /// Every answer: previews are never cached without asking, and never sniffed.
    static func common(_ contentType: String) -> [(name: String, value: String)] {
        [("Content-Type", contentType), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]
    }
}

/// Turns requests into replies: files of the site, the 404 page, redirects
/// for folders, and the live-reload endpoints under `/_lifecycle/`.
struct Router: Sendable {
    let site: SiteFolder
    let hub: LiveHub
    let texts = OverlayTexts()

    func reply(to request: Request) -> Reply {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "405 Method Not Allowed\n", headers: [("Allow", "GET, HEAD")])
        }
        // A page on another site can make a browser resolve its own name to 127.0.0.1 (DNS
        // rebinding) and read the preview; such requests name that other host.
        if request.loopbackOnly, !Self.isLoopbackName(request.host) {
            return .text(403, "403 Forbidden: this preview answers only to localhost, 127.0.0.1 and [::1]\n")
        }
        let path: RequestPath
        switch RequestPath.decode(request.rawPath) {
        case .success(let decoded): path = decoded
        case .failure(.malformed): return .text(400, "400 Bad Request\n")
        case .failure(.outsideRoot): return notFound()
        }
        if path.segments.first == "_lifecycle" { return live(path, head: request.method == "HEAD") }

        switch site.lookup(path.segments) {
        case .missing:
            return missing(path)
        case .file(let real):
            return path.trailingSlash ? notFound(path) : file(real, ifNoneMatch: request.ifNoneMatch, path: path)
        case .directory:
            guard path.trailingSlash else { return redirectToFolder(request) }
            // A folder is its index.html; there are no listings.
            guard case .file(let index) = site.lookup(path.segments + ["index.html"]) else { return notFound(path) }
            return file(index, ifNoneMatch: request.ifNoneMatch, path: path)
        }
    }

    /// `/dir` → `/dir/`, keeping the query. Built from the non-empty raw segments,
    /// so `//host/dir` cannot turn into a redirect to another host.
    private func redirectToFolder(_ request: Request) -> Reply {
        let segments = request.rawPath.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        var location = "/" + segments.map { Self.printable($0) }.joined(separator: "/") + "/"
        if let query = request.rawQuery { location += "?" + Self.printable(query.utf8) }
        return .text(301, "301 Moved Permanently: \(location)\n", headers: [("Location", location)])
    }

    /// `localhost`, `*.localhost`, `127.x.x.x` or `[::1]`, with or without a port.
    static func isLoopbackName(_ host: String?) -> Bool {
        guard var name = host?.lowercased(), !name.isEmpty else { return false }
        if name.hasPrefix("[") {
            return name == "[::1]" || name.hasPrefix("[::1]:")
        }
        if let colon = name.lastIndex(of: ":") {
            guard name[name.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
            name = String(name[..<colon])
        }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Bytes outside printable ASCII, %-encoded for a header.
    private static func printable(_ bytes: some Sequence<UInt8>) -> String {
        var out = ""
        for byte in bytes {
            if byte > 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private func file(_ real: String, ifNoneMatch: String?, path: RequestPath) -> Reply {
        guard let file = OpenFile(real) else { return notFound(path) }
        let type = ContentType.of(real)
        let isHTML = type == ContentType.html
        // HTML carries the live-reload tag with the current generation, so the generation is part of its ETag.
        let generation = hub.generation
        let etag = "\"" + file.identity + (isHTML ? "-g\(generation)" : "") + "\""
        let headers = Reply.common(type) + [("ETag", etag)]
        if Self.matches(ifNoneMatch, etag) {
            file.discard()
            return Reply(status: 304, headers: headers, body: .bytes([]))
        }
        guard isHTML else { return Reply(status: 200, headers: headers, body: .file(descriptor: file.descriptor, size: file.size)) }
        guard let html = file.readAll() else { return notFound(path) }
        let tag = LiveScript.tag(generation: generation, language: texts.language(forPath: path.segments))
        return Reply(status: 200, headers: headers, body: .bytes(Self.injectLiveScript(html, tag: tag)))
    }

    /// While the last build failed, a page it did not write is its diagnostics
    /// (503: it may exist after the next good build); anything else is a 404.
    private func missing(_ path: RequestPath) -> Reply {
        guard path.isPage, let failure = hub.failure else { return notFound(path) }
        return Reply(
            status: 503, headers: Reply.common(ContentType.html),
            body: .bytes(BuildErrorPage.html(
                failure.diagnostics, generation: failure.generation, language: texts.language(forPath: path.segments))))
    }

    /// 404 with the site's own 404 page (and the live-reload tag), or plain text: the page of
    /// the folder the path starts with (`/bg/…` → `bg/404.html`, a language's), else the root's.
    private func notFound(_ path: RequestPath? = nil) -> Reply {
        var candidates = [["404.html"]]
        if let segments = path?.segments, segments.count > 1 || path?.trailingSlash == true, let first = segments.first {
            candidates.insert([first, "404.html"], at: 0)
        }
        for candidate in candidates {
            guard case .file(let real) = site.lookup(candidate), let file = OpenFile(real), let html = file.readAll() else { continue }
            let tag = LiveScript.tag(generation: hub.generation, language: texts.language(forPath: path?.segments ?? []))
            return Reply(status: 404, headers: Reply.common(ContentType.html), body: .bytes(Self.injectLiveScript(html, tag: tag)))
        }
        return .text(404, "404 Not Found\n")
    }

    private func live(_ path: RequestPath, head: Bool) -> Reply {
        // The overlay's words in a language: English for one the site has none for.
        if path.segments.count == 3, path.segments[1] == "words", path.segments[2].hasSuffix(".json"), !path.trailingSlash {
            let code = String(path.segments[2].dropLast(5))
            let words = texts.language(code) ?? OverlayTexts.fallback
            return Reply(status: 200, headers: Reply.common("application/json; charset=utf-8"), body: .bytes(head ? [] : Array(words.json.utf8)))
        }
        switch path.segments.dropFirst().joined(separator: "/") {
        case "live.js" where !path.trailingSlash:
            return Reply(status: 200, headers: Reply.common("text/javascript; charset=utf-8"), body: .bytes(LiveScript.bytes))
        case "events" where !path.trailingSlash:
            return Reply(status: 200, headers: Reply.common("text/event-stream; charset=utf-8"), body: head ? .bytes([]) : .events)
        default:
            return .text(404, "404 Not Found\n")
        }
    }

    /// `If-None-Match` lists tags (maybe weak, `W/"…"`) or is `*`.
    static func matches(_ header: String?, _ etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { item in
            let text = String(item.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            return text == "*" || text == etag || text == "W/" + etag
        }
    }

    /// Puts the live-reload tag just before the last `</body>`, or at the end.
    static func injectLiveScript(_ html: [UInt8], generation: Int) -> [UInt8] {
        injectLiveScript(html, tag: LiveScript.tag(generation: generation))
    }

    static func injectLiveScript(_ html: [UInt8], tag: String) -> [UInt8] {
        let tag = Array(tag.utf8)
        let closing = Array("</body".utf8)
        var index = html.count - closing.count
        while index >= 0 {
            if zip(html[index...], closing).allSatisfy({ lowercased($0) == $1 }) {
                return Array(html[..<index]) + tag + html[index...]
            }
            index -= 1
        }
        return html + tag
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
