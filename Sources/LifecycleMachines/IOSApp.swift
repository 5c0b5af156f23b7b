import LifecycleModel

/// The iOS app-level machine of apps without scenes (UIApplicationDelegate):
/// spec §1.3, rows A1–A18. This is the legacy model: from the iOS 27 SDK
/// apps must adopt scenes ([AP-TRANS]), see `iosScene`.
extension Machines {
    public static let iosApp = Machine(
        id: "ios-app",
        title: "iOS app (UIApplicationDelegate, without scenes)",
        platform: "iOS",
        states: [
            StateInfo("notRunning", name: "Not Running", aliases: ["Not running"], observable: false),
            StateInfo("inactive", name: "Inactive", aliases: ["UIApplicationStateInactive"]),
            StateInfo("active", name: "Active", aliases: ["UIApplicationStateActive"]),
            StateInfo("background", name: "Background", aliases: ["UIApplicationStateBackground"]),
            StateInfo("suspended", name: "Suspended", observable: false),
        ],
        events: [
            EventInfo("launch", "The user opens the app (icon, URL, notification tap): a cold launch into the foreground."),
            EventInfo("backgroundLaunch", "The system launches the app into the background for an event (silent push, fetch, location)."),
            EventInfo("interruption", "A temporary interruption: incoming call, system alert, Notification Center, the app switcher."),
            EventInfo("interruptionEnded", "The interruption is dismissed or ignored; the user returns to the app."),
            EventInfo("home", "The user leaves the app: Home, lock, another app, or an interruption that leads away."),
            EventInfo("reopen", "The user brings a background or suspended app back."),
            EventInfo("suspend", "The system suspends a background app when its work ends."),
            EventInfo("backgroundEvent", "An event for a background mode arrives while the app is suspended."),
            EventInfo("terminate", "The system terminates a running background app."),
            EventInfo("purge", "The system purges a suspended app (memory pressure, swipe-kill in the app switcher)."),
            EventInfo("expire", "applicationDidEnterBackground or a background task ran out of time."),
            EventInfo("reboot", "The device restarts."),
        ] + AppDelegateVocabulary.processEvents,
        callbacks: AppDelegateVocabulary.launchCallbacks + [
            CallbackInfo("applicationDidBecomeActive", aliases: ["applicationDidBecomeActive:", "didBecomeActive"]),
            CallbackInfo("applicationWillResignActive", aliases: ["applicationWillResignActive:", "willResignActive"]),
            CallbackInfo("applicationDidEnterBackground", aliases: ["applicationDidEnterBackground:", "didEnterBackground"]),
            CallbackInfo("applicationWillEnterForeground", aliases: ["applicationWillEnterForeground:", "willEnterForeground"]),
            AppDelegateVocabulary.terminateCallback,
        ] + AppDelegateVocabulary.processCallbacks + [
            CallbackInfo("application(_:open:options:)", aliases: ["application:openURL:options:", "openURL", "application(_:open:)"]),
        ],
        transitions: [
            Transition(
                "A1", from: "notRunning", on: "launch", to: ["inactive", "active"],
                callbacks: [.init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)"), .init("applicationDidBecomeActive")],
                sources: ["AP-LAUNCH", "AP-WFL", "AP-DFL", "AP-LC", "AP-APG-ST"],
                note: "applicationWillEnterForeground is not called on a cold launch [inferred]."),
            Transition(
                "A2", from: "notRunning", on: "backgroundLaunch", to: ["background"],
                callbacks: [.init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)"), .init("applicationDidEnterBackground")],
                sources: ["AP-BGSEQ", "AP-RN", "AP-PF", "AP-APG-LC"],
                note: "Inactive and Active are skipped; the event (e.g. a silent push) is delivered after applicationDidEnterBackground."),
            Transition(
                "A3", from: "active", on: "interruption", to: ["inactive"],
                callbacks: [.init("applicationWillResignActive")],
                sources: ["AP-WRA", "AP-PREP-BG", "AP-APG-ST", "AP-SP-INACTIVE"],
                note: "Calls, system alerts, Notification Center and the app switcher are documented; Control Center and permission prompts only as \"system panels\" and \"system alerts\" [inferred]."),
            Transition(
                "A4", from: "inactive", on: "interruptionEnded", to: ["active"],
                callbacks: [.init("applicationDidBecomeActive")],
                sources: ["AP-DBA", "AP-PREP-BG"]),
            Transition(
                "A5", from: "inactive", on: "home", to: ["background"],
                callbacks: [.init("applicationDidEnterBackground")],
                sources: ["AP-APG-ST"], confidence: .docArchived,
                note: "The interruption leads away: the call is answered or another app is chosen."),
            Transition(
                "A6", from: "active", on: "home", to: ["inactive", "background"],
                callbacks: [.init("applicationWillResignActive"), .init("applicationDidEnterBackground")],
                sources: ["AP-BGSEQ", "AP-APG-ST"],
                note: "applicationDidEnterBackground has about five seconds to return [AP-DEB]."),
            Transition(
                "A7", from: "background", on: "suspend", to: ["suspended"],
                sources: ["AP-APG-LC", "AP-PREP-BG"],
                note: "The system does not notify the app."),
            Transition(
                "A8", from: "suspended", on: "backgroundEvent", to: ["background"],
                callbacks: [.init("applicationDidEnterBackground")],
                sources: ["AP-BGSEQ"]),
        ] + ["background", "suspended"].map { from in
            // A9 is the same return from either state: the process is still alive.
            Transition(
                "A9", from: from, on: "reopen", to: ["inactive", "active"],
                callbacks: [.init("applicationWillEnterForeground"), .init("applicationDidBecomeActive")],
                sources: ["AP-WEF", "AP-PREP-FG", "AP-APG-ST"],
                note: "No didFinishLaunching: the process is still alive.")
        } + [
            Transition(
                "A10", from: "suspended", on: "purge", to: ["notRunning"],
                sources: ["AP-APG-LC"], confidence: .docArchived,
                note: "Suspended apps receive no notification when they are terminated."),
            Transition(
                "A11", from: "background", on: "terminate", to: ["notRunning"],
                callbacks: [.init("applicationWillTerminate")],
                sources: ["AP-WT", "AP-APG-LC"],
                note: "Only for a running (not suspended) background app."),
            Transition(
                "A12", from: "background", on: "expire", to: ["notRunning"],
                sources: ["AP-DEB", "AP-RN"],
                note: "The app is killed; nothing more is called."),
        ] + ["active", "inactive", "background", "suspended"].map { from in
            // A14 from every state in which the app exists: "The system does not call this method when
            // the device reboots" [AP-APG-LC] is not tied to one state (not even to background, where A11 calls it).
            Transition(
                "A14", from: from, on: "reboot", to: ["notRunning"],
                sources: ["AP-APG-LC"], confidence: .docArchived,
                note: "applicationWillTerminate is not called when the device reboots.")
        } + ["active", "inactive", "background"].map { from in
            // A15: only a running app is warned; suspended apps are what the system purges first (A10, silent).
            Transition(
                "A15", from: from, on: "memoryWarning", to: [],
                callbacks: [.init("applicationDidReceiveMemoryWarning")],
                sources: ["AP-MEM", "AP-DRMW"],
                note: "\"If the system runs low on free memory and is unable to reclaim memory by terminating suspended apps, UIKit sends a low-memory warning to running apps\" [AP-MEM]. A suspended app gets no warning before it is purged.")
        } + ["active", "inactive", "background"].flatMap { from in
            // A16/A17: the content-protection notifications of a running app. The pages tie them to the lock
            // and unlock, not to a state; a suspended app "is not executing code" [AP-APG-LC], so only running states.
            [
                Transition(
                    "A16", from: from, on: "protectedDataLocked", to: [],
                    callbacks: [.init("applicationProtectedDataWillBecomeUnavailable")],
                    sources: ["AP-PDWU", "AP-APG-LC"], confidence: .inferred,
                    note: "\"This notification lets your app know that the device is about to be locked and that any protected files it is currently accessing might become unavailable shortly\" [AP-PDWU]. Its place relative to the lock's own transition (A6) and the states in which it arrives are not documented: modelled for a running app, state unchanged."),
                Transition(
                    "A17", from: from, on: "protectedDataUnlocked", to: [],
                    callbacks: [.init("applicationProtectedDataDidBecomeAvailable")],
                    sources: ["AP-PDDA", "AP-APG-LC"], confidence: .inferred,
                    note: "\"This notification lets your app know that the device is now unlocked and that you may access certain types of protected files again\" [AP-PDDA]. Its place relative to a return to the foreground (A9) is not documented: modelled for a running app, state unchanged."),
            ]
        } + [
            // A18: URL entry points. application(_:open:options:) is available up to iOS 26.0, like the rest of the
            // non-scene life cycle; with scenes the URL reaches the scene delegate instead.
            Transition(
                "A18", from: "notRunning", on: "openURL", to: ["inactive", "active"],
                callbacks: [
                    .init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)"),
                    .init("application(_:open:options:)"), .init("applicationDidBecomeActive"),
                ],
                sources: ["AP-WFL", "AP-OPEN"], confidence: .inferred,
                note: "A1 for a URL: \"the system calls the application(_:open:options:) method after your app finishes initializing itself\" [AP-WFL] (not at all if both launch methods return false [AP-OPEN]); that it comes before applicationDidBecomeActive is inferred."),
        ] + ["background", "suspended"].map { from in
            Transition(
                "A18", from: from, on: "openURL", to: ["inactive", "active"],
                callbacks: [.init("applicationWillEnterForeground"), .init("application(_:open:options:)"), .init("applicationDidBecomeActive")],
                sources: ["AP-OPEN", "AP-WEF"], confidence: .unconfirmed,
                note: "\"If a URL arrives while your app is suspended or running in the background, the system moves your app to the foreground prior to calling this method\" [AP-OPEN]; whether application(_:open:options:) comes before or after applicationDidBecomeActive is UNCONFIRMED.")
        },
        initialState: "notRunning",
        omitted: [
            ("A13", "a relaunch after termination is A1 again from notRunning; it needs no row of its own"),
            ("Inactive → Not Running", "UNCONFIRMED in the spec for a user kill: no documented state path for killing an inactive app (only a reboot, A14, leads there)"),
        ])
}
