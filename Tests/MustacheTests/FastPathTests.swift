@testable import Mustache
import Testing
import TestSupport

/// The renderer's fast paths (numbers and flags written as bytes, texts escaped once) must write
/// what its reference path writes (every value made into its `interpolationText`), over random
/// templates and contexts.
/// `MUSTACHE_FAST_PATH_SEED` shifts the seed.
@Suite("Render fast paths")
struct FastPathTests {
    static let names = ["a", "b", "name", "text", "first", "en", "items", "t", "key63", "key64", "имя"]
    static let scalars: [MustacheValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(7), .int(-42), .int(1_234_567), .int(Int.max), .int(Int.min),
        .double(1.5), .double(-3), .string(""), .string("Привет & <b>"), .string("café 'q' \"x\""),
        // Escaped once (the reference writes their string, escaped as it is written).
        .text(MustacheText("")), .text(MustacheText("Привет & <b>")), .text(MustacheText("café 'q' \"x\"\n")),
    ]

    /// A random value: scalars, lists, and objects or records (sharing a few shapes) nested to `depth`.
    static func value(_ random: inout SeededRandom, depth: Int, shapes: [MustacheShape]) -> MustacheValue {
        let kind = depth == 0 ? 0 : random.below(5)
        switch kind {
        case 1:
            return .array((0..<random.below(3)).map { _ in value(&random, depth: depth - 1, shapes: shapes) })
        case 2:
            var dictionary: [MustacheKey: MustacheValue] = [:]
            for name in names where random.below(3) == 0 { dictionary[MustacheKey(name)] = value(&random, depth: depth - 1, shapes: shapes) }
            return .object(dictionary)
        case 3, 4:
            let shape = random.pick(shapes)
            // Sometimes fewer values than keys: the keys past them have none.
            let count = random.below(4) == 0 ? random.below(shape.keys.count + 1) : shape.keys.count
            return .record(MustacheRecord(shape, (0..<count).map { _ in value(&random, depth: depth - 1, shapes: shapes) }))
        default:
            return random.pick(scalars)
        }
    }

    /// A random template: text, variables (dotted and implicit too), sections and inverted sections nested to `depth`.
    static func template(_ random: inout SeededRandom, depth: Int) -> String {
        var source = ""
        for _ in 0..<(1 + random.below(5)) {
            let name = random.below(8) == 0 ? random.pick(names) + "." + random.pick(names) : random.pick(names)
            switch depth == 0 ? random.below(3) : random.below(6) {
            case 0: source += random.pick(["x", " & ", "\n", "<p>", "  indented\n"])
            case 1: source += random.below(6) == 0 ? "{{.}}" : "{{\(name)}}"
            case 2: source += random.below(2) == 0 ? "{{{\(name)}}}" : "{{&\(name)}}"
            case 3, 4: source += "{{#\(name)}}" + template(&random, depth: depth - 1) + "{{/\(name)}}"
            default: source += "{{^\(name)}}" + template(&random, depth: depth - 1) + "{{/\(name)}}"
            }
        }
        return source
    }

