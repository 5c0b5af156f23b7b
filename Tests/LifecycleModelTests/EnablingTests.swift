import Testing
@testable import LifecycleMachines
@testable import LifecycleModel

/// `CallbackWalk.enabled(options:)` asks the conditions that do not depend on the process once per
/// transition; it must give the bits of every condition asked under each process, as it did.
@Suite struct EnablingTests {
    static func reference(_ walk: CallbackWalk, _ options: MachineOptions) -> [UInt8] {
        walk.conditions.map { conditions in
            var bits: UInt8 = 0
            for process in [ProcessState.notRunning, .running, .suspended]
            where conditions.allSatisfy({ $0.holds(options, process: process, otherScenes: EmptyCollection()) }) {
                bits |= 1 << CallbackWalk.processNumber(process)
            }
            return bits
        }
    }

    @Test func everyMachineAndVariantAsBefore() {
        var asked = 0
        var someBlocked = false
        for machine in Machines.all {
            let walk = machine.callbackWalk
            let extra = [MachineOptions(), MachineOptions(api: 28, targetSDK: 27, configChanges: ["orientation", "screenSize"], root: true),
                         MachineOptions(anyAPI: true)]
            for options in machine.optionVariants + extra {
                let bits = walk.enabled(options: options)
                #expect(bits == Self.reference(walk, options), "\(machine.id) \(options)")
                if bits.contains(where: { $0 != 0b111 }) { someBlocked = true }
                asked += 1
            }
        }
        #expect(asked > 20)
        #expect(someBlocked)
    }
}
