import Encoding
import Diagnostics

/// Walks a node tree once, appending to a single output string. Short pieces (template text,
/// escaped values) gather as UTF-8 bytes first: appending to a `String` cost several hundred
/// instructions a piece, and turning bytes into a string checks each byte, which long values
/// (a page's content, a figure's SVG) are spared by going to the string whole.
struct Renderer: ~Copyable {
    /// Partials, parents and sections may nest this deep; past it the
    /// template is almost certainly recursing without end.
    static let maximumDepth = 200
    /// Steps one render may take: a node visited, or a context looked into
    /// while resolving a name. Depth alone does not bound the work: 30 nested
    /// sections over a two-item list, or 30 partials that each include the
    /// next twice, are short templates that would run for hours. The largest
    /// page of the 20,000-article benchmark site (a status page) takes 760,000.
    static let maximumSteps = 10_000_000
    /// Output one render may write (a `{{{content}}}` inside big loops grows
    /// faster than the node count).
    static let maximumOutputBytes = 256 << 20

    private let library: MustacheLibrary
    private var output = ""
    /// `output.utf8.count`, kept as it grows: every node visited compares it with the limit.
    private var outputCount = 0
    /// Written after `output`, not yet added to it: the bytes of whole strings, so valid UTF-8.
    private var pending: ByteOutput
    /// What `pending` starts with when it gathers the whole output: more than the site's largest
    /// figures (under 6 KB; at 4 KB, one example figure in five grew, copying itself).
    static let gatheredCapacity = 8192
    /// Unescaped values at least this long are appended to `output` as strings.
    static let longValueBytes = 256
    /// The caller takes the output as bytes (`finishBytes`): every piece goes to `pending`, and
    /// nothing is turned into a string (no UTF-8 check of the bytes).
    private let gathersBytes: Bool
    /// Writes every value as its `interpolationText`, as the renderer did before it wrote numbers
    /// and flags as bytes: the reference the randomized tests compare with.
    private let usesReferencePaths: Bool

    /// What `contexts` holds before it grows: deeper than the site's templates nest sections.
    static let contextCapacity = 16
    /// Innermost context last. Values are enum payloads, so pushing one
    /// retains its storage rather than copying a dictionary.
    private var contexts: [MustacheValue]
    /// Written before each template line of the current partial or block.
    private var indentation: [UInt8] = []
    /// The current output line has not received `indentation` yet.
    private var atLineStart = true
    /// Block arguments of the parents being rendered, outermost first: the
    /// outermost template has the last word on what fills a block.
    private var argumentFrames: [Arguments] = []
    private var depth = 0
    private var steps = 0
    /// The partial and parent tags being rendered, outermost first: a recursion that passes the
    /// depth limit is reported at its repeated tag, wherever inside it the limit was passed (at
    /// the partial's first section, the error named a different line on pages with other data).
    private var inclusionStack: [SourceLocation] = []
    /// The last section, partial, parent or block entered: where a render that does too much is
    /// reported. Kept as the tag's place in its template's body, the location looked up only for
    /// an error: storing the location retained and released its file name at every section.
    private var lastEntered = Place.start
    /// The body `lastEntered` is a place of; nil before any is entered. Assigned only when it
    /// changes: most sections are entered in the body of the one before.
    private var lastEnteredBody: TemplateBody?
    /// Where a render that does too much before entering anything is reported.
    private let start: SourceLocation

    /// A tag that enters content, by its index in its body's `locations`, `inclusions`, `parents` or `blocks`.
    private enum Place {
        case start
        case section(Int)
        case partial(Int)
        case parent(Int)
        case block(Int)
    }

    /// A parent tag's arguments, with the template body whose nodes their ranges index.
    private struct Arguments {
        var body: TemplateBody
        var ranges: [String: Range<Int>]
    }

