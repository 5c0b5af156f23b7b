import Diagnostics
import LifecycleModel
import LifecycleMachines

/// Reads a `lifecycle` block (see `LifecycleBlock` for the grammar) and
/// reports every problem of its text: syntax, unknown names, options.
/// Whether the example is true is the runner's question (`ExampleRunner`).
public enum LifecycleBlockParser {
    /// The first word of the info string that marks a runnable example.
    public static let language = "lifecycle"

    /// Whether `name` is a scene's name as a block writes it after `@`: one word of letters,
    /// digits and `_` (`trace` asks the same of its `EVENT@SCENE` words).
    public static func isSceneName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy(SourceLine.isIdentifier)
    }

    /// Whether a fenced block with this info string is a `lifecycle` example.
    public static func isLifecycle(info: String) -> Bool {
        SourceLine.firstWord(of: info, is: language)
    }

    /// Parses one block.
    ///
    /// - Parameters:
    ///   - info: the fence's info string, `lifecycle <machine> [name=value …]`.
    ///   - code: the block's content, as the Markdown parser gives it (the
    ///     fence's indentation already removed from each line).
    ///   - file: the Markdown file, for diagnostics.
    ///   - firstLine: the 1-based line in `file` of the block's first content line.
    ///   - columnOffset: added to every 1-based column inside `code`: the
    ///     fence's indentation, for blocks inside lists or block quotes.
    ///   - lineOffsets: the same per content line, where known: a line less indented
    ///     than its fence loses less than the fence's indentation.
    ///   - infoLocation: the place of the info string's first character (the `l` of `lifecycle`).
    /// - Returns: the block, nil when the info string is not a `lifecycle` one
    ///   or names no known machine; and the diagnostics (also kept in `block.diagnostics`).
    public static func parse(
        info: String, code: String, file: String, firstLine: Int, columnOffset: Int, lineOffsets: [Int] = [],
        infoLocation: SourceLocation
    ) -> (block: LifecycleBlock?, diagnostics: [Diagnostic]) {
        parse(
            info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset, lineOffsets: lineOffsets,
            infoLocation: infoLocation, machines: Machines.all)
    }

    /// `parse` with another set of machines (tests use made-up ones).
    static func parse(
        info: String, code: String, file: String, firstLine: Int, columnOffset: Int, lineOffsets: [Int] = [],
        infoLocation: SourceLocation, machines: [Machine]
    ) -> (block: LifecycleBlock?, diagnostics: [Diagnostic]) {
        parse(
            info: info, lines: code.blockLines, file: file, firstLine: firstLine, columnOffset: columnOffset, lineOffsets: lineOffsets,
            infoLocation: infoLocation, machines: machines)
    }

    /// `parse` of a block already cut into its `blockLines` (the verifier cuts each block once).
    static func parse(
        info: String, lines: [Substring], file: String, firstLine: Int, columnOffset: Int, lineOffsets: [Int],
        infoLocation: SourceLocation, machines: [Machine]
    ) -> (block: LifecycleBlock?, diagnostics: [Diagnostic]) {
        guard let info = readInfo(info: info, infoLocation: infoLocation, machines: machines, keyword: language) else { return (nil, []) }
        var diagnostics = info.diagnostics
        let machine = info.machine

        // The lines.
        var reader = LineReader(machine: machine)
        reader.lines.reserveCapacity(lines.count)
        for (index, text) in lines.enumerated() {
            let offset = index < lineOffsets.count ? lineOffsets[index] : columnOffset
            if let comment = SourceLine.wholeLineComment(text) {
                let location = SourceLocation(file: file, line: firstLine + index, column: offset + comment.hash + 1)
                reader.lines.append(BlockLine(content: .comment(comment.text), written: text, location: location, trailingComment: nil))
                reader.caption.add(comment.text)
                continue
            }
            let line = SourceLine(text, file: file, line: firstLine + index, columnOffset: offset)
            reader.read(line, text: text)
        }
        diagnostics += reader.diagnostics
        // A line of any kind but a comment or `given` (an array literal here was made per line). With
        // an unknown machine (reported) nothing could be read: that block is not also empty.
        if !reader.hasContentLine && machine != nil {
            diagnostics.append(Messages.emptyBlock(at: infoLocation))
        }

        var collector = DiagnosticCollector()
        collector.report(contentsOf: diagnostics)
        diagnostics = collector.sorted
        guard let machine else { return (nil, diagnostics) }
        let block = LifecycleBlock(
            machine: machine, infoLocation: infoLocation, machineLocation: info.machineLocation, options: info.options,
            optionPairs: info.pairs, optionsValid: info.optionsValid, lines: reader.lines, diagnostics: diagnostics,
            commentText: reader.caption.text)
        return (block, diagnostics)
    }

    /// What the info string of a block says: `<keyword> <machine> [name=value …]`.
    struct Info {
        var machine: Machine?
        var machineLocation: SourceLocation
        var options: MachineOptions
        var pairs: [BlockOption]
        var optionsValid: Bool
        var diagnostics: [Diagnostic]
    }

    /// Reads an info string whose first word is `keyword` (`lifecycle`, `exercise`); nil when it is another.
    static func readInfo(info: String, infoLocation: SourceLocation, machines: [Machine], keyword: String) -> Info? {
        var diagnostics: [Diagnostic] = []
        let infoLine = SourceLine(info[...], file: infoLocation.file, line: infoLocation.line, columnOffset: infoLocation.column - 1)
        let words = infoWords(infoLine)
        guard let first = words.first, infoLine.text(first) == keyword else { return nil }

        // The machine.
        var machine: Machine?
        if words.count < 2 {
            diagnostics.append(Messages.missingMachine(
                machines.map(\.id), block: keyword == language ? "a lifecycle block" : "an \(keyword) block",
                at: infoLine.location(first.lowerBound)))
        } else {
            let name = infoLine.text(words[1])
            machine = machines.first { $0.id == name }
            if machine == nil {
                diagnostics.append(Messages.unknownMachine(name, among: machines.map(\.id), at: infoLine.location(words[1].lowerBound)))
            }
        }

        // Its options.
        var pairs: [BlockOption] = []
        var options = MachineOptions()
        var optionsValid = true
        for word in words.dropFirst(2) {
            // The word as a String only for the message (it was made for every option).
            guard let equals = infoLine.units[word].firstIndex(of: 0x3D), equals > word.lowerBound else {
                optionsValid = false
                if let machine {
                    diagnostics.append(Messages.optionNotPair(infoLine.text(word), machine: machine, at: infoLine.location(word.lowerBound)))
                }
                continue
            }
            let option = BlockOption(
                name: infoLine.text(word.lowerBound..<equals), value: infoLine.text((equals + 1)..<word.upperBound),
                location: infoLine.location(word.lowerBound), valueLocation: infoLine.location(equals + 1))
            if pairs.contains(where: { $0.name == option.name }) {
                optionsValid = false
                diagnostics.append(Messages.optionTwice(option.name, at: option.location))
                continue
            }
            pairs.append(option)
            guard let machine else { continue }
            do {
                try options.set(option.name, to: option.value, for: machine)
            } catch {
                optionsValid = false
                let known = machine.options.contains { $0.name == option.name }
                var at = known ? option.valueLocation : option.location
                if known { at.column += error.valueOffset }
                diagnostics.append(Messages.optionProblem(error, at: at))
            }
        }
        // The options stand only when every pair was read (a block with a bad one is not run).
        if machine == nil || !optionsValid { options = MachineOptions() }

        let machineLocation = words.count > 1 ? infoLine.location(words[1].lowerBound) : infoLocation
        return Info(
            machine: machine, machineLocation: machineLocation, options: options, pairs: pairs, optionsValid: optionsValid,
            diagnostics: diagnostics)
    }

    /// The ranges of the info string's words.
    private static func infoWords(_ line: SourceLine) -> [Range<Int>] {
        var words: [Range<Int>] = []
        // The keyword, the machine and an option or two: grown from one, the array was made three times.
        words.reserveCapacity(4)
        var i = 0
        while i < line.count {
            i = line.skipSpaces(from: i, to: line.count)
            guard i < line.count else { break }
            var end = i
            while end < line.count, !line.isSpace(at: end) { end += 1 }
            words.append(i..<end)
            i = end
        }
        return words
    }
}

