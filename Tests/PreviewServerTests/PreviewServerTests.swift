import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import PreviewServer

/// A small built site in a temporary folder, beside a secret that must never
/// be served, and a running server over it.
final class Fixture {
    static let secret = "TOP-SECRET-7f3a91"
    let base: URL
    let site: URL
    let server: PreviewServer
    var port: UInt16 { server.port }

    init(notFoundPage: Bool = true) throws {
        base = try makeTemporaryDirectory("preview")
        site = base.appending(path: "site")
        var files = [
            "es/inactive/index.html": Self.page("es", "Inactive en español"),
            "pt/inactive/index.html": Self.page("pt", "Inactive em português"),
            "bg/inactive/index.html": Self.page("bg", "Inactive на български"),
            "it/active/index.html": Self.page("it", "Active in italiano"),
            "index.html": Self.page("en", "Choose a language"),
            "assets/style.css": "body { color: black; }\n",
            "assets/site.js": "console.log('site');\n",
            "data.json": "{\"a\": 1}\n",
            "diagram.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n",
            "sitemap.xml": "<?xml version=\"1.0\"?><urlset/>\n",
            "notes.txt": "plain notes\n",
            "image.png": "png", "photo.jpg": "jpg", "photo.webp": "webp", "favicon.ico": "ico", "font.woff2": "woff2",
            "sub/index.html": Self.page("es", "Subfolder"),
            "sub/deeper/page.html": Self.page("es", "Deeper page"),
            "no-index/file.txt": "a folder without index.html\n",
        ]
        if notFoundPage {
            files["404.html"] = "<!DOCTYPE html><html><body><h1>Custom missing page</h1></body></html>\n"
            files["sub/404.html"] = "<!DOCTYPE html><html lang=\"es\"><body><h1>Página no encontrada</h1></body></html>\n"
        }
        try write(files, under: site)
        // Outside the site: a file named `secret` beside it, and a folder with one.
        try write(["secret": Self.secret + "\n", "outside/secret": Self.secret + "\n"], under: base)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: site.appending(path: "link-out").path, withDestinationPath: base.appending(path: "secret").path)
        try fm.createSymbolicLink(atPath: site.appending(path: "dir-link-out").path, withDestinationPath: base.appending(path: "outside").path)
        // A symlink that stays inside is fine.
        try fm.createSymbolicLink(atPath: site.appending(path: "alias").path, withDestinationPath: "es")

        server = PreviewServer(root: site.path)
        try server.start(port: 0)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: base)
    }

    private static func page(_ lang: String, _ title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"\(lang)\"><head><title>\(title)</title></head>\n<body><h1>\(title)</h1>\n</body>\n</html>\n"
    }
}

@Suite struct StaticFileTests {
    @Test(arguments: [
        ("/es/inactive/", "es", "Inactive en español"),
        ("/pt/inactive/index.html", "pt", "Inactive em português"),
        ("/bg/inactive/", "bg", "Inactive на български"),
        ("/it/active/", "it", "Active in italiano"),
    ])
    func pagesInEveryLanguage(target: String, lang: String, title: String) throws {
        let fixture = try Fixture()
        let response = try request(target, port: fixture.port)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(response.headers["cache-control"] == "no-cache")
        #expect(response.headers["x-content-type-options"] == "nosniff")
        #expect(response.headers["etag"]?.hasPrefix("\"") == true)
        #expect(response.text.contains("<html lang=\"\(lang)\">"))
        #expect(response.text.contains(title))
        // The live-reload script goes just before </body>, and the length counts it.
        #expect(response.text.contains("<script src=\"/_lifecycle/live.js\" data-generation=\"0\" data-lang=\"en\"></script></body>"))
        #expect(response.headers["content-length"] == String(response.body.count))
    }

