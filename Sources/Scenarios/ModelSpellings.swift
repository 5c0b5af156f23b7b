import Glibc
import LifecycleMachines
import LifecycleModel

/// The names a machine spells itself (its states' ids, names and aliases, its events' ids, its
/// callbacks' ids and aliases) and what each resolves to, made once for each machine of the
/// catalog. A name written as the model spells it (most names of a block) takes the model's
/// String and id: no String is cut from the line for it and no key is made to look it up, each
/// an allocation for a name of more than 15 bytes (most callbacks, many states and events).
/// A class: a reader keeps it, and a copy of a struct retained each of its arrays.
final class ModelSpellings: Sendable {
    /// A spelling and the id it resolves to (nil: the model does not know it).
    struct Spelling: Sendable {
        let text: String
        let id: String?
    }

    enum Kind {
        case state
        case event
        case callback
    }

    /// Spellings by their UTF-8 length: a written name is compared with those of its length only.
    struct List: Sendable {
        /// Sorted by length; `starts[n]..<starts[n + 1]` are the spellings of `n` bytes.
        let spellings: [Spelling]
        let starts: [Int]
        /// The spellings' UTF-8, one after another in their order (compared with `memcmp`).
        let bytes: [UInt8]
        let offsets: [Int]

        init(_ texts: [String], resolve: (String) -> String?) {
            var seen: Set<String> = []
            let sorted = texts.filter { seen.insert($0).inserted }.sorted { $0.utf8.count < $1.utf8.count }
            let longest = sorted.last?.utf8.count ?? 0
            starts = (0...(longest + 1)).map { length in sorted.firstIndex { $0.utf8.count >= length } ?? sorted.count }
            spellings = sorted.map { Spelling(text: $0, id: resolve($0)) }
            bytes = sorted.flatMap(\.utf8)
            var offset = 0
            offsets = sorted.map { text in
                defer { offset += text.utf8.count }
                return offset
            }
        }

        /// The indexes of the spellings of `length` bytes.
        func indexes(ofLength length: Int) -> Range<Int> {
            length + 1 < starts.count ? starts[length]..<starts[length + 1] : 0..<0
        }

        /// The index of the spelling whose UTF-8 is `written`, nil when none is.
        func index(of written: UnsafeBufferPointer<UInt8>) -> Int? {
            let candidates = indexes(ofLength: written.count)
            guard !candidates.isEmpty, let writtenBase = written.baseAddress else { return nil }
            return bytes.withUnsafeBufferPointer { all in
                guard let base = all.baseAddress else { return nil }
                return candidates.first { memcmp(base + offsets[$0], writtenBase, written.count) == 0 }
            }
        }
    }

    let states: List
    let events: List
    let callbacks: List

    init(_ machine: Machine) {
        states = List(machine.states.flatMap { [$0.id, $0.name] + $0.aliases }, resolve: machine.resolveState)
        events = List(machine.events.map(\.id), resolve: machine.resolveEvent)
        callbacks = List(machine.callbacks.flatMap { [$0.id] + $0.aliases }, resolve: machine.resolveCallback)
    }

    /// The spelling of `kind` whose bytes are those of `line.text(range)`, nil when none is (or
    /// the line was made from Characters). Read in place: a copy of a list retained its arrays.
    func spelling(_ kind: Kind, of range: Range<Int>, in line: SourceLine) -> Spelling? {
        let found: Int?? = line.withUTF8(of: range) { written in
            switch kind {
            case .state: states.index(of: written)
            case .event: events.index(of: written)
            case .callback: callbacks.index(of: written)
            }
        }
        guard let index = found ?? nil else { return nil }
        switch kind {
        case .state: return states.spellings[index]
        case .event: return events.spellings[index]
        case .callback: return callbacks.spellings[index]
        }
    }

    /// Whether `text` is, as written, one of the model's spellings of `kind`.
    func spells(_ kind: Kind, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { written in
            switch kind {
            case .state: states.index(of: written) != nil
            case .event: events.index(of: written) != nil
            case .callback: callbacks.index(of: written) != nil
            }
        }
    }

    /// The catalog's machines' spellings (the tests' made-up machines have none: their names
    /// are always cut from the line).
    private static let catalog: [ObjectIdentifier: ModelSpellings] = Dictionary(
        Machines.all.map { (ObjectIdentifier($0), ModelSpellings($0)) }, uniquingKeysWith: { first, _ in first })

    static func of(_ machine: Machine?) -> ModelSpellings? {
        machine.flatMap { catalog[ObjectIdentifier($0)] }
    }
}
