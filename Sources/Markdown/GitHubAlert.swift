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
        guard case .blockQuote = nodes[index].kind,
            let paragraph = nodes[index].children.first, case .paragraph = nodes[paragraph].kind
        else { return nil }
        let inlines = nodes[paragraph].children
        // A marker's bytes start with "[!" (lowercasing leaves ASCII punctuation as it is): any
        // other quote is passed by before its first text, often a whole paragraph, is lowercased.
        guard let first = inlines.first, case .text = nodes[first].kind,
            nodes[first].literal.utf8.starts(with: [UInt8(ascii: "["), UInt8(ascii: "!")])
        else { return nil }
        let marker = nodes[first].literal.lowercased().trimmingSuffix { $0 == " " || $0 == "\t" }
        // hasPrefix("[!") and hasSuffix("]") as Characters, without their generic walks.
        guard marker.first == "[", marker.dropFirst().first == "!", marker.last == "]",
            let kind = AlertKind(rawValue: String(marker.dropFirst(2).dropLast()))
        else { return nil }
        if inlines.count == 1 {
            return AlertMarker(kind: kind, paragraph: paragraph, isWholeParagraph: true)
        }
        switch nodes[inlines[1]].kind {
        case .softBreak, .lineBreak:
            return AlertMarker(kind: kind, paragraph: paragraph, isWholeParagraph: false)
        default:
            return nil
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