    @Test(arguments: [
        ("/assets/style.css", "text/css; charset=utf-8"),
        ("/assets/site.js", "text/javascript; charset=utf-8"),
        ("/data.json", "application/json; charset=utf-8"),
        ("/diagram.svg", "image/svg+xml; charset=utf-8"),
        ("/sitemap.xml", "application/xml; charset=utf-8"),
        ("/notes.txt", "text/plain; charset=utf-8"),
        ("/image.png", "image/png"),
        ("/photo.jpg", "image/jpeg"),
        ("/photo.webp", "image/webp"),
        ("/favicon.ico", "image/x-icon"),
        ("/font.woff2", "font/woff2"),
        ("/sub/deeper/page.html", "text/html; charset=utf-8"),
    ])
    func contentTypeByExtension(target: String, type: String) throws {
        let fixture = try Fixture()
        let response = try request(target, port: fixture.port)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == type)
        #expect(response.headers["x-content-type-options"] == "nosniff")
    }

    /// DNS rebinding: a page elsewhere cannot read a loopback preview by pointing its own name at 127.0.0.1.
    @Test(arguments: [
        ("localhost", 200), ("localhost:8080", 200), ("127.0.0.1", 200), ("127.0.0.1:8080", 200), ("[::1]:8080", 200),
        ("docs.localhost:8080", 200), ("evil.example", 403), ("evil.example:8080", 403), ("127.0.0.1.evil.example", 403),
        ("localhost.evil.example", 403), ("", 403),
    ])
    func onLoopbackOnlyLoopbackHostNamesAreAnswered(host: String, status: Int) throws {
        let fixture = try Fixture()
        let response = try request("/es/inactive/", headers: ["Host": host], port: fixture.port)
        #expect(response.status == status)
        #expect(!response.text.contains(Fixture.secret))
        if status == 403 { #expect(!response.text.contains("Inactive en español")) }
    }

    @Test func filesOtherThanHTMLAreSentAsTheyAre() throws {
        let fixture = try Fixture()
        #expect(try request("/assets/style.css", port: fixture.port).text == "body { color: black; }\n")
    }

    @Test(arguments: ["/es/inactive/", "/assets/style.css", "/404-is-missing"])
    func headHasTheHeadersOfGetAndNoBody(target: String) throws {
        let fixture = try Fixture()
        let get = try request(target, port: fixture.port)
        let head = try request(target, method: "HEAD", port: fixture.port)
        #expect(head.status == get.status)
        #expect(head.body.isEmpty)
        #expect(!get.body.isEmpty)
        #expect(head.headers["content-length"] == String(get.body.count))
        for name in ["content-type", "etag", "cache-control", "x-content-type-options"] {
            #expect(head.headers[name] == get.headers[name], "\(name)")
        }
    }

    @Test(arguments: ["/es/inactive/", "/assets/style.css"])
    func matchingIfNoneMatchGives304(target: String) throws {
        let fixture = try Fixture()
        let first = try request(target, port: fixture.port)
        let etag = try #require(first.headers["etag"])
        let again = try request(target, headers: ["If-None-Match": etag], port: fixture.port)
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == etag)
        #expect(try request(target, headers: ["If-None-Match": "\"other\", W/\(etag)"], port: fixture.port).status == 304)
        #expect(try request(target, headers: ["If-None-Match": "\"other\""], port: fixture.port).status == 200)
    }

    @Test func etagsChangeWhenTheFileChanges() throws {
        let fixture = try Fixture()
        let before = try #require(try request("/notes.txt", port: fixture.port).headers["etag"])
        try write(Data("other notes, longer\n".utf8), to: fixture.site.appending(path: "notes.txt"))
        let after = try request("/notes.txt", headers: ["If-None-Match": before], port: fixture.port)
        #expect(after.status == 200)
        #expect(after.text == "other notes, longer\n")
        #expect(after.headers["etag"] != before)
    }

    @Test func aNewGenerationChangesTheETagOfPagesOnly() throws {
        let fixture = try Fixture()
        let page = try #require(try request("/es/inactive/", port: fixture.port).headers["etag"])
        let style = try #require(try request("/assets/style.css", port: fixture.port).headers["etag"])
        #expect(fixture.server.publish(.reload(changed: [])) == 1)
        #expect(fixture.server.generation == 1)
        let newPage = try request("/es/inactive/", headers: ["If-None-Match": page], port: fixture.port)
        #expect(newPage.status == 200)
        #expect(newPage.text.contains("data-generation=\"1\""))
        #expect(try request("/assets/style.css", headers: ["If-None-Match": style], port: fixture.port).status == 304)
    }

    @Test(arguments: [
        ("/sub", "/sub/"),
        ("/sub?x=1&y=a+b%20c", "/sub/?x=1&y=a+b%20c"),
        ("/es/inactive", "/es/inactive/"),
        ("//sub", "/sub/"),
        ("/alias", "/alias/"),
    ])
    func aFolderWithoutItsSlashRedirects(target: String, location: String) throws {
        let fixture = try Fixture()
        let response = try request(target, port: fixture.port)
        #expect(response.status == 301)
        #expect(response.headers["location"] == location)
    }

    @Test func aFolderIsItsIndexAndNeverAListing() throws {
        let fixture = try Fixture()
        #expect(try request("/sub/", port: fixture.port).text.contains("Subfolder"))
        #expect(try request("/", port: fixture.port).text.contains("Choose a language"))
        #expect(try request("/alias/inactive/", port: fixture.port).text.contains("Inactive en español"))
        let noIndex = try request("/no-index/", port: fixture.port)
        #expect(noIndex.status == 404)
        #expect(!noIndex.text.contains("file.txt"))
        #expect(try request("/notes.txt/", port: fixture.port).status == 404)
    }

    @Test func aMissingPathGetsTheSites404Page() throws {
        let fixture = try Fixture()
        for target in ["/missing", "/es/missing/", "/es/inactive/missing.html", "/_lifecycle/unknown"] {
            let response = try request(target, port: fixture.port)
            #expect(response.status == 404)
            if !target.hasPrefix("/_lifecycle") {
                #expect(response.headers["content-type"] == "text/html; charset=utf-8")
                #expect(response.text.contains("Custom missing page"))
            }
        }
    }

    /// A missing page under a folder with its own 404 page (a language's) gets that one.
    @Test func aMissingPathUnderAFolderGetsThatFolders404Page() throws {
        let fixture = try Fixture()
        for target in ["/sub/missing", "/sub/deeper/missing.html", "/sub/missing/"] {
            let response = try request(target, port: fixture.port)
            #expect(response.status == 404)
            #expect(response.text.contains("Página no encontrada"), "\(target)")
        }
        // A missing page at the root, and under a folder without one, get the root's.
        for target in ["/sub-missing", "/no-index/missing"] {
            #expect(try request(target, port: fixture.port).text.contains("Custom missing page"), "\(target)")
        }
    }

    @Test func withoutA404PageTheAnswerIsPlainText() throws {
        let fixture = try Fixture(notFoundPage: false)
        let response = try request("/missing", port: fixture.port)
        #expect(response.status == 404)
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.text == "404 Not Found\n")
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    func otherMethodsGet405(method: String) throws {
        let fixture = try Fixture()
        let response = try request("/es/inactive/", method: method, body: method == "POST" ? "a=1" : "", port: fixture.port)
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET, HEAD")
    }

    @Test func theRootFolderMayAppearLater() throws {
        let base = try makeTemporaryDirectory("preview-late")
        defer { try? FileManager.default.removeItem(at: base) }
        let server = PreviewServer(root: base.appending(path: "public").path)
        try server.start(port: 0)
        defer { server.stop() }
        #expect(try request("/", port: server.port).status == 404)
        try write(Data("<body>now</body>".utf8), to: base.appending(path: "public/index.html"))
        #expect(try request("/", port: server.port).text.hasPrefix("<body>now"))
    }
}

