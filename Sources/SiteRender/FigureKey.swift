import Encoding
import LifecycleMachines
import LifecycleModel
import Mustache

/// The keys of the example and exercise figures' rows and items, made (and hashed) once
/// rather than per row.
enum FigureKey {
    static let number: MustacheKey = "number"
    static let event: MustacheKey = "event"
    static let eventName: MustacheKey = "eventName"
    static let eventSummary: MustacheKey = "eventSummary"
    static let otherScene: MustacheKey = "otherScene"
    static let scene: MustacheKey = "scene"
    static let from: MustacheKey = "from"
    static let fromName: MustacheKey = "fromName"
    static let to: MustacheKey = "to"
    static let unchanged: MustacheKey = "unchanged"
    static let walk: MustacheKey = "walk"
    static let calls: MustacheKey = "calls"
    static let name: MustacheKey = "name"
    /// A callback's name as HTML, with its line-break opportunities (`HTML.breakable(name:)`).
    static let nameHTML: MustacheKey = "nameHTML"
    static let optional: MustacheKey = "optional"
    static let separator: MustacheKey = "separator"
    static let row: MustacheKey = "row"
    static let source: MustacheKey = "source"
    static let url: MustacheKey = "url"
    static let title: MustacheKey = "title"
    static let archived: MustacheKey = "archived"
    static let unconfirmed: MustacheKey = "unconfirmed"
    /// The app-level value after a step (multi-scene machines).
    static let app: MustacheKey = "app"
    static let confidence: MustacheKey = "confidence"
    static let confidenceLabel: MustacheKey = "confidenceLabel"
    static let kind: MustacheKey = "kind"
    static let label: MustacheKey = "label"
    static let items: MustacheKey = "items"
    static let first: MustacheKey = "first"
    static let state: MustacheKey = "state"
    static let code: MustacheKey = "code"
    static let id: MustacheKey = "id"
    static let text: MustacheKey = "text"
    static let en: MustacheKey = "en"
    static let summary: MustacheKey = "summary"
    static let holds: MustacheKey = "holds"
    static let verdict: MustacheKey = "verdict"
    static let hasWitness: MustacheKey = "hasWitness"
    static let witness: MustacheKey = "witness"
}

/// Each documentation source as a figure shows it (`{url, title, archived}`), made once from
/// the model's source index instead of for every step of every figure.
enum FigureSources {
    private static let shape = MustacheShape([FigureKey.url, FigureKey.title, FigureKey.archived])
    private static let values: [String: MustacheValue] = Dictionary(
        SourceIndex.all.map { source in
            (source.tag, MustacheValue.record(MustacheRecord(shape, [
                .text(MustacheText(source.url)), .text(MustacheText(source.officialTitle)), .bool(source.archived),
            ])))
        },
        uniquingKeysWith: { first, _ in first })

    /// The first of a step's sources as a figure shows it; false when it has none the index knows.
    static func value(_ tags: [String]) -> MustacheValue {
        tags.first.flatMap { values[$0] } ?? .bool(false)
    }
}

/// Record shapes both figures use.
enum FigureShape {
    /// `{name, optional, separator, nameHTML}`: a callback a step calls.
    private static let call = MustacheShape([FigureKey.name, FigureKey.optional, FigureKey.separator, FigureKey.nameHTML])

    /// The callbacks of a step, each with the separator written before it.
    static func calls(_ callbacks: [CallbackCall]) -> MustacheValue {
        .array(callbacks.enumerated().map { position, call in
            let first = position == 0
            // The table's names are ASCII: one found with as many bytes as `call.name` has its
            // bytes (text canonically equal to ASCII text in other bytes is longer).
            if let made = callRecords[call.name], made.byteCount == call.name.utf8.count {
                return made.forms[form(optional: call.optional, first: first)]
            }
            return record(call, first: first)
        })
    }

    /// `{name, optional, separator, nameHTML}` of `call`, the first of its step or after a `, `.
    static func record(_ call: CallbackCall, first: Bool) -> MustacheValue {
        .record(MustacheRecord(Self.call, [.string(call.name), .bool(call.optional), .string(first ? "" : ", "), .string(HTML.breakable(name: call.name))]))
    }

    /// The records of a callback the catalog's machines name, in its four forms (`form`), and its name's byte count.
    private struct CallRecords: Sendable {
        let forms: [MustacheValue]
        let byteCount: Int
    }

    private static func form(optional: Bool, first: Bool) -> Int { (optional ? 2 : 0) + (first ? 0 : 1) }

    /// Made once for every ASCII callback name of the catalog (ids, aliases, those its transitions
    /// call), as `FigureSources` are: each step of each figure made an object and its values for
    /// every callback it calls. Any other name is made as before.
    private static let separator = MustacheText(", ")
    private static let noSeparator = MustacheText("")

    private static let callRecords: [String: CallRecords] = {
        var names = Machines.all.flatMap { machine in
            machine.callbacks.flatMap { [$0.id] + $0.aliases } + machine.transitions.flatMap { $0.callbacks.map(\.name) }
        }
        names.removeAll { name in name.utf8.contains { $0 >= 0x80 } }
        var table: [String: CallRecords] = [:]
        for name in names where table[name] == nil {
            let html = MustacheValue.string(HTML.breakable(name: name))
            var forms: [MustacheValue] = []
            for optional in [false, true] {
                for first in [true, false] {
                    // Escaped once, here: written from a string, each was escaped at every step that calls it.
                    forms.append(.record(MustacheRecord(call, [.text(MustacheText(name)), .bool(optional), .text(first ? noSeparator : separator), html])))
                }
            }
            table[name] = CallRecords(forms: forms, byteCount: name.utf8.count)
        }
        return table
    }()
}
