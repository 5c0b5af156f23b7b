import Testing

@testable import Diagrams
import LifecycleModel
@testable import LifecycleMachines

/// Prepared diagrams and their cache give exactly the text of a direct rendering.
@Suite struct PreparedDiagramTests {
    static let prefixes = ["d", "ex-12-diagram", "p\"q&<x>'", "", "\u{0}id\u{0}-diagram"]

    /// Labels in another script, with wrapped names, characters to escape and a state kept in English.
    static func translated(_ machine: Machine, title: String = "Жизненный цикл <\"&'>") -> DiagramLabels {
        var states: [String: String] = [:]
        for (i, state) in machine.states.enumerated() {
            states[state.id] = i == 0 ? state.name : "Состояние № \(i) & «\(state.id)» очень длинное"
        }
        var events: [String: String] = [:]
        for event in machine.events { events[event.id] = "событие <\(event.id)>" }
        return DiagramLabels(
            title: title, titleIsEnglish: false, states: states,
            englishStates: machine.states.first.map { [$0.id] } ?? [], events: events)
    }

    /// A few runs of a machine from its initial state, each as the steps `DiagramHighlight(steps:)` takes.
    static func runs(_ machine: Machine) -> [[Step]] {
        var runs: [[Step]] = []
        for length in [1, 3, 8] {
            for choice in 0..<3 {
                var sim = Simulation(machine: machine)
                var steps: [Step] = []
                for turn in 0..<length {
                    let events = sim.possibleEvents()
                    guard !events.isEmpty, case .success(let step) = sim.fire(events[(choice + turn) % events.count]) else { break }
                    steps.append(step)
                }
                runs.append(steps)
            }
        }
        return runs
    }