@Suite struct TraversalTests {
    /// Targets that try to leave the site; none may answer with the secret.
    static let attacks = [
        "/../secret", "/..%2fsecret", "/%2e%2e/secret", "/%2E%2E%2Fsecret", "/%252e%252e/secret", "/..%5csecret",
        "/%c0%ae%c0%ae/secret", "//etc/passwd", "/es/../../secret", "/link-out", "/dir-link-out/secret",
        "/dir-link-out/", "/link-out%00", "/es/inactive/index.html%00.txt", "/%00", "/..", "/.%2e/secret",
        "/es/%2e%2e/%2e%2e/secret", "/..\\secret", "/%2e%2e%5csecret", "/./../secret", "/etc/passwd", "/%", "/%zz",
        "/..%c0%afsecret", "/..;/secret", "/alias/../../secret", "/..%2f%cc%81/secret",
    ]

    @Test(arguments: attacks)
    func nothingOutsideTheRootIsServed(target: String) throws {
        let fixture = try Fixture()
        for method in ["GET", "HEAD"] {
            let response = try request(target, method: method, port: fixture.port)
            #expect([400, 404].contains(response.status), "\(method) \(target) → \(response.status)")
            #expect(!response.text.contains(Fixture.secret))
            #expect(!response.text.contains("root:"))
        }
    }

