import Diagnostics
import Encoding
import LifecycleModel

/// A parsed `lifecycle` block: an example an article runs against the model.
///
/// ````markdown
/// ```lifecycle android-activity api=28 configChanges=orientation|screenSize
/// # A comment: the only part a translator changes
/// given resumed
/// rotate -> resumed : onConfigurationChanged
/// path resumed -> started -> created
/// callbacks onPause -> onStop
/// never created -> resumed
/// ```
/// ````
///
/// The block keeps every non-blank line in `lines`, in order, each with its
/// kind and the place of every word in the Markdown file, so the site can
/// render the example and point at any part of it. Names keep the spelling
/// the author used next to the id the model resolved them to.
///
/// The grammar, one line each (blank lines are ignored; leading spaces too):
///
/// - `# text`: a comment. A `#` after a space also starts a comment at the
///   end of any other line.
/// - `given <state>`: where the run starts (at most once, before the first
///   event; default: the machine's initial state). For multi-scene machines
///   it is the state of scene `main`; other scenes start in the initial state,
///   or in the one a `given <state>@<scene>` line puts them in (once per scene,
///   before the first event too): two windows already open, with no launch.
/// - `<event>[@scene] [-> <state>, <state>…] [: <callback>, <callback>…]`:
///   runs the event. The states are the ones passed through (not the start
///   state); either part may be left out. Inside a part, names are separated
///   by `,` (an arrow `->` / `→` is accepted as well).
/// - `path <state> -> <state> -> …`: every step is legal.
/// - `callbacks <callback> -> <callback> -> …`: the order can happen.
/// - `never <state> -> <state> …`: the path is illegal.
/// - `app <state>`: on a multi-scene machine, the app-level value (the scenes' aggregate)
///   after the events above is this state.
///
/// A class, not a struct: the runner's result and its callers keep the block, and each copy
/// of a struct retained and released every one of its parts.
public final class LifecycleBlock: Sendable {
    /// The machine the block runs on.
    public let machine: Machine
    /// The place of the info string's first character (`lifecycle`).
    public let infoLocation: SourceLocation
    /// The place of the machine's name in the info string.
    public let machineLocation: SourceLocation
    /// The options, parsed; the defaults when `optionsValid` is false.
    public let options: MachineOptions
    /// The options as written, in order.
    public let optionPairs: [BlockOption]
    /// False when an option could not be read; the runner then checks no event line.
    public let optionsValid: Bool
    /// Every non-blank line of the block, in order.
    public let lines: [BlockLine]
    /// The problems found while parsing (also returned by the parser).
    public let diagnostics: [Diagnostic]
    /// The comments' texts joined by spaces (`comments.map(\.text).joined(separator: " ")`): every
    /// block that runs asks it for its caption. Joined by the parser as it reads them (`Caption`):
    /// read back from the lines, each line's content was copied out to be matched.
    public let commentText: String

    init(
        machine: Machine, infoLocation: SourceLocation, machineLocation: SourceLocation,
        options: MachineOptions, optionPairs: [BlockOption], optionsValid: Bool, lines: [BlockLine],
        diagnostics: [Diagnostic], commentText: String
    ) {
        self.machine = machine
        self.infoLocation = infoLocation
        self.machineLocation = machineLocation
        self.options = options
        self.optionPairs = optionPairs
        self.optionsValid = optionsValid
        self.lines = lines
        self.diagnostics = diagnostics
        self.commentText = commentText
    }

    public var machineID: String { machine.id }

    /// The `given` line's state, as written and resolved (nil when the block has none).
    public var given: WrittenName? {
        // By index: binding each line copied it (a retain and release of each of its parts).
        for index in lines.indices {
            if case .given(let name) = lines[index].content { return name }
        }
        return nil
    }

    /// Where the run starts: the `given` state, else the machine's initial state.
    /// A `given` state the model does not know leaves the initial state here.
    public var initialState: String { given?.id ?? machine.initialState }

    /// The comments, whole-line and trailing, in order.
    public var comments: [BlockComment] {
        lines.compactMap { line in
            switch line.content {
            case .comment(let text): return BlockComment(text: text, location: line.location, trailing: false)
            default: return line.trailingComment
            }
        }
    }

    /// The event lines, in order.
    public var events: [EventLine] {
        lines.compactMap { line in
            if case .event(let event) = line.content { return event }
            return nil
        }
    }

    /// The `path`, `callbacks` and `never` lines, in order.
    public var chains: [ChainLine] {
        lines.compactMap { line in
            if case .chain(let chain) = line.content { return chain }
            return nil
        }
    }
}

