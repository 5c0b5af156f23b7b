import Foundation
import Testing

@testable import LifecycleDocsCLI

@Suite struct ModelCommandTests {
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var console = Console(environment: [:], capture: true)
        let code = CLI.run(arguments, console: &console)
        return (code, console.stdout, console.stderr)
    }

    @Test func traceJSONIsAnArrayOfSteps() throws {
        let (code, out, err) = run(["trace", "ios-app", "launch", "interruption", "--format", "json"])
        #expect(code == 0)
        #expect(err.isEmpty)
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        #expect(steps.count == 2)
        #expect(steps[0]["event"] as? String == "launch")
        #expect(steps[0]["from"] as? String == "notRunning")
        #expect(steps[0]["states"] as? [String] == ["inactive", "active"])
        #expect(steps[0]["callbacks"] as? [String] == [
            "application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)", "applicationDidBecomeActive",
        ])
        #expect((steps[0]["sources"] as? [String])?.first == "AP-LAUNCH")
        #expect(steps[1]["callbacks"] as? [String] == ["applicationWillResignActive"])
    }

    @Test func traceTextShowsEachStep() {
        let (code, out, _) = run(["trace", "android-activity", "--api", "28", "--from", "resumed", "focusOtherWindow"])
        #expect(code == 0)
        #expect(out.hasPrefix("1. focusOtherWindow: resumed → started\n   callbacks: onPause\n   D11b · doc · "))
    }

    @Test func anImpossibleEventExitsWithOneAndSaysWhatIsPossible() {
        let (code, _, err) = run(["trace", "ios-app", "--from", "Background", "interruption"])
        #expect(code == 1)
        #expect(err == "error: 'interruption' cannot happen in state 'background' of ios-app; possible there: reopen, suspend, terminate, expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL\n")
    }

    /// The steps that happened come out in the asked form before the error, as text does.
    @Test func anImpossibleEventAfterOthersStillPrintsTheirJSON() throws {
        let (code, out, err) = run(["trace", "ios-scene", "--format", "json", "connect@B", "home@B", "interruption@B"])
        #expect(code == 1)
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        #expect(steps.map { $0["event"] as? String } == ["connect", "home"])
        #expect(err.hasPrefix("error: 'interruption' cannot happen in state 'background' in scene 'B' of ios-scene"))
    }

    @Test func scenesAreNamedWithAnAt() {
        let (code, out, _) = run(["trace", "ios-scene", "connect@A", "connect@B", "interruption@A", "--format", "json"])
        #expect(code == 0)
        #expect(out.contains("\"event\":\"interruption\",\"from\":\"foregroundActive\",\"states\":[\"foregroundInactive\"]"))
        #expect(out.contains("\"scene\":\"A\",\"app\":\"foregroundActive\",\"process\":\"running\"}]"))
    }

    @Test(arguments: [
        (["trace", "ios-ap", "launch"], "error: unknown machine 'ios-ap'; did you mean 'ios-app'?"),
        (["trace", "ios-app", "lauch"], "error: unknown event 'lauch' for ios-app; did you mean 'launch'?"),
        (["trace", "ios-app", "--from", "Backgrond", "reopen"], "error: unknown state 'Backgrond' for ios-app; did you mean 'background'?"),
        (["trace", "ios-app", "--api", "28", "launch"], "error: machine 'ios-app' takes no options"),
        (["trace", "android-activity", "--api", "x", "launch"], "error: 'api' must be an Android API level like 28 or 34, not 'x'"),
        // A trace is one run, at one level: `any` is for the checks of a block.
        (["trace", "android-activity", "--api", "any", "launch"], "error: 'api' must be an Android API level like 28 or 34, not 'any'"),
        (["trace", "ios-app"], "error: trace needs at least one event; ios-app knows: launch, backgroundLaunch, interruption, interruptionEnded, home, reopen, suspend, backgroundEvent, terminate, purge, expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL"),
        (["trace", "ios-app", "home@B"], "error: ios-app has one instance; '@B' names a scene"),
        (["model", "--format", "yaml"], "error: unknown format 'yaml': use text or json"),
        (["trace", "ios-scene", "connect@"], "error: 'connect@': a scene's name is one word of letters, digits and '_', like connect@B"),
        (["trace", "ios-scene", "connect@B C"], "error: 'connect@B C': a scene's name is one word of letters, digits and '_', like connect@B"),
        (["version", "--x"], "error: unknown option '--x' for 'version'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let (code, _, err) = run(arguments)
        #expect(code == 2)
        #expect(err.hasPrefix(message + "\n"))
    }

    /// An alternative reading that differs in its states, not its callbacks, shows the states.
    @Test func traceTextShowsAnAlternativesStates() throws {
        let (code, out, _) = run(["trace", "swiftui", "connect"])
        #expect(code == 0)
        #expect(out.contains("   or (P1): noScene → inactive → active; no callbacks\n"))
    }

    /// The JSON keeps what the model knows: which callbacks are optional, the other documented
    /// orders, and the process where the machine follows it apart from its states.
    @Test func traceJSONKeepsOptionalCallbacksAlternativesAndTheProcess() throws {
        let (code, out, _) = run(["trace", "android-activity", "--api", "27", "launch", "home", "--format", "json"])
        #expect(code == 0)
        let steps = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        let calls = try #require(steps[1]["calls"] as? [[String: Any]])
        #expect(calls.map { "\($0["name"] ?? "")\(($0["optional"] as? Bool) == true ? "?" : "")" } == ["onUserLeaveHint?", "onPause", "onSaveInstanceState?", "onStop", "onTrimMemory?"])
        let alternatives = try #require(steps[1]["alternatives"] as? [[String: Any]])
        #expect(alternatives.count == 1 && alternatives[0]["row"] as? String == "D3")
        #expect(alternatives[0]["states"] as? [String] == ["started", "created"])
        #expect(steps[1]["process"] == nil, "android-activity shows its process in its states")

        let scene = run(["trace", "ios-scene", "connect", "home", "suspend", "--format", "json"])
        let sceneSteps = try #require(try JSONSerialization.jsonObject(with: Data(scene.out.utf8)) as? [[String: Any]])
        #expect(sceneSteps.map { $0["process"] as? String } == ["running", "running", "suspended"])
    }

    /// An impossible event says why when the machine documents it there: the condition that fails.
    @Test func anImpossibleEventNamesTheConditionThatFails() {
        let (code, _, err) = run(["trace", "ios-scene", "connect", "home", "purge"])
        #expect(code == 1)
        #expect(err.contains("error: 'purge' cannot happen in state 'background' in scene 'main' of ios-scene; possible there: "))
        #expect(err.contains("    note: 'purge' from background needs a process that is suspended (S11); the process is running"))
    }

    /// On Android, what covers the activity is a reason too: focus comes back only after it was lost.
    @Test func anImpossibleEventNamesTheCoverItNeeds() {
        let (code, _, err) = run(["trace", "android-activity", "--api", "28", "launch", "openTranslucentActivity", "focusReturns"])
        #expect(code == 1)
        #expect(err.contains(
            "    note: 'focusReturns' from started needs another window focused (now: a translucent activity on top) (D11b)\n"))
    }

    /// An unknown event lists the machine's events instead of pointing to the help.
    @Test func anUnknownEventListsTheMachinesEvents() {
        let (code, _, err) = run(["trace", "ios-app", "lauch"])
        #expect(code == 2)
        #expect(err == "error: unknown event 'lauch' for ios-app; did you mean 'launch'?\n"
            + "ios-app events: launch, backgroundLaunch, interruption, interruptionEnded, home, reopen, suspend, backgroundEvent, terminate, purge, expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL\n")
    }

    @Test func modelExportIsVersionedJSONWithEveryMachine() throws {
        let (code, out, _) = run(["model"])
        #expect(code == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(root["schema"] as? String == "lifecycle-model")
        #expect(root["version"] as? Int == 1)
        let machines = try #require(root["machines"] as? [[String: Any]])
        #expect(machines.compactMap { $0["id"] as? String } == ["ios-app", "ios-scene", "swiftui", "android-activity"])
        let sources = try #require(root["sources"] as? [String: [String: String]])
        #expect(sources["AP-WRA"]?["url"]?.hasPrefix("https://developer.apple.com/") == true)
        // Every transition names a known source.
        for machine in machines {
            for transition in try #require(machine["transitions"] as? [[String: Any]]) {
                for tag in try #require(transition["sources"] as? [String]) { #expect(sources[tag] != nil, "unknown source \(tag)") }
            }
        }
    }
}
