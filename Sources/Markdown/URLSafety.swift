import Encoding

/// Decides whether a link or image URL may be emitted. Script-running and
/// local-file schemes are refused; so is `data:`, except raster images.
public enum URLSafety {
    private static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "file", "data"]
    private static let safeImageData = ["image/png", "image/gif", "image/jpeg", "image/webp"]

    public static func isSafe(_ url: String, isImage: Bool) -> Bool {
        if harmlessScheme(url) { return true }
        return isSafeReadingScalars(url, isImage: isImage)
    }

    /// `isSafe` as the scalars read it: what decides every URL the bytes do not settle.
    static func isSafeReadingScalars(_ url: String, isImage: Bool) -> Bool {
        guard let (scheme, rest) = scheme(of: url), unsafeSchemes.contains(scheme) else { return true }
        guard isImage, scheme == "data" else { return false }
        var media = String.UnicodeScalarView()
        media.append(contentsOf: rest.lazy.filter { !isDropped($0) }.prefix(16))
        let type = String(media).lowercased()
        return safeImageData.contains { type.hasPrefix($0 + ";") || type.hasPrefix($0 + ",") }
    }

    /// The lowercased scheme and what follows its colon, read as a browser
    /// reads them: leading spaces and control characters are skipped, tabs
    /// and newlines are dropped anywhere (so "java\tscript:" is still
    /// javascript:). Nil for a relative URL.
    private static func scheme(of url: String) -> (scheme: String, rest: Substring.UnicodeScalarView)? {
        var scalars = url.unicodeScalars[...]
        while let first = scalars.first, isIgnorableLeading(first) { scalars.removeFirst() }
        var scheme = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            if isDropped(scalar) { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : (String(scheme).lowercased(), scalars) }
            // No scheme we refuse is this long, or holds other characters.
            guard isSchemeCharacter(scalar), scheme.count < 16 else { return nil }
            scheme.append(scalar)
        }
        return nil
    }

    /// Whether the URL's bytes show it has no scheme, or one no set refuses: true only when that is
    /// certain (ASCII up to where the scheme ends, no tab or line break in it); false leaves the
    /// URL to the scalars. Every link of every page asks, and the scalar reading cost ~5,000
    /// instructions a URL.
    static func harmlessScheme(_ url: String) -> Bool {
        url.withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count, bytes[index] <= 0x20 || bytes[index] == 0x7F { index += 1 }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ":") {
                    let scheme = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    return scheme.isEmpty || !unsafeSchemeBytes.contains { isLowercased(scheme, $0) }
                }
                // A byte past ASCII, or one the browser drops: the scalars decide.
                guard byte < 0x80, byte != 0x09, byte != 0x0A, byte != 0x0D else { return false }
                // No scheme (as `scheme(of:)`: a byte no scheme holds, or a seventeenth).
                guard isSchemeCharacter(Unicode.Scalar(byte)), index - start < 16 else { return true }
                index += 1
            }
            return true
        }
    }

    private static let unsafeSchemeBytes: [[UInt8]] = unsafeSchemes.map { Array($0.utf8) }

    /// Whether `bytes` (scheme characters) lowercased are `lowercase`: for those characters,
    /// setting bit 0x20 lowercases a letter and leaves the others as they are.
    private static func isLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: [UInt8]) -> Bool {
        bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { $0 | 0x20 == $1 }
    }

    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "+", "-", ".": true
        default: false
        }
    }

    private static func isIgnorableLeading(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
        if scalar.properties.isWhitespace { return true }
        switch scalar.properties.generalCategory {
        case .control, .format: return true
        default: return false
        }
    }
}