    init(
        library: MustacheLibrary, context: MustacheValue, templateName: String, gathersBytes: Bool = false,
        usesReferencePaths: Bool = false
    ) {
        self.library = library
        self.gathersBytes = gathersBytes
        self.usesReferencePaths = usesReferencePaths
        // A renderer that gathers bytes keeps the whole output there: a figure's few kilobytes
        // grew the default 256 bytes four times.
        self.pending = ByteOutput(capacity: gathersBytes ? Self.gatheredCapacity : 256)
        // Room for the sections a page nests: a stack grown from one context reallocated it
        // three or four times a render (about 55 allocations a page).
        var contexts: [MustacheValue] = []
        contexts.reserveCapacity(Self.contextCapacity)
        contexts.append(context)
        self.contexts = contexts
        self.start = SourceLocation(file: templateName, line: 1, column: 1)
    }

    /// Renders `body.nodes[range]`; container nodes render their content
    /// (recursively, bounded by `maximumDepth`) and skip past it.
    mutating func render(_ body: TemplateBody, _ range: Range<Int>) throws(MustacheError) {
        var i = range.lowerBound
        while i < range.upperBound {
            steps += 1
            if steps > Self.maximumSteps || outputCount + pending.count > Self.maximumOutputBytes {
                throw MustacheError(
                    location: location(of: lastEntered),
                    message: "template renders too much (over \(Self.maximumSteps) steps or \(Self.maximumOutputBytes >> 20) MB of output): do sections or partials multiply each other?")
            }
            let node = body.nodes[i]
            switch node.kind {
            case .text:
                if indentation.isEmpty {
                    writeWholeText(body.text, node.range)
                } else {
                    writeTemplateText(body.text, node.range)
                }
                i += 1
            case .escapedVariable, .variable:
                let escaped = node.kind == .escapedVariable
                var wrote = true
                if usesReferencePaths {
                    if let value = resolve(body.keys, node.range) { writeValue(value.interpolationText, escaped: escaped) } else { wrote = false }
                } else if node.range.count == 1 {
                    if let found = resolveVariable(body.keys[node.range.lowerBound]) { write(found, escaped: escaped) } else { wrote = false }
                } else if node.range.count == 2 {
                    let first = node.range.lowerBound
                    if let found = resolveVariable(body.keys[first], then: body.keys[first + 1]) { write(found, escaped: escaped) } else { wrote = false }
                } else if let value = resolve(body.keys, node.range) {
                    write(value, escaped: escaped)
                } else {
                    wrote = false
                }
                if !wrote, case .fail(let exempt) = library.missingVariable, !exempt.contains(body.keys[node.range.lowerBound].name) {
                    throw unknownVariable(body, node)
                }
                i += 1
            case .section, .invertedSection:
                let inverted = node.kind == .invertedSection
                if node.range.count == 1 && !usesReferencePaths {
                    if case .render(let value) = resolveSection(body.keys, node.range.lowerBound, inverted: inverted) {
                        try renderSection(value, inverted: inverted, body, i + 1..<node.end, section: node.item)
                    }
                } else {
                    let value = resolve(body.keys, node.range) ?? .null
                    if value.isTruthy != inverted {
                        try renderSection(value, inverted: inverted, body, i + 1..<node.end, section: node.item)
                    }
                }
                i = node.end
            case .partial:
                try include(body.inclusions[node.item], kind: "partial", arguments: nil, place: .partial(node.item), of: body)
                i += 1
            case .parent:
                let parent = body.parents[node.item]
                try include(
                    parent.inclusion, kind: "parent", arguments: Arguments(body: body, ranges: parent.arguments), place: .parent(node.item), of: body)
                i = node.end
            case .block:
                try renderBlock(body.blocks[node.item], defaultContent: body, i + 1..<node.end, place: .block(node.item))
                i = node.end
            }
        }
    }

