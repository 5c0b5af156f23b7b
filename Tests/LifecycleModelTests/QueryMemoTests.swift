import LifecycleMachines
import Testing

@testable import LifecycleModel

/// `canProduce` and the witnesses keep their answers by question (`QueryMemo`): asked once or
/// again, the answer must be the one the search gives without the memo.
@Suite struct QueryMemoTests {
    /// Orders of every machine's callbacks: each transition's own calls, their pairs across
    /// transitions (most possible, some not), reversed pairs (most impossible) and unknown names.
    static func orders(of machine: Machine) -> [[String]] {
        let calls = machine.transitions.map { $0.callbacks.map(\.name) }.filter { !$0.isEmpty }
        var orders: [[String]] = calls
        for (a, b) in zip(calls, calls.dropFirst(3)) {
            orders.append([a[0], b[0]])
            orders.append([b[b.count - 1], a[0]])
        }
        orders.append(["onNothing", calls.first?.first ?? "x"])
        orders.append([])
        return orders
    }

    @Test func callbackOrdersAnswerAsTheSearchDoes() {
        var possible = 0
        var impossible = 0
        for machine in Machines.all {
            let optionSets: [MachineOptions?] = [nil, MachineOptions(), MachineOptions(api: 28), MachineOptions(anyAPI: true)]
            for order in Self.orders(of: machine) {
                for options in optionSets {
                    let searched = order.isEmpty || machine.searchCallbackOrder(order, options: options)
                    // The first question fills the memo, the second reads it.
                    #expect(machine.canProduce(callbackOrder: order, options: options) == searched, "\(machine.id): \(order)")
                    #expect(machine.canProduce(callbackOrder: order, options: options) == searched, "\(machine.id): \(order)")
                    if searched { possible += 1 } else { impossible += 1 }
                }
            }
        }
        // Both answers were asked often enough for a wrong memo to show.
        #expect(possible > 50)
        #expect(impossible > 50)
    }

    @Test func witnessesAnswerAsTheirSearchDoes() {
        var shown = 0
        for machine in Machines.all {
            for order in Self.orders(of: machine) {
                let searched = machine.callbackWitness(order, allowed: nil)
                #expect(machine.witness(forCallbacks: order) == searched, "\(machine.id): \(order)")
                #expect(machine.witness(forCallbacks: order) == searched, "\(machine.id): \(order)")
                // A question with `allowed` is never memoized: the same order with fewer transitions differs.
                let allowed: (Transition) -> Bool = { $0.conditions.isEmpty }
                #expect(machine.witness(forCallbacks: order, allowed: allowed) == machine.callbackWitness(order, allowed: allowed))
                if !searched.isEmpty { shown += 1 }
            }
            for transition in machine.transitions {
                let path = [transition.from] + transition.states
                let searched = machine.pathWitness(path)
                #expect(machine.witness(forPath: path) == searched, "\(machine.id): \(path)")
                #expect(machine.witness(forPath: path) == searched, "\(machine.id): \(path)")
                if !searched.isEmpty { shown += 1 }
            }
        }
        #expect(shown > 50)
    }

    @Test func theMemoIsBounded() {
        let memo = QueryMemo<Int, Int>(limit: 3)
        var computed = 0
        for key in [1, 2, 1, 3, 4, 5, 1] {
            let value = memo.value(for: key) {
                computed += 1
                return key * 10
            }
            #expect(value == key * 10)
            #expect(memo.count <= 3)
        }
        // 1, 2 and 3 computed once; 4 started the table again, so 1 was computed a second time.
        #expect(computed == 6)
    }
}
