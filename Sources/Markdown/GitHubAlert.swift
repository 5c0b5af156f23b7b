/// The five GitHub alert kinds: a block quote starting with `[!NOTE]` etc.
public enum AlertKind: String, CaseIterable, Hashable, Sendable {
    case note
    case tip
    case important
    case warning
    case caution

    /// The English title, used unless the renderer is given another.
    public var defaultTitle: String {
        switch self {
        case .note: "Note"
        case .tip: "Tip"
        case .important: "Important"
        case .warning: "Warning"
        case .caution: "Caution"
        }
    }
}

/// Where an alert's marker sits, so the renderer can leave it out.
struct AlertMarker {
    var kind: AlertKind
    /// The block quote's first paragraph, which starts with the marker.
    var paragraph: Int
    /// True when the paragraph holds nothing but the marker; otherwise its
    /// first two children (the marker text and the line break) are skipped.
    var isWholeParagraph: Bool
}

extension MarkdownDocument {
    /// The alert kind of a block quote written as a GitHub alert, else nil.
    public func alertKind(of index: Int) -> AlertKind? {
        alertMarker(of: index)?.kind
    }

    /// Matches a block quote whose first paragraph starts with a text node that
    /// is exactly `[!KIND]` (any case), followed by a line break or nothing.
    func alertMarker(of index: Int) -> AlertMarker? {
        // Fields are read in place: a copy of the children array is a retain and a release.
        guard case .blockQuote = nodes[index].kind,
            let paragraph = nodes[index].children.first, case .paragraph = nodes[paragraph].kind,
            let first = nodes[paragraph].children.first, case .text = nodes[first].kind,
            let kind = Self.alertKind(marker: nodes[first].literal)
        else { return nil }
        if nodes[paragraph].children.count == 1 {
            return AlertMarker(kind: kind, paragraph: paragraph, isWholeParagraph: true)
        }
        switch nodes[nodes[paragraph].children[1]].kind {
        case .softBreak, .lineBreak:
            return AlertMarker(kind: kind, paragraph: paragraph, isWholeParagraph: false)
        default:
            return nil
        }
    }

    /// The kind named by a text that is exactly `[!KIND]` (any case), spaces and tabs after it allowed.
    static func alertKind(marker text: String) -> AlertKind? {
        // Read in place: a view or slice of the string retains its storage.
        let match = text.utf8.withContiguousStorageIfAvailable(asciiMarker) ?? .notASCII
        switch match {
        case .kind(let kind): return kind
        case .none: return nil
        // Non-ASCII text is lowercased by Unicode's rules (the Kelvin sign becomes "k").
        case .notASCII: return unicodeAlertKind(marker: text)
        }
    }

    private enum MarkerMatch {
        case kind(AlertKind)
        case none
        case notASCII
    }

    /// Kinds' names as bytes, made once: `rawValue` builds a string at every call.
    private static let alertNames: [(kind: AlertKind, name: [UInt8])] = AlertKind.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// `alertKind(marker:)` of ASCII bytes, compared with no lowercased copy.
    private static func asciiMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> MarkerMatch {
        // A marker's bytes start with "[!" (lowercasing leaves ASCII punctuation as it is): any
        // other quote is passed by before its first text, often a whole paragraph, is read.
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "!") else { return .none }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
        var end = bytes.count
        while end > 2, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard end >= 3, bytes[end - 1] == UInt8(ascii: "]") else { return .none }
        let name = bytes[2..<(end - 1)]
        // Kinds' names are lowercase letters: a byte with bit 0x20 set is one of them only if it is
        // that letter in either case.
        for entry in alertNames where entry.name.count == name.count {
            if zip(name, entry.name).allSatisfy({ $0 | 0x20 == $1 }) { return .kind(entry.kind) }
        }
        return .none
    }

    /// `alertKind(marker:)` by Characters, for text that is not all ASCII.
    private static func unicodeAlertKind(marker text: String) -> AlertKind? {
        let marker = text.lowercased().trimmingSuffix { $0 == " " || $0 == "\t" }
        // hasPrefix("[!") and hasSuffix("]") as Characters, without their generic walks.
        guard marker.first == "[", marker.dropFirst().first == "!", marker.last == "]" else { return nil }
        return AlertKind(rawValue: String(marker.dropFirst(2).dropLast()))
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