    /// `value` is consumed: the context pushed is the value `resolve` returned, not one more copy of it.
    private mutating func renderSection(
        _ value: consuming MustacheValue, inverted: Bool, _ body: TemplateBody, _ content: Range<Int>, section: Int
    ) throws(MustacheError) {
        try enter(.section(section), of: body)
        if inverted {
            try render(body, content)
        } else if case .array(let items) = value {
            // By index: a loop variable was one more copy (retain and release) of each item.
            for index in items.indices {
                contexts.append(items[index])
                try render(body, content)
                contexts.removeLast()
            }
        } else {
            contexts.append(value)
            try render(body, content)
            contexts.removeLast()
        }
        depth -= 1
    }

    /// Renders a partial or parent in place, against the current context.
    private mutating func include(
        _ inclusion: Inclusion, kind: String, arguments: Arguments?, place: Place, of body: TemplateBody
    ) throws(MustacheError) {
        guard let template = library.templates[inclusion.name] else {
            switch library.missingPartial {
            case .renderEmpty: return
            case .fail:
                throw MustacheError(location: inclusion.location, message: "\(kind) '\(inclusion.name)' not found")
            }
        }
        // On the stack before entering: a tag that passes the depth limit is itself the repeated one.
        inclusionStack.append(inclusion.location)
        try enter(place, of: body)
        let savedIndentation = indentation
        if let extra = inclusion.indentation {
            indentation.append(contentsOf: extra.utf8)
            atLineStart = true  // the tag's line was removed: the partial starts a fresh line
        }
        if let arguments { argumentFrames.append(arguments) }
        try render(template.body, template.body.nodes.indices)
        if arguments != nil { argumentFrames.removeLast() }
        indentation = savedIndentation
        inclusionStack.removeLast()
        depth -= 1
    }

    /// Fills a block slot with the outermost argument for it, else its default.
    private mutating func renderBlock(
        _ block: Block, defaultContent body: TemplateBody, _ range: Range<Int>, place: Place
    ) throws(MustacheError) {
        var content = (body: body, range: range)
        for frame in argumentFrames {
            if let argument = frame.ranges[block.name] {
                content = (frame.body, argument)
                break
            }
        }
        try enter(place, of: body)
        let savedIndentation = indentation
        indentation.append(contentsOf: block.indentation.utf8)
        if block.startsLine { atLineStart = true }
        try render(content.body, content.range)
        indentation = savedIndentation
        depth -= 1
    }

    private mutating func enter(_ place: Place, of body: TemplateBody) throws(MustacheError) {
        if lastEnteredBody !== body { lastEnteredBody = body }
        lastEntered = place
        depth += 1
        if depth > Self.maximumDepth {
            let repeated = inclusionStack.last.flatMap { last in inclusionStack.dropLast().contains(last) ? last : nil }
            throw MustacheError(
                location: repeated ?? location(of: place),
                message: "template nesting deeper than \(Self.maximumDepth) (recursive partial?)")
        }
    }

    /// The source location of `place` in `lastEnteredBody`.
    private func location(of place: Place) -> SourceLocation {
        guard let body = lastEnteredBody else { return start }
        return switch place {
        case .start: start
        case .section(let index): body.locations[index]
        case .partial(let index): body.inclusions[index].location
        case .parent(let index): body.parents[index].inclusion.location
        case .block(let index): body.blocks[index].location
        }
    }

    /// The error for a variable tag whose name nothing resolves, with the names that were there:
    /// those of every context on the stack, or, for a dotted name, those of the value where
    /// the look-up stopped.
    private func unknownVariable(_ body: TemplateBody, _ node: Node) -> MustacheError {
        let keys = Array(body.keys[node.range])
        let name = keys.map(\.name).joined(separator: ".")
        var known: [String] = []
        var found: MustacheValue?
        for context in contexts.reversed() {
            if let value = Self.value(of: keys[0], in: context) {
                found = value
                break
            }
        }
        if var value = found {
            // The longest prefix that resolves: the names of its value are the candidates, with that prefix.
            var prefix = [keys[0].name]
            for key in keys.dropFirst() {
                guard let next = value[key] else { break }
                value = next
                prefix.append(key.name)
            }
            known = Self.names(in: value).map { (prefix + [$0]).joined(separator: ".") }
        } else {
            known = contexts.flatMap(Self.names(in:))
        }
        var error = MustacheError(
            location: body.locations[node.item],
            message: "unknown variable '\(name)': no value of that name is given to this template, so it would render nothing")
        error.unknownName = name
        error.knownNames = Array(Set(known)).sorted()
        return error
    }

