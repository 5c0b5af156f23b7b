import Encoding
import LifecycleModel

extension StateDiagram {
    /// The app-level value of a multi-scene machine for every set of scene states,
    /// computed at build time with the model's own rule, so the browser needs no
    /// rule of its own: keys are the distinct scene states in the machine's state
    /// order, joined by one space ("" for no scene); values are state ids.
    ///
    /// This assumes the aggregate depends only on which states occur, not on how
    /// often or in which order (true of both multi-scene machines; the tests check it).
    /// Nil for single-scene machines, machines without an aggregate, and machines
    /// with more than 12 states (the table would be too large).
    public static func aggregateTable(for machine: Machine) -> [(key: String, value: String)]? {
        guard machine.multiScene, machine.states.count <= 12 else { return nil }
        let ids = machine.states.map(\.id)
        var table: [(key: String, value: String)] = []
        for mask in 0..<(1 << ids.count) {
            let present = ids.indices.filter { mask & (1 << $0) != 0 }.map { ids[$0] }
            guard let value = machine.aggregateState(of: present) else { return nil }
            table.append((present.joined(separator: " "), value))
        }
        return table
    }

    /// `aggregateTable(for:)` as a JSON object, or nil.
    public static func aggregateTableJSON(for machine: Machine) -> String? {
        guard let table = aggregateTable(for: machine) else { return nil }
        return "{" + table.map { "\(JSON.quote($0.key)):\(JSON.quote($0.value))" }.joined(separator: ",") + "}"
    }
}
