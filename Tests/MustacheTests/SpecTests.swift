import Foundation
import Mustache
import TestSupport
import Testing

/// One test from the official Mustache spec (github.com/mustache/spec).
struct SpecCase: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var template: String = ""
    var data: MustacheValue = .null
    var partials: [String: String] = [:]
    var expected: String = ""
    /// Set when the spec file could not be read: the case then fails loudly
    /// instead of the parameterized test quietly running zero cases.
    var loadError: String?

    var testDescription: String { loadError == nil ? name : "\(file) (not loaded)" }
}

enum SpecSuite {
    static let files = [
        "interpolation.json", "sections.json", "inverted.json", "comments.json",
        "partials.json", "delimiters.json", "~inheritance.json",
    ]

    /// Every file's cases, read once.
    static let cases: [String: [SpecCase]] = {
        var result: [String: [SpecCase]] = [:]
        for file in files { result[file] = load(file) }
        return result
    }()

    static func cases(_ file: String) -> [SpecCase] { cases[file] ?? [] }

    /// The spec's files, kept beside this test (`spec/`, with their licence and source);
    /// `MUSTACHE_SPEC_DIR` runs the suite against another copy, a newer spec for example.
    static func directory() -> URL {
        if let dir = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        return repositoryRoot.appending(path: "Tests/MustacheTests/spec")
    }

    private static func load(_ file: String) -> [SpecCase] {
        func failure(_ message: String) -> [SpecCase] { [SpecCase(file: file, name: file, loadError: message)] }
        let url = directory().appendingPathComponent(file)
        guard let bytes = try? readBytes(url) else { return failure("cannot read \(url.path)") }
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
              let tests = root["tests"] as? [[String: Any]]
        else { return failure("\(url.path) is not a spec file (no \"tests\" array)") }

        return tests.map { test in
            SpecCase(
                file: file,
                name: test["name"] as? String ?? "?",
                template: test["template"] as? String ?? "",
                data: mustacheValue(fromJSON: test["data"] ?? NSNull()),
                partials: test["partials"] as? [String: String] ?? [:],
                expected: test["expected"] as? String ?? "")
        }
    }
}

/// JSONSerialization hands back NSNumber for both numbers and booleans, and
/// `as? Bool` succeeds for the numbers 0 and 1, so booleans are told apart by
/// their class: the one `NSNumber(value: true)` has (`__NSCFBoolean` on both
/// Linux and Darwin). If a Foundation ever used plain NSNumber for booleans,
/// fall back to the `c` (char) encoding that booleans use.
func mustacheValue(fromJSON any: Any) -> MustacheValue {
    switch any {
    case is NSNull:
        return .null
    case let string as String:
        return .string(string)
    case let number as NSNumber:
        if isBoolean(number) { return .bool(number.boolValue) }
        switch String(cString: number.objCType) {
        case "d", "f": return .double(number.doubleValue)
        default: return .int(number.intValue)
        }
    case let array as [Any]:
        return .array(array.map(mustacheValue(fromJSON:)))
    case let object as [String: Any]:
        return MustacheValue(object: object.mapValues(mustacheValue(fromJSON:)))
    default:
        return .null
    }
}

private func isBoolean(_ number: NSNumber) -> Bool {
    let booleanClass: AnyClass = type(of: NSNumber(value: true))
    if ObjectIdentifier(booleanClass) != ObjectIdentifier(NSNumber.self) {
        return ObjectIdentifier(type(of: number)) == ObjectIdentifier(booleanClass)
    }
    return String(cString: number.objCType) == "c"
}

private func check(_ spec: SpecCase) throws {
    if let loadError = spec.loadError {
        Issue.record(Comment(rawValue: loadError))
        return
    }
    var templates: [String: MustacheTemplate] = [:]
    for (name, source) in spec.partials {
        templates[name] = try MustacheTemplate(source: source, name: name)
    }
    let library = MustacheLibrary(templates: templates, missingPartial: .renderEmpty)
    let template = try MustacheTemplate(source: spec.template, name: "template")
    let output = try library.render(template, spec.data)
    #expect(output == spec.expected, "\(spec.file): \(spec.name)\ntemplate: \(spec.template.debugDescription)")
}

@Suite("Mustache spec")
struct SpecTests {
    @Test(arguments: SpecSuite.cases("interpolation.json"))
    func interpolation(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("sections.json"))
    func sections(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("inverted.json"))
    func inverted(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("comments.json"))
    func comments(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("partials.json"))
    func partials(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("delimiters.json"))
    func delimiters(_ spec: SpecCase) throws { try check(spec) }

    @Test(arguments: SpecSuite.cases("~inheritance.json"))
    func inheritance(_ spec: SpecCase) throws { try check(spec) }

    @Test("every spec file loads and contributes cases", arguments: SpecSuite.files)
    func fileHasCases(_ file: String) {
        let cases = SpecSuite.cases(file)
        #expect(cases.allSatisfy { $0.loadError == nil }, "\(cases.compactMap(\.loadError))")
        #expect(cases.count > 0, "\(file) has no test cases")
    }

    @Test func jsonBooleansAndNumbersAreDistinguished() throws {
        let json = Data(#"[true, false, 1, 0, 85, 1.21, 2.0, -3, null, "s", {"k": [true]}]"#.utf8)
        let value = mustacheValue(fromJSON: try JSONSerialization.jsonObject(with: json))
        #expect(value == [true, false, 1, 0, 85, 1.21, 2.0, -3, nil, "s", ["k": [true]]])
    }
}