    @Test func aNULByteIsABadRequest() throws {
        let fixture = try Fixture()
        #expect(try request("/notes.txt%00", port: fixture.port).status == 400)
        #expect(try request("/es/inactive/index.html%00.txt", port: fixture.port).status == 400)
    }

    @Test func escapesAreDecodedOnce() throws {
        let fixture = try Fixture()
        // %6e is 'n': one decoding finds the file...
        #expect(try request("/%6eotes.txt", port: fixture.port).text == "plain notes\n")
        // ...and %256e is a literal "%6e", which is not decoded again.
        #expect(try request("/%256eotes.txt", port: fixture.port).status == 404)
    }

    @Test func aRawBackslashIsABadRequest() throws {
        let fixture = try Fixture()
        let response = try request(bytes: Array("/..\\secret".utf8), port: fixture.port)
        #expect(response.status == 400)
        #expect(!response.text.contains(Fixture.secret))
    }

    /// libmicrohttpd 0.9.75 hands the path over as a C string, so a raw
    /// (unescaped) NUL on the request line cuts it before the server sees it.
    /// The shorter path is still checked like any other: it cannot leave the root.
    @Test(arguments: ["/link-out", "/dir-link-out/secret", "/../secret", "/notes.txt"])
    func aRawNULCannotLeaveTheRoot(prefix: String) throws {
        let fixture = try Fixture()
        let response = try request(bytes: Array(prefix.utf8) + [0] + Array(".txt".utf8), port: fixture.port)
        #expect(!response.text.contains(Fixture.secret))
        if prefix == "/notes.txt" {
            #expect(response.status == 400 || response.text == "plain notes\n")
        } else {
            #expect([400, 404].contains(response.status))
        }
    }
}

@Suite struct RequestPathTests {
    @Test func decodesOnceAndSplits() {
        #expect(RequestPath.decode(Array("/es/inactive/".utf8)) == .success(RequestPath(segments: ["es", "inactive"], trailingSlash: true)))
        #expect(RequestPath.decode(Array("/a%20b//c".utf8)) == .success(RequestPath(segments: ["a b", "c"], trailingSlash: false)))
        #expect(RequestPath.decode(Array("/%D0%BA%D0%BE%D0%B3%D0%B0".utf8)) == .success(RequestPath(segments: ["кога"], trailingSlash: false)))
        #expect(RequestPath.decode(Array("/%252e".utf8)) == .success(RequestPath(segments: ["%2e"], trailingSlash: false)))
        #expect(RequestPath.decode(Array("/".utf8)) == .success(RequestPath(segments: [], trailingSlash: true)))
        // A combining mark after a slash makes one Character of both; the path is still cut there.
        #expect(RequestPath.decode(Array("/a/%CC%81b/".utf8)) == .success(RequestPath(segments: ["a", "\u{301}b"], trailingSlash: true)))
    }

    @Test(arguments: ["", "es", "/%", "/%4", "/%zz", "/a%00", "/a\\b", "/a%5cb", "/%c0%ae", "/%0d%0a", "/%7f", "http://host/", "/es%2finactive/",
                      "/es%2Finactive/index.html", "/..%2F%CC%81/x"])
    func malformed(raw: String) {
        #expect(RequestPath.decode(Array(raw.utf8)) == .failure(.malformed))
    }

