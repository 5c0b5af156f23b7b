// Model benchmark: how many events per second the simulator runs.
// Run with `make bench` (release build). Figures vary by machine; the goal
// (at least one million simulated events per second) is checked here, not in tests.
import LifecycleModel
import LifecycleMachines

/// A fixed pseudo-random sequence, so every run does the same work.
struct Generator {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

let eventsPerRun = 2_000_000
var total = 0.0
for machine in Machines.all {
    var generator = Generator()
    var simulation = Simulation(machine: machine)
    var fired = 0
    var impossible = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        while fired < eventsPerRun {
            // Choose among the events possible now, as a reader clicking in the player would.
            let possible = simulation.possibleEvents()
            if possible.isEmpty {
                simulation = Simulation(machine: machine)
                impossible += 1
                continue
            }
            let event = possible[generator.next(possible.count)]
            if case .success = simulation.fire(event) { fired += 1 }
        }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = Double(fired) / seconds
    total += rate
    let padded = machine.id + String(repeating: " ", count: max(0, 18 - machine.id.count))
    print("model  \(padded) \(fired) events in \(String(Int(seconds * 1000))) ms: \(Int(rate)) events/s (with possibleEvents before each)")
}
let fast = Simulation(machine: Machines.iosApp)
var loop = fast
let cycle = ["launch", "interruption", "interruptionEnded", "home", "suspend", "reopen", "home", "suspend", "purge"]
let clock = ContinuousClock()
var fired = 0
let elapsed = clock.measure {
    for _ in 0..<(eventsPerRun / cycle.count) {
        for event in cycle {
            if case .success = loop.fire(event) { fired += 1 }
        }
    }
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let rate = Double(fired) / seconds
print("model  ios-app cycle      \(fired) events in \(Int(seconds * 1000)) ms: \(Int(rate)) events/s (fire only)")
print(rate >= 1_000_000 ? "goal met: ≥ 1,000,000 events/s" : "GOAL MISSED: < 1,000,000 events/s")
