import Testing

@testable import Diagrams
import LifecycleModel
@testable import LifecycleMachines

/// Text from the model is escaped; machines without a tuned layout still get a readable diagram.
@Suite struct EscapingAndFallbackTests {
    /// A machine nobody tuned, with every character HTML cares about in its names.
    static let odd = Machine(
        id: "odd<&>\"'",
        title: "Title <script>alert(\"x\")</script> & 'more'",
        states: [
            StateInfo("a", name: "A <b>"),
            StateInfo("b&c", name: "B & \"C\""),
            StateInfo("d", name: "It's > D", observable: false),
        ],
        events: [EventInfo("go<", "goes"), EventInfo("back\"", "comes back"), EventInfo("stay'", "stays")],
        callbacks: [],
        transitions: [
            Transition("X1", from: "a", on: "go<", to: ["b&c", "d"], sources: ["AP-WRA"]),
            Transition("X2", from: "d", on: "back\"", to: ["a"], sources: ["AP-WRA"]),
            Transition("X3", from: "b&c", on: "stay'", to: [], sources: ["AP-WRA"]),
        ],
        initialState: "a")

    @Test func everythingIsEscaped() throws {
        let svg = StateDiagram.svg(for: Self.odd, highlight: .init(states: ["b&c"], edges: [Edge(from: "a", to: "b&c")]), idPrefix: "p\"q")
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("Title &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;"))
        #expect(svg.contains("data-state=\"b&amp;c\""))
        #expect(svg.contains("data-events=\"go&lt;\""))
        #expect(svg.contains("data-machine=\"odd&lt;&amp;&gt;&quot;&#39;\""))
        #expect(svg.contains("id=\"p&quot;q-title\""))
        // The scanner rejects bare &, < or > in text and unquoted or broken attributes.
        let doc = try ScannedDocument(svg)
        let states = doc.all("g", withClass: "node").map { doc.elements[$0].attribute("data-state") }
        #expect(states == ["a", "b&c", "d"])
        let edges = doc.all("g", withClass: "edge").map { doc.elements[$0].attribute("data-events") }
        #expect(edges == ["go<", "go<", "back\"", "stay'"])
        let labels = doc.all("text").map { doc.fullText($0) }
        #expect(labels == ["A <b>", "B & \"C\"", "It's > D"])
        #expect(doc.all("g", withClass: "on-path").count == 2)
    }

    @Test func unknownMachineGetsACircle() throws {
        let machine = Self.odd
        let layout = Layouts.layout(for: machine)
        #expect(layout.positions.count == 3)
        // Evenly spread: all at the same distance from the centre, none on top of another.
        let radii = machine.states.map { layout.positions[$0.id]!.length }
        #expect(radii.allSatisfy { abs($0 - radii[0]) < 0.001 })
        #expect(LayoutTests.overlaps(machine).isEmpty)
    }

    @Test func aTunedLayoutMissingAStateFallsBackToACircle() {
        let base = Machines.iosApp
        let grown = Machine(
            id: base.id, title: base.title, states: base.states + [StateInfo("extra", name: "Extra")], events: base.events,
            callbacks: base.callbacks, transitions: base.transitions, initialState: base.initialState)
        #expect(Layouts.layout(for: grown).positions["extra"] != nil)
        #expect(Layouts.layout(for: base).positions == Layouts.tuned["ios-app"]!.positions)
    }

    /// The exact markup of a tiny diagram: the contract, byte for byte.
    @Test func goldenTinyDiagram() {
        let machine = Machine(
            id: "tiny", title: "Tiny",
            states: [StateInfo("on", name: "On"), StateInfo("off", name: "Off", observable: false)],
            events: [EventInfo("flip", "flips")], callbacks: [],
            transitions: [
                Transition("T1", from: "on", on: "flip", to: ["off"], sources: ["AP-WRA"]),
                Transition("T2", from: "off", on: "flip", to: ["on"], sources: ["AP-WRA"]),
            ],
            initialState: "off")
        let svg = StateDiagram.svg(for: machine, highlight: .init(states: ["on"], edges: [Edge(from: "off", to: "on")]), idPrefix: "t")
        let expected = """
            <svg class="state-diagram" viewBox="-48 -134 97 268" width="97" height="268" role="img" aria-labelledby="t-title" data-machine="tiny">
            <title id="t-title" lang="en">Tiny</title>
            <defs><marker id="t-arrow" class="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" markerUnits="userSpaceOnUse" orient="auto"><path d="M0 0L10 5L0 10z" fill="currentColor"/></marker><marker id="t-arrow-on" class="arrow on-path" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" markerUnits="userSpaceOnUse" orient="auto"><path d="M0 0L10 5L0 10z" fill="currentColor"/></marker></defs>
            <g class="edges">
            <g class="edge" data-from="on" data-to="off" data-events="flip"><title>On → Off: flip</title><path class="edge-hit" d="M-3.8 -92.5Q-24 0 -4.2 90.5" fill="none" stroke="transparent" stroke-width="10"/><path class="edge-line" d="M-3.8 -92.5Q-24 0 -4.2 90.5" fill="none" stroke="currentColor" marker-end="url(#t-arrow)"/></g>
            <g class="edge on-path" data-from="off" data-to="on" data-events="flip"><title>Off → On: flip</title><path class="edge-hit" d="M3.8 92.5Q24 0 4.2 -90.5" fill="none" stroke="transparent" stroke-width="10"/><path class="edge-line" d="M3.8 92.5Q24 0 4.2 -90.5" fill="none" stroke="currentColor" marker-end="url(#t-arrow-on)"/></g>
            </g>
            <g class="nodes" font-size="14" text-anchor="middle">
            <g class="node on-path" data-state="on" lang="en"><rect x="-42" y="-127.5" width="84" height="35" rx="9" fill="none" stroke="currentColor"/><text x="0" y="-110" dominant-baseline="central">On</text></g>
            <g class="node unobservable" data-state="off" lang="en"><rect x="-42" y="92.5" width="84" height="35" rx="9" fill="none" stroke="currentColor" stroke-dasharray="5 4"/><text x="0" y="110" dominant-baseline="central">Off</text></g>
            </g>
            </svg>
            """
        #expect(svg == expected)
    }
}