    @Test(arguments: ["/..", "/a/../b", "/%2e%2e/x", "/.", "/a/%2E/b", "/..%CC%81/../x"])
    func dotSegments(raw: String) {
        #expect(RequestPath.decode(Array(raw.utf8)) == .failure(.outsideRoot))
    }
}

@Suite struct LiveReloadTests {
    @Test func theEventsEndpointSendsReloadAndErrorEvents() throws {
        let fixture = try Fixture()
        let stream = try EventStreamReader(port: fixture.port)
        #expect(stream.headers["content-type"] == "text/event-stream; charset=utf-8")
        #expect(stream.headers["cache-control"] == "no-cache")
        let ready = try stream.next()
        #expect(ready.name == "ready")
        #expect(ready.data == "{\"generation\":0}")

        fixture.server.publish(.reload(changed: ["Content/es/inactive.md"]))
        let reload = try stream.next()
        #expect(reload.name == "reload")
        #expect(reload.data == "{\"generation\":1,\"changed\":[\"Content/es/inactive.md\"]}")

        let problem = Diagnostic.error(
            at: SourceLocation(file: "Content/es/inactive.md", line: 12, column: 7), "after 'interruption' the app is \"inactive\"")
        fixture.server.publish(.error(diagnostics: [problem]))
        let error = try stream.next()
        #expect(error.name == "error")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(error.data.utf8)) as? [String: Any])
        #expect(json["generation"] as? Int == 1)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["file"] as? String == "Content/es/inactive.md")
        #expect(diagnostics.first?["line"] as? Int == 12)
        #expect(diagnostics.first?["column"] as? Int == 7)
        #expect(diagnostics.first?["severity"] as? String == "error")
        #expect(diagnostics.first?["message"] as? String == "after 'interruption' the app is \"inactive\"")
    }

    @Test func aNewConnectionGetsTheCurrentState() throws {
        let fixture = try Fixture()
        fixture.server.publish(.reload(changed: []))
        fixture.server.publish(.error(diagnostics: [.error(at: nil, "content folder not found")]))
        // Opened while the build is broken: the error comes first.
        let late = try EventStreamReader(port: fixture.port)
        let first = try late.next()
        #expect(first.name == "error")
        #expect(first.data.contains("content folder not found"))
        // The last good site is still served, with its generation.
        #expect(try request("/es/inactive/", port: fixture.port).text.contains("data-generation=\"1\""))

        fixture.server.publish(.reload(changed: []))
        #expect(try late.next().name == "reload")
        #expect(try EventStreamReader(port: fixture.port).next() == ("ready", "{\"generation\":2}"))
    }

    @Test func everyOpenStreamGetsEachEvent() throws {
        let fixture = try Fixture()
        let streams = try (0..<3).map { _ in try EventStreamReader(port: fixture.port) }
        for stream in streams { #expect(try stream.next().name == "ready") }
        fixture.server.publish(.reload(changed: ["a.md", "b.md"]))
        for stream in streams { #expect(try stream.next().data.contains("\"changed\":[\"a.md\",\"b.md\"]")) }
    }

    @Test func stoppingEndsOpenStreams() throws {
        let fixture = try Fixture()
        let stream = try EventStreamReader(port: fixture.port)
        #expect(try stream.next().name == "ready")
        let port = fixture.port
        fixture.server.stop()
        #expect(stream.isClosed())
        #expect(fixture.server.port == 0)
        #expect(throws: TestFailure.self) { try RawConnection(port: port) }
    }

    @Test func theScriptIsServedFromTheBinary() throws {
        let fixture = try Fixture()
        let script = try request("/_lifecycle/live.js", port: fixture.port)
        #expect(script.status == 200)
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("new EventSource(\"/_lifecycle/events\")"))
        #expect(script.text.contains("alertdialog"))
        // Nothing of it is in the site folder.
        #expect(!FileManager.default.fileExists(atPath: fixture.site.appending(path: "_lifecycle").path))
        let head = try request("/_lifecycle/events", method: "HEAD", port: fixture.port)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
    }

    /// The binary serves the repository's Resources/live-reload.js byte for byte (embedded at
    /// build time), and the script knows the attribute of the server's build-error page.
    @Test func theScriptIsTheRepositorysFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Sources/PreviewServer/Resources/live-reload.js").standardized
        let source = try Data(contentsOf: file)
        #expect(source.count > 1000)
        #expect(LiveScript.bytes == Array(source))
        let fixture = try Fixture()
        let script = try request("/_lifecycle/live.js", port: fixture.port)
        #expect(script.body == Array(source))
        #expect(script.text.contains("hasAttribute(\"\(BuildErrorPage.marker)\")"))
    }
}

