import Diagrams
import Encoding
import LifecycleModel
import Mustache
import SiteContent
import Synchronization

/// What every page and figure of one language shares, worked out once per build instead of per
/// page or figure: the UI strings as a template value (`t`, a few hundred entries), the words of
/// the exercise script, and each machine's prepared diagram in the language's labels. It depends
/// on the UI strings and the model only, never on a page's content. Called from every core.
package final class LanguageValues: Sendable {
    let strings: UIStrings
    /// `t` of every language, made with the values: a few hundred thousand instructions a
    /// language, where asking a memo for it cost a lock and a look-up for every figure and page.
    private let uiStrings: [String: MustacheValue]
    private let exerciseJSON = Memo<String, String>()
    /// By option set, under a lock of this module (the generic memo of another module cost a few
    /// thousand instructions a look-up, asked for every figure).
    /// Escaped once with it: every figure writes it into an attribute.
    private let optionsJSON = Mutex<[MachineOptions: MustacheText]>([:])
    /// Laid out under the lock: the pages of a build start together and would otherwise each lay
    /// out the same diagram (two million instructions) when they miss at once.
    private let diagrams = Mutex<[DiagramKey: MachineValues]>([:])
    /// The build's generated assets, source name → published path: the diagrams' geometry files.
    private let assets: [String: String]

    package init(strings: UIStrings, assets: [String: String] = [:]) {
        self.strings = strings
        self.assets = assets
        // Escaped once here: pages and figures write them escaped, each many times.
        uiStrings = strings.tables.mapValues { table in MustacheValue(object: table.mapValues { .text(MustacheText($0)) }) }
    }

    /// The UI strings of `lang`, for a template's `{{t.key}}` (none for a language without a table).
    func t(_ lang: String) -> MustacheValue {
        uiStrings[lang] ?? .object([:])
    }

    /// The words `exercise.js` writes, as JSON for a `<script type="application/json">` (`<` escaped,
    /// so the text cannot close the element).
    func exerciseStrings(_ lang: String) -> String {
        exerciseJSON.value(for: lang) {
            let all = strings.strings(for: lang).filter { key, _ in
                key.hasPrefix("exercise") || key.hasPrefix("tutorial") || key.hasPrefix("trace") || key == "scene" || key == "archived"
                    || key.hasPrefix("confidence")
            }
            let body = all.keys.sorted().map { key in JSON.quote(key) + ":" + JSON.quote(all[key] ?? "") }.joined(separator: ",")
            let json = "{" + body + "}"
            // Foundation's replacement (it matches whole Characters) cost two million instructions
            // a language, and UI strings seldom hold a `<`.
            return json.utf8.contains(UInt8(ascii: "<")) ? json.replacingOccurrences(of: "<", with: "\\u003c") : json
        }
    }

    /// The options a figure ran under, as JSON (escaped as an attribute value by the template):
    /// the player parses exactly the options the build ran. The same for every figure with these options.
    func json(_ options: MachineOptions) -> String { optionsText(options).string }

    /// `json(options)` as a template value, escaped when it was made rather than by every figure.
    func optionsValue(_ options: MachineOptions) -> MustacheValue { .text(optionsText(options)) }

    private func optionsText(_ options: MachineOptions) -> MustacheText {
        if let made = optionsJSON.withLock({ $0[options] }) { return made }
        var json = JSON.Object()
        json.add("api", options.api)
        if let target = options.targetSDK { json.add("targetSdk", target) }
        json.add("configChanges", options.configChanges.sorted())
        json.add("root", options.root)
        let made = MustacheText(json.text)
        optionsJSON.withLock { $0[options] = made }
        return made
    }

    /// The machine's diagram and its states' and events' display names in `lang`, worked out together
    /// once, as a tuple (`figureValues` is the shared object the figures and pages read in place).
    func machineValues(_ machine: Machine, lang: String) -> (diagram: PreparedDiagram, states: StateNames, events: EventNames, title: MustacheValue) {
        let found = figureValues(machine, lang: lang)
        return (found.diagram, found.states, found.events, found.title)
    }

    /// `machineValues` as the one shared object, for a figure that reads its parts in place
    /// (taking the tuple apart retained each table's parts, about a dozen calls a figure).
    func figureValues(_ machine: Machine, lang: String) -> MachineValues {
        let key = DiagramKey(lang: lang, machine: ObjectIdentifier(machine))
        return diagrams.withLock { table in
            if let found = table[key] { return found }
            let made = MachineValues(
                machine, names: ModelNames(strings: strings, lang: lang), strings: strings.strings(for: lang),
                geometryFile: assets[DiagramFiles.assetName(machine: machine.id, lang: lang)])
            table[key] = made
            return made
        }
    }

    /// A machine by identity: the value holds the machine, so its identifier is not reused while the key is in the table.
    private struct DiagramKey: Hashable, Sendable {
        let lang: String
        let machine: ObjectIdentifier
    }

    /// A machine's diagram and names in one language.
    final class MachineValues: Sendable {
        let machine: Machine
        let diagram: PreparedDiagram
        let states: StateNames
        let events: EventNames
        /// `names.value(names.title(machine))`: a figure's `machineTitle`.
        let title: MustacheValue
        /// The published path of the diagram's geometry file (nil when the build made none).
        let geometryFile: String?
        /// The language's UI strings, by key (an exercise's row shows its confidence's label).
        private let strings: [String: String]
        private let rows: TransitionRows

        /// `strings`: the language's UI strings, by key.
        init(_ machine: Machine, names: ModelNames, strings: [String: String], geometryFile: String?) {
            self.machine = machine
            self.geometryFile = geometryFile
            let diagram = names.diagram(machine)
            let states = StateNames(machine, names: names)
            let events = EventNames(machine, names: names)
            self.diagram = diagram
            self.states = states
            self.events = events
            title = names.value(names.title(machine))
            self.strings = strings
            rows = TransitionRows(machine.transitions)
        }

        /// What the figures' rows show of a step from `from` on `event` that took `transition`; nil
        /// for a transition the machine does not hold, or a step that is not its transition's own
        /// (another state or event: the caller makes that row itself).
        func row(_ transition: Transition, from: String, event: String) -> TransitionRow? {
            let made = rows.row(transition) { transition in
                TransitionRow(
                    transition, multiScene: machine.multiScene, states: states, events: events, diagram: diagram,
                    text: { strings[$0] ?? $0 })
            }
            guard let made, made.from == from, made.event == event else { return nil }
            return made
        }
    }
}

