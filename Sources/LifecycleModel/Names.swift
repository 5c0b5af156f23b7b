/// Matching of the many ways people write a state or callback name, and
/// suggestions for names that match nothing.
public enum Names {
    /// States ignore case, spaces, `_`, `-` and a leading `.`: "Not Running" = "notRunning" = "NOT_RUNNING",
    /// ".background" = "background". A trailing "." is kept, so "Background." is not a state.
    static func stateKey(_ name: String) -> String {
        var key = ""
        for scalar in name.unicodeScalars.drop(while: { $0 == "." || $0 == " " }) where scalar != " " && scalar != "_" && scalar != "-" {
            key.unicodeScalars.append(scalar)
        }
        return key.lowercased()
    }

    /// For machines whose names are case-sensitive: only surrounding spaces and a leading `.` are ignored.
    static func exactKey(_ name: String) -> String {
        String(name.unicodeScalars.drop(while: { $0 == "." || $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()
            .reduce(into: String.UnicodeScalarView()) { $0.append($1) })
    }

    /// Callbacks are case-sensitive; an empty or `_:` argument list is dropped:
    /// "onPause()" = "onPause", "applicationDidBecomeActive(_:)" = "applicationDidBecomeActive".
    static func callbackKey(_ name: String) -> String {
        for suffix in ["()", "(_:)"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        return distance <= max(2, target.count / 3) ? candidate : nil
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