/// libmicrohttpd is loaded when a server first starts, not linked: the tool's other commands
/// start without it (and gnutls, p11-kit… with it), and a missing library says what to install.
@Suite struct LibraryLoadingTests {
    @Test func theLibraryLoadsByItsName() throws {
        // Found, with every function the server calls (`lcd_load` fails on any one missing).
        _ = try MicroHTTPD.load(MicroHTTPD.libraryName).get()
    }

    @Test func aMissingLibraryIsAClearError() {
        let name = "libmicrohttpd-missing-for-a-test.so.0"
        guard case .failure(let error) = MicroHTTPD.load(name) else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(error.description.hasPrefix("cannot load \(name), the HTTP library 'serve' runs on: "))
        #expect(error.description.hasSuffix("(on Debian or Ubuntu: apt-get install libmicrohttpd12)"))
    }

    @Test func theToolIsNotLinkedWithIt() throws {
        let ldd = Process()
        ldd.executableURL = URL(filePath: "/usr/bin/ldd")
        ldd.arguments = [toolBinary.path]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        try ldd.run()
        let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        try #require(ldd.terminationStatus == 0 && listed.contains("libc.so"), "ldd lists the libraries of \(toolBinary.path)")
        #expect(!listed.contains("libmicrohttpd"))
        #expect(!listed.contains("libgnutls"))
    }
}

@Suite struct ServerTests {
    @Test func portZeroPicksAFreePortForEachServer() throws {
        let a = try Fixture()
        let b = try Fixture()
        #expect(a.port != 0)
        #expect(b.port != 0)
        #expect(a.port != b.port)
    }

    @Test func aPortInUseIsAnError() throws {
        let fixture = try Fixture()
        let other = PreviewServer(root: fixture.site.path)
        #expect(throws: PreviewServerError.self) { try other.start(port: fixture.port) }
    }

    @Test func startingTwiceIsAnError() throws {
        let fixture = try Fixture()
        #expect(throws: PreviewServerError.self) { try fixture.server.start() }
    }

    @Test func hosts() {
        #expect(PreviewServer.isLoopback("127.0.0.1"))
        #expect(PreviewServer.isLoopback("127.1.2.3"))
        #expect(PreviewServer.isLoopback("localhost"))
        #expect(PreviewServer.isLoopback("::1"))
        #expect(PreviewServer.isLoopback("[::1]"))
        #expect(!PreviewServer.isLoopback("0.0.0.0"))
        #expect(!PreviewServer.isLoopback("::"))
        #expect(!PreviewServer.isLoopback("192.168.1.10"))
        #expect(PreviewServer.isAddress("0.0.0.0"))
        #expect(!PreviewServer.isAddress("example.com"))
        #expect(!PreviewServer.isAddress(""))
    }

    /// Whether this machine can bind a socket on ::1 (containers may have IPv6 turned off).
    static let hasIPv6Loopback: Bool = {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }()

    @Test(.enabled(if: hasIPv6Loopback, "this machine cannot bind a socket on ::1 (IPv6 turned off)"))
    func servesOnIPv6Loopback() throws {
        let fixture = try Fixture()
        let server = PreviewServer(root: fixture.site.path)
        try server.start(host: "::1", port: 0)
        defer { server.stop() }
        #expect(server.port != 0)
    }

