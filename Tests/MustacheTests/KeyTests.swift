import Mustache
import Testing

/// `MustacheKey` carries its own hash, which dictionaries use instead of hashing the name:
/// equal names must give equal keys and lookups, different names never the same slot.
@Suite("Keys")
struct KeyTests {
    /// Names of every length from 0 to 40 (the hash reads eight bytes at a time, then the
    /// rest), ASCII and not, and names that differ only in a trailing zero byte or in case.
    static let names: [String] = {
        var names: [String] = ["", "\u{0}", "a", "a\u{0}", "A", "ab", "ba", "t", "t.x", "пример", "名前", "👍🏽"]
        for length in 1...40 {
            names.append(String(repeating: "x", count: length))
            names.append(String(repeating: "x", count: length - 1) + "y")
            names.append("y" + String(repeating: "x", count: length - 1))
            names.append(String(repeating: "й", count: length))
        }
        for number in 0..<2_000 { names.append("key\(number)") }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }()

    @Test func keysOfEqualNamesAreEqualAndHashAlike() {
        for name in Self.names {
            let made = MustacheKey(name)
            let copied = MustacheKey(String(decoding: Array(name.utf8), as: UTF8.self))
            #expect(made == copied)
            #expect(made.hashValue == copied.hashValue)
            #expect(made.name == name)
        }
    }

    @Test func keysOfDifferentNamesDiffer() {
        let keys = Self.names.map { MustacheKey($0) }
        #expect(Set(keys).count == Self.names.count)
        #expect(MustacheKey("a") != MustacheKey("a\u{0}"))
        #expect(MustacheKey("a") != MustacheKey("A"))
    }

    @Test func aDictionaryFindsEveryKeyAndNoOther() {
        var dictionary: [MustacheKey: Int] = [:]
        for (index, name) in Self.names.enumerated() { dictionary[MustacheKey(name)] = index }
        #expect(dictionary.count == Self.names.count)
        for (index, name) in Self.names.enumerated() {
            #expect(dictionary[MustacheKey(name)] == index)
        }
        #expect(dictionary[MustacheKey("missing")] == nil)
        #expect(dictionary[MustacheKey("key2000")] == nil)
    }

    @Test func anObjectFromStringKeysIsTheLiteralObject() throws {
        let fromStrings = MustacheValue(object: ["name": "Ada", "year": 1815])
        let literal: MustacheValue = ["name": "Ada", "year": 1815]
        #expect(fromStrings == literal)
        let template = try MustacheTemplate(source: "{{name}} {{year}} {{#who}}{{name}}{{/who}}", name: "page")
        let context = MustacheValue(object: ["who": fromStrings, "name": "outer", "year": 1])
        #expect(try MustacheLibrary(templates: [:]).render(template, context) == "outer 1 Ada")
    }

    @Test func dottedNamesAndNonASCIINamesResolve() throws {
        let context: MustacheValue = ["t": ["пример": "ok", "longer.than.eight": "no"], "名前": "名"]
        let template = try MustacheTemplate(source: "{{t.пример}}|{{名前}}|{{t.longer}}", name: "page")
        #expect(try MustacheLibrary(templates: [:]).render(template, context) == "ok|名|")
    }
}
