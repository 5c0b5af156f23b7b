import Encoding
import Foundation

/// One page as search sees it: its title and its text cut at its `h2`/`h3` headings.
public struct SearchPage: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        /// The heading's id ("" for the text before the first heading).
        public var anchor: String
        public var heading: String
        /// The text as UTF-8: cut from the page's HTML, counted and written to the page's search
        /// file as bytes, never made a `String` on the way (that cost a validation of every byte).
        var textBytes: [UInt8]

        public var text: String {
            get { String(decoding: textBytes, as: UTF8.self) }
            set { textBytes = Array(newValue.utf8) }
        }

        public init(anchor: String, heading: String, text: String) {
            self.init(anchor: anchor, heading: heading, textBytes: Array(text.utf8))
        }

        init(anchor: String, heading: String, textBytes: [UInt8]) {
            self.anchor = anchor
            self.heading = heading
            self.textBytes = textBytes
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

    /// `init(key:path:title:bodyHTML:)` of the body's UTF-8 bytes.
    public init(key: String, path: String, title: String, bodyUTF8: [UInt8]) {
        self.init(key: key, path: path, title: title, sections: BodyText.sections(utf8: bodyUTF8))
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
    /// A table's rows and cells are blocks that also say what separates them (`tableBreak`).
    enum Kind { case skipped, anchor, section, block, table, row, cell, other }

    /// A tag's name as the table knows it: its first eight bytes and the next eight (zero past
    /// the name), letters lowercased (`| 0x20`, which leaves digits as they are), and its length
    /// in bytes. Names of letters and digits only: the bytes stop at the first other one.
    struct Name: Equatable {
        var low: UInt64
        var high: UInt64
        var length: Int
    }

    /// The name that starts at `start` in `base` (`count` bytes), its bytes found by one vector
    /// compare and read with one or two 8-byte loads when sixteen bytes are there to read: every
    /// tag of every page is read, and a load and a table look-up per byte cost about 35
    /// instructions a tag. A length of 16 means 16 or more (no name the table holds is that long).
    @inline(__always)
    static func name(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Name {
        guard ByteLanes.vectorized && start &+ 16 <= count else { return nameByBytes(base, from: start, count: count) }
        let length = (~ByteLanes.nameBytes(base + start)).trailingZeroBitCount
        let first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        if length < 8 { return Name(low: folded(first, length), high: 0, length: length) }
        let second = UInt64(littleEndian: UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self))
        return Name(low: first | 0x2020_2020_2020_2020, high: length < 16 ? folded(second, length - 8) : second | 0x2020_2020_2020_2020, length: length)
    }

    /// `name` read byte by byte (near the end of the page, and for the table's own names).
    static func nameByBytes(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Name {
        var name = Name(low: 0, high: 0, length: 0)
        var index = start
        while index < count && isNameByte(base[index]) && name.length < 16 {
            let byte = UInt64(base[index] | 0x20) << UInt64(8 * (name.length & 7))
            if name.length < 8 { name.low |= byte } else { name.high |= byte }
            name.length += 1
            index += 1
        }
        return name
    }

    /// The first `length` bytes (0 to 7) of `word` (in memory order) with letters lowercased, the rest zero.
    @inline(__always)
    private static func folded(_ word: UInt64, _ length: Int) -> UInt64 {
        (word | 0x2020_2020_2020_2020) & ((1 &<< UInt64(8 * length)) &- 1)
    }

    /// The names of `skipped`, `blocks`, `h2`/`h3` and `a` with their kinds, in an
    /// open-addressing table of 256 slots (an empty slot's `low` is 0): a look-up is a
    /// multiplication and a compare or two, not a `Hasher` per tag. Most tags of a page are
    /// none of these (`span`, `code`, `em`): in a table of 64 slots their probes went on for
    /// about two more slots.
    static let kinds: [(low: UInt64, high: UInt64, kind: Kind)] = {
        var named: [(String, Kind)] = blocks.map { ($0, .block) }
        named += [("h2", .section), ("h3", .section), ("a", .anchor), ("table", .table), ("tr", .row), ("td", .cell), ("th", .cell)]
        named += skipped.map { ($0, .skipped) }
        var table = [(low: UInt64, high: UInt64, kind: Kind)](repeating: (0, 0, .other), count: kindSlots)
        // Later entries win, as `h2` over `block` did in a dictionary.
        for (written, kind) in named {
            let bytes = Array(written.utf8)
            let name = bytes.withUnsafeBufferPointer { nameByBytes($0.baseAddress.unsafelyUnwrapped, from: 0, count: $0.count) }
            var slot = kindSlot(name.low, name.high)
            while table[slot].low != 0 && (table[slot].low, table[slot].high) != (name.low, name.high) { slot = (slot + 1) & (kindSlots - 1) }
            table[slot] = (name.low, name.high, kind)
        }
        return table
    }()

    static let kindSlots = 256

    @inline(__always)
    static func kindSlot(_ low: UInt64, _ high: UInt64) -> Int { Int(truncatingIfNeeded: ((low &+ high) &* 0x9E37_79B9_7F4A_7C15) >> 56) }

    /// The kind of the tag name `name` (any bytes: a byte that is no letter or digit makes it no name the table holds).
    static func kind(of name: Slice<UnsafeBufferPointer<UInt8>>) -> Kind {
        guard let base = name.base.baseAddress else { return .other }
        let read = nameByBytes(base, from: name.startIndex, count: name.endIndex)
        guard read.length == name.count else { return .other }
        return kinds.withUnsafeBufferPointer { kind(of: read, in: $0) }
    }

    /// The kind of `name`, `table` being `kinds` (read once by the caller: each read of a global
    /// checks that it was initialized). Equal bytes are the same name: names are zero-padded
    /// (the empty name matches no slot), and one of 11 bytes or more has more of `high` than any
    /// name of the table.
    @inline(__always)
    static func kind(of name: Name, in table: UnsafeBufferPointer<(low: UInt64, high: UInt64, kind: Kind)>) -> Kind {
        guard let table = table.baseAddress else { return .other }
        var slot = kindSlot(name.low, name.high)
        while table[slot].low != 0 {
            if table[slot].low == name.low && table[slot].high == name.high { return table[slot].kind }
            slot = (slot &+ 1) & (kindSlots - 1)
        }
        return .other
    }

    static func sections(_ html: String) -> [SearchPage.Section] {
        var html = html
        // On the String's own UTF-8 storage, without copying it to an array; no nested functions,
        // whose captured variables would be boxed and checked for exclusivity on every byte.
        return html.withUTF8(sections(bytes:))
    }

    /// `sections` of the HTML's UTF-8 bytes.
    static func sections(utf8 html: [UInt8]) -> [SearchPage.Section] {
        html.withUnsafeBufferPointer(sections(bytes:))
    }

    private static func sections(bytes: UnsafeBufferPointer<UInt8>) -> [SearchPage.Section] {
        kinds.withUnsafeBufferPointer { kinds in sections(bytes, kinds) }
    }

    /// `sections` of the HTML `bytes`, with the table `kinds`.
    private static func sections(_ bytes: UnsafeBufferPointer<UInt8>, _ kinds: UnsafeBufferPointer<(low: UInt64, high: UInt64, kind: Kind)>) -> [SearchPage.Section] {
        var sections = [SearchPage.Section(anchor: "", heading: "", textBytes: [])]
        var text = CleanText()
        var heading = CleanText()
        var inHeading = false
        var anchorDepth = 0
        // Rows begun in the current table and cells begun in the current row (`tableBreak`).
        var rowsBegun = 0
        var cellsBegun = 0
        // Inside a callout's title (`Nota`, `Advertencia`): its end puts `CleanText.label` after it.
        var inCalloutTitle = false
        let count = bytes.count
        var index = 0
        var runStart = 0
        let opening = UInt8(ascii: "<")
        let closing = UInt8(ascii: ">")
        // Offsets within the page are wrapping sums and differences: they cannot overflow, and
        // checking that they do not cost about nine instructions a tag.
        while index < count {
            guard let base = bytes.baseAddress else { break }
            // Sixteen bytes at a time find the next tag far faster than a loop over the text's
            // bytes (`ByteLanes.firstIndex`); but most runs between two tags are empty or one
            // line break, looked at first (memchr's calls, and the branches they missed, were a
            // third of the page's scan).
            if base[index] != opening {
                if index &+ 1 < count && base[index &+ 1] == opening {
                    index &+= 1
                } else {
                    guard let found = ByteLanes.firstIndex(of: opening, in: base, from: index, to: count) else { break }
                    index = found
                }
            }
            if runStart < index, anchorDepth == 0 {
                // A quarter of a page's runs are one line break (between two block tags): a
                // space, without a call that reads the run.
                if index &- runStart == 1 && CleanText.isSpace(base[runStart]) {
                    if inHeading { heading.space() } else { text.space() }
                } else {
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                    if inHeading { heading.append(run, readable: count &- runStart) } else { text.append(run, readable: count &- runStart) }
                }
            }
            guard index &+ 1 < count else { break }
            let isEnd = base[index &+ 1] == UInt8(ascii: "/")
            let nameStart = index &+ (isEnd ? 2 : 1)
            // Names hold no `>`: the tag's end is the first one from the name's end, most often
            // right there (end tags, bare tags). A name of 16 bytes or more is read no further:
            // it is none the table holds, and its rest holds no `>` either.
            let name = name(base, from: nameStart, count: count)
            let nameEnd = nameStart &+ name.length
            let close: Int
            if nameEnd < count && base[nameEnd] == closing {
                close = nameEnd
            } else {
                guard let found = ByteLanes.firstIndex(of: closing, in: base, from: nameEnd, to: count) else { break }
                close = found
            }
            let selfClosing = base[close &- 1] == UInt8(ascii: "/")
            let tag = bytes[(index &+ 1)..<close]
            index = close &+ 1
            runStart = index
            let kind = kind(of: name, in: kinds)
            if !isEnd && !selfClosing && (kind == .skipped || isIgnored(base, attributes: nameEnd..<tag.endIndex, readable: count)) {
                // Straight to the element's end: a diagram holds hundreds of tags.
                index = skip(bytes, name: nameStart..<nameEnd, from: index)
                runStart = index
                continue
            }
            if kind == .anchor {
                if !isEnd && isHeadingAnchor(base, tag: tag.startIndex..<tag.endIndex, readable: count) {
                    anchorDepth += 1
                } else if isEnd && anchorDepth > 0 {
                    anchorDepth -= 1
                }
                continue
            }
            if kind == .section {
                if !isEnd, let id = attributeValue(idAttribute, in: tag) {
                    sections[sections.count - 1].textBytes = text.takeBytes()
                    heading.reset()
                    inHeading = true
                    sections.append(SearchPage.Section(anchor: decodeEntities(id), heading: "", textBytes: []))
                    continue
                }
                if isEnd, inHeading {
                    sections[sections.count - 1].heading = heading.take()
                    inHeading = false
                    continue
                }
            }
            if kind == .block {
                if name.length == 1 && name.low == UInt64(UInt8(ascii: "p")) {
                    if !isEnd && isCalloutTitle(base, tag: tag.startIndex..<tag.endIndex) {
                        inCalloutTitle = true
                    } else if isEnd && inCalloutTitle {
                        // "Advertencia: Con escenas…", where a space ran the title into the callout's text.
                        inCalloutTitle = false
                        if inHeading { heading.separate(CleanText.label) } else { text.separate(CleanText.label) }
                        continue
                    }
                }
                if inHeading { heading.space() } else { text.space() }
            } else if kind == .table || kind == .row || kind == .cell {
                if isEnd && kind == .table {
                    // Whatever break an empty last cell left pending is a space after the table.
                    if inHeading { heading.replaceBreak(with: CleanText.space) } else { text.replaceBreak(with: CleanText.space) }
                } else {
                    let separator = tableBreak(kind, isEnd: isEnd, rowsBegun: &rowsBegun, cellsBegun: &cellsBegun)
                    if inHeading { heading.separate(separator) } else { text.separate(separator) }
                }
            }
        }
        if runStart < count, anchorDepth == 0 {
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<count])
            if inHeading { heading.append(run) } else { text.append(run) }
        }
        sections[sections.count - 1].textBytes = text.takeBytes()
        if inHeading { sections[sections.count - 1].heading = heading.take() }
        return sections
    }

    /// The start tag of a callout's title as the renderer writes it (`HTMLRenderSession`), between
    /// its `<` and `>`.
    static let calloutTitleTag = Array(#"p class="callout-title""#.utf8)

    /// Whether the tag `base[tag]` (between its `<` and `>`) is `calloutTitleTag`.
    static func isCalloutTitle(_ base: UnsafePointer<UInt8>, tag: Range<Int>) -> Bool {
        tag.count == calloutTitleTag.count
            && calloutTitleTag.withUnsafeBufferPointer { wanted in wanted.baseAddress.map { memcmp(base + tag.lowerBound, $0, tag.count) == 0 } ?? false }
    }

    /// What a table's tag (`kind` `.table`, `.row` or `.cell`) puts between the text before it
    /// and the text after: a cell's start after another cell of its row, `CleanText.cell`; a
    /// row's start after another row of its table, `CleanText.row`; else a space. An excerpt of
    /// a table then reads cell by cell and row by row, where spaces ran its cells together.
    static func tableBreak(_ kind: Kind, isEnd: Bool, rowsBegun: inout Int, cellsBegun: inout Int) -> CleanText.Separator {
        guard !isEnd else { return CleanText.space }
        switch kind {
        case .table:
            rowsBegun = 0
            return CleanText.space
        case .row:
            rowsBegun += 1
            cellsBegun = 0
            return rowsBegun > 1 ? CleanText.row : CleanText.space
        default:
            cellsBegun += 1
            return cellsBegun > 1 ? CleanText.cell : CleanText.space
        }
    }

    /// Where the element whose start tag (named `name`, in `bytes`) ends just before `start`
    /// ends: after its end tag, elements of the same name inside it counted (self-closed ones
    /// not); the end of `bytes` when it is not closed. Only tags of that name are read, not
    /// every tag inside (a diagram holds hundreds), in one pass from `<` to `<`: looking for the
    /// end tag first and then for nested start tags before it read each diagram twice.
    static func skip(_ bytes: UnsafeBufferPointer<UInt8>, name: Range<Int>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let count = bytes.count
        var depth = 1
        var index = start
        while depth > 0 {
            guard index < count, let opening = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { return count }
            let at = base.distance(to: opening.assumingMemoryBound(to: UInt8.self))
            let isEnd = at + 1 < count && base[at + 1] == UInt8(ascii: "/")
            let nameStart = at + (isEnd ? 2 : 1)
            let after = nameStart + name.count
            index = at + 1
            // A tag of that name, not of a longer one, with its `>`.
            guard after < count, !isNameByte(base[after]), memcmp(base + nameStart, base + name.lowerBound, name.count) == 0,
                let closing = memchr(base + after, Int32(UInt8(ascii: ">")), count - after)
            else { continue }
            let close = base.distance(to: closing.assumingMemoryBound(to: UInt8.self))
            if isEnd { depth -= 1 } else if base[close - 1] != UInt8(ascii: "/") { depth += 1 }
            index = close + 1
        }
        return index
    }

    /// Text bytes as the page shows them: entities decoded, runs of white space as one space,
    /// none at the ends (what `squeeze(decodeEntities(_:))` does, on bytes).
    static func clean(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { bytes in
            var text = CleanText()
            text.append(bytes)
            return text.take()
        }
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

    /// The attribute that leaves an element and everything in it out of the search index, as
    /// Pagefind's `data-pagefind-ignore` does. The templates put it on what the model writes
    /// about an example or an exercise (labels, trace tables, checks, answers): words that repeat
    /// the prose's in every section that has an example, and an answer a result's excerpt
    /// would give away.
    static let ignoreAttribute = Array("data-search-ignore".utf8)

    /// Whether the attributes of a start tag, `base[attributes]` (from its name's end to its
    /// `>`), hold `ignoreAttribute` as an attribute (not in another's value), `readable` bytes from
    /// `base` being there to read. Most tags are too short to hold it, and a long one is searched
    /// sixteen places at a time before its attributes are read one by one.
    @inline(__always)
    static func isIgnored(_ base: UnsafePointer<UInt8>, attributes: Range<Int>, readable: Int) -> Bool {
        guard attributes.count > ignoreAttribute.count else { return false }
        return ignoreAttribute.withUnsafeBufferPointer { pattern in
            ByteLanes.contains(pattern, in: base, from: attributes.lowerBound, to: attributes.upperBound, readable: readable)
                && holdsAttribute(pattern, base, attributes)
        }
    }

    /// Whether the attributes `base[attributes]` (well-formed HTML: names, then `=` and a value
    /// quoted with `"` or `'`, or unquoted) have one named `name`.
    static func holdsAttribute(_ name: UnsafeBufferPointer<UInt8>, _ base: UnsafePointer<UInt8>, _ attributes: Range<Int>) -> Bool {
        var index = attributes.lowerBound
        let end = attributes.upperBound
        while index < end {
            while index < end && (CleanText.isSpace(base[index]) || base[index] == UInt8(ascii: "/")) { index += 1 }
            let nameStart = index
            while index < end && !CleanText.isSpace(base[index]) && base[index] != UInt8(ascii: "=") && base[index] != UInt8(ascii: "/") { index += 1 }
            if index - nameStart == name.count && memcmp(base + nameStart, name.baseAddress.unsafelyUnwrapped, name.count) == 0 { return true }
            while index < end && CleanText.isSpace(base[index]) { index += 1 }
            guard index < end && base[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < end && CleanText.isSpace(base[index]) { index += 1 }
            guard index < end else { break }
            let quote = base[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                while index < end && base[index] != quote { index += 1 }
                index += 1
            } else {
                while index < end && !CleanText.isSpace(base[index]) { index += 1 }
            }
        }
        return false
    }

    /// The attribute that marks a heading's anchor link (its `#` is not the heading's text).
    static let headingAnchorClass = Array("class=\"heading-anchor\"".utf8)

    /// Whether the start tag `base[tag]` holds `headingAnchorClass`, `readable` bytes from
    /// `base` being there to read (`ByteLanes.contains`: `contains` took ~330 instructions a tag).
    static func isHeadingAnchor(_ base: UnsafePointer<UInt8>, tag: Range<Int>, readable: Int) -> Bool {
        headingAnchorClass.withUnsafeBufferPointer { ByteLanes.contains($0, in: base, from: tag.lowerBound, to: tag.upperBound, readable: readable) }
    }

    /// Where the first `pattern` in `haystack` ends.
    static func firstEnd(of pattern: [UInt8], in haystack: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        pattern.withUnsafeBufferPointer { pattern in
            ByteSearch.firstIndex(of: pattern, in: haystack.base, range: haystack.startIndex..<haystack.endIndex).map { $0 + pattern.count }
        }
    }

    /// ` id="` as a heading's start tag writes it.
    static let idAttribute = Array(" id=\"".utf8)

    /// The value of the attribute whose ` name="` is `opening`, in a start tag's bytes (no
    /// `String` made of the tag: a Foundation search per heading cost more than its text).
    static func attributeValue(_ opening: [UInt8], in tag: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard let start = firstEnd(of: opening, in: tag) else { return nil }
        guard let end = tag[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: tag[start..<end]), as: UTF8.self)
    }

    /// Runs of white space as one space, none at the ends. White space is HTML's (space, tab,
    /// line feed, form feed, carriage return): other spaces (U+000B, U+00A0…) are text, as the
    /// page shows them and as `CleanText` keeps them.
    static func squeeze(_ text: String) -> String {
        text.unicodeScalars.split(whereSeparator: { $0.isASCII && CleanText.isSpace(UInt8($0.value)) })
            .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }

    /// The text with its character references decoded, scalar by scalar: `&name;` whose `;` is at
    /// most 12 scalars after the `&` and whose name `entity(_:)` knows; any other `&` stays.
    static func decodeEntities(_ text: String) -> String {
        // On the UTF-8 storage (a search of `utf8` itself went through its index, about 60
        // instructions a byte: every heading's id passes here); a text without any is decoded as it is.
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: "&")) }) ?? true else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&" else {
                out.append(scalars[index])
                index += 1
                continue
            }
            let window = scalars[(index + 1)..<min(scalars.count, index + 13)]
            if let semi = window.firstIndex(of: ";"), window[..<semi].allSatisfy(\.isASCII) {
                let name = window[..<semi].map { UInt8($0.value) }
                if let decoded = name.withUnsafeBufferPointer(entity) {
                    out.append(decoded)
                    index = semi + 1
                    continue
                }
            }
            out.append("&")
            index += 1
        }
        return String(out)
    }
}

