import Encoding
import Diagnostics
import LifecycleModel
import Scenarios
import LifecycleMachines

/// `trace` and `model`: the lifecycle model on the command line.
extension CLI {
    static func trace(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "trace")
        let format = try OutputFormat(try parser.value(for: "--format"))
        let api = try parser.value(for: "--api")
        let targetSDK = try parser.value(for: "--target-sdk")
        let configChanges = try parser.value(for: "--config-changes")
        let root = try parser.flag("--root")
        let fromName = try parser.value(for: "--from")
        let words = try parser.positionals()
        guard let machineName = words.first else { throw UsageError("trace needs a machine: \(Machines.ids.joined(separator: ", "))") }
        let machine = try resolveMachine(machineName)

        var pairs: [(name: String, value: String)] = []
        if let api { pairs.append(("api", api)) }
        if let targetSDK { pairs.append(("targetSdk", targetSDK)) }
        if let configChanges { pairs.append(("configChanges", configChanges)) }
        if root { pairs.append(("root", "true")) }
        let options: MachineOptions
        do {
            // A trace is a run: it happens at one API level.
            options = try MachineOptions.parse(pairs, for: machine, anyAPI: false)
        } catch {
            throw UsageError(error.message)
        }
        var from = machine.initialState
        if let fromName {
            guard let state = machine.resolveState(fromName) else {
                throw UsageError(
                    "unknown state '\(fromName)' for \(machine.id)" + didYouMean(fromName, machine.stateSpellings)
                        + "\n\(machine.id) states: " + machine.states.map(\.id).joined(separator: ", "),
                    pointsToHelp: false)
            }
            from = state
        }
        let events = try words.dropFirst().map { word throws(UsageError) -> (event: String, scene: String) in
            let parts = word.split(separator: "@", maxSplits: 1).map(String.init)
            guard let event = parts.first.flatMap(machine.resolveEvent) else {
                throw UsageError(
                    "unknown event '\(word)' for \(machine.id)" + didYouMean(parts.first ?? word, machine.events.map(\.id))
                        + "\n\(machine.id) events: " + machine.events.map(\.id).joined(separator: ", "),
                    pointsToHelp: false)
            }
            if parts.count == 2 && !machine.multiScene {
                throw UsageError("\(machine.id) has one instance; '@\(parts[1])' names a scene")
            }
            // A scene is named as in a lifecycle block: one word of letters, digits and '_'.
            let scene = parts.count == 2 ? parts[1] : word.hasSuffix("@") ? "" : nil
            if let scene, !LifecycleBlockParser.isSceneName(scene) {
                throw UsageError("'\(word)': a scene's name is one word of letters, digits and '_', like \(parts[0])@B", pointsToHelp: false)
            }
            return (event, parts.count == 2 ? parts[1] : Simulation.mainScene)
        }
        guard !events.isEmpty else { throw UsageError("trace needs at least one event; \(machine.id) knows: \(machine.events.map(\.id).joined(separator: ", "))") }

