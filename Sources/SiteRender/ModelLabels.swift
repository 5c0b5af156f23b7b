import Diagrams
import LifecycleModel
import Mustache
import SiteContent

extension ModelNames {
    /// The machine's diagram laid out with this language's labels, made once per process: the
    /// figures draw it, the geometry file (`DiagramFiles`) and the names script hold its geometry,
    /// so the three are one diagram.
    func diagram(_ machine: Machine) -> PreparedDiagram {
        StateDiagram.prepared(for: machine, labels: diagramLabels(machine))
    }

    /// A diagram's labels in this language.
    func diagramLabels(_ machine: Machine) -> DiagramLabels {
        var states: [String: String] = [:]
        var english = Set<String>()
        for info in machine.states {
            let name = state(machine, info.id)
            states[info.id] = name.text
            if name.english { english.insert(info.id) }
        }
        let title = title(machine)
        return DiagramLabels(
            title: title.text, titleIsEnglish: title.english, states: states, englishStates: english,
            events: Dictionary(machine.events.map { ($0.id, event($0.id).text) }, uniquingKeysWith: { first, _ in first }))
    }

    /// `{name, en, first}` per state of a walk, for a template that marks English names with `lang="en"`.
    func walk(_ machine: Machine, _ ids: [String], states: StateNames? = nil) -> MustacheValue {
        .array(ids.enumerated().map { index, id in Self.walkStep(states?[id] ?? state(machine, id), first: index == 0) })
    }

    /// One state of a walk. The name is escaped once: `StateNames` keeps these for every figure.
    static func walkStep(_ name: DisplayName, first: Bool) -> MustacheValue {
        .record(MustacheRecord(walkStepShape, [.text(MustacheText(name.text)), .bool(name.english), .bool(first)]))
    }

    /// `{text, en}`: a name, and whether it is the English one. The name is escaped once:
    /// `StateNames` keeps these for every figure.
    func value(_ name: DisplayName) -> MustacheValue {
        .record(MustacheRecord(Self.nameShape, [.text(MustacheText(name.text)), .bool(name.english)]))
    }

    private static let walkStepShape = MustacheShape([FigureKey.name, FigureKey.en, FigureKey.first])
    private static let nameShape = MustacheShape([FigureKey.text, FigureKey.en])
}
