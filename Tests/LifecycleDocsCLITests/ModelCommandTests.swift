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

    @Test func scenesAreNamedWithAnAt() {
        let (code, out, _) = run(["trace", "ios-scene", "connect@A", "connect@B", "interruption@A", "--format", "json"])
        #expect(code == 0)
        #expect(out.contains("\"event\":\"interruption\",\"from\":\"foregroundActive\",\"states\":[\"foregroundInactive\"]"))
        #expect(out.contains("\"scene\":\"A\",\"app\":\"foregroundActive\"}]"))
    }

    @Test(arguments: [
        (["trace", "ios-ap", "launch"], "error: unknown machine 'ios-ap'; did you mean 'ios-app'?"),
        (["trace", "ios-app", "lauch"], "error: unknown event 'lauch' for ios-app; did you mean 'launch'?"),
        (["trace", "ios-app", "--from", "Backgrond", "reopen"], "error: unknown state 'Backgrond' for ios-app; did you mean 'background'?"),
        (["trace", "ios-app", "--api", "28", "launch"], "error: machine 'ios-app' takes no options"),
        (["trace", "android-activity", "--api", "x", "launch"], "error: 'api' must be an Android API level like 28 or 34, not 'x'"),
        (["trace", "ios-app"], "error: trace needs at least one event; ios-app knows: launch, backgroundLaunch, interruption, interruptionEnded, home, reopen, suspend, backgroundEvent, terminate, purge, expire, reboot, memoryWarning, protectedDataLocked, protectedDataUnlocked, openURL"),
        (["trace", "ios-app", "home@B"], "error: ios-app has one instance; '@B' names a scene"),
        (["model", "--format", "yaml"], "error: unknown format 'yaml': use text or json"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let (code, _, err) = run(arguments)
        #expect(code == 2)
        #expect(err.hasPrefix(message + "\n"))
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
