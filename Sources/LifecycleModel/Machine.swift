import Encoding

/// A lifecycle state machine: its states, events, callbacks and the
/// documented transitions between them, indexed for fast simulation.
/// A class (immutable): every check and simulation holds one, and copying a struct of two
/// dozen arrays and dictionaries retained each of them.
public final class Machine: Sendable {
    public let id: String
    public let title: String
    /// The platform whose apps the machine describes, as its maker spells it ("iOS", "Android"):
    /// a proper name, the same in every language, that listings show beside a page. Empty for a
    /// machine of no platform (a test's toy).
    public let platform: String
    public let states: [StateInfo]
    public let events: [EventInfo]
    public let callbacks: [CallbackInfo]
    public let transitions: [Transition]
    public let initialState: String
    public let options: [OptionInfo]
    /// iOS scenes and SwiftUI: each scene has its own state, and the process its own.
    public let multiScene: Bool
    /// How the app-level value follows from the scenes' states (multi-scene machines), in words.
    public let aggregateSummary: String?
    /// The same as data: what `aggregateState(of:)` evaluates and the model export carries.
    public let aggregateRule: AggregateRule?
    /// Rows of the spec that are deliberately not modelled, with the reason.
    public let omitted: [(row: String, reason: String)]
    /// State names match only as spelled (SwiftUI's `.active` is not UIKit's "Active").
    public let caseSensitiveStates: Bool

    // Indexes built once.
    /// `aggregateRule` over state indexes, for `Simulation`.
    let indexedAggregate: IndexedAggregateRule?
    let stateIndex: [String: Int]
    let eventIndex: [String: Int]
    /// `table[state * events.count + event]`: the transitions, in definition order.
    let table: [[Int]]
    /// Per transition: it has a condition on the process or the other scenes (not only on the options).
    let hasStateConditions: [Bool]
    /// By state index: the events with at least one transition from it, in event order
    /// (what `Simulation.possibleEvents` needs to look at).
    let eventsByState: [[Int]]
    /// By state index: its transitions, by index, in definition order (what `canProduce` walks).
    let transitionsByState: [[Int]]
    /// By transition: the index of the state it ends in.
    let targetIndex: [Int?]
    /// By state id: where a run shows it inside a transition (its index among the transition's
    /// `states`), in the order of the transitions and positions (what path verdicts start from).
    let placesShowing: [String: [(transition: Int, position: Int)]]
    /// The places of a run, numbered for path verdicts.
    let placeNumbers: PlaceNumbers
    /// The states each transition shows, numbered for `witness(forPath:)`.
    let stateWalks: StateWalks
    let levels: OptionLevels
    let callbackWalk: CallbackWalk
    /// By transition: its conditions on the options (not on the process or the other scenes);
    /// nil when no transition has any, so that every option set enables every transition.
    let optionConditions: [[Condition]]?
    /// `Simulation`'s table of the transitions `optionConditions` allow, by option set.
    let optionsHoldByOptions = OptionsTable<[Bool]>()
    private let stateNames: [String: String]
    private let callbackNames: [String: String]
    /// The ids of the callbacks that are not auxiliary (what `witness(forCallbacks:)` keeps of
    /// every transition, whatever the order asked).
    let coreCallbackIDs: Set<String>
    /// By callback index (`callbackWalk`): whether its name is in `coreCallbackIDs` (what
    /// `witness(forCallbacks:)` keeps of every transition, whatever the order asked).
    let coreCalls: [Bool]

