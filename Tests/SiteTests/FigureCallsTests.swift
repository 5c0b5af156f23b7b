import Encoding
import LifecycleMachines
import LifecycleModel
import Mustache
import Testing
import TestSupport

@testable import SiteRender

/// A step's callbacks come from records made once for the catalog's callback names; they must
/// render as the records made for each step (the reference kept here) did, for catalog names,
/// made-up ones and non-ASCII ones (a Kelvin sign for the `K` of any catalog name that has one:
/// canonically equal, other bytes).
/// `FIGURE_CALLS_SEED` shifts the seed.
@Suite struct FigureCallsTests {
    static func referenceCalls(_ callbacks: [CallbackCall]) -> MustacheValue {
        .array(callbacks.enumerated().map { position, call in
            .record(MustacheRecord(MustacheShape([FigureKey.name, FigureKey.optional, FigureKey.separator, FigureKey.nameHTML]), [
                .string(call.name), .bool(call.optional), .string(position == 0 ? "" : ", "), .string(HTML.breakable(name: call.name)),
            ]))
        })
    }

    @Test func callsRenderAsTheRecordsMadeForEachStep() throws {
        var random = SeededRandom(seed: 4545 &+ SeededRandom.seedOffset("FIGURE_CALLS_SEED"))
        let catalog = Machines.all.flatMap { machine in
            machine.callbacks.flatMap { [$0.id] + $0.aliases } + machine.transitions.flatMap { $0.callbacks.map(\.name) }
        }
        #expect(catalog.count > 20, "the catalog's callbacks must be read")
        // A Kelvin sign is canonically equal to `K`: equal as a String, other bytes.
        let kelvin = catalog.filter { $0.contains("K") }.map { $0.replacing("K", with: "\u{212A}") }
        let others = ["made_up", "onStart\u{301}", "on\u{C9}t\u{E9}", ""] + kelvin
        let library = MustacheLibrary(templates: [
            "calls": try MustacheTemplate(source: "{{#calls}}{{separator}}{{name}}{{#optional}}?{{/optional}} {{{nameHTML}}}|{{/calls}}", name: "calls")
        ])
        var fromCatalog = 0
        for _ in 0..<500 {
            let callbacks = (0..<random.below(6)).map { _ in
                CallbackCall(random.below(4) == 0 ? random.pick(others) : random.pick(catalog), optional: random.below(3) == 0)
            }
            fromCatalog += callbacks.count { catalog.contains($0.name) }
            let rendered = try library.renderUTF8("calls", ["calls": FigureShape.calls(callbacks)])
            let reference = try library.renderUTF8("calls", ["calls": Self.referenceCalls(callbacks)])
            #expect(rendered == reference, "\(callbacks)")
        }
        #expect(fromCatalog > 500)
    }
}