/// A machine's state names in one language, by state id, with the template values a figure
/// makes of them: `ModelNames.state` built a key and hashed it for every state of every step
/// of every figure, and each step made the same small objects again. An id that is not one of
/// the machine's states gets what `ModelNames` gives it, so callers ask once.
struct StateNames: Sendable {
    /// A class: a look-up then retains one reference, where a struct's copy retained each of its values.
    private final class Entry: Sendable {
        let name: DisplayName
        /// `names.value(name)`.
        let value: MustacheValue
        /// The name as the first step of a walk and as any later one (`ModelNames.walk`).
        let walkStep: (first: MustacheValue, later: MustacheValue)
        /// The walk of a step that stays in this state: `[walkStep.first]`.
        let stayingWalk: MustacheValue

        init(name: DisplayName, value: MustacheValue, walkStep: (first: MustacheValue, later: MustacheValue)) {
            self.name = name
            self.value = value
            self.walkStep = walkStep
            stayingWalk = .array([walkStep.first])
        }
    }

    private let byID: [String: Entry]
    private let machine: Machine
    private let names: ModelNames

    init(_ machine: Machine, names: ModelNames) {
        var byID: [String: Entry] = [:]
        for state in machine.states where byID[state.id] == nil {
            let name = names.state(machine, state.id)
            byID[state.id] = Entry(
                name: name, value: names.value(name),
                walkStep: (ModelNames.walkStep(name, first: true), ModelNames.walkStep(name, first: false)))
        }
        self.byID = byID
        self.machine = machine
        self.names = names
    }

