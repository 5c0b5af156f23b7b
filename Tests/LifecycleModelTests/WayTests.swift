import Testing
@testable import LifecycleMachines

@testable import LifecycleModel

/// The ways the model suggests (to a written state, to a written event) never end the process
/// on the way, and a way to an event ends with that event.
@Suite struct WayTests {
    @Test(arguments: Machines.all.map(\.id))
    func aWayToAStateEndsTheProcessOnlyToGetThere(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        var ways = 0
        for from in machine.states.map(\.id) {
            for to in machine.states.map(\.id) where to != from {
                guard let way = machine.shortestPath(from: from, to: to) else { continue }
                ways += 1
                #expect(way.dropLast().allSatisfy { !machine.endsProcess($0) }, "\(id): \(from) → \(to) via \(way.map(\.event))")
                #expect(way.last?.to == to)
            }
        }
        #expect(ways > 0)
    }

    @Test(arguments: Machines.all.map(\.id))
    func aWayToAnEventEndsWithItAndKeepsTheProcess(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        var ways = 0
        for from in machine.states.map(\.id) {
            for event in machine.events.map(\.id) {
                guard let way = machine.shortestPath(from: from, toFire: event) else { continue }
                ways += 1
                #expect(way.last?.event == event, "\(id): \(event) from \(from) via \(way.map(\.event))")
                #expect(way.dropLast().allSatisfy { !machine.endsProcess($0) }, "\(id): \(event) from \(from) via \(way.map(\.event))")
            }
        }
        #expect(ways > 0)
    }

    /// Background to Active on iOS is a return to the foreground, not a reboot and a launch.
    @Test func iOSReturnsFromTheBackgroundByReopening() throws {
        let way = try #require(Machines.iosApp.shortestPath(from: "suspended", to: "active"))
        #expect(way.map(\.event) == ["reopen"] || !way.contains { Machines.iosApp.endsProcess($0) })
        #expect(!way.contains { ["reboot", "purge", "terminate", "expire"].contains($0.event) })
    }

    /// On Android the way follows what covers the activity: focus comes back only after it was lost.
    @Test func aWayToAnEventFollowsTheCover() throws {
        let android = Machines.androidActivity
        let way = try #require(android.shortestPath(from: "resumed", toFire: "focusReturns", options: MachineOptions(api: 27)))
        #expect(way.map(\.event) == ["focusOtherWindow", "focusReturns"])
        #expect(android.shortestPath(from: "resumed", toFire: "dismissDialog", cover: .dialog)?.map(\.event) == ["dismissDialog"])
    }
}

/// A callback order is judged on runs that follow what covers the activity, as the simulator's.
@Suite struct CoveredOrderTests {
    @Test func anOrderThatNeedsFocusBackWithoutLosingItIsRefused() {
        let order = ["onWindowFocusChanged", "onTopResumedActivityChanged", "onWindowFocusChanged"]
        #expect(!Machines.androidActivity.canProduce(callbackOrder: order, options: MachineOptions(api: 34)))
        #expect(!Machines.androidActivity.canProduce(callbackOrder: order))
        #expect(Machines.androidActivity.canProduce(callbackOrder: ["onPause", "onResume"], options: MachineOptions(api: 28)))
    }
}
