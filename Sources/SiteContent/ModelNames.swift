import LifecycleMachines
import LifecycleModel

/// A name shown on a page and whether it is the English of the model (then it carries
/// `lang="en"`: a platform's own term kept as is, such as UIKit's "Not Running" or androidx's `RESUMED`).
package struct DisplayName: Sendable, Hashable {
    package let text: String
    package let english: Bool

    package init(_ text: String, english: Bool) {
        self.text = text
        self.english = english
    }
}

/// The display names of the model in one language, from `Templates/i18n/<lang>/model.yml`.
/// The model's ids stay what they are in Markdown and in data attributes; only what a reader
/// sees comes from here.
///
/// Keys: `machine.<machine>` (title), `state.<machine>.<state>`, `event.<event>` (one name per
/// event id, shared by the machines that have it), `summary.<machine>.<event>` (the tooltip),
/// `check.path` / `check.callbacks` / `check.never`, `checkPassed`, `process`,
/// `process.<notRunning|running|suspended>`, `archived`, `cover.<cover>` (what covers an Android
/// activity, as the model reference writes a transition's condition), `note.<the model's English>`
/// (a transition's note, and what a machine leaves out and why, as the model reference shows them:
/// a sentence changed in the model needs its translations again, and a key left under its old
/// wording is an error).
package struct ModelNames: Sendable {
    /// The file of each language that holds these keys: `<lang>/model.yml`.
    package static let part = "model"

    package static func machineKey(_ machine: String) -> String { "machine.\(machine)" }
    package static func stateKey(_ machine: String, _ state: String) -> String { "state.\(machine).\(state)" }
    package static func eventKey(_ event: String) -> String { "event.\(event)" }
    package static func summaryKey(_ machine: String, _ event: String) -> String { "summary.\(machine).\(event)" }
    package static func checkKey(_ kind: String) -> String { "check.\(kind)" }
    package static func processKey(_ state: ProcessState) -> String { "process.\(state.rawValue)" }
    package static func coverKey(_ cover: Cover) -> String { "cover.\(cover.rawValue)" }
    package static func noteKey(_ note: String) -> String { "note." + note }

    /// The namespaces of `requiredKeys` (`state.`, `note.`…): a key in one of them that
    /// `requiredKeys` lacks names something the model no longer has (a note whose English
    /// changed, a state that went).
    static let namespaces: Set<Substring> = Set(requiredKeys.compactMap { key in key.firstIndex(of: ".").map { key[...$0] } })

    /// Whether `key` is in the model's namespaces, needed or not.
    package static func isInTheModelsNamespace(_ key: String) -> Bool {
        key.firstIndex(of: ".").map { namespaces.contains(key[...$0]) } ?? false
    }

    static let checkKinds = ["path", "callbacks", "never"]
    package static let processStates: [ProcessState] = [.notRunning, .running, .suspended]

    /// Every key the generator looks up for the model: a language without one fails the build.
    package static let requiredKeys: [String] = {
        var keys: [String] = []
        var events = Set<String>()
        var notes = Set<String>()
        for machine in Machines.all {
            keys.append(machineKey(machine.id))
            keys += machine.states.map { stateKey(machine.id, $0.id) }
            for event in machine.events {
                keys.append(summaryKey(machine.id, event.id))
                if events.insert(event.id).inserted { keys.append(eventKey(event.id)) }
            }
            let sentences = machine.transitions.compactMap(\.note)
                + machine.omitted.flatMap { isRowID($0.row) ? [$0.reason] : [$0.row, $0.reason] }
            for sentence in sentences where notes.insert(sentence).inserted { keys.append(noteKey(sentence)) }
        }
        keys += checkKinds.map(checkKey) + processStates.map(processKey) + Cover.allCases.map(coverKey) + ["checkPassed", "process", "archived"]
        return keys
    }()

    let table: [String: String]

    package init(strings: UIStrings, lang: String) {
        self.table = strings.strings(for: lang)
    }

    /// A key the loader guarantees; the English of the model for a `UIStrings()` without files.
    private func text(_ key: String, english: String) -> DisplayName {
        let text = table[key] ?? english
        return DisplayName(text, english: text == english)
    }

    package func title(_ machine: Machine) -> DisplayName {
        text(Self.machineKey(machine.id), english: machine.title)
    }

    package func state(_ machine: Machine, _ id: String) -> DisplayName {
        text(Self.stateKey(machine.id, id), english: machine.state(id)?.name ?? id)
    }

    package func event(_ id: String) -> DisplayName {
        text(Self.eventKey(id), english: id)
    }

    package func summary(_ machine: Machine, _ event: String) -> String {
        table[Self.summaryKey(machine.id, event)] ?? machine.events.first { $0.id == event }?.summary ?? ""
    }

    package func check(_ kind: String) -> String { table[Self.checkKey(kind)] ?? kind }

    package func string(_ key: String) -> String { table[key] ?? key }

    package func process(_ state: ProcessState) -> String { table[Self.processKey(state)] ?? state.rawValue }

    package func cover(_ cover: Cover) -> String { table[Self.coverKey(cover)] ?? cover.rawValue }

    /// A transition's note in the language; nil for a transition without one.
    package func note(_ transition: Transition) -> String? {
        transition.note.map(sentence)
    }

    /// A sentence of the model (a transition's note; what a machine leaves out and why) in the language.
    package func sentence(_ english: String) -> String { table[Self.noteKey(english)] ?? english }

    /// What a machine leaves out, in the language: the spec's row (a row id as it is) and why.
    package func omitted(_ machine: Machine) -> [(row: String, reason: String)] {
        machine.omitted.map { (Self.isRowID($0.row) ? $0.row : sentence($0.row), sentence($0.reason)) }
    }

    /// A model sentence in a language cut into its words and the official English it quotes,
    /// written `[words]{lang=en}` as in the articles (`english` true), in order; nil when a `]{`
    /// is not the end of such a mark or closes no `[` (the loader reports it where it is written).
    package static func quotedEnglish(in sentence: String) -> [(text: Substring, english: Bool)]? {
        let marker = "]{lang=en}"
        var parts: [(text: Substring, english: Bool)] = []
        var rest = sentence[...]
        while let close = rest.firstRange(of: "]{") {
            // The mark opens at the last `[` before it: a source tag (`[AP-UL]`) may come earlier.
            guard rest[close.lowerBound...].hasPrefix(marker), let open = rest[..<close.lowerBound].lastIndex(of: "[") else { return nil }
            parts.append((rest[..<open], false))
            parts.append((rest[rest.index(after: open)..<close.lowerBound], true))
            rest = rest[rest.index(close.lowerBound, offsetBy: marker.count)...]
        }
        parts.append((rest, false))
        return parts
    }

    /// A spec row's id (`A13`, `D11a`), the same in every language; other labels of what a
    /// machine leaves out are words, translated.
    static func isRowID(_ label: String) -> Bool {
        guard let first = label.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        let rest = label.unicodeScalars.dropFirst()
        let digits = rest.prefix { ("0"..."9").contains($0) }
        return !digits.isEmpty && rest.count - digits.count <= 1 && rest.dropFirst(digits.count).allSatisfy { ("a"..."z").contains($0) }
    }
}
