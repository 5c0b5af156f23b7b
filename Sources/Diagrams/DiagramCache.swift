import LifecycleModel
import Synchronization

/// Prepared diagrams by everything their text depends on, shared by the threads that render
/// pages. A build needs one per machine and language; the bound keeps a long `serve` session
/// (labels change with every i18n edit) or a test run (made-up machines) from growing it forever.
final class DiagramCache: Sendable {
    static let shared = DiagramCache(limit: 64)

    let limit: Int
    private let table = Mutex<[DiagramKey: PreparedDiagram]>([:])

    init(limit: Int) { self.limit = limit }

    var count: Int { table.withLock { $0.count } }

    func diagram(for machine: Machine, labels: DiagramLabels) -> PreparedDiagram {
        let key = DiagramKey(machine: machine, labels: labels)
        if let hit = table.withLock({ $0[key] }) { return hit }
        // Laid out outside the lock: two threads may both prepare a new diagram; either copy is right.
        let prepared = PreparedDiagram(plan: DiagramPlan(machine: machine, labels: labels))
        return table.withLock { table in
            if let other = table[key] { return other }
            // Past the bound, start over: the entries in use come back at the cost of one layout each.
            if table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[key] = prepared
            return prepared
        }
    }
}

/// What a diagram's text depends on: the machine's id, the ids and observability of its states,
/// the walks and events of its transitions, and the labels. Strings that reach the output are
/// compared by their UTF-8 bytes (canonically equal text in other bytes is other output).
struct DiagramKey: Hashable, Sendable {
    let machineID: String
    let states: [StateInfo]
    let transitions: [Transition]
    let labels: DiagramLabels

    init(machine: Machine, labels: DiagramLabels) {
        machineID = machine.id
        states = machine.states
        transitions = machine.transitions
        self.labels = labels
    }

    /// Cheap on purpose (no label text is hashed): equal keys agree on all of it, and `==`
    /// tells apart a machine's diagrams in several languages or made-up machines sharing an id.
    func hash(into hasher: inout Hasher) {
        hasher.combine(machineID)
        hasher.combine(states.count)
        hasher.combine(transitions.count)
        hasher.combine(labels.title.utf8.count)
        hasher.combine(labels.states.count)
        hasher.combine(labels.events.count)
    }

    static func == (a: DiagramKey, b: DiagramKey) -> Bool {
        sameBytes(a.machineID, b.machineID)
            && same(a.states, b.states) { sameBytes($0.id, $1.id) && $0.observable == $1.observable }
            && same(a.transitions, b.transitions) {
                sameBytes($0.from, $1.from) && sameBytes($0.event, $1.event) && $0.states.elementsEqual($1.states, by: sameBytes)
            }
            && a.labels.hasSameText(as: b.labels)
    }

    /// Arrays of the same machine share their storage: then nothing needs comparing.
    private static func same<Element>(_ a: [Element], _ b: [Element], by equal: (Element, Element) -> Bool) -> Bool {
        guard a.count == b.count else { return false }
        let shared = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        return shared || a.elementsEqual(b, by: equal)
    }
}

private func sameBytes(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
}

extension DiagramLabels {
    /// True when a diagram written with either gives the same bytes. Names are looked up by
    /// state or event id, and a dictionary finds a key by canonical equivalence; so equal counts
    /// and, for each key of one, a byte-equal value under it in the other, make every lookup agree.
    func hasSameText(as other: DiagramLabels) -> Bool {
        guard titleIsEnglish == other.titleIsEnglish, sameBytes(title, other.title),
            englishStates == other.englishStates,
            Self.sameValues(states, other.states), Self.sameValues(events, other.events)
        else { return false }
        return true
    }

    private static func sameValues(_ a: [String: String], _ b: [String: String]) -> Bool {
        guard a.count == b.count else { return false }
        for (key, value) in a {
            guard let other = b[key], sameBytes(value, other) else { return false }
        }
        return true
    }
}