/// A block's comments joined by spaces in the order they come (`LifecycleBlock.commentText`).
struct Caption {
    private(set) var text = ""
    private var count = 0

    mutating func add(_ comment: String) {
        // One comment is the text itself (no copy).
        if count == 0 {
            text = comment
        } else {
            text.append(" ")
            text.append(comment)
        }
        count += 1
    }
}

/// Reads the lines of one block in order, keeping what `given` needs to know
/// about the lines before it. Names are resolved when the machine is known.
struct LineReader {
    let machine: Machine?
    /// The machine's own spellings of its names (nil for a machine outside the catalog).
    let spellings: ModelSpellings?
    var lines: [BlockLine] = []
    var diagnostics: [Diagnostic] = []
    /// The comments of `lines`, whole-line and trailing, joined as they come.
    var caption = Caption()
    private var givenLine: SourceLocation?
    /// The `given <state>@<scene>` lines read so far, by scene.
    private var givenSceneLines: [String: SourceLocation] = [:]
    private var firstEvent: SourceLocation?

    init(machine: Machine?) { self.init(machine: machine, spellings: ModelSpellings.of(machine)) }

    /// `spellings` nil: every name is cut from its line (the reference in tests).
    init(machine: Machine?, spellings: ModelSpellings?) {
        self.machine = machine
        self.spellings = spellings
    }

