/// Decides whether a link or image URL may be emitted. Script-running and
/// local-file schemes are refused; so is `data:`, except raster images.
public enum URLSafety {
    private static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "file", "data"]
    private static let safeImageData = ["image/png", "image/gif", "image/jpeg", "image/webp"]

    public static func isSafe(_ url: String, isImage: Bool) -> Bool {
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