    @Test func fastPathsWriteWhatTheReferenceWrites() throws {
        var random = SeededRandom(seed: 4242 &+ SeededRandom.seedOffset("MUSTACHE_FAST_PATH_SEED"))
        var rendered = 0
        for _ in 0..<400 {
            let shapes = (0..<3).map { _ in MustacheShape(Self.names.filter { _ in random.below(2) == 0 }.map { MustacheKey($0) }) }
            let context = Self.value(&random, depth: 3, shapes: shapes)
            let source = Self.template(&random, depth: 3)
            let partial = try MustacheTemplate(source: "  {{name}}|{{#items}}{{text}}{{/items}}\n", name: "p")
            let library = MustacheLibrary(
                templates: ["page": try MustacheTemplate(source: source + "\n  {{>p}}\n", name: "page"), "p": partial])
            let fast = Result { try library.renderUTF8("page", context, usesReferencePaths: false) }
            let reference = Result { try library.renderUTF8("page", context, usesReferencePaths: true) }
            switch (fast, reference) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(source)")
                rendered += 1
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)", "\(source)")
            default:
                Issue.record("one path failed, the other did not: \(source)")
            }
        }
        // Most renders succeed: a test that compared only errors would prove nothing.
        #expect(rendered > 300)
    }

    /// Two-key names (`a.b`), looked up in place, against the reference's walk through `found`:
    /// every pair of names over random nested objects and records, from inside sections too (a
    /// context that has the first key ends the search even when it lacks the second).
    @Test func twoKeyNamesResolveAsTheReferenceDoes() throws {
        var random = SeededRandom(seed: 77 &+ SeededRandom.seedOffset("MUSTACHE_FAST_PATH_SEED"))
        let pairs = Self.names.flatMap { first in Self.names.map { "\(first).\($0)" } }
        let names = pairs.map { "[{{\($0)}}|{{{\($0)}}}|{{#\($0)}}#{{/\($0)}}{{^\($0)}}^{{/\($0)}}]" }.joined()
        let source = names + "{{#a}}" + names + "{{#b}}" + names + "{{/b}}{{/a}}"
        let library = MustacheLibrary(templates: ["page": try MustacheTemplate(source: source, name: "page")])
        var differentFromEmpty = 0
        for round in 0..<150 {
            let shapes = (0..<3).map { _ in MustacheShape(Self.names.filter { _ in random.below(2) == 0 }.map { MustacheKey($0) }) }
            let context = Self.value(&random, depth: 4, shapes: shapes)
            let fast = try library.renderUTF8("page", context, usesReferencePaths: false)
            let reference = try library.renderUTF8("page", context, usesReferencePaths: true)
            // Compared whole, reported short (the outputs run to kilobytes).
            #expect(fast.elementsEqual(reference), "round \(round)")
            if fast.contains(where: { $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") && $0 != UInt8(ascii: "|") && $0 != UInt8(ascii: "^") }) {
                differentFromEmpty += 1
            }
        }
        // Most contexts name something through two keys: a test of misses alone would prove little.
        #expect(differentFromEmpty > 50)
    }

    /// Numbers and flags as bytes: every sign and length, the extremes included.
    @Test func numbersAndFlagsAreTheirInterpolationText() throws {
        let library = MustacheLibrary(templates: ["page": try MustacheTemplate(source: "{{v}}|{{{v}}}\n  x{{v}}\n", name: "page")])
        var values: [MustacheValue] = [.bool(true), .bool(false), .int(Int.min), .int(Int.max), .int(Int.min + 1)]
        var power = 1
        for _ in 0..<18 {
            values += [.int(power - 1), .int(power), .int(-power), .int(1 - power)]
            power *= 10
        }
        for value in values {
            let fast = try library.renderUTF8("page", ["v": value], usesReferencePaths: false)
            #expect(fast == Array("\(value.interpolationText)|\(value.interpolationText)\n  x\(value.interpolationText)\n".utf8))
            #expect(fast == (try library.renderUTF8("page", ["v": value], usesReferencePaths: true)))
        }
    }

    /// One-key sections decided where their value is (`resolveSection`), against the reference's
    /// copy of the value: every value as a section's and an inverted section's, found at the top of
    /// the stack, further out, or nowhere, and rendered against (`{{.}}`, `{{name}}` inside).
    @Test func oneKeySectionsRenderAsTheReferenceDoes() throws {
        let shape = MustacheShape(["v", "name"])
        let source = "{{#v}}<{{.}}|{{name}}|{{#v}}i{{/v}}>{{/v}}{{^v}}^{{name}}{{/v}}{{#items}}[{{#v}}{{.}}{{/v}}{{^v}}-{{/v}}]{{/items}}\n"
        let library = MustacheLibrary(templates: ["page": try MustacheTemplate(source: source, name: "page")])
        let values = Self.scalars + [
            .array([]), .array([.int(1), .string("b")]), .object([:]), .object(["name": .string("o")]),
            .record(MustacheRecord(shape, [.string("r"), .string("rn")])), .record(MustacheRecord(shape, [])),
        ]
        var rendered = 0
        for value in values {
            for inner in values {
                // `v` in the page's context and in each item's, which hides it (or lacks it: `items` holds a record with no values too).
                let context: MustacheValue = .record(MustacheRecord(shape, [value, .string("top")]))
                let withItems: MustacheValue = [
                    "v": value, "name": "top",
                    "items": .array([.record(MustacheRecord(shape, [inner])), .record(MustacheRecord(shape, [])), ["v": inner]]),
                ]
                for page in [context, withItems] {
                    let fast = try library.renderUTF8("page", page, usesReferencePaths: false)
                    #expect(fast == (try library.renderUTF8("page", page, usesReferencePaths: true)), "\(value) \(inner)")
                    if fast.count > 1 { rendered += 1 }
                }
            }
        }
        // Most values render something: a test of empty output alone would prove little.
        #expect(rendered > values.count * values.count)
    }
}