    @Test func stopThenStartAgain() throws {
        let fixture = try Fixture()
        fixture.server.stop()
        fixture.server.stop()
        try fixture.server.start(port: 0)
        #expect(try request("/notes.txt", port: fixture.port).status == 200)
        let stream = try EventStreamReader(port: fixture.port)
        #expect(try stream.next().name == "ready")
    }
}

/// `serve` on broken content with no output yet: there is no site, only diagnostics.
@Suite struct BuildErrorPageTests {
    /// A server over a site folder that does not exist yet, as on a first start.
    final class Empty {
        let base: URL
        let server: PreviewServer
        var site: URL { base.appending(path: "public") }
        var port: UInt16 { server.port }

        init() throws {
            base = try makeTemporaryDirectory("preview-empty")
            server = PreviewServer(root: base.appending(path: "public").path)
            try server.start(port: 0)
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(at: base)
        }
    }

    static let warning = Diagnostic.warning(
        at: SourceLocation(file: "Content/es/inactive.md", line: 3, column: 1), "raw HTML <b> is shown as text")
    static let error = Diagnostic.error(
        at: SourceLocation(file: "Content/es/inactive.md", line: 88, column: 16), "after 'interruption' the app is inactive, not background",
        suggestion: "interruption -> inactive : applicationWillResignActive")

    @Test(arguments: ["/", "/index.html", "/es/inactive/", "/es/inactive/index.html", "/es/inactive", "/bg/%D0%BA%D0%BE%D0%B3%D0%B0/", "/es/playground/?x=1"])
    func everyPageIsTheDiagnostics(target: String) throws {
        let empty = try Empty()
        // The build reports in file order: the warning comes first.
        empty.server.publish(.error(diagnostics: [Self.warning, Self.error]))
        let response = try request(target, port: empty.port)
        #expect(response.status == 503)
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(response.headers["cache-control"] == "no-cache")
        let text = response.text
        #expect(text.contains("<html lang=\"en\" data-lifecycle-build-failed=\"\">"))
        #expect(text.contains("Build failed: 1 error, 1 warning</h1>"))
        #expect(text.contains("<pre lang=\"en\">"))
        let error = try #require(text.range(of: "Content/es/inactive.md:88:16: error: after &#39;interruption&#39; the app is inactive"))
        let warning = try #require(text.range(of: "Content/es/inactive.md:3:1: warning: raw HTML &lt;b&gt; is shown as text"))
        #expect(error.lowerBound < warning.lowerBound, "errors come before warnings")
        #expect(text.contains("suggestion: interruption -&gt; inactive : applicationWillResignActive"))
        // The live-reload script: it shows the overlay and reloads after the next good build.
        #expect(text.contains("<script src=\"/_lifecycle/live.js\" data-generation=\"0\" data-lang=\"en\"></script>\n</body>"))
        #expect(response.headers["content-length"] == String(response.body.count))

        let head = try request(target, method: "HEAD", port: empty.port)
        #expect(head.status == 503)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(response.body.count))
    }

    /// The page and the overlay speak the language of the folder asked for; the diagnostics stay English.
    @Test func theErrorPageSpeaksThePagesLanguage() throws {
        let empty = try Empty()
        empty.server.setOverlayStrings(["es": ["serveBuildFailed": "La compilación ha fallado", "serveError": "error", "serveErrors": "errores",
                                               "serveWarning": "aviso", "serveWarnings": "avisos", "serveHide": "Ocultar"]])
        let another = Diagnostic.warning(at: SourceLocation(file: "Content/es/inactive.md", line: 5, column: 1), "raw HTML <i> is shown as text")
        empty.server.publish(.error(diagnostics: [Self.warning, another, Self.error]))
        let spanish = try request("/es/inactive/", port: empty.port).text
        #expect(spanish.contains("<html lang=\"es\" data-lifecycle-build-failed=\"\">"))
        #expect(spanish.contains("<h1>La compilación ha fallado: 1 error, 2 avisos</h1>"))
        #expect(spanish.contains("<pre lang=\"en\">Content/es/inactive.md:88:16: error:"))
        #expect(spanish.contains("data-lang=\"es\"></script>"))
        // The overlay's words: a key the site does not have is English; so is a language it has none for.
        let words = try request("/_lifecycle/words/es.json", port: empty.port)
        #expect(words.headers["content-type"] == "application/json; charset=utf-8")
        #expect(words.text.contains("\"serveHide\":\"Ocultar\"") && words.text.contains("\"serveNote\":\"note\""))
        #expect(try request("/_lifecycle/words/fr.json", port: empty.port).text.contains("\"serveHide\":\"Hide\""))
        let root = try request("/", port: empty.port).text
        #expect(root.contains("<html lang=\"en\" data-lifecycle-build-failed=\"\">"))
        #expect(root.contains("data-lang=\"en\""))
    }