    public init(
        id: String, title: String, platform: String = "", states: [StateInfo], events: [EventInfo], callbacks: [CallbackInfo],
        transitions: [Transition], initialState: String, options: [OptionInfo] = [], multiScene: Bool = false,
        aggregateSummary: String? = nil, aggregateRule: AggregateRule? = nil,
        omitted: [(row: String, reason: String)] = [], caseSensitiveStates: Bool = false
    ) {
        self.id = id
        self.title = title
        self.platform = platform
        self.states = states
        self.events = events
        self.callbacks = callbacks
        self.transitions = transitions
        self.initialState = initialState
        self.options = options
        self.multiScene = multiScene
        self.aggregateSummary = aggregateSummary
        self.aggregateRule = aggregateRule
        indexedAggregate = aggregateRule.map { IndexedAggregateRule($0, states: states) }
        self.omitted = omitted
        self.caseSensitiveStates = caseSensitiveStates

        var stateIndex: [String: Int] = [:]
        for (i, state) in states.enumerated() { stateIndex[state.id] = i }
        var eventIndex: [String: Int] = [:]
        for (i, event) in events.enumerated() { eventIndex[event.id] = i }
        var table = Array(repeating: [Int](), count: states.count * max(events.count, 1))
        for (i, transition) in transitions.enumerated() {
            guard let s = stateIndex[transition.from], let e = eventIndex[transition.event] else { continue }
            table[s * events.count + e].append(i)
        }
        var stateNames: [String: String] = [:]
        for state in states {
            for name in [state.id, state.name] + state.aliases {
                stateNames[caseSensitiveStates ? Names.exactKey(name) : Names.stateKey(name)] = state.id
            }
        }
        var callbackNames: [String: String] = [:]
        for callback in callbacks {
            for name in [callback.id] + callback.aliases { callbackNames[Names.callbackKey(name)] = callback.id }
        }
        self.stateIndex = stateIndex
        self.eventIndex = eventIndex
        self.table = table
        hasStateConditions = transitions.map { t in
            t.conditions.contains { condition in
                switch condition {
                case .process, .otherScenesIn: true
                default: false
                }
            }
        }
        eventsByState = states.indices.map { s in events.indices.filter { !table[s * events.count + $0].isEmpty } }
        transitionsByState = states.map { state in transitions.indices.filter { transitions[$0].from == state.id } }
        targetIndex = transitions.map { stateIndex[$0.to] }
        var placesShowing: [String: [(transition: Int, position: Int)]] = [:]
        for (t, transition) in transitions.enumerated() {
            for (position, shown) in transition.states.enumerated() { placesShowing[shown, default: []].append((t, position)) }
        }
        self.placesShowing = placesShowing
        placeNumbers = PlaceNumbers(stateCount: states.count, transitions: transitions)
        stateWalks = StateWalks(transitions)
        levels = OptionLevels(transitions: transitions, hasOptions: !options.isEmpty)
        let optionConditions = transitions.map { transition in
            transition.conditions.filter { condition in
                switch condition {
                case .process, .otherScenesIn: false
                default: true
                }
            }
        }
        self.optionConditions = optionConditions.allSatisfy(\.isEmpty) ? nil : optionConditions
        callbackWalk = CallbackWalk(
            callbacks: callbacks, transitions: transitions, targets: targetIndex, transitionsByState: transitionsByState, variants: levels.variants)
        self.stateNames = stateNames
        self.callbackNames = callbackNames
        let coreCallbackIDs = Set(callbacks.lazy.filter { !$0.auxiliary }.map(\.id))
        self.coreCallbackIDs = coreCallbackIDs
        coreCalls = callbackWalk.names.map(coreCallbackIDs.contains)
    }