    /// Whether a line read so far is of any kind but a comment or `given`. Asked of each line in
    /// place: `contains(where:)` handed every line it passed over as a copy.
    var hasContentLine: Bool {
        for index in lines.indices {
            switch lines[index].content {
            case .comment, .given, .givenScene: continue
            case .event, .chain, .app, .invalid: return true
            }
        }
        return false
    }

    /// The text of `range`, the machine's String for it when it spells an event of the machine,
    /// with the event id that spelling resolves to (`id` nil: the text was cut from the line and
    /// the machine is still to be asked, which `readEvent` does).
    func eventWord(_ line: SourceLine, _ range: Range<Int>) -> (text: String, id: String??) {
        guard let spelled = spellings?.spelling(.event, of: range, in: line) else { return (line.text(range), nil) }
        return (spelled.text, .some(spelled.id))
    }

    /// A line's first word when it is a keyword (`given`, `path`, `callbacks`, `never`, `app`),
    /// told by its length and bytes: every line asks, and most start with an event.
    enum Keyword {
        case given
        case chain(ChainLine.Kind)
        case app

        init?(_ word: String) {
            switch word.utf8.count {
            case 3 where word == "app": self = .app
            case 4 where word == "path": self = .chain(.path)
            case 5 where word == "given": self = .given
            case 5 where word == "never": self = .chain(.never)
            case 9 where word == "callbacks": self = .chain(.callbacks)
            default: return nil
            }
        }
    }

    mutating func read(_ line: SourceLine, text: Substring) {
        let count = line.count
        let start = line.skipSpaces(from: 0, to: count)
        guard start < count else { return }
        let hash = line.commentStart
        let end = line.trimEnd(hash, start: start)
        let commentText = hash < count ? line.trimmedText(from: hash + 1, to: count) : nil
        if let commentText { caption.add(commentText) }
        if end == start {
            lines.append(BlockLine(content: .comment(commentText ?? ""), written: text, location: line.location(start), trailingComment: nil))
            return
        }
        let trailing = commentText.map { BlockComment(text: $0, location: line.location(hash), trailing: true) }
        let content = readContent(line, start: start, end: end)
        lines.append(BlockLine(content: content, written: text, location: line.location(start), trailingComment: trailing))
    }

    mutating func readContent(_ line: SourceLine, start: Int, end: Int) -> BlockLine.Content {
        let wordEnd = line.identifierEnd(from: start, to: end)
        let (word, id) = eventWord(line, start..<wordEnd)
        guard let keyword = Keyword(word) else { return readEvent(line, word: word, id: id, start: start, wordEnd: wordEnd, end: end) }
        if wordEnd < end && !line.isSpace(at: wordEnd) {
            diagnostics.append(Messages.spaceAfterKeyword(word, at: line.location(wordEnd)))
            return .invalid
        }
        let argument = line.skipSpaces(from: wordEnd, to: end)
        switch keyword {
        case .given: return readGiven(line, keyword: start, argument: argument, end: end)
        case .chain(let kind): return readChain(line, kind: kind, keyword: start, argument: argument, end: end)
        case .app: return readApp(line, keyword: start, argument: argument, end: end)
        }
    }

    /// `app <state>`: one state, on a machine whose scenes have an app-level value.
    private mutating func readApp(_ line: SourceLine, keyword: Int, argument: Int, end: Int) -> BlockLine.Content {
        let location = line.location(keyword)
        if let machine, machine.aggregateRule == nil {
            diagnostics.append(Messages.appNeedsScenes(machine: machine, at: location))
            return .invalid
        }
        guard argument < end else {
            diagnostics.append(Messages.appNeedsState(machine: machine, at: location))
            return .invalid
        }
        return .app(resolveState(line, argument..<end))
    }