    @Test(arguments: ["/assets/style.0123abcd.css", "/assets/live.js", "/favicon.ico", "/sitemap.xml", "/_lifecycle/other"])
    func filesThatAreNotPagesStayMissing(target: String) throws {
        let empty = try Empty()
        empty.server.publish(.error(diagnostics: [Self.error]))
        let response = try request(target, port: empty.port)
        #expect(response.status == 404)
        #expect(!response.text.contains("interruption"))
    }

    @Test func beforeAnyBuildAndAfterAGoodOneThereIsNoErrorPage() throws {
        let empty = try Empty()
        #expect(try request("/es/inactive/", port: empty.port).status == 404)
        empty.server.publish(.error(diagnostics: [Self.error]))
        #expect(try request("/es/inactive/", port: empty.port).status == 503)

        // The writer fixes the file: the build writes the site and publishes a reload.
        try write(Data("<html><body><h1>Inactive</h1></body></html>".utf8), to: empty.site.appending(path: "es/inactive/index.html"))
        empty.server.publish(.reload(changed: ["Content/es/inactive.md"]))
        let page = try request("/es/inactive/", port: empty.port)
        #expect(page.status == 200)
        #expect(page.text.contains("<h1>Inactive</h1>"))
        #expect(page.text.contains("data-generation=\"1\""))
        #expect(try request("/es/missing/", port: empty.port).status == 404)
    }

    /// With a last good site, a page the failed build would have added shows the errors too;
    /// the pages that exist stay the last good build.
    @Test func aLastGoodSiteKeepsItsPages() throws {
        let fixture = try Fixture()
        fixture.server.publish(.error(diagnostics: [Self.error]))
        #expect(try request("/es/inactive/", port: fixture.port).status == 200)
        let added = try request("/es/new-article/", port: fixture.port)
        #expect(added.status == 503)
        #expect(added.text.contains("Content/es/inactive.md:88:16: error:"))
        #expect(try request("/assets/missing.css", port: fixture.port).text.contains("Custom missing page"))
    }

    @Test func whatAWriterTypedIsEscaped() throws {
        let empty = try Empty()
        let typed = Diagnostic.error(at: SourceLocation(file: "Content/es/<x>.md", line: 1, column: 1), "unknown state '<script>alert(\"x\")</script>' & more")
        empty.server.publish(.error(diagnostics: [typed]))
        let text = try request("/", port: empty.port).text
        #expect(!text.contains("<script>alert"))
        #expect(!text.contains("<x>"))
        #expect(text.contains("Content/es/&lt;x&gt;.md:1:1: error: unknown state &#39;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; &amp; more"))
    }

    @Test func theEventStreamListsErrorsFirst() throws {
        let empty = try Empty()
        let note = Diagnostic(.note, at: nil, "a note")
        let second = Diagnostic.error(at: SourceLocation(file: "Content/it/active.md", line: 5, column: 2), "second error")
        empty.server.publish(.error(diagnostics: [note, Self.warning, Self.error, second]))
        let stream = try EventStreamReader(port: empty.port)
        let event = try stream.next()
        #expect(event.name == "error")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["message"] as? String } == [Self.error.message, "second error", Self.warning.message, "a note"])
    }
}
