import Diagnostics
import LifecycleModel
import LifecycleMachines

/// Reads an `exercise` block (see `ExerciseBlock` for the grammar) with the pieces of the
/// `lifecycle` block parser: the same info string and options, the same reading and
/// resolution of names (their spelling and place kept), the same statements for `option`
/// lines. Whether the answer key is right is the runner's question (`ExerciseRunner`).
public enum ExerciseBlockParser {
    /// The first word of the info string that marks an exercise.
    public static let language = "exercise"

    /// The line keywords of an exercise.
    static let keywords = ["kind", "given", "event", "target", "answer", "option"]

    /// Whether a fenced block with this info string is an exercise.
    public static func isExercise(info: String) -> Bool {
        SourceLine.firstWord(of: info, is: language)
    }

    /// Parses one block; the parameters are `LifecycleBlockParser.parse`'s. Nil when the info
    /// string is not an exercise's or names no known machine.
    public static func parse(
        info: String, code: String, file: String, firstLine: Int, columnOffset: Int, lineOffsets: [Int] = [],
        infoLocation: SourceLocation
    ) -> (block: ExerciseBlock?, diagnostics: [Diagnostic]) {
        parse(
            info: info, code: code, file: file, firstLine: firstLine, columnOffset: columnOffset, lineOffsets: lineOffsets,
            infoLocation: infoLocation, machines: Machines.all)
    }

    static func parse(
        info: String, code: String, file: String, firstLine: Int, columnOffset: Int, lineOffsets: [Int] = [],
        infoLocation: SourceLocation, machines: [Machine]
    ) -> (block: ExerciseBlock?, diagnostics: [Diagnostic]) {
        parse(
            info: info, lines: code.blockLines, file: file, firstLine: firstLine, columnOffset: columnOffset, lineOffsets: lineOffsets,
            infoLocation: infoLocation, machines: machines)
    }

    /// `parse` of a block already cut into its `blockLines` (the verifier cuts each block once).
    static func parse(
        info: String, lines: [Substring], file: String, firstLine: Int, columnOffset: Int, lineOffsets: [Int],
        infoLocation: SourceLocation, machines: [Machine]
    ) -> (block: ExerciseBlock?, diagnostics: [Diagnostic]) {
        guard let head = LifecycleBlockParser.readInfo(info: info, infoLocation: infoLocation, machines: machines, keyword: language)
        else { return (nil, []) }
        var reader = ExerciseReader(machine: head.machine, infoLocation: infoLocation)
        for (index, text) in lines.enumerated() {
            let offset = index < lineOffsets.count ? lineOffsets[index] : columnOffset
            if let comment = SourceLine.wholeLineComment(text) {
                reader.comment(comment.text, at: SourceLocation(file: file, line: firstLine + index, column: offset + comment.hash + 1))
                continue
            }
            reader.split(SourceLine(text, file: file, line: firstLine + index, columnOffset: offset))
        }
        reader.interpret()
        var collector = DiagnosticCollector()
        collector.report(contentsOf: head.diagnostics)
        collector.report(contentsOf: reader.diagnostics)
        collector.report(contentsOf: reader.names.diagnostics)
        let diagnostics = collector.sorted
        guard let machine = head.machine else { return (nil, diagnostics) }
        let block = ExerciseBlock(
            machine: machine, infoLocation: infoLocation, machineLocation: head.machineLocation, options: head.options,
            optionPairs: head.pairs, optionsValid: head.optionsValid, kind: reader.kind, kindLocation: reader.kindLocation,
            given: reader.given, givenScenes: reader.givenScenes, event: reader.event, target: reader.target, answer: reader.answer,
            answerLocation: reader.answerLine?.location(reader.answerLine?.keyword ?? 0), choices: reader.choices,
            comments: reader.comments, questionLines: reader.questionLines, diagnostics: diagnostics)
        return (block, diagnostics)
    }
}

/// One line of an exercise that is not a comment: its keyword and argument.
private struct KeywordLine {
    let line: SourceLine
    /// Index of the keyword's first character.
    let keyword: Int
    let word: String
    /// `option*`.
    let starred: Bool
    /// Index of the argument's first character (`end` when there is none).
    let argument: Int
    /// Index after the argument's last non-space character (before any comment).
    let end: Int

    func location(_ index: Int) -> SourceLocation { line.location(index) }
    var keywordLocation: SourceLocation { line.location(keyword) }
    var argumentText: String { line.text(argument..<end) }
}