    /// The names an object or a record holds; none for any other value.
    private static func names(in value: MustacheValue) -> [String] {
        switch value {
        case .object(let dictionary): dictionary.keys.map(\.name)
        case .record(let record): record.shape.keys.map(\.name)
        default: []
        }
    }

    /// Follows the spec's lookup: the first key walks the context stack from
    /// the top; further keys resolve only against the previous result.
    /// `path` is the range of `keys` that holds the name's keys; none for `.`.
    private mutating func resolve(_ keys: [MustacheKey], _ path: Range<Int>) -> MustacheValue? {
        guard let first = path.first else { return contexts.last }
        // A name of two keys (`t.title`) is looked up in place, the value of its first key borrowed
        // (`resolveVariable(_:then:)`): copying it out (a retain and a release) cost as much as the
        // look-up. The reference paths take every name through `found`.
        if path.count == 2 && !usesReferencePaths {
            return resolveVariable(keys[first], then: keys[first + 1])?.value
        }
        var i = contexts.count - 1
        while i >= 0 {
            // Looked into where it is (`value(of:in:)` borrows it), and a value found is handed on
            // as it is: binding it to a variable first copied it twice.
            if let value = Self.value(of: keys[first], in: contexts[i]) { return found(value, searched: contexts.count - i, keys, path.dropFirst()) }
            i -= 1
        }
        // A miss deep in nested sections walks the whole stack: that is work too.
        steps += contexts.count
        return nil
    }

    /// `resolve` of a one-key name for a variable tag, which takes a text found without copying
    /// it (`FoundValue`).
    private mutating func resolveVariable(_ key: MustacheKey) -> FoundValue? {
        var i = contexts.count - 1
        while i >= 0 {
            if let found = Self.foundValue(of: key, in: contexts[i]) {
                steps += contexts.count - i
                return found
            }
            i -= 1
        }
        steps += contexts.count
        return nil
    }

    /// `resolveVariable` of a two-key name (`t.title`): the second key's value looked at where it
    /// is (`resolve` takes a two-key section's value from it too).
    private mutating func resolveVariable(_ first: MustacheKey, then second: MustacheKey) -> FoundValue? {
        var i = contexts.count - 1
        while i >= 0 {
            if let found = Self.foundValue(of: first, then: second, in: contexts[i]) {
                steps += contexts.count - i
                return found
            }
            i -= 1
        }
        steps += contexts.count
        return nil
    }

    /// `foundValue(of:in:)` of `second` in the value of `first`: nil when `context` has no `first`
    /// (the search goes on outwards), `.some(nil)` when the value of `first` has no `second`.
    @inline(__always)
    private static func foundValue(of first: MustacheKey, then second: MustacheKey, in context: borrowing MustacheValue) -> FoundValue?? {
        switch context {
        case .object(let dictionary):
            guard let index = dictionary.index(forKey: first) else { return nil }
            return .some(foundValue(of: second, in: dictionary.values[index]))
        case .record(let record):
            guard let index = record.index(of: first) else { return nil }
            return .some(foundValue(of: second, in: record.values[index]))
        default:
            return nil
        }
    }

    /// What a section of a one-key name does, decided where the value is: the value is copied
    /// out only for a section rendered against it (an inverted section, or a falsy value, needs
    /// no copy: a retain and a release for a string, a list or a record).
    private enum SectionFound {
        case skip
        /// The context to push (`.null` for an inverted section, which pushes none).
        case render(MustacheValue)
    }