    private mutating func readGiven(_ line: SourceLine, keyword: Int, argument: Int, end: Int) -> BlockLine.Content {
        let location = line.location(keyword)
        guard argument < end else {
            diagnostics.append(Messages.givenNeedsState(machine: machine, at: location))
            return .invalid
        }
        // `<state>@<scene>`: the scene is the identifier after the last `@`.
        var stateEnd = end
        var scene: (name: String, at: Int)?
        if let at = (argument..<end).last(where: { line.units[$0] == 0x40 }) {
            guard let named = line.sceneName(afterAt: at, end: end), line.skipSpaces(from: named.end, to: end) == end else {
                diagnostics.append(Messages.missingScene(at: line.location(at + 1)))
                return .invalid
            }
            stateEnd = line.trimEnd(at, start: argument)
            scene = (named.name, at)
        }
        guard stateEnd > argument else {
            diagnostics.append(Messages.givenNeedsState(machine: machine, at: location))
            return .invalid
        }
        let name = resolveState(line, argument..<stateEnd)
        if let scene, let machine, !machine.multiScene {
            diagnostics.append(Messages.sceneOnSingleInstance(
                machine: machine, scene: scene.name, without: "given " + name.text, at: line.location(scene.at)))
            return .invalid
        }
        // `@main` is the main scene, as an event's `@main` is.
        let otherScene = scene.map(\.name).flatMap { $0 == Simulation.mainScene ? nil : $0 }
        let earlier: SourceLocation? = if let otherScene { givenSceneLines[otherScene] } else { givenLine }
        if let first = earlier {
            diagnostics.append(Messages.givenTwice(at: location, first: first, scene: otherScene))
            return .invalid
        }
        if let firstEvent {
            diagnostics.append(Messages.givenAfterEvent(at: location, firstEvent: firstEvent))
            return .invalid
        }
        if let otherScene {
            givenSceneLines[otherScene] = location
            return .givenScene(name, scene: otherScene)
        }
        givenLine = location
        return .given(name)
    }

    private mutating func readChain(_ line: SourceLine, kind: ChainLine.Kind, keyword: Int, argument: Int, end: Int) -> BlockLine.Content {
        let location = line.location(keyword)
        let pieces = argument < end ? line.pieces(from: argument, to: end, commas: false, stopAtColon: false).pieces : []
        let what: NameKind = kind == .callbacks ? .callback : .state
        var complete = true
        for piece in pieces where piece.isEmpty {
            complete = false
            diagnostics.append(Messages.missingName(what, piece: piece, at: line.location(piece.start)))
        }
        guard complete else { return .invalid }
        guard pieces.count >= 2 else {
            diagnostics.append(Messages.chainTooShort(kind, at: location))
            return .invalid
        }
        var names: [WrittenName] = []
        if kind == .callbacks {
            names = resolveCallbacks(line, pieces)
        } else {
            names = pieces.map { resolveState(line, $0.start..<$0.end) }
        }
        return .chain(ChainLine(kind: kind, location: location, names: names))
    }

