import Testing
@testable import LifecycleMachines

@testable import LifecycleModel

/// Two levels, as the docs name them: the device's (`api`) and the app's target (`targetSdk`).
/// onSaveInstanceState comes after onStop only for an app targeting 28+ on a device at 28+;
/// multi-resume and root Back follow the device.
@Suite struct TargetSDKTests {
    let machine = Machines.androidActivity

    /// The orders of every row `event` may take after `given`, under these levels.
    func orders(api: Int, targetSDK: Int?, root: Bool = false, given: [String] = ["launch"], _ event: String) throws -> [[String]] {
        var simulation = Simulation(machine: machine, options: MachineOptions(api: api, targetSDK: targetSDK, root: root))
        for step in given { _ = try simulation.fire(step).get() }
        let step = try simulation.fire(event).get()
        return ([step.transition] + step.alternatives).map { $0.callbacks.map(\.name) }
    }

    @Test func theTargetIsTheDeviceLevelUnlessGiven() {
        #expect(MachineOptions(api: 30).target == 30)
        #expect(MachineOptions(api: 30, targetSDK: 26).target == 26)
    }

    /// An app targeting 27 on an API 34 device: Home saves its state before onStop, in either place the
    /// docs allow, and keeps the API 29 top-resumed call before onPause.
    @Test func anOlderTargetOnANewDeviceSavesBeforeStop() throws {
        let old = try orders(api: 34, targetSDK: 27, "home")
        #expect(old == [
            ["onTopResumedActivityChanged", "onUserLeaveHint", "onPause", "onSaveInstanceState", "onStop", "onTrimMemory"],
            ["onTopResumedActivityChanged", "onSaveInstanceState", "onUserLeaveHint", "onPause", "onStop", "onTrimMemory"],
        ])
        #expect(try orders(api: 34, targetSDK: nil, "home") == [
            ["onTopResumedActivityChanged", "onUserLeaveHint", "onPause", "onStop", "onSaveInstanceState", "onTrimMemory"],
        ])
        #expect(try orders(api: 34, targetSDK: 28, "home") == orders(api: 34, targetSDK: nil, "home"))
    }

    /// A device below 28 predates the change: the old order whatever the app targets.
    @Test func anOldDeviceSavesBeforeStopWhateverTheTarget() throws {
        #expect(try orders(api: 26, targetSDK: 34, "home") == orders(api: 26, targetSDK: nil, "home"))
        #expect(try orders(api: 26, targetSDK: 34, "home").allSatisfy { order in
            order.firstIndex(of: "onSaveInstanceState")! < order.firstIndex(of: "onStop")!
        })
    }

    /// A paused activity recreated by a rotation has paused already: one place before onStop.
    @Test func aPausedActivityRecreatedWithAnOlderTarget() throws {
        let old = try orders(api: 34, targetSDK: 27, given: ["launch", "openTranslucentActivity"], "rotate")
        #expect(old.map { Array($0.prefix(2)) } == [["onSaveInstanceState", "onStop"]])
    }

    /// Root Back follows the device: an API 31 device moves the task back even for an app targeting 30.
    @Test func rootBackFollowsTheDevice() throws {
        let states = { (api: Int, target: Int) throws -> [String] in
            var simulation = Simulation(machine: self.machine, options: MachineOptions(api: api, targetSDK: target, root: true))
            _ = try simulation.fire("launch").get()
            return try simulation.fire("back").get().states
        }
        #expect(try states(31, 30) == ["started", "created"])
        #expect(try states(30, 31) == ["started", "created", "destroyed"])
    }

    /// Every row that saves after onStop needs the target, and has the older app's rows beside it.
    @Test func everySaveAfterStopRowNamesTheTarget() {
        for t in machine.transitions {
            let names = t.callbacks.map(\.name)
            guard let stop = names.firstIndex(of: "onStop"), let save = names.firstIndex(of: "onSaveInstanceState") else { continue }
            if save > stop {
                #expect(t.conditions.contains(.targetSDKAtLeast(28)), "\(t.row) from \(t.from) on \(t.event)")
            } else if t.conditions.contains(.targetSDKBelow(28)) {
                #expect(t.conditions.contains { if case .apiAtLeast(let l) = $0 { l >= 28 } else { false } }, "\(t.row)")
            } else {
                #expect(t.conditions.contains(.apiBelow(28)), "\(t.row) from \(t.from) on \(t.event): the old order needs a reason")
            }
        }
    }

    @Test func parsesTargetSdk() throws {
        #expect(try MachineOptions.parse([("api", "34"), ("targetSdk", "27")], for: machine) == MachineOptions(api: 34, targetSDK: 27))
        #expect(throws: MachineOptions.Problem.self) { try MachineOptions.parse([("targetSdk", "new")], for: machine) }
    }
}