/// An option of the info string, `name=value`.
public struct BlockOption: Sendable, Hashable {
    public let name: String
    public let value: String
    /// The place of the name.
    public let location: SourceLocation
    /// The place of the value (just after `=`).
    public let valueLocation: SourceLocation
}

/// A comment of a block: a whole line, or the end of one after ` #`.
public struct BlockComment: Sendable, Hashable {
    /// The text after `#`, without surrounding spaces.
    public let text: String
    /// The place of the `#`.
    public let location: SourceLocation
    public let trailing: Bool
}

/// A name as the author wrote it, and what the model made of it.
public struct WrittenName: Sendable, Hashable {
    /// The name as written, without surrounding spaces: `Not Running`, `onPause()`.
    public let text: String
    /// The model's id (`notRunning`, `onPause`); nil when the model knows no such name (already reported).
    public let id: String?
    /// The place of the name's first character.
    public let location: SourceLocation

    public init(text: String, id: String?, location: SourceLocation) {
        self.text = text
        self.id = id
        self.location = location
    }

    /// The place just after the name's last character.
    public var end: SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + text.count)
    }
}

/// One non-blank line of a block.
public struct BlockLine: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case comment
        case given
        case event
        case path
        case callbacks
        case never
        case app
        /// A line that is none of the forms (already reported).
        case invalid
    }

    public enum Content: Sendable, Hashable {
        /// The text after `#`.
        case comment(String)
        case given(WrittenName)
        /// `given <state>@<scene>`: a scene other than `main` and its start state.
        case givenScene(WrittenName, scene: String)
        case event(EventLine)
        case chain(ChainLine)
        /// `app <state>`: the state as written and resolved.
        case app(WrittenName)
        case invalid
    }

    public let content: Content
    /// The line as written, a slice of the block's code: nothing reads it while a page is
    /// built, and copying every line into a String of its own was an allocation a line.
    let written: Substring
    /// The place of the line's first non-space character.
    public let location: SourceLocation
    /// A comment at the end of the line (` # …`).
    public let trailingComment: BlockComment?

    /// The line as written.
    public var text: String { String(written) }

    init(content: Content, written: Substring, location: SourceLocation, trailingComment: BlockComment?) {
        self.content = content
        self.written = written
        self.location = location
        self.trailingComment = trailingComment
    }

    init(content: Content, text: String, location: SourceLocation, trailingComment: BlockComment?) {
        self.init(content: content, written: text[...], location: location, trailingComment: trailingComment)
    }

    public var kind: Kind {
        switch content {
        case .comment: .comment
        case .given, .givenScene: .given
        case .event: .event
        case .chain(let chain):
            switch chain.kind {
            case .path: .path
            case .callbacks: .callbacks
            case .never: .never
            }
        case .app: .app
        case .invalid: .invalid
        }
    }
}

/// `<event>[@scene] [-> states] [: callbacks]`.
public struct EventLine: Sendable, Hashable {
    /// The event; `id` is nil when the machine has no such event.
    public let event: WrittenName
    /// The scene after `@`, as written; nil for the default scene (`main`).
    public let scene: String?
    /// The place of the `@`.
    public let sceneLocation: SourceLocation?
    /// The states written after `->`; nil when the line has no `->` part.
    public let states: [WrittenName]?
    /// The callbacks written after `:`; nil when the line has no `:` part.
    public let callbacks: [WrittenName]?

    /// The scene the event runs in.
    public var sceneName: String { scene ?? Simulation.mainScene }

    /// Whether every written name is known to the model.
    public var resolved: Bool {
        event.id != nil && (states?.allResolved ?? true) && (callbacks?.allResolved ?? true)
    }
}

/// `path …`, `callbacks …` or `never …`.
public struct ChainLine: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case path
        case callbacks
        case never
    }

    public let kind: Kind
    /// The place of the keyword.
    public let location: SourceLocation
    /// The names between the arrows (states, or callbacks for `callbacks`).
    public let names: [WrittenName]

    /// The resolved ids, or nil when a name is unknown or the chain is too short.
    public var ids: [String]? {
        names.count >= 2 ? names.resolvedIDs : nil
    }
}

extension Array where Element == WrittenName {
    /// Whether every name is known. By index: `allSatisfy`, as any walk of the sequence, handed
    /// each name over as a copy (a retain and release of its text, id and file).
    var allResolved: Bool {
        for index in indices where self[index].id == nil { return false }
        return true
    }

    /// The names' ids, or nil when a name is unknown. Made at the names' count once every name
    /// is known (`compactMap` grew its array from one, an allocation or two a line), by index.
    var resolvedIDs: [String]? {
        guard allResolved else { return nil }
        var ids: [String] = []
        ids.reserveCapacity(count)
        for index in indices { ids.append(self[index].id ?? "") }
        return ids
    }
}