/// Splits the lines first (the `kind` decides how an `answer` reads, and it may come later),
/// then reads each by the kind.
private struct ExerciseReader {
    let machine: Machine?
    let infoLocation: SourceLocation
    var names: LineReader
    var diagnostics: [Diagnostic] = []
    var comments: [BlockComment] = []
    var questionLines: [String] = []
    private var lines: [KeywordLine] = []

    var kind: ExerciseBlock.Kind?
    var kindLocation: SourceLocation
    var given: WrittenName?
    var givenScenes: [ExerciseGivenScene] = []
    /// A plain `given` line was written but could not be read (reported): not a missing one.
    var givenFailed = false
    var event: EventLine?
    var target: WrittenName?
    var answer: ExerciseAnswer?
    var answerLine: KeywordLine?
    var choices: [ExerciseChoice] = []

    init(machine: Machine?, infoLocation: SourceLocation) {
        self.machine = machine
        self.infoLocation = infoLocation
        kindLocation = infoLocation
        names = LineReader(machine: machine)
    }

    mutating func split(_ line: SourceLine) {
        let count = line.count
        let start = line.skipSpaces(from: 0, to: count)
        guard start < count else { return }
        let hash = line.commentStart
        let end = line.trimEnd(hash, start: start)
        if hash < count {
            let text = line.trimmedText(from: hash + 1, to: count)
            if end == start {
                comment(text, at: line.location(hash))
            } else {
                comments.append(BlockComment(text: text, location: line.location(hash), trailing: true))
            }
        }
        guard end > start else { return }
        let wordEnd = line.identifierEnd(from: start, to: end)
        let word = line.text(start..<wordEnd)
        var after = wordEnd
        let starred = word == "option" && after < end && line.units[after] == 0x2A
        if starred { after += 1 }
        guard wordEnd > start, Self.keywordSet.contains(word) else {
            diagnostics.append(Messages.notAnExerciseLine(word, rest: line.text(start..<end), at: line.location(start)))
            return
        }
        if after < end && !line.isSpace(at: after) {
            diagnostics.append(Messages.spaceAfterKeyword(line.text(start..<after), at: line.location(after)))
            return
        }
        let argument = line.skipSpaces(from: after, to: end)
        lines.append(KeywordLine(line: line, keyword: start, word: word, starred: starred, argument: argument, end: end))
    }

    /// A whole-line comment: a line of the question while no keyword line came before it.
    mutating func comment(_ text: String, at location: SourceLocation) {
        comments.append(BlockComment(text: text, location: location, trailing: false))
        if lines.isEmpty { questionLines.append(text) }
    }

    static let keywordSet = Set(ExerciseBlockParser.keywords)

    /// Which lines each kind has: required ones, and the optional `given` of `choose`.
    static func parts(_ kind: ExerciseBlock.Kind) -> [String] {
        switch kind {
        case .predict, .order: ["given", "event", "answer"]
        case .choose: ["given", "option"]
        case .reach: ["given", "target", "answer"]
        }
    }