    /// `names.state(machine, id)` of a state of the machine; nil for any other id.
    subscript(_ id: String) -> DisplayName? { byID[id]?.name }

    /// `names.value(names.state(machine, id))`.
    func value(_ id: String) -> MustacheValue { byID[id]?.value ?? names.value(names.state(machine, id)) }

    /// `value(id)` of a state of the machine; nil for any other id.
    func knownValue(_ id: String) -> MustacheValue? { byID[id]?.value }

    /// `names.walk(machine, ids)`.
    func walk(_ ids: [String]) -> MustacheValue {
        guard let first = ids.first else { return .array([]) }
        return walk(from: first, through: ids.dropFirst())
    }

    /// `walk([from] + states)`, without making that array (a figure's step walks from its state through the ones it enters).
    func walk(from: String, through states: some Collection<String>) -> MustacheValue {
        step(from: from, through: states).walk
    }

    /// `(value(from), walk(from: from, through: states))`, looking `from` up once (a figure's row shows both).
    func step(from: String, through states: some Collection<String>) -> (fromName: MustacheValue, walk: MustacheValue) {
        guard let start = byID[from] else { return (value(from), names.walk(machine, [from] + states, states: self)) }
        if states.isEmpty { return (start.value, start.stayingWalk) }
        var steps: [MustacheValue] = []
        steps.reserveCapacity(1 + states.count)
        steps.append(start.walkStep.first)
        for id in states {
            guard let entry = byID[id] else { return (start.value, names.walk(machine, [from] + states, states: self)) }
            steps.append(entry.walkStep.later)
        }
        return (start.value, .array(steps))
    }
}

/// A machine's event names and summaries in one language, by event id (`ModelNames.event`
/// and `ModelNames.summary`, which build and hash a key each), escaped once for the figures
/// that write them; any other id gets what `ModelNames` gives it.
struct EventNames: Sendable {
    /// The id too, escaped once: an exercise's rows write it into an attribute.
    private let byID: [String: (id: MustacheText, name: MustacheText, summary: MustacheText)]
    private let machine: Machine
    private let names: ModelNames

    init(_ machine: Machine, names: ModelNames) {
        var byID: [String: (id: MustacheText, name: MustacheText, summary: MustacheText)] = [:]
        for event in machine.events where byID[event.id] == nil {
            byID[event.id] = (MustacheText(event.id), MustacheText(names.event(event.id).text), MustacheText(names.summary(machine, event.id)))
        }
        self.byID = byID
        self.machine = machine
        self.names = names
    }

    /// `names.event(id).text`.
    func name(_ id: String) -> String { byID[id]?.name.string ?? names.event(id).text }

    /// `names.summary(machine, id)`.
    func summary(_ id: String) -> String { byID[id]?.summary.string ?? names.summary(machine, id) }

    /// `name(id)` as a template value.
    func nameValue(_ id: String) -> MustacheValue { byID[id].map { .text($0.name) } ?? .string(names.event(id).text) }

    /// `summary(id)` as a template value.
    func summaryValue(_ id: String) -> MustacheValue { byID[id].map { .text($0.summary) } ?? .string(names.summary(machine, id)) }

    /// `(id, nameValue(id), summaryValue(id))` from one look-up (a figure's row shows them all).
    func values(_ id: String) -> (id: MustacheValue, name: MustacheValue, summary: MustacheValue) {
        guard let found = byID[id] else { return (.string(id), nameValue(id), summaryValue(id)) }
        return (.text(found.id), .text(found.name), .text(found.summary))
    }
}
