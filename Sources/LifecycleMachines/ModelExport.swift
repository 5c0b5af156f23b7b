import Encoding
import LifecycleModel

/// The whole model as JSON for the browser player and other tools.
///
/// Schema `lifecycle-model`, version 1 (documented in docs/model-schema.md):
/// `{"schema": "lifecycle-model", "version": 1, "machines": [Machine…], "sources": {tag: {"title", "url"}}}`.
/// Adding fields keeps the version; removing or changing one raises it.
public enum ModelExport {
    public static let schemaVersion = 1

    public static func json(_ machines: [Machine] = Machines.all) -> String {
        var out = "{\"schema\":\"lifecycle-model\",\"version\":\(schemaVersion),\"machines\":["
        out += machines.map(machineJSON).joined(separator: ",")
        out += "],\"sources\":{"
        out += SourceIndex.all.map { "\(q($0.tag)):{\"title\":\(q($0.title)),\"url\":\(q($0.url))}" }.joined(separator: ",")
        return out + "}}"
    }

    static func machineJSON(_ m: Machine) -> String {
        var fields: [String] = [
            "\"id\":\(q(m.id))",
            "\"title\":\(q(m.title))",
            "\"initial\":\(q(m.initialState))",
            "\"multiScene\":\(m.multiScene)",
            "\"states\":[" + m.states.map { s in
                "{\"id\":\(q(s.id)),\"name\":\(q(s.name)),\"aliases\":\(list(s.aliases)),\"observable\":\(s.observable)}"
            }.joined(separator: ",") + "]",
            "\"events\":[" + m.events.map { "{\"id\":\(q($0.id)),\"summary\":\(q($0.summary))}" }.joined(separator: ",") + "]",
            "\"callbacks\":[" + m.callbacks.map { "{\"id\":\(q($0.id)),\"aliases\":\(list($0.aliases)),\"auxiliary\":\($0.auxiliary)}" }.joined(separator: ",") + "]",
            "\"options\":[" + m.options.map {
                "{\"name\":\(q($0.name)),\"summary\":\(q($0.summary)),\"default\":\(q($0.defaultValue))}"
            }.joined(separator: ",") + "]",
            "\"transitions\":[" + m.transitions.map(transitionJSON).joined(separator: ",") + "]",
            "\"omitted\":[" + m.omitted.map { "{\"row\":\(q($0.row)),\"reason\":\(q($0.reason))}" }.joined(separator: ",") + "]",
        ]
        if let summary = m.aggregateSummary { fields.append("\"aggregate\":\(q(summary))") }
        if let rule = m.aggregateRule { fields.append("\"aggregateRule\":\(aggregateRuleJSON(rule))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func transitionJSON(_ t: Transition) -> String {
        var fields = [
            "\"row\":\(q(t.row))", "\"from\":\(q(t.from))", "\"event\":\(q(t.event))", "\"states\":\(list(t.states))",
            "\"callbacks\":[" + t.callbacks.map { "{\"name\":\(q($0.name)),\"optional\":\($0.optional)}" }.joined(separator: ",") + "]",
            "\"sources\":\(list(t.sources))", "\"confidence\":\(q(t.confidence.rawValue))",
            "\"conditions\":[" + t.conditions.map(conditionJSON).joined(separator: ",") + "]",
        ]
        if let covered = t.covered { fields.append("\"covered\":\(list(covered.map(\.rawValue)))") }
        fields += [
            "\"effects\":[" + t.effects.map(effectJSON).joined(separator: ",") + "]",
        ]
        if let note = t.note { fields.append("\"note\":\(q(note))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `{"ignored": […], "none": id, "cases": [{"any"|"all": […], "value": id}…], "otherwise": id}`, and
    /// `"noneByProcess": {process: id…}` (keys sorted) when the rule has one.
    static func aggregateRuleJSON(_ rule: AggregateRule) -> String {
        let cases = rule.cases.map { "{\(q($0.quantifier.rawValue)):\(list($0.states)),\"value\":\(q($0.value))}" }
        var json = "{\"ignored\":\(list(rule.ignored)),\"none\":\(q(rule.none)),\"cases\":[" + cases.joined(separator: ",")
            + "],\"otherwise\":\(q(rule.otherwise))"
        if !rule.noneByProcess.isEmpty {
            let byProcess = rule.noneByProcess.map { ($0.key.rawValue, $0.value) }.sorted { $0.0 < $1.0 }
            json += ",\"noneByProcess\":{" + byProcess.map { "\(q($0.0)):\(q($0.1))" }.joined(separator: ",") + "}"
        }
        return json + "}"
    }

    static func conditionJSON(_ c: Condition) -> String {
        switch c {
        case .apiAtLeast(let level): "{\"apiAtLeast\":\(level)}"
        case .apiBelow(let level): "{\"apiBelow\":\(level)}"
        case .targetSDKAtLeast(let level): "{\"targetSdkAtLeast\":\(level)}"
        case .targetSDKBelow(let level): "{\"targetSdkBelow\":\(level)}"
        case .configHandled(let change): "{\"configHandled\":\(q(change))}"
        case .configNotHandled(let change): "{\"configNotHandled\":\(q(change))}"
        case .root(let root): "{\"root\":\(root)}"
        case .process(let states): "{\"process\":\(list(states.map(\.rawValue).sorted()))}"
        case .otherScenesIn(let states): "{\"otherScenesIn\":\(list(states.sorted()))}"
        }
    }

    static func effectJSON(_ e: Effect) -> String {
        switch e {
        case .setProcess(let state): "{\"setProcess\":\(q(state.rawValue))}"
        case .allScenes(let state): "{\"allScenes\":\(q(state))}"
        case .cover(let cover): "{\"cover\":\(q(cover.rawValue))}"
        }
    }

    static func q(_ s: String) -> String { JSON.quote(s) }

    static func list(_ items: [String]) -> String { "[" + items.map(q).joined(separator: ",") + "]" }
}