    mutating func interpret() {
        // Each keyword but `option` once: the first line of each, by the keyword's place in
        // `ExerciseBlockParser.keywords` (every line's word is one of them: `split` keeps no other).
        // Lines by their index in `lines`: a copy of a line retains and releases each of its parts.
        var firstLines = [Int?](repeating: nil, count: ExerciseBlockParser.keywords.count)
        // Whether a part is written asks for the index only: the line itself was a copy.
        func firstIndex(_ word: String) -> Int? {
            ExerciseBlockParser.keywords.firstIndex(of: word).flatMap { firstLines[$0] }
        }
        var kept: [Int] = []
        kept.reserveCapacity(lines.count)
        for index in lines.indices {
            let word = lines[index].word
            guard let number = ExerciseBlockParser.keywords.firstIndex(of: word) else {
                kept.append(index)
                continue
            }
            // `given` may come once per scene: the lifecycle reader's `given` tells (`readGiven`).
            if word != "option", word != "given", let earlier = firstLines[number] {
                diagnostics.append(Messages.exerciseLineTwice(word, at: lines[index].keywordLocation, first: lines[earlier].keywordLocation))
                continue
            }
            if firstLines[number] == nil { firstLines[number] = index }
            kept.append(index)
        }
        if let line = firstIndex("kind").map({ lines[$0] }) {
            kindLocation = line.keywordLocation
            let text = line.argumentText
            if text.isEmpty {
                diagnostics.append(Messages.kindNeeded(at: line.keywordLocation))
            } else if let known = ExerciseBlock.Kind(rawValue: text) {
                kind = known
            } else {
                diagnostics.append(Messages.unknownKind(text, at: line.location(line.argument)))
            }
        } else {
            diagnostics.append(Messages.kindMissing(at: infoLocation))
        }
        // `given` lines first: the lifecycle reader refuses a `given` after an event it has read.
        for index in kept where lines[index].word == "given" { readGiven(lines[index]) }
        for index in kept where lines[index].word != "kind" {
            let line = lines[index]
            if let kind, !Self.parts(kind).contains(line.word) {
                diagnostics.append(Messages.notPartOfKind(line.word, kind: kind, parts: Self.parts(kind), at: line.keywordLocation))
                continue
            }
            switch line.word {
            case "given": break
            case "target": target = readState(line, keyword: "target")
            case "event": event = readEvent(line)
            case "answer":
                answerLine = line
                if let kind { answer = readAnswer(line, kind: kind) }
            case "option": readOption(line)
            default: break
            }
        }
        guard let kind else { return }
        // What the kind needs.
        for part in Self.parts(kind) where firstIndex(part) == nil && !(kind == .choose && part == "given") && part != "option" {
            diagnostics.append(Messages.exercisePartMissing(part, kind: kind, at: kindLocation))
        }
        // Only `given <state>@<scene>` lines: the scene the run follows has no start.
        if kind != .choose, given == nil, !givenFailed, let first = givenScenes.first {
            diagnostics.append(Messages.followedSceneNeedsGiven(kind: kind, at: first.location))
        }
        if kind == .choose {
            if optionLines < 2 {
                diagnostics.append(Messages.tooFewOptions(at: kindLocation))
            } else if choices.count == optionLines && !choices.contains(where: \.correct) {
                diagnostics.append(Messages.noCorrectOption(at: kindLocation))
            }
            if given == nil, !givenFailed {
                for choice in choices {
                    if case .event = choice.statement {
                        diagnostics.append(Messages.eventOptionNeedsGiven(at: choice.statementLocation))
                    }
                }
            }
        }
    }

    /// `given <state>` or `given <state>@<scene>` (once per scene), read as a `lifecycle` block's line.
    private mutating func readGiven(_ line: KeywordLine) {
        guard line.argument < line.end else {
            diagnostics.append(Messages.keywordNeedsState("given", machine: machine, at: line.keywordLocation))
            return
        }
        switch names.readContent(line.line, start: line.keyword, end: line.end) {
        case .given(let name): given = name
        case .givenScene(let name, let scene):
            givenScenes.append(ExerciseGivenScene(state: name, scene: scene, location: line.keywordLocation))
        default: givenFailed = true  // reported by the reader
        }
    }

    private mutating func readState(_ line: KeywordLine, keyword: String) -> WrittenName? {
        guard line.argument < line.end else {
            diagnostics.append(Messages.keywordNeedsState(keyword, machine: machine, at: line.keywordLocation))
            return nil
        }
        return names.resolveState(line.line, line.argument..<line.end)
    }

    private mutating func readEvent(_ line: KeywordLine) -> EventLine? {
        guard line.argument < line.end else {
            diagnostics.append(Messages.eventNeeded(machine: machine, at: line.keywordLocation))
            return nil
        }
        let wordEnd = line.line.identifierEnd(from: line.argument, to: line.end)
        let (word, id) = names.eventWord(line.line, line.argument..<wordEnd)
        guard case .event(let event) = names.readEvent(line.line, word: word, id: id, start: line.argument, wordEnd: wordEnd, end: line.end)
        else { return nil }
        if let outcome = event.states?.first ?? event.callbacks?.first {
            diagnostics.append(Messages.eventLineHasOutcome(at: outcome.location))
            return nil
        }
        return event
    }