    /// `resolve` of a one-key section name, `keys[index]`, as a `SectionFound`. The keys and the
    /// index, not the key: the key passed was copied (its name retained and released) for every section.
    private mutating func resolveSection(_ keys: [MustacheKey], _ index: Int, inverted: Bool) -> SectionFound {
        var i = contexts.count - 1
        while i >= 0 {
            if let found = Self.sectionFound(of: keys[index], in: contexts[i], inverted: inverted) {
                steps += contexts.count - i
                return found
            }
            i -= 1
        }
        steps += contexts.count
        return inverted ? .render(.null) : .skip
    }

    /// `value(of:in:)` as a `SectionFound`: nil when `context` has no `key`.
    @inline(__always)
    private static func sectionFound(of key: MustacheKey, in context: borrowing MustacheValue, inverted: Bool) -> SectionFound? {
        switch context {
        // The truthiness read in place first: a value bound or passed first was copied for every section.
        case .object(let dictionary):
            guard let index = dictionary.index(forKey: key) else { return nil }
            if dictionary.values[index].isTruthy == inverted { return .skip }
            return .render(inverted ? .null : dictionary.values[index])
        case .record(let record):
            guard let index = record.index(of: key) else { return nil }
            if record.values[index].isTruthy == inverted { return .skip }
            return .render(inverted ? .null : record.values[index])
        default:
            return nil
        }
    }

    /// `value(of:in:)` as a `FoundValue`: the value looked at where it is.
    @inline(__always)
    private static func foundValue(of key: MustacheKey, in context: borrowing MustacheValue) -> FoundValue? {
        switch context {
        case .object(let dictionary):
            guard let index = dictionary.index(forKey: key) else { return nil }
            return FoundValue(dictionary.values[index])
        case .record(let record):
            guard let index = record.index(of: key) else { return nil }
            return FoundValue(record.values[index])
        default:
            return nil
        }
    }

    /// A value a variable tag writes, as it was found: a text (a name, a UI string) by an
    /// unretained reference, which the context stack keeps alive while the tag is written (writing
    /// changes no context); any other value copied. A text copied out was a retain and a release.
    private enum FoundValue {
        case text(Unmanaged<MustacheText>)
        case value(MustacheValue)

        @inline(__always)
        init(_ value: borrowing MustacheValue) {
            switch value {
            case .text(let text): self = .text(.passUnretained(text))
            default: self = .value(copy value)
            }
        }

        /// The value found, copied out.
        var value: MustacheValue {
            switch self {
            case .text(let text): .text(text.takeUnretainedValue())
            case .value(let value): value
            }
        }
    }

    /// The value of `key` in `context` when it is an object or a record. Borrowed: switching on
    /// `contexts[i]` in place copied each context looked into (a retain and a release).
    @inline(__always)
    private static func value(of key: MustacheKey, in context: borrowing MustacheValue) -> MustacheValue? {
        switch context {
        case .object(let dictionary): dictionary[key]
        case .record(let record): record[key]
        default: nil
        }
    }

    /// What the rest of a dotted name (`rest` of `keys`) names in `value`, found after searching
    /// `searched` contexts: each further key resolves only against the previous result.
    private mutating func found(_ value: MustacheValue, searched: Int, _ keys: [MustacheKey], _ rest: Range<Int>) -> MustacheValue? {
        steps += searched
        guard !rest.isEmpty else { return value }
        var value = value
        for index in rest {
            guard let next = value[keys[index]] else { return nil }
            value = next
        }
        return value
    }

