/// Options that change behaviour where the docs say so (Android's API
/// level and target SDK, handled configuration changes, root activity).
public struct MachineOptions: Sendable, Hashable {
    /// The device's Android API level (multi-resume from 29, root Back from 31).
    public var api: Int
    /// The app's `targetSdk` (onSaveInstanceState after onStop from 28); nil: the same as `api`.
    public var targetSDK: Int?
    /// Changes declared in `android:configChanges`, handled by the activity itself.
    public var configChanges: Set<String>
    /// Whether the activity is the root of its task (Back differs from API 31).
    public var root: Bool
    /// `api=any`: `path`, `callbacks` and `never` lines are statements about every API level
    /// (a path holds if it happens at some level, `never` if at none); events need one level.
    public var anyAPI: Bool

    public init(
        api: Int = MachineOptions.defaultAPI, targetSDK: Int? = nil, configChanges: Set<String> = [], root: Bool = false,
        anyAPI: Bool = false
    ) {
        self.api = api
        self.targetSDK = targetSDK
        self.configChanges = configChanges
        self.root = root
        self.anyAPI = anyAPI
    }

    public static let defaultAPI = 34

    /// The level the app targets: `targetSdk` when given, else the device's.
    public var target: Int { targetSDK ?? api }

    /// A problem with an option as written.
    public struct Problem: Error, Sendable, Hashable {
        public let option: String
        public let message: String
        /// A known option name near the unknown one.
        public let suggestion: String?
        /// Where in the value the problem is, in Characters (0: the value itself).
        public var valueOffset = 0
    }

    /// Reads `name=value` pairs for `machine`; an option the machine does not take is a problem.
    /// `anyAPI`: whether `api=any` may be given (not for a run of events, which needs one level).
    public static func parse(
        _ pairs: [(name: String, value: String)], for machine: Machine, anyAPI allowsAnyAPI: Bool = true
    ) throws(Problem) -> MachineOptions {
        var options = MachineOptions()
        for (name, value) in pairs {
            try options.set(name, to: value, for: machine, anyAPI: allowsAnyAPI)
        }
        return options
    }

    /// Sets one `name=value` pair for `machine`, as `parse` reads it: each option sets its own
    /// field, so a block's pairs read one by one make the same options as `parse` of them all.
    public mutating func set(_ name: String, to value: String, for machine: Machine, anyAPI allowsAnyAPI: Bool = true) throws(Problem) {
        // The names listed only for the message: an array of them was made for every option.
        guard machine.options.contains(where: { $0.name == name }) else {
            let known = machine.options.map(\.name)
            let what = known.isEmpty
                ? "machine '\(machine.id)' takes no options"
                : "unknown option '\(name)' for machine '\(machine.id)' (it takes: \(known.joined(separator: ", ")))"
            throw Problem(option: name, message: what, suggestion: Names.suggestion(for: name, among: known))
        }
        switch name {
        case "api" where value == "any" && allowsAnyAPI:
            anyAPI = true
        case "api":
            guard let level = Int(value), (1...99).contains(level) else {
                let levels = allowsAnyAPI ? "an Android API level like 28 or 34, or 'any'" : "an Android API level like 28 or 34"
                throw Problem(option: name, message: "'api' must be \(levels), not '\(value)'", suggestion: nil)
            }
            api = level
        case "targetSdk":
            guard let level = Int(value), (1...99).contains(level) else {
                throw Problem(option: name, message: "'targetSdk' must be an Android API level like 27 or 34, not '\(value)'", suggestion: nil)
            }
            targetSDK = level
        case "configChanges":
            let changes = Self.configChanges(value)
            // A misspelt change would be read as one the activity does not handle: the first, where it is written.
            if !changes.allSatisfy(Self.androidConfigChanges.contains) {
                var offset = 0
                for part in value.split(separator: "|", omittingEmptySubsequences: false) {
                    if !part.isEmpty, !Self.androidConfigChanges.contains(String(part)) {
                        var problem = Problem(
                            option: name,
                            message: "unknown configuration change '\(part)' (android:configChanges takes: \(Self.androidConfigChanges.joined(separator: ", ")))",
                            suggestion: Names.suggestion(for: String(part), among: Self.androidConfigChanges))
                        problem.valueOffset = offset
                        throw problem
                    }
                    offset += part.count + 1
                }
            }
            configChanges = changes
        case "root":
            guard let flag = Bool(value) else {
                throw Problem(option: name, message: "'root' must be true or false, not '\(value)'", suggestion: nil)
            }
            root = flag
        default:
            throw Problem(option: name, message: "option '\(name)' is not implemented", suggestion: nil)
        }
    }
}

extension MachineOptions {
    /// The values `android:configChanges` takes (developer.android.com, `<activity>` element).
    public static let androidConfigChanges = [
        "colorMode", "density", "fontScale", "fontWeightAdjustment", "grammaticalGender", "keyboard", "keyboardHidden",
        "layoutDirection", "locale", "mcc", "mnc", "navigation", "orientation", "screenLayout", "screenSize",
        "smallestScreenSize", "touchscreen", "uiMode",
    ]

    /// The changes of a `configChanges` value, `a|b|c`. An ASCII value is cut at its `|` bytes
    /// (there each byte is a Character); another by Characters, as `configChangesByCharacters`.
    static func configChanges(_ value: String) -> Set<String> {
        guard value.utf8.allSatisfy({ $0 < 0x80 }) else { return configChangesByCharacters(value) }
        var changes = Set<String>()
        for part in value.utf8.split(separator: UInt8(ascii: "|")) {
            changes.insert(String(Substring(part)))
        }
        return changes
    }

    /// `configChanges` by Characters, as first written (the reference in tests).
    static func configChangesByCharacters(_ value: String) -> Set<String> {
        Set(value.split(separator: "|").map { String($0) }.filter { !$0.isEmpty })
    }
}

extension Condition {
    /// Whether the condition holds for these options, process state and other scenes.
    /// With `api=any`, a condition on the API level holds at some level: it holds here.
    public func holds(_ options: MachineOptions, process: ProcessState, otherScenes: some Sequence<String>) -> Bool {
        switch self {
        case .apiAtLeast(let level): return options.anyAPI || options.api >= level
        case .apiBelow(let level): return options.anyAPI || options.api < level
        case .targetSDKAtLeast(let level): return options.anyAPI || options.target >= level
        case .targetSDKBelow(let level): return options.anyAPI || options.target < level
        case .configHandled(let change): return options.configChanges.contains(change)
        case .configNotHandled(let change): return !options.configChanges.contains(change)
        case .root(let root): return options.root == root
        case .process(let allowed): return allowed.contains(process)
        case .otherScenesIn(let allowed): return otherScenes.allSatisfy { allowed.contains($0) }
        }
    }
}

extension Condition {
    /// Whether the condition holds for these options, whatever the run: conditions on the
    /// process and on other scenes depend on the run and count as holding.
    public func holds(for options: MachineOptions) -> Bool {
        switch self {
        case .process, .otherScenesIn: return true
        default: return holds(options, process: .running, otherScenes: [])
        }
    }
}