    /// Whether any of `machines` knows `name` as a state or a callback, as `resolveState` and
    /// `resolveCallback` of each would say, with each key made once: prose chains ask it of every
    /// word next to an arrow.
    public struct NameIndex: Sendable {
        /// The keys, looked up by their bytes when a name and every key are ASCII.
        private var stateKeys: WordSet = []
        private var exactKeys: WordSet = []
        private var callbackKeys: WordSet = []
        /// The most scalars any key has. A name is asked with whatever text lies between two
        /// arrows, often a whole sentence: one with too many ASCII scalars that no key function
        /// drops cannot be known, and is told so without making its keys.
        private var longestKey = 0
        /// Whether a key holds a Cyrillic scalar (U+0400–U+04FF). Every key function keeps a
        /// name's Cyrillic scalars (lowercasing keeps them Cyrillic), and equal Strings have the
        /// same canonical decomposition, in which a Cyrillic letter stays (or leaves its Cyrillic
        /// base): when no key holds one, a name that holds one is known to none, and is told so
        /// without making its keys (normalizing and hashing them is the cost of a Bulgarian page's chains).
        private var keysHoldCyrillic = false
        /// Whether every key is ASCII. Then a name that holds a scalar of U+0080–U+00FF or
        /// U+2000–U+207F (the accented letters, guillemets and quotes of Spanish, Italian and
        /// Portuguese prose) is known to none: lowercasing keeps such a scalar in its block, and
        /// its canonical decomposition keeps a scalar that is not ASCII (itself, a mark or another
        /// space), which no ASCII key's has. And an ASCII key
        /// of a name equals an ASCII key only with the same bytes: the keys' byte lengths tell
        /// most names apart before a key is hashed.
        private var keysAreASCII = false
        /// By key set, bit `min(length, 63)` set for each of its keys' UTF-8 lengths.
        private var stateLengths: UInt64 = 0
        private var exactLengths: UInt64 = 0
        private var callbackLengths: UInt64 = 0

        public init(_ machines: [Machine]) {
            var stateKeys: Set<String> = []
            var exactKeys: Set<String> = []
            var callbackKeys: Set<String> = []
            for machine in machines {
                if machine.caseSensitiveStates { exactKeys.formUnion(machine.stateNames.keys) } else { stateKeys.formUnion(machine.stateNames.keys) }
                callbackKeys.formUnion(machine.callbackNames.keys)
            }
            let keys = [stateKeys, exactKeys, callbackKeys].joined()
            longestKey = keys.map(\.unicodeScalars.count).max() ?? 0
            keysHoldCyrillic = keys.contains { key in key.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }
            keysAreASCII = keys.allSatisfy { key in key.utf8.allSatisfy { $0 < 0x80 } }
            func lengths(_ keys: Set<String>) -> UInt64 { keys.reduce(0) { $0 | Self.lengthBit($1) } }
            stateLengths = lengths(stateKeys)
            exactLengths = lengths(exactKeys)
            callbackLengths = lengths(callbackKeys)
            self.stateKeys = WordSet(stateKeys)
            self.exactKeys = WordSet(exactKeys)
            self.callbackKeys = WordSet(callbackKeys)
        }

        /// A key's bit in the length masks.
        static func lengthBit(_ key: String) -> UInt64 { lengthBit(count: key.utf8.count) }

        /// The bit of keys of `count` bytes.
        static func lengthBit(count: Int) -> UInt64 { 1 << min(count, 63) }

        public func knows(_ name: String) -> Bool {
            let byBytes: Bool? = name.withUTF8Bytes { bytes in
                guard !Self.keepsMoreScalars(bytes, than: longestKey) else { return false }
                let scan = Self.scan(bytes)
                if !keysHoldCyrillic && scan.cyrillic { return false }
                if keysAreASCII && scan.offASCII { return false }
                // An ASCII name has ASCII keys (every key function drops or lowercases ASCII bytes only).
                return keysAreASCII && scan.ascii ? knows(ascii: bytes) : nil
            }
            if let byBytes { return byBytes }
            return !stateKeys.isEmpty && stateKeys.contains(Names.stateKey(name))
                || !exactKeys.isEmpty && exactKeys.contains(Names.exactKey(name))
                || !callbackKeys.isEmpty && callbackKeys.contains(Names.callbackKey(name))
        }

        /// `knows` of an ASCII name when every key is ASCII: its keys are made in stack memory (a
        /// String each cost more than the look-up) and compared as bytes, after their lengths.
        private func knows(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            func holds(_ keys: WordSet, _ lengths: UInt64, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
                !keys.isEmpty && lengths & Self.lengthBit(count: key.count) != 0 && keys.contains(key)
            }
            let state = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { out in
                let count = Names.writeWithoutIgnoredBytes(bytes, lowercasingASCII: true, into: out)
                return holds(stateKeys, stateLengths, UnsafeBufferPointer(rebasing: out[..<count]))
            }
            return state || holds(exactKeys, exactLengths, UnsafeBufferPointer(rebasing: bytes[Names.exactKeyRange(bytes)]))
                || holds(callbackKeys, callbackLengths, UnsafeBufferPointer(rebasing: bytes[..<(Names.argumentListStart(bytes) ?? bytes.count)]))
        }