    /// Highlights to try: none, everything, a few runs, and ids the machine does not have.
    static func highlights(_ machine: Machine) -> [DiagramHighlight] {
        let allEdges = Set(StateDiagram.edges(of: machine).map(\.edge))
        var list = [
            DiagramHighlight(),
            DiagramHighlight(states: Set(machine.states.map(\.id)), edges: allEdges),
            DiagramHighlight(states: ["nowhere"], edges: [Edge(from: "nowhere", to: machine.initialState)]),
        ]
        list += runs(machine).map { DiagramHighlight(steps: $0) }
        // Every other edge and state, so that neighbouring holes differ.
        let edges = StateDiagram.edges(of: machine).map(\.edge)
        list.append(DiagramHighlight(
            states: Set(machine.states.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.id)),
            edges: Set(edges.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))))
        return list
    }

    @Test(arguments: Machines.ids)
    func preparedEqualsDirectRendering(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        for labels in [nil, Self.translated(machine)] {
            let prepared = StateDiagram.prepared(for: machine, labels: labels)
            for highlight in Self.highlights(machine) {
                for prefix in Self.prefixes {
                    let direct = StateDiagram.directSVG(for: machine, highlight: highlight, idPrefix: prefix, labels: labels)
                    #expect(prepared.svg(highlight: highlight, idPrefix: prefix) == direct, "\(id) \(prefix) \(highlight)")
                    #expect(StateDiagram.svg(for: machine, highlight: highlight, idPrefix: prefix, labels: labels) == direct)
                }
            }
            #expect(prepared.svg(idPrefix: "x") == StateDiagram.directSVG(for: machine, idPrefix: "x", labels: labels))
        }
    }

    /// A path marked step by step, as an example figure does, marks what the sets of the same run mark.
    @Test(arguments: Machines.ids)
    func markedPathEqualsHighlightOfTheSameRun(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        let prepared = StateDiagram.prepared(for: machine)
        for steps in Self.runs(machine) {
            var path = prepared.path()
            path.markState(machine.initialState)
            for step in steps { path.markStep(from: step.from, through: step.states) }
            var highlight = DiagramHighlight(steps: steps)
            highlight.states.insert(machine.initialState)
            let direct = StateDiagram.directSVG(for: machine, highlight: highlight, idPrefix: "ex-1-diagram")
            #expect(prepared.svg(idPrefix: "ex-1-diagram", path: path) == direct)
            // Marks only what the diagram draws.
            #expect(path.highlight.states.isSubset(of: highlight.states) && path.highlight.edges.isSubset(of: highlight.edges))
        }
        // A fresh path is unmarked, whatever was marked on another copy.
        #expect(prepared.svg(idPrefix: "d", path: prepared.path()) == StateDiagram.directSVG(for: machine, idPrefix: "d"))
    }

    @Test func aPathFromAnotherDiagramIsReadByID() throws {
        let machine = try #require(Machines.machine("android-activity"))
        let english = StateDiagram.prepared(for: machine)
        let translated = StateDiagram.prepared(for: machine, labels: Self.translated(machine))
        #expect(english !== translated)
        var path = english.path()
        path.markStep(from: "initialized", through: ["created", "started"])
        path.markStep(from: "resumed", through: [])
        let expected = StateDiagram.directSVG(for: machine, highlight: path.highlight, idPrefix: "q", labels: Self.translated(machine))
        #expect(path.highlight.edges.contains(Edge(from: "resumed", to: "resumed")))
        #expect(translated.svg(idPrefix: "q", path: path) == expected)
    }

    /// Marks worked out once (`stepMarks`, as a figure's transition rows keep them) mark what
    /// `markStep` marks; marks of another machine's diagram mark nothing, though their numbers
    /// would name states and edges of this one.
    @Test func stepMarksMarkWhatTheStepMarksAndOnlyOnTheirOwnDiagram() throws {
        let activity = try #require(Machines.machine("android-activity"))
        let app = try #require(Machines.machine("ios-app"))
        let prepared = StateDiagram.prepared(for: activity)
        for transition in activity.transitions {
            var stepped = prepared.path()
            stepped.markStep(from: transition.from, through: transition.states)
            var marked = prepared.path()
            marked.mark(prepared.path().stepMarks(from: transition.from, through: transition.states))
            #expect(marked.highlight == stepped.highlight)
        }
        let other = StateDiagram.prepared(for: app)
        var foreign = prepared.path()
        var marksMade = 0
        for transition in app.transitions {
            let marks = other.path().stepMarks(from: transition.from, through: transition.states)
            marksMade += marks.states.count + marks.edges.count
            foreign.mark(marks)
        }
        #expect(marksMade > 0)
        #expect(foreign.highlight == prepared.path().highlight)
        #expect(foreign.highlight.states.isEmpty && foreign.highlight.edges.isEmpty)
    }

    @Test func theCacheReturnsOneDiagramPerMachineAndLabels() throws {
        let machine = try #require(Machines.machine("ios-app"))
        #expect(StateDiagram.prepared(for: machine) === StateDiagram.prepared(for: machine))
        let labels = Self.translated(machine)
        #expect(StateDiagram.prepared(for: machine, labels: labels) === StateDiagram.prepared(for: machine, labels: Self.translated(machine)))
    }

    static func tiny(_ transitions: [Transition], states: [StateInfo]? = nil) -> Machine {
        Machine(
            id: "tiny", title: "Tiny",
            states: states ?? [StateInfo("on", name: "On"), StateInfo("off", name: "Off"), StateInfo("broken", name: "Broken")],
            events: [EventInfo("flip", "flips"), EventInfo("drop", "drops")], callbacks: [],
            transitions: transitions, initialState: "off")
    }

    @Test func machinesSharingAnIDWithOtherTransitionsDoNotShareADiagram() {
        let flip = Transition("T1", from: "on", on: "flip", to: ["off"], sources: ["AP-WRA"])
        let back = Transition("T2", from: "off", on: "flip", to: ["on"], sources: ["AP-WRA"])
        let machines = [
            Self.tiny([flip, back]),
            Self.tiny([flip]),
            Self.tiny([flip, Transition("T2", from: "off", on: "drop", to: ["on"], sources: ["AP-WRA"])]),
            Self.tiny([flip, Transition("T2", from: "off", on: "flip", to: ["broken", "on"], sources: ["AP-WRA"])]),
            Self.tiny([flip, Transition("T2", from: "off", on: "flip", to: [], sources: ["AP-WRA"])]),
            Self.tiny([flip, back], states: [StateInfo("on", name: "On"), StateInfo("off", name: "Off", observable: false), StateInfo("broken", name: "Broken")]),
            Self.tiny([flip, back], states: [StateInfo("on", name: "On"), StateInfo("off", name: "Off")]),
        ]
        var seen: Set<String> = []
        for machine in machines {
            let cached = StateDiagram.svg(for: machine, idPrefix: "t")
            #expect(cached == StateDiagram.directSVG(for: machine, idPrefix: "t"))
            #expect(seen.insert(cached).inserted, "\(machine.transitions.map(\.states)) drawn like an earlier machine")
        }
    }

    @Test func otherLabelsDoNotShareADiagram() {
        let machine = Self.tiny([Transition("T1", from: "on", on: "flip", to: ["off"], sources: ["AP-WRA"])])
        let base = DiagramLabels(english: machine)
        var variants = [base]
        var retitled = base; retitled.title = "Tinz"; variants.append(retitled)
        var nonEnglish = base; nonEnglish.titleIsEnglish = false; variants.append(nonEnglish)
        var renamed = base; renamed.states["on"] = "Om"; variants.append(renamed)
        var unmarked = base; unmarked.englishStates.remove("off"); variants.append(unmarked)
        var eventNamed = base; eventNamed.events["flip"] = "Flip"; variants.append(eventNamed)
        // Canonically equal, other bytes: "é" precomposed, then as "e" and a combining accent.
        var composed = base; composed.states["on"] = "Caf\u{E9}"; variants.append(composed)
        var decomposed = base; decomposed.states["on"] = "Cafe\u{301}"; variants.append(decomposed)
        var seen: Set<[UInt8]> = []
        for labels in variants {
            let cached = StateDiagram.svg(for: machine, idPrefix: "t", labels: labels)
            #expect(Array(cached.utf8) == Array(StateDiagram.directSVG(for: machine, idPrefix: "t", labels: labels).utf8))
            #expect(seen.insert(Array(cached.utf8)).inserted, "labels \(labels) drawn like earlier ones")
        }
    }

    @Test func theCacheIsBounded() {
        let cache = DiagramCache(limit: 4)
        var diagrams: [PreparedDiagram] = []
        for n in 0..<10 {
            let machine = Self.tiny([Transition("T\(n)", from: "on", on: "flip", to: n % 2 == 0 ? ["off"] : [], sources: ["AP-WRA"])])
            var labels = DiagramLabels(english: machine)
            labels.title = "Tiny \(n)"
            diagrams.append(cache.diagram(for: machine, labels: labels))
            #expect(cache.count <= 4)
            #expect(cache.diagram(for: machine, labels: labels) === diagrams[n])
        }
        #expect(DiagramCache.shared.count <= DiagramCache.shared.limit)
    }
}
