import Foundation

// What the test targets share: the repository's own folders, temporary projects, and
// reading and comparing what a build wrote. One copy here, not one per test target.

/// The repository root, found from this file's path (Tests/TestSupport/).
public let repositoryRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The seed articles the content began as, kept in the repository.
public let seedsDirectory = repositoryRoot.appending(path: "Tests/Fixtures/seeds")

/// The `lifecycle-docs` binary `swift build` makes, for tests that run it as a user would.
public let toolBinary = repositoryRoot.appending(path: ".build/debug/lifecycle-docs")

/// A failure with a message of its own, thrown where a test cannot go on.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The one folder of this test process under the system temporary directory: every folder
/// `makeTemporaryDirectory` makes is inside it, and it is removed when the process exits, so a
/// run of the tests leaves nothing behind (every run left its folders before). `KEEP_TEST_FILES=1`
/// keeps it, to look at what a failing test wrote; its path is printed then.
public let testProcessFolder: URL = {
    let url = FileManager.default.temporaryDirectory.appending(path: "lifecycle-docs-tests-\(getpid())")
    if ProcessInfo.processInfo.environment["KEEP_TEST_FILES"] == "1" {
        print("KEEP_TEST_FILES=1: the tests' files stay in \(url.path)")
    } else {
        atexit { try? FileManager.default.removeItem(at: testProcessFolder) }
    }
    return url
}()

/// A fresh folder inside this process' test folder.
public func makeTemporaryDirectory(_ label: String = "lifecycle-docs-tests") throws -> URL {
    let url = testProcessFolder.appending(path: "\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `files` (relative path → text) under `root`, making folders as needed.
public func write(_ files: [String: String], under root: URL) throws {
    for (path, text) in files { try write(Data(text.utf8), to: root.appending(path: path)) }
}

/// Writes `data` to `url`, making its folder first.
public func write(_ data: Data, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
}

/// A file's text (invalid UTF-8 repaired: generated pages are compared as text).
public func read(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// A file's bytes as they are (fuzz inputs, spec files).
public func readBytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
}

/// Every file under `dir` (folders left out), by relative path.
public func snapshot(_ dir: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: dir.path) {
        var isDirectory: ObjCBool = false
        let url = dir.appending(path: path)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[path] = try Data(contentsOf: url)
        }
    }
    return files
}