/// Text cleaned as its runs come out of the HTML, in one pass over each byte: entities
/// decoded, runs of white space (and the breaks between blocks) as one space, none at the ends.
/// An entity never spans two runs: the renderer writes each one whole.
struct CleanText: ~Copyable {
    /// The text so far, in storage of its own kept from section to section: appending each run
    /// to an array cost more than finding it (~120 instructions an append, a page's text
    /// comes in over a thousand runs).
    private var out: UnsafeMutablePointer<UInt8>?
    private var count = 0
    private var capacity = 0
    /// What goes before the next text, if any comes and something came before it.
    private var pending = Separator.none

    /// What separates two pieces of text: up to eight bytes (in memory order, read as a
    /// little-endian word) and how many. The longer of two pending separators wins, so a longer
    /// one says more: a row's break over a cell's, a cell's over a label's, a label's over a space.
    struct Separator {
        var bytes: UInt64
        var count: Int

        /// Computed, as `CleanText`'s separators are (`room` asks for it at every run).
        static var none: Separator { Separator(bytes: 0, count: 0) }

        init(bytes: UInt64, count: Int) {
            self.bytes = bytes
            self.count = count
        }

        init(_ text: StaticString) {
            self.init(bytes: 0, count: min(text.utf8CodeUnitCount, 8))
            for index in 0..<count { bytes |= UInt64(text.utf8Start[index]) << UInt64(8 * index) }
        }
    }

