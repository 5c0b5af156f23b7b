import LifecycleModel

/// What the app delegate keeps with or without scenes, spelled once for `iosApp` and `iosScene`:
/// the launch methods, termination, memory warnings and protected data, and the process-level
/// events that reach it.
enum AppDelegateVocabulary {
    static let launchCallbacks = [
        CallbackInfo("application(_:willFinishLaunchingWithOptions:)", aliases: [
            "willFinishLaunchingWithOptions", "willFinishLaunching", "application:willFinishLaunchingWithOptions:",
        ]),
        CallbackInfo("application(_:didFinishLaunchingWithOptions:)", aliases: [
            "didFinishLaunchingWithOptions", "didFinishLaunching", "application:didFinishLaunchingWithOptions:",
        ]),
    ]
    static let terminateCallback = CallbackInfo("applicationWillTerminate", aliases: ["applicationWillTerminate:", "willTerminate"])
    static let processCallbacks = [
        CallbackInfo("applicationDidReceiveMemoryWarning", aliases: ["applicationDidReceiveMemoryWarning:", "didReceiveMemoryWarning"]),
        CallbackInfo("applicationProtectedDataWillBecomeUnavailable", aliases: ["applicationProtectedDataWillBecomeUnavailable:"]),
        CallbackInfo("applicationProtectedDataDidBecomeAvailable", aliases: ["applicationProtectedDataDidBecomeAvailable:"]),
    ]
    static let processEvents = [
        EventInfo("memoryWarning", "The system is low on memory and, having purged suspended apps, warns the running ones."),
        EventInfo("protectedDataLocked", "The device is about to lock: with content protection, protected files become unavailable."),
        EventInfo("protectedDataUnlocked", "The device is unlocked: protected files are available again."),
        EventInfo("openURL", "Another app or the system asks the app to open a URL (custom scheme, file), launching it if needed."),
    ]
}