        /// In one pass over the name's bytes: whether it is ASCII, holds a scalar that stays off
        /// ASCII keys (U+0080–U+00FF: lead bytes C2 and C3; U+2000–U+207F: E2 then 80 or 81) and
        /// one of U+0400–U+04FF (lead bytes D0–D3).
        static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (ascii: Bool, offASCII: Bool, cyrillic: Bool) {
            var high = false
            var offASCII = false
            var cyrillic = false
            for i in bytes.indices where bytes[i] >= 0x80 {
                high = true
                let byte = bytes[i]
                if byte == 0xC2 || byte == 0xC3 || (byte == 0xE2 && i + 1 < bytes.count && bytes[i + 1] <= 0x81) { offASCII = true }
                if byte >= 0xD0 && byte <= 0xD3 { cyrillic = true }
            }
            return (!high, offASCII, cyrillic)
        }

        /// Whether no key of `name` can equal a key of at most `limit` scalars. Strings are equal
        /// when their canonical decompositions are, so only ASCII scalars are counted: they stay
        /// in a decomposition, and a scalar decomposes to at most one ASCII scalar (its base).
        /// `stateKey` and `exactKey` keep every ASCII scalar but spaces, `_`, `-` and `.`
        /// (lowercasing keeps ASCII ASCII); `callbackKey` drops at most `(`, `:` and `)` more.
        /// It reads the name's UTF-8 in place (iterating a String's `utf8` cost more than the scan).
        static func keepsMoreScalars(_ bytes: UnsafeBufferPointer<UInt8>, than limit: Int) -> Bool {
            var kept = 0
            for byte in bytes where byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") {
                kept += 1
                if kept > limit + 3 { return true }
            }
            return false
        }
    }

    /// By transition: whether its conditions on the options hold under `options` (those on the
    /// process and the other scenes depend on the run and count as holding, as in
    /// `Condition.holds(for:)`). Made once per option set: every simulation, path verdict and
    /// callback witness under a block's options asks it.
    func transitionsAllowed(under options: MachineOptions) -> [Bool] {
        guard let conditions = optionConditions else { return Array(repeating: true, count: transitions.count) }
        return optionsHoldByOptions.value(for: options) {
            conditions.map { $0.allSatisfy { $0.holds(options, process: .running, otherScenes: EmptyCollection()) } }
        }
    }

    /// The state id for any spelling: "Not Running", "notRunning", ".background", "paused".
    public func resolveState(_ name: String) -> String? {
        stateNames[caseSensitiveStates ? Names.exactKey(name) : Names.stateKey(name)]
    }

    /// The callback id for any spelling: "applicationWillResignActive(_:)", "onPause()".
    public func resolveCallback(_ name: String) -> String? { callbackNames[Names.callbackKey(name)] }

    public func resolveEvent(_ name: String) -> String? { eventIndex[name] != nil ? name : nil }

    public func state(_ id: String) -> StateInfo? { stateIndex[id].map { states[$0] } }

    public func transitions(from state: String, on event: String) -> [Transition] {
        guard let s = stateIndex[state], let e = eventIndex[event] else { return [] }
        return table[s * events.count + e].map { transitions[$0] }
    }

    /// The app-level value over these scene states, for multi-scene machines (nil without a rule);
    /// `process` matters only when no scene counts (see `AggregateRule.noneByProcess`).
    public func aggregateState(of sceneStates: some Collection<String>, process: ProcessState? = nil) -> String? {
        aggregateRule?.value(of: sceneStates, process: process)
    }

    /// Every spelling known for states and callbacks, for did-you-mean suggestions.
    public var stateSpellings: [String] { states.flatMap { [$0.id, $0.name] + $0.aliases } }
    public var callbackSpellings: [String] { callbacks.flatMap { [$0.id] + $0.aliases } }
}
