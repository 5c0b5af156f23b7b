/// Options that change behaviour where the docs say so (Android's target
/// API level, handled configuration changes, root activity).
public struct MachineOptions: Sendable, Hashable {
    /// The app's target API level (Android).
    public var api: Int
    /// Changes declared in `android:configChanges`, handled by the activity itself.
    public var configChanges: Set<String>
    /// Whether the activity is the root of its task (Back differs from API 31).
    public var root: Bool

    public init(api: Int = MachineOptions.defaultAPI, configChanges: Set<String> = [], root: Bool = false) {
        self.api = api
        self.configChanges = configChanges
        self.root = root
    }

    public static let defaultAPI = 34

    /// A problem with an option as written.
    public struct Problem: Error, Sendable, Hashable {
        public let option: String
        public let message: String
        /// A known option name near the unknown one.
        public let suggestion: String?
    }

    /// Reads `name=value` pairs for `machine`; an option the machine does not take is a problem.
    public static func parse(_ pairs: [(name: String, value: String)], for machine: Machine) throws(Problem) -> MachineOptions {
        var options = MachineOptions()
        let known = machine.options.map(\.name)
        for (name, value) in pairs {
            guard known.contains(name) else {
                let what = known.isEmpty
                    ? "machine '\(machine.id)' takes no options"
                    : "unknown option '\(name)' for machine '\(machine.id)' (it takes: \(known.joined(separator: ", ")))"
                throw Problem(option: name, message: what, suggestion: Names.suggestion(for: name, among: known))
            }
            switch name {
            case "api":
                guard let level = Int(value), (1...99).contains(level) else {
                    throw Problem(option: name, message: "'api' must be an Android API level like 28 or 34, not '\(value)'", suggestion: nil)
                }
                options.api = level
            case "configChanges":
                options.configChanges = Set(value.split(separator: "|").map { String($0) }.filter { !$0.isEmpty })
            case "root":
                guard let flag = Bool(value) else {
                    throw Problem(option: name, message: "'root' must be true or false, not '\(value)'", suggestion: nil)
                }
                options.root = flag
            default:
                throw Problem(option: name, message: "option '\(name)' is not implemented", suggestion: nil)
            }
        }
        return options
    }
}

extension Condition {
    /// Whether the condition holds for these options, process state and other scenes.
    public func holds(_ options: MachineOptions, process: ProcessState, otherScenes: some Sequence<String>) -> Bool {
        switch self {
        case .apiAtLeast(let level): return options.api >= level
        case .apiBelow(let level): return options.api < level
        case .configHandled(let change): return options.configChanges.contains(change)
        case .configNotHandled(let change): return !options.configChanges.contains(change)
        case .root(let root): return options.root == root
        case .process(let allowed): return allowed.contains(process)
        case .otherScenesIn(let allowed): return otherScenes.allSatisfy { allowed.contains($0) }
        }
    }
}
