import LifecycleModel

/// The iOS scene-based machine (UISceneDelegate, iOS 13+): spec §2.2, rows
/// S1–S18. From the iOS 27 SDK every app must adopt it ([AP-TRANS]).
///
/// Each scene has its own `UIScene.ActivationState`, which has exactly four
/// cases ([AP-ASTATE]); there is no suspended case. Suspension and death are
/// process-level: the scene stays `background` while the process becomes
/// `.suspended` (S8), and when the process ends every scene is `unattached`
/// again (S11, S12), the state S1 starts from.
///
/// Process-level rows (S8, S11, S12) are also defined from `unattached` for a
/// process that has no attached scene (after S4 or S10); the spec's "From" is
/// a background scene, so those variants are `.inferred`.
///
/// With scenes UIKit does not call the four app-delegate foreground and
/// background methods ([AP-DBA] [AP-WRA] [AP-DEB] [AP-WEF]); only the launch
/// methods, `applicationWillTerminate` and the notifications from outside the
/// app (memory warnings, protected data: S15–S17) remain, spelled as in `iosApp`.
extension Machines {
    public static let iosScene = Machine(
        id: "ios-scene",
        title: "iOS scene (UISceneDelegate)",
        platform: "iOS",
        states: [
            StateInfo("unattached", name: "Unattached", aliases: [
                "UIScene.ActivationState.unattached", "UISceneActivationStateUnattached",
            ]),
            StateInfo("foregroundInactive", name: "Foreground Inactive", aliases: [
                "UIScene.ActivationState.foregroundInactive", "UISceneActivationStateForegroundInactive",
            ]),
            StateInfo("foregroundActive", name: "Foreground Active", aliases: [
                "UIScene.ActivationState.foregroundActive", "UISceneActivationStateForegroundActive",
            ]),
            StateInfo("background", name: "Background", aliases: [
                "UIScene.ActivationState.background", "UISceneActivationStateBackground",
            ]),
        ],
        events: [
            EventInfo("connect", "The user (or the app) requests a scene: the first one at a cold launch, or another one while the app runs."),
            EventInfo("backgroundConnect", "The system connects a scene in the background to process an event (e.g. a location event)."),
            EventInfo("backgroundLaunch", "The system launches the app into the background for an event (silent push, fetch, location)."),
            EventInfo("interruption", "A temporary interruption: system alert, Notification Center, the app switcher."),
            EventInfo("interruptionEnded", "The interruption is dismissed; the user returns to the scene."),
            EventInfo("home", "The user dismisses the scene's UI: Home, another app, lock, or an interruption that leads away."),
            EventInfo("reopen", "The user brings a background scene (of a running or suspended app) back."),
            EventInfo("suspend", "The system suspends the app's process when no scene is in the foreground."),
            EventInfo("disconnect", "UIKit disconnects a background scene: the user closes it in the app switcher, or memory is reclaimed."),
            EventInfo("purge", "The system purges the suspended process (memory pressure, swipe-kill in the app switcher)."),
            EventInfo("terminate", "The system terminates the running background process."),
            EventInfo("backgroundEvent", "An event for a background mode (silent push, fetch, location) arrives while the app is suspended."),
            EventInfo("universalLink", "The user taps a universal link to the app (a Handoff-style user activity)."),
        ] + AppDelegateVocabulary.processEvents,
        callbacks: AppDelegateVocabulary.launchCallbacks + [
            CallbackInfo("application(_:configurationForConnecting:options:)", aliases: [
                "configurationForConnecting", "application(_:configurationForConnectingSceneSession:options:)",
                "application:configurationForConnectingSceneSession:options:",
            ], auxiliary: true),
            CallbackInfo("scene(_:willConnectTo:options:)", aliases: [
                "willConnectTo", "sceneWillConnect", "sceneWillConnectTo", "scene(_:willConnectTo:)",
                "scene:willConnectToSession:options:",
            ]),
            CallbackInfo("sceneWillEnterForeground", aliases: ["sceneWillEnterForeground:"]),
            CallbackInfo("sceneDidBecomeActive", aliases: ["sceneDidBecomeActive:"]),
            CallbackInfo("sceneWillResignActive", aliases: ["sceneWillResignActive:"]),
            CallbackInfo("sceneDidEnterBackground", aliases: ["sceneDidEnterBackground:"]),
            CallbackInfo("sceneDidDisconnect", aliases: ["sceneDidDisconnect:"]),
            AppDelegateVocabulary.terminateCallback,
            CallbackInfo("scene(_:continue:)", aliases: ["scene:continueUserActivity:", "continueUserActivity"]),
        // App-delegate methods that scenes do not replace.
        ] + AppDelegateVocabulary.processCallbacks + [
            CallbackInfo("scene(_:openURLContexts:)", aliases: ["scene:openURLContexts:", "openURLContexts"]),
        ],
        transitions: [
            Transition(
                "S1", from: "unattached", on: "connect", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [
                    .init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)"),
                    .init("application(_:configurationForConnecting:options:)", optional: true),
                    .init("scene(_:willConnectTo:options:)"), .init("sceneWillEnterForeground"), .init("sceneDidBecomeActive"),
                ],
                sources: ["AP-LAUNCH", "AP-DFL", "AP-SWEF", "AP-TRANS"],
                when: [.process([.notRunning])], effects: [.setProcess(.running)],
                note: "Cold launch: launchOptions is nil with scenes; configurationForConnecting only if implemented. The scene's activationState during willConnectTo is UNCONFIRMED."),
            Transition(
                "S2", from: "unattached", on: "connect", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [.init("scene(_:willConnectTo:options:)"), .init("sceneWillEnterForeground"), .init("sceneDidBecomeActive")],
                sources: ["AP-SWC", "AP-SWEF"],
                when: [.process([.running])],
                note: "Another scene while the app runs (iPad multi-window, requestSceneSessionActivation, a saved session): no launch methods; saved state arrives in session.stateRestorationActivity."),
            Transition(
                "S2", from: "unattached", on: "connect", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [.init("scene(_:willConnectTo:options:)"), .init("sceneWillEnterForeground"), .init("sceneDidBecomeActive")],
                sources: ["AP-SWC", "AP-SWEF", "AP-APG-LC"], confidence: .inferred,
                when: [.process([.suspended])], effects: [.setProcess(.running)],
                note: "A suspended app is still in memory, not \"not running\" [AP-APG-LC]: its process is resumed, not launched, so S2 applies rather than S1."),
            Transition(
                "S3", from: "unattached", on: "backgroundConnect", to: ["background"],
                callbacks: [.init("scene(_:willConnectTo:options:)"), .init("sceneDidEnterBackground", optional: true)],
                sources: ["AP-LC", "AP-SWC"], confidence: .unconfirmed,
                when: [.process([.running, .suspended])], effects: [.setProcess(.running)],
                note: "A system-requested scene typically moves to the background [AP-LC]; the callbacks after willConnectTo (e.g. whether sceneDidEnterBackground fires) are UNCONFIRMED."),
            Transition(
                "S3", from: "unattached", on: "backgroundConnect", to: ["background"],
                callbacks: [
                    .init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)"),
                    .init("application(_:configurationForConnecting:options:)", optional: true),
                    .init("scene(_:willConnectTo:options:)"), .init("sceneDidEnterBackground", optional: true),
                ],
                sources: ["AP-LC", "AP-DFL", "AP-SWC"], confidence: .unconfirmed,
                when: [.process([.notRunning])], effects: [.setProcess(.running)],
                note: "The app is launched first: the launch methods precede any scene [AP-DFL]. Whether a scene connects on a background launch (S4) and which callbacks follow willConnectTo are UNCONFIRMED."),
            Transition(
                "S4", from: "unattached", on: "backgroundLaunch", to: [],
                callbacks: [.init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)")],
                sources: ["AP-RN", "AP-WEFN"], confidence: .unconfirmed,
                when: [.process([.notRunning])], effects: [.setProcess(.running)],
                note: "The process runs in the background and the event is then delivered (e.g. didReceiveRemoteNotification); willEnterForegroundNotification does not fire. Whether any scene connects is UNCONFIRMED: here none does (see S3 for one that does)."),
            Transition(
                "S5", from: "foregroundActive", on: "interruption", to: ["foregroundInactive"],
                callbacks: [.init("sceneWillResignActive")],
                sources: ["AP-SWRA", "AP-SP-INACTIVE"],
                note: "System alerts and the app switcher are documented; Notification/Control Center and permission prompts are [inferred] \"system alerts\". Also posts UIScene.willDeactivateNotification; only this scene is affected."),
            Transition(
                "S6", from: "foregroundInactive", on: "interruptionEnded", to: ["foregroundActive"],
                callbacks: [.init("sceneDidBecomeActive")],
                sources: ["AP-SDBA", "AP-PREP-BG"]),
            Transition(
                "S7", from: "foregroundActive", on: "home", to: ["foregroundInactive", "background"],
                callbacks: [.init("sceneWillResignActive"), .init("sceneDidEnterBackground")],
                sources: ["AP-SWRA", "AP-SDEB", "AP-LC"],
                note: "UIKit takes the snapshot shortly after sceneDidEnterBackground returns. No time budget is stated for it; whether the ≈5 s rule of applicationDidEnterBackground applies is UNCONFIRMED."),
            Transition(
                "S7", from: "foregroundInactive", on: "home", to: ["background"],
                callbacks: [.init("sceneDidEnterBackground")],
                sources: ["AP-ASTATE", "AP-SDEB", "AP-APG-ST"], confidence: .inferred,
                note: "An interruption leads away (e.g. another app picked in the switcher). No scene row starts here; inferred from \"transits through the foreground-inactive state on its way to or from another state\" and the app-level A5."),
            Transition(
                "S8", from: "background", on: "suspend", to: [],
                sources: ["AP-LC", "AP-APG-LC"],
                when: [.process([.running]), .otherScenesIn(["background", "unattached"])], effects: [.setProcess(.suspended)],
                note: "Process-level and silent: UIScene.ActivationState has no suspended case, so the scene stays background. Only when no scene is in the foreground."),
            Transition(
                "S8", from: "unattached", on: "suspend", to: [],
                sources: ["AP-LC", "AP-APG-LC"], confidence: .inferred,
                when: [.process([.running]), .otherScenesIn(["background", "unattached"])], effects: [.setProcess(.suspended)],
                note: "The process is suspended while this scene is not attached (e.g. after S4 or S10)."),
            Transition(
                "S9", from: "background", on: "reopen", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [.init("sceneWillEnterForeground"), .init("sceneDidBecomeActive")],
                sources: ["AP-SWEF", "AP-PREP-FG"],
                when: [.process([.running, .suspended])], effects: [.setProcess(.running)],
                note: "From a running or suspended process; no launch methods. willEnterForegroundNotification posts only if the app's aggregate was background [AP-WEFN]."),
            Transition(
                "S10", from: "background", on: "disconnect", to: ["unattached"],
                callbacks: [.init("sceneDidDisconnect")],
                sources: ["AP-SDD", "AP-LC"],
                when: [.process([.running])],
                note: "UIKit does not disconnect a scene just because the user switches apps. The session may survive; discarded ones reach application(_:didDiscardSceneSessions:)."),
            Transition(
                "S10", from: "background", on: "disconnect", to: ["unattached"],
                callbacks: [.init("sceneDidDisconnect")],
                sources: ["AP-SDD", "AP-LC", "AP-APG-LC"], confidence: .inferred,
                when: [.process([.suspended])], effects: [.setProcess(.running)],
                note: "UIKit \"can disconnect a background or suspended scene at any time\" [AP-LC] and calls sceneDidDisconnect [AP-SDD], but a suspended app \"is not executing code\" [AP-APG-LC]: the process runs again, in the background, to deliver the callback (and may be suspended again, S8)."),
            Transition(
                "S11", from: "background", on: "purge", to: ["unattached"],
                sources: ["AP-APG-LC"], confidence: .docArchived,
                when: [.process([.suspended])], effects: [.setProcess(.notRunning), .allScenes("unattached")],
                note: "Suspended apps receive no notification when they are terminated (A10)."),
            Transition(
                "S11", from: "background", on: "purge", to: ["unattached"],
                callbacks: [.init("sceneDidDisconnect")],
                sources: ["AP-SDD"], confidence: .unconfirmed,
                when: [.process([.suspended]), .otherScenesIn(["unattached"])], effects: [.setProcess(.notRunning), .allScenes("unattached")],
                note: "Swipe-kill of a single-scene app: [AP-SDD] says closing it in the switcher disconnects the scene, [AP-APG-LC] says no notification is sent. UNCONFIRMED."),
            Transition(
                "S11", from: "unattached", on: "purge", to: [],
                sources: ["AP-APG-LC"], confidence: .inferred,
                when: [.process([.suspended])], effects: [.setProcess(.notRunning), .allScenes("unattached")],
                note: "The suspended process is purged while this scene is not attached."),
            Transition(
                "S12", from: "background", on: "terminate", to: ["unattached"],
                callbacks: [.init("applicationWillTerminate")],
                sources: ["AP-WT"],
                when: [.process([.running]), .otherScenesIn(["background", "unattached"])],
                effects: [.setProcess(.notRunning), .allScenes("unattached")],
                note: "App delegate, not deprecated; about five seconds. Generally not called when the user quits an app that supports background execution, and never for a suspended app."),
            Transition(
                "S12", from: "unattached", on: "terminate", to: [],
                callbacks: [.init("applicationWillTerminate")],
                sources: ["AP-WT"], confidence: .inferred,
                when: [.process([.running]), .otherScenesIn(["background", "unattached"])],
                effects: [.setProcess(.notRunning), .allScenes("unattached")],
                note: "The background process is terminated while this scene is not attached."),
        ] + ["background", "unattached"].map { from in
            // S13 is process-level, like S8: the same from a background scene and from one not attached.
            Transition(
                "S13", from: from, on: "backgroundEvent", to: [],
                sources: ["AP-BGSEQ", "AP-DEB"], confidence: .inferred,
                when: [.process([.suspended])], effects: [.setProcess(.running)],
                note: "\"If your app is in memory and suspended when an event arrives, the system resumes the app in the background\" [AP-BGSEQ]; with scenes UIKit does not call applicationDidEnterBackground [AP-DEB], and no scene changes state. The event is then delivered to its delegate (e.g. didReceiveRemoteNotification), not a lifecycle callback.")
        } + [
            // S14: universal links [AP-UL]. Not running: the link is in the connection options of willConnectTo.
            Transition(
                "S14", from: "unattached", on: "universalLink", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [
                    .init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)"),
                    .init("application(_:configurationForConnecting:options:)", optional: true),
                    .init("scene(_:willConnectTo:options:)"), .init("sceneWillEnterForeground"), .init("sceneDidBecomeActive"),
                ],
                sources: ["AP-UL", "AP-SWC"],
                when: [.process([.notRunning])], effects: [.setProcess(.running)],
                note: "S1 for a universal link: \"the system delivers the universal link to the scene(_:willConnectTo:options:) delegate method after launch\" [AP-UL], in its connection options; scene(_:continue:) is not called."),
            Transition(
                "S14", from: "foregroundActive", on: "universalLink", to: [],
                callbacks: [.init("scene(_:continue:)")],
                sources: ["AP-UL", "AP-SCONT"],
                note: "\"… and to scene(_:continue:) when the universal link is tapped while your app is running\" [AP-UL]."),
            Transition(
                "S14", from: "background", on: "universalLink", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [.init("sceneWillEnterForeground"), .init("scene(_:continue:)"), .init("sceneDidBecomeActive")],
                sources: ["AP-UL", "AP-SCONT", "AP-SWEF"], confidence: .unconfirmed,
                when: [.process([.running, .suspended])], effects: [.setProcess(.running)],
                note: "scene(_:continue:) is documented for an app \"running or suspended in memory\" [AP-UL], and the scene comes forward (S9); where the call falls between sceneWillEnterForeground and sceneDidBecomeActive is UNCONFIRMED, and a forums report (developer.apple.com/forums/thread/746362) says it was not called at all for a background app."),
        ] + ["foregroundActive", "foregroundInactive", "background", "unattached"].map { from in
            // S15 is process-level, like S13: the app delegate is warned whatever this scene's state, while the
            // process runs. A suspended one is not warned: it is what the system terminates first (S11, silent).
            Transition(
                "S15", from: from, on: "memoryWarning", to: [],
                callbacks: [.init("applicationDidReceiveMemoryWarning")],
                sources: ["AP-MEM", "AP-DRMW", "AP-APPDEL"],
                when: [.process([.running])],
                note: "\"If the system runs low on free memory and is unable to reclaim memory by terminating suspended apps, UIKit sends a low-memory warning to running apps\" and \"calls the applicationDidReceiveMemoryWarning(_:) method of your app delegate\" [AP-MEM]; with scenes the app delegate still handles \"notifications originating from outside the app, such as low-memory warnings\" [AP-APPDEL]. No scene changes state. A suspended app gets no warning before it is purged (A15).")
        } + ["foregroundActive", "foregroundInactive", "background", "unattached"].flatMap { from in
            // S16/S17: A16/A17 with scenes, process-level like S15. The pages tie them to the lock and unlock,
            // not to a state; whether a suspended app is resumed for them is not stated, so it is refused.
            [
                Transition(
                    "S16", from: from, on: "protectedDataLocked", to: [],
                    callbacks: [.init("applicationProtectedDataWillBecomeUnavailable")],
                    sources: ["AP-PDWU", "AP-ENCRYPT", "AP-APG-LC"], confidence: .inferred,
                    when: [.process([.running])],
                    note: "\"This notification lets your app know that the device is about to be locked and that any protected files it is currently accessing might become unavailable shortly\" [AP-PDWU]; with scenes too, \"Use the app delegate's applicationProtectedDataWillBecomeUnavailable(_:) and applicationProtectedDataDidBecomeAvailable(_:) methods\" [AP-ENCRYPT]. Locking also sends a foreground scene to the background (S7): the model keeps the two as separate events, as their order is not documented. Not for a suspended app, which \"is not executing code\" [AP-APG-LC]: whether it is resumed for the notification is not stated."),
                Transition(
                    "S17", from: from, on: "protectedDataUnlocked", to: [],
                    callbacks: [.init("applicationProtectedDataDidBecomeAvailable")],
                    sources: ["AP-PDDA", "AP-ENCRYPT", "AP-APG-LC"], confidence: .inferred,
                    when: [.process([.running])],
                    note: "\"This notification lets your app know that the device is now unlocked and that you may access certain types of protected files again\" [AP-PDDA]. Unlocking does not by itself bring a scene back (S9 is a separate event), and the order of the two is not documented. Not for a suspended app, as S16."),
            ]
        } + [
            // S18: URL opens (custom schemes, files) with scenes [AP-URL], the same three cases as S14.
            Transition(
                "S18", from: "unattached", on: "openURL", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [
                    .init("application(_:willFinishLaunchingWithOptions:)"), .init("application(_:didFinishLaunchingWithOptions:)"),
                    .init("application(_:configurationForConnecting:options:)", optional: true),
                    .init("scene(_:willConnectTo:options:)"), .init("sceneWillEnterForeground"), .init("sceneDidBecomeActive"),
                ],
                sources: ["AP-URL", "AP-SWC"],
                when: [.process([.notRunning])], effects: [.setProcess(.running)],
                note: "S1 for a URL: \"If your app has opted into Scenes, and your app isn't running, the system delivers the URL to the scene(_:willConnectTo:options:) delegate method after launch\" [AP-URL], in its connection options (urlContexts); scene(_:openURLContexts:) is for an app already \"running or suspended in memory\"."),
            Transition(
                "S18", from: "foregroundActive", on: "openURL", to: [],
                callbacks: [.init("scene(_:openURLContexts:)")],
                sources: ["AP-URL", "AP-SOPEN"],
                note: "\"… and to scene(_:openURLContexts:) when your app opens a URL while running or suspended in memory\" [AP-URL]."),
            Transition(
                "S18", from: "background", on: "openURL", to: ["foregroundInactive", "foregroundActive"],
                callbacks: [.init("sceneWillEnterForeground"), .init("scene(_:openURLContexts:)"), .init("sceneDidBecomeActive")],
                sources: ["AP-URL", "AP-SOPEN", "AP-SWEF"], confidence: .unconfirmed,
                when: [.process([.running, .suspended])], effects: [.setProcess(.running)],
                note: "When another app opens a URL, \"the system launches your app, if necessary, and brings it to the foreground\" [AP-URL], and calls scene(_:openURLContexts:) for an app \"running or suspended in memory\"; the scene comes forward as in S9. Where the call falls between sceneWillEnterForeground and sceneDidBecomeActive is UNCONFIRMED: the method's page says only \"Asks the delegate to open one or more URLs\" [AP-SOPEN]."),
        ],
        initialState: "unattached",
        multiScene: true,
        aggregateSummary: """
            The app's state is the aggregate of its scenes' activation states [AP-DFL]; UIKit documents no formula, \
            so this one is inferred, following the documented SwiftUI rule [AP-SP] and [AP-WEFN]: foregroundActive \
            if any scene is foreground active; else background if every attached scene is background; else \
            foregroundInactive. Unattached scenes do not count. With none attached, an app whose process runs \
            or is suspended (after a background launch, or when its last scene was disconnected) is background, \
            as UIApplication.State has no unattached value [AP-STATE] and a background launch puts the app in \
            the background [AP-BGSEQ]; with no process the value is unattached (there is no app state at all). \
            Whether the process runs, is suspended or is gone is reported separately (Simulation.process).
            """,
        aggregateRule: AggregateRule(
            ignoring: ["unattached"], none: "unattached", noneByProcess: [.running: "background", .suspended: "background"],
            cases: [.any(["foregroundActive"], "foregroundActive"), .all(["background"], "background")],
            otherwise: "foregroundInactive"),
        omitted: [
            ("Suspended", "UIScene.ActivationState has no suspended case [AP-ASTATE]: S8 suspends the process and the scene stays background"),
            ("S4 event delegate", "didReceiveRemoteNotification / performFetch are event deliveries, not lifecycle callbacks; noted on S4"),
            ("sceneDidEnterBackground time budget", "UNCONFIRMED (no number on the scene pages); noted on S7, not modelled"),
            ("S16/S17 for a suspended app", "whether a suspended app is resumed to be told of the lock or unlock is not stated; refused"),
            ("S18 from Foreground Inactive or Unattached (app running)", "no page says which callbacks a URL gets there (e.g. whether a scene connects for it); refused"),
        ])
}