    /// `writeTemplateText` with no indentation (most text): the bytes copied whole, in the render
    /// loop (the call and its checks cost more than copying most texts).
    @inline(__always)
    private mutating func writeWholeText(_ text: [UInt8], _ range: Range<Int>) {
        text.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress, !range.isEmpty, range.upperBound <= text.count else { return }
            pending.append(base + range.lowerBound, count: range.count)
            atLineStart = base[range.upperBound - 1] == UInt8(ascii: "\n")
        }
    }

    /// Template text gets the indentation at every line start; interpolated
    /// values (below) do not, so a multi-line value keeps its own layout.
    /// `range` is the text node's range of `text`, its template's text bytes.
    private mutating func writeTemplateText(_ text: [UInt8], _ range: Range<Int>) {
        guard let last = range.last else { return }
        text.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            if indentation.isEmpty {
                pending.append(base + range.lowerBound, count: range.count)
                return
            }
            // Line by line: each line (cut after its newline) starts with the indentation when it starts a line.
            var start = range.lowerBound
            while start < range.upperBound {
                var end = start
                while end < range.upperBound && text[end] != UInt8(ascii: "\n") { end += 1 }
                if end < range.upperBound { end += 1 }
                if atLineStart { pending.append(indentation) }
                pending.append(base + start, count: end - start)
                atLineStart = text[end - 1] == UInt8(ascii: "\n")
                start = end
            }
        }
        atLineStart = text[last] == UInt8(ascii: "\n")
    }

    /// Writes a value found for a variable tag as `write(_:escaped:)` writes it.
    private mutating func write(_ found: FoundValue, escaped: Bool) {
        switch found {
        case .text(let text):
            text._withUnsafeGuaranteedRef { writeText($0, escaped: escaped) }
        case .value(let value):
            write(value, escaped: escaped)
        }
    }

    /// Writes what `value.interpolationText` is, numbers and flags as bytes without making a string.
    private mutating func write(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .string(let text):
            writeValue(text, escaped: escaped)
        case .text(let text):
            writeText(text, escaped: escaped)
        case .int(let number) where number > Int.min:
            // Digits and "-" need no escaping.
            startValue()
            if number < 0 { pending.append(UInt8(ascii: "-")) }
            let magnitude = number < 0 ? -number : number
            pending.append(atMost: DecimalDigits.maxCount) { DecimalDigits.write(magnitude, into: $0) }
        case .bool(let flag):
            startValue()
            (flag ? "true" : "false" as StaticString).withUTF8Buffer { pending.append($0) }
        case .null, .array, .object, .record:
            break
        case .int, .double:
            writeValue(value.interpolationText, escaped: escaped)
        }
    }

    /// What `writeValue(text.string, escaped:)` writes; escaped, the bytes escaped when the text was made.
    private mutating func writeText(_ text: MustacheText, escaped: Bool) {
        if escaped {
            guard !text.escapedUTF8.isEmpty else { return }
            startValue()
            // By the inlinable copy: the array's append is a call into another module for every name.
            text.escapedUTF8.withUnsafeBufferPointer { escaped in
                if let base = escaped.baseAddress { pending.append(base, count: escaped.count) }
            }
        } else {
            writeValue(text.string, escaped: false)
        }
    }

    /// The indentation a value gets when it starts a line.
    private mutating func startValue() {
        if atLineStart {
            pending.append(indentation)
            atLineStart = false
        }
    }

    private mutating func writeValue(_ text: String, escaped: Bool) {
        guard !text.isEmpty else { return }
        startValue()
        if escaped {
            HTML.append(escaping: text, to: &pending)
        } else if !gathersBytes && text.utf8.count >= Self.longValueBytes {
            flushPending()
            output += text
            outputCount = output.utf8.count
        } else {
            pending.append(utf8: text)
        }
    }

    private mutating func flushPending() {
        guard !pending.isEmpty else { return }
        output += pending.withBytes { String(decoding: $0, as: UTF8.self) }
        outputCount = output.utf8.count
        pending.removeAll()
    }

    /// The whole output, once rendering is done.
    mutating func finish() -> String {
        flushPending()
        return output
    }

    /// The whole output as UTF-8 bytes, once rendering is done, in the storage they were
    /// gathered in (a renderer that gathers bytes leaves `output` empty): handed on uncopied.
    consuming func finishOutput() -> ByteOutput {
        guard !output.isEmpty else { return pending }
        var whole = ByteOutput(capacity: output.utf8.count + pending.count)
        whole.append(utf8: output)
        pending.withBytes { whole.append($0) }
        return whole
    }
}
