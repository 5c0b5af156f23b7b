import Encoding

/// Matching of the many ways people write a state or callback name, and
/// suggestions for names that match nothing.
public enum Names {
    /// States ignore case, spaces, `_`, `-` and a leading `.`: "Not Running" = "notRunning" = "NOT_RUNNING",
    /// ".background" = "background". A trailing "." is kept, so "Background." is not a state.
    static func stateKey(_ name: String) -> String {
        asciiStateKey(name) ?? stateKeyByBytes(name)
    }

    /// `stateKey` of an ASCII name, on its bytes (prose chains ask it of every name next to an
    /// arrow); nil for any other name.
    static func asciiStateKey(_ name: String) -> String? {
        let key = name.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return withoutIgnoredBytes(bytes, lowercasingASCII: true)
        }
        return key ?? nil
    }

    /// `stateKey` of any name: the scalars it ignores are ASCII, one byte each in UTF-8, so they
    /// are left out of the bytes and the rest lowercased as a String (appending the key scalar by
    /// scalar cost ten times more, on the accented and Cyrillic words next to prose arrows).
    static func stateKeyByBytes(_ name: String) -> String {
        name.withUTF8Bytes { withoutIgnoredBytes($0, lowercasingASCII: false) }.lowercased()
    }

    /// The bytes without leading `.` and spaces, and without spaces, `_` and `-`; `A`–`Z` lowercased if asked.
    private static func withoutIgnoredBytes(_ bytes: UnsafeBufferPointer<UInt8>, lowercasingASCII: Bool) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { writeWithoutIgnoredBytes(bytes, lowercasingASCII: lowercasingASCII, into: $0) }
    }

    /// `withoutIgnoredBytes` written into `out` (room for `bytes.count`); how many bytes it wrote.
    /// On an ASCII name's bytes with `lowercasingASCII`, its `stateKey`.
    static func writeWithoutIgnoredBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, lowercasingASCII: Bool, into out: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        var count = 0
        var leading = true
        for byte in bytes {
            if leading && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ")) { continue }
            leading = false
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") { continue }
            out[count] = lowercasingASCII && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            count += 1
        }
        return count
    }

    /// For machines whose names are case-sensitive: only surrounding spaces and a leading `.` are ignored.
    /// The ignored scalars are ASCII, each one byte: the name's UTF-8 is trimmed, and the
    /// bytes between are the scalars kept.
    static func exactKey(_ name: String) -> String {
        name.withUTF8Bytes { bytes in
            let kept = exactKeyRange(bytes)
            return kept.count == bytes.count ? name : String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        }
    }

    /// The bytes `exactKey` keeps: all but leading `.` and spaces and trailing spaces.
    static func exactKeyRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: ".") || bytes[start] == UInt8(ascii: " ") { start += 1 }
        var end = bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return start..<end
    }

    /// Callbacks are case-sensitive; an empty or `_:` argument list is dropped:
    /// "onPause()" = "onPause", "applicationDidBecomeActive(_:)" = "applicationDidBecomeActive".
    static func callbackKey(_ name: String) -> String {
        let read: (decided: Bool, key: String?) = name.withUTF8Bytes { bytes in
            // Bytes "()" or "(_:)" at the end after an ASCII byte (or none) are the last Characters:
            // no scalar joins an ASCII one before it, and an ASCII one joins only "\r" with "\n".
            // Bytes that do not end so end with other Characters. After any other byte, a scalar
            // that joins the next one (a prepended mark) may stand before "(": Characters decide.
            guard let start = argumentListStart(bytes) else { return (true, nil) }
            guard start == 0 || bytes[start - 1] < 0x80 else { return (false, nil) }
            return (true, String(decoding: UnsafeBufferPointer(rebasing: bytes[..<start]), as: UTF8.self))
        }
        guard read.decided else { return callbackKeyByCharacters(name) }
        return read.key ?? name
    }

    /// Where the bytes "()" or "(_:)" that end `bytes` start; nil when they end otherwise. On an
    /// ASCII name's bytes, `callbackKey` is the bytes before it.
    static func argumentListStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard count >= 2, bytes[count - 1] == UInt8(ascii: ")") else { return nil }
        if bytes[count - 2] == UInt8(ascii: "(") { return count - 2 }
        guard count >= 4, bytes[count - 2] == UInt8(ascii: ":"), bytes[count - 3] == UInt8(ascii: "_"), bytes[count - 4] == UInt8(ascii: "(")
        else { return nil }
        return count - 4
    }

    /// `callbackKey` by Characters: an argument list is dropped if the name ends with its Characters.
    static func callbackKeyByCharacters(_ name: String) -> String {
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