    // Computed, not stored: a stored static's use checks that it was made (`swift_once`), and
    // a space is asked for at every word.
    /// Between words: white space, or the edge of a block element.
    static var space: Separator { Separator(bytes: 0x20, count: 1) }
    /// After a callout's title.
    static var label: Separator { Separator(": ") }
    /// Between two cells of a table's row.
    static var cell: Separator { Separator(" · ") }
    /// Between two rows of a table.
    static var row: Separator { Separator(" — ") }

    init() {}

    deinit { out?.deallocate() }

    /// A break between words (white space, or the edge of a block element).
    @inline(__always)
    mutating func space() { separate(Self.space) }

    /// A break between words that `separator` marks, unless a longer one is pending.
    @inline(__always)
    mutating func separate(_ separator: Separator) {
        if separator.count > pending.count { pending = separator }
    }

    /// A break between words that is `separator`, whatever was pending.
    mutating func replaceBreak(with separator: Separator) { pending = separator }

    /// Empties the text, keeping its storage.
    mutating func reset() {
        count = 0
        pending = .none
    }

    /// Room for `length` bytes (at least one) at the end, after the pending separator, if any,
    /// when text came before: where the caller writes them. The separator's eight bytes are
    /// stored either way (no branch), within the storage's slack; the text overwrites what is
    /// not the separator's.
    @inline(__always)
    private mutating func room(for length: Int) -> UnsafeMutablePointer<UInt8> {
        let separator = count > 0 ? pending.count : 0
        let bytes = pending.bytes
        pending = .none
        let needed = count + separator + length
        let out = needed <= capacity ? self.out.unsafelyUnwrapped : grow(to: needed)
        UnsafeMutableRawPointer(out + count).storeBytes(of: bytes.littleEndian, as: UInt64.self)
        let at = out + count + separator
        count = needed
        return at
    }