    /// `word`: `line.text(start..<wordEnd)`; `id`: its event id when `eventWord` found it spelled
    /// by the machine (the spelling's id is the machine's answer: not asked again).
    mutating func readEvent(_ line: SourceLine, word: String, id: String??, start: Int, wordEnd: Int, end: Int) -> BlockLine.Content {
        let resolvedEvent = machine == nil ? nil : id ?? machine?.resolveEvent(word)
        guard wordEnd > start else {
            diagnostics.append(Messages.notALine(at: line.location(start)))
            return .invalid
        }
        // `@scene`
        var headEnd = wordEnd
        var scene: (name: String, at: Int)?
        if wordEnd < end, line.units[wordEnd] == 0x40 {
            guard let named = line.sceneName(afterAt: wordEnd, end: end) else {
                diagnostics.append(Messages.missingScene(at: line.location(wordEnd + 1)))
                return .invalid
            }
            scene = (named.name, wordEnd)
            headEnd = named.end
        }
        // `-> states`, `: callbacks`
        var statePieces: [SourceLine.Piece]?
        var callbackPieces: [SourceLine.Piece]?
        let next = line.skipSpaces(from: headEnd, to: end)
        let arrow = line.arrowLength(at: next, end: end)
        if next == end {
        } else if arrow > 0 {
            let split = line.pieces(from: next + arrow, to: end, commas: true, stopAtColon: true, after: SourceLine.Separator(arrowOfLength: arrow))
            statePieces = split.pieces
            if split.stop < end {
                callbackPieces = line.pieces(from: split.stop + 1, to: end, commas: true, stopAtColon: false, after: .colon).pieces
            }
        } else if line.units[next] == 0x3A {
            callbackPieces = line.pieces(from: next + 1, to: end, commas: true, stopAtColon: false, after: .colon).pieces
        } else {
            if resolvedEvent != nil || scene != nil {
                diagnostics.append(Messages.unexpectedAfterEvent(line.text(start..<headEnd), at: line.location(next)))
            } else {
                diagnostics.append(Messages.notALine(at: line.location(start)))
            }
            return .invalid
        }
        var complete = true
        for piece in statePieces ?? [] where piece.isEmpty {
            complete = false
            diagnostics.append(Messages.missingName(.state, piece: piece, at: line.location(piece.start)))
        }
        for piece in callbackPieces ?? [] where piece.isEmpty {
            complete = false
            diagnostics.append(Messages.missingName(.callback, piece: piece, at: line.location(piece.start)))
        }

        if firstEvent == nil { firstEvent = line.location(start) }
        let eventLocation = line.location(start)
        var eventID: String?
        if let machine {
            eventID = resolvedEvent
            if eventID == nil { diagnostics.append(Messages.unknownEvent(word, machine: machine, at: eventLocation)) }
            if let scene, !machine.multiScene {
                let without = line.text(start..<scene.at) + line.text(headEnd..<line.count)
                diagnostics.append(Messages.sceneOnSingleInstance(
                    machine: machine, scene: scene.name, without: without.trimmingSpaces, at: line.location(scene.at)))
                complete = false
            }
        }
        guard complete else { return .invalid }
        let states = statePieces.map { pieces in pieces.map { resolveState(line, $0.start..<$0.end) } }
        let callbacks = callbackPieces.map { resolveCallbacks(line, $0) }
        return .event(EventLine(
            event: WrittenName(text: word, id: eventID, location: eventLocation),
            scene: scene?.name, sceneLocation: scene.map { line.location($0.at) },
            states: states, callbacks: callbacks))
    }

    mutating func resolveState(_ line: SourceLine, _ range: Range<Int>) -> WrittenName {
        let spelled = spellings?.spelling(.state, of: range, in: line)
        let text = spelled?.text ?? line.text(range)
        let location = line.location(range.lowerBound)
        guard let machine else { return WrittenName(text: text, id: nil, location: location) }
        let id = spelled != nil ? spelled?.id : machine.resolveState(text)
        if id == nil { diagnostics.append(Messages.unknownState(text, machine: machine, at: location)) }
        return WrittenName(text: text, id: id, location: location)
    }

    mutating func resolveCallbacks(_ line: SourceLine, _ pieces: [SourceLine.Piece]) -> [WrittenName] {
        // Resolved as they are read: one array of names, not one unresolved and one resolved.
        let resolves = machine.map { !$0.callbacks.isEmpty } ?? false
        let names = pieces.map { piece in
            let range = piece.start..<piece.end
            let spelled = spellings?.spelling(.callback, of: range, in: line)
            let text = spelled?.text ?? line.text(range)
            let location = line.location(piece.start)
            guard resolves, let machine else { return WrittenName(text: text, id: nil, location: location) }
            let id = spelled != nil ? spelled?.id : machine.resolveCallback(text)
            if id == nil { diagnostics.append(Messages.unknownCallback(text, machine: machine, at: location)) }
            return WrittenName(text: text, id: id, location: location)
        }
        if let machine, !resolves, let first = names.first {
            diagnostics.append(Messages.noCallbacks(machine: machine, at: first.location))
        }
        return names
    }
}

/// What a name stands for, in messages.
enum NameKind: String {
    case state
    case callback
}

extension String {
    var trimmingSpaces: String {
        // ASCII: each byte is a Character, and only spaces and tabs are trimmed.
        let trimmed = utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        if let trimmed = trimmed ?? nil { return trimmed }
        let chars = Array(self)
        var start = 0
        var end = chars.count
        while start < end, SourceLine.isSpace(chars[start]) { start += 1 }
        while end > start, SourceLine.isSpace(chars[end - 1]) { end -= 1 }
        return String(chars[start..<end])
    }
}
