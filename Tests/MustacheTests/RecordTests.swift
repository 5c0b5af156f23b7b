@testable import Mustache
import Testing
import TestSupport

/// A record is an object whose keys are a shape's, in order: a template must render a record as
/// it renders the dictionary of the same keys and values, and find in it what the dictionary has.
@Suite("Records")
struct RecordTests {
    /// Names that share a hash bit or a prefix, in other scripts, with dots and HTML characters.
    static let names = ["a", "b", "name", "names", "en", "text", "first", "t", "x.y", "имя", "名前", "é", "e\u{301}", "a-b", "key0", "key1", "key63", "key64"]
    static let values: [MustacheValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(-7), .double(1.5), .string(""), .string("Привет & <b>"), .string("café 'q'"),
        .array([]), .array(["x", "y"]), .object(["text": "inner"]),
    ]

    /// Random shapes and values, looked up by every name (found or not), and a template over all
    /// of them rendered against the record, nested in sections, and against the dictionary.
    @Test func aRecordRendersAsItsDictionary() throws {
        var random = SeededRandom(seed: 2026)
        let source = Self.names.map { "[{{\($0)}}|{{{\($0)}}}|{{#\($0)}}in{{text}}{{/\($0)}}|{{^\($0)}}none{{/\($0)}}]" }.joined()
        let template = try MustacheTemplate(source: source + "{{#inner}}" + source + "{{/inner}}", name: "page")
        let library = MustacheLibrary(templates: [:])
        for _ in 0..<300 {
            var keys: [MustacheKey] = []
            var dictionary: [MustacheKey: MustacheValue] = [:]
            var values: [MustacheValue] = []
            for name in Self.names where random.below(3) == 0 {
                let key = MustacheKey(name)
                let value = random.pick(Self.values)
                keys.append(key)
                values.append(value)
                dictionary[key] = value
            }
            let record = MustacheRecord(MustacheShape(keys), values)
            let asRecord: MustacheValue = .object(["inner": .record(record), "text": "outer", "t": "T", "en": true])
            let asObject: MustacheValue = .object(["inner": .object(dictionary), "text": "outer", "t": "T", "en": true])
            #expect(try library.render(template, asRecord) == library.render(template, asObject))
            #expect(try library.render(template, .record(record)) == library.render(template, .object(dictionary)))
        }
    }

    /// A shape with fewer values than keys: the keys past the values have none.
    @Test func keysPastTheValuesHaveNone() throws {
        let record = MustacheRecord(MustacheShape(["a", "b", "c"]), ["A"])
        let template = try MustacheTemplate(source: "{{a}}{{b}}{{c}}{{^b}}-{{/b}}", name: "page")
        #expect(try MustacheLibrary(templates: [:]).render(template, .record(record)) == "A-")
    }

    @Test func recordsAreEqualByKeysAndValues() {
        let shape = MustacheShape(["a", "b"])
        #expect(MustacheRecord(shape, [1, "x"]) == MustacheRecord(MustacheShape(["a", "b"]), [1, "x"]))
        #expect(MustacheRecord(shape, [1, "x"]) != MustacheRecord(shape, [1, "y"]))
        #expect(MustacheRecord(shape, [1, "x"]) != MustacheRecord(MustacheShape(["b", "a"]), [1, "x"]))
    }

    /// The look-up as it was before shapes had slots: the first key equal to the name, among those with a value.
    static func linearIndex(_ record: MustacheRecord, _ key: MustacheKey) -> Int? {
        (0..<min(record.shape.keys.count, record.values.count)).first { record.shape.keys[$0] == key }
    }

    /// A shape's slots find what a walk along its keys finds: for random shapes (names sharing a
    /// hash bit, repeated names, fewer values than keys) and every name, known or not.
    @Test func slotsFindWhatAWalkFinds() {
        var random = SeededRandom(seed: 77)
        // Sixty-odd names: many share a slot (`code % 64`).
        let pool = (Self.names + (0..<60).map { "k\($0)" }).map { MustacheKey($0) }
        let sharing = Dictionary(grouping: pool, by: { $0.code & 63 }).values.filter { $0.count > 1 }
        #expect(!sharing.isEmpty, "some names must share a slot")
        var found = 0
        for _ in 0..<500 {
            let keys = (0..<random.below(20)).map { _ in random.pick(pool) }
            let record = MustacheRecord(MustacheShape(keys), (0..<random.below(keys.count + 1)).map { _ in MustacheValue.int(0) })
            for key in pool {
                let index = record.index(of: key)
                #expect(index == Self.linearIndex(record, key), "\(keys) \(key)")
                if index != nil { found += 1 }
            }
        }
        #expect(found > 1_000)
    }
}