    /// Bytes allocated past `capacity`: a run of up to 32 bytes is copied with 16-byte stores
    /// (`copyRun`), which may write past the run's end but not past the storage.
    static let slack = 32

    /// Storage for `needed` bytes at least, what is written kept.
    private mutating func grow(to needed: Int) -> UnsafeMutablePointer<UInt8> {
        let larger = max(256, needed * 2)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: larger + Self.slack)
        if let out {
            new.initialize(from: out, count: count)
            out.deallocate()
        }
        out = new
        capacity = larger
        return new
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(bytes, readable: bytes.count) }

    /// Appends `bytes`, the `readable` bytes from their start being there to read (the run
    /// lies in the page's HTML: sixteen bytes are read at once, past the run's end). A run of up
    /// to sixteen bytes that is copied whole (no white space but single spaces between two of
    /// its bytes, no `&`: most runs between two tags of a highlighted sample) is classified and
    /// copied here, with one load and one store; a call to `appendRuns` cost about 150
    /// instructions a run.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int) {
        let count = bytes.count
        if ByteLanes.vectorized && count &- 1 < 16 && readable >= 16, let base = bytes.baseAddress {
            let lanes = ByteLanes.textBytes(UnsafeRawPointer(base))
            // The bytes past the run end it, as in `appendRuns`.
            let special = lanes.special | UInt64.max << UInt64(count)
            let stops = special & ~lanes.spaces | lanes.spaces & special >> 1
            // Bit 0: the first byte is white space or `&`.
            if (stops | special & 1) & ((1 << UInt64(count)) &- 1) == 0 {
                Self.copyRun(from: base, count: count, readable: readable, to: room(for: count))
                return
            }
        }
        appendRuns(bytes, readable: readable)
    }

    /// `append` of any run: entities decoded, white space squeezed, its pieces copied (the
    /// reference the tests hold `append`'s short runs to).
    @inline(never)
    mutating func appendRuns(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int) {
        // Read through the base pointer, taken once: each `bytes[…]` was checked against the
        // bounds, and the 8-byte step unwrapped the pointer again on every step.
        guard let base = bytes.baseAddress else { return }
        // Offsets within the run are wrapping sums and differences, as in the tag loop.
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = base[index]
            if Self.isSpace(byte) {
                space()
                index &+= 1
                continue
            }
            if byte == UInt8(ascii: "&") {
                var end = index + 1
                while end < count && end - index <= 12 && base[end] != UInt8(ascii: ";") { end += 1 }
                if end < count && base[end] == UInt8(ascii: ";"),
                    let scalar = BodyText.entity(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]))
                {
                    if scalar.isASCII && Self.isSpace(UInt8(scalar.value)) {
                        space()
                    } else {
                        var units: UInt32 = 0
                        var length = 0
                        UTF8.encode(scalar) { unit in
                            units |= UInt32(unit) << UInt32(8 * length)
                            length += 1
                        }
                        let at = room(for: length)
                        for offset in 0..<length { at[offset] = UInt8(truncatingIfNeeded: units >> UInt32(8 * offset)) }
                    }
                    index = end + 1
                    continue
                }
            }
            // The run of bytes up to the next entity or white space other than one space
            // between two words, copied at once. White space and `&` are all below 39: most
            // bytes pass on one compare.
            var end = index &+ 1
            while end < count {
                // Sixteen bytes classified at once where they can be read: the run stops at the
                // first white space other than one space before a byte that goes on, or `&` (the
                // bytes past the run stop it too). The sixteenth byte is only the fifteenth's next.
                if ByteLanes.vectorized && end &+ 16 <= readable {
                    let lanes = ByteLanes.textBytes(UnsafeRawPointer(base + end))
                    let special = lanes.special | (count &- end >= 16 ? 0 : UInt64.max << UInt64(count &- end))
                    let stops = (special & ~lanes.spaces | lanes.spaces & special >> 1) & 0x7FFF
                    if stops == 0 {
                        end &+= 15
                        continue
                    }
                    end &+= stops.trailingZeroBitCount
                    break
                }
                // Eight bytes at once while none of them ends the run (a page's text is
                // mostly letters and single spaces); the byte after them is read too.
                if end &+ 8 < count && Self.continuesRun(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self), before: base[end &+ 8]) {
                    end &+= 8
                    continue
                }
                let next = base[end]
                if next > 38 {
                    end &+= 1
                } else if next == 32 && end &+ 1 < count && base[end &+ 1] > 38 {
                    end &+= 2
                } else if Self.isSpace(next) || next == UInt8(ascii: "&") {
                    break
                } else {
                    end &+= 1
                }
            }
            Self.copyRun(from: base + index, count: end &- index, readable: readable &- index, to: room(for: end &- index))
            index = end
        }
    }

    /// Copies `count` bytes from `source`, `readable` bytes from which are there to read, to
    /// `target`, which has room for them and `slack` bytes more: up to sixteen bytes (most runs
    /// between two tags) with one 16-byte load and store, up to 32 (most postings' heads and
    /// parts, `PostingsMerger`) with two, without a call to memcpy.
    @inline(__always)
    static func copyRun(from source: UnsafePointer<UInt8>, count: Int, readable: Int, to target: UnsafeMutablePointer<UInt8>) {
        if count <= 16 && readable >= 16 {
            UnsafeMutableRawPointer(target).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: (UInt64, UInt64).self), as: (UInt64, UInt64).self)
        } else if count <= 32 && readable >= 32 {
            UnsafeMutableRawPointer(target).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: (UInt64, UInt64).self), as: (UInt64, UInt64).self)
            UnsafeMutableRawPointer(target + 16).storeBytes(
                of: UnsafeRawPointer(source + 16).loadUnaligned(as: (UInt64, UInt64).self), as: (UInt64, UInt64).self)
        } else {
            target.initialize(from: source, count: count)
        }
    }

    /// The text so far, and a fresh start.
    mutating func take() -> String { String(decoding: takeBytes(), as: UTF8.self) }

    /// The text so far as UTF-8 (valid: runs are cut at ASCII bytes, entities encoded whole).
    mutating func takeBytes() -> [UInt8] {
        defer { reset() }
        guard let out else { return [] }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    /// Whether the eight bytes of `word` (in memory order), followed by `next`, all belong to a
    /// run as `append` copies it: none below 39 (white space, `&`, a few signs) but single
    /// spaces before a byte above 38. False means: look at them one by one.
    @inline(__always)
    static func continuesRun(_ word: UInt64, before next: UInt8) -> Bool {
        let word = UInt64(littleEndian: word)
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Per byte, exactly (no carry crosses a byte): its high bit set when it is above 38.
        let above38 = ((word & lows) &+ 0x5959_5959_5959_5959 | word) & highs
        let spaces = word ^ 0x2020_2020_2020_2020
        let isSpace = ~((spaces & lows) &+ lows | spaces) & highs
        let low = ~above38 & highs
        // Each byte's next one: the word shifted down a byte, `next` in the top byte.
        let nextLow = (low >> 8) | (next > 38 ? 0 : 0x8000_0000_0000_0000)
        return low & ~isSpace == 0 && isSpace & nextLow == 0
    }

    /// Space, tab, line feed, carriage return, form feed.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
}