        var simulation = Simulation(machine: machine, options: options, from: from)
        var steps: [TracedStep] = []
        for (event, scene) in events {
            let before = simulation
            switch simulation.fire(event, scene: scene) {
            case .success(let step):
                steps.append(TracedStep(step: step, process: simulation.process))
            case .failure(let impossible):
                // The steps that happened, in the asked form, before the one that cannot.
                switch format {
                case .text: printTrace(steps, machine: machine, options: options, console: &console)
                case .json: console.out(traceJSON(steps, machine: machine))
                }
                let sceneText = machine.multiScene ? " in scene '\(impossible.scene)'" : ""
                console.error(
                    "error: '\(impossible.event)' cannot happen in state '\(impossible.state)'\(sceneText) of \(machine.id); "
                        + "possible there: " + (impossible.possible.isEmpty ? "nothing" : impossible.possible.joined(separator: ", ")))
                // Why, when the machine documents the event there: the condition that fails (the process, the API level…).
                let others = before.scenes.filter { $0.name != impossible.scene }.map(\.state)
                for reason in ModelQueries.blockedBy(
                    event: impossible.event, in: impossible.state, machine: machine, options: options, process: before.process,
                    otherScenes: others, cover: before.cover(of: impossible.scene))
                {
                    let process = tracksProcess(machine) ? "; the process is \(processName(before.process))" : ""
                    console.error("    note: '\(impossible.event)' \(reason)\(process)")
                }
                return ExitCode.contentError
            }
        }
        switch format {
        case .text: printTrace(steps, machine: machine, options: options, console: &console)
        case .json: console.out(traceJSON(steps, machine: machine))
        }
        return ExitCode.success
    }

    static func model(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "model")
        let format = try OutputFormat(try parser.value(for: "--format") ?? "json")
        try parser.finish()
        switch format {
        case .json:
            console.out(ModelExport.json())
        case .text:
            for machine in Machines.all {
                console.out("\(machine.id): \(machine.title)")
                console.out("  states: " + machine.states.map(\.id).joined(separator: ", "))
                console.out("  events: " + machine.events.map(\.id).joined(separator: ", "))
                console.out("  transitions: \(machine.transitions.count)")
            }
        }
        return ExitCode.success
    }

    static func resolveMachine(_ name: String) throws(UsageError) -> Machine {
        guard let machine = Machines.machine(name) else {
            throw UsageError("unknown machine '\(name)'" + didYouMean(name, Machines.ids))
        }
        return machine
    }

    static func didYouMean(_ name: String, _ candidates: [String]) -> String {
        Names.suggestion(for: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// A step of a trace and the process after it.
    struct TracedStep {
        var step: Step
        var process: ProcessState
    }

    /// Whether the machine follows its process apart from its states (ios-scene: a suspended
    /// process behind background scenes); elsewhere the states say it (Not Running, Suspended).
    static func tracksProcess(_ machine: Machine) -> Bool {
        machine.transitions.contains { $0.effects.contains { if case .setProcess = $0 { true } else { false } } }
    }

    static func processName(_ process: ProcessState) -> String { process == .notRunning ? "not running" : process.rawValue }

    static func printTrace(_ traced: [TracedStep], machine: Machine, options: MachineOptions, console: inout Console) {
        for (index, (step, process)) in traced.map({ ($0.step, $0.process) }).enumerated() {
            let scene = machine.multiScene && step.scene != Simulation.mainScene ? "@\(step.scene)" : ""
            let states = step.states.isEmpty ? "\(step.from) (unchanged)" : ([step.from] + step.states).joined(separator: " → ")
            console.out("\(index + 1). \(step.event)\(scene): \(states)")
            let callbacks = step.callbacks.map { $0.optional ? "(\($0.name))" : $0.name }
            console.out("   callbacks: " + (callbacks.isEmpty ? "none" : callbacks.joined(separator: ", ")))
            if let aggregate = step.aggregate { console.out("   app: \(aggregate)") }
            if tracksProcess(machine) { console.out("   process: \(processName(process))") }
            console.out("   \(step.transition.row) · \(step.transition.confidence.rawValue) · " + step.transition.sources.joined(separator: ", "))
            for alternative in step.alternatives {
                // What differs from the step taken: the states (e.g. SwiftUI's P1 readings), then the callbacks.
                var parts: [String] = []
                if alternative.states != step.states { parts.append(([step.from] + alternative.states).joined(separator: " → ")) }
                let calls = alternative.callbacks.map { $0.optional ? "(\($0.name))" : $0.name }
                parts.append(calls.isEmpty ? "no callbacks" : calls.joined(separator: ", "))
                console.out("   or (\(alternative.row)): " + parts.joined(separator: "; "))
            }
        }
    }

    /// The contract form: an array of steps. `callbacks` names them in order; `calls` adds which
    /// are optional; `alternatives` are the other documented orders of the event there.
    static func traceJSON(_ traced: [TracedStep], machine: Machine) -> String {
        let q = JSON.quote
        func list(_ items: [String]) -> String { "[" + items.map(q).joined(separator: ",") + "]" }
        func calls(_ calls: [CallbackCall]) -> String {
            "[" + calls.map { "{\"name\":\(q($0.name)),\"optional\":\($0.optional)}" }.joined(separator: ",") + "]"
        }
        return "[" + traced.map { traced in
            let step = traced.step
            var fields = [
                "\"event\":\(q(step.event))", "\"from\":\(q(step.from))",
                "\"states\":\(list(step.states.isEmpty ? [step.from] : step.states))",
                "\"callbacks\":\(list(step.callbacks.map(\.name)))",
                "\"sources\":\(list(step.transition.sources))",
                "\"row\":\(q(step.transition.row))",
                "\"confidence\":\(q(step.transition.confidence.rawValue))",
                "\"calls\":\(calls(step.callbacks))",
                "\"alternatives\":[" + step.alternatives.map { "{\"row\":\(q($0.row)),\"states\":\(list($0.states)),\"calls\":\(calls($0.callbacks))}" }.joined(separator: ",") + "]",
            ]
            if machine.multiScene { fields.append("\"scene\":\(q(step.scene))") }
            if let aggregate = step.aggregate { fields.append("\"app\":\(q(aggregate))") }
            if tracksProcess(machine) { fields.append("\"process\":\(q(traced.process.rawValue))") }
            return "{" + fields.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]"
    }
}

/// `--format text|json`.
enum OutputFormat: Equatable {
    case text
    case json

    init(_ value: String?) throws(UsageError) {
        switch value {
        case nil, "text": self = .text
        case "json": self = .json
        case let other?: throw UsageError("unknown format '\(other)': use text or json")
        }
    }
}
