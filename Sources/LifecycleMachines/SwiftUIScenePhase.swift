import LifecycleModel

/// SwiftUI `ScenePhase` (iOS 14+, macOS 11+, tvOS 14+, watchOS 7+,
/// visionOS 1+ [AP-SP]): spec §3, rows P1–P5. Apple documents the three
/// phases but no exact UIKit mapping or ordering, so most rows are
/// `.inferred` or `.unconfirmed`.
///
/// States are the phases a scene passes through, per scene: the values `onChange(of: scenePhase)`
/// observes after the first one (which it reports only with `initial: true` [AP-ONCHANGE]).
/// `noScene` is a pseudo-state, not a phase: a scene that does not exist yet
/// (or was closed) has no phase at all, but `connect` needs a start and
/// `disconnect` an end. It is not observable and is left out of the aggregate.
///
/// There are no callbacks. App-delegate methods are unavailable in the SwiftUI
/// life cycle ([AP-MIG]: "Prefer to handle these changes in ScenePhase"), and
/// modelling `onChange(of: scenePhase)` as a callback would repeat the state
/// sequence without adding anything: the observed values are the states.
///
/// Phase names are case-sensitive, as the Swift cases are: `.active` or
/// `active` is a scene phase, while "Active" in prose is UIKit's app state.
/// Otherwise "Background → Active" would pass as P5 wherever an article
/// means the app-level machine, where it is impossible.
///
/// Process suspension is not modelled: no phase changes and nothing observable
/// happens when the process is suspended, so a `suspend` event would be empty.
extension Machines {
    public static let swiftUI = Machine(
        id: "swiftui",
        title: "SwiftUI ScenePhase",
        platform: "iOS",
        states: [
            StateInfo("noScene", name: "noScene", aliases: ["No scene"], observable: false),
            StateInfo("active", name: "active", aliases: [".active", "ScenePhase.active"]),
            StateInfo("inactive", name: "inactive", aliases: [".inactive", "ScenePhase.inactive"]),
            StateInfo("background", name: "background", aliases: [".background", "ScenePhase.background"]),
        ],
        events: [
            EventInfo("connect", "The scene is created and shown (launch, or a new window)."),
            EventInfo("interruption", "A temporary interruption: system alert, the app switcher."),
            EventInfo("interruptionEnded", "The interruption is dismissed; the user returns to the scene."),
            EventInfo("home", "The user leaves the scene: Home, another app, lock, or an interruption that leads away."),
            EventInfo("reopen", "The user brings a background scene back."),
            EventInfo("disconnect", "The scene goes away: the user closes it, or the system discards it."),
        ],
        callbacks: [],
        transitions: [
            Transition(
                "P1", from: "noScene", on: "connect", to: ["active"],
                sources: ["AP-SP"], confidence: .unconfirmed,
                note: "The initial value at launch, and whether .inactive is observed before .active, are UNCONFIRMED."),
            Transition(
                "P1", from: "noScene", on: "connect", to: ["inactive", "active"],
                sources: ["AP-SP", "AP-SP-INACTIVE"], confidence: .unconfirmed,
                note: "The alternative reading: .inactive observed first. UNCONFIRMED."),
            Transition(
                "P2", from: "active", on: "interruption", to: ["inactive"],
                sources: ["AP-SP-INACTIVE"],
                note: "\"Visible in the app switcher\" is documented; other interruptions follow the UIKit scene row S5 [inferred]."),
            Transition(
                "P3", from: "inactive", on: "interruptionEnded", to: ["active"],
                sources: ["AP-SP", "AP-SP-INACTIVE"], confidence: .inferred,
                note: "Follows from the phase definitions; no page states it."),
            Transition(
                "P4", from: "active", on: "home", to: ["inactive", "background"],
                sources: ["AP-SP-INACTIVE"],
                note: "Scenes \"pass through this phase temporarily on their way to the background phase\"."),
            Transition(
                "P4", from: "inactive", on: "home", to: ["background"],
                sources: ["AP-SP-INACTIVE"], confidence: .inferred,
                note: "An interruption leads away: the rest of P4 from .inactive."),
            Transition(
                "P5", from: "background", on: "reopen", to: ["inactive", "active"],
                sources: ["AP-SP", "AP-ASTATE"], confidence: .inferred,
                note: "\"A scene can also return to the active phase from the background\" [AP-SP] does not say whether .inactive is observed on the way; the UIKit scene \"transits through the foreground-inactive state on its way to or from another state\" [AP-ASTATE], so this reading is the default."),
            Transition(
                "P5", from: "background", on: "reopen", to: ["active"],
                sources: ["AP-SP"], confidence: .unconfirmed,
                note: "The alternative reading: straight from .background to .active, with no .inactive observed. UNCONFIRMED."),
            Transition(
                "S10", from: "background", on: "disconnect", to: ["noScene"],
                sources: ["AP-SP", "AP-SDD"], confidence: .inferred,
                note: "No ScenePhase row: a closed scene stops having a phase. Inferred from \"the background phase can precede termination\" and the UIKit scene row S10."),
        ],
        initialState: "noScene",
        multiScene: true,
        aggregateSummary: """
            The app-level scenePhase [AP-SP]: active if any scene is active; else background if every scene is \
            background [inferred from the sample comment]; else inactive. Scenes that do not exist (noScene) do not \
            count; with none the value is noScene. The custom-Scene aggregate is UNCONFIRMED and not modelled.
            """,
        aggregateRule: AggregateRule(
            ignoring: ["noScene"], none: "noScene",
            cases: [.any(["active"], "active"), .all(["background"], "background")],
            otherwise: "inactive"),
        omitted: [
            ("suspend", "ScenePhase has no suspended phase; nothing observable changes when the process is suspended"),
            ("UIKit ↔ ScenePhase mapping", "UNCONFIRMED: Apple documents no exact mapping or ordering, so phases are not tied to UIKit callbacks"),
            ("Custom Scene aggregate", "UNCONFIRMED (the sentence left the newest page, and a forums report contradicts it)"),
            ("Termination", "[AP-SP] expects an app in the background phase to terminate, but no phase follows; a scene going away is S10"),
            ("onChange(of:initial:)", "the states are the phases a scene passes through, not the calls of an observer: onChange(of:initial:_:) (iOS 17+) defaults initial to false, so the phase a scene starts in (P1's last state) is reported only with initial: true [AP-ONCHANGE]"),
        ],
        caseSensitiveStates: true)
}
