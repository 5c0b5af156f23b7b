import Foundation
import Glibc
import TestSupport
import Testing

@testable import LifecycleDocsCLI

/// `serve` itself runs until a signal; Tests/browser/test_serve.py drives the real
/// binary end to end. Here: its options, and the watcher that decides when to rebuild.
@Suite struct ServeCommandTests {
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var console = Console(environment: [:], capture: true)
        let code = CLI.run(arguments, console: &console)
        return (code, console.stdout, console.stderr)
    }

    @Test(arguments: [
        (["serve", "--port", "70000"], "error: --port needs a number from 0 to 65535, not '70000'"),
        (["serve", "--port", "http"], "error: --port needs a number from 0 to 65535, not 'http'"),
        (["serve", "--host", "example.com"], "error: --host needs an IP address such as 127.0.0.1, ::1 or 0.0.0.0, not 'example.com'"),
        (["serve", "--watch"], "error: unknown option '--watch' for 'serve'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let (code, out, err) = run(arguments)
        #expect(code == 2)
        #expect(out.isEmpty)
        #expect(err.hasPrefix(message + "\n"))
    }

    @Test func helpNamesServe() {
        #expect(run(["help"]).out.contains("serve [--content DIR] [--templates DIR] [--output DIR] [--port 8080] [--host 127.0.0.1]"))
    }

    @Test func aPortInUseFailsBeforeBuilding() throws {
        // Hold a port with a listening socket of our own.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let output = FileManager.default.temporaryDirectory.appending(path: "serve-busy-\(UUID().uuidString)").path
        let (code, _, err) = run(["serve", "--port", String(port), "--output", output])
        #expect(code == 1)
        #expect(err.hasPrefix("error: cannot listen on 127.0.0.1:\(port): "))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}

@Suite struct SourceWatcherTests {
    @Test func noticesEditsNewFoldersAndDeletionsButNotEditorFiles() throws {
        let root = try makeTemporaryDirectory("watch")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appending(path: "Content")
        try write(Data("uno".utf8), to: content.appending(path: "es/a.md"))
        var watcher = SourceWatcher(folders: [content.path, root.appending(path: "Templates-missing").path])
        #expect(watcher.changes() == nil)

        try write(Data("dos, más largo".utf8), to: content.appending(path: "es/a.md"))
        #expect(watcher.changes() == [content.path + "/es/a.md"])

        // A folder created after the watcher started is watched too.
        try FileManager.default.createDirectory(at: content.appending(path: "pt/extra"), withIntermediateDirectories: true)
        try write(Data("um".utf8), to: content.appending(path: "pt/extra/b.md"))
        #expect(watcher.changes() == [content.path + "/pt/extra/b.md"])

        // Swap and backup files of editors are not inputs.
        try write(Data("swap".utf8), to: content.appending(path: "es/.a.md.swp"))
        try write(Data("backup".utf8), to: content.appending(path: "es/a.md~"))
        #expect(watcher.changes() == nil)

        try FileManager.default.removeItem(at: content.appending(path: "es/a.md"))
        #expect(watcher.changes() == [content.path + "/es/a.md"])
        #expect(watcher.changes() == nil)
    }
}
