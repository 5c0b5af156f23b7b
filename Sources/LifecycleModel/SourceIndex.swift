/// An official page a transition rests on (the source index of
/// docs/lifecycle-spec.md §7).
public struct SourceInfo: Sendable, Hashable {
    public let tag: String
    public let title: String
    public let url: String

    /// The page's own (English) title, without the "(archived)" the model's title adds.
    public var officialTitle: String { archived ? String(title.dropLast(Self.archivedSuffix.count)) : title }
    /// A page of Apple's documentation archive.
    public var archived: Bool { title.hasSuffix(Self.archivedSuffix) }
    static let archivedSuffix = " (archived)"
}

public enum SourceIndex {
    public static func source(_ tag: String) -> SourceInfo? { byTag[tag] }

    public static let all: [SourceInfo] = {
        let uikit = "https://developer.apple.com/documentation/uikit/"
        let delegate = uikit + "uiapplicationdelegate/"
        let scene = uikit + "uiscenedelegate/"
        let archive = "https://developer.apple.com/library/archive/documentation/iPhone/Conceptual/iPhoneOSProgrammingGuide/"
        return [
            SourceInfo(tag: "AP-LC", title: "Managing your app's life cycle", url: uikit + "managing-your-app-s-life-cycle"),
            SourceInfo(tag: "AP-LAUNCH", title: "About the app launch sequence", url: uikit + "about-the-app-launch-sequence"),
            SourceInfo(tag: "AP-BGSEQ", title: "About the background execution sequence", url: uikit + "about-the-background-execution-sequence"),
            SourceInfo(tag: "AP-PREP-BG", title: "Preparing your UI to run in the background", url: uikit + "preparing-your-ui-to-run-in-the-background"),
            SourceInfo(tag: "AP-PREP-FG", title: "Preparing your UI to run in the foreground", url: uikit + "preparing-your-ui-to-run-in-the-foreground"),
            SourceInfo(tag: "AP-WFL", title: "application(_:willFinishLaunchingWithOptions:)", url: delegate + "application(_:willfinishlaunchingwithoptions:)"),
            SourceInfo(tag: "AP-DFL", title: "application(_:didFinishLaunchingWithOptions:)", url: delegate + "application(_:didfinishlaunchingwithoptions:)"),
            SourceInfo(tag: "AP-DBA", title: "applicationDidBecomeActive(_:)", url: delegate + "applicationdidbecomeactive(_:)"),
            SourceInfo(tag: "AP-DEB", title: "applicationDidEnterBackground(_:)", url: delegate + "applicationdidenterbackground(_:)"),
            SourceInfo(tag: "AP-WEF", title: "applicationWillEnterForeground(_:)", url: delegate + "applicationwillenterforeground(_:)"),
            SourceInfo(tag: "AP-WT", title: "applicationWillTerminate(_:)", url: delegate + "applicationwillterminate(_:)"),
            SourceInfo(tag: "AP-RN", title: "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)", url: delegate + "application(_:didreceiveremotenotification:fetchcompletionhandler:)"),
            SourceInfo(tag: "AP-PF", title: "application(_:performFetchWithCompletionHandler:)", url: delegate + "application(_:performfetchwithcompletionhandler:)"),
            SourceInfo(tag: "AP-WRA", title: "applicationWillResignActive(_:)", url: delegate + "applicationwillresignactive(_:)"),
            SourceInfo(tag: "AP-DRMW", title: "applicationDidReceiveMemoryWarning(_:)", url: delegate + "applicationdidreceivememorywarning(_:)"),
            SourceInfo(tag: "AP-MEM", title: "Responding to memory warnings", url: uikit + "responding-to-memory-warnings"),
            SourceInfo(tag: "AP-PDWU", title: "applicationProtectedDataWillBecomeUnavailable(_:)", url: delegate + "applicationprotecteddatawillbecomeunavailable(_:)"),
            SourceInfo(tag: "AP-PDDA", title: "applicationProtectedDataDidBecomeAvailable(_:)", url: delegate + "applicationprotecteddatadidbecomeavailable(_:)"),
            SourceInfo(tag: "AP-OPEN", title: "application(_:open:options:)", url: delegate + "application(_:open:options:)"),
            SourceInfo(tag: "AP-APPDEL", title: "UIApplicationDelegate", url: uikit + "uiapplicationdelegate"),
            SourceInfo(tag: "AP-ENCRYPT", title: "Encrypting Your App's Files", url: uikit + "encrypting-your-app-s-files"),
            SourceInfo(tag: "AP-URL", title: "Defining a custom URL scheme for your app", url: "https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app"),
            SourceInfo(tag: "AP-STATE", title: "UIApplication.State", url: uikit + "uiapplication/state"),
            SourceInfo(tag: "AP-ASTATE", title: "UIScene.ActivationState", url: uikit + "uiscene/activationstate"),
            SourceInfo(tag: "AP-ASTATE-U", title: "UIScene.ActivationState.unattached", url: uikit + "uiscene/activationstate/unattached"),
            SourceInfo(tag: "AP-ASTATE-FA", title: "UIScene.ActivationState.foregroundActive", url: uikit + "uiscene/activationstate/foregroundactive"),
            SourceInfo(tag: "AP-ASTATE-B", title: "UIScene.ActivationState.background", url: uikit + "uiscene/activationstate/background"),
            SourceInfo(tag: "AP-SWC", title: "scene(_:willConnectTo:options:)", url: scene + "scene(_:willconnectto:options:)"),
            SourceInfo(tag: "AP-SWEF", title: "sceneWillEnterForeground(_:)", url: scene + "scenewillenterforeground(_:)"),
            SourceInfo(tag: "AP-SDBA", title: "sceneDidBecomeActive(_:)", url: scene + "scenedidbecomeactive(_:)"),
            SourceInfo(tag: "AP-SWRA", title: "sceneWillResignActive(_:)", url: scene + "scenewillresignactive(_:)"),
            SourceInfo(tag: "AP-SDEB", title: "sceneDidEnterBackground(_:)", url: scene + "scenedidenterbackground(_:)"),
            SourceInfo(tag: "AP-SDD", title: "sceneDidDisconnect(_:)", url: scene + "scenediddisconnect(_:)"),
            SourceInfo(tag: "AP-SCONT", title: "scene(_:continue:)", url: scene + "scene(_:continue:)"),
            SourceInfo(tag: "AP-SOPEN", title: "scene(_:openURLContexts:)", url: scene + "scene(_:openurlcontexts:)"),
            SourceInfo(tag: "AP-UL", title: "Supporting universal links in your app", url: "https://developer.apple.com/documentation/xcode/supporting-universal-links-in-your-app"),
            SourceInfo(tag: "AP-WEFN", title: "UIApplication.willEnterForegroundNotification", url: uikit + "uiapplication/willenterforegroundnotification"),
            SourceInfo(tag: "AP-TRANS", title: "Transitioning to the UIKit scene-based life cycle", url: uikit + "transitioning-to-the-uikit-scene-based-life-cycle"),
            SourceInfo(tag: "AP-SP", title: "ScenePhase", url: "https://developer.apple.com/documentation/swiftui/scenephase"),
            SourceInfo(tag: "AP-SP-INACTIVE", title: "ScenePhase.inactive", url: "https://developer.apple.com/documentation/swiftui/scenephase/inactive"),
            SourceInfo(tag: "AP-ONCHANGE", title: "onChange(of:initial:_:)", url: "https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)"),
            SourceInfo(tag: "AP-MIG", title: "Migrating to the SwiftUI life cycle", url: "https://developer.apple.com/documentation/swiftui/migrating-to-the-swiftui-life-cycle"),
            SourceInfo(tag: "AP-PUSH", title: "Pushing background updates to your app", url: "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"),
            SourceInfo(tag: "AP-APG-LC", title: "App Programming Guide for iOS: The App Life Cycle (archived)", url: archive + "TheAppLifeCycle/TheAppLifeCycle.html"),
            SourceInfo(tag: "AP-APG-ST", title: "App Programming Guide for iOS: Strategies for Handling App State Transitions (archived)", url: archive + "StrategiesforHandlingAppStateTransitions/StrategiesforHandlingAppStateTransitions.html"),
            SourceInfo(tag: "AD-LC", title: "The activity lifecycle", url: "https://developer.android.com/guide/components/activities/activity-lifecycle"),
            SourceInfo(tag: "AD-SC", title: "Activity state changes", url: "https://developer.android.com/guide/components/activities/state-changes"),
            SourceInfo(tag: "AD-MW", title: "Support multi-window mode", url: "https://developer.android.com/develop/ui/views/layout/support-multi-window-mode"),
            SourceInfo(tag: "AD-TASK", title: "Tasks and the back stack", url: "https://developer.android.com/guide/components/activities/tasks-and-back-stack"),
            SourceInfo(tag: "AD-ACT", title: "android.app.Activity", url: "https://developer.android.com/reference/android/app/Activity"),
            SourceInfo(tag: "AD-CC2", title: "ComponentCallbacks2.TRIM_MEMORY_UI_HIDDEN", url: "https://developer.android.com/reference/android/content/ComponentCallbacks2#TRIM_MEMORY_UI_HIDDEN"),
            SourceInfo(tag: "AD-DARK", title: "Dark theme: configuration changes", url: "https://developer.android.com/develop/ui/views/theming/darktheme#config-changes"),
            SourceInfo(tag: "AD-INTENT", title: "Intent.FLAG_ACTIVITY_NO_USER_ACTION", url: "https://developer.android.com/reference/android/content/Intent#FLAG_ACTIVITY_NO_USER_ACTION"),
            SourceInfo(tag: "AD-LIFE", title: "androidx.lifecycle.Lifecycle", url: "https://developer.android.com/reference/androidx/lifecycle/Lifecycle"),
            SourceInfo(tag: "AD-MANIFEST", title: "<activity> element: android:configChanges", url: "https://developer.android.com/guide/topics/manifest/activity-element#config"),
            SourceInfo(tag: "AD-PERM", title: "ActivityCompat.requestPermissions", url: "https://developer.android.com/reference/androidx/core/app/ActivityCompat"),
            SourceInfo(tag: "AD-WM", title: "WindowManager.LayoutParams.FLAG_SECURE", url: "https://developer.android.com/reference/android/view/WindowManager.LayoutParams#FLAG_SECURE"),
            SourceInfo(tag: "AD-PIP", title: "Add videos using picture-in-picture (PiP)", url: "https://developer.android.com/develop/ui/views/picture-in-picture"),
            SourceInfo(
                tag: "AD-AOSP", title: "AOSP frameworks/base: ActivityThread and client transactions (TransactionExecutorHelper, NewIntentItem, ActivityResultItem)",
                url: "https://android.googlesource.com/platform/frameworks/base/+/refs/heads/main/core/java/android/app/servertransaction/"),
            SourceInfo(tag: "AD-RECENTS", title: "Activity.setRecentsScreenshotEnabled(boolean)", url: "https://developer.android.com/reference/android/app/Activity#setRecentsScreenshotEnabled(boolean)"),
        ]
    }()

    private static let byTag: [String: SourceInfo] = Dictionary(uniqueKeysWithValues: all.map { ($0.tag, $0) })
}
