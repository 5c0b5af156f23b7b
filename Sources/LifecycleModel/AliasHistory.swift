/// Names that say how a state was entered. Android's `Lifecycle.State` has no PAUSED or
/// STOPPED: the activity guide's "Paused" is STARTED entered from RESUMED (`onPause`), its
/// "Stopped" is CREATED entered from a paused activity (`onStop`). Such a name in a chain holds
/// only where the chain says the same ("Resumed → Paused", "Paused → Stopped"), so "Created →
/// Paused" or "Started → Stopped" is not taken for a run of STARTED or CREATED.
extension Machine {
    /// The states a name says were passed through, ending in its own; nil for any other name.
    public func history(ofAlias name: String) -> [String]? {
        Self.aliasHistories[id]?[Names.stateKey(name)]
    }

    private static let aliasHistories: [String: [String: [String]]] = [
        "android-activity": ["paused": ["resumed", "started"], "stopped": ["resumed", "started", "created"]]
    ]

    /// The first name of a chain (`written`, resolved to `ids`) whose alias says otherwise than
    /// the chain before it, and the states the alias needs there. A chain that starts with such a
    /// name takes its history as given.
    public func aliasConflict(in written: [String], ids: [String]) -> (index: Int, needed: [String])? {
        var known: [String] = []
        for (index, name) in written.enumerated() where index < ids.count {
            guard let history = history(ofAlias: name) else {
                known.append(ids[index])
                continue
            }
            guard index > 0 else {
                known = history
                continue
            }
            let needed = Array(history.dropLast())
            guard known.count >= needed.count, Array(known.suffix(needed.count)) == needed else { return (index, needed) }
            known.append(ids[index])
        }
        return nil
    }
}
