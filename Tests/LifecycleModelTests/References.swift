@testable import LifecycleModel

// The first, slow ways of what production now does faster: kept here as the tests' references
// (production keeps no function only tests call).

extension Names {
    /// `stateKey` by Unicode scalars, for any name.
    static func stateKeyByScalars(_ name: String) -> String {
        var key = ""
        for scalar in name.unicodeScalars.drop(while: { $0 == "." || $0 == " " }) where scalar != " " && scalar != "_" && scalar != "-" {
            key.unicodeScalars.append(scalar)
        }
        return key.lowercased()
    }

    /// `exactKey` by Unicode scalars.
    static func exactKeyByScalars(_ name: String) -> String {
        String(name.unicodeScalars.drop(while: { $0 == "." || $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()
            .reduce(into: String.UnicodeScalarView()) { $0.append($1) })
    }
}

extension Machine {
    /// The walks (by index) that show `items`.
    static func witness<Name: Equatable>(_ items: [Name], walks: [[Name]]) -> [Int] {
        witness(items, calls: Array(walks.joined()), starts: walks.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) })
    }

    /// `witness(forCallbacks:allowed:)` as first numbered: every allowed transition's walk made
    /// for the question, one after another in one array, and searched whole.
    func witnessByWalks(forCallbacks order: [String], allowed: ((Transition) -> Bool)? = nil) -> [Transition] {
        let chosen = allowed.map { allowed in transitions.indices.filter { allowed(transitions[$0]) } } ?? Array(transitions.indices)
        let walk = callbackWalk
        let items = order.map { walk.index[$0] ?? -1 }
        var named = Array(repeating: false, count: walk.names.count)
        for item in items where item >= 0 { named[item] = true }
        var calls: [Int] = []
        var starts = [0]
        for t in chosen {
            for c in walk.callStarts[t]..<walk.callStarts[t + 1] where coreCalls[walk.calls[c]] || named[walk.calls[c]] { calls.append(walk.calls[c]) }
            starts.append(calls.count)
        }
        return Self.witness(items, calls: calls, starts: starts).map { transitions[chosen[$0]] }
    }
}
