import Foundation

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

    /// What a tag's name means to the text, with the Kind of each name of `skipped` and `blocks`.
    enum Kind { case skipped, anchor, section, block, other }

    /// Names of up to 10 ASCII letters and digits as one number (6 bits each: digits 1–10,
    /// letters of either case 11–36, so no two names share a number): every
    /// tag of every page is looked up, and a `String` per tag cost more than the rest of the scan.
    static func packed(_ name: some Collection<UInt8>) -> UInt64? {
        guard name.count <= 10 else { return nil }
        var value: UInt64 = 0
        for byte in name {
            let code: UInt8
            switch byte {
            case 0x30...0x39: code = byte - 0x30 + 1
            case 0x41...0x5A: code = byte - 0x41 + 11
            case 0x61...0x7A: code = byte - 0x61 + 11
            default: return nil
            }
            value = value << 6 | UInt64(code)
        }
        return value
    }

    static let kinds: [UInt64: Kind] = {
        var kinds: [UInt64: Kind] = [:]
        for name in blocks { if let key = packed(Array(name.utf8)) { kinds[key] = .block } }
        for name in ["h2", "h3"] { if let key = packed(Array(name.utf8)) { kinds[key] = .section } }
        if let key = packed(Array("a".utf8)) { kinds[key] = .anchor }
        for name in skipped { if let key = packed(Array(name.utf8)) { kinds[key] = .skipped } }
        return kinds
    }()

    static func kind(of name: Slice<UnsafeBufferPointer<UInt8>>) -> Kind {
        guard let key = packed(name) else { return .other }
        return kinds[key] ?? .other
    }

    static func sections(_ html: String) -> [SearchPage.Section] {
        var html = html
        // On the String's own UTF-8 storage, without copying it to an array; no nested functions,
        // whose captured variables would be boxed and checked for exclusivity on every byte.
        return html.withUTF8 { bytes in
            var sections = [SearchPage.Section(anchor: "", heading: "", text: "")]
            var text: [UInt8] = []
            var heading: [UInt8] = []
            var inHeading = false
            var skipDepth = 0
            var skippedName = 0..<0
            var anchorDepth = 0
            let count = bytes.count
            var index = 0
            var runStart = 0
            while index < count {
                // memchr finds the next tag far faster than a loop over the text's bytes.
                guard let base = bytes.baseAddress, let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { break }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if runStart < index, skipDepth == 0, anchorDepth == 0 {
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                    if inHeading { heading.append(contentsOf: run) } else { text.append(contentsOf: run) }
                }
                guard let base = bytes.baseAddress, index + 1 < count,
                    let closing = memchr(base + index + 1, Int32(UInt8(ascii: ">")), count - index - 1)
                else { break }
                let close = base.distance(to: closing.assumingMemoryBound(to: UInt8.self))
                let isEnd = index + 1 < close && bytes[index + 1] == UInt8(ascii: "/")
                var nameEnd = index + (isEnd ? 2 : 1)
                let nameStart = nameEnd
                while nameEnd < close, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                let name = bytes[nameStart..<nameEnd]
                let selfClosing = bytes[close - 1] == UInt8(ascii: "/")
                let tag = bytes[(index + 1)..<close]
                index = close + 1
                runStart = index
                if skipDepth > 0 {
                    if name.elementsEqual(bytes[skippedName]) { skipDepth += isEnd ? -1 : (selfClosing ? 0 : 1) }
                    continue
                }
                let kind = kind(of: name)
                if !isEnd && !selfClosing && kind == .skipped {
                    skipDepth = 1
                    skippedName = nameStart..<nameEnd
                    continue
                }
                if kind == .anchor {
                    if !isEnd && contains(tag, "class=\"heading-anchor\"") { anchorDepth += 1 } else if isEnd && anchorDepth > 0 { anchorDepth -= 1 }
                    continue
                }
                if kind == .section {
                    if !isEnd, let id = attribute("id", in: String(decoding: UnsafeBufferPointer(rebasing: tag), as: UTF8.self)) {
                        sections[sections.count - 1].text = clean(text)
                        text = []
                        heading = []
                        inHeading = true
                        sections.append(SearchPage.Section(anchor: decodeEntities(id), heading: "", text: ""))
                        continue
                    }
                    if isEnd, inHeading {
                        sections[sections.count - 1].heading = clean(heading)
                        heading = []
                        inHeading = false
                        continue
                    }
                }
                if kind == .block {
                    if inHeading { heading.append(32) } else { text.append(32) }
                }
            }
            if runStart < count, skipDepth == 0, anchorDepth == 0 {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<count])
                if inHeading { heading.append(contentsOf: run) } else { text.append(contentsOf: run) }
            }
            sections[sections.count - 1].text = clean(text)
            if inHeading { sections[sections.count - 1].heading = clean(heading) }
            return sections
        }
    }

    /// Text bytes as the page shows them: entities decoded, runs of white space as one space,
    /// none at the ends (what `squeeze(decodeEntities(_:))` does, on bytes).
    static func clean(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 {
                    pendingSpace = true
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "&") {
                    var end = index + 1
                    while end < count && end - index <= 12 && bytes[end] != UInt8(ascii: ";") { end += 1 }
                    if end < count && bytes[end] == UInt8(ascii: ";"), let scalar = entity(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])) {
                        if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" {
                            pendingSpace = true
                        } else {
                            if pendingSpace && !out.isEmpty { out.append(32) }
                            pendingSpace = false
                            if let encoded = UTF8.encode(scalar) { out.append(contentsOf: encoded) }
                        }
                        index = end + 1
                        continue
                    }
                }
                // The run of bytes up to the next white space or entity, copied at once.
                var end = index + 1
                while end < count {
                    let next = bytes[end]
                    if next == 32 || next == 9 || next == 10 || next == 13 || next == 12 || next == UInt8(ascii: "&") { break }
                    end += 1
                }
                if pendingSpace && !out.isEmpty { out.append(32) }
                pendingSpace = false
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What the entity named `name` (between `&` and `;`) stands for, as `decodeEntities`
    /// reads it, on bytes: the page's text holds thousands of `&quot;` and `&#39;`.
    static func entity(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard let first = name.first else { return nil }
        if first == UInt8(ascii: "#") {
            let hex = name.count > 1 && (name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X"))
            let digits = name.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, digits.count <= 8 else { return nil }
            var value: UInt32 = 0
            for byte in digits {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
                default: return nil
                }
                value = value * (hex ? 16 : 10) + digit
            }
            return Unicode.Scalar(value)
        }
        for (known, scalar) in namedEntities where name.elementsEqual(known) { return scalar }
        return nil
    }

    static let namedEntities: [([UInt8], Unicode.Scalar)] = [
        (Array("quot".utf8), "\""), (Array("amp".utf8), "&"), (Array("lt".utf8), "<"), (Array("gt".utf8), ">"),
        (Array("apos".utf8), "'"), (Array("nbsp".utf8), " "),
    ]

    static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func contains(_ haystack: Slice<UnsafeBufferPointer<UInt8>>, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count, let first = pattern.first else { return false }
        var start = haystack.startIndex
        while start + pattern.count <= haystack.endIndex {
            if haystack[start] == first && haystack[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
            start += 1
        }
        return false
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
