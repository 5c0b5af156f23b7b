/// One page as search sees it: its title and its text cut at its `h2`/`h3` headings.
public struct SearchPage: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        /// The heading's id ("" for the text before the first heading).
        public var anchor: String
        public var heading: String
        public var text: String

        public init(anchor: String, heading: String, text: String) {
            self.anchor = anchor
            self.heading = heading
            self.text = text
        }
    }

    /// The page's key in its language's index: its slug.
    public var key: String
    /// The page's path from the site's root (`es/inactive/index.html`).
    public var path: String
    public var title: String
    public var sections: [Section]

    public init(key: String, path: String, title: String, sections: [Section]) {
        self.key = key
        self.path = path
        self.title = title
        self.sections = sections
    }

    /// The page of an article body rendered to HTML: the text of each section, without the
    /// diagrams, the player's buttons or the headings' anchor links.
    public init(key: String, path: String, title: String, bodyHTML: String) {
        self.init(key: key, path: path, title: title, sections: BodyText.sections(bodyHTML))
    }
}

/// Reads the text out of the HTML the renderer writes (well-formed, attributes quoted).
enum BodyText {
    /// Elements whose content is not prose.
    static let skipped: Set<String> = ["svg", "button", "script", "style", "template"]
    /// Elements that separate words.
    static let blocks: Set<String> = [
        "p", "li", "td", "th", "tr", "div", "pre", "br", "figcaption", "figure", "table", "ul", "ol", "blockquote", "dt", "dd",
        "h1", "h2", "h3", "h4", "h5", "h6", "section", "caption", "hr",
    ]

    static func sections(_ html: String) -> [SearchPage.Section] {
        var sections = [SearchPage.Section(anchor: "", heading: "", text: "")]
        var text = ""
        var heading: String?
        var skipDepth = 0
        var skippedName = ""
        var anchorDepth = 0
        let bytes = Array(html.utf8)
        var index = 0
        var runStart = 0

        func flushRun(_ end: Int) {
            guard runStart < end, skipDepth == 0, anchorDepth == 0 else { return }
            let run = decodeEntities(String(decoding: bytes[runStart..<end], as: UTF8.self))
            if heading != nil { heading! += run } else { text += run }
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            flushRun(index)
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            index = close + 1
            runStart = index
            let isEnd = tag.hasPrefix("/")
            let name = String(tag.dropFirst(isEnd ? 1 : 0).prefix { $0.isLetter || $0.isNumber }).lowercased()
            if skipDepth > 0 {
                if name == skippedName { skipDepth += isEnd ? -1 : (tag.hasSuffix("/") ? 0 : 1) }
                continue
            }
            if !isEnd && skipped.contains(name) && !tag.hasSuffix("/") {
                skipDepth = 1
                skippedName = name
                continue
            }
            if name == "a" {
                if !isEnd && tag.contains("class=\"heading-anchor\"") { anchorDepth += 1 } else if isEnd && anchorDepth > 0 { anchorDepth -= 1 }
                continue
            }
            if (name == "h2" || name == "h3") {
                if !isEnd, let id = attribute("id", in: tag) {
                    sections[sections.count - 1].text = squeeze(text)
                    text = ""
                    heading = ""
                    sections.append(SearchPage.Section(anchor: decodeEntities(id), heading: "", text: ""))
                    continue
                }
                if isEnd, let written = heading {
                    sections[sections.count - 1].heading = squeeze(written)
                    heading = nil
                    continue
                }
            }
            if blocks.contains(name) {
                if heading != nil { heading! += " " } else { text += " " }
            }
        }
        flushRun(bytes.count)
        sections[sections.count - 1].text = squeeze(text)
        if let written = heading { sections[sections.count - 1].heading = squeeze(written) }
        return sections
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// Runs of white space as one space, none at the ends.
    static func squeeze(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = after[after.index(after: after.startIndex)..<semi]
            let decoded: String? = switch entity {
            case "amp": "&"
            case "lt": "<"
            case "gt": ">"
            case "quot": "\""
            case "apos": "'"
            case "nbsp": " "
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if entity.hasPrefix("#") {
                    UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    nil
                }
            }
            if let decoded {
                out += decoded
                rest = rest[rest.index(after: semi)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        return out + rest
    }
}
