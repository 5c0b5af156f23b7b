import LifecycleModel
import LifecycleMachines

/// Checks a chain of names written with arrows in prose or in a `path` /
/// `callbacks` line: "Not Running → Inactive → Active", "onPause → onStop".
public struct ChainCheck: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case states
        case callbacks
    }

    /// The machine that judged the chain: of those that find it legal, the first with a confirmed
    /// run and the author's own spelling (`.active` is SwiftUI's as written, UIKit's only once
    /// the dot and case are set aside), else the first that knows every name.
    public let machine: String
    public let kind: Kind
    /// The names resolved to that machine's ids.
    public let ids: [String]
    public let ok: Bool
    /// For an illegal state path: the index of the first state that cannot follow, and what can.
    public let failure: (index: Int, expected: [String])?
    /// Legal only through a transition the documentation does not confirm: not a verified claim.
    public var unconfirmed = false
    /// A name that says how its state was entered (the guide's "Paused") where the chain says
    /// otherwise: its index and the states it needs before it (`Machine.aliasConflict`).
    public var aliasConflict: (index: Int, needed: [String])? = nil

    init(machine: String, kind: Kind, ids: [String], ok: Bool, failure: (index: Int, expected: [String])?) {
        self.machine = machine
        self.kind = kind
        self.ids = ids
        self.ok = ok
        self.failure = failure
    }

    public static func == (a: ChainCheck, b: ChainCheck) -> Bool {
        a.machine == b.machine && a.kind == b.kind && a.ids == b.ids && a.ok == b.ok && a.unconfirmed == b.unconfirmed
            && a.failure?.index == b.failure?.index
            && a.failure?.expected == b.failure?.expected && a.aliasConflict?.index == b.aliasConflict?.index
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(machine)
        hasher.combine(ids)
        hasher.combine(ok)
    }

    /// States before callbacks, made once: an array literal in the loop was allocated per machine.
    private static let kindsInOrder: [Kind] = [.states, .callbacks]

    /// Judges `names` in every machine that knows all of them, as states or
    /// all as callbacks; legal if legal in at least one. Nil when no machine
    /// knows them all (the text is not a chain this model speaks about).
    /// Of the machines where it is legal, one whose confirmed rows allow it comes first, then
    /// one that knows every name as written (`spelledExactly`).
    public static func check(_ names: [String], machines: [Machine] = Machines.all) -> ChainCheck? {
        var firstKnown: ChainCheck?
        // The best legal verdict so far and its rank (lower is better): 0 confirmed and spelled
        // as written, 1 confirmed, 2 unconfirmed and spelled as written, 3 unconfirmed.
        var best: (check: ChainCheck, rank: Int)?
        for machine in machines {
            for kind in Self.kindsInOrder {
                // Stops at the first name the machine does not know as this kind.
                var resolved: [String] = []
                for name in names {
                    guard let id = kind == .states ? machine.resolveState(name) : machine.resolveCallback(name) else { break }
                    resolved.append(id)
                }
                guard resolved.count == names.count else { continue }
                var result: ChainCheck
                switch kind {
                case .states:
                    if let conflict = machine.aliasConflict(in: names, ids: resolved) {
                        result = ChainCheck(machine: machine.id, kind: kind, ids: resolved, ok: false, failure: nil)
                        result.aliasConflict = conflict
                        break
                    }
                    // The documented rows first: a path they allow is legal in the whole machine, and most
                    // chains are settled by that one search.
                    let confirmed = ModelQueries.confirmedMachines[machine.id]
                    if let confirmed, confirmed.verdict(forPath: resolved) == .legal {
                        result = ChainCheck(machine: machine.id, kind: kind, ids: resolved, ok: true, failure: nil)
                        break
                    }
                    switch machine.verdict(forPath: resolved) {
                    case .legal:
                        result = ChainCheck(machine: machine.id, kind: kind, ids: resolved, ok: true, failure: nil)
                        result.unconfirmed = confirmed != nil
                    case .illegal(let index, let expected):
                        result = ChainCheck(machine: machine.id, kind: kind, ids: resolved, ok: false, failure: (index, expected))
                    }
                case .callbacks:
                    let confirmed = ModelQueries.confirmedMachines[machine.id]
                    let documented = confirmed?.canProduce(callbackOrder: resolved) ?? false
                    let ok = documented || machine.canProduce(callbackOrder: resolved)
                    result = ChainCheck(machine: machine.id, kind: kind, ids: resolved, ok: ok, failure: nil)
                    result.unconfirmed = ok && confirmed != nil && !documented
                }
                if result.ok {
                    let rank = (result.unconfirmed ? 2 : 0) + (spelledExactly(names, kind: kind, in: machine) ? 0 : 1)
                    if rank == 0 { return result }
                    if best == nil || rank < best!.rank { best = (result, rank) }
                }
                if firstKnown == nil { firstKnown = result }
            }
        }
        return best?.check ?? firstKnown
    }

    /// Whether `machine` knows every name exactly as written (`ModelSpellings`: a state's id,
    /// name or alias, a callback's id or alias, dots and case included). A machine outside the
    /// catalog (the tests' made-up ones) has no spellings: none of its names counts as exact.
    static func spelledExactly(_ names: [String], kind: Kind, in machine: Machine) -> Bool {
        guard let spellings = ModelSpellings.of(machine) else { return false }
        return names.allSatisfy { spellings.spells(kind == .states ? .state : .callback, $0) }
    }
}