    private mutating func readAnswer(_ line: KeywordLine, kind: ExerciseBlock.Kind) -> ExerciseAnswer? {
        guard line.argument < line.end else {
            diagnostics.append(Messages.answerNeeded(kind, at: line.keywordLocation))
            return nil
        }
        switch kind {
        case .predict:
            // `app <state>`: the app-level value after the event.
            var start = line.argument
            let wordEnd = line.line.identifierEnd(from: start, to: line.end)
            let app = line.line.text(start..<wordEnd) == "app" && (wordEnd == line.end || line.line.isSpace(at: wordEnd))
            if app {
                guard wordEnd < line.end else {
                    diagnostics.append(Messages.appNeedsState(machine: machine, at: line.location(start)))
                    return nil
                }
                if let machine, machine.aggregateRule == nil {
                    diagnostics.append(Messages.appNeedsScenes(machine: machine, at: line.location(start)))
                    return nil
                }
                start = line.line.skipSpaces(from: wordEnd, to: line.end)
            }
            let pieces = line.line.pieces(from: start, to: line.end, commas: true, stopAtColon: false).pieces
            if pieces.count > 1, let second = pieces.dropFirst().first {
                diagnostics.append(Messages.predictOneState(at: line.location(second.start)))
                return nil
            }
            let name = names.resolveState(line.line, start..<line.end)
            return app ? .app(name) : .state(name)
        case .order:
            let pieces = line.line.pieces(from: line.argument, to: line.end, commas: false, stopAtColon: false).pieces
            var complete = true
            for piece in pieces where piece.isEmpty {
                complete = false
                diagnostics.append(Messages.missingName(.callback, piece: piece, at: line.location(piece.start)))
            }
            guard complete else { return nil }
            guard pieces.count >= 2 else {
                diagnostics.append(Messages.nothingToOrder(at: line.keywordLocation))
                return nil
            }
            return .callbacks(names.resolveCallbacks(line.line, pieces))
        case .reach:
            return readEvents(line)
        case .choose:
            return nil
        }
    }

    /// `event[@scene]`, separated by spaces or commas.
    private mutating func readEvents(_ line: KeywordLine) -> ExerciseAnswer? {
        let source = line.line
        var events: [EventLine] = []
        var complete = true
        var i = line.argument
        while i < line.end {
            while i < line.end, source.isSpace(at: i) || source.units[i] == 0x2C { i += 1 }
            guard i < line.end else { break }
            var tokenEnd = i
            while tokenEnd < line.end, !source.isSpace(at: tokenEnd), source.units[tokenEnd] != 0x2C { tokenEnd += 1 }
            let wordEnd = source.identifierEnd(from: i, to: tokenEnd)
            var scene: (name: String, at: Int)?
            var headEnd = wordEnd
            if wordEnd > i, wordEnd < tokenEnd, source.units[wordEnd] == 0x40 {
                guard let named = source.sceneName(afterAt: wordEnd, end: tokenEnd) else {
                    diagnostics.append(Messages.missingScene(at: source.location(wordEnd + 1)))
                    complete = false
                    i = tokenEnd
                    continue
                }
                scene = (named.name, wordEnd)
                headEnd = named.end
            }
            guard wordEnd > i, headEnd == tokenEnd else {
                diagnostics.append(Messages.expectedEvent(source.text(i..<tokenEnd), at: source.location(wordEnd > i ? headEnd : i)))
                complete = false
                i = tokenEnd
                continue
            }
            let word = source.text(i..<wordEnd)
            var id: String?
            if let machine {
                id = machine.resolveEvent(word)
                if id == nil { diagnostics.append(Messages.unknownEvent(word, machine: machine, at: source.location(i))) }
                if let scene, !machine.multiScene {
                    diagnostics.append(Messages.sceneOnSingleInstance(
                        machine: machine, scene: scene.name, without: word, at: source.location(scene.at)))
                    complete = false
                }
            }
            events.append(EventLine(
                event: WrittenName(text: word, id: id, location: source.location(i)), scene: scene?.name,
                sceneLocation: scene.map { source.location($0.at) }, states: nil, callbacks: nil))
            i = tokenEnd
        }
        guard complete else { return nil }
        return .events(events)
    }

    private var optionLines = 0

    private mutating func readOption(_ line: KeywordLine) {
        optionLines += 1
        let number = optionLines
        guard line.argument < line.end else {
            diagnostics.append(Messages.optionNeedsStatement(at: line.keywordLocation))
            return
        }
        let wordEnd = line.line.identifierEnd(from: line.argument, to: line.end)
        let word = names.eventWord(line.line, line.argument..<wordEnd).text
        // `app` needs the events of a run before it: an option is judged from `given` alone.
        if word == "given" || word == "app" || Self.keywordSet.contains(word) {
            diagnostics.append(Messages.notAStatement(word, at: line.location(line.argument)))
            return
        }
        let before = names.diagnostics.count
        let content = names.readContent(line.line, start: line.argument, end: line.end)
        if case .invalid = content, names.diagnostics.count == before {
            diagnostics.append(Messages.notAStatement(word, at: line.location(line.argument)))
        }
        choices.append(ExerciseChoice(
            number: number, correct: line.starred, location: line.keywordLocation, statement: content, text: line.argumentText,
            statementLocation: line.location(line.argument)))
    }
}
